#pragma once
// Writes attention traces and head steps as JSON or CSV, for the CLI and the GUI's export.
// JSON layout (see README, "headmap-cli"):
//   {"model": {...}, "tokens": [...], "display_tokens": [...], "token_ids": [...],
//    "layer_indices": [...], "head_indices": [...], "measure": "weights",
//    "ablations": "0.1,2.3:mean" (only when heads were switched off),
//    "attention": [layer][head][query][key]}

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
// measure: what the numbers are ("weights", or "value-norm" for analysis/AttentionMeasure's
// α·‖vW_O‖), written as "measure".
void writeTraceJson(JsonWriter& json, const AttentionTrace& trace, const TraceSelection& selection = {},
                    const QString& measure = QStringLiteral("weights"));
// One row per (layer, head, query, key) with a header line; tokens are the vocabulary pieces.
bool writeTraceCsv(QIODevice* device, const AttentionTrace& trace, const TraceSelection& selection = {});
void writeStepsJson(JsonWriter& json, const AttentionTrace& trace, const HeadSteps& steps);

}  // namespace headmap
