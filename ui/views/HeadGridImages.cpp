#include "views/HeadGridImages.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QPainter>

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {

namespace {

// The largest value of each b × b block (the last blocks ragged). (ceil(T / b), ceil(T / b))
template <typename Matrix>
MatrixF maxPooled(const Matrix& cell, int block) {
    const Eigen::Index rows = (cell.rows() + block - 1) / block, cols = (cell.cols() + block - 1) / block;
    MatrixF out(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r) {
        const Eigen::Index r0 = r * block, rn = std::min<Eigen::Index>(block, cell.rows() - r0);
        for (Eigen::Index c = 0; c < cols; ++c) {
            const Eigen::Index c0 = c * block, cn = std::min<Eigen::Index>(block, cell.cols() - c0);
            out(r, c) = cell.block(r0, c0, rn, cn).maxCoeff();
        }
    }
    return out;
}

}  // namespace

// Heads of one layer arrive from several threads at once. Each adds itself into the layer's
// sums band by band, hand over hand (it takes the next band's lock before it lets go of the
// current one), so two heads work on different bands at the same time, yet a head that came
// second never overtakes the first: every cell adds the heads in the same order. One lock for
// the whole T×T addition serialised the pass's threads; with the copy of each head it made,
// this took the GUI's pass at 2,048 tokens from 24.5 to 23.1 s.
struct GridImageBuilder::LayerSums {
    static constexpr Eigen::Index kBandRows = 64;
    LayerSums(int length, int columns)
        : sum(MatrixF::Zero(length, columns)),
          largest(MatrixF::Constant(length, columns, -std::numeric_limits<float>::infinity())),
          bands(size_t(std::max<Eigen::Index>(1, (length + kBandRows - 1) / kBandRows))) {}
    MatrixF sum;      // (T, S) over the heads so far
    MatrixF largest;  // (T, S)
    std::vector<std::mutex> bands;  // one per kBandRows rows of sum and largest
    int count = 0;                  // heads added completely (m_mutex)
};

GridImageBuilder::GridImageBuilder(int layers, int heads, int rows, int columns, const HeatmapStyle& style,
                                   int maxSide)
    : m_layers(std::max(0, layers)), m_heads(std::max(0, heads)), m_length(std::max(0, rows)),
      m_columns(std::max(0, columns)), m_pooling(poolingFor(std::max(rows, columns), maxSide)), m_style(style) {
    m_cells.resize(size_t(m_layers) * size_t(m_heads + 2));
    m_sums.resize(size_t(m_layers));
}

GridImageBuilder::~GridImageBuilder() = default;

int GridImageBuilder::poolingFor(int length, int maxSide) {
    if (maxSide <= 0 || length <= maxSide)
        return 1;
    return (length + maxSide - 1) / maxSide;
}

void GridImageBuilder::addCell(size_t index, const ConstMatrixMap& full) {
    // The style's transform of the full matrix, then pooling: a row maximum is the full row's.
    MatrixF cell;
    switch (m_style.scale) {
    case ScaleMode::RowMax: cell = normaliseRowsByMax(full); break;
    case ScaleMode::Log: cell = full.cwiseMax(float(kGridLogFloor)); break;
    case ScaleMode::Fixed:
    case ScaleMode::GlobalMax: break;
    }
    MatrixF pooled;
    if (cell.size() > 0 || full.size() == 0)
        pooled = m_pooling > 1 ? maxPooled(cell, m_pooling) : std::move(cell);
    else
        pooled = m_pooling > 1 ? maxPooled(full, m_pooling) : MatrixF(full);
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_cells[index] = std::move(pooled);
}

void GridImageBuilder::addHead(int layer, int head, const ConstMatrixMap& weights) {
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads || weights.rows() != m_length ||
        weights.cols() != m_columns)
        return;
    const size_t columns = size_t(m_heads + 2);
    addCell(size_t(layer) * columns + size_t(head), weights);
    LayerSums* sums = nullptr;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        std::unique_ptr<LayerSums>& slot = m_sums[size_t(layer)];
        if (!slot)
            slot = std::make_unique<LayerSums>(m_length, m_columns);
        sums = slot.get();  // stays until this head's count below completes the layer
    }
    const Eigen::Index bandRows = LayerSums::kBandRows;
    std::unique_lock<std::mutex> band(sums->bands.front());
    for (size_t b = 0; b < sums->bands.size(); ++b) {
        const Eigen::Index r0 = Eigen::Index(b) * bandRows, rows = std::min(bandRows, Eigen::Index(m_length) - r0);
        // One pass over the head's rows for both: as layerMean, a float sum divided at the end.
        sums->sum.middleRows(r0, rows) += weights.middleRows(r0, rows);
        sums->largest.middleRows(r0, rows) = sums->largest.middleRows(r0, rows).cwiseMax(weights.middleRows(r0, rows));
        if (b + 1 < sums->bands.size()) {
            std::unique_lock<std::mutex> next(sums->bands[b + 1]);
            band.swap(next);  // next now holds band b, released at the end of this scope
        }
    }
    band.unlock();
    std::unique_ptr<LayerSums> done;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        ++m_arrived;
        if (++sums->count == m_heads)
            done = std::move(m_sums[size_t(layer)]);
    }
    if (done)
        finishLayer(layer, *done);
}

