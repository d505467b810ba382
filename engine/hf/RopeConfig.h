#pragma once
// The RoPE settings of a config.json: either the legacy `rope_theta` + `rope_scaling` keys
// (with "type" as the old spelling of "rope_type") or transformers' newer `rope_parameters`,
// flat or split per layer type ({"full_attention": {...}, "sliding_attention": {...}}).

#include <optional>

#include "core/RotaryEmbedding.h"
#include "hf/ConfigReader.h"

namespace headmap {

struct RopeConfig {
    RopeParameters global;                 // full-attention layers (all layers of most models)
    std::optional<RopeParameters> sliding; // sliding-window layers when they differ (Gemma 3)
};

// headDim: each head's width; the rotated part is int(headDim · partial_rotary_factor).
// Throws ModelError naming the field for unknown rope types and missing or malformed fields.
RopeConfig readRopeConfig(const ConfigReader& config, int headDim, int maxPositions);

}  // namespace headmap
