#pragma once
// The Token pair tab as a DocumentView: the document's trace, style and current head go to the
// TokenPairView, and a token selected elsewhere (a click on the heatmap) becomes its query.

#include "DocumentView.h"

class QScrollArea;

namespace headmap::ui {

class TokenPairView;

class TokenPairTabView : public DocumentView {
public:
    TokenPairTabView();
    TokenPairView* tokenPair() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    // A click selects the head (the Heatmap tab then shows it), a double-click opens it; the
    // query is the document's selected token, as a click on the heatmap makes it.
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;

private:
    TokenPairView* m_view;
    QScrollArea* m_scroll;  // the view, scrolling when the tab is smaller than its controls
    int m_selected = -1;  // the document's selected token when last seen
};

}  // namespace headmap::ui
