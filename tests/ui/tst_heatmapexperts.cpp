// The heatmap's tooltip says which experts a token went to (issue #39): a mixture-of-experts
// model's head, loaded by HeadLoader as the window shows it, hovered through the real widget.
// The experts are the run's (tst_moemodel checks them against transformers); here: the line is
// there for every row of a sparse layer, in the router's order, follows hidden special tokens,
// and is absent on a dense layer and for a dense model.

#include <QtTest>
#include <qcustomplot.h>

#include "HeatmapTestSupport.h"
#include "HeatmapView.h"
#include "hf/HfModelLoader.h"
#include "heatmap/HeadLoader.h"

using namespace headmap;
using namespace headmap::ui;
using heatmaptests::hover;

namespace {

QString moeFixture(const QString& name) {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/moe/") + name;
}

QString expertList(const std::vector<int>& experts) {
    QStringList ids;
    for (int e : experts)
        ids << QString::number(e);
    return ids.join(QStringLiteral(", "));
}

}  // namespace

class HeatmapExpertsTest : public QObject {
    Q_OBJECT
private slots:
    void tooltipNamesTheExperts_data();
    void tooltipNamesTheExperts();
    void denseModelHasNoExpertLine();
};

void HeatmapExpertsTest::tooltipNamesTheExperts_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("layer");
    QTest::addColumn<bool>("sparse");
    QTest::newRow("mixtral layer 1") << "mixtral_f32" << 1 << true;
    QTest::newRow("qwen3_moe layer 2") << "qwen3_moe_f32" << 2 << true;
    QTest::newRow("qwen3_moe dense layer 1") << "qwen3_moe_f32" << 1 << false;
}

void HeatmapExpertsTest::tooltipNamesTheExperts() {
    QFETCH(QString, fixture);
    QFETCH(int, layer);
    QFETCH(bool, sparse);
    const auto model = loadHfModelFolder(moeFixture(fixture), "fixture");
    const RunResult run = model->run(model->tokenize(QStringLiteral("Experts read the tokens.")));
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(run.trace, layer, 0, false, view.pyramidKind(false), false));
    const int t = run.trace.length();
    for (int query : {0, t / 2, t - 1}) {
        hover(view, view.cellCenter(query, 0));
        const QString text = view.hoverText();
        const QString line = QStringLiteral("In this layer token #%1 went to experts ").arg(query);
        if (!sparse) {
            QVERIFY2(!text.contains(QStringLiteral("went to experts")), qPrintable(text));
            continue;
        }
        const std::vector<int>& experts = run.trace.experts()[size_t(layer)][size_t(query)];
        QVERIFY2(text.contains(line + expertList(experts) + QStringLiteral(" (the router's order)")), qPrintable(text));
    }
}

void HeatmapExpertsTest::denseModelHasNoExpertLine() {
    const auto model = loadHfModelFolder(QStringLiteral(HEADMAP_FIXTURES_DIR "/models/qwen3_f32"), "dense");
    const RunResult run = model->run(model->tokenize(QStringLiteral("Experts read the tokens.")));
    QVERIFY(!run.trace.hasExperts());
    HeatmapView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setContent(HeadLoader::headContent(run.trace, 0, 0, false, view.pyramidKind(false), false));
    hover(view, view.cellCenter(2, 1));
    QVERIFY(!view.hoverText().isEmpty());
    QVERIFY2(!view.hoverText().contains(QStringLiteral("experts")), qPrintable(view.hoverText()));
}

QTEST_MAIN(HeatmapExpertsTest)
#include "tst_heatmapexperts.moc"
