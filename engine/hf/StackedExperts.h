#pragma once
// One expert of a layer whose checkpoint stacks every expert in 3-D tensors (gpt-oss,
// MoeTraits::Storage::Stacked), read on its own when a token chooses it, into the layer's
// arena: never the whole stack as floats.
//   dense: gate_up_proj (E, D, 2F) and down_proj (E, F, D), used as x·W (GptOssExperts);
//   MXFP4: gate_up_proj_blocks (E, 2F, D/32, 16) + _scales (E, 2F, D/32) and down_proj_blocks
//          (E, D, F/32, 16) + _scales (E, D, F/32), U8, which convert_moe_packed_tensors turns
//          into (E, 2F, D) / (E, D, F) and transposes: here used as x·Wᵀ without the transpose;
//   always gate_up_proj_bias (E, 2F) and down_proj_bias (E, D).

#include <QString>

#include "hf/FamilyTraits.h"
#include "hf/LayerArena.h"
#include "hf/MixtureOfExperts.h"

namespace headmap {

class WeightLookup;

struct StackedExpertShape {
    int experts = 0;     // E
    int dModel = 0;      // D
    int expertSize = 0;  // F
    bool mxfp4 = false;  // *_blocks / *_scales instead of the dense tensors
};

// base: the layer's expert prefix ("layers.3.mlp.experts."). Throws ModelError naming the
// tensor for a missing one, a wrong shape or dtype, or a width MXFP4 cannot hold.
ExpertWeights readStackedExpert(const Checkpoint& checkpoint, const WeightLookup& names, LayerArena& arena,
                                const QString& base, const MoeTraits& moe, const StackedExpertShape& shape,
                                int expert);

}  // namespace headmap
