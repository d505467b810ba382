#pragma once
// Data derived from the sentence's trace in the background (statistics, rollout, a grid's
// thumbnails): what a view brings to the document instead of a case in the document's code. A
// view returns the producers it draws from in DocumentView::needs(); the document runs each one
// on a worker from an immutable snapshot (DerivedInput), keeps the result under the producer's
// key, drops it when the trace changes (or what else the producer says it depends on) and then
// notifies DocumentChange::Derived. Views read results back with AttentionDocument::derived<T>().
//
// A producer may also see every head of the sentence's forward pass as the pass computes it
// (collector()): past a few hundred tokens the trace keeps queries and keys, not weights, so
// computing every head again afterwards costs about as much as the pass itself.

#include <functional>
#include <memory>
#include <typeindex>
#include <vector>

#include <QString>

#include "core/AttentionTrace.h"
#include "heatmap/HeatmapStyle.h"
#include "model/Tokenizer.h"

namespace headmap::ui {

// What a producer computes from: the document as it was when the data was asked for.
struct DerivedInput {
    std::shared_ptr<const AttentionTrace> trace;        // as shown: measure applied, words merged
    std::shared_ptr<const AttentionTrace> weightTrace;  // the shown tokens' plain weights (rows sum to 1)
    std::shared_ptr<const AttentionTrace> pieceTrace;   // the forward pass's own: pieces, value norms
    HeatmapStyle style;
    bool hideSpecial = false;
};

// Called on the producing thread: true once the result is no longer wanted.
using StopRequested = std::function<bool()>;

// Fed with each head of the sentence's forward pass (RunOptions::headWeights), then asked once
// for the result. Only for passes of plain weights over pieces (shown == weight == piece trace).
class PassCollector {
public:
    virtual ~PassCollector() = default;
    // weights: (T, T). Called from the pass's threads, for several heads at once.
    virtual void addHead(int layer, int head, const MatrixF& weights) = 0;
    // After the pass, with its traces: the result, or null when the pass did not give it all.
    virtual std::shared_ptr<const void> finish(const DerivedInput& input) = 0;
};

class DerivedProducer {
public:
    virtual ~DerivedProducer() = default;

    // Names the result in the document; unique per kind of result ("statistics").
    virtual QString key() const = 0;
    // What the status bar says while it is computed ("Computing head statistics…").
    virtual QString busyText() const = 0;
    // The type of what produce() returns, so that derived<T>() can refuse a wrong T.
    virtual std::type_index resultType() const = 0;
    // Computes the result from input on a worker; null when there is nothing to show (no
    // attention). May return early, with anything, once stop() is true. Throws on failure.
    virtual std::shared_ptr<const void> produce(const DerivedInput& input, const StopRequested& stop) const = 0;
    // Whether a result made from `made` stands for `now`. The trace always matters; a producer
    // that colours or hides tokens says so here.
    virtual bool sameResult(const DerivedInput& made, const DerivedInput& now) const {
        return made.trace == now.trace && made.weightTrace == now.weightTrace && made.pieceTrace == now.pieceTrace;
    }
    // A collector for the forward pass of input (the snapshot holds style and hiding, no trace
    // yet), or null to compute afterwards as usual.
    virtual std::unique_ptr<PassCollector> collector(const ModelSummary& model, const Encoding& input,
                                                     const DerivedInput& snapshot) const {
        (void)model, (void)input, (void)snapshot;
        return nullptr;
    }
};

// A producer of T: produce() and collectors return shared_ptr<const T>.
template <typename T>
class DerivedProducerOf : public DerivedProducer {
public:
    std::type_index resultType() const final { return typeid(T); }
    std::shared_ptr<const void> produce(const DerivedInput& input, const StopRequested& stop) const final {
        return make(input, stop);
    }

protected:
    virtual std::shared_ptr<const T> make(const DerivedInput& input, const StopRequested& stop) const = 0;
};

// What a view draws from; the document computes each while the view is shown.
using DerivedNeeds = std::vector<std::shared_ptr<const DerivedProducer>>;

}  // namespace headmap::ui