void GridImageBuilder::finishLayer(int layer, LayerSums& sums) {
    const size_t columns = size_t(m_heads + 2);
    sums.sum /= float(m_heads);
    addCell(size_t(layer) * columns + size_t(m_heads), ConstMatrixMap(sums.sum.data(), m_length, m_columns));
    addCell(size_t(layer) * columns + size_t(m_heads) + 1, ConstMatrixMap(sums.largest.data(), m_length, m_columns));
}

bool GridImageBuilder::isComplete() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_arrived == m_layers * m_heads;
}

GridImages GridImageBuilder::finish() {
    GridImages result;
    result.pooling = m_pooling;
    const int side = (m_length + m_pooling - 1) / m_pooling;  // rows
    const int columnSide = (m_columns + m_pooling - 1) / m_pooling;
    for (MatrixF& cell : m_cells)
        if (cell.rows() != side || cell.cols() != columnSide)
            cell = MatrixF::Zero(side, columnSide);  // a head that never arrived
    switch (m_style.scale) {
    case ScaleMode::Fixed:
    case ScaleMode::RowMax:
        break;
    case ScaleMode::GlobalMax: {
        // Max pooling keeps every cell's maximum: the range of the full matrices.
        float largest = 0.0f;
        for (const MatrixF& cell : m_cells)
            if (cell.size() > 0)
                largest = std::max(largest, cell.maxCoeff());
        result.range = QCPRange(0.0, std::max(1e-9, double(largest)));
        break;
    }
    case ScaleMode::Log:
        result.range = QCPRange(kGridLogFloor, 1.0);
        result.logarithmic = true;
        break;
    }
    QCPColorGradient gradient = gradientFor(m_style.colormap);  // color() is not const
    // Per layer, which pixels are wholly masked: a pooled pixel's block rows all allow none of
    // its keys.
    std::vector<std::vector<bool>> maskedPixels(static_cast<size_t>(m_layers));
    for (int l = 0; l < m_layers && size_t(l) < m_masks.size(); ++l) {
        const CellMask& mask = m_masks[size_t(l)];
        if (mask.isEmpty() || mask.queries() != m_length || mask.keys() != m_columns)
            continue;
        std::vector<bool>& pixels = maskedPixels[size_t(l)];
        pixels.assign(size_t(side) * size_t(columnSide), false);
        const int b = m_pooling;
        for (int q = 0; q < side; ++q) {
            int from = m_length, end = 0;  // the keys some row of the block allows
            for (int r = q * b; r < std::min(m_length, (q + 1) * b); ++r) {
                const KeyRange allowed = mask.allowed(r);
                if (allowed.first < allowed.end) {
                    from = std::min(from, allowed.first);
                    end = std::max(end, allowed.end);
                }
            }
            for (int k = 0; k < columnSide; ++k)
                pixels[size_t(q) * size_t(columnSide) + size_t(k)] = k * b >= end || std::min(m_columns, (k + 1) * b) <= from;
        }
    }
    const QRgb maskedGrey = qRgb(205, 205, 205);  // MaskOverlay::maskedColour(false)
    result.images.reserve(m_cells.size());
    const size_t columns = size_t(m_heads + 2);
    for (size_t index = 0; index < m_cells.size(); ++index) {
        MatrixF& cell = m_cells[index];
        const std::vector<bool>& pixels = maskedPixels[index / columns];
        QImage image(columnSide, side, QImage::Format_RGB32);
        for (int q = 0; q < side; ++q) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(q));
            for (int k = 0; k < columnSide; ++k)
                line[k] = !pixels.empty() && pixels[size_t(q) * size_t(columnSide) + size_t(k)]
                              ? maskedGrey
                              : gradient.color(double(cell(q, k)), result.range, result.logarithmic);
        }
        result.images.push_back(std::move(image));
        cell = MatrixF();
    }
    return result;
}

GridImages buildGridImages(const AttentionTrace& trace, const HeatmapStyle& style, int maxSide) {
    GridImageBuilder builder(trace.layers(), trace.heads(), trace.length(), trace.keyLength(), style, maxSide);
    std::vector<CellMask> masks;
    for (int l = 0; l < trace.layers(); ++l)
        masks.push_back(trace.cellMask(l));
    builder.setMasks(std::move(masks));
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h)
            builder.addHead(l, h, trace.headUncached(l, h));
    return builder.finish();
}

QCPColorGradient metricGradient() {
    QCPColorGradient gradient;
    gradient.clearColorStops();
    const QList<QColor> stops = {QColor("#c6dbef"), QColor("#9ecae1"), QColor("#6baed6"),
                                 QColor("#4292c6"), QColor("#2171b5"), QColor("#08519c"),
                                 QColor("#08306b")};
    for (int i = 0; i < stops.size(); ++i)
        gradient.setColorStopAt(double(i) / (stops.size() - 1), stops[i]);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    return gradient;
}

void drawColourBar(QPainter& painter, const QRect& bar, QCPColorGradient gradient, bool logarithmic,
                   const QCPRange& range) {
    for (int x = 0; x < bar.width(); ++x) {
        const double f = bar.width() > 1 ? double(x) / (bar.width() - 1) : 0.0;
        const double value = logarithmic ? range.lower * std::pow(range.upper / range.lower, f)
                                         : range.lower + f * range.size();
        painter.fillRect(QRect(bar.left() + x, bar.top(), 1, bar.height()),
                         QColor::fromRgb(gradient.color(value, range, logarithmic)));
    }
    painter.setPen(QColor(128, 128, 128));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
}

}  // namespace headmap::ui
