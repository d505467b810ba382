#pragma once
// Attention rollout (Abnar & Zuidema, 2020; analysis/AttentionRollout.h): how much each input
// token has flowed into each position after a chosen layer, following attention through the
// residual connections. Shown in a HeatmapView; rows are positions, columns are input tokens.

#include <memory>
#include <vector>

#include <QWidget>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"

class QLabel;
class QSpinBox;

namespace headmap::ui {

class RolloutView : public QWidget {
    Q_OBJECT
public:
    explicit RolloutView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const AttentionTrace> trace);  // null: the empty state
    // The same with the rollout computed elsewhere (the document's worker); a null rollout
    // with a trace: it is on its way, pendingText says so.
    void setRollout(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const std::vector<MatrixF>> rollout,
                    const QString& pendingText = QString());
    void setStyle(const HeatmapStyle& style);
    // Hides special tokens after the rollout is computed, renormalising each row to sum 1.
    void setHideSpecialTokens(bool hide);
    void setLayer(int layer);  // "rollout through layer l", clamped to the trace

    int layer() const;
    bool hideSpecialTokens() const { return m_hideSpecial; }
    // The rollout through `layer` over every token (before hiding): empty without a trace.
    MatrixF rollout(int layer) const;

    HeatmapView* heatmap() const { return m_heatmap; }
    QSpinBox* layerBox() const { return m_layerBox; }
    QLabel* explanation() const { return m_explanation; }

private:
    void refresh();

    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const std::vector<MatrixF>> m_rolloutLayers;  // one (T, T) per layer, for m_trace
    QString m_pendingText;
    bool m_hideSpecial = false;
    QSpinBox* m_layerBox;
    QLabel* m_explanation;
    HeatmapView* m_heatmap;
};

}  // namespace headmap::ui
