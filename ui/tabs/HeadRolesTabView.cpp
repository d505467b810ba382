#include "tabs/HeadRolesTabView.h"

#include <QCoreApplication>

#include "roles/HeadRolesView.h"
#include "tabs/ScrollingTab.h"

namespace headmap::ui {

namespace {

class HeadRolesTabText {
    Q_DECLARE_TR_FUNCTIONS(DocumentTabs)  // the tabs' texts share one context
};

}  // namespace

HeadRolesTabView::HeadRolesTabView() : m_view(new HeadRolesView), m_scroll(scrollingTab(m_view)) {}

HeadRolesTabView::~HeadRolesTabView() { QObject::disconnect(m_waiting); }

QWidget* HeadRolesTabView::widget() { return m_scroll; }

QString HeadRolesTabView::title() const { return HeadRolesTabText::tr("Head r&oles"); }

void HeadRolesTabView::connectTo(AttentionDocument& document, ViewHost& host) {
    QObject::connect(m_view, &HeadRolesView::openRequested, m_view,
                     [this, &document, &host](const QString& text, bool cut, StackKind stack, int layer, int head,
                                              int position) {
                         open(document, host, text, cut, stack, layer, head, position);
                     });
}

void HeadRolesTabView::open(AttentionDocument& document, ViewHost& host, const QString& text, bool cut,
                            StackKind stack, int layer, int head, int position) {
    QObject::disconnect(m_waiting);
    // The strongest position is a piece of the whole sequence, special tokens included: words
    // merged would number the tokens otherwise.
    if (document.view().mergeWords)
        document.setMergeWords(false);
    const auto show = [&document, &host, stack, layer, head, position] {
        if (document.isEncoderDecoder())
            document.setStack(stack);
        document.setHeadIndex(layer, head);
        document.setSelectedToken(position);
        host.showView(QStringLiteral("heatmap"));
    };
    if (document.text() == text && !document.trace().isEmpty() && !document.isWorking()) {
        host.showText(text);
        show();
        return;
    }
    m_waiting = QObject::connect(&document, &AttentionDocument::traceChanged, m_view, [this, &document, text, show] {
        if (document.text() != text || document.trace().isEmpty())
            return;
        QObject::disconnect(m_waiting);
        show();
    });
    host.showText(text);
    document.setText(text, QString(), cut);
    host.showStatus(HeadRolesTabText::tr("Opening the document where the head plays its role…"), 3000);
}

void HeadRolesTabView::documentChanged(AttentionDocument& document, DocumentChanges changes, bool) {
    if (changes & DocumentChange::Model)
        m_view->setModel(document.sharedModel(), document.modelSpec());
    if (changes & DocumentChange::Style)
        m_view->setColormap(document.view().style.colormap);
    m_view->setCurrentText(document.text());
}

std::unique_ptr<Figure> HeadRolesTabView::figure(const AttentionDocument&) const { return m_view->figure(); }

void HeadRolesTabView::takeOver(DocumentView& old) {
    m_view->takeOverFrom(*static_cast<HeadRolesTabView&>(old).m_view);
}

}  // namespace headmap::ui
