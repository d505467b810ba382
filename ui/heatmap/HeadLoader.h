#pragma once
// Puts one head of a trace into a HeatmapView without holding up the GUI thread. At 4,096
// tokens a head is 16 million weights recomputed from its layer's queries and keys, plus the
// view's level-of-detail pyramid: about two seconds during which the window froze on every
// step to another head. From asyncFrom() tokens on, both are made on the thread pool; the view
// keeps the previous head, dimmed, under "Computing layer L, head H…" until the new one is
// there, and only the newest request's head is shown (stepping through ten heads quickly ends
// on the tenth, without drawing the nine before). Shorter traces are shown at once, as before.

#include <functional>
#include <memory>

#include <QObject>

#include "core/AttentionTrace.h"
#include "heatmap/HeatmapContent.h"
#include "jobs/LatestJobs.h"

namespace headmap::ui {

class HeatmapView;

class HeadLoader : public QObject {
    Q_OBJECT
public:
    // Traces of at least this many tokens are computed in a worker. Below, a head and its
    // pyramid take a few milliseconds, and showing them at once keeps small inputs simple.
    static constexpr int kDefaultAsyncFrom = 256;
    static int asyncFrom();
    static void setAsyncFrom(int tokens);  // for tests; ≤ 0 means every trace

    explicit HeadLoader(HeatmapView* view);  // a child of view

    // Shows head (layer, head) of trace, special tokens hidden when asked. The same request as
    // the one shown or on its way does nothing (a click that selects a token asks again).
    void show(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head, bool hideSpecial);
    // Shows message instead and drops a head still on its way.
    void clear(const QString& message = QString());
    // A head was asked for and is not in the view yet.
    bool isComputing() const { return m_jobs.isWorking(QString()); }
    // Head jobs on the thread pool now, superseded ones still finishing included (at most 2).
    int runningJobs() const { return m_jobs.runningCount(QString()); }

    // The head's matrix and labels as the view shows it, prepared for the pyramid of kind
    // (withPyramid: built too). Empty values when the head does not exist or every token is
    // hidden. Thread-safe; throws what computing the head throws.
    static HeatmapContent headContent(const AttentionTrace& trace, int layer, int head, bool hideSpecial,
                                      const PyramidKind& kind, bool withPyramid);
    // The same, the pyramid built unless skipPyramid() says so once the head is computed.
    static HeatmapContent headContent(const AttentionTrace& trace, int layer, int head, bool hideSpecial,
                                      const PyramidKind& kind, const std::function<bool()>& skipPyramid);

signals:
    // The head last asked for (or the message standing for it) is now in the view.
    void headShown();

private:
    struct Computed {
        HeatmapContent content;
        QString error;  // non-empty: computing failed
    };
    struct Request {
        std::shared_ptr<const AttentionTrace> trace;
        int layer = -1, head = -1;
        bool hideSpecial = false;
        bool operator==(const Request& o) const {
            return trace == o.trace && layer == o.layer && head == o.head && hideSpecial == o.hideSpecial;
        }
    };
    void present(const Request& request, HeatmapContent content);

    HeatmapView* m_view;
    LatestJobs m_jobs{2};  // the newest request and one superseded job finishing
    Request m_request;       // shown or on its way
    bool m_hasRequest = false;
};

}  // namespace headmap::ui
