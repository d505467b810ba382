#include "SideScrollArea.h"

#include <QEvent>
#include <QScrollBar>

namespace headmap::ui {

SideScrollArea::SideScrollArea(QWidget* content, QWidget* parent) : QScrollArea(parent) {
    setWidget(content);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    content->installEventFilter(this);
}

bool SideScrollArea::needsBar() const {
    return widget() && widget()->minimumSizeHint().width() > viewport()->width();
}

QSize SideScrollArea::sizeHint() const {
    if (!widget())
        return QScrollArea::sizeHint();
    const QSize content = widget()->sizeHint().expandedTo(widget()->minimumSizeHint());
    const int bar = needsBar() ? horizontalScrollBar()->sizeHint().height() : 0;
    return QSize(content.width(), content.height() + bar);
}

QSize SideScrollArea::minimumSizeHint() const {
    // Any width: the content scrolls; its whole height, so no row is ever hidden.
    return QSize(horizontalScrollBar()->sizeHint().width(), sizeHint().height());
}

void SideScrollArea::resizeEvent(QResizeEvent* event) {
    const bool before = needsBar();
    QScrollArea::resizeEvent(event);
    if (needsBar() != before || height() != sizeHint().height())
        updateGeometry();  // the bar came or went: the height follows
}

bool SideScrollArea::eventFilter(QObject* watched, QEvent* event) {
    if (watched == widget() && (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Show ||
                                event->type() == QEvent::Hide))
        updateGeometry();  // a row shown or hidden (the long text box, the teaching knobs)
    return QScrollArea::eventFilter(watched, event);
}

}  // namespace headmap::ui
