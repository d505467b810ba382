// SVG and PDF exports drawn by other programs look like the PNG export of the same figure: each
// of the heatmap (with a sliding-window mask, its cells grey and hatched), the head grid, the
// comparison, a step matrix (−∞ cells), the lines figure and its cross-attention alignment, labelled in Chinese and Danish
// (我爱你, æøå), is exported as PNG, SVG and PDF at scale 1 and 2; the SVG is rasterised with
// rsvg-convert (Debian's librsvg2-bin) and the PDF with pdftoppm (poppler-utils) at 72 × scale
// dpi, and each must have the PNG's size and differ from it by little on average. The tools are
// required (.ci/setup.sh installs them): a missing one fails the test, it never skips.

#include <cmath>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "FigureTestSupport.h"
#include "ImageChecks.h"
#include "PlotExport.h"
#include "figures/FigureWriter.h"
#include "figures/LinesFigure.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

using testsupport::onWhite;
using testsupport::requireTool;
using testsupport::runTool;

// The labels: Chinese characters (a CJK fallback font), Danish letters, punctuation.
const QStringList kTokens{QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("你"), QStringLiteral("，"),
                          QStringLiteral("blåbærgrød"), QStringLiteral("æøå"), QStringLiteral("smørrebrød"),
                          QStringLiteral("中文"), QStringLiteral("。"), QStringLiteral("Ærø")};

// A decoder's trace over kTokens: layer 0 a sliding window of 3 tokens, layer 1 causal;
// random weights on the allowed cells, exact zeros on the masked ones, and one allowed cell
// that is a genuine 0.
std::shared_ptr<AttentionTrace> cjkTrace() {
    ModelSummary summary;
    summary.name = QStringLiteral("注意力-æøå");
    summary.layers = 2;
    summary.heads = 3;
    summary.causal = true;
    summary.layerMasks = {MaskRule{AttentionMask::SlidingWindow, 3}, MaskRule{AttentionMask::Causal, 0}};
    const int t = int(kTokens.size());
    std::vector<int> ids;
    for (int i = 0; i < t; ++i)
        ids.push_back(10 + i);
    auto trace = std::make_shared<AttentionTrace>(summary, ids, kTokens, kTokens);
    std::mt19937 random(11);
    std::exponential_distribution<float> weight(1.0f);
    for (int l = 0; l < summary.layers; ++l)
        for (int h = 0; h < summary.heads; ++h) {
            float* data = trace->headData(l, h);
            for (int q = 0; q < t; ++q) {
                float sum = 0;
                for (int k = 0; k < t; ++k)
                    sum += data[q * t + k] = trace->isMasked(l, q, k) ? 0.0f : std::pow(weight(random), 2.0f);
                for (int k = 0; k < t; ++k)
                    data[q * t + k] /= sum;
            }
        }
    return trace;
}

