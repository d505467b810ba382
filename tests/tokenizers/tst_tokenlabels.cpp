// Readable labels of byte pieces (text/TokenLabels) with the real GPT-2, Llama-2 and Gemma-3
// tokenizers: a character cut into bytes shows as the character with a byte mark, the labels
// put back together give the text, and the tooltip names the raw piece and its bytes.

#include <QtTest>

#include "TokenGolden.h"
#include "core/AttentionTrace.h"
#include "text/TokenLabels.h"
#include "tokenizers/ByteLevelAlphabet.h"
#include "tokenizers/HfTokenizerLoader.h"

using namespace headmap;
using namespace tokentest;

namespace {

QString u(const char* text) { return QString::fromUtf8(text); }
QStringList words(const char* text) { return u(text).split(QLatin1Char('|')); }

// The text the labels stand for, read back without knowing the tokenizer: a marked character
// counts once, at the token holding its last byte; ␣ \n \t are what they show.
QString textOfLabels(const QStringList& labels, const std::vector<bool>& special) {
    static const QRegularExpression mark(u("^[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?:⁻([⁰¹²³⁴⁵⁶⁷⁸⁹]+))?⁄([₀₁₂₃₄₅₆₇₈₉]+)"));
    const QString superscripts = u("⁰¹²³⁴⁵⁶⁷⁸⁹");
    const QString subscripts = u("₀₁₂₃₄₅₆₇₈₉");
    auto number = [](const QString& digits, const QString& table) {
        int n = 0;
        for (QChar c : digits)
            n = n * 10 + int(table.indexOf(c));
        return n;
    };
    QString text;
    for (int t = 0; t < labels.size(); ++t) {
        if (special[size_t(t)])
            continue;
        const QList<uint> chars = labels[t].toUcs4();
        for (int i = 0; i < chars.size(); ++i) {
            // Not QString::fromUcs4: it would drop a U+FEFF at the start as a byte order mark.
            const QString character = QStringView(QChar::fromUcs4(char32_t(chars[i]))).toString();
            QString rest;
            for (qsizetype j = i + 1; j < chars.size(); ++j)
                rest += QChar::fromUcs4(char32_t(chars[j]));
            const QRegularExpressionMatch m = mark.match(rest);
            if (m.hasMatch()) {
                const QString lastDigits = m.captured(1).isEmpty() ? rest.left(rest.indexOf(u("⁄"))) : m.captured(1);
                if (number(lastDigits, superscripts) == number(m.captured(2), subscripts))
                    text += character;
                i += QString(m.captured(0)).toUcs4().size();
            } else if (character == u("␣")) {
                text += QLatin1Char(' ');
            } else if (character == u("\\") && i + 1 < chars.size() && (chars[i + 1] == 'n' || chars[i + 1] == 't')) {
                text += chars[++i] == 'n' ? QLatin1Char('\n') : QLatin1Char('\t');
            } else {
                text += character;
            }
        }
    }
    return text;
}

}  // namespace

class TokenLabelsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void labels_data();
    void labels();
    void labelsGiveBackTheText_data();
    void labelsGiveBackTheText();
    void tooltips_data();
    void tooltips();
    void invalidBytesStayBytes_data();
    void invalidBytesStayBytes();
    void byteMarks_data();
    void byteMarks();
    void firstAndLastCharacters_data();
    void firstAndLastCharacters();
    void legendNamesTheMarksUsed_data();
    void legendNamesTheMarksUsed();
    void positions();
    void traceTooltips();

private:
    const Tokenizer& tokenizer(const QString& name) const { return *m_tokenizers.value(name); }
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
};

void TokenLabelsTest::initTestCase() {
    for (const QString& name : {u("gpt2"), u("llama2"), u("gemma3"), u("qwen3"), u("bert-base-uncased")})
        m_tokenizers.insert(name, std::shared_ptr<Tokenizer>(loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{})));
}

