// The teaching tokenizer: how text in any script splits into pieces, how pieces fold and hash
// to ids, and how special tokens and raw ids are named. Sentences come from the seed texts in
// /work/shared/seeds (Danish and Chinese pages on multi-head self-attention).

#include <limits>

#include <QtTest>

#include "core/HeadmapError.h"
#include "teaching/TeachingTokenizer.h"

using headmap::TeachingTokenizer;

namespace {

QString utf8(const char* text) {
    return QString::fromUtf8(text);
}

// Expected pieces written as one space-separated string: no piece ever contains a space.
QStringList pieces(const char* spaced) {
    return QString::fromUtf8(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

const char* const kSentence = "The animal didn't cross the street because it was too tired.";

}  // namespace

class TeachingTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void split_data();
    void split();
    void decomposedAccentMatchesPrecomposed();
    void specialTokensWrapTheText();
    void displayTokensKeepCase();
    void sameIdRegardlessOfCase_data();
    void sameIdRegardlessOfCase();
    void idsAreHashedIntoRange();
    void fromIdsNamesIds();
    void fromIdsRejectsOutOfRange_data();
    void fromIdsRejectsOutOfRange();
};

void TeachingTokenizerTest::split_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("surface");  // TeachingTokenizer::split
    QTest::addColumn<QStringList>("folded");   // encode(text, false).tokens

    QTest::newRow("english apostrophe") << utf8(kSentence)
        << pieces("The animal didn ' t cross the street because it was too tired .")
        << pieces("the animal didn ' t cross the street because it was too tired .");
    QTest::newRow("danish definition")
        << utf8("Opmærksomhedsmekanisme, hvor en sekvens af elementer (fx ord) hver især beregner "
                "opmærksomhed over alle andre elementer i sekvensen, opsplittet i flere parallelle "
                "'hoveder' for at fange forskellige repræsentationsaspekter.")
        << pieces("Opmærksomhedsmekanisme , hvor en sekvens af elementer ( fx ord ) hver især "
                  "beregner opmærksomhed over alle andre elementer i sekvensen , opsplittet i flere "
                  "parallelle ' hoveder ' for at fange forskellige repræsentationsaspekter .")
        << pieces("opmærksomhedsmekanisme , hvor en sekvens af elementer ( fx ord ) hver især "
                  "beregner opmærksomhed over alle andre elementer i sekvensen , opsplittet i flere "
                  "parallelle ' hoveder ' for at fange forskellige repræsentationsaspekter .");
    QTest::newRow("danish bert")
        << utf8("BERT anvender multi-head self-attention med 12 hoveder i sin base-version.")
        << pieces("BERT anvender multi - head self - attention med 12 hoveder i sin base - version .")
        << pieces("bert anvender multi - head self - attention med 12 hoveder i sin base - version .");
    QTest::newRow("danish bullet and dash")
        << utf8("• I transformerlaget efterfølges multi-head self-attention typisk af et "
                "feed-forward-netværk. — Vaswani et al., 2017")
        << pieces("• I transformerlaget efterfølges multi - head self - attention typisk af et "
                  "feed - forward - netværk . — Vaswani et al . , 2017")
        << pieces("• i transformerlaget efterfølges multi - head self - attention typisk af et "
                  "feed - forward - netværk . — vaswani et al . , 2017");
    QTest::newRow("chinese with latin word")
        << utf8("深入了解Transformer模型的好方法是学习注意机制。")
        << pieces("深 入 了 解 Transformer 模 型 的 好 方 法 是 学 习 注 意 机 制 。")
        << pieces("深 入 了 解 transformer 模 型 的 好 方 法 是 学 习 注 意 机 制 。");
    QTest::newRow("chinese fullwidth question mark")
        << utf8("什么是多头注意力？") << pieces("什 么 是 多 头 注 意 力 ？")
        << pieces("什 么 是 多 头 注 意 力 ？");
    QTest::newRow("chinese with alphanumeric word")
        << utf8("类似于ResNet50架构中的跳跃连接。")
        << pieces("类 似 于 ResNet50 架 构 中 的 跳 跃 连 接 。")
        << pieces("类 似 于 resnet50 架 构 中 的 跳 跃 连 接 。");
    QTest::newRow("danish uppercase") << utf8("ÆBLE, ØL og ÅL")
        << pieces("ÆBLE , ØL og ÅL") << pieces("æble , øl og ål");
    QTest::newRow("accents") << utf8("Café naïve Señor")
        << pieces("Café naïve Señor") << pieces("café naïve señor");
    // e followed by U+0301 COMBINING ACUTE ACCENT; NFC turns it into the precomposed é.
    QTest::newRow("decomposed accent") << utf8("Cafe\xCC\x81") << pieces("Café") << pieces("café");
    QTest::newRow("emoji single") << utf8("Nice 😀!") << pieces("Nice 😀 !") << pieces("nice 😀 !");
    QTest::newRow("emoji skin tone") << utf8("👍🏽") << pieces("👍🏽") << pieces("👍🏽");
    QTest::newRow("emoji zwj family") << utf8("👨‍👩‍👧‍👦") << pieces("👨‍👩‍👧‍👦") << pieces("👨‍👩‍👧‍👦");
    QTest::newRow("emoji between words") << utf8("hi👍🏽there")
        << pieces("hi 👍🏽 there") << pieces("hi 👍🏽 there");
    QTest::newRow("emoji flag") << utf8("🇩🇰 flag") << pieces("🇩🇰 flag") << pieces("🇩🇰 flag");
    QTest::newRow("digits") << utf8("In 2017, 8 heads")
        << pieces("In 2017 , 8 heads") << pieces("in 2017 , 8 heads");
    QTest::newRow("whitespace runs") << utf8("  a \t\tb\n\nc  \r\n")
        << pieces("a b c") << pieces("a b c");
    QTest::newRow("empty string") << QString() << QStringList() << QStringList();
    QTest::newRow("only spaces") << utf8("      ") << QStringList() << QStringList();
    QTest::newRow("only unicode whitespace") << utf8("\t\n\u00a0\u3000 ") << QStringList()
                                             << QStringList();
    QTest::newRow("control characters") << utf8("\x01start\x1b end\x7f")
        << pieces("start end") << pieces("start end");
    // Invisible characters vanish without splitting the word they sit in (BERT's cleaning).
    QTest::newRow("soft hyphen inside word") << utf8("Opmærk\u00adsomhed")
        << pieces("Opmærksomhed") << pieces("opmærksomhed");
    QTest::newRow("zero width space inside word") << utf8("atten\u200btion")
        << pieces("attention") << pieces("attention");
    QTest::newRow("control character inside word") << utf8("hov\x01" "eder")
        << pieces("hoveder") << pieces("hoveder");
    QTest::newRow("gpt-2") << utf8("GPT-2") << pieces("GPT - 2") << pieces("gpt - 2");
    QTest::newRow("cyrillic") << utf8("Привет, МИР") << pieces("Привет , МИР") << pieces("привет , мир");
}

