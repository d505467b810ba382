#include "steps/MatrixGrid.h"

#include <algorithm>
#include <cmath>

#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>

#include "Colormaps.h"

namespace headmap::ui {
namespace {

constexpr double kMinZoom = 0.06;
constexpr double kMaxZoom = 4.0;
constexpr int kLabelEveryRowUpTo = 100;  // rows; longer matrices may thin their row labels

}  // namespace

MatrixGrid::MatrixGrid(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::ClickFocus);
    viewport()->setMouseTracking(false);
    setFrameShape(QFrame::NoFrame);
    updateMetrics();
}

void MatrixGrid::setMatrix(const MatrixF& values, const QStringList& rowLabels,
                           const QStringList& columnLabels, MatrixScale scale) {
    m_values = values;
    m_rowLabels = rowLabels;
    m_columnLabels = columnLabels;
    m_scale = scale;
    m_markedRow = m_markedColumn = -1;
    rebuildShown();
}

void MatrixGrid::setSummaryBlock(int columns) {
    columns = std::max(0, columns);
    if (columns == m_block)
        return;
    m_block = columns;
    m_markedRow = m_markedColumn = -1;
    rebuildShown();
}

void MatrixGrid::rebuildShown() {
    m_hasMasked = false;
    const bool summary = m_block > 0 && m_values.cols() > 0;
    if (summary) {
        const int blocks = int((m_values.cols() + m_block - 1) / m_block);
        m_shown.resize(m_values.rows(), blocks);
        for (Eigen::Index r = 0; r < m_values.rows(); ++r)
            for (int b = 0; b < blocks; ++b) {
                double sum = 0;
                int count = 0;
                for (Eigen::Index c = Eigen::Index(b) * m_block; c < std::min<Eigen::Index>((b + 1) * m_block, m_values.cols()); ++c)
                    if (std::isfinite(m_values(r, c))) {
                        sum += std::abs(double(m_values(r, c)));
                        ++count;
                    }
                m_shown(r, b) = count ? float(sum / count) : -std::numeric_limits<float>::infinity();
            }
    } else {
        m_shown = m_values;
    }
    double largest = 0;
    for (Eigen::Index i = 0; i < m_shown.size(); ++i) {
        const float v = m_shown.data()[i];
        if (isMasked(v))
            m_hasMasked = true;
        else if (std::isfinite(v))
            largest = std::max(largest, double(std::abs(v)));
    }
    if (largest == 0)
        largest = 1;
    if (summary) {
        m_gradient = gradientFor(Colormap::Viridis);
        m_range = QCPRange(0, largest);
    } else if (m_scale == MatrixScale::Weights) {
        m_gradient = gradientFor(Colormap::Viridis);
        m_range = QCPRange(0, 1);
    } else {
        m_gradient = gradientFor(Colormap::Diverging);
        m_range = QCPRange(-largest, largest);
    }
    m_imageDirty = true;
    updateMetrics();
}

double MatrixGrid::valueAt(int row, int column) const {
    if (row < 0 || column < 0 || row >= rows() || column >= columns())
        return std::nan("");
    return m_shown(row, column);
}

QString MatrixGrid::textAt(int row, int column) const { return cellText(valueAt(row, column)); }

