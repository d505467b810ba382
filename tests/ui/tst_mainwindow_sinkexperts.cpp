// The Step by step tab of the main window on sinks and experts (issue #39), as a class uses it:
// open the gpt-oss or mixture-of-experts fixture, type the golden's sentence, pick a head, go to
// the tab. The step view then has the head's sink column (gpt-oss) and its layer's experts as the
// golden's router chose them (transformers' own classes, tests/fixtures/{gpt_oss,moe}); a dense
// layer and a dense model (qwen3_f32) bring neither. StepView's pages themselves:
// tst_stepview_sinkexperts.

#include <QJsonArray>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

#include "AttentionDocument.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "TestPaths.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::modelSpec;

namespace {

std::vector<std::vector<int>> rowsOf(const QJsonValue& value) {  // [token][k]; empty for null
    std::vector<std::vector<int>> rows;
    for (const QJsonValue& row : value.toArray()) {
        rows.emplace_back();
        for (const QJsonValue& v : row.toArray())
            rows.back().push_back(v.toInt());
    }
    return rows;
}

std::vector<int> ints(const QJsonValue& value) {
    std::vector<int> out;
    for (const QJsonValue& v : value.toArray())
        out.push_back(v.toInt());
    return out;
}

}  // namespace

class MainWindowSinkExpertsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }  // no settings of the user's
    void stepsTabShowsSinkAndExperts_data();
    void stepsTabShowsSinkAndExperts();
};

void MainWindowSinkExpertsTest::stepsTabShowsSinkAndExperts_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QJsonValue>("ids");      // the golden's tokens; null: not checked (dense model)
    QTest::addColumn<QJsonValue>("experts");  // the golden's [token][k] for the layer; null: none
    QTest::addColumn<bool>("sink");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    const QJsonObject gptOss = testsupport::fixtureJson(QStringLiteral("gpt_oss/golden.json")).value("cases").toArray().at(0).toObject();
    QVERIFY2(!gptOss.isEmpty(), "tests/fixtures/gpt_oss/golden.json is missing");
    QTest::newRow("gpt_oss layer 1 head 1") << testsupport::fixturePath(QStringLiteral("gpt_oss/gpt_oss_f32"))
                                            << gptOss.value("text").toString() << gptOss.value("ids")
                                            << QJsonValue(gptOss.value("experts").toArray().at(1)) << true << 1 << 1;
    const QJsonObject moe = testsupport::fixtureJson(QStringLiteral("moe/golden.json")).value("cases").toArray().at(0).toObject();
    QVERIFY2(moe.value("fixture").toString() == QLatin1String("qwen3_moe_f32"), "tests/fixtures/moe/golden.json changed");
    for (int layer : {1, 2})  // 1 is a dense layer between sparse ones
        QTest::newRow(qPrintable(QStringLiteral("qwen3_moe layer %1").arg(layer)))
            << testsupport::fixturePath(QStringLiteral("moe/qwen3_moe_f32")) << moe.value("text").toString()
            << moe.value("ids") << QJsonValue(moe.value("experts").toArray().at(layer)) << false << layer << 0;
    QTest::newRow("qwen3 (dense)") << testsupport::modelFixture(QStringLiteral("qwen3_f32"))
                                   << QStringLiteral("Experts read the tokens.") << QJsonValue() << QJsonValue()
                                   << false << 0 << 1;
}

void MainWindowSinkExpertsTest::stepsTabShowsSinkAndExperts() {
    QFETCH(QString, model);
    QFETCH(QString, text);
    QFETCH(QJsonValue, ids);
    QFETCH(QJsonValue, experts);
    QFETCH(bool, sink);
    QFETCH(int, layer);
    QFETCH(int, head);
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, modelSpec(model), QSize(1400, 900));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::StepsTab);
    document.setHeadIndex(layer, head);
    QVERIFY(mainwindowtests::runSentence(*window, text));
    StepView* view = window->stepView();
    QTRY_VERIFY(view->steps() && view->steps()->layer == layer && view->steps()->head == head);
    const auto trace = document.stepsTrace();
    QVERIFY(trace);
    if (!ids.isNull())  // the golden's tokens, so its experts are this run's
        QCOMPARE(trace->tokenIds(), ints(ids));

    const int t = int(view->steps()->q.rows());
    const int softmax = view->pageOf(StepView::Softmax);
    QCOMPARE(view->steps()->hasSink, sink);
    QCOMPARE(view->matrix(softmax, QStringLiteral("weights"))->matrixColumns(), sink ? t + 1 : t);
    QCOMPARE(view->noteText(softmax).isEmpty(), !sink);

    QCOMPARE(view->experts().chosen, rowsOf(experts));
    const int output = view->pageOf(StepView::Output);
    QCOMPARE(view->breakdownText(output).isEmpty(), experts.isNull());
    if (!experts.isNull()) {
        QCOMPARE(view->experts().total, trace->model().experts);
        view->setStep(output);
        QVERIFY(view->explanationText(output).contains(QStringLiteral("mixture of experts")));
    }
}

QTEST_MAIN(MainWindowSinkExpertsTest)
#include "tst_mainwindow_sinkexperts.moc"
