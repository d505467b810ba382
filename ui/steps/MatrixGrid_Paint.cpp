// MatrixGrid's painting: the visible cells from the colour image, hatching for masked cells,
// numbers where they fit, outlines, and the row and column labels that stay in place.

#include <algorithm>
#include <cmath>

#include <QPainter>
#include <QScrollBar>

#include "figures/ColourScale.h"
#include "steps/MatrixGrid.h"

namespace headmap::ui {
namespace {

const QColor kOutline(255, 64, 64);  // as HeatmapView's selection

}  // namespace

QColor MatrixGrid::maskedColour() { return QColor(205, 205, 205); }
QBrush MatrixGrid::maskedHatch() { return QBrush(QColor(140, 140, 140), Qt::BDiagPattern); }

void MatrixGrid::paintEvent(QPaintEvent*) {
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), palette().window());
    if (rows() == 0 || columns() == 0)
        return;
    if (m_imageDirty) {
        m_image = QImage(columns(), rows(), QImage::Format_RGB32);
        const QRgb masked = maskedColour().rgb();
        for (int r = 0; r < rows(); ++r) {
            auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(r));
            for (int c = 0; c < columns(); ++c) {
                const float v = m_shown(r, c);
                line[c] = isMasked(v) ? masked : m_gradient.color(v, m_range, false);
            }
        }
        m_imageDirty = false;
    }
    const QSize view = viewport()->size();
    const int h = horizontalScrollBar()->value(), v = verticalScrollBar()->value();
    const int c0 = std::clamp(h / m_cellWidth, 0, columns() - 1);
    const int c1 = std::clamp((h + view.width() - m_labelWidth) / m_cellWidth, 0, columns() - 1);
    const int r0 = std::clamp(v / m_cellHeight, 0, rows() - 1);
    const int r1 = std::clamp((v + view.height() - m_headerHeight) / m_cellHeight, 0, rows() - 1);
    painter.setClipRect(QRect(m_labelWidth, m_headerHeight, view.width(), view.height()));
    paintCells(painter, r0, r1, c0, c1);
    painter.setClipping(false);
    paintLabels(painter, r0, r1, c0, c1);
}

void MatrixGrid::paintCells(QPainter& painter, int r0, int r1, int c0, int c1) {
    const QRect target(cellX(c0), cellY(r0), (c1 - c0 + 1) * m_cellWidth, (r1 - r0 + 1) * m_cellHeight);
    painter.drawImage(target, m_image, QRect(c0, r0, c1 - c0 + 1, r1 - r0 + 1));
    if (m_hasMasked && m_cellWidth >= 6 && m_cellHeight >= 6) {
        const QBrush hatch = maskedHatch();
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c)
                if (isMasked(m_shown(r, c)))
                    painter.fillRect(cellRect(r, c), hatch);
    }
    if (m_cellWidth >= 10 && m_cellHeight >= 10) {  // thin gaps between cells
        QVector<QLine> lines;
        for (int c = c0; c <= c1 + 1; ++c)
            lines << QLine(cellX(c), target.top(), cellX(c), target.bottom());
        for (int r = r0; r <= r1 + 1; ++r)
            lines << QLine(target.left(), cellY(r), target.right(), cellY(r));
        painter.setPen(QPen(palette().base().color(), 1));
        painter.drawLines(lines);
    }
    if (numbersShown()) {
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c) {
                const QRect cell = cellRect(r, c);
                const float value = m_shown(r, c);
                painter.setPen(isMasked(value) ? QColor(Qt::black) : textColourOn(m_image.pixel(c, r)));
                painter.drawText(cell, Qt::AlignCenter, cellText(value));
            }
    }
    painter.setBrush(Qt::NoBrush);
    if (m_columnCount > 0) {  // this head's columns in the concatenation
        const int per = std::max(1, m_block);
        const int first = m_firstColumn / per, last = (m_firstColumn + m_columnCount - 1) / per;
        painter.setPen(QPen(palette().text().color(), 3, Qt::DashLine));
        painter.drawRect(QRect(cellX(first), cellY(r0) - 1, (last - first + 1) * m_cellWidth,
                               (r1 - r0 + 1) * m_cellHeight + 2));
    }
    if (m_highlightedRow >= r0 && m_highlightedRow <= r1) {
        painter.setPen(QPen(kOutline, 3));
        painter.drawRect(QRect(cellX(c0) - 2, cellY(m_highlightedRow), (c1 - c0 + 1) * m_cellWidth + 4, m_cellHeight));
    }
    if (m_markedRow >= 0 && m_markedColumn >= 0 && m_markedRow < rows() && m_markedColumn < columns()) {
        painter.setPen(QPen(palette().text().color(), 3));
        painter.drawRect(cellRect(m_markedRow, m_markedColumn).adjusted(1, 1, -1, -1));
    }
}

