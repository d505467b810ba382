#include "PresentationStyle.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>
#include <QStyleFactory>
#include <QStyleOption>

namespace headmap::ui {

namespace {

// A filled triangle pointing up or down, centred in rect: the spin box's arrows, drawn large
// enough for the back row.
void drawArrow(QPainter* painter, const QRectF& rect, bool up, const QColor& colour) {
    const double side = std::min(rect.width(), rect.height()) * 0.55;
    const QPointF centre = rect.center();
    const double half = side / 2, rise = side * 0.35;
    QPainterPath path;
    if (up) {
        path.moveTo(centre.x() - half, centre.y() + rise);
        path.lineTo(centre.x() + half, centre.y() + rise);
        path.lineTo(centre.x(), centre.y() - rise);
    } else {
        path.moveTo(centre.x() - half, centre.y() - rise);
        path.lineTo(centre.x() + half, centre.y() - rise);
        path.lineTo(centre.x(), centre.y() + rise);
    }
    path.closeSubpath();
    painter->fillPath(path, colour);
}

}  // namespace

PresentationStyle::PresentationStyle() : QProxyStyle(QStyleFactory::create(QApplication::style()->name())) {}

void PresentationStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                                      const QWidget* widget) const {
    if (element != PE_IndicatorCheckBox)
        return QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool enabled = option->state & State_Enabled;
    const QColor ink = option->palette.color(enabled ? QPalette::Active : QPalette::Disabled, QPalette::Text);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF box = QRectF(option->rect).adjusted(1.5, 1.5, -1.5, -1.5);
    painter->setPen(QPen(ink, 2));
    painter->setBrush(option->palette.base());
    painter->drawRect(box);
    if (option->state & (State_On | State_NoChange)) {
        const QColor mark = option->palette.color(QPalette::Highlight);
        if (option->state & State_NoChange) {
            painter->fillRect(box.adjusted(box.width() * 0.25, box.height() * 0.42, -box.width() * 0.25,
                                           -box.height() * 0.42),
                              mark);
        } else {
            QPainterPath tick;
            tick.moveTo(box.left() + box.width() * 0.2, box.top() + box.height() * 0.52);
            tick.lineTo(box.left() + box.width() * 0.42, box.top() + box.height() * 0.75);
            tick.lineTo(box.left() + box.width() * 0.8, box.top() + box.height() * 0.25);
            painter->setPen(QPen(mark, std::max(2.0, box.width() / 6), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->setBrush(Qt::NoBrush);
            painter->drawPath(tick);
        }
    }
    painter->restore();
}

void PresentationStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                                           QPainter* painter, const QWidget* widget) const {
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control != CC_SpinBox)
        return;
    const auto* spin = qstyleoption_cast<const QStyleOptionSpinBox*>(option);
    if (!spin)
        return;
    const QColor ink = option->palette.color(QPalette::Text);
    const QColor off = option->palette.color(QPalette::Disabled, QPalette::Text);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(ink, 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5));  // the frame, visible on black
    if (spin->buttonSymbols != QAbstractSpinBox::NoButtons) {
        const QRect up = subControlRect(CC_SpinBox, spin, SC_SpinBoxUp, widget);
        const QRect down = subControlRect(CC_SpinBox, spin, SC_SpinBoxDown, widget);
        painter->fillRect(up, option->palette.button());
        painter->fillRect(down, option->palette.button());
        drawArrow(painter, up, true, spin->stepEnabled & QAbstractSpinBox::StepUpEnabled ? ink : off);
        drawArrow(painter, down, false, spin->stepEnabled & QAbstractSpinBox::StepDownEnabled ? ink : off);
    }
    painter->restore();
}

}  // namespace headmap::ui