void TeachingTokenizerTest::split() {
    QFETCH(QString, input);
    QFETCH(QStringList, surface);
    QFETCH(QStringList, folded);
    QCOMPARE(surface.size(), folded.size());  // guards the table itself

    QCOMPARE(TeachingTokenizer::split(input), surface);
    const TeachingTokenizer tokenizer;
    const headmap::Encoding encoding = tokenizer.encode(input, false);
    QCOMPARE(encoding.tokens, folded);
    QCOMPARE(encoding.displayTokens, surface);
    QCOMPARE(encoding.size(), int(folded.size()));
    QCOMPARE(int(encoding.special.size()), encoding.size());
    for (int i = 0; i < encoding.size(); ++i) {
        QVERIFY(!encoding.special[size_t(i)]);
        QCOMPARE(encoding.ids[size_t(i)], TeachingTokenizer::idForToken(folded[i]));
    }
}

void TeachingTokenizerTest::decomposedAccentMatchesPrecomposed() {
    // i + U+0308 COMBINING DIAERESIS and e + U+0301 COMBINING ACUTE ACCENT: what macOS file names
    // and some editors produce. After NFC they must be the very same tokens as ï and é.
    const TeachingTokenizer tokenizer;
    const headmap::Encoding decomposed = tokenizer.encode(utf8("nai\xCC\x88ve cafe\xCC\x81"), false);
    const headmap::Encoding precomposed = tokenizer.encode(utf8("na\xC3\xAFve caf\xC3\xA9"), false);
    QCOMPARE(precomposed.size(), 2);
    QCOMPARE(decomposed.ids, precomposed.ids);
    QCOMPARE(decomposed.tokens, precomposed.tokens);
    QCOMPARE(decomposed.displayTokens, precomposed.displayTokens);
    QCOMPARE(decomposed.tokens[1].size(), 4);  // é is one UTF-16 unit, not e + U+0301
}

void TeachingTokenizerTest::specialTokensWrapTheText() {
    const TeachingTokenizer tokenizer;
    const headmap::Encoding plain = tokenizer.encode(utf8(kSentence), false);
    const headmap::Encoding wrapped = tokenizer.encode(utf8(kSentence), true);
    QCOMPARE(plain.size(), 14);
    QCOMPARE(wrapped.size(), plain.size() + 2);
    QCOMPARE(wrapped.ids.front(), TeachingTokenizer::kClsId);
    QCOMPARE(wrapped.ids.front(), 1);
    QCOMPARE(wrapped.ids.back(), 2);
    QCOMPARE(wrapped.tokens.front(), QStringLiteral("[CLS]"));
    QCOMPARE(wrapped.tokens.back(), QStringLiteral("[SEP]"));
    QCOMPARE(wrapped.displayTokens.front(), QStringLiteral("[CLS]"));
    QVERIFY(wrapped.special.front());
    QVERIFY(wrapped.special.back());
    for (int i = 1; i <= plain.size(); ++i) {
        QVERIFY(!wrapped.special[size_t(i)]);
        QCOMPARE(wrapped.ids[size_t(i)], plain.ids[size_t(i - 1)]);
    }

    // Even an empty text gets both, so a model always has something to run.
    const headmap::Encoding empty = tokenizer.encode(QString(), true);
    QCOMPARE(empty.ids, (std::vector<int>{1, 2}));
}

