// AttentionDocument at scale (#10): past the thumbnail side (256 tokens) the sentence's forward
// pass makes the grid's images and the head statistics from each head as it computes it
// (RunOptions::headWeights), so neither recomputes every head afterwards; the steps job keeps
// no second trace. The references are the functions a view would call on the finished trace:
// buildGridImages(shownTrace(trace, hide), style) and computeHeadStatistics(weightTrace).
// A decoder fixture with 4,096 positions (llama_f32_yarn, one layer of four heads) runs a few
// hundred tokens, so the thumbnails are max-pooled, and the heads are computed in parallel.

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QSignalSpy>
#include <QtTest>

#include "AttentionDocument.h"
#include "analysis/AttentionMeasure.h"
#include "derived/GridThumbnails.h"
#include "derived/TraceAnalyses.h"
#include "views/ViewSupport.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

ModelSpec decoder() {
    return ModelSpec{QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/llama_f32_yarn")), {}};
}

QString longText() {
    // "</s>" is the tokenizer's special token: something to hide.
    QStringList words{QStringLiteral("</s>")};
    for (int i = 0; i < 40; ++i)
        words << QStringLiteral("the cat sat on mat %1").arg(i % 10);
    return words.join(QLatin1Char(' '));
}

// Pixels of two images: the count that differ at all, and the largest channel difference.
std::pair<int, int> pixelDifference(const QImage& a, const QImage& b) {
    if (a.size() != b.size())
        return {-1, 255};
    int differing = 0, largest = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (p == q)
                continue;
            ++differing;
            largest = std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                std::abs(qBlue(p) - qBlue(q))});
        }
    return {differing, largest};
}

void compareGrid(const GridImages& actual, const GridImages& expected, int heads) {
    QCOMPARE(actual.images.size(), expected.images.size());
    QCOMPARE(actual.pooling, expected.pooling);
    QCOMPARE(actual.range.lower, expected.range.lower);
    QCOMPARE(actual.range.upper, expected.range.upper);
    QCOMPARE(actual.logarithmic, expected.logarithmic);
    const size_t columns = size_t(heads + 2);
    for (size_t i = 0; i < actual.images.size(); ++i) {
        const auto [differing, largest] = pixelDifference(actual.images[i], expected.images[i]);
        if (i % columns == size_t(heads)) {
            // The layer mean: the pass adds a layer's heads in the order its threads finish them,
            // so the float sum may round differently in the last bit, a colour step at most.
            QVERIFY2(largest <= 4, qPrintable(QStringLiteral("mean cell %1: channel off by %2").arg(i).arg(largest)));
        } else {
            QVERIFY2(differing == 0, qPrintable(QStringLiteral("cell %1: %2 pixels differ").arg(i).arg(differing)));
        }
    }
}

}  // namespace

class TestDocumentScale : public QObject {
    Q_OBJECT
private slots:
    void passMakesGridAndStatistics_data();
    void passMakesGridAndStatistics();
    void styleChangeRemakesTheGrid();
    void stepsKeepNoSecondTrace();
};

void TestDocumentScale::passMakesGridAndStatistics_data() {
    QTest::addColumn<int>("scale");
    QTest::addColumn<bool>("hide");
    const std::pair<const char*, ScaleMode> scales[] = {
        {"fixed", ScaleMode::Fixed}, {"row max", ScaleMode::RowMax}, {"global max", ScaleMode::GlobalMax},
        {"log", ScaleMode::Log}};
    for (const auto& [name, scale] : scales)
        for (bool hide : {false, true})
            QTest::newRow(qPrintable(QStringLiteral("%1%2").arg(QLatin1String(name), hide ? QStringLiteral(", hidden") : QString())))
                << int(scale) << hide;
}

