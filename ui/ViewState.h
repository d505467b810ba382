#pragma once
// What the user is looking at, apart from the data: the head, the token, how heatmaps are drawn
// and what the comparison compares. The document owns one ViewState; views read it and change it
// only through the document, so every view, the session file and the controls agree.

#include <optional>
#include <vector>

#include <QCoreApplication>
#include <QFlags>

#include "analysis/AttentionMeasure.h"
#include "analysis/HeadStatistics.h"
#include "core/AttentionStack.h"
#include "core/HeadAblation.h"
#include "heatmap/HeatmapStyle.h"

namespace headmap::ui {

enum class CompareMode { TwoHeads, TwoSentences };

struct ViewState {
    // Encoder–decoder models: the stack every view shows (the layer and head are of this stack);
    // ignored for models with one stack of self-attention.
    StackKind stack = StackKind::Cross;
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
    // What the heatmaps show: the weights α_ij, or α_ij·‖v_j·W_O,h‖ (Kobayashi et al. 2020).
    AttentionMeasure measure = AttentionMeasure::Weights;
    // Heads switched off in every forward pass; later layers' attention changes with them.
    std::vector<HeadAblation> ablations;
};

// What the prediction panel asks for.
struct PredictionSettings {
    float temperature = 1.0f;  // 0: argmax
    int topK = 10;
    int targetToken = -1;  // a token id whose probability before/after is followed; -1: none
    QString targetText;    // how the user named it (its label in the top-k, or what was typed)
    // A piece index to predict at; -1: the selected token, else the model's default (the last
    // token, or the first [MASK] of a masked-LM encoder).
    int position = -1;
};

// The colour bar's title for a measure under a scale mode; empty for plain weights (the views'
// own titles apply).
inline QString measureValueLabel(AttentionMeasure measure, ScaleMode scale) {
    if (measure == AttentionMeasure::Weights)
        return QString();
    switch (scale) {
    case ScaleMode::RowMax: return QCoreApplication::translate("ViewState", "Weight × value norm / row maximum");
    case ScaleMode::Log: return QCoreApplication::translate("ViewState", "Weight × value norm ‖αv‖ (log scale)");
    default: return QCoreApplication::translate("ViewState", "Weight × value norm ‖αv‖");
    }
}

// What changed in the document since a view last saw it.
enum class DocumentChange {
    Model = 0x1,        // another model (everything else changes with it)
    Trace = 0x2,        // the sentence's attention
    SecondTrace = 0x4,  // the comparison sentence's attention
    Selection = 0x8,    // stack, layer, head, head B or selected token
    Style = 0x10,       // colours, scale, hidden special tokens, compare mode, metric, measure
    Steps = 0x20,       // the step-by-step matrices
    Derived = 0x40,     // a producer's derived data arrived (derived/DerivedData.h)
    Busy = 0x80,        // work started or ended
    Error = 0x100,      // a new error, or the last one cleared
    Prediction = 0x200,  // the predictions, their settings or the ablations
};
Q_DECLARE_FLAGS(DocumentChanges, DocumentChange)

constexpr DocumentChanges kEverything = DocumentChanges(0x3ff);

}  // namespace headmap::ui

// Outside the namespace, as Qt asks (see AttentionDocument.h).
Q_DECLARE_OPERATORS_FOR_FLAGS(headmap::ui::DocumentChanges)
