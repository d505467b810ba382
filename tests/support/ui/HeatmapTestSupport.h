#pragma once
// Driving a HeatmapView as the pointer does, for the view tests and the window tests alike.

#include <QApplication>
#include <QMouseEvent>
#include <QPoint>
#include <qcustomplot.h>

#include "HeatmapView.h"

namespace heatmaptests {

// The pointer moved to pos (the view's coordinates) over the plot, as Qt delivers it.
inline void hover(headmap::ui::HeatmapView& view, QPoint pos) {
    QWidget* plot = view.plot();
    const QPoint inPlot = plot->mapFrom(&view, pos);
    QMouseEvent move(QEvent::MouseMove, QPointF(inPlot), plot->mapToGlobal(QPointF(inPlot)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
}

}  // namespace heatmaptests
