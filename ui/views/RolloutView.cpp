#include "views/RolloutView.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <qcustomplot.h>

#include "analysis/AttentionRollout.h"
#include "analysis/AttentionTransforms.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

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
    setRollout(trace, empty ? nullptr : std::make_shared<const std::vector<MatrixF>>(attentionRollout(*trace)));
}

void RolloutView::setRollout(std::shared_ptr<const AttentionTrace> trace,
                             std::shared_ptr<const std::vector<MatrixF>> rollout, const QString& pendingText) {
    m_trace = std::move(trace);
    m_rolloutLayers = hasNoAttention(m_trace.get()) ? nullptr : std::move(rollout);
    m_pendingText = hasNoAttention(m_trace.get()) ? QString() : pendingText;
    const int layers = m_rolloutLayers ? int(m_rolloutLayers->size()) : 0;
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
    if (!m_rolloutLayers || layer < 0 || layer >= int(m_rolloutLayers->size()))
        return MatrixF();
    return (*m_rolloutLayers)[size_t(layer)];
}

void RolloutView::refresh() {
    if (!m_rolloutLayers || m_rolloutLayers->empty()) {
        m_heatmap->clear(!m_pendingText.isEmpty()
                             ? m_pendingText
                             : tr("Type a sentence and press Enter to see how attention flows from "
                                  "the input through the layers."));
        return;
    }
    const int l = layer();
    MatrixF shown = (*m_rolloutLayers)[size_t(l)];  // (T, T)
    QStringList labels = m_trace->displayTokens();
    if (m_hideSpecial) {
        const std::vector<int> kept = keptTokens(m_trace->special());
        if (kept.empty()) {
            m_heatmap->clear(ViewText::emptyState(m_trace.get(), true, QString()));
            return;
        }
        if (int(kept.size()) < m_trace->length()) {
            shown = withoutTokens(shown, kept, true);
            QStringList keptLabels;
            for (int index : kept)
                keptLabels << labels.value(index);
            labels = keptLabels;
        }
    }
    m_heatmap->setCausalMask(m_trace->model().causal);  // rollout of a causal model stays triangular
    m_heatmap->setMatrix(shown, labels, labels,
                         m_hideSpecial ? tr("Rollout through layer %1 (special tokens hidden)").arg(l)
                                       : tr("Rollout through layer %1").arg(l));
}

}  // namespace headmap::ui