void TestDocumentScale::passMakesGridAndStatistics() {
    QFETCH(int, scale);
    QFETCH(bool, hide);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoder()));
    // The producers the grid tab names: the document offers the pass's heads to those it knows.
    const auto grid = std::make_shared<const GridThumbnailsProducer>();
    document.requestDerived({grid, headStatisticsProducer()});
    HeatmapStyle style;
    style.scale = ScaleMode(scale);
    document.setStyle(style);
    document.setHideSpecialTokens(hide);
    document.setText(longText());
    document.waitForIdle();
    const auto trace = document.sharedTrace();
    QVERIFY(trace->length() > kGridThumbnailSide);
    QVERIFY(trace->length() <= 4 * kGridThumbnailSide);
    // Nothing asked for the derived data: what is there came from the pass, which computed no
    // head again (the trace's cache is empty).
    const auto thumbnails = document.derived<GridThumbnails>(grid->key());
    QVERIFY(thumbnails);
    QVERIFY(document.statistics());
    QVERIFY(document.meanValueNorms());
    QCOMPARE(document.pieceTrace()->headCache().heads(), 0);
    const auto shown = shownTrace(trace, hide);
    QCOMPARE(thumbnails->trace->length(), shown->length());
    if (hide)
        QVERIFY(shown->length() < trace->length());

    const GridImages expected = buildGridImages(*shown, style);
    const int pooling = (shown->length() + kGridThumbnailSide - 1) / kGridThumbnailSide;
    QVERIFY(pooling > 1);
    QCOMPARE(expected.pooling, pooling);
    QCOMPARE(expected.images.front().width(), (shown->length() + pooling - 1) / pooling);
    compareGrid(thumbnails->images, expected, trace->heads());

    const std::vector<HeadStatistics> after = computeHeadStatistics(*document.weightTrace());
    const std::vector<HeadStatistics>& during = *document.statistics();
    QCOMPARE(during.size(), after.size());
    for (size_t i = 0; i < after.size(); ++i) {
        QCOMPARE(during[i].layer, after[i].layer);
        QCOMPARE(during[i].head, after[i].head);
        QCOMPARE(during[i].entropy, after[i].entropy);
        QCOMPARE(during[i].maxWeight, after[i].maxWeight);
        QCOMPARE(during[i].firstToken, after[i].firstToken);
        QCOMPARE(during[i].specialTokens, after[i].specialTokens);
        QCOMPARE(during[i].meanDistance, after[i].meanDistance);
        QCOMPARE(during[i].previousToken, after[i].previousToken);
        QCOMPARE(during[i].selfAttention, after[i].selfAttention);
    }
    // The mean value norms come from the pass too (each head's column sums, the norms after
    // it), equal to computing them from the trace afterwards but for the order of the sums.
    const std::vector<double> meansAfter = meanValueNormPerHead(*document.pieceTrace());
    const std::vector<double>& meansDuring = *document.meanValueNorms();
    QCOMPARE(meansDuring.size(), meansAfter.size());
    for (size_t i = 0; i < meansAfter.size(); ++i)
        QVERIFY2(std::abs(meansDuring[i] - meansAfter[i]) <= 1e-12 * std::max(1.0, std::abs(meansAfter[i])),
                 qPrintable(QStringLiteral("head %1: %2 during the pass, %3 after").arg(i).arg(meansDuring[i]).arg(meansAfter[i])));
    // Asking for the statistics then computes nothing again.
    document.requestDerived({headStatisticsProducer()});
    document.waitForIdle();
    QCOMPARE(document.meanValueNorms().get(), &meansDuring);
    QCOMPARE(document.statistics()->size(), after.size());
}

void TestDocumentScale::styleChangeRemakesTheGrid() {
    // Another scale than the pass's: the GridImages job makes the thumbnails, head by head.
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoder()));
    const auto grid = std::make_shared<const GridThumbnailsProducer>();
    document.requestDerived({grid});
    document.setText(longText());
    document.waitForIdle();
    QVERIFY(document.derived<GridThumbnails>(grid->key()));
    HeatmapStyle style;
    style.scale = ScaleMode::RowMax;
    document.setStyle(style);
    QVERIFY(!document.derived<GridThumbnails>(grid->key()));
    document.requestDerived({grid});
    document.waitForIdle();
    QVERIFY(document.derived<GridThumbnails>(grid->key()));
    const GridImages expected = buildGridImages(*shownTrace(document.sharedTrace(), false), style);
    compareGrid(document.derived<GridThumbnails>(grid->key())->images, expected, document.trace().heads());
}

void TestDocumentScale::stepsKeepNoSecondTrace() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoder()));
    document.setText(QStringLiteral("the cat sat on the mat"));
    document.waitForIdle();
    document.requestSteps(0, 2);
    document.waitForIdle();
    QVERIFY(document.steps());
    QCOMPARE(document.steps()->layer, 0);
    QCOMPARE(document.steps()->head, 2);
    // The sentence's own trace labels the steps: no second copy of its queries and keys.
    QCOMPARE(document.stepsTrace(), document.pieceTrace());
}

QTEST_MAIN(TestDocumentScale)
#include "tst_documentscale.moc"
