#include "views/RolloutView.h"

#include <atomic>

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <qcustomplot.h>

#include "analysis/AttentionRollout.h"
#include "analysis/AttentionTransforms.h"
#include "WorkFailure.h"
#include "heatmap/HeadLoader.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {
std::atomic<int> g_rolloutReleaseFrom{RolloutView::kDefaultReleaseFrom};
}  // namespace

int RolloutView::releaseFrom() { return g_rolloutReleaseFrom.load(); }

void RolloutView::setReleaseFrom(int tokens) { g_rolloutReleaseFrom.store(tokens); }

RolloutView::RolloutView(QWidget* parent)
    : QWidget(parent), m_layerBox(new QSpinBox), m_explanation(new QLabel), m_heatmap(new HeatmapView) {
    m_heatmap->setValueLabel(tr("Share of the input token"));
    m_layerBox->setRange(0, 0);
    m_layerBox->setEnabled(false);  // until there is a trace
    m_layerBox->setPrefix(tr("through layer "));
    m_layerBox->setToolTip(tr("Follow the attention from the input up to this layer"));
    m_explanation->setText(
        tr("Attention rollout, after Abnar & Zuidema (2020): how much each input token (column) "
           "flows into each position (row), multiplying the layers' head-averaged attention with "
           "the residual connection added."));
    m_explanation->setWordWrap(true);
    m_explanation->setToolTip(tr("Samira Abnar and Willem Zuidema, \"Quantifying Attention Flow in "
                                 "Transformers\", ACL 2020, https://arxiv.org/abs/2005.00928"));
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Rows and columns mean something else here than in one head's attention.
    m_heatmap->plot()->xAxis->setLabel(tr("Input token: flows from"));
    m_heatmap->plot()->yAxis->setLabel(tr("Position: receives, after the layer"));

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Rollout")));
    top->addWidget(m_layerBox);
    top->addSpacing(12);
    top->addWidget(m_explanation, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_heatmap, 1);

    connect(m_layerBox, qOverload<int>(&QSpinBox::valueChanged), this, [this] { refresh(); });
    refresh();
}

void RolloutView::setTrace(std::shared_ptr<const AttentionTrace> trace) {
    const bool empty = hasNoAttention(trace.get());
    auto series = empty ? nullptr : std::make_shared<const RolloutSeries>(trace);
    setRollout(std::move(trace), std::move(series));
}

void RolloutView::setRollout(std::shared_ptr<const AttentionTrace> trace,
                             std::shared_ptr<const RolloutSeries> rollout, const QString& pendingText) {
    m_trace = std::move(trace);
    // Translation models' decoder and cross-attention: the reason instead of a matrix.
    m_unavailable = hasNoAttention(m_trace.get()) ? QString() : rolloutUnavailable(*m_trace);
    m_series = hasNoAttention(m_trace.get()) || !m_unavailable.isEmpty() ? nullptr : std::move(rollout);
    m_pendingText = hasNoAttention(m_trace.get()) ? QString() : pendingText;
    const int layers = m_series ? m_series->layers() : 0;
    {
        const QSignalBlocker blocker(m_layerBox);
        m_layerBox->setMaximum(std::max(0, layers - 1));
        m_layerBox->setEnabled(layers > 0);
    }
    refresh();
}

void RolloutView::setStyle(const HeatmapStyle& style) {
    m_heatmap->setStyle(style);
}

void RolloutView::setHideSpecialTokens(bool hide) {
    m_hideSpecial = hide;
    refresh();
}

void RolloutView::setLayer(int layer) {
    m_layerBox->setValue(layer);  // clamps; valueChanged refreshes
}

int RolloutView::layer() const {
    return m_layerBox->value();
}

MatrixF RolloutView::rollout(int layer) const {
    const auto rollout = m_series ? m_series->through(layer) : nullptr;
    return rollout ? *rollout : MatrixF();
}

