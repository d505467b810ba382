#pragma once
// The Head roles tab as a DocumentView: the document's model and text go to the HeadRolesView,
// and a click on a head there opens its strongest document on the document: the text, the head
// and the query token, then the Heatmap tab.

#include <QMetaObject>

#include "DocumentView.h"
#include "core/AttentionStack.h"

class QScrollArea;

namespace headmap::ui {

class HeadRolesView;

class HeadRolesTabView : public DocumentView {
public:
    HeadRolesTabView();
    ~HeadRolesTabView() override;
    HeadRolesView* roles() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;

private:
    // Shows the head at the query once the document's trace of `text` is there.
    void open(AttentionDocument& document, ViewHost& host, const QString& text, bool cut, StackKind stack, int layer,
              int head, int position);

    HeadRolesView* m_view;
    QScrollArea* m_scroll;
    QMetaObject::Connection m_waiting;  // for the trace of the document being opened
};

}  // namespace headmap::ui
