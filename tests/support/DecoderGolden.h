#pragma once
// What a decoder's golden file (transformers' own classes) holds beyond the heads: the logits of
// every position and, for a mixture of experts, the router's choices. The heads compare with
// MatrixDifference.h's maxDifference(golden, trace).

#include <QJsonArray>
#include <QString>

#include "model/Model.h"

namespace testsupport {

// max |logit − golden| over every position and vocabulary entry of golden [position][vocab];
// -1 when the number of positions or the vocabulary differs, so `<= tolerance` fails.
double logitsDifference(const headmap::Model& model, const headmap::RunResult& result, const QJsonArray& logits);

// Empty when the trace's experts equal golden [layer][token] = the chosen ids in the router's
// order (null: a dense layer, which must have none); else what differs first.
QString expertsMismatch(const headmap::AttentionTrace& trace, const QJsonArray& experts);

}  // namespace testsupport
