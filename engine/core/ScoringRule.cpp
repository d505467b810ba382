#include "core/ScoringRule.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/HeadSteps.h"
#include "core/Ops.h"

namespace headmap {

int PositionBias::bucketOf(int query, int key) const {
    // transformers: relative_position = memory_position − context_position; in float32 for the
    // logarithmic part, truncated towards zero by .to(torch.long).
    int relative = key - query;
    int numBuckets = buckets;
    int bucket = 0;
    if (bidirectional) {
        numBuckets /= 2;
        if (relative > 0)
            bucket += numBuckets;
        relative = std::abs(relative);
    } else {
        relative = -std::min(relative, 0);
    }
    const int maxExact = numBuckets / 2;
    if (relative < maxExact)
        return bucket + relative;
    // Each operation in float32 as torch does it; math.log of the Python float is a double,
    // rounded to float32 when it divides the float32 tensor.
    const float ratio = float(relative) / float(maxExact);
    const float span = float(std::log(double(maxDistance) / double(maxExact)));
    const float large = std::log(ratio) / span * float(numBuckets - maxExact);
    return bucket + std::min(maxExact + int(large), numBuckets - 1);
}

void applyScoringRule(MatrixF& scores, int head, int firstQuery, const ScoringRule& rule, HeadSteps* record) {
    const int rows = int(scores.rows());
    const int keys = int(scores.cols());
    if (record)
        record->scores = scores;
    if (rule.scale != 1.0f)
        scores *= rule.scale;
    if (record)
        record->scaled = scores;
    if (rule.bias) {
        const PositionBias& bias = *rule.bias;
        for (int i = 0; i < rows; ++i)
            for (int key = 0; key < keys; ++key)
                scores(i, key) += bias.value(head, firstQuery + i, key);
        if (record)
            record->biased = scores;
    }
    if (rule.softcap > 0.0f) {
        // Gemma 2: tanh keeps every logit inside (-cap, cap); divide, tanh, multiply as transformers.
        scores = ((scores.array() / rule.softcap).tanh() * rule.softcap).matrix();
        if (record)
            record->softcapped = scores;
    }
    if (rule.mask.masksAny()) {
        const float minusInf = -std::numeric_limits<float>::infinity();
        for (int i = 0; i < rows; ++i)
            for (int key = 0; key < keys; ++key)
                if (!rule.mask.allows(firstQuery + i, key))
                    scores(i, key) = minusInf;
    }
    if (record) {
        record->masked = scores;
        record->hasSink = rule.hasSinks();
        record->sink = rule.hasSinks() ? (*rule.sinks)[size_t(head)] : 0.0f;
    }
    if (rule.sinks)
        softmaxRowsWithSink(scores, (*rule.sinks)[size_t(head)]);
    else
        softmaxRows(scores);
}

}  // namespace headmap
