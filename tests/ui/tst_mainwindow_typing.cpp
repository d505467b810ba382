// View > Update while typing, driven as a user would: keys typed into the sentence field of a
// window with a decoder, no Enter; after the pause the heatmap shows the engine's weights for
// the text typed (the engine run afresh on its own model is the reference), the rerun reuses
// the unchanged start, a result is never shown for another text, and with the toggle off (or
// an encoder) nothing runs until Enter.

#include <QAction>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QtTest>

#include "ModelFixtures.h"
#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "hf/HfModelLoader.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

ModelSpec fixtureSpec(const char* name) {
    ModelSpec spec;
    spec.source = modelfixtures::modelFixture(QString::fromLatin1(name));
    return spec;
}

// The reference: the fixture run by the engine directly, without the GUI or any reuse.
AttentionTrace engineTrace(const char* fixture, const QString& text) {
    const auto model = loadHfModelFolder(modelfixtures::modelFixture(QString::fromLatin1(fixture)), QStringLiteral("reference"));
    return model->run(model->tokenize(text)).trace;
}

void compareHeatmap(const MainWindow& window, const AttentionTrace& expected, int layer, int head) {
    const auto* heatmap = window.heatmap();
    QCOMPARE(heatmap->queryCount(), expected.length());
    QCOMPARE(heatmap->keyCount(), expected.length());
    for (int q = 0; q < expected.length(); ++q)
        for (int k = 0; k < expected.length(); ++k) {
            const double shown = heatmap->isMasked(q, k) ? double(heatmap->value(q, k)) : heatmap->cellValue(q, k);
            QVERIFY2(std::abs(shown - double(expected.weight(layer, head, q, k))) <= 1e-6,
                     qPrintable(QStringLiteral("cell %1, %2: %3 shown, %4 expected")
                                    .arg(q).arg(k).arg(shown).arg(expected.weight(layer, head, q, k))));
        }
}

// Longer than the typing pause and the runs of a tiny fixture, so that "nothing ran" means it.
constexpr int kQuietMs = 3 * MainWindow::kTypingDelayMs + 400;

}  // namespace

class MainWindowTypingTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void typingUpdatesTheHeatmap_data();
    void typingUpdatesTheHeatmap();
    void resultsAreNeverShownForAnotherText();
    void toggleOffWaitsForRunAndPersists();
    void encodersWaitForRun();
};

void MainWindowTypingTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // settings go to a scratch location
}

void MainWindowTypingTest::init() {
    QSettings().clear();
}

// then: typed after first, once its run is shown.
void MainWindowTypingTest::typingUpdatesTheHeatmap_data() {
    QTest::addColumn<QByteArray>("fixture");
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("then");
    QTest::newRow("llama: a word more") << QByteArray("llama_f32_tied") << QStringLiteral("the cat") << QStringLiteral(" sat");
    QTest::newRow("llama: one letter more") << QByteArray("llama_f32_tied") << QStringLiteral("the cat sat on") << QStringLiteral("e");
    QTest::newRow("qwen2 sliding window") << QByteArray("qwen2_bf16") << QStringLiteral("a b c d e f") << QStringLiteral(" g h");
    QTest::newRow("gemma2") << QByteArray("gemma2_f32") << QStringLiteral("hello there") << QStringLiteral(" you");
}

void MainWindowTypingTest::typingUpdatesTheHeatmap() {
    QFETCH(QByteArray, fixture);
    QFETCH(QString, first);
    QFETCH(QString, then);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(fixtureSpec(fixture.constData())));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.updateWhileTypingAction()->isChecked());  // on by default

    QTest::keyClicks(window.sentenceEdit(), first);
    QTRY_COMPARE_WITH_TIMEOUT(document.text(), first, 5000);  // no Enter: the pause ran it
    document.waitForIdle();
    const AttentionTrace before = engineTrace(fixture.constData(), first);
    QCOMPARE(document.pieceTrace()->tokenIds(), before.tokenIds());
    compareHeatmap(window, before, 0, 0);

    // The tokens of the last two traces shown: a slow machine may pause between keys and run
    // a text in between, and the last run reuses what the one before it computed.
    std::vector<int> previous, current = document.pieceTrace()->tokenIds();
    connect(&document, &AttentionDocument::traceChanged, this, [&] {
        previous = current;
        current = document.pieceTrace()->tokenIds();
    });
    QStringList messages;
    connect(window.statusBar(), &QStatusBar::messageChanged, this, [&](const QString& m) { messages << m; });
    QTest::keyClicks(window.sentenceEdit(), then);
    const QString both = first + then;
    QTRY_COMPARE_WITH_TIMEOUT(document.text(), both, 5000);
    document.waitForIdle();
    const AttentionTrace after = engineTrace(fixture.constData(), both);
    QCOMPARE(document.pieceTrace()->tokenIds(), after.tokenIds());
    QCOMPARE(window.heatmap()->queryCount(), after.length());
    const int last = document.modelSummary().layers - 1;
    document.setHeadIndex(last, document.modelSummary().heads - 1);
    compareHeatmap(window, after, last, document.modelSummary().heads - 1);

    // The run took over the tokens both texts start with, and the status bar said so.
    int shared = 0;
    while (shared < int(previous.size()) && shared < int(current.size()) - 1 &&
           previous[size_t(shared)] == current[size_t(shared)])
        ++shared;
    QVERIFY(shared > 0);
    QCOMPARE(document.reusedTokens(), shared);
    const QString said = QStringLiteral("%1 reused from the last run").arg(shared);
    QVERIFY2(!messages.filter(said).isEmpty(), qPrintable(messages.join(QStringLiteral(" | "))));
}

