#pragma once
// The stacks of attention a model has. A decoder-only or encoder-only model has one, its
// self-attention; an encoder–decoder (translation) model has three: the encoder's
// self-attention over the source tokens, the decoder's causal self-attention over the target
// tokens, and the decoder's cross-attention, whose queries are target tokens and whose keys
// are source tokens (heads T×S). Each stack has its own layers, heads and mask rules.

#include <optional>
#include <vector>

#include <QString>

#include "core/MaskRule.h"

namespace headmap {

enum class StackKind { Encoder, Decoder, Cross };

// "encoder", "decoder", "cross": the names of the CLI's --stack, the JSON and sessions.
QString stackName(StackKind stack);
std::optional<StackKind> stackFromName(const QString& name);
// For people, translated: "Encoder", "Decoder", "Cross-attention".
QString stackTitle(StackKind stack);

// One stack of an encoder–decoder model, as ModelSummary::stacks lists them.
struct StackShape {
    StackKind kind = StackKind::Encoder;
    int layers = 0;
    int heads = 0;
    int kvHeads = 0;
    int dHead = 0;
    bool causal = false;  // the decoder's self-attention
};

}  // namespace headmap
