// builtin:patterns: every hand-built head shows its pattern on real sentences, through the real
// pipeline (tokenizer, embedding, W_Q/W_K/W_V/W_O, the shared attention), the loader knows the
// model, its limit is enforced, and headmap-cli shows the pattern too.

#include <algorithm>
#include <functional>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "FloatRounding.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "patterns/PatternsModel.h"

using headmap::Encoding;
using headmap::MatrixF;
using headmap::PatternsModel;
using headmap::testing::softmaxRowSumBound;

namespace {

enum Head { Previous = 0, Next = 1, Self = 2, First = 3, SameEarlier = 4, Broad = 5 };
constexpr double kOnTarget = 0.9;

const QString kCoreference =
    QStringLiteral("The animal didn't cross the street because it was too tired.");
const QString kDanish = QStringLiteral(
    "Multi-head self-attention gør det muligt for modellen samtidig at fokusere på både lokale og "
    "globale afhængigheder i sætningen.");
const QString kChinese = QStringLiteral("深入了解Transformer模型的好方法是学习注意机制。");
const QString kRepeated = QStringLiteral("the cat saw the dog and the cat ran");
// 62 words and punctuation marks: 64 tokens with [CLS] and [SEP].
const QString k64Tokens = QStringLiteral(
    "Attention lets every token look at the other tokens of a sentence. One head looks at the "
    "word before, another at the word after, and a third looks back for an earlier copy of the "
    "same word, so the model can continue a pattern it has seen before. Teachers show "
    "these heads to students in class.");

// The message of the Error thrown by f, or a null QString when nothing was thrown.
template <typename Error>
QString thrownMessage(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.message();
    }
    return QString();
}

// Which key each head should attend to from query i.
int target(int head, int i, const std::vector<int>& ids) {
    const int t = int(ids.size());
    switch (head) {
    case Previous:
        return std::max(i - 1, 0);
    case Next:
        return std::min(i + 1, t - 1);
    case Self:
        return i;
    case SameEarlier:
        for (int j = 0; j < i; ++j)
            if (ids[size_t(j)] == ids[size_t(i)])
                return j;  // the first earlier occurrence
        return 0;
    default:
        return 0;  // First
    }
}

// A long text of ordinary words: n tokens with [CLS] and [SEP], words repeating irregularly.
QString longText(int tokens) {
    const QStringList words = QString(k64Tokens).remove(QLatin1Char('.')).remove(QLatin1Char(','))
                                  .split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList out;
    for (int k = 0; out.size() < tokens - 2; ++k)
        out << words[(k * 7 + k / 5) % words.size()] + (k % 3 == 0 ? QStringLiteral("s") : QString());
    return out.join(QLatin1Char(' '));
}

}  // namespace

class PatternsModelTest : public QObject {
    Q_OBJECT

    PatternsModel m_model;
    double m_minimum[PatternsModel::kHeads] = {1, 1, 1, 1, 1, 1};  // over all sentences

private slots:
    void summary();
    void headsHaveNamesAndExplanations();
    void headPatterns_data();
    void headPatterns();
    void exactTargets_data();
    void exactTargets();
    void valuesCarryTheAttendedPosition();
    void runsAreDeterministic();
    void loaderKnowsTheModel();
    void broadCopy_data();
    void broadCopy();
    void broadCopyRefusesBadHeads_data();
    void broadCopyRefusesBadHeads();
    void tooLongInputIsRefused();
    void cliShowsPreviousTokenPattern();
    void cleanupTestCase();
};

void PatternsModelTest::summary() {
    const headmap::ModelSummary& s = m_model.summary();
    QCOMPARE(s.name, QStringLiteral("builtin:patterns"));
    QCOMPARE(s.architecture, QStringLiteral("patterns"));
    QCOMPARE(s.layers, 1);
    QCOMPARE(s.heads, 6);
    QCOMPARE(s.dModel, s.heads * s.dHead);
    QCOMPARE(s.maxPositions, 256);
    QCOMPARE(s.vocabSize, m_model.tokenizer().vocabSize());
    QVERIFY(!s.causal);  // head 1 looks ahead
}

