#include "tabs/TokenPairTabView.h"

#include "views/TokenPairView.h"

namespace headmap::ui {

QWidget* TokenPairTabView::widget() { return m_view; }

void TokenPairTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    const ViewState& view = document.view();
    if (changes & DocumentChange::Style)
        m_view->setStyle(view.style);
    if (changes & (DocumentChange::Model | DocumentChange::Trace | DocumentChange::Style)) {
        const bool waiting = document.trace().isEmpty() && document.isWorking() && !document.isOpeningModel();
        m_view->setPendingText(waiting ? document.busyText() : QString());
        m_view->setData(document.sharedTrace(), view.hideSpecialTokens);
        m_selected = -1;  // a new sentence: its selection, if any, becomes the query below
    }
    if (changes & (DocumentChange::Model | DocumentChange::Trace | DocumentChange::Selection)) {
        m_view->setCurrentHead(view.layer, view.head);
        // Only a new selection moves the query, so a head change keeps the pair picked here.
        if (view.selectedToken != m_selected) {
            m_selected = view.selectedToken;
            if (m_selected >= 0)
                m_view->setQueryToken(m_selected);
        }
    }
}

}  // namespace headmap::ui
