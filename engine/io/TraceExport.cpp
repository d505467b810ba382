#include "io/TraceExport.h"

#include <charconv>
#include <cmath>

namespace headmap {
namespace {

std::vector<int> selectedIndices(int selected, int count) {
    std::vector<int> indices;
    if (selected >= 0) {
        indices.push_back(selected);
    } else {
        for (int i = 0; i < count; ++i)
            indices.push_back(i);
    }
    return indices;
}

QByteArray csvField(const QString& text) {
    QByteArray utf8 = text.toUtf8();
    if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') && !utf8.contains('\r'))
        return utf8;
    utf8.replace("\"", "\"\"");
    return '"' + utf8 + '"';
}

void appendFloat(QByteArray& out, float value) {
    char text[48];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, qsizetype(result.ptr - text));
}

// Whether the trace's router choices describe its own tokens: a mixture-of-experts run's trace,
// not one whose tokens stand for others (merged words, hidden special tokens).
bool carriesExperts(const AttentionTrace& trace) {
    return trace.hasExperts() && trace.modelPositions().empty() && !trace.hasKeyTokens();
}

}  // namespace

bool carriesSinkMass(const AttentionTrace& trace) {
    return trace.model().attentionSinks && !trace.isDerived() && trace.modelPositions().empty() &&
           !trace.hasKeyTokens();
}

RowVectorF sinkMassOfHead(const AttentionTrace& trace, int layer, int head) {
    const HeadWeights weights = trace.head(layer, head);  // (T, T)
    RowVectorF mass(weights.rows());
    for (Eigen::Index q = 0; q < weights.rows(); ++q)
        mass[q] = float(1.0 - weights.row(q).cast<double>().sum());
    return mass;
}

void writeModelSummaryJson(JsonWriter& json, const ModelSummary& model,
                           const std::function<void(JsonWriter&)>& extraFields) {
    json.beginObject();
    json.key("name"); json.value(model.name);
    json.key("architecture"); json.value(model.architecture);
    json.key("layers"); json.value(model.layers);
    json.key("heads"); json.value(model.heads);
    json.key("kv_heads"); json.value(model.kvHeads);
    json.key("d_model"); json.value(model.dModel);
    json.key("d_head"); json.value(model.dHead);
    json.key("max_positions"); json.value(model.maxPositions);
    json.key("vocab_size"); json.value(model.vocabSize);
    json.key("causal"); json.value(model.causal);
    json.key("positions"); json.value(model.positions);
    // The widest sliding window in tokens (0: none), and each layer's rule as the forward pass
    // applied it: "none", "causal", "sliding_window" with its window, or "local_window" with
    // the tokens it reaches on either side (ModernBERT).
    json.key("window"); json.value(model.widestWindow());
    json.key("layer_masks");
    json.beginArray();
    for (const MaskRule& rule : model.layerMasks) {
        json.beginObject();
        json.key("kind");
        json.value(QString::fromLatin1(rule.kind == AttentionMask::SlidingWindow ? "sliding_window"
                                       : rule.kind == AttentionMask::LocalWindow ? "local_window"
                                       : rule.kind == AttentionMask::Causal     ? "causal"
                                                                                : "none"));
        json.key("window"); json.value(rule.window);
        json.endObject();
    }
    json.endArray();
    json.key("quantization"); json.value(model.quantization);
    if (model.convertedWeightBudget >= 0) {
        // Models whose weights convert on read only (#40).
        json.key("converted_weight_bytes"); json.value(static_cast<long long>(model.convertedWeightBytes));
        json.key("converted_weight_budget"); json.value(static_cast<long long>(model.convertedWeightBudget));
    }
    if (model.experts > 0) {
        // Mixture-of-experts models only, so that a dense model's summary stays as it was.
        json.key("experts"); json.value(model.experts);
        json.key("experts_per_token"); json.value(model.expertsPerToken);
        json.key("shared_experts"); json.value(model.sharedExperts);
        std::vector<int> sparse;
        for (int l = 0; l < int(model.expertLayers.size()); ++l)
            if (model.expertLayers[size_t(l)])
                sparse.push_back(l);
        json.key("expert_layers"); json.intList(sparse);
    }
    if (model.attentionSinks) {  // gpt-oss only, so that other summaries stay as they were
        json.key("attention_sinks"); json.value(true);
    }
    if (model.isEncoderDecoder()) {
        // The stack these layers and heads are of, then all three stacks' shapes; written only
        // for encoder–decoder models, so a one-stack model's summary stays as it was.
        json.key("stack"); json.value(stackName(model.stackKind()));
        json.key("stacks");
        json.beginArray();
        for (const StackShape& shape : model.stacks) {
            json.beginObject();
            json.key("stack"); json.value(stackName(shape.kind));
            json.key("layers"); json.value(shape.layers);
            json.key("heads"); json.value(shape.heads);
            json.key("kv_heads"); json.value(shape.kvHeads);
            json.key("d_head"); json.value(shape.dHead);
            json.key("causal"); json.value(shape.causal);
            json.endObject();
        }
        json.endArray();
        json.key("target_vocab_size");
        json.value(model.targetVocabSize > 0 ? model.targetVocabSize : model.vocabSize);
    }
    if (extraFields)
        extraFields(json);
    json.endObject();
}