std::unique_ptr<Figure> cjkFigure(const QString& kind, const AttentionTrace& trace) {
    const QStringList labels = trace.displayTokens();
    if (kind == QLatin1String("heatmap")) {
        HeatmapFigureOptions options;
        options.style.showValues = true;
        options.mask = trace.cellMask(0);
        return std::make_unique<HeatmapFigure>(trace.head(0, 1), labels, labels,
                                               QStringLiteral("注意力-æøå · 第 0 层, 头 1 · 我爱你"), options);
    }
    if (kind == QLatin1String("grid"))
        return std::make_unique<HeadGridFigure>(trace, HeatmapStyle(), QStringLiteral("注意力-æøå · 所有头"),
                                                QStringLiteral("我爱你，blåbærgrød æøå smørrebrød 中文。Ærø"));
    if (kind == QLatin1String("comparison")) {
        ComparisonFigureData data;
        data.title = QStringLiteral("注意力-æøå · 两个头 · tø");
        data.a = trace.head(0, 0);
        data.b = trace.head(1, 2);
        data.maskA = trace.cellMask(0);
        data.maskB = trace.cellMask(1);
        data.labelsA = data.labelsB = labels;
        data.captionA = QStringLiteral("A: 第 0 层, 头 0");
        data.captionB = QStringLiteral("B: lag 1, hoved 2");
        return std::make_unique<ComparisonFigure>(data, HeatmapStyle());
    }
    if (kind == QLatin1String("matrix")) {  // the scores after the mask: −∞ where masked
        MatrixFigureData data;
        data.title = QStringLiteral("注意力-æøå · 第 0 层, 头 1 · S = QKᵀ + M");
        data.values = (trace.head(0, 1).array() * 8.0f - 0.5f).matrix();
        for (int q = 0; q < data.values.rows(); ++q)
            for (int k = 0; k < data.values.cols(); ++k)
                if (trace.isMasked(0, q, k))
                    data.values(q, k) = -std::numeric_limits<float>::infinity();
        data.rowLabels = data.columnLabels = labels;
        data.rowTitle = HeatmapFigure::queryAxisTitle();
        data.columnTitle = HeatmapFigure::keyAxisTitle();
        return std::make_unique<MatrixFigure>(data);
    }
    LinesFigureData data;
    if (kind == QLatin1String("alignment")) {  // cross-attention: a Chinese source above a Danish target
        data.title = QStringLiteral("注意力-æøå · 交叉注意力 · 第 1 层");
        data.input.labels = QStringList{"<pad>", "▁blåbær", "grød", "▁på", "▁Ærø", "</s>"};
        data.input.keyLabels = QStringList{"▁我", "爱", "蓝莓", "粥", "。", "</s>"};
        MatrixF weights(6, 6);  // (T, S): each target row's own mix of the source
        for (int q = 0; q < 6; ++q)
            for (int k = 0; k < 6; ++k)
                weights(q, k) = 1.0f / float(1 + std::abs(q - (5 - k)));
        weights = (weights.array().colwise() / weights.rowwise().sum().array()).matrix();
        data.input.heads.push_back({0, weights});
        return std::make_unique<LinesFigure>(data);
    }
    data.title = QStringLiteral("注意力-æøå · 第 1 层 · 线");
    data.subtitle = QStringLiteral("我爱你 · æøå");
    data.input.labels = labels;
    data.input.heads.push_back({0, MatrixF(trace.head(1, 0))});
    data.input.heads.push_back({2, MatrixF(trace.head(1, 2))});
    return std::make_unique<LinesFigure>(data);
}

// The masks of the figure's panels, in the order of its "cells" items (cjkFigure's).
std::vector<CellMask> panelMasks(const QString& kind, const AttentionTrace& trace) {
    if (kind == QLatin1String("heatmap") || kind == QLatin1String("matrix"))
        return {trace.cellMask(0)};
    if (kind == QLatin1String("comparison"))
        return {trace.cellMask(0), trace.cellMask(1), CellMask::both(trace.cellMask(0), trace.cellMask(1))};
    return {};
}

// The pixels inside masked cells (a pixel's margin off their edges), over the panels' cells.
QVector<QRect> maskedCellRects(const Figure& figure, const std::vector<CellMask>& masks, double scale) {
    QVector<QRect> rects;
    size_t panel = 0;
    for (const FigureItem& item : figure.items()) {
        if (item.role != QLatin1String("cells") || panel >= masks.size())
            continue;
        const CellMask& mask = masks[panel++];
        const double cw = item.rect.width() / mask.keys(), ch = item.rect.height() / mask.queries();
        for (int q = 0; q < mask.queries(); ++q)
            for (int k = 0; k < mask.keys(); ++k)
                if (mask.isMasked(q, k))
                    rects << QRectF((item.rect.left() + k * cw) * scale, (item.rect.top() + q * ch) * scale, cw * scale, ch * scale)
                                 .toAlignedRect().adjusted(2, 2, -2, -2);
    }
    return rects;
}

// The share of pixels in rects darker than the masked grey: the hatch lines (and nothing else:
// masked cells carry no numbers).
double hatchShare(const QImage& image, const QVector<QRect>& rects) {
    double dark = 0, pixels = 0;
    for (const QRect& r : rects)
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) {
                dark += qGray(image.pixel(x, y)) < 195;
                ++pixels;
            }
    return pixels > 0 ? dark / pixels : 0.0;
}

double meanDifferenceIn(const QImage& a, const QImage& b, const QVector<QRect>& rects) {
    double sum = 0, pixels = 0;
    for (const QRect& r : rects) {
        const double n = double(r.width()) * r.height();
        if (n <= 0)
            continue;
        sum += figuretests::meanAbsoluteDifference(a.copy(r), b.copy(r)) * n;
        pixels += n;
    }
    return pixels > 0 ? sum / pixels : 0.0;
}

}  // namespace

class FigureRastersTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        m_rsvg = requireTool(QStringLiteral("rsvg-convert"), QStringLiteral("librsvg2-bin"));
        m_pdftoppm = requireTool(QStringLiteral("pdftoppm"), QStringLiteral("poppler-utils"));
        QVERIFY2(!m_rsvg.isEmpty(), "rsvg-convert is missing: apt-get install librsvg2-bin (.ci/setup.sh installs it)");
        QVERIFY2(!m_pdftoppm.isEmpty(), "pdftoppm is missing: apt-get install poppler-utils (.ci/setup.sh installs it)");
        QVERIFY(m_dir.isValid());
        m_trace = cjkTrace();
    }

    void vectorExportsLookLikeThePng_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<double>("scale");
        for (const char* kind : {"heatmap", "grid", "comparison", "matrix", "lines", "alignment"})
            for (double scale : {1.0, 2.0})
                QTest::addRow("%s x%g", kind, scale) << kind << scale;
    }

    void vectorExportsLookLikeThePng() {
        QFETCH(QString, kind);
        QFETCH(double, scale);
        const auto figure = cjkFigure(kind, *m_trace);
        const QSize expected = figure->pageSize() * scale;
        const QString base = m_dir.filePath(QStringLiteral("%1-x%2").arg(kind).arg(scale));
        QCOMPARE(writeFigure(*figure, base + QStringLiteral(".png"), scale), QString());
        QCOMPARE(writeFigure(*figure, base + QStringLiteral(".svg"), scale), QString());
        QCOMPARE(writeFigure(*figure, base + QStringLiteral(".pdf"), scale), QString());
        const QString dpi = QString::number(72.0 * scale);
        QCOMPARE(runTool(m_rsvg, {QStringLiteral("--dpi-x"), dpi, QStringLiteral("--dpi-y"), dpi, QStringLiteral("-b"),
                              QStringLiteral("white"), QStringLiteral("-f"), QStringLiteral("png"), QStringLiteral("-o"),
                              base + QStringLiteral("-svg.png"), base + QStringLiteral(".svg")}),
                 QString());
        QCOMPARE(runTool(m_pdftoppm, {QStringLiteral("-r"), dpi, QStringLiteral("-png"), QStringLiteral("-singlefile"),
                                  base + QStringLiteral(".pdf"), base + QStringLiteral("-pdf")}),
                 QString());
        const QImage png = onWhite(QImage(base + QStringLiteral(".png")));
        const QImage svg = onWhite(QImage(base + QStringLiteral("-svg.png")));
        const QImage pdf = onWhite(QImage(base + QStringLiteral("-pdf.png")));
        QCOMPARE(png.size(), expected);
        QCOMPARE(svg.size(), expected);
        QCOMPARE(pdf.size(), expected);
        const double svgDifference = figuretests::meanAbsoluteDifference(png, svg);
        const double pdfDifference = figuretests::meanAbsoluteDifference(png, pdf);
        qInfo("%s", qPrintable(QStringLiteral("%1 x%2: mean |PNG - SVG| %3, mean |PNG - PDF| %4 of 255 per channel")
                                   .arg(kind).arg(scale).arg(svgDifference, 0, 'f', 3).arg(pdfDifference, 0, 'f', 3)));
        if (qEnvironmentVariableIsSet("HEADMAP_KEEP_RASTERS")) {  // to look at them
            const QDir keep(qEnvironmentVariable("HEADMAP_KEEP_RASTERS"));
            for (const char* suffix : {".png", "-svg.png", "-pdf.png", ".svg", ".pdf"})
                QFile::copy(base + QLatin1String(suffix), keep.filePath(QFileInfo(base).fileName() + QLatin1String(suffix)));
            const auto differenceImage = [](const QImage& a, const QImage& b) {  // |a - b|, 4 times
                QImage d(a.size(), QImage::Format_RGB32);
                for (int y = 0; y < a.height(); ++y)
                    for (int x = 0; x < a.width(); ++x) {
                        const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
                        d.setPixel(x, y, qRgb(255 - std::min(255, 4 * std::abs(qRed(p) - qRed(q))),
                                              255 - std::min(255, 4 * std::abs(qGreen(p) - qGreen(q))),
                                              255 - std::min(255, 4 * std::abs(qBlue(p) - qBlue(q)))));
                    }
                return d;
            };
            differenceImage(png, svg).save(keep.filePath(QFileInfo(base).fileName() + QStringLiteral("-diff-svg.png")));
            differenceImage(png, pdf).save(keep.filePath(QFileInfo(base).fileName() + QStringLiteral("-diff-pdf.png")));
        }
        // Inside the masked cells: hatched in every rendering, and alike.
        const QVector<QRect> masked = maskedCellRects(*figure, panelMasks(kind, *m_trace), scale);
        QCOMPARE(masked.isEmpty(), kind == QLatin1String("grid") || kind == QLatin1String("lines") ||
                                       kind == QLatin1String("alignment"));
        // What a renderer or an export that dropped the hatching would give (QSvgGenerator
        // drops pattern brushes): the hatch lines' pixels in the masked grey.
        QImage flat = png;
        for (const QRect& r : masked)
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    if (qGray(flat.pixel(x, y)) < 200)
                        flat.setPixel(x, y, qRgb(205, 205, 205));
        const double svgMasked = meanDifferenceIn(png, svg, masked), pdfMasked = meanDifferenceIn(png, pdf, masked);
        const double flatMasked = meanDifferenceIn(png, flat, masked);
        qInfo("%s", qPrintable(QStringLiteral("%1 x%2 in %3 masked cells: SVG %4, PDF %5, hatching left out %6; "
                                              "hatch pixels PNG %7, SVG %8, PDF %9")
                                   .arg(kind).arg(scale).arg(masked.size()).arg(svgMasked, 0, 'f', 3).arg(pdfMasked, 0, 'f', 3)
                                   .arg(flatMasked, 0, 'f', 3).arg(hatchShare(png, masked), 0, 'f', 3)
                                   .arg(hatchShare(svg, masked), 0, 'f', 3).arg(hatchShare(pdf, masked), 0, 'f', 3)));
        if (!masked.isEmpty()) {
            // The hatch lines (0.75 pt every 6 pt along a row, 4.2 pt apart) cover 18 % of a
            // masked cell, and their anti-aliased edges touch more pixels (measured 17–50 %); a
            // flat grey cell has none darker than the grey.
            for (const QImage* image : {&png, &svg, &pdf})
                QVERIFY2(hatchShare(*image, masked) > 0.1, qPrintable(QString::number(hatchShare(*image, masked))));
            QVERIFY2(hatchShare(flat, masked) == 0.0, "the control still has hatching");
            if (scale >= 2) {
                // At 2 pixels per point the lines are 1.5 pixels wide and every renderer draws
                // them so: the masked cells differ by 0.1–2.4 (measured); without the hatching by
                // 11.2–11.4. At scale 1 (0.75-pixel lines) pdftoppm draws them a full pixel wide and
                // darker (8.0, as far as the hatching is from no hatching): only the share of
                // hatch pixels above holds there.
                QVERIFY2(svgMasked < kMaskedThreshold, qPrintable(QString::number(svgMasked)));
                QVERIFY2(pdfMasked < kMaskedThreshold, qPrintable(QString::number(pdfMasked)));
                QVERIFY2(flatMasked > 2 * kMaskedThreshold, qPrintable(QString::number(flatMasked)));
            }
        }
        QVERIFY2(svgDifference < kThreshold, qPrintable(QString::number(svgDifference)));
        QVERIFY2(pdfDifference < kThreshold, qPrintable(QString::number(pdfDifference)));
    }

