#include "roles/HeadRolesMap.h"

#include <algorithm>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "figures/FigureLayout.h"

namespace headmap::ui {
namespace {

constexpr int kMapLeft = 44;      // room for the layer numbers and the "Layer" title
constexpr int kMapTop = 34;       // the head numbers and the "Head" title
constexpr int kMapBarBand = 96;   // the colour bar, its ticks and its label, at the right
constexpr int kMapMinCell = 6;
constexpr int kMapMaxCell = 40;

}  // namespace

HeadRolesMap::HeadRolesMap(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeadRolesMap::setResult(std::shared_ptr<const HeadRoleResult> result) {
    m_result = std::move(result);
    updateGeometry();
    update();
}

void HeadRolesMap::setMeasure(int measure) {
    m_measure = measure;
    update();
}

void HeadRolesMap::setColormap(Colormap colormap) {
    m_colormap = colormap;
    update();
}

void HeadRolesMap::setPlaceholder(const QString& text) {
    m_placeholder = text;
    update();
}

QSize HeadRolesMap::cellSize() const {
    if (!m_result || m_result->layers == 0 || m_result->heads == 0)
        return QSize();
    // Cells fill the map, wider than tall or taller than wide as the model's shape asks, but
    // never more than three times as long one way as the other, so that they still read as cells.
    int w = std::clamp((width() - kMapLeft - kMapBarBand) / m_result->heads, kMapMinCell, kMapMaxCell * 2);
    int h = std::clamp((height() - kMapTop - 8) / m_result->layers, kMapMinCell, kMapMaxCell);
    w = std::min(w, 3 * h);
    h = std::min(h, 3 * w);
    return QSize(w, h);
}

QRect HeadRolesMap::gridRect() const {
    const QSize cell = cellSize();
    if (cell.isEmpty())
        return QRect();
    return QRect(kMapLeft, kMapTop, cell.width() * m_result->heads, cell.height() * m_result->layers);
}

QRect HeadRolesMap::cellRect(int layer, int head) const {
    const QRect grid = gridRect();
    if (grid.isEmpty() || layer < 0 || head < 0 || layer >= m_result->layers || head >= m_result->heads)
        return QRect();
    const QSize cell = cellSize();
    return QRect(grid.left() + head * cell.width(), grid.top() + layer * cell.height(), cell.width(), cell.height());
}

std::pair<int, int> HeadRolesMap::headAt(const QPoint& point) const {
    const QRect grid = gridRect();
    if (grid.isEmpty() || !grid.contains(point))
        return {-1, -1};
    const QSize cell = cellSize();
    return {(point.y() - grid.top()) / cell.height(), (point.x() - grid.left()) / cell.width()};
}

QString HeadRolesMap::toolTipFor(int layer, int head) const {
    if (!m_result || layer < 0 || head < 0 || layer >= m_result->layers || head >= m_result->heads)
        return QString();
    QString text = QStringLiteral("<b>") + tr("Layer %1, head %2").arg(layer).arg(head) + QStringLiteral("</b>");
    const int last = m_result->hasDivergence() ? kDivergenceMeasure : kHeadRoleCount - 1;
    for (int measure = 0; measure <= last; ++measure) {
        const double value = measureValues(*m_result, measure)[m_result->index(layer, head)];
        const bool shown = measure == m_measure;
        text += QStringLiteral("<br>") + (shown ? QStringLiteral("<b>") : QString()) + headRoleTitle(measure) +
                QStringLiteral(": ") + measureText(value) + (shown ? QStringLiteral("</b>") : QString());
    }
    if (m_measure < kHeadRoleCount) {
        const StrongestPosition& s = m_result->strongestOf(HeadRole(m_measure), layer, head);
        if (s.document >= 0)
            text += QStringLiteral("<br><i>") +
                    tr("Strongest in document %1 at token %2; click to open it").arg(s.document + 1).arg(s.position) +
                    QStringLiteral("</i>");
    }
    return text;
}

QSize HeadRolesMap::sizeHint() const {
    if (!m_result)
        return QSize(400, 240);
    return QSize(kMapLeft + kMapBarBand + m_result->heads * 28, kMapTop + 8 + m_result->layers * 28);
}

QSize HeadRolesMap::minimumSizeHint() const {
    if (!m_result)
        return QSize(200, 120);
    return QSize(kMapLeft + kMapBarBand + m_result->heads * kMapMinCell, kMapTop + 8 + m_result->layers * kMapMinCell);
}

void HeadRolesMap::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const QRect grid = gridRect();
    if (grid.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    const std::vector<double>& values = measureValues(*m_result, m_measure);
    if (values.empty())
        return;
    const ColourScale scale = headRolesScale(values, m_measure, m_colormap);
    const QSize cell = cellSize();
    for (int l = 0; l < m_result->layers; ++l)
        for (int h = 0; h < m_result->heads; ++h)
            painter.fillRect(cellRect(l, h), QColor::fromRgb(scale.colour(values[m_result->index(l, h)])));
    // Numbers every few cells, so that 24 layers of 6 px stay readable.
    painter.setPen(palette().color(QPalette::Text));
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.85));
    painter.setFont(small);
    const QFontMetrics metrics(small);
    int rowStep = 1, columnStep = 1;
    const QList<int> rows = FigureLayout::tickIndices(m_result->layers, cell.height(), metrics.height(), &rowStep);
    const QList<int> columns = FigureLayout::tickIndices(
        m_result->heads, cell.width(), metrics.horizontalAdvance(QStringLiteral("00")) + 4, &columnStep);
    for (int l : rows)
        painter.drawText(QRect(0, grid.top() + l * cell.height(), kMapLeft - 4, cell.height()),
                         Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, QString::number(l));
    for (int h : columns)
        painter.drawText(QRect(grid.left() + h * cell.width(), kMapTop - metrics.height() - 2, cell.width(),
                               metrics.height()),
                         Qt::AlignCenter | Qt::TextDontClip, QString::number(h));
    painter.drawText(QRect(grid.left(), 0, grid.width(), kMapTop - metrics.height() - 2), Qt::AlignCenter,
                     tr("Head"));
    painter.save();
    painter.translate(10, grid.center().y());
    painter.rotate(-90);
    painter.drawText(QRect(-grid.height() / 2, -8, grid.height(), 16), Qt::AlignCenter, tr("Layer"));
    painter.restore();
    // The colour bar, drawn as the figures draw theirs.
    const QRectF bar(grid.right() + 14, grid.top(), 12, std::max(grid.height(), 80));
    FigureLayout::paintBar(painter, FigureLayout::placeBar(scale, bar), scale);
}

bool HeadRolesMap::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto [layer, head] = headAt(help->pos());
        const QString text = toolTipFor(layer, head);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this, cellRect(layer, head));
        return true;
    }
    return QWidget::event(event);
}

void HeadRolesMap::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return;
    const auto [layer, head] = headAt(event->position().toPoint());
    if (layer >= 0)
        emit headClicked(layer, head);
}

}  // namespace headmap::ui