void MatrixGrid::paintLabels(QPainter& painter, int r0, int r1, int c0, int c1) {
    const QSize view = viewport()->size();
    const QFontMetrics fm(font());
    const QColor dim = palette().color(QPalette::PlaceholderText);
    painter.fillRect(QRect(0, 0, view.width(), m_headerHeight), palette().window());
    painter.fillRect(QRect(0, 0, m_labelWidth, view.height()), palette().window());

    // Column labels, thinned out when the cells are narrower than the labels.
    painter.save();
    painter.setClipRect(QRect(m_labelWidth, 0, view.width(), m_headerHeight));
    painter.setPen(palette().text().color());
    const int labelWidth = m_rotatedHeader ? fm.height() : fm.horizontalAdvance(columnLabel(columns() - 1)) + 6;
    const int every = std::max(1, (labelWidth + m_cellWidth - 1) / m_cellWidth);
    for (int c = c0 - c0 % every; c <= c1; c += every) {
        const QRect cell(cellX(c), 0, m_cellWidth, m_headerHeight - 2);
        const QString label = columnLabel(c);
        if (m_rotatedHeader) {
            painter.save();
            painter.translate(cell.center().x() + fm.ascent() / 2 - 1, m_headerHeight - 4);
            painter.rotate(-90);
            painter.drawText(0, 0, fm.elidedText(label, Qt::ElideRight, maxTokenWidth()));
            painter.restore();
        } else {
            const int w = std::max(labelWidth, m_cellWidth);
            QRect around(cellX(c) + m_cellWidth / 2 - w / 2, 0, w, m_headerHeight - 2);
            if (c == 0)
                around.moveLeft(std::max(around.left(), cellX(0)));  // not under the row labels
            painter.drawText(around, Qt::AlignHCenter | Qt::AlignBottom, fm.elidedText(label, Qt::ElideRight, w));
        }
    }
    painter.restore();

    // Row labels: index (dim) and token.
    painter.save();
    painter.setClipRect(QRect(0, m_headerHeight, m_labelWidth, view.height()));
    const int everyRow = std::max(1, (fm.height() + m_cellHeight - 1) / m_cellHeight);
    const int indexWidth = fm.horizontalAdvance(QString::number(std::max(1, rows() - 1)));
    for (int r = r0 - r0 % everyRow; r <= r1; r += everyRow) {
        const int h = std::max(m_cellHeight, fm.height());  // tiny rows: the label overlaps its neighbours
        QRect cell(0, cellY(r) + (m_cellHeight - h) / 2, m_labelWidth - 6, h);
        if (h > m_cellHeight && cell.top() < m_headerHeight && cellY(r) >= m_headerHeight)
            cell.moveTop(m_headerHeight);  // the first label, not cut by the header
        QFont labelFont = font();
        if (r == m_highlightedRow) {
            painter.fillRect(cell.adjusted(0, 0, 6, 0), QColor(255, 64, 64, 60));
            labelFont.setBold(true);
        }
        painter.setFont(labelFont);
        painter.setPen(dim);
        painter.drawText(QRect(4, cell.top(), indexWidth, cell.height()), Qt::AlignRight | Qt::AlignVCenter,
                         QString::number(r));
        if (r < m_rowLabels.size()) {
            painter.setPen(palette().text().color());
            painter.drawText(cell.adjusted(indexWidth + 12, 0, 0, 0), Qt::AlignRight | Qt::AlignVCenter,
                             QFontMetrics(labelFont).elidedText(m_rowLabels[r], Qt::ElideRight, maxTokenWidth()));
        }
    }
    painter.restore();
}

}  // namespace headmap::ui
