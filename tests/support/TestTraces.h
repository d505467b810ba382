#pragma once
// Traces for the view tests: the built-in teaching model's real attention, or an empty trace
// whose heads a test fills with the pattern it needs.

#include <memory>
#include <vector>

#include <QStringList>

#include "core/AttentionTrace.h"
#include "teaching/TeachingModel.h"

namespace testtraces {

inline std::shared_ptr<headmap::AttentionTrace> teachingTrace(const QString& text, int layers = 2) {
    headmap::TeachingOptions options;
    options.layers = layers;
    const headmap::TeachingModel model{options};
    return std::make_shared<headmap::AttentionTrace>(model.run(model.tokenizer().encode(text, true)).trace);
}

// layers × heads heads over `tokens` (ids 10, 11, …), all weights 0 until the test fills them.
inline std::shared_ptr<headmap::AttentionTrace> blankTrace(int layers, int heads, const QStringList& tokens,
                                                           std::vector<bool> special) {
    headmap::ModelSummary model;
    model.layers = layers;
    model.heads = heads;
    std::vector<int> ids;
    for (int i = 0; i < tokens.size(); ++i)
        ids.push_back(i + 10);
    return std::make_shared<headmap::AttentionTrace>(model, ids, tokens, tokens, std::move(special));
}

}  // namespace testtraces