// Keys typed faster than the runs finish: every trace the document delivers is the one of the
// text it holds at that moment, and the last is the text typed.
void MainWindowTypingTest::resultsAreNeverShownForAnotherText() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(fixtureSpec("llama_f32_tied")));
    const auto reference = loadHfModelFolder(modelfixtures::modelFixture(QStringLiteral("llama_f32_tied")), QStringLiteral("reference"));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList wrong;
    int delivered = 0;
    connect(&document, &AttentionDocument::traceChanged, this, [&] {
        if (document.pieceTrace()->isEmpty())
            return;
        ++delivered;
        if (document.pieceTrace()->tokenIds() != reference->tokenize(document.text()).ids)
            wrong << document.text();
    });
    const QString text = QStringLiteral("the quick brown fox jumps over the lazy dog");
    for (int i = 0; i < text.size(); ++i) {
        QTest::keyClicks(window.sentenceEdit(), text.mid(i, 1));
        // Now and then a pause just past the delay: a run starts, then the next key supersedes it.
        QTest::qWait(i % 7 == 6 ? MainWindow::kTypingDelayMs + 20 : 5);
    }
    QTRY_COMPARE_WITH_TIMEOUT(document.text(), text, 5000);
    document.waitForIdle();
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral(" | "))));
    QVERIFY(delivered >= 1);
    const AttentionTrace expected = engineTrace("llama_f32_tied", text);
    QCOMPARE(document.pieceTrace()->tokenIds(), expected.tokenIds());
    compareHeatmap(window, expected, 0, 0);
}

void MainWindowTypingTest::toggleOffWaitsForRunAndPersists() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(fixtureSpec("llama_f32_tied")));
    {
        MainWindow window(&document);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.updateWhileTypingAction()->trigger();  // as the View menu does
        QVERIFY(!window.updateWhileTypingAction()->isChecked());
        QVERIFY(!document.reusesPrefix());
        QTest::keyClicks(window.sentenceEdit(), QStringLiteral("the cat sat"));
        QTest::qWait(kQuietMs);
        QVERIFY(document.text().isEmpty());
        QVERIFY(document.trace().isEmpty());
        QVERIFY(!document.isBusy());
        QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
        document.waitForIdle();
        QCOMPARE(document.pieceTrace()->tokenIds(), engineTrace("llama_f32_tied", QStringLiteral("the cat sat")).tokenIds());
        QCOMPARE(document.reusedTokens(), 0);
        window.close();  // saves the settings
    }
    QVERIFY(!AppSettings::load().updateWhileTyping);
    AttentionDocument again;
    QVERIFY(again.setModelSpec(fixtureSpec("llama_f32_tied")));
    MainWindow next(&again);
    QVERIFY(!next.updateWhileTypingAction()->isChecked());
    QVERIFY(!again.reusesPrefix());
}

// An encoder's every row changes with a new token: typing waits for Enter, the toggle on.
void MainWindowTypingTest::encodersWaitForRun() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(fixtureSpec("bert_f32_prefixed")));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.updateWhileTypingAction()->isChecked());
    QTest::keyClicks(window.sentenceEdit(), QStringLiteral("the cat"));
    QTest::qWait(kQuietMs);
    QVERIFY(document.text().isEmpty());
    QVERIFY(document.trace().isEmpty());
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    document.waitForIdle();
    QVERIFY(!document.trace().isEmpty());
    QCOMPARE(document.reusedTokens(), 0);
}

QTEST_MAIN(MainWindowTypingTest)
#include "tst_mainwindow_typing.moc"
