#include "DocumentTabs.h"

#include <QCoreApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableView>
#include <qcustomplot.h>

#include <algorithm>

#include "HeadExport.h"
#include "HeatmapView.h"
#include "Session.h"
#include "analysis/AttentionTransforms.h"
#include "tabs/ScrollingTab.h"
#include "tabs/TabFigures.h"

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

// The arrow keys on the heatmap walk the model: left/right through heads, up/down through layers.
class HeadWalkKeys : public QObject {
public:
    HeadWalkKeys(AttentionDocument& document, QObject* parent) : QObject(parent), m_document(document) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::KeyPress) {
            switch (static_cast<QKeyEvent*>(event)->key()) {
            case Qt::Key_Left: m_document.stepHead(-1); return true;
            case Qt::Key_Right: m_document.stepHead(1); return true;
            case Qt::Key_Up: m_document.stepLayer(-1); return true;
            case Qt::Key_Down: m_document.stepLayer(1); return true;
            default: break;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    AttentionDocument& m_document;
};

// Sets the document's colour scale (the heatmaps' own scale buttons).
void setScaleMode(AttentionDocument& document, ScaleMode mode) {
    HeatmapStyle style = document.view().style;
    style.scale = mode;
    document.setStyle(style);
}

// A head picked in a view opens on the heatmap.
void openHead(AttentionDocument& document, ViewHost& host, int layer, int head) {
    document.setHeadIndex(layer, head);
    host.showView(QStringLiteral("heatmap"));
}

}  // namespace

HeatmapTabView::HeatmapTabView() : m_view(new HeatmapView), m_loader(new HeadLoader(m_view)) {
    m_view->plot()->setFocusPolicy(Qt::StrongFocus);
}

QWidget* HeatmapTabView::widget() { return m_view; }

QString HeatmapTabView::title() const { return TabText::tr("&Heatmap"); }

void HeatmapTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    m_view->plot()->installEventFilter(new HeadWalkKeys(document, m_view));
    QObject::connect(m_view, &HeatmapView::scaleModeRequested, m_view,
                     [&document](ScaleMode mode) { setScaleMode(document, mode); });
    QObject::connect(m_view, &HeatmapView::cellHovered, m_view,
                     [&host](int query, int key, float) { host.showTokenDetails(query, key); });
    QObject::connect(m_view, &HeatmapView::tokenSelected, m_view, [&document, &host](int shown) {
        // The heatmap counts the tokens it shows; everything else counts the whole sentence.
        const int index = fullTokenIndex(document.trace(), document.view().hideSpecialTokens, shown);
        document.setSelectedToken(index);
        const QStringList tokens = document.trace().displayTokens();
        if (index >= 0 && index < tokens.size())
            host.showStatus(TabText::tr("Selected token %1: \"%2\"").arg(index).arg(tokens[index]), 5000);
    });
}

std::unique_ptr<Figure> HeatmapTabView::figure(const AttentionDocument& document) const {
    HeadImageOptions options;
    options.style = m_view->style();
    options.hideSpecialTokens = document.view().hideSpecialTokens;
    options.valueLabel = measureValueLabel(document.view().measure, options.style.scale);
    return headFigure(document.sharedTrace(), document.layer(), document.head(), options);
}

void HeatmapTabView::takeOver(DocumentView& old) {
    // The zoom and search come back with the matrix, which is computed in the background.
    m_view->adoptViewOf(*static_cast<HeatmapTabView&>(old).m_view);
}

void HeatmapTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style)
        m_view->setStyle(view.style);
    if (changes & (DocumentChange::Style | DocumentChange::Model))
        m_view->setValueLabel(measureValueLabel(view.measure, view.style.scale));
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

GridTabView::GridTabView()
    : m_view(new HeadGridView), m_scroll(scrollingTab(m_view)),
      m_thumbnails(std::make_shared<const GridThumbnailsProducer>()) {}

QWidget* GridTabView::widget() { return m_scroll; }

QString GridTabView::title() const { return TabText::tr("&All heads"); }

void GridTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    QObject::connect(m_view, &HeadGridView::headActivated, m_view,
                     [&document, &host](int layer, int head) { openHead(document, host, layer, head); });
}

std::unique_ptr<Figure> GridTabView::figure(const AttentionDocument& document) const {
    HeadImageOptions options;
    options.style = m_view->style();
    options.hideSpecialTokens = m_view->hideSpecialTokens();
    options.sentence = document.text();
    options.valueLabel = measureValueLabel(document.view().measure, options.style.scale);
    return gridFigure(document.sharedTrace(), options);
}

void GridTabView::takeOver(DocumentView& old) {
    m_view->setSelectedHeads(static_cast<GridTabView&>(old).m_view->selectedHeads());  // for Zero, Mean or Restore
}

DerivedNeeds GridTabView::needs() const {
    // Metric frames are drawn from the statistics.
    if (m_view->frameMetric())
        return {m_thumbnails, headStatisticsProducer()};
    return {m_thumbnails};
}

void GridTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style)
        m_view->setMetric(view.metric);
    if (changes & (DocumentChange::Style | DocumentChange::Model))
        m_view->setValueLabel(measureValueLabel(view.measure, view.style.scale));
    if (changes & (DocumentChange::Style | DocumentChange::Model | DocumentChange::Prediction |
                   DocumentChange::Selection)) {
        m_view->setStack(document.isEncoderDecoder() ? std::optional<StackKind>(document.stack()) : std::nullopt);
        m_view->setAblations(view.ablations);
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

CompareTabView::CompareTabView() : m_view(new ComparisonView), m_scroll(scrollingTab(m_view)) {}

QWidget* CompareTabView::widget() { return m_scroll; }

QString CompareTabView::title() const { return TabText::tr("&Compare"); }

void CompareTabView::connectTo(AttentionDocument& document, ViewHost&) {
    QObject::connect(m_view, &ComparisonView::secondSentenceRequested, &document, &AttentionDocument::setComparisonText);
    QObject::connect(m_view->modeBox(), qOverload<int>(&QComboBox::currentIndexChanged), m_view, [&document](int index) {
        document.setCompareMode(index == 1 ? CompareMode::TwoSentences : CompareMode::TwoHeads);
    });
    for (QSpinBox* box : {m_view->layerBBox(), m_view->headBBox()})
        QObject::connect(box, qOverload<int>(&QSpinBox::valueChanged), m_view, [this, &document] {
            document.setHeadB(m_view->layerBBox()->value(), m_view->headBBox()->value());
        });
}

std::unique_ptr<Figure> CompareTabView::figure(const AttentionDocument& document) const {
    return comparisonFigure(*m_view, document, document.view().style);
}

void CompareTabView::saveTo(Session& session) const { session.comparisonText = m_view->secondSentenceEdit()->text(); }

void CompareTabView::restoreFrom(const Session& session) { m_view->secondSentenceEdit()->setText(session.comparisonText); }

void CompareTabView::takeOver(DocumentView& old) {
    m_view->secondSentenceEdit()->setText(static_cast<CompareTabView&>(old).m_view->secondSentenceEdit()->text());
}

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

StatisticsTabView::StatisticsTabView() : m_view(new StatisticsView) {}

QWidget* StatisticsTabView::widget() { return m_view; }

QString StatisticsTabView::title() const { return TabText::tr("S&tatistics"); }

void StatisticsTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    QObject::connect(m_view, &StatisticsView::headActivated, m_view,
                     [&document, &host](int layer, int head) { openHead(document, host, layer, head); });
    QObject::connect(m_view, &StatisticsView::metricChosen, &document, &AttentionDocument::setMetric);
}

void StatisticsTabView::takeOver(DocumentView& old) {
    const QHeaderView* sorted = static_cast<StatisticsTabView&>(old).m_view->table()->horizontalHeader();
    m_view->table()->sortByColumn(sorted->sortIndicatorSection(), sorted->sortIndicatorOrder());
}

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

RolloutTabView::RolloutTabView() : m_view(new RolloutView) {}

QWidget* RolloutTabView::widget() { return m_view; }

QString RolloutTabView::title() const { return TabText::tr("&Rollout"); }

void RolloutTabView::connectTo(AttentionDocument& document, ViewHost&) {
    QObject::connect(m_view->heatmap(), &HeatmapView::scaleModeRequested, m_view,
                     [&document](ScaleMode mode) { setScaleMode(document, mode); });
}

std::unique_ptr<Figure> RolloutTabView::figure(const AttentionDocument& document) const {
    return rolloutFigure(*m_view, document);
}

void RolloutTabView::takeOver(DocumentView& old) {
    // Clamped to the data: kept when this is the tab on show, which has its data by now.
    m_view->setLayer(static_cast<RolloutTabView&>(old).m_view->layer());
}

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

StepsTabView::StepsTabView() : m_view(new StepView) {}

QWidget* StepsTabView::widget() { return m_view; }

QString StepsTabView::title() const { return TabText::tr("Ste&p by step"); }

void StepsTabView::connectTo(AttentionDocument& document, ViewHost&) {
    QObject::connect(m_view, &StepView::tokenSelected, m_view, [&document](int index) {
        if (!document.view().mergeWords)  // the steps count pieces, the views words
            document.setSelectedToken(index);
    });
}

std::unique_ptr<Figure> StepsTabView::figure(const AttentionDocument& document) const {
    return matrixFigure(*m_view, document);
}

void StepsTabView::saveTo(Session& session) const { session.step = m_view->requestedStep(); }

void StepsTabView::restoreFrom(const Session& session) { m_view->setStep(std::max(session.step, 0)); }

void StepsTabView::takeOver(DocumentView& old) {
    const StepView* before = static_cast<StepsTabView&>(old).m_view;
    m_view->setStep(before->requestedStep());  // a page not there yet is shown when it is
    m_view->setWeightMatricesShown(before->weightMatricesShown());
    m_view->setShowAll(before->showAll());
}

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
                             stepsTrace->keyTokenIds() == document.pieceTrace()->keyTokenIds() &&
                             stepsTrace->stack() == document.stack() &&
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
                                 : QString(),
                             trace->hasKeyTokens() ? trace->keyDisplayTokens() : QStringList(),
                             layerExpertsOf(*trace, steps->layer));
        }
    }
    // The steps are over pieces; a selection among merged words names no piece.
    if (changes & (DocumentChange::Steps | DocumentChange::Selection | DocumentChange::Style))
        m_view->setSelectedToken(view.mergeWords ? -1 : view.selectedToken);
    if (changes & (kData | DocumentChange::Selection | DocumentChange::Prediction | DocumentChange::Steps)) {
        const bool available = document.hasModel() && document.hasOutputHead();
        const bool headOff = std::any_of(view.ablations.begin(), view.ablations.end(), [&](const HeadAblation& a) {
            return a.layer == view.layer && a.head == view.head &&
                   (!document.isEncoderDecoder() || a.stack.value_or(StackKind::Cross) == view.stack);
        });
        m_view->setPredictions(available, document.predictions(), headOff);
        // Predicting is one more projection onto the vocabulary: done only while the pages are looked at.
        const StepView::Step page = m_view->stepKind();
        if (shown && available && !document.predictions() && (page == StepView::Predict || page == StepView::Ablate))
            document.requestPredictions();
    }
}

}  // namespace headmap::ui
