#pragma once
// What a causal model keeps of a run so that the next run of a longer (or edited) input can
// compute only the tokens that changed (issue #10, "decoders while typing"). In a causal model
// token i sees tokens 0..i alone, so while the first P tokens stay the same their keys, values,
// attention rows and final hidden states stay the same too: a run that shares them computes
// the queries, keys and values of the other tokens, their attention rows over all keys and the
// MLP of their rows, and copies the rest from here.
//
//   RunOptions first;  first.keepState = true;
//   RunResult a = model->run(prefix, first);
//   RunOptions next;   next.keepState = true;  next.reuse = a.state;
//   RunResult b = model->run(longer, next);   // b.reusedTokens == prefix.size() when it could
//
// Models that cannot reuse (encoders, where every row changes) leave RunResult::state null
// and ignore RunOptions::reuse.

#include <memory>
#include <vector>

#include "core/AttentionTrace.h"
#include "core/MultiHeadAttention.h"
#include "core/Tensor.h"

namespace headmap {

struct RunOptions;

struct PrefixState {
    struct Layer {
        MatrixF keys;    // (T, KV·Dh) after QK-norm and the position transform, as attention reads them
        MatrixF values;  // (T, KV·Dh)
    };

    const void* model = nullptr;  // the model that made it: another model never reuses it
    std::vector<int> ids;         // (T) the tokens it covers
    std::vector<Layer> layers;
    MatrixF hidden;               // (T, D) the final hidden states (after the final norm)
    // The run's trace: the shared tokens' queries (and value norms when it recorded them) are
    // taken from here. A copy of RunResult::trace (cheap: copies share the queries and keys), so
    // the caller may change or drop its own.
    AttentionTrace trace;
    // What makes the cached keys valid besides the tokens: the position transform's parameters
    // for T tokens (inverse frequencies and scaling; dynamic NTK and LongRoPE change them with
    // the length, and then every cached key is stale).
    std::vector<float> positionKey;

    int length() const { return int(ids.size()); }

    // How many leading tokens a run of `ids` by `model` with `options` may take from this state:
    // the tokens both sequences start with, at most ids.size() - 1 (the last token is always
    // computed), and 0 (a full run) when the model, the position parameters or an option that
    // changes the numbers differ: ablations (a mean ablation averages over every position),
    // the step matrices (they are whole T×T matrices) and value norms this state lacks.
    int reusableFor(const void* model, const std::vector<int>& ids, const std::vector<float>& positionKey,
                    const RunOptions& options) const;

    // For the models' reuse paths: an empty state of `layers` layers for `ids`, and the keys and
    // values of the first `reused` tokens of `previous`, to which the new tokens' are appended.
    static std::shared_ptr<PrefixState> start(const void* model, std::vector<int> ids,
                                              std::vector<float> positionKey, int layers);
    static std::shared_ptr<PrefixState> extend(const PrefixState& previous, int reused, std::vector<int> ids,
                                               std::vector<float> positionKey);
};

// Copies the value norms of the first `reused` tokens of `previous` into `trace` when both
// have them: a key's norm depends on that token alone.
void copySharedValueNorms(const AttentionTrace& previous, int reused, AttentionTrace& trace);

// One layer's attention block in a reuse run, for every model's reuse path: the new tokens'
// rows (core/PrefixAttention.h) over the state's keys and values, which get the new rows
// appended; the new keys' value norms into `trace` when it records them; and the layer's
// queries and keys for the trace (setReusedQueriesKeys). h: (N, D) the block's input for the
// new tokens. Throws NonFiniteValues when the input or the output holds NaN or Inf.
MatrixF attendReusing(int layer, const AttentionWeights& weights, const AttentionSpec& spec, const MatrixF& h,
                      int reused, const AttentionTrace& previous, PrefixState& state, AttentionTrace& trace);

// Gives `trace` layer `layer`'s queries and keys for all T tokens, from which it recomputes any
// head's weights as a fresh run's trace does: the first `reused` tokens' queries from
// `previous`, then `newQueries` (N, H·Dh); `keys` (T, KV·Dh) as the state holds them. The rows
// of the shared tokens are the earlier run's, exactly; the new rows equal a fresh run's to
// rounding.
void setReusedQueriesKeys(AttentionTrace& trace, int layer, const AttentionTrace& previous, int reused,
                          const MatrixF& newQueries, const MatrixF& keys, const AttentionSpec& spec);

}  // namespace headmap
