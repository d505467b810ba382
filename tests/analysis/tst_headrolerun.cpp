// scoreCorpus and the induction probe (analysis/HeadRoleRun.h), the engine API a GUI worker
// calls: progress after every document, stopping by the callback or the cancel flag with the
// finished documents kept, the forward pass's heads scored as a trace's would be, the probe's
// ids reproducible from its seed, and the stripe on a hand-made head.

#include <QtTest>

#include <atomic>

#include <QTemporaryDir>

#include "analysis/HeadRoleRun.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "TestFiles.h"

using namespace headmap;

class HeadRoleRunTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sameAsScoringEachTrace();
    void progressAndStop_data();
    void progressAndStop();
    void cancelFlag();
    void probeIdsFollowTheSeed();
    void stripeOfHandMadeHead();
    void refusesUnfitInput();

private:
    QString corpus(const QByteArray& bytes);
    QTemporaryDir m_dir;
    std::unique_ptr<Model> m_model;
    int m_files = 0;
};

void HeadRoleRunTest::initTestCase() { m_model = loadModel(ModelSpec{QStringLiteral("builtin:teaching"), {}}); }

QString HeadRoleRunTest::corpus(const QByteArray& bytes) {
    const QString path = m_dir.filePath(QStringLiteral("corpus%1.txt").arg(m_files++));
    if (!testsupport::writeFile(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void HeadRoleRunTest::sameAsScoringEachTrace() {
    const QByteArray text = "the cat saw the dog.\nDen lille kat, den store hund.\n\xE6\xB3\xA8\xE6\x84\x8F\xE3\x80\x82\n";
    CorpusReader reader(corpus(text), CorpusReader::Split::Lines, 1 << 20);
    const HeadRoleRun run = scoreCorpus(*m_model, reader, {});
    QVERIFY(!run.cancelled);
    // The same documents through run() and the trace, one at a time.
    HeadRoleScorer scorer(m_model->summary().layers, m_model->summary().heads);
    for (const QString& line : QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        scorer.addDocument(m_model->run(m_model->tokenize(line)).trace);
    const HeadRoleResult expected = scorer.result();
    QCOMPARE(run.result.documents, 3);
    QCOMPARE(run.result.tokens, expected.tokens);
    QCOMPARE(run.result.scores, expected.scores);
    for (int r = 0; r < kHeadRoleCount; ++r)
        for (size_t i = 0; i < expected.strongest[size_t(r)].size(); ++i) {
            QCOMPARE(run.result.strongest[size_t(r)][i].document, expected.strongest[size_t(r)][i].document);
            QCOMPARE(run.result.strongest[size_t(r)][i].position, expected.strongest[size_t(r)][i].position);
        }
}

void HeadRoleRunTest::progressAndStop_data() {
    QTest::addColumn<int>("stopAfter");  // the callback returns false after this many documents
    QTest::addColumn<int>("documents");
    QTest::addColumn<bool>("cancelled");
    QTest::newRow("runs to the end") << 100 << 5 << false;
    QTest::newRow("stops after 2") << 2 << 2 << true;
    QTest::newRow("stops after 1") << 1 << 1 << true;
}

void HeadRoleRunTest::progressAndStop() {
    QFETCH(int, stopAfter);
    QFETCH(int, documents);
    QFETCH(bool, cancelled);
    const QByteArray text = "one\ntwo two\nthree three three\nfour\nfive five\n";
    CorpusReader reader(corpus(text), CorpusReader::Split::Lines, 1 << 20);
    HeadRoleOptions options;
    QList<int> seen;
    QList<qint64> bytes;
    bool consistent = true;
    options.progress = [&](const HeadRoleProgress& progress, const HeadRoleScorer& scorer) {
        seen << progress.documents;
        bytes << progress.bytesRead;
        // The scorer holds a partial result to draw, of exactly the documents reported.
        consistent = consistent && scorer.result().documents == progress.documents &&
                     progress.totalBytes == qint64(text.size());
        return progress.documents < stopAfter;
    };
    const HeadRoleRun run = scoreCorpus(*m_model, reader, options);
    QVERIFY(consistent);
    QCOMPARE(run.cancelled, cancelled);
    QCOMPARE(run.result.documents, documents);
    QCOMPARE(seen.size(), documents);
    for (int i = 0; i < seen.size(); ++i)
        QCOMPARE(seen[i], i + 1);
    QVERIFY(std::is_sorted(bytes.begin(), bytes.end()));
}

void HeadRoleRunTest::cancelFlag() {
    CorpusReader reader(corpus("a\nb\nc\n"), CorpusReader::Split::Lines, 1 << 20);
    std::atomic<bool> cancel{false};
    HeadRoleOptions options;
    options.cancel = &cancel;
    options.progress = [&](const HeadRoleProgress& progress, const HeadRoleScorer&) {
        if (progress.documents == 1)
            cancel = true;  // as a GUI's Cancel button would, from another thread
        return true;
    };
    const HeadRoleRun run = scoreCorpus(*m_model, reader, options);
    QVERIFY(run.cancelled);
    QCOMPARE(run.result.documents, 1);
}

void HeadRoleRunTest::probeIdsFollowTheSeed() {
    const InductionProbe a = makeInductionProbe(*m_model, 7, 3, 42);
    const InductionProbe b = makeInductionProbe(*m_model, 7, 3, 42);
    const InductionProbe c = makeInductionProbe(*m_model, 7, 3, 43);
    QCOMPARE(a.sequences, b.sequences);
    QVERIFY(a.sequences != c.sequences);
    QCOMPARE(a.sequences.size(), size_t(3));
    for (const std::vector<int>& ids : a.sequences) {
        QCOMPARE(ids.size(), size_t(14));
        QVERIFY(std::equal(ids.begin(), ids.begin() + 7, ids.begin() + 7));  // repeated twice
        for (bool special : m_model->tokenizer().fromIds(ids).special)
            QVERIFY(!special);
    }
    const InductionProbeRun run = scoreInductionProbe(*m_model, a, {});
    QCOMPARE(run.run.result.documents, 3);
    QCOMPARE(run.run.result.tokens, qint64(42));
    QCOMPARE(run.stripe.size(), size_t(m_model->summary().layers * m_model->summary().heads));
}

void HeadRoleRunTest::stripeOfHandMadeHead() {
    // length 3, T = 6: rows 3, 4, 5 should look at keys 1, 2, 3. Row 3 does fully, row 4 half,
    // row 5 not at all: (1 + 0.5 + 0) / 3.
    MatrixF a = MatrixF::Zero(6, 6);
    a(3, 1) = 1.0f;
    a(4, 2) = 0.5f;
    a(4, 4) = 0.5f;
    a(5, 5) = 1.0f;
    QCOMPARE(inductionStripe(a, 3), 0.5);
    QVERIFY_THROWS_EXCEPTION(InputError, inductionStripe(a, 4));
}

void HeadRoleRunTest::refusesUnfitInput() {
    const auto patterns = loadModel(ModelSpec{QStringLiteral("builtin:patterns"), {}});
    CorpusReader empty(corpus(""), CorpusReader::Split::Lines, 1 << 20);
    QVERIFY_THROWS_EXCEPTION(InputError, scoreCorpus(*patterns, empty, {}));
    CorpusReader text(corpus("a b\n"), CorpusReader::Split::Lines, 1 << 20);
    HeadRoleOptions options;
    options.compare = m_model.get();  // the same tokenizer, another shape
    QVERIFY_THROWS_EXCEPTION(InputError, scoreCorpus(*patterns, text, options));
    QVERIFY_THROWS_EXCEPTION(InputError, makeInductionProbe(*patterns, 129, 1, 0));  // 258 > 256 positions
}

QTEST_GUILESS_MAIN(HeadRoleRunTest)
#include "tst_headrolerun.moc"
