#pragma once
// What the user is looking at, apart from the data: the head, the token, how heatmaps are drawn
// and what the comparison compares. The document owns one ViewState; views read it and change it
// only through the document, so every view, the session file and the controls agree.

#include <optional>

#include <QFlags>

#include "HeatmapView.h"
#include "analysis/HeadStatistics.h"

namespace headmap::ui {

enum class CompareMode { TwoHeads, TwoSentences };

struct ViewState {
    int layer = 0;
    int head = 0;
    int selectedToken = -1;  // index into the whole sentence; -1: none
    HeatmapStyle style;
    bool hideSpecialTokens = false;
    CompareMode compareMode = CompareMode::TwoHeads;
    int layerB = 0;  // head B of the comparison
    int headB = 1;
    std::optional<HeadMetric> metric;  // what the head grid is framed by; nullopt: nothing
    // Sub-word pieces merged into words (analysis/WordAggregation) in every view and export.
    bool mergeWords = false;
};

// What changed in the document since a view last saw it.
enum class DocumentChange {
    Model = 0x1,        // another model (everything else changes with it)
    Trace = 0x2,        // the sentence's attention
    SecondTrace = 0x4,  // the comparison sentence's attention
    Selection = 0x8,    // layer, head, head B or selected token
    Style = 0x10,       // colours, scale, hidden special tokens, compare mode, metric
    Steps = 0x20,       // the step-by-step matrices
    Derived = 0x40,     // statistics, rollout or grid images arrived
    Busy = 0x80,        // work started or ended
    Error = 0x100,      // a new error, or the last one cleared
};
Q_DECLARE_FLAGS(DocumentChanges, DocumentChange)
Q_DECLARE_OPERATORS_FOR_FLAGS(DocumentChanges)

constexpr DocumentChanges kEverything = DocumentChanges(0x1ff);

}  // namespace headmap::ui
