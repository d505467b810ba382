#pragma once
// The classroom's Induction tab as a DocumentView (#41, #38): the document's model and trace go
// to the InductionView; the head it finds becomes the document's current head, "Switch this head
// off" becomes the document's ablations (so the prediction panel and every view show the copying
// fail), and "Random letters" puts a string typed twice into the text field and runs it.

#include "DocumentView.h"

namespace headmap::ui {

class InductionView;

class InductionTabView : public DocumentView {
public:
    InductionTabView();
    InductionView* induction() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    // File › Export image draws the page as it is on screen (notes and copy line included).
    bool exportsWidget() const override { return true; }

private:
    InductionView* m_view;
    QWidget* m_scroll;
    bool m_probeWanted = false;  // a new model whose heads are found when the tab is first shown
};

}  // namespace headmap::ui
