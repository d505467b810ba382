// builtin:patterns' read-out, the classroom's "what does the model predict": at each word the
// prediction is the words its heads gathered (the previous and next word and the word itself),
// only the input's words are scored, and switching the previous-token head off removes the
// previous word while switching the sink head off changes nothing.

#include <algorithm>
#include <functional>
#include <set>

#include <QtTest>

#include "core/HeadmapError.h"
#include "model/Predictions.h"
#include "patterns/PatternsModel.h"
#include "teaching/TeachingTokenizer.h"

using namespace headmap;

namespace {

enum Head { Previous = 0, Next = 1, Self = 2, First = 3, SameEarlier = 4, Broad = 5 };

const QString kCoreference =
    QStringLiteral("The animal didn't cross the street because it was too tired.");
const QString kRepeated = QStringLiteral("the cat saw the dog and the cat ran");
const QString kDanish = QStringLiteral("Multi-head self-attention gør det muligt for modellen at fokusere.");
const QString kChinese = QStringLiteral("深入了解Transformer模型的好方法是学习注意机制。");

bool isWord(int id) {
    return id >= TeachingTokenizer::kFirstWordId;
}

// The words the previous-token, next-token and self heads carry to position i.
std::set<int> gatheredWords(const std::vector<int>& ids, int i) {
    std::set<int> words;
    for (int j : {i - 1, i + 1, i})
        if (j >= 0 && j < int(ids.size()) && isWord(ids[size_t(j)]))
            words.insert(ids[size_t(j)]);
    return words;
}

}  // namespace

class PatternsPredictionsTest : public QObject {
    Q_OBJECT

    PatternsModel m_model;

private slots:
    void readoutNamesTheGatheredWords_data();
    void readoutNamesTheGatheredWords();
    void onlyTheInputsWordsAreScored();
    void switchingHeadsOff_data();
    void switchingHeadsOff();
    void outputLogitsPointsToPredictTokens();
};

void PatternsPredictionsTest::readoutNamesTheGatheredWords_data() {
    QTest::addColumn<QString>("text");
    QTest::newRow("coreference") << kCoreference;
    QTest::newRow("repeated words") << kRepeated;
    QTest::newRow("danish") << kDanish;
    QTest::newRow("chinese") << kChinese;
}

// At every word, the previous word, the next word and the word itself are the top predictions
// and hold most of the probability.
void PatternsPredictionsTest::readoutNamesTheGatheredWords() {
    QFETCH(QString, text);
    const Encoding input = m_model.tokenize(text);
    const RunResult result = m_model.run(input);
    for (int i = 1; i + 1 < input.size(); ++i) {
        const std::set<int> expected = gatheredWords(input.ids, i);
        const Prediction prediction = predictTokens(m_model, result, i, int(expected.size()));
        double mass = 0;
        for (const TokenProbability& t : prediction.top) {
            QVERIFY2(expected.count(t.id), qPrintable(QStringLiteral("position %1 (%2): '%3' in the top %4")
                                                          .arg(i).arg(input.displayTokens[i], t.display).arg(expected.size())));
            mass += t.probability;
            // Words are named as the input shows them, not by their hashed id.
            QCOMPARE(t.display, input.displayTokens[int(std::find(input.ids.begin(), input.ids.end(), t.id) - input.ids.begin())]);
        }
        QVERIFY2(mass > 0.8, qPrintable(QStringLiteral("position %1: the gathered words hold only %2").arg(i).arg(mass)));
    }
}

