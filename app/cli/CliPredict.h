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
    QString targetToken;
    QString targetDisplay;
};

// JSON: {"model", "tokens", "display_tokens", "token_ids", "position", "temperature",
// "top": [{"id", "token", "display", "probability", "logit"}]}; with --ablate also
// "ablations", "baseline_top" and "kl_divergence" (KL(baseline‖ablated), nats); with --target
// "target": {"id", "token", "probability", "baseline_probability"}.
bool writePredictionJson(QIODevice* device, const PredictionReport& report);
// A table for people: rank, probability, id, token.
QByteArray predictionText(const PredictionReport& report);

}  // namespace headmap::cli
