#include "tabs/TokenPairTabView.h"

#include <QCoreApplication>

#include "figures/Figure.h"
#include "tabs/ScrollingTab.h"
#include "views/TokenPairView.h"

namespace headmap::ui {

namespace {

class TokenPairTabText {
    Q_DECLARE_TR_FUNCTIONS(DocumentTabs)  // the tabs' texts share one context
};

}  // namespace

TokenPairTabView::TokenPairTabView() : m_view(new TokenPairView), m_scroll(scrollingTab(m_view)) {}

QWidget* TokenPairTabView::widget() { return m_scroll; }

QString TokenPairTabView::title() const { return TokenPairTabText::tr("To&ken pair"); }

void TokenPairTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    QObject::connect(m_view, &TokenPairView::headSelected, &document, &AttentionDocument::setHeadIndex);
    QObject::connect(m_view, &TokenPairView::headActivated, m_view, [&document, &host](int layer, int head) {
        document.setHeadIndex(layer, head);
        host.showView(QStringLiteral("heatmap"));
    });
    QObject::connect(m_view, &TokenPairView::pairChanged, m_view, [&document](int query, int) {
        if (query != document.view().selectedToken)
            document.setSelectedToken(query);
    });
}

std::unique_ptr<Figure> TokenPairTabView::figure(const AttentionDocument&) const { return m_view->figure(); }

void TokenPairTabView::takeOver(DocumentView& old) {
    // Clamped to the data: kept when this is the tab on show, which has its data by now.
    const TokenPairView* before = static_cast<TokenPairTabView&>(old).m_view;
    m_view->setPair(before->queryToken(), before->keyToken());
}

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