void PatternsPredictionsTest::onlyTheInputsWordsAreScored() {
    const Encoding input = m_model.tokenize(kRepeated);  // [CLS] + 9 words, 6 distinct + [SEP]
    const RunResult result = m_model.run(input);
    const Prediction prediction = predictTokens(m_model, result, 3, 100);
    QCOMPARE(prediction.ids.size(), size_t(6));
    QCOMPARE(prediction.probabilities.size(), size_t(6));
    QCOMPARE(prediction.top.size(), size_t(6));
    for (int id : prediction.ids)
        QVERIFY(isWord(id) && std::count(input.ids.begin(), input.ids.end(), id) > 0);
    QCOMPARE(prediction.probabilityOf(TeachingTokenizer::kClsId), 0.0f);
    float sum = 0;
    for (float p : prediction.probabilities)
        sum += p;
    QVERIFY(std::abs(sum - 1.0f) < 1e-5f);
    QCOMPARE(defaultPredictionPosition(m_model, input), input.size() - 1);
    // A text of special tokens only has no word to predict.
    const Encoding empty = m_model.tokenizer().fromIds({TeachingTokenizer::kClsId, TeachingTokenizer::kSepId});
    const QString message = [&] {
        try {
            predictTokens(m_model, m_model.run(empty), 0, 3);
        } catch (const InputError& e) {
            return e.message();
        }
        return QString();
    }();
    QVERIFY2(message.contains(QLatin1String("only the words of its input")), qPrintable(message));

    // Predictions over different words cannot be compared.
    const Encoding other = m_model.tokenize(QStringLiteral("a dog ran"));
    const Prediction elsewhere = predictTokens(m_model, m_model.run(other), 1, 3);
    QVERIFY_THROWS_EXCEPTION(InputError, klDivergence(prediction, elsewhere));
}

void PatternsPredictionsTest::switchingHeadsOff_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("head");
    QTest::addColumn<int>("lostWord");  // position of the word that should vanish, -1: none
    // "saw" gathers "cat" (previous), "the" (next) and itself.
    QTest::newRow("previous_head_off_loses_cat") << kRepeated << 3 << int(Previous) << 2;
    QTest::newRow("next_head_off_loses_the") << kRepeated << 3 << int(Next) << 4;
    QTest::newRow("previous_head_off_loses_animal") << kCoreference << 3 << int(Previous) << 2;
    QTest::newRow("sink_head_off_changes_nothing") << kCoreference << 3 << int(First) << -1;
}

void PatternsPredictionsTest::switchingHeadsOff() {
    QFETCH(QString, text);
    QFETCH(int, position);
    QFETCH(int, head);
    QFETCH(int, lostWord);
    const Encoding input = m_model.tokenize(text);
    const Prediction before = predictTokens(m_model, m_model.run(input), position, 3);
    RunOptions options;
    options.ablations = {HeadAblation{0, head, AblationMode::Zero}};
    const Prediction after = predictTokens(m_model, m_model.run(input, options), position, 3);
    QCOMPARE(after.ids, before.ids);
    const double kl = klDivergence(before.probabilities, after.probabilities);
    QCOMPARE(klDivergence(before, after), kl);
    if (lostWord < 0) {
        QVERIFY2(kl < 1e-3, qPrintable(QStringLiteral("KL %1").arg(kl)));
        QCOMPARE(after.top[0].id, before.top[0].id);
        return;
    }
    const int word = input.ids[size_t(lostWord)];
    // In the top 3 with at least 0.1 before; at least 20 times less likely after.
    QVERIFY(std::any_of(before.top.begin(), before.top.end(), [&](const TokenProbability& t) { return t.id == word; }));
    QVERIFY2(before.probabilityOf(word) > 0.1f, qPrintable(QStringLiteral("%1 before").arg(double(before.probabilityOf(word)))));
    QVERIFY2(after.probabilityOf(word) < before.probabilityOf(word) / 20,
             qPrintable(QStringLiteral("%1 before, %2 after").arg(double(before.probabilityOf(word))).arg(double(after.probabilityOf(word)))));
    QVERIFY(std::none_of(after.top.begin(), after.top.end(), [&](const TokenProbability& t) { return t.id == word; }));
    QVERIFY2(kl > 0.1, qPrintable(QStringLiteral("KL %1").arg(kl)));
}

void PatternsPredictionsTest::outputLogitsPointsToPredictTokens() {
    QVERIFY(m_model.hasOutputHead());
    const Encoding input = m_model.tokenize(kRepeated);
    const RunResult result = m_model.run(input);
    QString message;
    try {
        m_model.outputLogits(result.hidden, 1);
    } catch (const InputError& e) {
        message = e.message();
    }
    QVERIFY2(message.contains(QLatin1String("predictTokens")), qPrintable(message));
}

QTEST_GUILESS_MAIN(PatternsPredictionsTest)
#include "tst_patternspredictions.moc"
