#include "views/ViewSupport.h"

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {

std::shared_ptr<const AttentionTrace> shownTrace(const std::shared_ptr<const AttentionTrace>& trace,
                                                 bool hideSpecial) {
    if (!trace || !hideSpecial)
        return trace;
    const std::vector<int> kept = keptTokens(trace->special());
    if (int(kept.size()) == trace->length())
        return trace;  // nothing to hide

    std::vector<int> ids;
    QStringList tokens, display;
    for (int index : kept) {
        ids.push_back(trace->tokenIds()[size_t(index)]);
        tokens << trace->tokens().value(index);
        display << trace->displayTokens().value(index);
    }
    auto shown = std::make_shared<AttentionTrace>(trace->model(), ids, tokens, display);
    for (int l = 0; l < trace->layers(); ++l) {
        for (int h = 0; h < trace->heads(); ++h) {
            const MatrixF restricted = withoutTokens(MatrixF(trace->head(l, h)), kept, true);  // (K, K)
            std::copy(restricted.data(), restricted.data() + restricted.size(), shown->headData(l, h));
        }
    }
    return shown;
}

bool hasNoAttention(const AttentionTrace* trace) {
    return !trace || trace->isEmpty() || trace->length() == 0;
}

QString ViewText::emptyState(const AttentionTrace* original, bool hideSpecial,
                             const QString& typePrompt) {
    if (hideSpecial && !hasNoAttention(original))
        return tr("Every token of this sentence is a special token; turn off \"Hide special "
                  "tokens\" to see them.");
    return typePrompt;
}

int shownTokenIndex(const AttentionTrace& trace, bool hideSpecial, int index) {
    if (!hideSpecial || index < 0)
        return index;
    const std::vector<int> kept = keptTokens(trace.special());
    const auto found = std::find(kept.begin(), kept.end(), index);
    return found == kept.end() ? -1 : int(found - kept.begin());
}

int fullTokenIndex(const AttentionTrace& trace, bool hideSpecial, int shown) {
    if (!hideSpecial || shown < 0)
        return shown;
    const std::vector<int> kept = keptTokens(trace.special());
    return shown < int(kept.size()) ? kept[size_t(shown)] : -1;
}

}  // namespace headmap::ui
