#pragma once
// Switching heads off, the everyday experiment of interpretability work: a head's output (its
// softmax(QKᵀ)·V, before W_O) is replaced by zeros or by its mean over the positions of the
// input, and the rest of the network runs on.

#include <optional>
#include <vector>

#include <QString>

#include "core/AttentionStack.h"

namespace headmap {

enum class AblationMode {
    Zero,  // the head contributes nothing
    Mean,  // every position gets the head's average output over the input's positions
};

struct HeadAblation {
    int layer = 0;
    int head = 0;
    AblationMode mode = AblationMode::Zero;
    // Encoder–decoder models: the stack of the head; unset: the model's default (cross).
    std::optional<StackKind> stack;

    bool operator==(const HeadAblation& other) const {
        return layer == other.layer && head == other.head && mode == other.mode && stack == other.stack;
    }
};

// "3.1,0.2:mean" -> {3, 1, Zero}, {0, 2, Mean}; a stack before the head names it in an
// encoder–decoder model: "cross:3.1,encoder:0.2:mean" (a head without one has no stack set,
// which Model::run takes as cross-attention there). Throws InputError naming the item that is
// not [STACK:]L.H[:zero|:mean], or the word that is not encoder, decoder or cross. Ranges are
// checked by Model::run, which knows the model.
std::vector<HeadAblation> parseHeadAblations(const QString& text);
// The inverse: "3.1,0.2:mean", "cross:3.1" (":zero" is left out, a stack written when set).
QString formatHeadAblations(const std::vector<HeadAblation>& ablations);

}  // namespace headmap
