// Derived traces (#10): hiding special tokens (shownTrace), value-norm weighting
// (weightedByValueNorm) and word merging (mergeIntoWords) make a trace whose heads are computed
// from the original's when asked for (AttentionTrace::deriveHeads), instead of copying every
// head. The reference is the eager derivation these functions did before, written out here from
// the original trace's full capture (RunOptions::storeHead): restrict and renormalise each head,
// scale each key's column by its value norm, add a head's pieces up into words in double. The
// lazy trace must give the same bits for every head, and hold no head until one is asked for.

#include <cstring>

#include <QDir>
#include <QtTest>

#include "analysis/AttentionMeasure.h"
#include "analysis/AttentionTransforms.h"
#include "analysis/WordAggregation.h"
#include "model/ModelLoader.h"
#include "views/ViewSupport.h"

using namespace headmap;

namespace {

QString sourceOf(const QString& name) {
    if (name.startsWith(QLatin1String("builtin:")))
        return name;
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/") + name);
}

// The original trace with every head stored, so the references below read the forward pass's
// own weights and the lazy trace is derived from a trace of queries and keys like the GUI's.
struct Run {
    AttentionTrace stored;
    std::shared_ptr<const AttentionTrace> onDemand;
};

Run runOf(const QString& name, const QString& text) {
    const auto model = loadModel(ModelSpec{sourceOf(name), {}});
    const Encoding input = model->tokenize(text);
    RunOptions options;
    options.valueNorms = true;
    options.storeHead = [](int, int) { return true; };
    Run run;
    run.stored = model->run(input, options).trace;
    options.storeHead = {};
    run.onDemand = std::make_shared<const AttentionTrace>(model->run(input, options).trace);
    return run;
}

// The eager derivations, one (T', T') head each, as the functions computed them before.
MatrixF eagerHidden(const AttentionTrace& trace, int l, int h) {
    return withoutTokens(MatrixF(trace.head(l, h)), keptTokens(trace.special()), true);
}

MatrixF eagerWeighted(const AttentionTrace& trace, int l, int h) {
    MatrixF weights = trace.head(l, h);
    weights.array().rowwise() *= trace.valueNorms(l, h).array();
    return weights;
}

MatrixF eagerWords(const AttentionTrace& trace, const MatrixF& head) {
    const std::vector<int> word = wordOfTokens(trace);
    const int words = trace.length() == 0 ? 0 : word.back() + 1;
    std::vector<int> count(size_t(words), 0);
    for (int w : word)
        ++count[size_t(w)];
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(words, words);
    for (int i = 0; i < trace.length(); ++i)
        for (int j = 0; j < trace.length(); ++j)
            out(word[size_t(i)], word[size_t(j)]) += 1.0 / double(count[size_t(word[size_t(i)])]) * double(head(i, j));
    return out.cast<float>();
}

QString bitDifference(const MatrixF& expected, const ConstMatrixMap& actual) {
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols())
        return QStringLiteral("shape %1x%2, expected %3x%4")
            .arg(actual.rows()).arg(actual.cols()).arg(expected.rows()).arg(expected.cols());
    for (Eigen::Index r = 0; r < expected.rows(); ++r)
        for (Eigen::Index c = 0; c < expected.cols(); ++c)
            if (std::memcmp(&expected.coeffRef(r, c), &actual.coeffRef(r, c), sizeof(float)) != 0)
                return QStringLiteral("(%1, %2): %3, expected %4")
                    .arg(r).arg(c).arg(double(actual(r, c)), 0, 'g', 9).arg(double(expected(r, c)), 0, 'g', 9);
    return {};
}

}  // namespace

class TestDerivedTraces : public QObject {
    Q_OBJECT
private slots:
    void lazyEqualsEager_data();
    void lazyEqualsEager();
    void derivedOfDerived_data();
    void derivedOfDerived();
    void storedHeadsOfTheSourceAreUsed();
};

void TestDerivedTraces::lazyEqualsEager_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("derivation");
    // WordPiece with [CLS]/[SEP], byte-level BPE, SentencePiece with <s>, a builtin.
    for (const QString model : {"bert_f32_prefixed", "gpt2_f32", "llama_f32_tied", "builtin:teaching"})
        for (const QString derivation : {"hide special", "value norm", "words"})
            QTest::newRow(qPrintable(model + QLatin1Char(' ') + derivation)) << model << derivation;
}

