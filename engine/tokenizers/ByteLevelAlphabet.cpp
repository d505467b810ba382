#include "tokenizers/ByteLevelAlphabet.h"

#include <array>

#include "tokenizers/TokenizerChars.h"

namespace headmap::bytelevel {
namespace {

struct Alphabet {
    std::array<char16_t, 256> charOfByte{};
    std::array<int, 512> byteOfChar{};  // -1 for characters outside the alphabet

    Alphabet() {
        byteOfChar.fill(-1);
        // Printable Latin-1 bytes stand for themselves; the others (controls, space, DEL, NBSP,
        // soft hyphen) are moved to 256 and up, in byte order.
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174;
            charOfByte[size_t(b)] = char16_t(printable ? b : next++);
            byteOfChar[charOfByte[size_t(b)]] = b;
        }
    }
};

const Alphabet& alphabet() {
    static const Alphabet table;
    return table;
}

}  // namespace

int utf8SequenceLength(QByteArrayView bytes, qsizetype i) {
    char32_t unused = 0;
    return utf8Sequence(bytes, i, unused);
}

int utf8Sequence(QByteArrayView bytes, qsizetype i, char32_t& codePoint) {
    const auto byteAt = [&](qsizetype k) { return uchar(bytes.at(k)); };
    const uchar lead = byteAt(i);
    int length = 0;
    char32_t minimum = 0;
    char32_t c = 0;
    if (lead < 0x80) {
        codePoint = lead;
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2, minimum = 0x80, c = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3, minimum = 0x800, c = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4, minimum = 0x10000, c = lead & 0x07;
    } else {
        return 0;
    }
    if (i + length > bytes.size())
        return 0;
    for (int k = 1; k < length; ++k) {
        const uchar next = byteAt(i + k);
        if ((next & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (next & 0x3F);
    }
    if (c < minimum || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    codePoint = c;
    return length;
}

QString encode(const QString& text) {
    return encodeBytes(text.toUtf8());
}

QString encodeBytes(const QByteArray& bytes) {
    QString out(bytes.size(), Qt::Uninitialized);
    for (qsizetype i = 0; i < bytes.size(); ++i)
        out[i] = QChar(alphabet().charOfByte[uchar(bytes.at(i))]);
    return out;
}

QByteArray decode(const QString& piece) {
    QByteArray out;
    out.reserve(piece.size());
    appendDecoded(out, piece);
    return out;
}

void appendDecoded(QByteArray& out, const QString& piece) {
    tokchars::forEachCodePoint(piece, [&](char32_t c, qsizetype start, qsizetype end) {
        const int byte = c < 512 ? alphabet().byteOfChar[c] : -1;
        if (byte >= 0)
            out.append(char(byte));
        else
            out.append(QStringView(piece).sliced(start, end - start).toUtf8());
    });
}

QString display(const QString& piece) {
    return displayBytes(decode(piece));
}

QString displayBytes(QByteArrayView bytes) {
    QString out;
    out.reserve(bytes.size());
    appendDisplayBytes(out, bytes);
    return out;
}

void appendByteLabel(QString& out, uchar byte) {
    static constexpr char16_t kHex[] = u"0123456789ABCDEF";
    out += QLatin1String("<0x");
    out += QChar(kHex[byte >> 4]);
    out += QChar(kHex[byte & 0xF]);
    out += QChar(u'>');
}

void appendDisplayBytes(QString& out, QByteArrayView bytes) {
    qsizetype i = 0;
    while (i < bytes.size()) {
        const uchar byte = uchar(bytes.at(i));
        char32_t c = 0;
        const int length = utf8Sequence(bytes, i, c);
        if (length == 0) {
            appendByteLabel(out, byte);
            ++i;
            continue;
        }
        if (byte == ' ')
            out += QChar(char16_t(0x2423));
        else if (byte == '\n')
            out += QLatin1String("\\n");
        else if (byte == '\t')
            out += QLatin1String("\\t");
        else if (byte == '\r')
            out += QLatin1String("\\r");
        else if (byte < 0x20 || byte == 0x7F)
            appendByteLabel(out, byte);
        else
            out += QChar::fromUcs4(c);  // no temporary string
        i += length;
    }
}

}  // namespace headmap::bytelevel
