// StepView offscreen on the sink and mixture-of-experts fixtures (issue #39). gpt-oss
// (tests/fixtures/gpt_oss): the Mask page's last column is the head's sink logit as the model
// file holds it, the Softmax page's last column is the sink's share, 1 − the row's sum in the
// golden (transformers' own GptOss classes, make_gpt_oss_fixtures.py), the tokens' weights are
// the golden's, and the pages say why rows add up to less than 1. Mixture of experts
// (tests/fixtures/moe and gpt_oss): the output page's panel names each token's experts as the
// golden's router chose them; a dense layer, and a dense family (qwen3_f32), show nothing extra.
// With HEADMAP_SHOT_DIR set the pages are saved in English, Danish and Chinese, 800 px wide.

#include <cmath>

#include <QDir>
#include <QJsonArray>
#include <QRegularExpression>
#include <QtTest>

#include "formats/SafetensorsFile.h"
#include "hf/HfModelLoader.h"
#include "Language.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"
#include "TestPaths.h"
#include "WidgetTestSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

struct Run {
    std::shared_ptr<const HeadSteps> steps;
    QStringList tokens;
    LayerExperts experts;
};

std::vector<int> ints(const QJsonValue& value) {
    std::vector<int> out;
    for (const QJsonValue& v : value.toArray())
        out.push_back(v.toInt());
    return out;
}

// folder: relative to tests/fixtures, e.g. "gpt_oss/gpt_oss_f32".
Run runFixture(const QString& folder, const std::vector<int>& ids, int layer, int head) {
    const auto model = loadHfModelFolder(testsupport::fixturePath(folder), QStringLiteral("fixture"));
    RunOptions options;
    options.steps = HeadIndex{layer, head, std::nullopt};
    const RunResult result = model->run(model->tokenizer().fromIds(ids), options);
    return {std::make_shared<const HeadSteps>(*result.steps), result.trace.displayTokens(),
            layerExpertsOf(result.trace, layer)};
}

bool showRun(StepView& view, const Run& run, QSize size = QSize(1400, 900)) {
    if (!testsupport::showWidget(view, size))
        return false;
    view.setSteps(run.steps, run.tokens, QStringLiteral("Layer · head"), QString(), QStringList(), run.experts);
    return true;
}

QJsonArray cases(const QString& golden) {
    return testsupport::fixtureJson(golden).value("cases").toArray();
}

// The golden's row of head (layer, head) for query q.
QJsonArray goldenRow(const QJsonObject& golden, int layer, int head, int q) {
    return golden.value("attention").toArray()[layer].toArray()[head].toArray()[q].toArray();
}

void clickRow(MatrixView* view, int row) {
    view->scrollToCell(row, 0);
    QTest::mouseClick(view->cellArea(), Qt::LeftButton, {}, QPoint(8, view->cellRect(row, 0).center().y()));
}

QString expertList(const QJsonValue& experts) {
    QStringList ids;
    for (int e : ints(experts))
        ids << QString::number(e);
    return ids.join(QStringLiteral(", "));
}

// Lets the layout settle and grabs the widget as a screen would show it (which is when a layout
// asks for its minimum size); saved as name.png in HEADMAP_SHOT_DIR when that is set.
void saveShot(QWidget& widget, const QString& name) {
    QTest::qWait(20);
    const QPixmap shot = widget.grab();
    if (qEnvironmentVariableIsSet("HEADMAP_SHOT_DIR"))
        QVERIFY(shot.save(qEnvironmentVariable("HEADMAP_SHOT_DIR") + QLatin1Char('/') + name + QStringLiteral(".png")));
}

}  // namespace

class StepViewSinkExpertsTest : public QObject {
    Q_OBJECT
private slots:
    void sinkColumnsMatchTheGolden_data();
    void sinkColumnsMatchTheGolden();
    void softmaxBreakdownCountsTheSink();
    void outputPageNamesTheExperts_data();
    void outputPageNamesTheExperts();
    void denseFamilyShowsNothingExtra();
    void sinkColumnSelectsOnlyTheRow();
    void pagesSpeakTheLanguage_data();
    void pagesSpeakTheLanguage();
};

void StepViewSinkExpertsTest::sinkColumnsMatchTheGolden_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    const QJsonArray all = cases(QStringLiteral("gpt_oss/golden.json"));
    QVERIFY2(all.size() == 2, "tests/fixtures/gpt_oss/golden.json is missing or lost cases");
    // Sliding (0) and full (1) layers; heads 0 and 1 have the sink 3.0 in layers 0 and 1.
    for (const char* folder : {"gpt_oss_f32", "gpt_oss_mxfp4"})
        for (const auto& [layer, head] : {std::pair{0, 0}, {0, 3}, {1, 1}, {2, 2}})
            for (const QJsonValue& c : all)
                QTest::newRow(qPrintable(QStringLiteral("%1 %2 L%3 H%4").arg(QLatin1String(folder),
                                         c.toObject().value("name").toString()).arg(layer).arg(head)))
                    << QString::fromLatin1(folder) << c.toObject() << layer << head;
}

