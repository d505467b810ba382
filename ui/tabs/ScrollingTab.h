#pragma once
// A tab whose content has a minimum size larger than a small window allows (the comparison's
// and the token pair's control rows in Danish, the grid of 32 × 32 heads): the content fills
// the tab down to its minimum size and scrolls past it, so the tab never forces the window
// wider than the screen (800 px with the predictions panel open).

#include <QScrollArea>

namespace headmap::ui {

inline QScrollArea* scrollingTab(QWidget* content) {
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);  // the content fills the tab, down to its minimumSizeHint
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

}  // namespace headmap::ui