HeatmapContent RolloutView::layerContent(const RolloutSeries& series, const AttentionTrace& trace, int layer,
                                         bool hideSpecial, const PyramidKind& kind, bool withPyramid,
                                         const std::function<bool()>& cancelled, bool* allHidden) {
    *allHidden = false;
    HeatmapContent content;
    const std::shared_ptr<const MatrixF> rollout = series.through(layer, cancelled);  // (T, T)
    if (!rollout)
        return content;
    content.matrix = rollout;  // shared with the series, not copied
    QStringList labels = trace.displayTokens();
    if (hideSpecial) {
        const std::vector<int> kept = keptTokens(trace.special());
        if (kept.empty()) {
            *allHidden = true;
            return HeatmapContent();
        }
        if (int(kept.size()) < trace.length()) {
            content.setValues(withoutTokens(*rollout, kept, true));
            QStringList keptLabels;
            for (int index : kept)
                keptLabels << labels.value(index);
            labels = keptLabels;
        }
    }
    content.queryLabels = labels;
    content.keyLabels = labels;
    content.title = hideSpecial ? tr("Rollout through layer %1 (special tokens hidden)").arg(layer)
                                : tr("Rollout through layer %1").arg(layer);
    content.causal = trace.model().causal;  // rollout of a causal model stays triangular
    prepareContent(content, kind, withPyramid);
    return content;
}

void RolloutView::present(const Computed& computed) {
    if (!computed.error.isEmpty()) {
        m_request = Request();  // asking again tries again
        m_heatmap->clear(computed.error);
    } else if (computed.allHidden) {
        m_heatmap->clear(ViewText::emptyState(m_trace.get(), true, QString()));
    } else {
        m_heatmap->setContent(computed.content);
    }
    emit layerShown();
}

void RolloutView::refresh() {
    if (!m_series || m_series->layers() == 0) {
        m_jobs.drop(QString());
        m_request = Request();
        m_heatmap->clear(!m_unavailable.isEmpty() ? m_unavailable
                         : !m_pendingText.isEmpty()
                             ? m_pendingText
                             : tr("Type a sentence and press Enter to see how attention flows from "
                                  "the input through the layers."));
        emit layerShown();
        return;
    }
    const int l = layer();
    const bool hide = m_hideSpecial;
    const PyramidKind kind = m_heatmap->pyramidKind(false);
    const Request request{m_series, l, hide, kind};
    if (request == m_request)
        return;
    m_request = request;
    if (m_trace->length() < HeadLoader::asyncFrom()) {
        m_jobs.drop(QString());
        Computed computed;
        computed.content = layerContent(*m_series, *m_trace, l, hide, kind, false, {}, &computed.allHidden);
        present(computed);
        return;
    }
    // Asked before the worker starts, which keeps the layer in the series once made.
    const bool release = m_trace->length() >= releaseFrom() && !m_series->ifKept(l);
    // Long inputs: the layer may need recomputing from a kept one (seconds at 4,096 tokens),
    // and its pyramid is a pass over every cell: both off the GUI thread.
    m_jobs.start<Computed>(QString(),
        [series = m_series, trace = m_trace, l, hide, kind](const StopToken& superseded) {
            Computed computed;
            computed.error = WorkFailure::of(tr("computing the rollout through layer %1").arg(l), [&] {
                computed.content = layerContent(*series, *trace, l, hide, kind, true, superseded, &computed.allHidden);
            });
            return computed;
        },
        [this](Computed&& computed) { present(computed); });
    const QString pending = tr("Computing rollout through layer %1…").arg(l);
    // Past a few thousand tokens the layer shown is 16 to 64 MB: let it go rather than keep it
    // dimmed while the next one is made (the series lets go of its copy too).
    if (release)
        m_heatmap->releaseMatrix(pending);
    else
        m_heatmap->setPending(pending);
}

}  // namespace headmap::ui