void StepViewSinkExpertsTest::sinkColumnsMatchTheGolden() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    QFETCH(int, layer);
    QFETCH(int, head);
    const Run run = runFixture(QStringLiteral("gpt_oss/") + folder, ints(golden.value("ids")), layer, head);
    StepView view;
    QVERIFY(showRun(view, run));
    const int t = int(run.steps->q.rows());
    QCOMPARE(t, int(ints(golden.value("ids")).size()));

    // The sink logit as the checkpoint holds it (BF16 in both twins).
    const SafetensorsFile file(testsupport::fixturePath(QStringLiteral("gpt_oss/%1/model.safetensors").arg(folder)));
    const float sink = file.floats(QStringLiteral("model.layers.%1.self_attn.sinks").arg(layer))[head];
    QVERIFY(run.steps->hasSink);
    QCOMPARE(run.steps->sink, sink);

    const int maskedPage = view.pageOf(StepView::Masked);
    const int softmaxPage = view.pageOf(StepView::Softmax);
    MatrixView* masked = view.matrix(maskedPage, QStringLiteral("masked"));
    MatrixView* weights = view.matrix(softmaxPage, QStringLiteral("weights"));
    QVERIFY(masked && weights);
    QCOMPARE(masked->matrixColumns(), t + 1);
    QCOMPARE(weights->matrixColumns(), t + 1);
    QCOMPARE(masked->grid()->columnLabel(t), QStringLiteral("sink"));
    QCOMPARE(weights->grid()->columnLabel(t), QStringLiteral("sink"));
    double weightDiff = 0.0, sinkDiff = 0.0;
    for (int q = 0; q < t; ++q) {
        QCOMPARE(masked->valueAt(q, t), double(sink));
        const QJsonArray row = goldenRow(golden, layer, head, q);
        double sum = 0.0;
        for (int k = 0; k < t; ++k) {
            sum += row[k].toDouble();
            weightDiff = std::max(weightDiff, std::abs(weights->valueAt(q, k) - row[k].toDouble()));
        }
        QVERIFY(sum < 1.0);
        sinkDiff = std::max(sinkDiff, std::abs(weights->valueAt(q, t) - (1.0 - sum)));
    }
    QVERIFY2(weightDiff <= 1e-4, qPrintable(QString::number(weightDiff)));
    QVERIFY2(sinkDiff <= 1e-4, qPrintable(QString::number(sinkDiff)));

    QVERIFY2(view.noteText(maskedPage).contains(QStringLiteral("sink: a learned score of %1").arg(QString::number(sink, 'g', 4))),
             qPrintable(view.noteText(maskedPage)));
    QVERIFY(view.noteText(softmaxPage).contains(QStringLiteral("It is dropped")));
    QVERIFY(view.formulaText(softmaxPage).contains(QStringLiteral("exp(sink)")));
    QVERIFY(view.formulaText(softmaxPage).contains(QStringLiteral("every row adds up to less than 1")));
    QVERIFY2(view.explanationText(softmaxPage).contains(QStringLiteral("the missing mass went to the sink")),
             qPrintable(view.explanationText(softmaxPage)));
}

// The softmax written out for a clicked row has the sink as one more, dropped, row; its weight is
// the golden's 1 − the row's sum.
void StepViewSinkExpertsTest::softmaxBreakdownCountsTheSink() {
    const QJsonObject golden = cases(QStringLiteral("gpt_oss/golden.json")).at(0).toObject();
    const int layer = 1, head = 1, query = 5;
    const Run run = runFixture(QStringLiteral("gpt_oss/gpt_oss_f32"), ints(golden.value("ids")), layer, head);
    StepView view;
    QVERIFY(showRun(view, run));
    view.setStep(view.pageOf(StepView::Softmax));
    clickRow(view.matrix(view.step(), QStringLiteral("weights")), query);
    QCOMPARE(view.selectedToken(), query);
    saveShot(view, QStringLiteral("steps_sink_softmax_wide"));
    const QString text = view.breakdownText();
    QVERIFY2(text.contains(QStringLiteral("sink (dropped)")), qPrintable(text));
    double sum = 0.0;
    for (const QJsonValue& v : goldenRow(golden, layer, head, query))
        sum += v.toDouble();
    // "The sink's weight 0.123 is dropped, …": three decimals, as the panel writes numbers.
    const QRegularExpression dropped(QStringLiteral("The sink's weight ([0-9.e−-]+) is dropped"));
    const QRegularExpressionMatch match = dropped.match(text);
    QVERIFY2(match.hasMatch(), qPrintable(text));
    const double shown = match.captured(1).replace(QChar(0x2212), QLatin1Char('-')).toDouble();
    QVERIFY2(std::abs(shown - (1.0 - sum)) <= 1e-3 * std::max(1.0, std::abs(1.0 - sum)),
             qPrintable(QStringLiteral("%1 vs %2").arg(shown).arg(1.0 - sum)));
}

