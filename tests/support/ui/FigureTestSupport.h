#pragma once
// Figures for the figure tests, one per kind, and the SVG texts the tests read (image
// comparisons: ImageChecks.h).

#include <cmath>
#include <memory>
#include <random>

#include <QImage>
#include <QStringList>
#include <QXmlStreamReader>

#include "ImageChecks.h"
#include "TestTraces.h"
#include "figures/ComparisonFigure.h"
#include "figures/HeadGridFigure.h"
#include "figures/HeatmapFigure.h"
#include "figures/MatrixFigure.h"

namespace figuretests {

using testsupport::meanAbsoluteDifference;  // ImageChecks.h; figuretests:: callers keep their name
using testsupport::svgTexts;

// A trace of `tokens` tokens ("w0", "w1", …, or the given words) whose rows are random
// distributions, so every cell has a colour of its own.
inline std::shared_ptr<headmap::AttentionTrace> randomTrace(int layers, int heads, int tokens, unsigned seed = 7) {
    QStringList words;
    for (int i = 0; i < tokens; ++i)
        words << QStringLiteral("w%1").arg(i);
    auto trace = testtraces::blankTrace(layers, heads, words, std::vector<bool>(size_t(tokens), false));
    std::mt19937 random(seed);
    std::exponential_distribution<float> weight(1.0f);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            float* data = trace->headData(l, h);
            for (int q = 0; q < tokens; ++q) {
                float sum = 0;
                for (int k = 0; k < tokens; ++k)
                    sum += data[q * tokens + k] = std::pow(weight(random), 3.0f);
                for (int k = 0; k < tokens; ++k)
                    data[q * tokens + k] /= sum;
            }
        }
    return trace;
}

// The figure of one kind ("heatmap", "heatmap-values", "grid", "comparison", "matrix",
// "matrix-masked") over `trace`.
inline std::unique_ptr<headmap::ui::Figure> makeFigure(const QString& kind, const headmap::AttentionTrace& trace,
                                                       const QSize& page = QSize()) {
    using namespace headmap::ui;
    const QStringList labels = trace.displayTokens();
    if (kind.startsWith(QLatin1String("heatmap"))) {
        HeatmapFigureOptions options;
        options.page = page;
        options.style.showValues = kind.endsWith(QLatin1String("values"));
        return std::make_unique<HeatmapFigure>(trace.head(0, 1), labels, labels, QStringLiteral("teaching · layer 0, head 1"), options);
    }
    if (kind == QLatin1String("grid"))
        return std::make_unique<HeadGridFigure>(trace, HeatmapStyle(), QStringLiteral("teaching · all heads"),
                                                QStringLiteral("The animal didn't cross the street"), page);
    if (kind == QLatin1String("comparison")) {
        ComparisonFigureData data;
        data.title = QStringLiteral("teaching · two heads");
        data.a = trace.head(0, 0);
        data.b = trace.head(1, 2);
        data.labelsA = data.labelsB = labels;
        data.captionA = QStringLiteral("A: layer 0, head 0");
        data.captionB = QStringLiteral("B: layer 1, head 2");
        return std::make_unique<ComparisonFigure>(data, HeatmapStyle(), page);
    }
    MatrixFigureData data;  // a scores-like signed matrix, or the masked one of a causal model
    data.title = QStringLiteral("teaching · layer 0, head 1 · S = QKᵀ");
    data.values = (trace.head(0, 1).array() * 8.0f - 0.5f).matrix();
    if (kind == QLatin1String("matrix-masked"))
        for (int q = 0; q < data.values.rows(); ++q)
            for (int k = q + 1; k < data.values.cols(); ++k)
                data.values(q, k) = -std::numeric_limits<float>::infinity();
    data.rowLabels = data.columnLabels = labels;
    data.rowTitle = HeatmapFigure::queryAxisTitle();
    data.columnTitle = HeatmapFigure::keyAxisTitle();
    return std::make_unique<MatrixFigure>(data, page);
}


}  // namespace figuretests