void PatternsModelTest::headsHaveNamesAndExplanations() {
    const headmap::ModelSummary& s = m_model.summary();
    QCOMPARE(s.headNames.size(), s.layers * s.heads);
    QCOMPARE(s.headExplanations.size(), s.layers * s.heads);
    QCOMPARE(s.headNames,
             QStringList({"previous token", "next token", "self", "first token (attention sink)",
                          "same token earlier (induction-like)", "broad (uniform)"}));
    for (const QString& explanation : s.headExplanations) {
        QVERIFY2(explanation.size() > 20 && explanation.size() < 240, qPrintable(explanation));
        QVERIFY2(explanation.endsWith(QLatin1Char('.')), qPrintable(explanation));
    }
}

// Every row of every head: ≥ 0.9 on its target, the broad head uniform to 1e-6 (equal scores:
// exp(0) = 1 each, an exact sum, 1/t rounded once), rows sum to 1 to rounding.
void PatternsModelTest::headPatterns_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("tokens");  // with [CLS] and [SEP]
    QTest::newRow("coreference") << kCoreference << 16;
    QTest::newRow("danish") << kDanish << 25;
    QTest::newRow("chinese") << kChinese << 21;
    QTest::newRow("repeated words") << kRepeated << 11;
    QTest::newRow("single word") << QStringLiteral("hello") << 3;
    QTest::newRow("64 tokens") << k64Tokens << 64;
    QTest::newRow("256 tokens, the limit") << longText(256) << 256;
}

void PatternsModelTest::headPatterns() {
    QFETCH(QString, text);
    QFETCH(int, tokens);
    const Encoding input = m_model.tokenize(text);
    QCOMPARE(input.size(), tokens);
    const headmap::RunResult result = m_model.run(input);
    const int t = input.size();
    for (int head = 0; head < PatternsModel::kHeads; ++head) {
        const auto weights = result.trace.head(0, head);
        for (int i = 0; i < t; ++i) {
            const QByteArray where = m_model.summary().headNames[head].toUtf8() + ", row " +
                                     QByteArray::number(i) + " (" + input.tokens[i].toUtf8() + ")";
            // 256 tokens: 2·γ(257) ≈ 3.1e-5 (FloatRounding.h); a fixed 1e-5 held only while the
            // rounding happened to cancel.
            QVERIFY2(std::abs(weights.row(i).sum() - 1.0f) <= softmaxRowSumBound(t), where);
            if (head == Broad) {
                for (int j = 0; j < t; ++j)
                    QVERIFY2(std::abs(weights(i, j) - 1.0 / t) <= 1e-6,
                             where + ": " + QByteArray::number(weights(i, j)));
                continue;
            }
            const int j = target(head, i, input.ids);
            m_minimum[head] = std::min(m_minimum[head], double(weights(i, j)));
            QVERIFY2(weights(i, j) >= kOnTarget,
                     where + ": " + QByteArray::number(weights(i, j)) + " on key " +
                         QByteArray::number(j));
        }
    }
}

// The targets spelled out, edges and repeated words included.
void PatternsModelTest::exactTargets_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("head");
    QTest::addColumn<QList<int>>("targets");  // argmax key of each row
    // [CLS] the cat saw the dog and the cat ran [SEP]
    QTest::newRow("repeated words, same token earlier")
        << kRepeated << int(SameEarlier) << QList<int>{0, 0, 0, 0, 1, 0, 0, 1, 2, 0, 0};
    QTest::newRow("repeated words, previous token")
        << kRepeated << int(Previous) << QList<int>{0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    QTest::newRow("repeated words, next token")
        << kRepeated << int(Next) << QList<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10};
    QTest::newRow("repeated words, first token")
        << kRepeated << int(First) << QList<int>(11, 0);
    // [CLS] the animal didn ' t cross the street because it was too tired . [SEP]: "The" and
    // "the" are one token
    QTest::newRow("coreference, same token earlier")
        << kCoreference << int(SameEarlier) << QList<int>{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    // [CLS] multi - head self - attention ...: the second "-" finds the first
    QList<int> danish(25, 0);
    danish[5] = 2;
    QTest::newRow("danish, same token earlier") << kDanish << int(SameEarlier) << danish;
    // [CLS] hello [SEP]
    QTest::newRow("single word, previous token") << "hello" << int(Previous) << QList<int>{0, 0, 1};
    QTest::newRow("single word, next token") << "hello" << int(Next) << QList<int>{1, 2, 2};
    QTest::newRow("single word, self") << "hello" << int(Self) << QList<int>{0, 1, 2};
    QTest::newRow("single word, same token earlier") << "hello" << int(SameEarlier) << QList<int>{0, 0, 0};
    // Ids given directly, as --ids does: [CLS] 100 [SEP] 100 [SEP]; the second [SEP] finds the
    // first, as in a sentence pair.
    QTest::newRow("ids, two [SEP]") << "ids:1,100,2,100,2" << int(SameEarlier) << QList<int>{0, 0, 0, 1, 2};
}

