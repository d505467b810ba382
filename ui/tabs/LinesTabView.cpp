#include "tabs/LinesTabView.h"

#include <QCoreApplication>

#include "figures/LinesFigure.h"
#include "views/AttentionLines.h"
#include "views/LinesView.h"

namespace headmap::ui {

namespace {

class LinesTabText {
    Q_DECLARE_TR_FUNCTIONS(DocumentTabs)  // the tabs' texts share one context
};

}  // namespace

LinesTabView::LinesTabView() : m_view(new LinesView) {}

QWidget* LinesTabView::widget() { return m_view; }

QString LinesTabView::title() const { return LinesTabText::tr("L&ines"); }

void LinesTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    constexpr DocumentChanges relevant =
        DocumentChange::Model | DocumentChange::Trace | DocumentChange::Selection | DocumentChange::Style;
    if (!(changes & relevant))
        return;
    const ViewState& view = document.view();
    const bool waiting = document.trace().isEmpty() && document.isWorking() && !document.isOpeningModel();
    m_view->setPendingText(waiting ? document.busyText() : QString());
    // The trace carries no type ids: with a second sentence typed, its start is read from the
    // separator tokens ([SEP], </s></s>).
    const int secondStart = document.pairText().trimmed().isEmpty() ? -1 : secondSentenceStart(document.trace());
    m_view->setValueNorm(view.measure == AttentionMeasure::ValueNorm);
    m_view->setData(document.sharedTrace(), view.layer, view.hideSpecialTokens, secondStart);
    m_view->setCurrentHead(view.head);
}

std::unique_ptr<Figure> LinesTabView::figure(const AttentionDocument&) const {
    if (m_view->labels().isEmpty())
        return nullptr;
    return std::make_unique<LinesFigure>(m_view->figureData());
}

void LinesTabView::takeOver(DocumentView& old) {
    const LinesView* before = static_cast<LinesTabView&>(old).m_view;
    m_view->setShownHeads(before->shownHeads());
    m_view->setFilter(before->filter());
    m_view->setPinned(before->pinned());
}

}  // namespace headmap::ui
