#pragma once
// What the prediction panel shows: the model's top-k at one position, and, while heads are
// switched off, the same without them, the change of a chosen target token and the KL
// divergence between the two. Computed by the document's Prediction job.

#include <optional>
#include <vector>

#include <QString>

#include "core/HeadAblation.h"
#include "model/Predictions.h"

namespace headmap::ui {

struct PredictionResult {
    int position = 0;       // the piece predicted at
    QString positionText;   // "after 'cat' #5", "fill-in for [MASK] #4"
    Prediction after;       // with the ablations; without any, the only prediction
    std::optional<Prediction> before;  // without the ablations; only while heads are switched off
    std::vector<HeadAblation> ablations;
    double kl = 0.0;        // KL(before‖after) in nats; 0 without ablations
    int targetToken = -1;   // -1: none chosen
    QString targetText;     // its readable form
    float targetBefore = 0.0f;  // its probability without the ablations (= targetAfter without any)
    float targetAfter = 0.0f;

    bool hasAblations() const { return before.has_value(); }
};

}  // namespace headmap::ui
