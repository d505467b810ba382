#include "DocumentTabs.h"

#include <QCoreApplication>
#include <QScrollArea>

#include <algorithm>

#include "HeadExport.h"
#include "HeatmapView.h"
#include "derived/GridThumbnails.h"
#include "derived/TraceAnalyses.h"
#include "heatmap/HeadLoader.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

// The tabs are no QObjects; their texts share one context in the .ts files.
class TabText {
    Q_DECLARE_TR_FUNCTIONS(DocumentTabs)
};

constexpr DocumentChanges kData = DocumentChange::Model | DocumentChange::Trace | DocumentChange::Derived;

}  // namespace

HeatmapTabView::HeatmapTabView(HeatmapView* view) : m_view(view), m_loader(new HeadLoader(view)) {}

QWidget* HeatmapTabView::widget() { return m_view; }

void HeatmapTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style)
        m_view->setStyle(view.style);
    // Busy too: while the first run of a text is on its way the empty plot says so, not "type a
    // sentence".
    if (changes & (kData | DocumentChange::Selection | DocumentChange::Style | DocumentChange::Busy)) {
        if (document.trace().isEmpty() && document.isWorking() && !document.isOpeningModel())
            m_loader->clear(document.busyText());
        else
            m_loader->show(document.sharedTrace(), view.layer, view.head, view.hideSpecialTokens);
        m_view->setSelectedToken(shownTokenIndex(document.trace(), view.hideSpecialTokens, view.selectedToken));
    }
}

GridTabView::GridTabView(HeadGridView* view)
    : m_view(view), m_scroll(new QScrollArea), m_thumbnails(std::make_shared<const GridThumbnailsProducer>()) {
    m_scroll->setWidget(view);
    m_scroll->setWidgetResizable(true);  // the grid fills the tab, down to its minimumSizeHint
    m_scroll->setFrameShape(QFrame::NoFrame);
}

QWidget* GridTabView::widget() { return m_scroll; }

DerivedNeeds GridTabView::needs() const {
    // Metric frames are drawn from the statistics.
    if (m_view->frameMetric())
        return {m_thumbnails, headStatisticsProducer()};
    return {m_thumbnails};
}

void GridTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style) {
        m_view->setMetric(view.metric);
    }
    if (changes & (kData | DocumentChange::Style)) {
        // Nothing is computed here: the images come from the document's worker, and until they
        // do the grid says they are on their way.
        const auto thumbnails = document.derived<GridThumbnails>(m_thumbnails->key());
        const bool waiting = !thumbnails && !document.trace().isEmpty();
        m_view->setImages(document.sharedTrace(), thumbnails ? thumbnails->trace : nullptr, view.style,
                          view.hideSpecialTokens,
                          thumbnails ? std::shared_ptr<const GridImages>(thumbnails, &thumbnails->images) : nullptr);
        m_view->setPendingText(waiting ? TabText::tr("Drawing all heads…") : QString());
        m_view->setStatistics(document.statistics());
    }
    if (changes & (kData | DocumentChange::Selection))
        m_view->setCurrentHead(view.layer, view.head);
}

QWidget* CompareTabView::widget() { return m_view; }

void CompareTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style) {
        m_view->setStyle(view.style);
        m_view->setHideSpecialTokens(view.hideSpecialTokens);
        m_view->setMode(view.compareMode == CompareMode::TwoSentences ? ComparisonView::Mode::TwoSentences
                                                                      : ComparisonView::Mode::TwoHeads);
    }
    if (changes & (kData | DocumentChange::SecondTrace | DocumentChange::Selection)) {
        int layerB = view.layerB, headB = view.headB;
        const int heads = document.trace().heads();
        if (layerB == view.layer && headB == view.head && heads > 1) {
            // Comparing a head with itself shows nothing: start with its neighbour.
            headB = (view.head + 1) % heads;
            document.setHeadB(layerB, headB);
        }
        m_view->setData(document.sharedTrace(), document.secondTrace(), view.layer, view.head, layerB, headB);
    }
}

