#pragma once
// Writes attention traces and head steps as JSON or CSV, for the CLI and the GUI's export.
// JSON layout (see README, "headmap-cli"):
//   {"model": {...}, "tokens": [...], "display_tokens": [...], "token_ids": [...],
//    "layer_indices": [...], "head_indices": [...], "attention": [layer][head][query][key]}

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

void writeModelSummaryJson(JsonWriter& json, const ModelSummary& model);
void writeTraceJson(JsonWriter& json, const AttentionTrace& trace, const TraceSelection& selection = {});
// One row per (layer, head, query, key) with a header line; tokens are the vocabulary pieces.
bool writeTraceCsv(QIODevice* device, const AttentionTrace& trace, const TraceSelection& selection = {});
void writeStepsJson(JsonWriter& json, const AttentionTrace& trace, const HeadSteps& steps);

}  // namespace headmap
