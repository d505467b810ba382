#pragma once
// The Lines tab as a DocumentView: the document's trace, layer, head and hidden special tokens
// go to the LinesView; a sentence pair's second sentence is found from the special tokens.

#include "DocumentView.h"

namespace headmap::ui {

class LinesView;

class LinesTabView : public DocumentView {
public:
    explicit LinesTabView(LinesView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;

private:
    LinesView* m_view;
};

}  // namespace headmap::ui
