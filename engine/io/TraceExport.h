#pragma once
// Writes attention traces and head steps as JSON or CSV, for the CLI and the GUI's export.
// JSON layout (see README, "headmap-cli"):
//   {"model": {...}, "tokens": [...], "display_tokens": [...], "token_ids": [...],
//    "layer_indices": [...], "head_indices": [...], "measure": "weights",
//    "ablations": "0.1,2.3:mean" (only when heads were switched off),
//    "attention": [layer][head][query][key]}
// A stack of an encoder–decoder model (or any trace whose keys are tokens of their own) says
// which stack it is and names both axes; "tokens" etc. stay for the square stacks (encoder,
// decoder), while cross-attention's queries are target tokens and its keys source tokens:
//   {"model": {..., "stack", "stacks": [...], "target_vocab_size"}, "stack": "cross",
//    ["tokens", "display_tokens", "token_ids",] "query_tokens", "query_display_tokens",
//    "query_token_ids", "key_tokens", "key_display_tokens", "key_token_ids", ...,
//    "attention": [layer][head][query (T)][key (S)]}
// A model with attention sinks (gpt-oss) adds "sink_mass": [layer][head][query], 1 − the row's
// sum (what the head gave its sink), and the model summary "attention_sinks": true; CSV a
// `sink` column (the query row's sink mass, on each of its cells); npy a second array
// (writeSinkMassNpy). Only for a trace of the model's own rows (not merged words, not hidden
// special tokens, not value-norm weighting), whose rows are the softmax's.

#include <functional>

#include <QIODevice>

#include "core/AttentionTrace.h"
#include "core/HeadSteps.h"
#include "io/JsonWriter.h"

namespace headmap {

// Which part of a trace to write; -1 means all layers / all heads.
struct TraceSelection {
    int layer = -1;
    int head = -1;
};

// Whether the trace's rows are a sink model's softmax rows, so 1 − a row's sum is its sink mass.
bool carriesSinkMass(const AttentionTrace& trace);
// (T) 1 − each row's sum of the head's weights.
RowVectorF sinkMassOfHead(const AttentionTrace& trace, int layer, int head);

// extraFields, when given, writes keys of the caller's own at the end of the object (info's
// decoder start token and generation settings).
void writeModelSummaryJson(JsonWriter& json, const ModelSummary& model,
                           const std::function<void(JsonWriter&)>& extraFields = {});
// measure: what the numbers are ("weights", or "value-norm" for analysis/AttentionMeasure's
// α·‖vW_O‖), written as "measure". extraFields, when given, writes keys of the caller's own
// (the CLI's "target_text", "generated_ids") before "attention".
void writeTraceJson(JsonWriter& json, const AttentionTrace& trace, const TraceSelection& selection = {},
                    const QString& measure = QStringLiteral("weights"),
                    const std::function<void(JsonWriter&)>& extraFields = {});
// One row per (layer, head, query, key) with a header line; tokens are the vocabulary pieces
// (key_token: the source's for cross-attention).
bool writeTraceCsv(QIODevice* device, const AttentionTrace& trace, const TraceSelection& selection = {});
// The tokens as writeTraceJson names them, then the steps; "memory" (cross-attention) and
// "biased" (T5) only where the model has them; "sink", "sink_mass" and "experts" always, null
// where the model has no sinks or the layer no experts. extraFields as for writeTraceJson, after the tokens.
void writeStepsJson(JsonWriter& json, const AttentionTrace& trace, const HeadSteps& steps,
                    const std::function<void(JsonWriter&)>& extraFields = {});

}  // namespace headmap
