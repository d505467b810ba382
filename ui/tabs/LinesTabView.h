#pragma once
// The Lines tab as a DocumentView: the document's trace, layer, head and hidden special tokens
// go to the LinesView; a sentence pair's second sentence is found from the special tokens.

#include "DocumentView.h"

namespace headmap::ui {

class LinesView;

class LinesTabView : public DocumentView {
public:
    LinesTabView();
    LinesView* lines() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;  // with the pinned token
    void takeOver(DocumentView& old) override;

private:
    LinesView* m_view;
};

}  // namespace headmap::ui
