#include "views/ViewSupport.h"

#include <array>
#include <mutex>

#include "analysis/AttentionTransforms.h"

namespace headmap::ui {

namespace {

// The last few shownTrace results, held weakly: a hit costs nothing as long as a view or the
// document keeps the result, and the cache never keeps 150 MB alive on its own.
struct ShownCache {
    struct Entry {
        std::weak_ptr<const AttentionTrace> original;
        std::weak_ptr<const AttentionTrace> shown;
    };
    std::mutex mutex;
    std::array<Entry, 4> entries;
    size_t next = 0;

    std::shared_ptr<const AttentionTrace> find(const std::shared_ptr<const AttentionTrace>& trace) {
        const std::lock_guard<std::mutex> lock(mutex);
        for (const Entry& entry : entries)
            if (entry.original.lock() == trace)
                if (auto shown = entry.shown.lock())
                    return shown;
        return nullptr;
    }
    void add(const std::shared_ptr<const AttentionTrace>& trace, const std::shared_ptr<const AttentionTrace>& shown) {
        const std::lock_guard<std::mutex> lock(mutex);
        entries[next] = Entry{trace, shown};
        next = (next + 1) % entries.size();
    }
};

ShownCache& shownCache() {
    static ShownCache cache;
    return cache;
}

}  // namespace

std::shared_ptr<const AttentionTrace> shownTrace(const std::shared_ptr<const AttentionTrace>& trace,
                                                 bool hideSpecial) {
    if (!trace || !hideSpecial)
        return trace;
    const std::vector<int> kept = keptTokens(trace->special());
    const std::vector<int> keys = keptKeys(*trace, true);
    if (int(kept.size()) == trace->length() && int(keys.size()) == trace->keyLength())
        return trace;  // nothing to hide
    if (auto cached = shownCache().find(trace))
        return cached;

    std::vector<int> ids;
    QStringList tokens, display;
    for (int index : kept) {
        ids.push_back(trace->tokenIds()[size_t(index)]);
        tokens << trace->tokens().value(index);
        display << trace->displayTokens().value(index);
    }
    auto shown = std::make_shared<AttentionTrace>(trace->model(), ids, tokens, display);
    if (trace->hasKeyTokens()) {  // cross-attention: the source's special tokens go too
        std::vector<int> keyIds;
        QStringList keyTokens, keyDisplay;
        for (int index : keys) {
            keyIds.push_back(trace->keyTokenIds()[size_t(index)]);
            keyTokens << trace->keyTokens().value(index);
            keyDisplay << trace->keyDisplayTokens().value(index);
        }
        shown->setKeyTokens(keyIds, keyTokens, keyDisplay);
    }
    std::vector<std::vector<int>> positions;  // the mask rule follows the kept tokens' positions
    for (int index : kept)
        positions.push_back({index});
    shown->setModelPositions(*trace, positions);
    shown->setAblations(trace->ablations());
    // Lazy: a head is restricted when asked for, from the original's (held by the source).
    shown->deriveHeads([trace, kept, keys](int layer, int head) {
        return withoutTokens(MatrixF(trace->headUncached(layer, head)), kept, keys, true);  // (K, K')
    });
    shownCache().add(trace, shown);
    return shown;
}

MatrixF shownHead(const AttentionTrace& trace, int layer, int head, bool hideSpecial) {
    const auto shown = sharedShownHead(trace, layer, head, hideSpecial);
    return shown ? *shown : MatrixF();
}

std::shared_ptr<const MatrixF> sharedShownHead(const AttentionTrace& trace, int layer, int head, bool hideSpecial) {
    if (hasNoAttention(&trace) || layer < 0 || layer >= trace.layers() || head < 0 || head >= trace.heads())
        return nullptr;
    const HeadWeights weights = trace.head(layer, head);
    if (!hideSpecial)
        return weights.matrix();
    const std::vector<int> kept = keptTokens(trace.special());
    const std::vector<int> keys = keptKeys(trace, true);
    if (int(kept.size()) == trace.length() && int(keys.size()) == trace.keyLength())
        return weights.matrix();
    return std::make_shared<const MatrixF>(withoutTokens(*weights.matrix(), kept, keys, true));  // (K, K'), as shownTrace
}

CellMask shownMask(const AttentionTrace& trace, int layer, bool hideSpecial) {
    if (hasNoAttention(&trace) || layer < 0 || layer >= trace.layers())
        return CellMask();
    if (!hideSpecial)
        return trace.cellMask(layer);
    const std::vector<int> kept = keptTokens(trace.special());
    if (kept.empty())
        return CellMask();
    return trace.cellMask(layer, int(kept.size()) == trace.length() ? std::vector<int>() : kept);
}

std::vector<int> keptKeys(const AttentionTrace& trace, bool hideSpecial) {
    if (hideSpecial)
        return keptTokens(trace.keySpecial());
    std::vector<int> all(size_t(trace.keyLength()));
    for (int i = 0; i < trace.keyLength(); ++i)
        all[size_t(i)] = i;
    return all;
}

QStringList shownKeyLabels(const AttentionTrace& trace, bool hideSpecial) {
    if (!hideSpecial)
        return trace.keyDisplayTokens();
    QStringList labels;
    for (int index : keptTokens(trace.keySpecial()))
        labels << trace.keyDisplayTokens().value(index);
    return labels;
}

QStringList shownLabels(const AttentionTrace& trace, bool hideSpecial) {
    if (!hideSpecial)
        return trace.displayTokens();
    QStringList labels;
    for (int index : keptTokens(trace.special()))
        labels << trace.displayTokens().value(index);
    return labels;
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
