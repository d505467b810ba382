#include "tabs/TabFigures.h"

#include <QObject>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "analysis/RolloutSeries.h"
#include "figures/ComparisonFigure.h"
#include "figures/HeatmapFigure.h"
#include "figures/MatrixFigure.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"
#include "views/RolloutView.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

// The step matrices whose columns are keys, as in StepView's ids.
bool isTokenByToken(const QString& id) {
    static const QStringList ids{"scores", "scaled", "masked", "weights", "softcapped"};
    return ids.contains(id);
}

// The matrix the step tab shows now: the one last clicked (it has the focus), else the first
// one on the current page. Null when the page has none.
MatrixView* currentMatrix(const StepView* steps) {
    const QList<MatrixView*> views = steps->matrices(steps->step());
    MatrixView* shown = nullptr;
    for (MatrixView* view : views) {
        if (!view->isVisibleTo(steps) || view->rows() == 0)
            continue;
        if (view->cellArea()->hasFocus())
            return view;
        if (!shown)
            shown = view;
    }
    return shown;
}

}  // namespace

std::unique_ptr<Figure> matrixFigure(const StepView& steps, const AttentionDocument& document) {
    const MatrixView* view = currentMatrix(&steps);
    const auto trace = document.stepsTrace();
    const auto headSteps = document.steps();
    if (!view || !trace || !headSteps)
        return nullptr;
    MatrixFigureData data;
    data.values.resize(view->rows(), view->columns());  // (rows, columns) as on screen
    for (int r = 0; r < view->rows(); ++r)
        for (int c = 0; c < view->columns(); ++c)
            data.values(r, c) = float(view->valueAt(r, c));
    const QString id = view->objectName();
    // Cross-attention: M, K and V have the source's tokens as rows, the score matrices as columns.
    const bool sourceRows = trace->hasKeyTokens() && (id == QLatin1String("k") || id == QLatin1String("v") ||
                                                      id == QLatin1String("memory"));
    const QStringList tokens = sourceRows ? trace->keyDisplayTokens() : trace->displayTokens();
    const QStringList keys = trace->keyDisplayTokens();
    const bool tokenRows = !id.startsWith(QLatin1String("w_")) && view->rows() == tokens.size();
    const bool tokenColumns = isTokenByToken(id) && !view->summarizeColumns() && view->columns() == keys.size();
    if (tokenRows)
        data.rowLabels = tokens;
    if (tokenColumns)
        data.columnLabels = keys;
    data.rowTitle = tokenColumns ? HeatmapFigure::queryAxisTitle()
                    : tokenRows  ? QObject::tr("Token")
                                 : QObject::tr("Model dimension");
    data.columnTitle = tokenColumns            ? HeatmapFigure::keyAxisTitle()
                       : view->summarizeColumns() ? QObject::tr("Block of %1 dimensions").arg(MatrixView::kSummaryBlock)
                                                  : QObject::tr("Dimension");
    data.scale = id == QLatin1String("weights") ? MatrixScale::Weights : MatrixScale::Signed;
    data.summary = view->summarizeColumns();
    data.title = QObject::tr("%1 · %2").arg(headTitle(*trace, headSteps->layer, headSteps->head), view->title());
    return std::make_unique<MatrixFigure>(data);
}

std::unique_ptr<Figure> comparisonFigure(const ComparisonView& comparisonView, const AttentionDocument& document,
                                         const HeatmapStyle& style) {
    const ComparisonView* comparison = &comparisonView;
    const auto shownA = shownTrace(document.sharedTrace(), comparison->hideSpecialTokens());
    if (hasNoAttention(shownA.get()))
        return nullptr;
    const bool twoHeads = comparison->mode() == ComparisonView::Mode::TwoHeads;
    const int la = comparison->layerA(), ha = comparison->headA();
    ComparisonFigureData data;
    data.a = shownA->head(la, ha);
    data.maskA = shownA->cellMask(la);  // the model's rule, as the comparison tab draws it
    data.labelsA = shownA->displayTokens();
    data.sourceKeys = shownA->hasKeyTokens();
    if (data.sourceKeys)  // cross-attention: the source's tokens on the columns
        data.keyLabelsA = shownA->keyDisplayTokens();
    if (twoHeads) {
        data.b = shownA->head(comparison->layerB(), comparison->headB());
        data.maskB = shownA->cellMask(comparison->layerB());
        data.labelsB = data.labelsA;
        data.keyLabelsB = data.keyLabelsA;
        data.captionA = QObject::tr("A: layer %1, head %2").arg(la).arg(ha);
        data.captionB = QObject::tr("B: layer %1, head %2").arg(comparison->layerB()).arg(comparison->headB());
        data.title = QObject::tr("%1 · two heads").arg(shownA->model().displayName());
    } else {
        const auto shownB = shownTrace(document.secondTrace(), comparison->hideSpecialTokens());
        if (hasNoAttention(shownB.get()) || la >= shownB->layers() || ha >= shownB->heads())
            return nullptr;
        data.b = shownB->head(la, ha);
        data.maskB = shownB->cellMask(la);
        data.labelsB = shownB->displayTokens();
        if (data.sourceKeys)
            data.keyLabelsB = shownB->keyDisplayTokens();
        data.captionA = QObject::tr("Sentence A");
        data.captionB = QObject::tr("Sentence B");
        data.title = QObject::tr("%1 · layer %2, head %3 · two sentences").arg(shownA->model().displayName()).arg(la).arg(ha);
    }
    return std::make_unique<ComparisonFigure>(data, style);
}

std::unique_ptr<Figure> rolloutFigure(const RolloutView& rolloutView, const AttentionDocument& document) {
    const RolloutView* rollout = &rolloutView;
    // The document's series (the tab's), which may already keep the layer; a new one when the
    // tab has not received it yet. Either way only this layer is computed, never all of them.
    const std::shared_ptr<const AttentionTrace> trace = document.sharedTrace();
    if (hasNoAttention(trace.get()))
        return nullptr;
    std::shared_ptr<const RolloutSeries> series = document.rollout();
    if (!series)
        series = std::make_shared<const RolloutSeries>(document.weightTrace());
    const int layer = std::clamp(rollout->layer(), 0, series->layers() - 1);
    bool allHidden = false;
    const HeatmapContent content = RolloutView::layerContent(*series, *trace, layer, rollout->hideSpecialTokens(),
                                                             PyramidKind(), false, {}, &allHidden);
    if (allHidden || content.values().size() == 0)
        return nullptr;
    const HeatmapView* view = rollout->heatmap();
    HeatmapFigureOptions options;
    options.style = view->style();
    options.valueLabel = RolloutView::tr("Share of the input token");
    options.mask = content.mask;  // as the rollout tab masks it
    options.rowTitle = view->plot()->yAxis->label();
    options.columnTitle = view->plot()->xAxis->label();
    return std::make_unique<HeatmapFigure>(content.values(), content.queryLabels, content.keyLabels,
                                           QObject::tr("%1 · %2").arg(trace->model().displayName(), content.title),
                                           options);
}

}  // namespace headmap::ui
