#include "tabs/LinesTabView.h"

#include "views/AttentionLines.h"
#include "views/LinesView.h"

namespace headmap::ui {

QWidget* LinesTabView::widget() { return m_view; }

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

}  // namespace headmap::ui