void TokenLabelsTest::labels_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<QStringList>("display");
    // 多 E5 A4 9A, 头 E5 A4 B4: GPT-2 cuts each after two bytes (Hugging Face's pieces).
    QTest::newRow("gpt2 chinese") << u("gpt2") << u("多头") << words("å¤|ļ|å¤|´") << words("多¹⁻²⁄₃|多³⁄₃|头¹⁻²⁄₃|头³⁄₃");
    QTest::newRow("gpt2 emoji between words") << u("gpt2") << u("I love 🤗 tokenizers")
        << words("I|Ġlove|ĠðŁ|¤|Ĺ|Ġtoken|izers") << words("I|␣love|␣🤗¹⁻²⁄₄|🤗³⁄₄|🤗⁴⁄₄|␣token|izers");
    QTest::newRow("gpt2 danish") << u("gpt2") << u("Blåbær") << words("Bl|Ã¥|b|Ã¦|r") << words("Bl|å|b|æ|r");
    QTest::newRow("llama2 byte fallback emoji") << u("llama2") << u("I love 🤗")
        << words("<s>|▁I|▁love|▁|<0xF0>|<0x9F>|<0xA4>|<0x97>") << words("<s>|␣I|␣love|␣|🤗¹⁄₄|🤗²⁄₄|🤗³⁄₄|🤗⁴⁄₄");
    QTest::newRow("llama2 chinese in the vocabulary") << u("llama2") << u("多头") << words("<s>|▁|多|头")
        << words("<s>|␣|多|头");
    QTest::newRow("bert pieces unchanged") << u("bert-base-uncased") << u("Tokenizers")
        << words("[CLS]|token|##izer|##s|[SEP]") << words("[CLS]|token|##izer|##s|[SEP]");
}

void TokenLabelsTest::labels() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    const Encoding encoding = tokenizer(name).encode(text, true);
    QTEST(encoding.tokens, "tokens");
    QTEST(encoding.displayTokens, "display");
    QCOMPARE(tokenizer(name).fromIds(encoding.ids).displayTokens, encoding.displayTokens);
}

void TokenLabelsTest::labelsGiveBackTheText_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    // The Danish and Chinese seed sentences of issue #8.
    const QString danish = u("Opmærksomhedsmekanisme, hvor en sekvens af elementer (fx ord) hver især beregner "
                             "opmærksomhed over alle andre elementer i sekvensen");
    const QString chinese = u("多头注意力是Transformer中的一个中心机制。");
    const QString emoji = u("👨‍👩‍👧‍👦 family 🇩🇰 𪚥 1️⃣");
    for (const QString& name : {u("gpt2"), u("llama2"), u("gemma3"), u("qwen3")}) {
        QTest::addRow("%s danish seed", qPrintable(name)) << name << danish;
        QTest::addRow("%s chinese", qPrintable(name)) << name << chinese;
        QTest::addRow("%s emoji", qPrintable(name)) << name << emoji;
        // U+FEFF inside a text: shown, not dropped as a byte order mark.
        QTest::addRow("%s zero width no-break space", qPrintable(name)) << name << u("Hej\uFEFFverden \uFEFF");
    }
}

void TokenLabelsTest::labelsGiveBackTheText() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    const Encoding encoding = tokenizer(name).encode(text, true);
    for (const QString& label : encoding.displayTokens)
        QVERIFY2(!label.contains(u("<0x")), qPrintable(label));  // valid UTF-8 leaves no bare byte
    QString expected = text;
    if (name != u("gpt2") && name != u("qwen3"))
        expected.prepend(QLatin1Char(' '));  // SentencePiece's prefix space
    if (name == u("gemma3"))
        expected = text;  // Gemma 3 adds no prefix space
    QCOMPARE(textOfLabels(encoding.displayTokens, encoding.special), expected);
}

