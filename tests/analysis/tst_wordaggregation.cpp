// Sub-word pieces merged into words (analysis/WordAggregation) against a numpy reference
// (tests/golden/analysis/make_word_golden.py): the real BERT, GPT-2 and Llama-2 tokenizers give
// the pieces, the reference groups Hugging Face's pieces into words on its own and aggregates
// seeded attention the way Clark et al. 2019 do (sum over key pieces, mean over query pieces).

#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "FloatRounding.h"
#include "analysis/WordAggregation.h"
#include "tokenizers/HfTokenizerLoader.h"

using namespace headmap;

namespace {

QJsonObject golden() {
    QFile file(QStringLiteral(HEADMAP_GOLDEN_DIR "/analysis/word_aggregation_golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QStringList strings(const QJsonValue& value) {
    QStringList out;
    for (const QJsonValue& v : value.toArray())
        out << v.toString();
    return out;
}

}  // namespace

class WordAggregationTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void matchesReference_data();
    void matchesReference();
    void builtinTokensStayWords();

private:
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
};

void WordAggregationTest::initTestCase() {
    for (const QString& name : {QStringLiteral("bert-base-uncased"), QStringLiteral("gpt2"), QStringLiteral("llama2")})
        m_tokenizers.insert(name, std::shared_ptr<Tokenizer>(loadHfTokenizer(
                                      QStringLiteral(HEADMAP_FIXTURES_DIR "/tokenizers/") + name, TokenizerLoadOptions{})));
}

void WordAggregationTest::matchesReference_data() {
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray cases = golden().value("cases").toArray();
    QVERIFY2(cases.size() >= 13, "word_aggregation_golden.json is missing or lost cases");
    for (const QJsonValue& c : cases)
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

void WordAggregationTest::matchesReference() {
    QFETCH(QJsonObject, golden);
    const Tokenizer& tokenizer = *m_tokenizers.value(golden.value("tokenizer").toString());
    const QString text = golden.value("text").toString();
    const Encoding encoding = golden.value("pair").isString()
                                  ? tokenizer.encodePair(text, golden.value("pair").toString(), true)
                                  : tokenizer.encode(text, true);
    QCOMPARE(encoding.tokens, strings(golden.value("tokens")));

    const QJsonArray attention = golden.value("attention").toArray();
    ModelSummary summary;
    summary.layers = 1;
    summary.heads = attention.size();
    summary.pieces = tokenizer.pieceStyle();
    AttentionTrace trace(summary, encoding.ids, encoding.tokens, encoding.displayTokens, encoding.special);
    const int t = trace.length();
    for (int h = 0; h < trace.heads(); ++h) {
        const QJsonArray rows = attention[h].toArray();
        for (int q = 0; q < t; ++q)
            for (int k = 0; k < t; ++k)
                trace.headData(0, h)[q * t + k] = float(rows[q].toArray()[k].toDouble());
    }

    std::vector<int> expectedWords;
    for (const QJsonValue& v : golden.value("word_of_token").toArray())
        expectedWords.push_back(v.toInt());
    QCOMPARE(wordOfTokens(trace), expectedWords);

    const AttentionTrace words = mergeIntoWords(trace);
    const QStringList labels = strings(golden.value("words"));
    QCOMPARE(words.displayTokens(), labels);
    QCOMPARE(words.length(), labels.size());
    QCOMPARE(words.model().pieces, PieceStyle::Words);
    for (int w = 0; w < words.length(); ++w) {
        const int first = int(std::find(expectedWords.begin(), expectedWords.end(), w) - expectedWords.begin());
        QCOMPARE(words.special()[size_t(w)], bool(encoding.special[size_t(first)]));
        QCOMPARE(words.tokenIds()[size_t(w)], encoding.ids[size_t(first)]);
    }
    const QJsonArray expected = golden.value("word_attention").toArray();
    double worst = 0;
    for (int h = 0; h < words.heads(); ++h)
        for (int q = 0; q < words.length(); ++q) {
            double rowSum = 0;
            for (int k = 0; k < words.length(); ++k) {
                worst = std::max(worst, std::abs(double(words.weight(0, h, q, k)) -
                                                 expected[h].toArray()[q].toArray()[k].toDouble()));
                rowSum += words.weight(0, h, q, k);
            }
            QVERIFY2(std::abs(rowSum - 1.0) < 1e-5, qPrintable(QStringLiteral("row %1 sums to %2").arg(q).arg(rowSum)));
        }
    // Against float64 from the same float32 weights: a word's entry sums its key pieces and
    // averages its query pieces, two float32 sums of at most `pieces` terms and a division, each
    // within γ(pieces) or u of the exact value (FloatRounding.h), and entries are at most 1.
    int pieces = 1;
    for (int w : expectedWords)
        pieces = std::max(pieces, int(std::count(expectedWords.begin(), expectedWords.end(), w)));
    const double bound = 2 * headmap::testing::gammaOf(pieces) + 2 * headmap::testing::kUnitRoundoff;
    QVERIFY2(worst <= bound, qPrintable(QStringLiteral("largest difference %1 > bound %2 (%3 pieces)").arg(worst).arg(bound).arg(pieces)));
}

void WordAggregationTest::builtinTokensStayWords() {
    ModelSummary summary;
    summary.layers = 2;
    summary.heads = 1;
    AttentionTrace trace(summary, {1, 5, 6, 2}, {"[CLS]", "the", "cat", "[SEP]"}, {"[CLS]", "the", "cat", "[SEP]"},
                         {true, false, false, true});
    for (int l = 0; l < 2; ++l)
        for (int i = 0; i < 16; ++i)
            trace.headData(l, 0)[i] = float(i % 4 == l) ;
    const AttentionTrace words = mergeIntoWords(trace);
    QCOMPARE(words.displayTokens(), trace.displayTokens());
    QCOMPARE(words.layers(), 2);
    for (int l = 0; l < 2; ++l)
        for (int q = 0; q < 4; ++q)
            for (int k = 0; k < 4; ++k)
                QCOMPARE(words.weight(l, 0, q, k), trace.weight(l, 0, q, k));
}

QTEST_GUILESS_MAIN(WordAggregationTest)
#include "tst_wordaggregation.moc"