private:
    // Mean |difference| per channel (0..255) over the page. Text is where renderers differ most:
    // Qt's raster engine, Cairo/Pango (rsvg-convert) and Splash (pdftoppm) anti-alias glyph and
    // line edges each their own way (the CJK glyphs of Noto Sans CJK most visibly), and at scale
    // 1 a cell edge or a 0.75-pixel line falls on different pixels. Text and lines cover about a
    // tenth of a figure and their edge pixels differ by 30–60 levels: 2.1–4.7 at scale 1, 1.8–3.7 at
    // scale 2 (measured over the five figures, largest 4.73: the heatmap's PDF at scale 1). 6
    // leaves room for another version of the fonts or renderers. The same figure a point to the
    // right differs by 6.1–11.7 (measured), except the sparse lines and grid figures at scale 1
    // (5.3, 5.7): the mean catches a figure drawn otherwise, not every small shift; the sizes
    // and the masked cells' checks below are the sharper ones.
    static constexpr double kThreshold = 6.0;
    // The same inside the masked cells at scale 2 (measured 0.1–2.4; without the hatching 11.2–11.4).
    static constexpr double kMaskedThreshold = 4.0;
    QString m_rsvg, m_pdftoppm;
    QTemporaryDir m_dir;
    std::shared_ptr<AttentionTrace> m_trace;
};

QTEST_MAIN(FigureRastersTest)
#include "tst_figurerasters.moc"