void TokenLabelsTest::tooltips_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("tooltip");
    QTest::newRow("gpt2 first two bytes") << u("gpt2") << u("多头") << 0
        << u("piece \"å¤\" · bytes E5 A4 · part of 多 (U+591A), bytes 1–2 of 3");
    QTest::newRow("gpt2 last byte") << u("gpt2") << u("多头") << 1 << u("piece \"ļ\" · bytes 9A · part of 多 (U+591A), byte 3 of 3");
    QTest::newRow("gpt2 whole word") << u("gpt2") << u("a world") << 1 << u("piece \"Ġworld\" · bytes 20 77 6F 72 6C 64");
    QTest::newRow("llama2 byte fallback") << u("llama2") << u("🤗") << 2
        << u("piece \"<0xF0>\" · bytes F0 · part of 🤗 (U+1F917), byte 1 of 4");
    QTest::newRow("special") << u("llama2") << u("a") << 0 << u("special token \"<s>\"");
    QTest::newRow("wordpiece") << u("bert-base-uncased") << u("tokenizers") << 2 << u("piece \"##izer\"");
}

void TokenLabelsTest::tooltips() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(int, index);
    const Encoding encoding = tokenizer(name).encode(text, true);
    const auto texts = tokenlabels::describe(encoding.tokens, encoding.special, tokenizer(name).pieceStyle());
    QVERIFY(index < int(texts.size()));
    QTEST(texts[size_t(index)].tooltip, "tooltip");
}

void TokenLabelsTest::invalidBytesStayBytes_data() {
    QTest::addColumn<QList<QByteArray>>("tokenBytes");
    QTest::addColumn<QStringList>("display");
    QTest::newRow("lead byte never completed") << QList<QByteArray>{"\xE5\xA4", "A"} << words("<0xE5><0xA4>|A");
    QTest::newRow("cut at the end") << QList<QByteArray>{"a", "\xF0\x9F"} << words("a|<0xF0><0x9F>");
    QTest::newRow("stray continuation byte") << QList<QByteArray>{"\x9A", "b"} << words("<0x9A>|b");
    QTest::newRow("valid after invalid") << QList<QByteArray>{"\xFF\xE5", "\xA4\x9A"} << words("<0xFF>多¹⁄₃|多²⁻³⁄₃");
    QTest::newRow("overlong form") << QList<QByteArray>{"\xC0", "\x80"} << words("<0xC0>|<0x80>");
}

void TokenLabelsTest::invalidBytesStayBytes() {
    QFETCH(QList<QByteArray>, tokenBytes);
    QStringList pieces;
    for (const QByteArray& bytes : tokenBytes)
        pieces << bytelevel::encodeBytes(bytes);
    const std::vector<bool> special(size_t(pieces.size()), false);
    QTEST(tokenlabels::labels(pieces, special, PieceStyle::ByteLevel), "display");
    // The same bytes as SentencePiece byte-fallback pieces read alike.
    QStringList fallback;
    for (const QByteArray& bytes : tokenBytes)
        for (char b : bytes)
            fallback << QStringLiteral("<0x%1>").arg(QString::number(uchar(b), 16).toUpper());
    if (tokenBytes.size() == 2 && tokenBytes[0].size() == 1 && tokenBytes[1].size() == 1)
        QTEST(tokenlabels::labels(fallback, special, PieceStyle::SentencePiece), "display");
}

void TokenLabelsTest::byteMarks_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("last");
    QTest::addColumn<int>("length");
    QTest::addColumn<QString>("mark");
    QTest::newRow("first of three") << 1 << 1 << 3 << u("¹⁄₃");
    QTest::newRow("two of three") << 2 << 3 << 3 << u("²⁻³⁄₃");
    QTest::newRow("first two of four") << 1 << 2 << 4 << u("¹⁻²⁄₄");
    QTest::newRow("last of two") << 2 << 2 << 2 << u("²⁄₂");
    QTest::newRow("numbers of several digits") << 10 << 102 << 130 << u("¹⁰⁻¹⁰²⁄₁₃₀");
}

