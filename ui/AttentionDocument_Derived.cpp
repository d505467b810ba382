// AttentionDocument's derived data: the producers views name in needs() (derived/DerivedData.h),
// run on the job scheduler from a snapshot of the document, and their results by key.

#include <algorithm>

#include "AttentionDocument.h"
#include "WorkFailure.h"
#include "derived/TraceAnalyses.h"
#include "document/ForwardPass.h"

namespace headmap::ui {

// A producer's result on its way back, and what it was made from.
struct DerivedResult {
    std::shared_ptr<const DerivedProducer> producer;
    DerivedInput input;
    std::shared_ptr<const void> value;
    QString error;
};

DerivedInput AttentionDocument::derivedInput() const {
    DerivedInput input;
    input.trace = m_trace;
    input.weightTrace = m_weightTrace;
    input.pieceTrace = m_pieceTrace;
    input.style = m_view.style;
    input.hideSpecial = m_view.hideSpecialTokens;
    return input;
}

void AttentionDocument::collectDuringPasses(const DerivedNeeds& needs) {
    for (const auto& producer : needs) {
        const bool known = std::any_of(m_producers.begin(), m_producers.end(),
                                       [&](const auto& p) { return p->key() == producer->key(); });
        if (!known)
            m_producers.push_back(producer);  // offered the heads of the next long pass
    }
}

void AttentionDocument::requestDerived(const DerivedNeeds& needs) {
    collectDuringPasses(needs);
    if (m_trace->isEmpty())
        return;
    for (const auto& producer : needs)
        if (!m_derived.contains(producer->key()) && !isRunning(kDerivedJob + producer->key()))
            runDerived(producer);
}

void AttentionDocument::runDerived(const std::shared_ptr<const DerivedProducer>& producer) {
    const DerivedInput input = derivedInput();
    startJob(kDerivedJob + producer->key(), [producer, input](const StopToken& stop) {
        DerivedResult result;
        result.producer = producer;
        result.input = input;
        result.error = WorkFailure::of(tr("analysing the attention"), [&] { result.value = producer->produce(input, stop); });
        return result;
    }, &AttentionDocument::adoptDerived);
}

void AttentionDocument::adoptDerived(DerivedResult& result) {
    if (failed(result.error))
        return;
    // Kept even when null (nothing to show): asking again would make nothing again.
    m_derived.insert(result.producer->key(), DerivedEntry{result.producer, result.input, result.value});
    notify(DocumentChange::Derived);
}

void AttentionDocument::dropDerived() {
    for (const auto& producer : m_producers)
        m_jobs.drop(kDerivedJob + producer->key());
    m_derived.clear();
}

void AttentionDocument::dropDerivedChangedSince(const DerivedInput& before) {
    const DerivedInput now = derivedInput();
    for (const auto& producer : m_producers) {
        if (producer->sameResult(before, now))
            continue;
        m_jobs.drop(kDerivedJob + producer->key());
        m_derived.remove(producer->key());
    }
}

void AttentionDocument::keepCollected(const std::vector<CollectedDerived>& collected) {
    const DerivedInput now = derivedInput();
    for (const CollectedDerived& c : collected)
        if (c.producer->sameResult(c.input, now))  // e.g. the style changed while the pass ran
            m_derived.insert(c.producer->key(), DerivedEntry{c.producer, c.input, c.value});
}

std::shared_ptr<const std::vector<HeadStatistics>> AttentionDocument::statistics() const {
    const auto data = derived<HeadStatisticsData>(headStatisticsProducer()->key());
    return data ? std::shared_ptr<const std::vector<HeadStatistics>>(data, &data->heads) : nullptr;
}

std::shared_ptr<const std::vector<double>> AttentionDocument::meanValueNorms() const {
    const auto data = derived<HeadStatisticsData>(headStatisticsProducer()->key());
    return data && !data->meanValueNorms.empty() ? std::shared_ptr<const std::vector<double>>(data, &data->meanValueNorms)
                                                 : nullptr;
}

std::shared_ptr<const RolloutSeries> AttentionDocument::rollout() const {
    return derived<RolloutSeries>(rolloutProducer()->key());
}

}  // namespace headmap::ui
