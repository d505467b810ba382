#include "heatmap/HeadLoader.h"

#include <atomic>

#include "HeadExport.h"
#include "HeatmapView.h"
#include "WorkFailure.h"
#include "analysis/AttentionTransforms.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

std::atomic<int> g_asyncFrom{HeadLoader::kDefaultAsyncFrom};

QString noAttentionText() {
    return QObject::tr("No attention yet: type a sentence and press Enter");  // as showHead
}

// Each shown row's experts in `layer` (HeatmapContent::queryExperts): the run's tokens only,
// not merged words, and only for a sparse layer of a mixture-of-experts model.
std::vector<std::vector<int>> shownExperts(const AttentionTrace& trace, int layer, bool hideSpecial) {
    if (!trace.hasExperts() || trace.hasKeyTokens() || !trace.modelPositions().empty())
        return {};
    const auto& experts = trace.experts()[size_t(layer)];
    if (experts.empty())
        return {};
    if (!hideSpecial)
        return experts;
    std::vector<std::vector<int>> rows;
    for (int token : keptTokens(trace.special()))  // the rows shownTrace keeps
        rows.push_back(experts[size_t(token)]);
    return rows;
}

// Each row's sink mass (HeatmapContent::querySinkMass): only where the rows are the model's own
// softmax rows, so 1 − a row's sum is what its sink took.
std::vector<float> shownSinkMass(const AttentionTrace& trace, const MatrixF& head, bool hideSpecial) {
    if (!trace.model().attentionSinks || hideSpecial || trace.isDerived() || trace.hasKeyTokens() ||
        !trace.modelPositions().empty())
        return {};
    std::vector<float> mass(size_t(head.rows()));
    for (Eigen::Index q = 0; q < head.rows(); ++q)
        mass[size_t(q)] = float(1.0 - head.row(q).cast<double>().sum());
    return mass;
}

}  // namespace

int HeadLoader::asyncFrom() { return g_asyncFrom.load(); }

void HeadLoader::setAsyncFrom(int tokens) { g_asyncFrom.store(tokens); }

HeadLoader::HeadLoader(HeatmapView* view) : QObject(view), m_view(view) {}

HeatmapContent HeadLoader::headContent(const AttentionTrace& trace, int layer, int head, bool hideSpecial,
                                       const PyramidKind& kind, bool withPyramid) {
    return headContent(trace, layer, head, hideSpecial, kind, [withPyramid] { return !withPyramid; });
}

HeatmapContent HeadLoader::headContent(const AttentionTrace& trace, int layer, int head, bool hideSpecial,
                                       const PyramidKind& kind, const std::function<bool()>& skipPyramid) {
    HeatmapContent content;
    content.matrix = sharedShownHead(trace, layer, head, hideSpecial);  // (K, K')
    if (content.values().size() == 0)
        return content;
    content.queryLabels = shownLabels(trace, hideSpecial);
    content.keyLabels = shownKeyLabels(trace, hideSpecial);
    content.sourceKeys = trace.hasKeyTokens();
    content.title = headTitle(trace, layer, head);
    content.causal = trace.model().causal;
    content.mask = shownMask(trace, layer, hideSpecial);  // the model's rule: masked, not 0 weights
    content.queryExperts = shownExperts(trace, layer, hideSpecial);
    content.querySinkMass = shownSinkMass(trace, content.values(), hideSpecial);
    // Asked after the head, the costly part: a superseded job leaves the pyramid out.
    prepareContent(content, kind, !skipPyramid());
    return content;
}

void HeadLoader::show(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head, bool hideSpecial) {
    const Request request{trace, layer, head, hideSpecial};
    if (m_hasRequest && request == m_request)
        return;
    m_request = request;
    m_hasRequest = true;
    if (!trace || trace->length() < asyncFrom()) {
        m_jobs.drop(QString());
        present(request, trace ? headContent(*trace, layer, head, hideSpecial, m_view->pyramidKind(false), false)
                               : HeatmapContent());
        return;
    }
    const PyramidKind kind = m_view->pyramidKind(false);
    m_jobs.start<Computed>(QString(),
        [request, kind](const StopToken& superseded) -> Computed {
            Computed computed;
            if (superseded())
                return computed;  // stepped on while it waited: nobody will see this head
            computed.error = WorkFailure::of(tr("computing layer %1, head %2").arg(request.layer).arg(request.head), [&] {
                computed.content = headContent(*request.trace, request.layer, request.head, request.hideSpecial,
                                               kind, superseded);
            });
            return computed;
        },
        [this, request](Computed&& computed) {
            if (!computed.error.isEmpty()) {
                m_hasRequest = false;  // asking again tries again
                m_view->clear(computed.error);
                emit headShown();
                return;
            }
            present(request, std::move(computed.content));
        });
    m_view->setPending(tr("Computing layer %1, head %2…").arg(layer).arg(head));
}

void HeadLoader::present(const Request& request, HeatmapContent content) {
    if (content.values().size() == 0) {
        m_view->clear(ViewText::emptyState(request.trace.get(), request.hideSpecial, noAttentionText()));
    } else {
        m_view->setContent(std::move(content));
    }
    emit headShown();
}

void HeadLoader::clear(const QString& message) {
    m_jobs.drop(QString());
    m_hasRequest = false;
    m_view->clear(message);
}

}  // namespace headmap::ui
