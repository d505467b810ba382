#pragma once
// The Token pair tab as a DocumentView: the document's trace, style and current head go to the
// TokenPairView, and a token selected elsewhere (a click on the heatmap) becomes its query.

#include "DocumentView.h"

namespace headmap::ui {

class TokenPairView;

class TokenPairTabView : public DocumentView {
public:
    explicit TokenPairTabView(TokenPairView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;

private:
    TokenPairView* m_view;
    int m_selected = -1;  // the document's selected token when last seen
};

}  // namespace headmap::ui