namespace {

// Encoder–decoder stacks name their query and key axes; one-stack traces keep their old keys.
bool hasQueryAndKeyAxes(const AttentionTrace& trace) {
    return trace.model().isEncoderDecoder() || trace.hasKeyTokens();
}

void writeTraceTokensJson(JsonWriter& json, const AttentionTrace& trace) {
    if (!hasQueryAndKeyAxes(trace)) {
        json.key("tokens"); json.stringList(trace.tokens());
        json.key("display_tokens"); json.stringList(trace.displayTokens());
        json.key("token_ids"); json.intList(trace.tokenIds());
        return;
    }
    json.key("stack"); json.value(stackName(trace.stack()));
    if (!trace.hasKeyTokens()) {  // a square stack: one token list, under its usual names too
        json.key("tokens"); json.stringList(trace.tokens());
        json.key("display_tokens"); json.stringList(trace.displayTokens());
        json.key("token_ids"); json.intList(trace.tokenIds());
    }
    json.key("query_tokens"); json.stringList(trace.tokens());
    json.key("query_display_tokens"); json.stringList(trace.displayTokens());
    json.key("query_token_ids"); json.intList(trace.tokenIds());
    json.key("key_tokens"); json.stringList(trace.keyTokens());
    json.key("key_display_tokens"); json.stringList(trace.keyDisplayTokens());
    json.key("key_token_ids"); json.intList(trace.keyTokenIds());
}

}  // namespace

void writeTraceJson(JsonWriter& json, const AttentionTrace& trace, const TraceSelection& selection,
                    const QString& measure, const std::function<void(JsonWriter&)>& extraFields) {
    const std::vector<int> layers = selectedIndices(selection.layer, trace.layers());
    const std::vector<int> heads = selectedIndices(selection.head, trace.heads());
    const int t = trace.length();
    const int s = trace.keyLength();

    json.beginObject();
    json.key("model"); writeModelSummaryJson(json, trace.model());
    writeTraceTokensJson(json, trace);
    json.key("layer_indices"); json.intList(layers);
    json.key("head_indices"); json.intList(heads);
    json.key("measure"); json.value(measure);
    if (!trace.ablations().empty()) {  // the heads switched off in the run that made these numbers
        json.key("ablations"); json.value(formatHeadAblations(trace.ablations()));
    }
    if (extraFields)
        extraFields(json);
    if (carriesExperts(trace)) {  // [layer][token] the router's picks, null for a dense layer
        json.key("experts");
        json.beginArray();
        for (int layer : layers) {
            const auto& rows = trace.experts()[size_t(layer)];
            if (rows.empty()) {
                json.null();
                continue;
            }
            json.beginArray();
            for (const std::vector<int>& chosen : rows)
                json.intList(chosen);
            json.endArray();
        }
        json.endArray();
    }
    if (carriesSinkMass(trace)) {  // [layer][head][query] 1 − the row's sum
        json.key("sink_mass");
        json.beginArray();
        for (int layer : layers) {
            json.beginArray();
            for (int head : heads)
                json.rowVector(sinkMassOfHead(trace, layer, head));
            json.endArray();
        }
        json.endArray();
    }
    json.key("attention");
    json.beginArray();
    for (int layer : layers) {
        json.beginArray();
        for (int head : heads) {
            const HeadWeights weights = trace.head(layer, head);
            json.beginArray();
            for (int q = 0; q < t; ++q) {
                json.beginArray();
                for (int k = 0; k < s; ++k)
                    json.value(weights(q, k));
                json.endArray();
            }
            json.endArray();
        }
        json.endArray();
    }
    json.endArray();
    json.endObject();
}

