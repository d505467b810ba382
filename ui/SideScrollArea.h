#pragma once
// A scroll area for a block of controls that scrolls sideways only: as high as its content
// (plus the scroll bar while the bar is needed), as narrow as the window makes it. The window's
// controls sit in one, so that a narrow window (800 px with the predictions panel open) scrolls
// them instead of growing past the screen or hiding a row under the scroll bar.

#include <QScrollArea>

namespace headmap::ui {

class SideScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit SideScrollArea(QWidget* content, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;  // the content's layout changes

private:
    bool needsBar() const;
};

}  // namespace headmap::ui
