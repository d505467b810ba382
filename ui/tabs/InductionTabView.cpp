#include "tabs/InductionTabView.h"

#include <algorithm>

#include <QCoreApplication>

#include "tabs/ScrollingTab.h"
#include "views/InductionView.h"

namespace headmap::ui {

namespace {

class InductionTabText {
    Q_DECLARE_TR_FUNCTIONS(DocumentTabs)  // the tabs' texts share one context
};

}  // namespace

InductionTabView::InductionTabView() : m_view(new InductionView), m_scroll(scrollingTab(m_view)) {}

QWidget* InductionTabView::widget() { return m_scroll; }

QString InductionTabView::title() const { return InductionTabText::tr("In&duction"); }

void InductionTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    QObject::connect(m_view, &InductionView::headChosen, m_view,
                     [&document](int layer, int head) { document.setHeadIndex(layer, head); });
    QObject::connect(m_view, &InductionView::switchOffChanged, m_view,
                     [&document](const std::vector<InductionHead>& heads, bool off) {
        std::vector<HeadAblation> ablations = document.ablations();
        for (const InductionHead& h : heads) {
            ablations.erase(std::remove_if(ablations.begin(), ablations.end(),
                                           [&](const HeadAblation& a) { return a.layer == h.layer && a.head == h.head; }),
                            ablations.end());
            if (off)
                ablations.push_back(HeadAblation{h.layer, h.head, AblationMode::Zero, std::nullopt});
        }
        document.setAblations(ablations);
    });
    QObject::connect(m_view, &InductionView::textRequested, m_view, [&document, &host](const QString& text) {
        host.showText(text);
        document.setText(text);
    });
}

void InductionTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) {
    if (changes & DocumentChange::Model) {
        m_view->setModel(document.isEncoderDecoder() ? nullptr : document.sharedModel());
        m_probeWanted = document.hasModel() && !document.isEncoderDecoder();
    }
    // The probe costs 10 forward passes of 100 tokens: run when the page is looked at.
    if (shown && m_probeWanted) {
        m_probeWanted = false;
        m_view->findHeads();
    }
    if (shown && (changes & (DocumentChange::Model | DocumentChange::Trace)))
        m_view->setTrace(document.pieceTrace(), document.ablations());
}

}  // namespace headmap::ui
