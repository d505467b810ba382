#include "text/TokenLabels.h"

#include <QCoreApplication>

#include "core/AttentionTrace.h"
#include "tokenizers/ByteLevelAlphabet.h"

namespace headmap::tokenlabels {
namespace {

const char16_t kSuperscriptDigits[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
const char16_t kSubscriptDigits[] = u"₀₁₂₃₄₅₆₇₈₉";

// Appends n (≥ 0) in the digits of `table`. Labels are made for every token of every encoding:
// no QString::number and no temporary strings here.
void appendDigits(QString& out, int n, const char16_t* table) {
    char16_t reversed[12];
    int count = 0;
    unsigned value = n < 0 ? 0u : unsigned(n);
    do {
        reversed[count++] = table[value % 10];
        value /= 10;
    } while (value != 0);
    while (count > 0)
        out += QChar(reversed[--count]);
}

QString hexByte(uchar byte) {
    return QString::number(byte, 16).toUpper().rightJustified(2, u'0');
}

QString hexBytes(const QByteArray& bytes) {
    QStringList out;
    for (const char b : bytes)
        out << hexByte(uchar(b));
    return out.join(QLatin1Char(' '));
}

QString codePointName(char32_t c) {
    return QStringLiteral("U+%1").arg(QString::number(uint(c), 16).toUpper().rightJustified(4, u'0'));
}

// "<0xE5>" → 0xE5; -1 for any other piece.
int byteFallbackValue(const QString& piece) {
    if (piece.size() != 6 || !piece.startsWith(QLatin1String("<0x")) || !piece.endsWith(QLatin1Char('>')))
        return -1;
    bool ok = false;
    const uint byte = QStringView(piece).mid(3, 2).toUInt(&ok, 16);
    return ok ? int(byte) : -1;
}

bool readsAsBytes(PieceStyle style) {
    return style == PieceStyle::ByteLevel || style == PieceStyle::SentencePiece;
}

// The bytes a piece stands for, appended to out.
void appendBytesOf(QByteArray& out, const QString& piece, PieceStyle style, const QString& spaceMarker) {
    if (style == PieceStyle::ByteLevel) {
        bytelevel::appendDecoded(out, piece);
        return;
    }
    const int byte = byteFallbackValue(piece);
    if (byte >= 0) {
        out.append(char(byte));
        return;
    }
    if (spaceMarker.isEmpty() || !piece.contains(spaceMarker)) {
        out.append(piece.toUtf8());
        return;
    }
    QString text = piece;
    text.replace(spaceMarker, QLatin1String(" "));
    out.append(text.toUtf8());
}

void appendByteMark(QString& out, int first, int last, int length) {
    appendDigits(out, first, kSuperscriptDigits);
    if (last != first) {
        out += QChar(u'⁻');
        appendDigits(out, last, kSuperscriptDigits);
    }
    out += QChar(u'⁄');
    appendDigits(out, length, kSubscriptDigits);
}

// Labels one run of tokens that all stand for bytes: their bytes are read together, so a
// character cut into several tokens is found whole. Bytes and tooltips only when asked for
// (describe()): labels() runs on every encoding, and the notes cost more than the labels.
void describeRun(std::vector<TokenText>& out, const QStringList& pieces, int begin, int end, PieceStyle style,
                 const QString& spaceMarker, bool withTooltips) {
    QByteArray flat;         // the run's bytes, token after token
    std::vector<int> owner;  // token index of each byte of flat
    for (int t = begin; t < end; ++t) {
        const qsizetype before = flat.size();
        appendBytesOf(flat, pieces[t], style, spaceMarker);
        owner.insert(owner.end(), size_t(flat.size() - before), t);
        if (withTooltips)
            out[size_t(t)].bytes = flat.sliced(before);
    }
    std::vector<QStringList> notes(withTooltips ? size_t(end - begin) : 0);  // tooltip notes per token
    int lastTouched = begin - 1;  // bytes are read in order, so tokens are reached in order
    const auto touch = [&](int t, char32_t c) {
        TokenText& token = out[size_t(t)];
        if (t > lastTouched)
            token.firstChar = c;
        lastTouched = t;
        token.lastChar = c;
    };
    qsizetype k = 0;
    while (k < flat.size()) {
        char32_t c = 0;
        const int length = bytelevel::utf8Sequence(flat, k, c);
        if (length == 0) {
            const uchar byte = uchar(flat.at(k));
            touch(owner[size_t(k)], 0);
            bytelevel::appendByteLabel(out[size_t(owner[size_t(k)])].label, byte);
            if (withTooltips)
                notes[size_t(owner[size_t(k)] - begin)]
                    << QCoreApplication::translate("Engine", "byte %1 is no complete character").arg(hexByte(byte));
            ++k;
            continue;
        }
        const int first = owner[size_t(k)];
        const int last = owner[size_t(k + length - 1)];
        for (int t = first; t <= last; ++t)
            touch(t, c);
        if (first == last) {
            bytelevel::appendDisplayBytes(out[size_t(first)].label, QByteArrayView(flat).sliced(k, length));
        } else {
            for (int t = first; t <= last; ++t) {
                int from = -1, to = -1;  // 1-based byte positions within the character
                for (int b = 0; b < length; ++b)
                    if (owner[size_t(k + b)] == t) {
                        if (from < 0)
                            from = b + 1;
                        to = b + 1;
                    }
                if (t > first)
                    out[size_t(t)].continuesCharacter = true;
                out[size_t(t)].label += QChar::fromUcs4(c);
                appendByteMark(out[size_t(t)].label, from, to, length);
                if (withTooltips)
                    notes[size_t(t - begin)] << QCoreApplication::translate("Engine", "part of %1 (%2), %3 of %4")
                                                .arg(QStringView(QChar::fromUcs4(c)).toString(), codePointName(c),
                                                     from == to
                                                         ? QCoreApplication::translate("Engine", "byte %1").arg(from)
                                                         : QCoreApplication::translate("Engine", "bytes %1–%2")
                                                               .arg(from).arg(to))
                                                .arg(length);
            }
        }
        k += length;
    }
    if (!withTooltips)
        return;
    for (int t = begin; t < end; ++t) {
        TokenText& token = out[size_t(t)];
        QStringList parts{QCoreApplication::translate("Engine", "piece \"%1\"").arg(pieces[t]),
                          QCoreApplication::translate("Engine", "bytes %1").arg(hexBytes(token.bytes))};
        parts += notes[size_t(t - begin)];
        token.tooltip = parts.join(QStringLiteral(" · "));
    }
}

}  // namespace

QString byteMark(int first, int last, int length) {
    QString mark;
    mark.reserve(8);
    appendByteMark(mark, first, last, length);
    return mark;
}

namespace {

std::vector<TokenText> describeTokens(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style,
                                      const QString& spaceMarker, bool withTooltips) {
    std::vector<TokenText> out(size_t(pieces.size()));
    const auto isSpecial = [&](int t) { return t < int(special.size()) && special[size_t(t)]; };
    for (int t = 0; t < pieces.size(); ++t) {
        TokenText& token = out[size_t(t)];
        if (isSpecial(t)) {
            token.label = pieces[t];
            if (withTooltips)
                token.tooltip = QCoreApplication::translate("Engine", "special token \"%1\"").arg(pieces[t]);
        } else if (readsAsBytes(style)) {
            token.hasBytes = true;  // the bytes are read run by run, below
        } else if (style == PieceStyle::Words) {
            token.label = pieces[t];
            if (withTooltips)
                token.tooltip = QCoreApplication::translate("Engine", "word of pieces %1").arg(pieces[t]);
        } else {
            token.label = pieces[t];
            if (withTooltips)
                token.tooltip = QCoreApplication::translate("Engine", "piece \"%1\"").arg(pieces[t]);
        }
    }
    // Runs of byte tokens, broken by special tokens, which stand for no bytes.
    int begin = 0;
    while (begin < pieces.size()) {
        if (!out[size_t(begin)].hasBytes) {
            ++begin;
            continue;
        }
        int end = begin;
        while (end < pieces.size() && out[size_t(end)].hasBytes)
            ++end;
        describeRun(out, pieces, begin, end, style, spaceMarker, withTooltips);
        begin = end;
    }
    return out;
}

}  // namespace

std::vector<TokenText> describe(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style,
                                const QString& spaceMarker) {
    return describeTokens(pieces, special, style, spaceMarker, true);
}

QStringList labels(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style,
                   const QString& spaceMarker) {
    QStringList out;
    out.reserve(pieces.size());
    for (TokenText& token : describeTokens(pieces, special, style, spaceMarker, false))
        out << std::move(token.label);
    return out;
}

QStringList tooltips(const AttentionTrace& trace) {
    QStringList out;
    for (const TokenText& token : describe(trace.tokens(), trace.special(), trace.model().pieces))
        out << token.tooltip;
    return out;
}

QString legend(const QStringList& labels) {
    const QString all = labels.join(QString());
    QStringList parts;
    if (all.contains(QChar(u'␣')))
        parts << QCoreApplication::translate("Engine", "␣ space");
    if (all.contains(QLatin1String("\\n")))
        parts << QCoreApplication::translate("Engine", "\\n newline");
    if (all.contains(QLatin1String("\\t")))
        parts << QCoreApplication::translate("Engine", "\\t tab");
    if (all.contains(QLatin1String("\\r")))
        parts << QCoreApplication::translate("Engine", "\\r return");
    for (const QString& label : labels)
        if (label.startsWith(QLatin1String("##"))) {
            parts << QCoreApplication::translate("Engine", "## continues the word before");
            break;
        }
    if (all.contains(QChar(u'⁄')))
        parts << QCoreApplication::translate("Engine", "多¹⁄₃ byte 1 of the character's 3 bytes");
    if (all.contains(QLatin1String("<0x")))
        parts << QCoreApplication::translate("Engine", "<0xE5> a byte that is no character");
    return parts.join(QStringLiteral(" · "));
}

QString fullLegend() {
    return QCoreApplication::translate("Engine", "␣ space (GPT-2's Ġ, SentencePiece's ▁ word start) · \\n newline · "
                                                 "\\t tab · ## continues the word before · 多¹⁄₃ byte 1 of the "
                                                 "character's 3 bytes, 多²⁻³⁄₃ bytes 2–3 · <0xE5> a byte that is no "
                                                 "character");
}

QString labelWithPosition(const QString& label, int index) {
    return QStringLiteral("%1 #%2").arg(label).arg(index);
}

}  // namespace headmap::tokenlabels