bool writeTraceCsv(QIODevice* device, const AttentionTrace& trace, const TraceSelection& selection) {
    const int t = trace.length();
    const int s = trace.keyLength();  // cross-attention: the source tokens, else the queries
    QList<QByteArray> tokenFields, keyFields;
    for (const QString& token : trace.tokens())
        tokenFields << csvField(token);
    for (const QString& token : trace.keyTokens())
        keyFields << csvField(token);

    // Mixture-of-experts models: the query token's experts in the row's layer, space-separated
    // in the router's order, empty for a dense layer.
    const bool experts = carriesExperts(trace);
    // Sink models: the query row's sink mass (1 − its sum) on each of its cells.
    const bool sinks = carriesSinkMass(trace);
    QByteArray out("layer,head,query_index,query_token,key_index,key_token,weight");
    out += QByteArray(sinks ? ",sink" : "") + QByteArray(experts ? ",query_experts\n" : "\n");
    for (int layer : selectedIndices(selection.layer, trace.layers())) {
        for (int head : selectedIndices(selection.head, trace.heads())) {
            const HeadWeights weights = trace.head(layer, head);
            const RowVectorF sinkMass = sinks ? sinkMassOfHead(trace, layer, head) : RowVectorF();
            for (int q = 0; q < t; ++q) {
                for (int k = 0; k < s; ++k) {
                    out += QByteArray::number(layer) + ',' + QByteArray::number(head) + ',' +
                           QByteArray::number(q) + ',' + tokenFields[q] + ',' +
                           QByteArray::number(k) + ',' + keyFields[k] + ',';
                    appendFloat(out, weights(q, k));
                    if (sinks) {
                        out += ',';
                        appendFloat(out, sinkMass[q]);
                    }
                    if (experts) {
                        out += ',';
                        const auto& rows = trace.experts()[size_t(layer)];
                        if (!rows.empty())
                            for (size_t j = 0; j < rows[size_t(q)].size(); ++j)
                                out += (j ? " " : "") + QByteArray::number(rows[size_t(q)][j]);
                    }
                    out += '\n';
                }
                if (out.size() > (1 << 16)) {
                    if (device->write(out) != out.size())
                        return false;
                    out.clear();
                }
            }
        }
    }
    return device->write(out) == out.size();
}

void writeStepsJson(JsonWriter& json, const AttentionTrace& trace, const HeadSteps& steps,
                    const std::function<void(JsonWriter&)>& extraFields) {
    json.beginObject();
    json.key("model"); writeModelSummaryJson(json, trace.model());
    writeTraceTokensJson(json, trace);
    if (extraFields)
        extraFields(json);
    json.key("layer"); json.value(steps.layer);
    json.key("head"); json.value(steps.head);
    json.key("d_model"); json.value(steps.dModel);
    json.key("d_head"); json.value(steps.dHead);
    json.key("causal"); json.value(steps.causal);
    json.key("x"); json.matrix(steps.x);
    // Only where the model has them, so a one-stack model's steps stay as they were.
    if (steps.memory.size() > 0) {  // cross-attention: the encoder's output, K and V come from it
        json.key("memory"); json.matrix(steps.memory);
    }
    json.key("w_q"); json.matrix(steps.wQ);
    json.key("w_k"); json.matrix(steps.wK);
    json.key("w_v"); json.matrix(steps.wV);
    json.key("b_q"); json.rowVector(steps.bQ);
    json.key("b_k"); json.rowVector(steps.bK);
    json.key("b_v"); json.rowVector(steps.bV);
    json.key("q"); json.matrix(steps.q);
    json.key("k"); json.matrix(steps.k);
    json.key("v"); json.matrix(steps.v);
    json.key("scores"); json.matrix(steps.scores);
    json.key("scaled"); json.matrix(steps.scaled);
    if (steps.biased.size() > 0) {  // T5: scaled + the relative position bias
        json.key("biased"); json.matrix(steps.biased);
    }
    json.key("masked"); json.matrix(steps.masked);  // -inf (masked) is written as null
    json.key("weights"); json.matrix(steps.weights);
    // gpt-oss: the head's sink logit (a column of masked that softmax drops) and per query
    // 1 − the row's sum, what the sink took; null for models without sinks.
    json.key("sink");
    if (steps.hasSink)
        json.value(steps.sink);
    else
        json.null();
    json.key("sink_mass");
    if (steps.hasSink) {
        RowVectorF mass(steps.weights.rows());
        for (Eigen::Index q = 0; q < steps.weights.rows(); ++q)
            mass[q] = float(1.0 - steps.weights.row(q).cast<double>().sum());
        json.rowVector(mass);
    } else {
        json.null();
    }
    // Mixture of experts: [token][k] the experts the router chose in this head's layer, in its
    // order; null for a dense layer and dense models.
    json.key("experts");
    const auto* chosen = carriesExperts(trace) && steps.layer >= 0 && steps.layer < int(trace.experts().size())
                             ? &trace.experts()[size_t(steps.layer)] : nullptr;
    if (chosen && !chosen->empty()) {
        json.beginArray();
        for (const std::vector<int>& experts : *chosen)
            json.intList(experts);
        json.endArray();
    } else {
        json.null();
    }
    json.key("head_output"); json.matrix(steps.headOutput);
    json.key("concat"); json.matrix(steps.concat);
    json.key("output"); json.matrix(steps.output);
    json.endObject();
}

}  // namespace headmap
