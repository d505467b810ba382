#include "figures/ComparisonFigure.h"

#include <algorithm>

#include "analysis/AttentionTransforms.h"
#include "figures/HeatmapFigure.h"

namespace headmap::ui {
namespace {

// Row and column labels of A − B: the token where both sentences agree, "a / b" where not.
QStringList mergedLabels(const QStringList& a, const QStringList& b) {
    QStringList merged;
    for (int i = 0; i < a.size(); ++i)
        merged << (a[i] == b.value(i) ? a[i] : a[i] + QStringLiteral(" / ") + b.value(i));
    return merged;
}

FigureSpec comparisonSpec(const ComparisonFigureData& data, const HeatmapStyle& style, const QSize& page) {
    FigureSpec spec;
    spec.title = data.title;
    spec.page = page;
    MatrixF plottedA, plottedB;
    ColourScale scale = attentionScale(data.a, style, &plottedA);
    const ColourScale scaleB = attentionScale(data.b, style, &plottedB);
    // One bar for both: under "global maximum" it spans the larger of the two.
    scale.range = QCPRange(std::min(scale.range.lower, scaleB.range.lower), std::max(scale.range.upper, scaleB.range.upper));
    const QStringList& keysA = data.keyLabelsA.isEmpty() ? data.labelsA : data.keyLabelsA;
    const QStringList& keysB = data.keyLabelsB.isEmpty() ? data.labelsB : data.keyLabelsB;
    FigurePanel a = HeatmapFigure::attentionPanel(plottedA, data.a, scale, data.labelsA, keysA, style.showValues, data.maskA);
    FigurePanel b = HeatmapFigure::attentionPanel(plottedB, data.b, scale, data.labelsB, keysB, style.showValues, data.maskB);
    if (data.sourceKeys)  // cross-attention: target rows, source columns
        for (FigurePanel* panel : {&a, &b}) {
            panel->rowTitle = HeatmapFigure::targetAxisTitle();
            panel->columnTitle = HeatmapFigure::sourceAxisTitle();
        }
    a.caption = data.captionA;
    b.caption = data.captionB;
    // B's rows carry the same axis title as A's, beside it: once is enough.
    b.rowTitle.clear();
    spec.panels.push_back(a);
    spec.panels.push_back(b);
    spec.bars.push_back(scale);
    if (data.a.rows() == data.b.rows() && data.a.cols() == data.b.cols() && data.a.size() > 0) {
        const MatrixF diff = difference(data.a, data.b);  // (T, T)
        const ColourScale diverging = differenceScale(diff);
        const QStringList labels = mergedLabels(data.labelsA, data.labelsB);
        FigurePanel d = HeatmapFigure::attentionPanel(diff, diff, diverging, labels, mergedLabels(keysA, keysB),
                                                      style.showValues, CellMask::both(data.maskA, data.maskB));
        if (data.sourceKeys)
            d.columnTitle = HeatmapFigure::sourceAxisTitle();
        d.caption = QObject::tr("A - B");
        d.rowTitle.clear();
        d.colourBar = 1;
        spec.panels.push_back(d);
        spec.bars.push_back(diverging);
        spec.subtitle = HeatmapView::maskLegendFor(CellMask::either(data.maskA, data.maskB));
    } else if (data.a.rows() != data.b.rows()) {
        spec.subtitle = QObject::tr("The sentences have %1 and %2 tokens; the difference A − B needs the same number.")
                            .arg(data.a.rows()).arg(data.b.rows());
    } else {  // cross-attention: the targets agree, the sources do not
        spec.subtitle = QObject::tr("The sources have %1 and %2 tokens; the difference A − B needs the same number.")
                            .arg(data.a.cols()).arg(data.b.cols());
    }
    return spec;
}

}  // namespace

ComparisonFigure::ComparisonFigure(const ComparisonFigureData& data, const HeatmapStyle& style, const QSize& page)
    : PanelFigure(comparisonSpec(data, style, page)), m_hasDifference(layout().panels().size() == 3) {}

}  // namespace headmap::ui