void TeachingTokenizerTest::displayTokensKeepCase() {
    const headmap::Encoding encoding = TeachingTokenizer().encode(utf8("The BERT Café ÆØÅ"), false);
    QCOMPARE(encoding.displayTokens, pieces("The BERT Café ÆØÅ"));
    QCOMPARE(encoding.tokens, pieces("the bert café æøå"));
}

void TeachingTokenizerTest::sameIdRegardlessOfCase_data() {
    QTest::addColumn<QStringList>("variants");
    QTest::newRow("english") << pieces("the The THE tHe");
    QTest::newRow("danish") << pieces("æble Æble ÆBLE");
    QTest::newRow("mixed case word") << pieces("transformer Transformer TRANSFORMER");
    // Case folding, not lowercasing: final sigma ς folds to σ like capital Σ.
    QTest::newRow("greek final sigma") << pieces("ΟΔΟΣ οδος οδοσ");
    // Full folding: one character may fold to two.
    QTest::newRow("german sharp s") << pieces("Straße STRASSE strasse");
    QTest::newRow("ligature fi") << pieces("\ufb01ne FINE fine");
}

void TeachingTokenizerTest::sameIdRegardlessOfCase() {
    QFETCH(QStringList, variants);
    const TeachingTokenizer tokenizer;
    const headmap::Encoding first = tokenizer.encode(variants.first(), false);
    QCOMPARE(first.size(), 1);
    for (const QString& variant : variants) {
        const headmap::Encoding other = tokenizer.encode(variant, false);
        QCOMPARE(other.ids, first.ids);
        QCOMPARE(other.tokens, first.tokens);
        QCOMPARE(other.displayTokens, QStringList{variant});
    }
}

void TeachingTokenizerTest::idsAreHashedIntoRange() {
    // Reference ids computed in Python: 4 + fnv1a64(utf8(token)) % (2**24 - 4).
    QCOMPARE(TeachingTokenizer::idForToken(QStringLiteral("the")), 9153004);
    QCOMPARE(TeachingTokenizer::idForToken(QStringLiteral("transformer")), 1425132);
    QCOMPARE(TeachingTokenizer::idForToken(utf8("æøå")), 13315699);
    QCOMPARE(TeachingTokenizer::idForToken(utf8("深")), 1900565);
    QCOMPARE(TeachingTokenizer::idForToken(utf8("👍🏽")), 12654475);

    const TeachingTokenizer tokenizer;
    QCOMPARE(tokenizer.vocabSize(), 1 << 24);
    const headmap::Encoding encoding = tokenizer.encode(
        utf8("Multi-head self-attention anvendes som en central byggesten i transformermodeller "
             "såsom BERT og GPT. 多头注意力是Transformer中的一个中心机制 😀 ©"), false);
    QVERIFY(encoding.size() > 30);
    for (int id : encoding.ids) {
        QVERIFY2(id >= TeachingTokenizer::kFirstWordId && id < (1 << 24),
                 qPrintable(QString::number(id)));
    }
}

void TeachingTokenizerTest::fromIdsNamesIds() {
    const headmap::Encoding encoding =
        TeachingTokenizer().fromIds({0, 1, 2, 3, 4, 4711, (1 << 24) - 1});
    const QStringList names = {"[PAD]", "[CLS]", "[SEP]", "[UNK]", "#4", "#4711", "#16777215"};
    QCOMPARE(encoding.tokens, names);
    QCOMPARE(encoding.displayTokens, names);
    QCOMPARE(encoding.ids, (std::vector<int>{0, 1, 2, 3, 4, 4711, (1 << 24) - 1}));
    QCOMPARE(encoding.special, (std::vector<bool>{true, true, true, true, false, false, false}));
    QVERIFY(TeachingTokenizer().fromIds({}).isEmpty());
}

void TeachingTokenizerTest::fromIdsRejectsOutOfRange_data() {
    QTest::addColumn<int>("id");
    QTest::newRow("-1") << -1;
    QTest::newRow("1<<24") << (1 << 24);
    QTest::newRow("INT_MIN") << std::numeric_limits<int>::min();
}

void TeachingTokenizerTest::fromIdsRejectsOutOfRange() {
    QFETCH(int, id);
    try {
        TeachingTokenizer().fromIds({5, id});
        QFAIL("no InputError thrown");
    } catch (const headmap::InputError& e) {
        QVERIFY2(e.message().contains(QString::number(id)), qPrintable(e.message()));
        QVERIFY2(e.message().contains(QLatin1String("position 1")), qPrintable(e.message()));
    }
}

QTEST_APPLESS_MAIN(TeachingTokenizerTest)
#include "tst_teachingtokenizer.moc"
