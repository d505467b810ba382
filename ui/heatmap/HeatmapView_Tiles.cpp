// HeatmapView's level of detail: the colour map holds only the tiles in view, from the finest
// pyramid level whose tiles are at least a screen pixel, so that a redraw of an 8,192-token head
// fills about as many cells as the screen has pixels. Level 0 is the matrix itself, read
// through the scale mode; pooled levels come from an AttentionPyramid of what is plotted.

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "HeatmapView.h"
#include "heatmap/HeatmapToolbar.h"
#include "heatmap/MaskOverlay.h"

namespace headmap::ui {
namespace {

// Tiles [first, last] of `tiles` along an axis that cover the cell range in view.
std::pair<int, int> tilesInView(const QCPRange& range, int block, int tiles) {
    auto tileOf = [&](double coord) {
        return std::clamp(int(std::floor((coord + 0.5) / block)), 0, tiles - 1);
    };
    return {tileOf(range.lower), tileOf(range.upper)};
}

// The colour map's range along an axis for tiles [first, last]: the centres of the first and
// last tile, in cell coordinates. QCustomPlot stretches a single tile over its range, so then
// the range is the tile itself. A ragged last tile is drawn full size; the axis never shows
// past the matrix, so the part beyond it stays clipped.
QCPRange mapRange(int first, int last, int block) {
    if (first == last)
        return QCPRange(first * block - 0.5, first * block + block - 0.5);
    const double centre = (block - 1) / 2.0;
    return QCPRange(first * block + centre, last * block + centre);
}

}  // namespace

void HeatmapView::setPooling(Pooling pooling) {
    if (pooling == Pooling::MaxMagnitude)
        pooling = Pooling::Max;  // what Max means for a difference; not a choice of its own
    m_toolbar->setPooling(pooling);
    if (pooling == m_pooling)
        return;
    m_pooling = pooling;
    m_pyramid.reset();
    ++m_generation;
    onRangeChanged();
}

QString HeatmapView::poolingNote() const {
    if (m_level == 0)
        return QString();
    const int block = AttentionPyramid::blockSize(m_level);
    if (m_pooling == Pooling::Mean)
        return tr("mean-pooled %1×%1").arg(block);
    return m_difference ? tr("max-pooled %1×%1, by magnitude").arg(block) : tr("max-pooled %1×%1").arg(block);
}

void HeatmapView::showScaleLabel() {
    // The pooling note on a line of its own, and the font made smaller (down to three quarters)
    // until the longest line fits the bar: beside a short plot (a long text in a small window)
    // the title and the note ran past the bar's ends. Past that, the lines are elided.
    const QString note = poolingNote();
    const QString label = note.isEmpty() ? m_scaleLabel : tr("%1\n(%2)").arg(m_scaleLabel, note);
    QCPAxis* axis = m_scale->axis();
    const int length = axis->axisRect()->height();  // the bar is vertical
    QFont font = axis->tickLabelFont();  // the size every axis label has (applyColours)
    QString shown = label;
    if (length > 0) {
        const QStringList lines = label.split(QLatin1Char('\n'));
        auto longest = [&lines](const QFont& f) {
            const QFontMetrics metrics(f);
            int widest = 0;
            for (const QString& line : lines)
                widest = std::max(widest, metrics.horizontalAdvance(line));
            return widest;
        };
        const double base = font.pointSizeF();
        while (longest(font) > length && font.pointSizeF() - 0.5 >= base * 0.75)
            font.setPointSizeF(font.pointSizeF() - 0.5);
        if (longest(font) > length) {
            const QFontMetrics metrics(font);
            QStringList elided;
            for (const QString& line : lines)
                elided << metrics.elidedText(line, Qt::ElideRight, length);
            shown = elided.join(QLatin1Char('\n'));
        }
    }
    if (axis->labelFont() != font)
        axis->setLabelFont(font);
    if (axis->label() != shown)
        axis->setLabel(shown);
}

int HeatmapView::drawnCellCount() const {
    return m_map->data()->keySize() * m_map->data()->valueSize();
}

double HeatmapView::plottedValue(int query, int key) const {
    if (query < 0 || query >= queryCount() || key < 0 || key >= keyCount())
        return 0.0;
    if (m_mask->maskedCount() > 0 && m_mask->isMasked(query, key))
        return std::nan("");  // the gradient's masked colour
    float value = shown()(query, key);
    if (!m_rowDivisors.empty())
        value /= m_rowDivisors[size_t(query)];
    if (m_valueFloor > 0)
        value = std::max(value, m_valueFloor);
    return double(value);
}

const AttentionPyramid& HeatmapView::pyramid() {
    if (!m_pyramid) {
        m_pyramid = std::make_shared<const AttentionPyramid>(
            ConstMatrixMap(shown().data(), shown().rows(), shown().cols()), pyramidKind(m_difference).pooling,
            m_rowDivisors);
    }
    return *m_pyramid;
}

int HeatmapView::levelForView() const {
    const QRect rect = m_plot->axisRect()->rect();
    const double pixelsX = rect.width() > 0 ? rect.width() : width();
    const double pixelsY = rect.height() > 0 ? rect.height() : height();
    const double cellsPerPixel = std::max(m_plot->xAxis->range().size() / std::max(pixelsX, 1.0),
                                          m_plot->yAxis->range().size() / std::max(pixelsY, 1.0));
    return AttentionPyramid::levelFor(queryCount(), keyCount(), cellsPerPixel);
}

void HeatmapView::updateTiles() {
    const int queries = queryCount(), keys = keyCount();
    const QRect rect = m_plot->axisRect()->rect();
    const double wholeCellsPerPixel = std::max(keys / std::max(1.0, double(rect.width() > 0 ? rect.width() : width())),
                                               queries / std::max(1.0, double(rect.height() > 0 ? rect.height() : height())));
    m_toolbar->setPoolingAvailable(AttentionPyramid::levelFor(queries, keys, wholeCellsPerPixel) > 0);
    if (queries == 0 || keys == 0) {
        m_map->data()->setSize(0, 0);
        m_level = 0;
        m_tiles = TileWindow();
        showScaleLabel();
        return;
    }
    const int level = levelForView();
    const int block = AttentionPyramid::blockSize(level);
    const int tileRows = (queries + block - 1) / block, tileCols = (keys + block - 1) / block;
    const auto [firstCol, lastCol] = tilesInView(m_plot->xAxis->range(), block, tileCols);
    const auto [firstRow, lastRow] = tilesInView(m_plot->yAxis->range(), block, tileRows);
    const TileWindow window{m_generation, level, firstRow, lastRow, firstCol, lastCol};
    if (window == m_tiles) {
        showScaleLabel();  // the same tiles, but the bar may have another length
        return;  // a replot of the same view: the colour map already holds these tiles
    }
    m_tiles = window;
    m_level = level;
    showScaleLabel();

    QCPColorMapData* data = m_map->data();
    data->setSize(lastCol - firstCol + 1, lastRow - firstRow + 1);
    data->setRange(mapRange(firstCol, lastCol, block), mapRange(firstRow, lastRow, block));
    if (level == 0) {
        for (int q = firstRow; q <= lastRow; ++q)
            for (int k = firstCol; k <= lastCol; ++k)
                data->setCell(k - firstCol, q - firstRow, plottedValue(q, k));
        return;
    }
    const ConstMatrixMap tiles = pyramid().level(level);  // (tileRows, tileCols)
    const bool anyMasked = m_mask->maskedCount() > 0;
    const double masked = std::nan("");
    for (int i = firstRow; i <= lastRow; ++i) {
        // A tile is drawn masked only when every cell in it is: no row of it may attend to any
        // of its keys. Tiles on the mask's edge show their pooled weights (the masked cells
        // count as 0); the hatching over them follows the cells. The keys some row of the tile
        // may attend to lie in [allowedFrom, allowedEnd).
        int allowedFrom = 0, allowedEnd = keys;
        if (anyMasked) {
            allowedFrom = keys;
            allowedEnd = 0;
            for (int r = i * block; r < std::min(queries, (i + 1) * block); ++r) {
                const KeyRange allowed = m_mask->mask().allowed(r);
                if (allowed.first < allowed.end) {
                    allowedFrom = std::min(allowedFrom, allowed.first);
                    allowedEnd = std::max(allowedEnd, allowed.end);
                }
            }
        }
        for (int j = firstCol; j <= lastCol; ++j) {
            double value = double(std::max(tiles(i, j), m_valueFloor > 0 ? m_valueFloor : tiles(i, j)));
            if (j * block >= allowedEnd || std::min(keys, (j + 1) * block) <= allowedFrom)
                value = masked;
            data->setCell(j - firstCol, i - firstRow, value);
        }
    }
}

}  // namespace headmap::ui
