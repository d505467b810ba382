#include "predictions/PredictionBars.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace headmap::ui {

namespace {

constexpr int kBarsMargin = 4;

}  // namespace

QString percentText(double probability) {
    const double percent = probability * 100.0;
    if (percent > 0.0 && percent < 0.01)
        return QStringLiteral("< 0.01 %");
    return QStringLiteral("%1 %").arg(percent, 0, 'f', percent >= 10.0 ? 1 : 2);
}

PredictionBars::PredictionBars(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
}

void PredictionBars::setRows(const QString& title, const std::vector<TokenProbability>& rows,
                             const std::vector<float>& compareTo) {
    m_title = title;
    m_rows = rows;
    m_compare = compareTo;
    m_message.clear();
    updateGeometry();
    update();
}

void PredictionBars::setHighlighted(int tokenId) {
    m_highlighted = tokenId;
    update();
}

void PredictionBars::setMessage(const QString& message) {
    m_message = message;
    if (!message.isEmpty())
        m_rows.clear();
    updateGeometry();
    update();
}

QString PredictionBars::rowLabel(int index) const {
    const TokenProbability& r = m_rows[size_t(index)];
    return r.display.isEmpty() ? r.token : r.display;
}

int PredictionBars::rowHeight() const { return fontMetrics().height() + 6; }
int PredictionBars::top() const { return kBarsMargin + (m_title.isEmpty() ? 0 : fontMetrics().height() + 4); }

QRect PredictionBars::rowRect(int index) const {
    if (index < 0 || index >= rowCount())
        return QRect();
    return QRect(kBarsMargin, top() + index * rowHeight(), width() - 2 * kBarsMargin, rowHeight());
}

QSize PredictionBars::sizeHint() const {
    const int rows = std::max(1, rowCount());
    return QSize(260, top() + rows * rowHeight() + kBarsMargin);
}

QSize PredictionBars::minimumSizeHint() const { return QSize(160, sizeHint().height()); }

void PredictionBars::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QPalette pal = palette();
    const QFontMetrics metrics = fontMetrics();
    if (!m_title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(pal.color(QPalette::WindowText));
        painter.drawText(QRect(kBarsMargin, kBarsMargin, width() - 2 * kBarsMargin, metrics.height()), Qt::AlignLeft,
                         m_title);
        painter.setFont(font());
    }
    if (!m_message.isEmpty() || m_rows.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(kBarsMargin, top(), width() - 2 * kBarsMargin, height() - top()),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_message);
        return;
    }
    // Columns: rank, label, bar, percentage. The label column fits the widest label, up to a third.
    const int rankWidth = metrics.horizontalAdvance(QStringLiteral("10."));
    int labelWidth = 0;
    for (int i = 0; i < rowCount(); ++i)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(rowLabel(i)));
    labelWidth = std::min(labelWidth + 6, std::max(60, width() / 3));
    const int percentWidth = metrics.horizontalAdvance(QStringLiteral("< 0.01 %")) + 4;
    const QColor barColour = pal.color(QPalette::Highlight);
    for (int i = 0; i < rowCount(); ++i) {
        const QRect rect = rowRect(i);
        const TokenProbability& r = m_rows[size_t(i)];
        if (r.id == m_highlighted)
            painter.fillRect(rect, pal.color(QPalette::AlternateBase));
        painter.setPen(pal.color(QPalette::WindowText));
        painter.drawText(QRect(rect.left(), rect.top(), rankWidth, rect.height()), Qt::AlignRight | Qt::AlignVCenter,
                         QStringLiteral("%1.").arg(i + 1));
        const QRect labelRect(rect.left() + rankWidth + 6, rect.top(), labelWidth, rect.height());
        painter.drawText(labelRect, Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(rowLabel(i), Qt::ElideRight, labelRect.width()));
        const int barLeft = labelRect.right() + 4;
        const int barSpace = std::max(10, rect.right() - percentWidth - barLeft);
        const int barWidth = int(std::lround(std::clamp(double(r.probability), 0.0, 1.0) * barSpace));
        const QRect bar(barLeft, rect.top() + 3, std::max(barWidth, r.probability > 0 ? 1 : 0), rect.height() - 6);
        painter.fillRect(bar, barColour);
        if (i < int(m_compare.size())) {  // the other run: a dark tick where its bar would end
            const int x = barLeft + int(std::lround(std::clamp(double(m_compare[size_t(i)]), 0.0, 1.0) * barSpace));
            painter.setPen(QPen(pal.color(QPalette::WindowText), 2));
            painter.drawLine(x, rect.top() + 1, x, rect.bottom() - 1);
        }
        painter.setPen(pal.color(QPalette::WindowText));
        painter.drawText(QRect(rect.right() - percentWidth, rect.top(), percentWidth, rect.height()),
                         Qt::AlignRight | Qt::AlignVCenter, percentText(r.probability));
        if (r.id == m_highlighted) {
            painter.setPen(QPen(pal.color(QPalette::Highlight).darker(130), 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(rect.adjusted(0, 0, -1, -1));
        }
    }
}

void PredictionBars::mouseMoveEvent(QMouseEvent* event) {
    for (int i = 0; i < rowCount(); ++i) {
        if (!rowRect(i).contains(event->position().toPoint()))
            continue;
        const TokenProbability& r = m_rows[size_t(i)];
        QString text = tr("%1: %2 (logit %3)\npiece %4, id %5")
                           .arg(rowLabel(i), percentText(r.probability))
                           .arg(r.logit, 0, 'f', 3)
                           .arg(r.token)
                           .arg(r.id);
        if (i < int(m_compare.size()))
            text += QLatin1Char('\n') + tr("%1: %2").arg(m_compareName, percentText(m_compare[size_t(i)]));
        QToolTip::showText(event->globalPosition().toPoint(), text + QLatin1Char('\n') + tr("Click to follow this token"),
                           this);
        return;
    }
    QToolTip::hideText();
}

void PredictionBars::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return;
    for (int i = 0; i < rowCount(); ++i)
        if (rowRect(i).contains(event->position().toPoint())) {
            emit tokenClicked(m_rows[size_t(i)].id, rowLabel(i));
            return;
        }
}

}  // namespace headmap::ui