void TokenLabelsTest::byteMarks() {
    QFETCH(int, first);
    QFETCH(int, last);
    QFETCH(int, length);
    QTEST(tokenlabels::byteMark(first, last, length), "mark");
}

void TokenLabelsTest::firstAndLastCharacters_data() {
    // The characters a byte token's bytes begin and end in (word aggregation reads them):
    // the whole character even where the token holds only some of its bytes.
    QTest::addColumn<QStringList>("pieces");  // GPT-2's byte alphabet
    QTest::addColumn<QString>("firsts");      // one character per token
    QTest::addColumn<QString>("lasts");
    QTest::newRow("chinese cut after two bytes") << words("å¤|ļ|å¤|´") << u("多多头头") << u("多多头头");
    QTest::newRow("emoji of four bytes after a space") << words("ĠðŁ|¤|Ĺ") << u(" 🤗🤗") << u("🤗🤗🤗");
    QTest::newRow("two-byte letters") << words("Bl|Ã¥|b|Ã¦r") << u("Båbæ") << u("låbr");
}

void TokenLabelsTest::firstAndLastCharacters() {
    QFETCH(QStringList, pieces);
    QFETCH(QString, firsts);
    QFETCH(QString, lasts);
    const std::vector<tokenlabels::TokenText> described =
        tokenlabels::describe(pieces, std::vector<bool>(size_t(pieces.size()), false), PieceStyle::ByteLevel);
    QList<uint> gotFirsts, gotLasts;
    for (const tokenlabels::TokenText& token : described) {
        gotFirsts << uint(token.firstChar);
        gotLasts << uint(token.lastChar);
    }
    QCOMPARE(gotFirsts, firsts.toUcs4());
    QCOMPARE(gotLasts, lasts.toUcs4());
}

void TokenLabelsTest::legendNamesTheMarksUsed_data() {
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QString>("legend");
    QTest::newRow("none") << words("The|cat") << QString();
    QTest::newRow("space") << words("The|␣cat") << u("␣ space");
    QTest::newRow("newline and bytes") << words("\\n|多¹⁻²⁄₃|多³⁄₃|<0xE5>")
        << u("\\n newline · 多¹⁄₃ byte 1 of the character's 3 bytes · <0xE5> a byte that is no character");
    QTest::newRow("wordpiece") << words("[CLS]|token|##izer") << u("## continues the word before");
}

void TokenLabelsTest::legendNamesTheMarksUsed() {
    QFETCH(QStringList, labels);
    QTEST(tokenlabels::legend(labels), "legend");
    QVERIFY(tokenlabels::fullLegend().contains(u("▁")));
}

void TokenLabelsTest::positions() {
    QCOMPARE(tokenlabels::labelWithPosition(u("it"), 10), u("it #10"));
    QCOMPARE(tokenlabels::labelWithPosition(u("多¹⁄₃"), 0), u("多¹⁄₃ #0"));
}

void TokenLabelsTest::traceTooltips() {
    const Encoding encoding = tokenizer(u("gpt2")).encode(u("多头"), true);
    ModelSummary summary;
    summary.layers = 1;
    summary.heads = 1;
    summary.pieces = tokenizer(u("gpt2")).pieceStyle();
    QCOMPARE(summary.pieces, PieceStyle::ByteLevel);
    const AttentionTrace trace(summary, encoding.ids, encoding.tokens, encoding.displayTokens, encoding.special);
    const QStringList tips = tokenlabels::tooltips(trace);
    QCOMPARE(tips.size(), 4);
    QCOMPARE(tips[3], u("piece \"´\" · bytes B4 · part of 头 (U+5934), byte 3 of 3"));
}

QTEST_GUILESS_MAIN(TokenLabelsTest)
#include "tst_tokenlabels.moc"