QString MatrixGrid::cellText(double value) {
    if (std::isnan(value))
        return QString();
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    const double a = std::abs(value);
    QString text;
    if (a == 0)
        return QStringLiteral("0");
    if (a < 0.0095)
        return QStringLiteral("≈0");
    if (a >= 99.5)
        text = QString::number(value, 'f', 0);
    else if (a >= 9.95)
        text = QString::number(value, 'f', 1);
    else
        text = QString::number(value, 'f', 2);
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

void MatrixGrid::updateMetrics() {
    const QFontMetrics fm(font());
    m_baseWidth = fm.horizontalAdvance(QStringLiteral("−0.00")) + 12;
    m_baseHeight = fm.height() + 10;
    int tokenWidth = 0;
    for (const QString& label : m_rowLabels)
        tokenWidth = std::max(tokenWidth, fm.horizontalAdvance(label));
    const int indexWidth = fm.horizontalAdvance(QString::number(std::max(1, rows() - 1)));
    m_labelWidth = indexWidth + 16 + (m_rowLabels.isEmpty() ? 0 : std::min(tokenWidth, maxTokenWidth()) + 8);

    if (m_fit && columns() > 0) {
        QSize available = maximumViewportSize();
        const int contentHeight = m_headerHeight + rows() * m_baseHeight;
        if (contentHeight > available.height())
            available.rwidth() -= verticalScrollBar()->sizeHint().width();
        const double fit = double(available.width() - m_labelWidth) / (columns() * m_baseWidth);
        m_zoom = std::clamp(fit, kMinZoom, 1.0);
    }
    // Fitting rounds down, so that the fitted columns never need a scroll bar.
    const double width = m_baseWidth * m_zoom;
    m_cellWidth = std::max(2, int(m_fit ? std::floor(width) : std::lround(width)));
    // Few rows stay tall enough for their labels even when the columns shrink to fit: every
    // token of a sentence keeps its label, at any font size (large presentation fonts too).
    const double heightZoom = rows() <= kLabelEveryRowUpTo ? std::max(m_zoom, 0.75) : m_zoom;
    m_cellHeight = std::max(2, int(std::lround(m_baseHeight * heightZoom)));
    if (rows() <= kLabelEveryRowUpTo && !m_rowLabels.isEmpty())
        m_cellHeight = std::max(m_cellHeight, fm.height() + 2);

    int columnWidth = 0;
    for (const QString& label : m_columnLabels)
        columnWidth = std::max(columnWidth, fm.horizontalAdvance(label));
    m_rotatedHeader = m_block == 0 && !m_columnLabels.isEmpty() && columnWidth > m_cellWidth - 4;
    m_headerHeight = m_rotatedHeader ? std::min(columnWidth, maxTokenWidth()) + 12 : fm.height() + 8;

    // No taller than the matrix, so that its legend sits right under it.
    const bool scrollsSideways = columns() * m_cellWidth > maximumViewportSize().width() - m_labelWidth;
    setMaximumHeight(std::max(minimumSizeHint().height(),
                              m_headerHeight + rows() * m_cellHeight + 2 * frameWidth() + 1
                                  + (scrollsSideways ? horizontalScrollBar()->sizeHint().height() : 0)));
    const QSize view = viewport()->size();
    horizontalScrollBar()->setRange(0, std::max(0, columns() * m_cellWidth - (view.width() - m_labelWidth)));
    horizontalScrollBar()->setPageStep(std::max(1, view.width() - m_labelWidth));
    horizontalScrollBar()->setSingleStep(m_cellWidth);
    verticalScrollBar()->setRange(0, std::max(0, rows() * m_cellHeight - (view.height() - m_headerHeight)));
    verticalScrollBar()->setPageStep(std::max(1, view.height() - m_headerHeight));
    verticalScrollBar()->setSingleStep(m_cellHeight);
    if (sizeHint() != m_lastHint) {
        m_lastHint = sizeHint();
        updateGeometry();
    }
    viewport()->update();
}

int MatrixGrid::maxTokenWidth() const {
    return std::max(140, QFontMetrics(font()).averageCharWidth() * 10);
}

void MatrixGrid::setZoom(double zoom) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    m_fit = false;
    if (zoom == m_zoom)
        return;
    // Keep the cell at the middle of the view in the middle.
    const QSize view = viewport()->size();
    const double cx = (horizontalScrollBar()->value() + (view.width() - m_labelWidth) / 2.0) / m_cellWidth;
    const double cy = (verticalScrollBar()->value() + (view.height() - m_headerHeight) / 2.0) / m_cellHeight;
    m_zoom = zoom;
    updateMetrics();
    horizontalScrollBar()->setValue(int(cx * m_cellWidth - (view.width() - m_labelWidth) / 2.0));
    verticalScrollBar()->setValue(int(cy * m_cellHeight - (view.height() - m_headerHeight) / 2.0));
    emit zoomChanged(m_zoom);
}

bool MatrixGrid::numbersShown() const {
    const QFontMetrics fm(font());
    return m_cellWidth >= fm.horizontalAdvance(QStringLiteral("−0.00")) + 4 && m_cellHeight >= fm.height();
}

QSize MatrixGrid::contentSize() const {
    return {m_labelWidth + columns() * m_cellWidth, m_headerHeight + rows() * m_cellHeight};
}

