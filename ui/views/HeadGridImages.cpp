#include "views/HeadGridImages.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {

namespace {

// The largest value of each b × b block (the last blocks ragged). (ceil(T / b), ceil(T / b))
MatrixF maxPooled(const MatrixF& cell, int block) {
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

struct GridImageBuilder::LayerSums {
    MatrixF sum;      // (T, T) over the heads so far
    MatrixF largest;  // (T, T)
    int count = 0;
};

GridImageBuilder::GridImageBuilder(int layers, int heads, int length, const HeatmapStyle& style, int maxSide)
    : m_layers(std::max(0, layers)), m_heads(std::max(0, heads)), m_length(std::max(0, length)),
      m_pooling(poolingFor(length, maxSide)), m_style(style) {
    m_cells.resize(size_t(m_layers) * size_t(m_heads + 2));
    m_sums.resize(size_t(m_layers));
}

GridImageBuilder::~GridImageBuilder() = default;

int GridImageBuilder::poolingFor(int length, int maxSide) {
    if (maxSide <= 0 || length <= maxSide)
        return 1;
    return (length + maxSide - 1) / maxSide;
}

void GridImageBuilder::addCell(size_t index, const MatrixF& full) {
    // The style's transform of the full matrix, then pooling: a row maximum is the full row's.
    MatrixF cell;
    switch (m_style.scale) {
    case ScaleMode::RowMax: cell = normaliseRowsByMax(full); break;
    case ScaleMode::Log: cell = full.cwiseMax(float(kGridLogFloor)); break;
    case ScaleMode::Fixed:
    case ScaleMode::GlobalMax: break;
    }
    const MatrixF& source = cell.size() > 0 || full.size() == 0 ? cell : full;
    MatrixF pooled = m_pooling > 1 ? maxPooled(source, m_pooling) : MatrixF(source);
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_cells[index] = std::move(pooled);
}

void GridImageBuilder::addHead(int layer, int head, const ConstMatrixMap& weights) {
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads || weights.rows() != m_length ||
        weights.cols() != m_length)
        return;
    const size_t columns = size_t(m_heads + 2);
    const MatrixF full = weights;  // (T, T)
    addCell(size_t(layer) * columns + size_t(head), full);
    std::unique_ptr<LayerSums> done;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        std::unique_ptr<LayerSums>& sums = m_sums[size_t(layer)];
        if (!sums) {
            sums = std::make_unique<LayerSums>();
            sums->sum = MatrixF::Zero(m_length, m_length);
            sums->largest = full;
        } else {
            sums->largest = sums->largest.cwiseMax(full);
        }
        sums->sum += full;  // as layerMean: a float sum, divided at the end
        ++m_arrived;
        if (++sums->count == m_heads)
            done = std::move(sums);
    }
    if (done)
        finishLayer(layer, *done);
}

void GridImageBuilder::finishLayer(int layer, LayerSums& sums) {
    const size_t columns = size_t(m_heads + 2);
    sums.sum /= float(m_heads);
    addCell(size_t(layer) * columns + size_t(m_heads), sums.sum);
    addCell(size_t(layer) * columns + size_t(m_heads) + 1, sums.largest);
}

bool GridImageBuilder::isComplete() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_arrived == m_layers * m_heads;
}

GridImages GridImageBuilder::finish() {
    GridImages result;
    result.pooling = m_pooling;
    const int side = m_pooling > 1 ? (m_length + m_pooling - 1) / m_pooling : m_length;
    for (MatrixF& cell : m_cells)
        if (cell.rows() != side || cell.cols() != side)
            cell = MatrixF::Zero(side, side);  // a head that never arrived
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
    result.images.reserve(m_cells.size());
    for (MatrixF& cell : m_cells) {
        QImage image(side, side, QImage::Format_RGB32);
        for (int q = 0; q < side; ++q) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(q));
            for (int k = 0; k < side; ++k)
                line[k] = gradient.color(double(cell(q, k)), result.range, result.logarithmic);
        }
        result.images.push_back(std::move(image));
        cell = MatrixF();
    }
    return result;
}

GridImages buildGridImages(const AttentionTrace& trace, const HeatmapStyle& style, int maxSide) {
    GridImageBuilder builder(trace.layers(), trace.heads(), trace.length(), style, maxSide);
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
