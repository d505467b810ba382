#include "tokenizers/PrecompiledNormalizer.h"

#include <QCoreApplication>
#include <QTextBoundaryFinder>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

// The UTF-8 bytes of one code point (a lone surrogate as U+FFFD, as a Rust string would hold it).
void appendCodePointUtf8(QByteArray& out, char32_t c) {
    if (c >= 0xD800 && c <= 0xDFFF)
        c = 0xFFFD;
    if (c < 0x80) {
        out.append(char(c));
    } else if (c < 0x800) {
        out.append(char(0xC0 | (c >> 6)));
        out.append(char(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        out.append(char(0xE0 | (c >> 12)));
        out.append(char(0x80 | ((c >> 6) & 0x3F)));
        out.append(char(0x80 | (c & 0x3F)));
    } else {
        out.append(char(0xF0 | (c >> 18)));
        out.append(char(0x80 | ((c >> 12) & 0x3F)));
        out.append(char(0x80 | ((c >> 6) & 0x3F)));
        out.append(char(0x80 | (c & 0x3F)));
    }
}

}  // namespace

QString PrecompiledNormalizer::normalize(const QString& text) const {
    QByteArray out;
    out.reserve(text.size() * 3 / 2);
    QByteArray cluster;  // the current grapheme cluster in UTF-8
    QByteArray character;
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = graphemes.toNextBoundary();
        if (end <= start)  // no further boundary (should not happen): the rest is one cluster
            end = text.size();
        cluster.clear();
        for (qsizetype i = start; i < end;)
            appendCodePointUtf8(cluster, tokchars::nextCodePoint(text, i));
        const std::optional<QByteArrayView> whole = cluster.size() < 6 ? m_map.transform(cluster) : std::nullopt;
        if (whole) {
            out.append(*whole);
        } else {
            for (qsizetype i = start; i < end;) {
                character.clear();
                appendCodePointUtf8(character, tokchars::nextCodePoint(text, i));
                const std::optional<QByteArrayView> replaced = m_map.transform(character);
                out.append(replaced ? *replaced : QByteArrayView(character));
            }
        }
        start = end;
    }
    return QString::fromUtf8(out);
}

std::unique_ptr<Normalizer> parsePrecompiledNormalizer(const QJsonObject& object, const QString& where) {
    const QString key = QStringLiteral("precompiled_charsmap");
    const QJsonValue value = object.value(key);
    if (!value.isString())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 is missing or not a string").arg(where, key));
    const QByteArray base64 = value.toString().toLatin1();
    // The Rust library's base64 engine wants canonical padding: whole groups of four characters.
    const auto decoded = QByteArray::fromBase64Encoding(
        base64, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || base64.size() % 4 != 0)
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 is not valid base64 (%3 characters): the file "
                                                               "is damaged; download it again")
                             .arg(where, key).arg(base64.size()));
    try {
        return std::make_unique<PrecompiledNormalizer>(PrecompiledCharsMap(*decoded));
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(where, error.message()));
    }
}

}  // namespace headmap