QWidget* StatisticsTabView::widget() { return m_view; }

DerivedNeeds StatisticsTabView::needs() const { return {headStatisticsProducer()}; }

void StatisticsTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & kData)
        m_view->setStatistics(document.sharedTrace(), document.statistics(),
                              TabText::tr("Computing head statistics…"),
                              document.meanValueNorms());
    if (changes & DocumentChange::Style)
        m_view->setMetric(view.metric);
    if (changes & (kData | DocumentChange::Selection))
        m_view->setCurrentHead(view.layer, view.head);
}

QWidget* RolloutTabView::widget() { return m_view; }

DerivedNeeds RolloutTabView::needs() const { return {rolloutProducer()}; }

void RolloutTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style) {
        m_view->setStyle(view.style);
        m_view->setHideSpecialTokens(view.hideSpecialTokens);
    }
    if (changes & kData)
        m_view->setRollout(document.sharedTrace(), document.rollout(), TabText::tr("Computing attention rollout…"));
    if (changes & (kData | DocumentChange::Selection))
        m_view->setLayer(view.layer);
}

QWidget* StepsTabView::widget() { return m_view; }

bool StepsTabView::pageKey(int direction) {
    if (!m_view->steps())
        return false;  // nothing to walk through yet: the keys move through heads
    direction < 0 ? m_view->previous() : m_view->next();
    return true;
}

void StepsTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) {
    const ViewState& view = document.view();
    if (shown && (changes & (kData | DocumentChange::Selection))) {
        // Steps cost a forward pass of their own, so they are only computed when looked at.
        const auto steps = document.steps();
        const auto stepsTrace = document.stepsTrace();
        const bool current = steps && stepsTrace && steps->layer == view.layer && steps->head == view.head &&
                             stepsTrace->tokenIds() == document.pieceTrace()->tokenIds() &&
                             stepsTrace->model().name == document.modelSummary().name;
        if (!current && !document.trace().isEmpty())
            document.requestSteps(view.layer, view.head);
    }
    if (changes & (DocumentChange::Steps | DocumentChange::Busy | kData)) {
        const auto steps = document.steps();
        const auto trace = document.stepsTrace();
        if (document.isComputingSteps() && (!steps || !trace)) {
            m_view->clear(TabText::tr("Computing the step-by-step matrices…"));
        } else if (!steps || !trace) {
            if (changes & (DocumentChange::Steps | kData))
                m_view->clear(TabText::tr("Type a sentence and press Enter to walk through one head step by step."));
        } else if (changes & DocumentChange::Steps) {
            const ModelSummary& model = trace->model();
            const int index = steps->layer * std::max(1, model.heads) + steps->head;
            m_view->setSteps(steps, trace->displayTokens(), headTitle(*trace, steps->layer, steps->head),
                             index < model.headNames.size()
                                 ? model.headNames[index] + QStringLiteral(": ") + model.headExplanations.value(index)
                                 : QString());
        }
    }
    // The steps are over pieces; a selection among merged words names no piece.
    if (changes & (DocumentChange::Steps | DocumentChange::Selection | DocumentChange::Style))
        m_view->setSelectedToken(view.mergeWords ? -1 : view.selectedToken);
    if (changes & (kData | DocumentChange::Selection | DocumentChange::Prediction | DocumentChange::Steps)) {
        const bool available = document.hasModel() && document.hasOutputHead();
        const bool headOff = std::any_of(view.ablations.begin(), view.ablations.end(), [&](const HeadAblation& a) {
            return a.layer == view.layer && a.head == view.head;
        });
        m_view->setPredictions(available, document.predictions(), headOff);
        // Predicting is one more projection onto the vocabulary: done only while the pages are looked at.
        const StepView::Step page = m_view->stepKind();
        if (shown && available && !document.predictions() && (page == StepView::Predict || page == StepView::Ablate))
            document.requestPredictions();
    }
}

}  // namespace headmap::ui