void PatternsModelTest::exactTargets() {
    QFETCH(QString, text);
    QFETCH(int, head);
    QFETCH(QList<int>, targets);
    Encoding input;
    if (text.startsWith(QLatin1String("ids:"))) {
        std::vector<int> ids;
        for (const QString& id : text.mid(4).split(QLatin1Char(',')))
            ids.push_back(id.toInt());
        input = m_model.tokenizer().fromIds(ids);
    } else {
        input = m_model.tokenize(text);
    }
    QCOMPARE(input.size(), int(targets.size()));
    const headmap::RunResult result = m_model.run(input);
    const auto weights = result.trace.head(0, head);
    for (int i = 0; i < input.size(); ++i) {
        Eigen::Index argmax = 0;
        weights.row(i).maxCoeff(&argmax);
        QVERIFY2(int(argmax) == targets[i] && weights(i, argmax) >= kOnTarget,
                 qPrintable(QStringLiteral("row %1 (%2): argmax %3 with %4, expected %5")
                                .arg(i).arg(input.tokens[i]).arg(argmax)
                                .arg(weights(i, argmax)).arg(targets[i])));
    }
}

// W_V copies x's first 64 dims (token, position / 256, first flag) and W_O is the identity, so
// the previous-token head's output block says which position it gathered from.
void PatternsModelTest::valuesCarryTheAttendedPosition() {
    const Encoding input = m_model.tokenize(kCoreference);
    headmap::RunOptions options;
    options.steps = headmap::HeadIndex{0, Previous, std::nullopt};
    const headmap::RunResult result = m_model.run(input, options);
    QVERIFY(result.steps);
    const int column = Previous * PatternsModel::kDHead + PatternsModel::kPositionDim;
    for (int i = 0; i < input.size(); ++i) {
        const double expected = double(std::max(i - 1, 0)) / PatternsModel::kMaxPositions;
        QVERIFY2(std::abs(result.hidden(i, column) - expected) < 0.02,
                 qPrintable(QStringLiteral("row %1: %2, expected %3")
                                .arg(i).arg(result.hidden(i, column)).arg(expected)));
        QVERIFY(std::abs(result.steps->headOutput(i, PatternsModel::kPositionDim) -
                         result.hidden(i, column)) < 1e-6);
    }
    // The step view's matrices: x is the embedding, weights are the trace's.
    QVERIFY(result.steps->x.isApprox(PatternsModel::embed(input.ids)));
    QVERIFY(result.steps->weights.isApprox(MatrixF(result.trace.head(0, Previous))));
}

void PatternsModelTest::runsAreDeterministic() {
    const PatternsModel other;
    const Encoding input = m_model.tokenize(kDanish);
    const headmap::RunResult a = m_model.run(input);
    const headmap::RunResult b = other.run(input);
    for (int head = 0; head < PatternsModel::kHeads; ++head)
        QCOMPARE(MatrixF(a.trace.head(0, head)), MatrixF(b.trace.head(0, head)));
    QCOMPARE(a.hidden, b.hidden);
}

void PatternsModelTest::loaderKnowsTheModel() {
    QVERIFY(headmap::builtinModelNames().contains(QStringLiteral("builtin:patterns")));
    const std::unique_ptr<headmap::Model> model =
        headmap::loadModel(headmap::ModelSpec{QStringLiteral("builtin:patterns"), {}});
    QVERIFY(model);
    QCOMPARE(model->summary().name, QStringLiteral("builtin:patterns"));
    QCOMPARE(model->summary().architecture, QStringLiteral("patterns"));
    QCOMPARE(model->summary().headNames.size(), 6);
    const headmap::RunResult result = model->run(model->tokenize(kRepeated));
    const auto weights = result.trace.head(0, SameEarlier);
    QVERIFY(weights(4, 1) >= kOnTarget);  // the second "the" attends to the first
}

// builtin:patterns:broad=H (#38): the named heads attend uniformly, the others keep their bits.
void PatternsModelTest::broadCopy_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QList<int>>("broad");
    QTest::newRow("previous-token head") << "builtin:patterns:broad=0" << QList<int>{0};
    QTest::newRow("two heads") << "builtin:patterns:broad=4,1" << QList<int>{1, 4};
}