QSize MatrixGrid::sizeHint() const {
    const QSize natural(m_labelWidth + columns() * m_baseWidth + 4,
                        m_headerHeight + rows() * m_cellHeight + 4);
    return natural.boundedTo(QSize(900, 600)).expandedTo(minimumSizeHint());
}

QSize MatrixGrid::minimumSizeHint() const {
    return {140, std::min(90, m_headerHeight + rows() * m_cellHeight + 2 * frameWidth() + 1)};
}

int MatrixGrid::cellX(int column) const { return m_labelWidth + column * m_cellWidth - horizontalScrollBar()->value(); }
int MatrixGrid::cellY(int row) const { return m_headerHeight + row * m_cellHeight - verticalScrollBar()->value(); }

QRect MatrixGrid::cellRect(int row, int column) const {
    return QRect(cellX(column), cellY(row), m_cellWidth, m_cellHeight);
}

void MatrixGrid::ensureCellVisible(int row, int column) {
    const QSize view = viewport()->size();
    const int x = column * m_cellWidth, y = row * m_cellHeight;
    QScrollBar* h = horizontalScrollBar();
    QScrollBar* v = verticalScrollBar();
    if (x < h->value() || x + m_cellWidth > h->value() + view.width() - m_labelWidth)
        h->setValue(x - (view.width() - m_labelWidth - m_cellWidth) / 2);
    if (y < v->value() || y + m_cellHeight > v->value() + view.height() - m_headerHeight)
        v->setValue(y - (view.height() - m_headerHeight - m_cellHeight) / 2);
}

void MatrixGrid::setHighlightedRow(int row) {
    m_highlightedRow = row;
    viewport()->update();
}

void MatrixGrid::setHighlightedColumns(int first, int count) {
    m_firstColumn = first;
    m_columnCount = count;
    viewport()->update();
}

void MatrixGrid::setMarkedCell(int row, int column) {
    m_markedRow = row;
    m_markedColumn = column;
    viewport()->update();
}

bool MatrixGrid::cellAt(QPoint pos, int* row, int* column) const {
    if (pos.x() < m_labelWidth || pos.y() < m_headerHeight)
        return false;
    const int r = (pos.y() - m_headerHeight + verticalScrollBar()->value()) / m_cellHeight;
    const int c = (pos.x() - m_labelWidth + horizontalScrollBar()->value()) / m_cellWidth;
    if (r < 0 || c < 0 || r >= rows() || c >= columns())
        return false;
    *row = r;
    *column = c;
    return true;
}

QString MatrixGrid::columnLabel(int column) const {
    if (m_block > 0) {
        const int last = std::min<int>((column + 1) * m_block, matrixColumns()) - 1;
        return QStringLiteral("%1–%2").arg(column * m_block).arg(last);
    }
    return column < m_columnLabels.size() ? m_columnLabels[column] : QString::number(column);
}

void MatrixGrid::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateMetrics();
}

void MatrixGrid::mousePressEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    int row = -1, column = -1;
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    if (cellAt(pos, &row, &column)) {
        emit cellClicked(row, column);
    } else if (pos.x() < m_labelWidth && pos.y() >= m_headerHeight) {
        row = (pos.y() - m_headerHeight + verticalScrollBar()->value()) / m_cellHeight;
        if (row >= 0 && row < rows())
            emit rowClicked(row);
    }
    event->accept();
}

void MatrixGrid::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        setZoom(m_zoom * std::pow(1.25, event->angleDelta().y() / 120.0));
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void MatrixGrid::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
        event->ignore();  // the step view moves between steps
        return;
    default:
        QAbstractScrollArea::keyPressEvent(event);
    }
}

void MatrixGrid::scrollContentsBy(int, int) { viewport()->update(); }

void MatrixGrid::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateMetrics();
}

bool MatrixGrid::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        int row = -1, column = -1;
        if (cellAt(help->pos(), &row, &column)) {
            const QString rowName = row < m_rowLabels.size() ? m_rowLabels[row] : QString::number(row);
            const double value = valueAt(row, column);
            QString number = std::isinf(value) ? cellText(value) : QString::number(value, 'g', 5);
            number.replace(QLatin1Char('-'), QChar(0x2212));
            QToolTip::showText(help->globalPos(), tr("row %1 (%2), column %3: %4")
                                                      .arg(row).arg(rowName, columnLabel(column), number),
                               viewport());
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

}  // namespace headmap::ui