void StepViewSinkExpertsTest::outputPageNamesTheExperts_data() {
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QJsonObject>("golden");
    QTest::addColumn<int>("layer");
    const QJsonArray moe = cases(QStringLiteral("moe/golden.json"));
    QVERIFY2(moe.size() == 8, "tests/fixtures/moe/golden.json is missing or lost cases");
    for (const QJsonValue& v : moe) {
        const QJsonObject c = v.toObject();
        const int layers = c.value("experts").toArray().size();
        for (int layer = 0; layer < layers; ++layer)  // sparse and dense layers (qwen3_moe 1, qwen2_moe 0, 2)
            QTest::newRow(qPrintable(QStringLiteral("%1 L%2").arg(c.value("name").toString()).arg(layer)))
                << QStringLiteral("moe/") + c.value("fixture").toString() << c << layer;
    }
    const QJsonObject gptOss = cases(QStringLiteral("gpt_oss/golden.json")).at(0).toObject();
    for (int layer : {0, 2})
        QTest::newRow(qPrintable(QStringLiteral("gpt_oss L%1").arg(layer)))
            << QStringLiteral("gpt_oss/gpt_oss_f32") << gptOss << layer;
}

void StepViewSinkExpertsTest::outputPageNamesTheExperts() {
    QFETCH(QString, folder);
    QFETCH(QJsonObject, golden);
    QFETCH(int, layer);
    const QJsonValue expected = golden.value("experts").toArray()[layer];
    const Run run = runFixture(folder, ints(golden.value("ids")), layer, 0);
    StepView view;
    QVERIFY(showRun(view, run));
    const int page = view.pageOf(StepView::Output);
    view.setStep(page);
    const QString panel = view.breakdownText(page);
    if (expected.isNull()) {  // a dense layer: no panel, no words about experts
        QVERIFY(run.experts.empty());
        QVERIFY2(panel.isEmpty(), qPrintable(panel));
        QVERIFY(!view.explanationText(page).contains(QStringLiteral("expert")));
        return;
    }
    const QJsonArray rows = expected.toArray();
    QCOMPARE(int(run.experts.chosen.size()), rows.size());
    QVERIFY2(view.explanationText(page).contains(QStringLiteral("a router sends each token to %1 of them")
                                                     .arg(rows[0].toArray().size())),
             qPrintable(view.explanationText(page)));
    QVERIFY(panel.startsWith(QStringLiteral("Experts in this layer")));
    // The title, the table's two headers, then a row per token: "#i “token”" and its experts in
    // the router's order (plain text puts each cell of the table on a line of its own).
    const QStringList lines = panel.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3 + 2 * rows.size());
    for (int token = 0; token < rows.size(); ++token) {
        QCOMPARE(lines[3 + 2 * token], QStringLiteral("#%1 “%2”").arg(token).arg(run.tokens[token]));
        QCOMPARE(lines[4 + 2 * token], expertList(rows[token]));
    }
    QVERIFY(view.isVisible());
}

void StepViewSinkExpertsTest::denseFamilyShowsNothingExtra() {
    const auto model = loadHfModelFolder(testsupport::modelFixture(QStringLiteral("qwen3_f32")), QStringLiteral("fixture"));
    RunOptions options;
    options.steps = HeadIndex{0, 1, std::nullopt};
    const RunResult result = model->run(model->tokenizer().fromIds({2, 17, 45, 90, 33, 120, 7}), options);
    QVERIFY(!result.steps->hasSink);
    const LayerExperts experts = layerExpertsOf(result.trace, 0);
    QVERIFY(experts.empty());
    StepView view;
    QVERIFY(showRun(view, Run{std::make_shared<const HeadSteps>(*result.steps), result.trace.displayTokens(), experts},
                    QSize(800, 700)));
    const int t = int(result.steps->q.rows());
    const int maskedPage = view.pageOf(StepView::Masked);
    const int softmaxPage = view.pageOf(StepView::Softmax);
    QCOMPARE(view.matrix(maskedPage, QStringLiteral("masked"))->matrixColumns(), t);
    QCOMPARE(view.matrix(softmaxPage, QStringLiteral("weights"))->matrixColumns(), t);
    QVERIFY(view.noteText(maskedPage).isEmpty());
    QVERIFY(view.noteText(softmaxPage).isEmpty());
    QVERIFY(view.formulaText(softmaxPage).contains(QStringLiteral("every row adds up to 1")));
    QVERIFY(!view.explanationText(softmaxPage).contains(QStringLiteral("sink")));
    const int output = view.pageOf(StepView::Output);
    QVERIFY(view.breakdownText(output).isEmpty());
    QVERIFY(!view.explanationText(output).contains(QStringLiteral("expert")));
    view.setStep(softmaxPage);
    clickRow(view.matrix(softmaxPage, QStringLiteral("weights")), 3);
    QVERIFY(!view.breakdownText().contains(QStringLiteral("sink")));
    saveShot(view, QStringLiteral("steps_dense_softmax"));
}

