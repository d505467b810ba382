#include "derived/TraceAnalyses.h"

#include <algorithm>

#include <QCoreApplication>

#include "analysis/AttentionRollout.h"
#include "analysis/AttentionMeasure.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

class AnalysisText {
    Q_DECLARE_TR_FUNCTIONS(AttentionDocument)  // the context the text had before it moved here
};

// Each head's statistics and the column sums its mean value norm needs, as the pass hands the
// heads out, so that the Statistics tab has them when the pass ends without computing every
// head again (the norms come with the trace, after the pass).
class StatisticsCollector : public PassCollector {
public:
    StatisticsCollector(const ModelSummary& model, const Encoding& input)
        : m_heads(model.heads), m_causal(model.causal), m_special(input.special),
          m_statistics(size_t(std::max(0, model.layers * model.heads))),
          m_columnSums(size_t(std::max(0, model.layers * model.heads))) {
        m_special.resize(input.ids.size(), false);
    }

    void addHead(int layer, int head, const MatrixF& weights) override {  // (T, T)
        HeadStatistics s = computeHeadStatistics(weights, m_special);
        s.layer = layer;
        s.head = head;
        const size_t index = size_t(layer * m_heads + head);
        m_statistics[index] = s;  // one slot per head: no lock needed
        m_columnSums[index] = attendedColumnSums(ConstMatrixMap(weights.data(), weights.rows(), weights.cols()), m_causal);
    }

    std::shared_ptr<const void> finish(const DerivedInput& input) override {
        auto data = std::make_shared<HeadStatisticsData>();
        data->heads = std::move(m_statistics);
        const AttentionTrace& trace = *input.pieceTrace;
        if (trace.hasValueNorms()) {
            data->meanValueNorms.assign(m_columnSums.size(), 0.0);  // (layers · heads)
            for (int l = 0; l < trace.layers(); ++l)
                for (int h = 0; h < trace.heads(); ++h) {
                    const size_t index = size_t(l * m_heads + h);
                    data->meanValueNorms[index] =
                        meanValueNormFromColumnSums(m_columnSums[index], trace.valueNorms(l, h), m_causal);
                }
        }
        return data;
    }

private:
    int m_heads;
    bool m_causal;
    std::vector<bool> m_special;
    std::vector<HeadStatistics> m_statistics;
    std::vector<std::vector<double>> m_columnSums;  // per head, attendedColumnSums() of its weights
};

class HeadStatisticsProducer : public DerivedProducerOf<HeadStatisticsData> {
public:
    QString key() const override { return QStringLiteral("statistics"); }
    QString busyText() const override { return AnalysisText::tr("Computing head statistics…"); }
    std::unique_ptr<PassCollector> collector(const ModelSummary& model, const Encoding& input,
                                             const DerivedInput&) const override {
        return std::make_unique<StatisticsCollector>(model, input);
    }

protected:
    std::shared_ptr<const HeadStatisticsData> make(const DerivedInput& input, const StopRequested&) const override {
        // Weights (rows summing to 1) whatever the measure shown.
        if (hasNoAttention(input.weightTrace.get()))
            return nullptr;
        auto data = std::make_shared<HeadStatisticsData>();
        data->heads = computeHeadStatistics(*input.weightTrace);
        if (input.pieceTrace->hasValueNorms())
            data->meanValueNorms = meanValueNormPerHead(*input.pieceTrace);
        return data;
    }
};

class RolloutProducer : public DerivedProducerOf<RolloutSeries> {
public:
    QString key() const override { return QStringLiteral("rollout"); }
    QString busyText() const override { return AnalysisText::tr("Computing attention rollout…"); }

protected:
    std::shared_ptr<const RolloutSeries> make(const DerivedInput& input, const StopRequested&) const override {
        // Rollout follows weights (rows summing to 1) whatever the measure shown.
        if (hasNoAttention(input.weightTrace.get()) || !rolloutUnavailable(*input.weightTrace).isEmpty())
            return nullptr;  // the view says why (RolloutView)
        auto series = std::make_shared<const RolloutSeries>(input.weightTrace);
        // Short traces keep every layer: compute them all now, so that stepping through the
        // layers is instant. Longer ones compute the layer on show.
        if (series->keepsEveryLayer())
            (void)series->through(series->layers() - 1);
        return series;
    }
};

}  // namespace

std::shared_ptr<const DerivedProducer> headStatisticsProducer() {
    static const auto producer = std::make_shared<const HeadStatisticsProducer>();
    return producer;
}

std::shared_ptr<const DerivedProducer> rolloutProducer() {
    static const auto producer = std::make_shared<const RolloutProducer>();
    return producer;
}

}  // namespace headmap::ui
