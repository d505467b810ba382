#pragma once
// Attention rollout (Abnar & Zuidema, 2020; analysis/AttentionRollout.h): how much each input
// token has flowed into each position after a chosen layer, following attention through the
// residual connections. Shown in a HeatmapView; rows are positions, columns are input tokens.
// The layers come from a RolloutSeries, which keeps a few and recomputes the others; from
// HeadLoader::asyncFrom() tokens on, a layer (and its pyramid) is made in a worker while the
// previous one stays, dimmed, under "Computing rollout through layer L…".

#include <functional>
#include <memory>

#include <QWidget>

#include "HeatmapView.h"
#include "analysis/RolloutSeries.h"
#include "core/AttentionTrace.h"
#include "heatmap/HeatmapContent.h"
#include "jobs/LatestJobs.h"

class QLabel;
class QSpinBox;

namespace headmap::ui {

class RolloutView : public QWidget {
    Q_OBJECT
public:
    // From this many tokens the layer on show is dropped, not dimmed, while the next is computed
    // (HeatmapView::releaseMatrix: the zoom and the selected token stay). Settable for tests.
    static constexpr int kDefaultReleaseFrom = 2048;
    static int releaseFrom();
    static void setReleaseFrom(int tokens);

    explicit RolloutView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const AttentionTrace> trace);  // null: the empty state
    // The same with the series made elsewhere (the document's worker); a null rollout with a
    // trace: it is on its way, pendingText says so. trace names the tokens (labels, special).
    void setRollout(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const RolloutSeries> rollout,
                    const QString& pendingText = QString());
    void setStyle(const HeatmapStyle& style);
    // Hides special tokens after the rollout is computed, renormalising each row to sum 1.
    void setHideSpecialTokens(bool hide);
    void setLayer(int layer);  // "rollout through layer l", clamped to the trace

    int layer() const;
    bool hideSpecialTokens() const { return m_hideSpecial; }
    // The rollout through `layer` over every token (before hiding), computed here if the
    // series does not keep it: empty without a trace.
    MatrixF rollout(int layer) const;
    const std::shared_ptr<const RolloutSeries>& series() const { return m_series; }
    // A layer was asked for and is not in the view yet.
    bool isComputing() const { return m_jobs.isWorking(QString()); }

    // What the view shows for `layer`: the rollout (hidden special tokens removed and rows
    // renormalised when asked), labels, title, prepared for kind. Thread-safe. Null matrix
    // when cancelled() stopped it; *allHidden set when hiding left no token.
    static HeatmapContent layerContent(const RolloutSeries& series, const AttentionTrace& trace, int layer,
                                       bool hideSpecial, const PyramidKind& kind, bool withPyramid,
                                       const std::function<bool()>& cancelled, bool* allHidden);

    HeatmapView* heatmap() const { return m_heatmap; }
    QSpinBox* layerBox() const { return m_layerBox; }
    QLabel* explanation() const { return m_explanation; }

signals:
    // The layer last asked for (or the message standing for it) is now in the view.
    void layerShown();

private:
    struct Computed {
        HeatmapContent content;
        bool allHidden = false;
        QString error;  // non-empty: computing failed
    };
    // What the heatmap shows or will show once the worker is done: asking for it again (every
    // change of the document refreshes the tab) must not compute it again.
    struct Request {
        std::shared_ptr<const RolloutSeries> series;
        int layer = -1;
        bool hideSpecial = false;
        PyramidKind kind;
        bool operator==(const Request& o) const {
            return series == o.series && layer == o.layer && hideSpecial == o.hideSpecial && kind == o.kind;
        }
    };
    void refresh();
    void present(const Computed& computed);

    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const RolloutSeries> m_series;  // for m_trace's tokens
    LatestJobs m_jobs{2};  // the newest request and one superseded job finishing
    Request m_request;  // series null: nothing shown from a series
    QString m_unavailable;  // why rollout does not apply to the trace (rolloutUnavailable); empty: it does
    QString m_pendingText;
    bool m_hideSpecial = false;
    QSpinBox* m_layerBox;
    QLabel* m_explanation;
    HeatmapView* m_heatmap;
};

}  // namespace headmap::ui
