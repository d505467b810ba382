#pragma once
// headmap-cli predict: what the model's output head expects at one position, optionally with
// heads switched off (then beside the unablated prediction, with the KL divergence between
// the two and a target token's change).

#include <optional>

#include <QIODevice>

#include "model/Predictions.h"

namespace headmap::cli {

struct PredictionReport {
    QString model;
    Encoding input;
    Prediction prediction;               // with the ablations, if any
    std::optional<Prediction> baseline;  // without them; only when heads were ablated
    std::vector<HeadAblation> ablations;
    std::optional<int> target;           // --target: the token whose probability is followed
    // Encoder–decoder models: `input` holds the decoder's rows (the position counts in them),
    // `source` the source tokens, and the rows are --target's teacher forcing or generated.
    std::optional<Encoding> source;
    std::optional<QString> targetText;
    std::vector<int> generated;
    QString targetToken;
    QString targetDisplay;
};

// --target of a one-stack model: the token (a piece, a word that is one token, or an id) whose
// probability to follow, named as the input shows it or else as the tokenizer does. Throws
// InputError for an id outside the vocabulary or a word of several tokens.
void followTarget(PredictionReport& report, const QString& target, const Model& model);

// JSON: {"model", "tokens", "display_tokens", "token_ids", "position", "temperature",
// "top": [{"id", "token", "display", "probability", "logit"}]}; with --ablate also
// "ablations", "baseline_top" and "kl_divergence" (KL(baseline‖ablated), nats); with --target
// "target": {"id", "token", "probability", "baseline_probability"}. Encoder–decoder models: the
// tokens are the decoder's rows, followed by "source_tokens", "source_display_tokens",
// "source_ids" and "target_text" (--target) or "generated_ids".
bool writePredictionJson(QIODevice* device, const PredictionReport& report);
// A table for people: rank, probability, id, token.
QByteArray predictionText(const PredictionReport& report);

}  // namespace headmap::cli
