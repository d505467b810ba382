#include "heatmap/PendingOverlay.h"

#include <QEvent>
#include <QPainter>

namespace headmap::ui {

PendingOverlay::PendingOverlay(QWidget* covered) : QWidget(covered->parentWidget()), m_covered(covered) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    covered->installEventFilter(this);  // follows the covered widget's geometry
    hide();
}

void PendingOverlay::setText(const QString& text) {
    m_text = text;
    if (text.isEmpty()) {
        hide();
        return;
    }
    setGeometry(m_covered->geometry());
    raise();
    show();
    update();
}

bool PendingOverlay::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_covered && (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        setGeometry(m_covered->geometry());
    return QWidget::eventFilter(watched, event);
}

void PendingOverlay::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    QColor veil = palette().color(QPalette::Base);
    veil.setAlpha(170);  // the previous head shows through, clearly not current
    painter.fillRect(rect(), veil);
    QFont bold = font();
    bold.setBold(true);
    bold.setPointSizeF(font().pointSizeF() * 1.15);
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, m_text);
}

}  // namespace headmap::ui