void TestDerivedTraces::lazyEqualsEager() {
    QFETCH(QString, model);
    QFETCH(QString, derivation);
    // The decoders' tokenizers add no special token of their own: the text holds one.
    const QString special = model == QLatin1String("gpt2_f32")         ? QStringLiteral("<|endoftext|>")
                            : model == QLatin1String("llama_f32_tied") ? QStringLiteral("<|begin_of_text|>")
                                                                       : QString();
    const Run run = runOf(model, special + QStringLiteral("the cat sat, unbelievably, on the mat"));
    const AttentionTrace& original = *run.onDemand;
    QVERIFY(original.length() > 2);

    std::shared_ptr<const AttentionTrace> lazy;
    if (derivation == QLatin1String("hide special")) {
        lazy = ui::shownTrace(run.onDemand, true);
        if (lazy == run.onDemand)
            QSKIP("no special token to hide in this model's encoding");
    } else if (derivation == QLatin1String("value norm")) {
        lazy = std::make_shared<const AttentionTrace>(weightedByValueNorm(original));
    } else {
        lazy = std::make_shared<const AttentionTrace>(mergeIntoWords(original));
    }
    // Nothing is computed before a head is asked for, neither in the derived trace nor in the
    // one it reads.
    QVERIFY(lazy->isDerived());
    QCOMPARE(lazy->headCache().heads(), 0);
    QCOMPARE(original.headCache().heads(), 0);
    for (int l = 0; l < lazy->layers(); ++l)
        for (int h = 0; h < lazy->heads(); ++h)
            QVERIFY(!lazy->isStored(l, h));

    for (int l = 0; l < original.layers(); ++l)
        for (int h = 0; h < original.heads(); ++h) {
            MatrixF expected;
            if (derivation == QLatin1String("hide special"))
                expected = eagerHidden(run.stored, l, h);
            else if (derivation == QLatin1String("value norm"))
                expected = eagerWeighted(run.stored, l, h);
            else
                expected = eagerWords(run.stored, run.stored.head(l, h));
            const QString difference = bitDifference(expected, lazy->head(l, h));
            QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("L%1 H%2 %3").arg(l).arg(h).arg(difference)));
        }
    // The derived trace cached what it showed; the source's cache stayed empty.
    QVERIFY(lazy->headCache().heads() > 0);
    QCOMPARE(original.headCache().heads(), 0);
    QCOMPARE(lazy->length(), int(lazy->head(0, 0).rows()));
}

void TestDerivedTraces::derivedOfDerived_data() {
    QTest::addColumn<QString>("model");
    for (const QString model : {"bert_f32_prefixed", "gpt2_f32"})
        QTest::newRow(qPrintable(model)) << model;
}

void TestDerivedTraces::derivedOfDerived() {
    // The document's value-norm trace merged into words, then shown without special tokens.
    QFETCH(QString, model);
    const Run run = runOf(model, QStringLiteral("unbelievably, the cat sat"));
    auto words = std::make_shared<const AttentionTrace>(mergeIntoWords(weightedByValueNorm(*run.onDemand)));
    const auto shown = ui::shownTrace(words, true);
    QCOMPARE(words->headCache().heads(), 0);
    for (int l = 0; l < run.stored.layers(); ++l)
        for (int h = 0; h < run.stored.heads(); ++h) {
            const MatrixF merged = eagerWords(run.stored, eagerWeighted(run.stored, l, h));
            QCOMPARE(bitDifference(merged, words->head(l, h)), QString());
            if (shown != words) {
                const MatrixF hidden = withoutTokens(merged, keptTokens(words->special()), true);
                QCOMPARE(bitDifference(hidden, shown->head(l, h)), QString());
            }
        }
}

void TestDerivedTraces::storedHeadsOfTheSourceAreUsed() {
    // A source filled by hand (headData, no queries or keys): the derived trace reads what was
    // written.
    ModelSummary summary;
    summary.layers = 1;
    summary.heads = 2;
    auto filled = std::make_shared<AttentionTrace>(summary, std::vector<int>{1, 2, 3}, QStringList{"a", "b", "c"},
                                                   QStringList{"a", "b", "c"}, std::vector<bool>{true, false, false});
    for (int h = 0; h < 2; ++h)
        for (int i = 0; i < 9; ++i)
            filled->headData(0, h)[i] = float(1 + i + 10 * h);
    const MatrixF before = filled->head(0, 1);
    const auto shown = ui::shownTrace(filled, true);
    QCOMPARE(shown->length(), 2);
    QCOMPARE(bitDifference(withoutTokens(before, {1, 2}, true), shown->head(0, 1)), QString());
}

QTEST_GUILESS_MAIN(TestDerivedTraces)
#include "tst_derivedtraces.moc"