// Clicking the sink's column selects its row's token but names no key (it is none).
void StepViewSinkExpertsTest::sinkColumnSelectsOnlyTheRow() {
    const QJsonObject golden = cases(QStringLiteral("gpt_oss/golden.json")).at(1).toObject();
    const Run run = runFixture(QStringLiteral("gpt_oss/gpt_oss_mxfp4"), ints(golden.value("ids")), 1, 0);
    StepView view;
    QVERIFY(showRun(view, run));
    const int t = int(run.steps->q.rows());
    for (const auto& [kind, id] : {std::pair{StepView::Masked, "masked"}, {StepView::Softmax, "weights"}}) {
        view.setStep(view.pageOf(kind));
        MatrixView* matrix = view.matrix(view.step(), QLatin1String(id));
        matrix->scrollToCell(4, t);
        QTest::mouseClick(matrix->cellArea(), Qt::LeftButton, {}, matrix->cellRect(4, t).center());
        QCOMPARE(view.selectedToken(), 4);
        QVERIFY(!view.breakdownText().isEmpty());  // the row's calculation, without a crash
    }
}

void StepViewSinkExpertsTest::pagesSpeakTheLanguage_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("sink");  // the sink column's label
    QTest::newRow("en") << "en" << "sink";
    QTest::newRow("da") << "da" << "dræn";
    QTest::newRow("zh_CN") << "zh_CN" << "汇聚点";
}

// 800 px wide, as on a classroom projector: the Mask and Softmax pages of gpt-oss and the output
// page of a mixture of experts, in each language (saved with HEADMAP_SHOT_DIR, to look at).
void StepViewSinkExpertsTest::pagesSpeakTheLanguage() {
    QFETCH(QString, language);
    QFETCH(QString, sink);
    QCOMPARE(installLanguage(language), language);
    const QJsonObject gptOss = cases(QStringLiteral("gpt_oss/golden.json")).at(0).toObject();
    const Run run = runFixture(QStringLiteral("gpt_oss/gpt_oss_f32"), ints(gptOss.value("ids")), 0, 0);
    const int t = int(run.steps->q.rows());
    StepView view;
    QVERIFY(showRun(view, run, QSize(800, 700)));
    for (const auto& [kind, id, name] : {std::tuple{StepView::Masked, "masked", "mask"},
                                        {StepView::Softmax, "weights", "softmax"}}) {
        view.setStep(view.pageOf(kind));
        QCOMPARE(view.matrix(view.step(), QLatin1String(id))->grid()->columnLabel(t), sink);
        clickRow(view.matrix(view.step(), QLatin1String(id)), 3);
        saveShot(view, QStringLiteral("steps_sink_%1_%2").arg(QLatin1String(name), language));
        QCOMPARE(view.width(), 800);  // going from page to page, the view does not grow past the projector's width
    }
    const QJsonObject moe = cases(QStringLiteral("moe/golden.json")).at(0).toObject();
    const Run experts = runFixture(QStringLiteral("moe/qwen3_moe_f32"), ints(moe.value("ids")), 2, 1);
    view.setSteps(experts.steps, experts.tokens, QStringLiteral("Layer 2 · head 1"), QString(), QStringList(),
                  experts.experts);
    view.setStep(view.pageOf(StepView::Output));
    view.setSelectedToken(20);  // far down the panel, which scrolls to it
    const QString panel = view.breakdownText();
    QVERIFY(panel.contains(expertList(moe.value("experts").toArray()[2].toArray()[20])));
    if (language != QLatin1String("en"))  // translated, not left in English
        QVERIFY2(!panel.startsWith(QStringLiteral("Experts in this layer")), qPrintable(panel));
    saveShot(view, QStringLiteral("steps_experts_%1").arg(language));
    QCOMPARE(view.width(), 800);
    QCOMPARE(installLanguage(QStringLiteral("en")), QStringLiteral("en"));
}

QTEST_MAIN(StepViewSinkExpertsTest)
#include "tst_stepview_sinkexperts.moc"