void PatternsModelTest::broadCopy() {
    QFETCH(QString, spec);
    QFETCH(QList<int>, broad);
    const auto copy = headmap::loadModel(headmap::ModelSpec{spec, {}});
    QCOMPARE(copy->summary().name, spec);
    const headmap::Encoding input = m_model.tokenize(kRepeated);
    const headmap::RunResult original = m_model.run(input);
    const headmap::RunResult changed = copy->run(input);
    const int t = input.size();
    for (int head = 0; head < 6; ++head) {
        const headmap::HeadWeights a = original.trace.head(0, head), b = changed.trace.head(0, head);
        if (broad.contains(head)) {
            QVERIFY(((b.array() - 1.0f / float(t)).abs() < 1e-7f).all());
            QCOMPARE(copy->summary().headNames[head], QStringLiteral("broad (queries zeroed)"));
        } else {
            QVERIFY(a == b);
            QCOMPARE(copy->summary().headNames[head], m_model.summary().headNames[head]);
        }
    }
}

void PatternsModelTest::broadCopyRefusesBadHeads_data() {
    QTest::addColumn<QString>("spec");
    QTest::newRow("head 6") << "builtin:patterns:broad=6";
    QTest::newRow("no number") << "builtin:patterns:broad=";
    QTest::newRow("a word") << "builtin:patterns:broad=previous";
}

void PatternsModelTest::broadCopyRefusesBadHeads() {
    QFETCH(QString, spec);
    try {
        headmap::loadModel(headmap::ModelSpec{spec, {}});
        QFAIL("no error");
    } catch (const headmap::ModelError& error) {
        QVERIFY2(error.message().contains(QStringLiteral("expected head numbers 0..5 after broad=")), error.what());
    }
}

void PatternsModelTest::tooLongInputIsRefused() {
    std::vector<int> ids(257, 10);
    ids.front() = 1;
    const Encoding tooLong = m_model.tokenizer().fromIds(ids);
    const QString message = thrownMessage<headmap::InputError>([&] { m_model.run(tooLong); });
    QVERIFY2(!message.isNull(), "257 tokens must be refused");
    QVERIFY2(message.contains(QLatin1String("256")) && message.contains(QLatin1String("257")),
             qPrintable(message));
    ids.pop_back();
    QVERIFY(thrownMessage<headmap::HeadmapError>([&] { m_model.run(m_model.tokenizer().fromIds(ids)); })
                .isNull());
}

void PatternsModelTest::cliShowsPreviousTokenPattern() {
    QProcess cli;
    cli.start(HEADMAP_CLI_PATH,
              {"attention", "--model", "builtin:patterns", "--text", kCoreference, "--layer", "0",
               "--head", "0"});
    cli.closeWriteChannel();
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray err = cli.readAllStandardError();
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, err.constData());
    const QJsonObject json = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QCOMPARE(json["model"].toObject()["name"].toString(), QStringLiteral("builtin:patterns"));
    QCOMPARE(json["model"].toObject()["architecture"].toString(), QStringLiteral("patterns"));
    QCOMPARE(json["layer_indices"].toArray(), QJsonArray{0});
    QCOMPARE(json["head_indices"].toArray(), QJsonArray{0});
    const QJsonArray rows = json["attention"][0][0].toArray();  // [layer][head][query][key]
    QCOMPARE(rows.size(), 16);
    QCOMPARE(json["tokens"].toArray().size(), 16);
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows[i].toArray();
        QCOMPARE(row.size(), 16);
        const int expected = std::max(i - 1, 0);
        QVERIFY2(row[expected].toDouble() >= kOnTarget,
                 qPrintable(QStringLiteral("row %1: %2 on key %3").arg(i).arg(row[expected].toDouble()).arg(expected)));
    }
}

void PatternsModelTest::cleanupTestCase() {
    // The smallest weight any head put on its target over headPatterns' sentences.
    for (int head = 0; head < PatternsModel::kHeads; ++head)
        if (head != Broad)
            qInfo("%-38s minimum on target %.6f", qPrintable(m_model.summary().headNames[head]),
                  m_minimum[head]);
}

QTEST_GUILESS_MAIN(PatternsModelTest)
#include "tst_patternsmodel.moc"
