#pragma once
// Session files (.headmap): what a teacher is looking at (the model, the sentences, the head,
// the view and how it is drawn), saved as indented JSON so that a lesson can be reopened
// exactly, mailed to a colleague or read by eye:
//
//   {
//     "format": "headmap-session",
//     "version": 1,
//     "model": {"source": "builtin:teaching",
//               "teaching": {"d_model": 64, "heads": 4, "layers": 2, "max_positions": 2048,
//                            "seed": "0", "causal": false, "positional": true}},
//     "text": "Hej verden", "pair_text": "", "comparison_text": "",
//     "compare": {"mode": "heads", "layer_b": 0, "head_b": 1},
//     "view": "heatmap", "layer": 0, "head": 0, "selected_token": -1, "step": 0,
//     "heatmap": {"colormap": "viridis", "scale": "fixed", "show_values": false,
//                 "hide_special_tokens": false, "merge_words": false, "measure": "weights"},
//     "ablations": "",
//     "presentation": false
//   }
//
// "measure" is "weights" or "value-norm" (weight × value norm); "ablations" lists the heads
// switched off as headmap-cli's --ablate does: "3.1,0.2:mean" (layer.head, ":mean" for mean
// ablation), "" for none.
//
// "seed" is a string because it is 64-bit and JSON numbers are doubles. Only "format",
// "version", "model.source" and "text" are required; every other field falls back to the
// default below. Unknown fields are ignored (a newer Headmap may add some within a version); a
// higher "version" is refused. Layer and head are not checked against the model here: the
// window clamps them once the model is loaded.

#include <QString>
#include <QStringList>

#include <vector>

#include "HeatmapView.h"
#include "analysis/AttentionMeasure.h"
#include "core/HeadAblation.h"
#include "teaching/TeachingModel.h"

namespace headmap::ui {

struct Session {
    static constexpr int kFormatVersion = 1;
    static constexpr qint64 kMaxFileBytes = 1024 * 1024;  // larger files are refused unread

    QString modelSource;      // "builtin:teaching", "builtin:patterns", a folder or a Hub id
    TeachingOptions teaching;  // for builtin:teaching
    QString text;
    QString pairText;
    QString comparisonText;
    QString compareMode = QStringLiteral("heads");  // one of compareModeNames()
    int layerB = 0;  // head B of a two-head comparison
    int headB = 1;
    int layer = 0;
    int head = 0;
    int selectedToken = -1;  // -1: none
    QString view = QStringLiteral("heatmap");  // one of viewNames()
    int step = 0;  // position in the step-by-step walk-through
    HeatmapStyle heatmap;
    bool hideSpecialTokens = false;
    bool mergeWords = false;  // sub-word pieces merged into words
    AttentionMeasure measure = AttentionMeasure::Weights;
    std::vector<HeadAblation> ablations;  // heads switched off
    bool presentation = false;
    // Encoder–decoder models: the stack the views show ("encoder", "decoder", "cross"; empty for
    // other models) and the target the user typed (empty: the model generates it).
    QString stack;
    QString targetText;
    // Multilingual translation models: the language codes chosen (M2M100's "__da__", NLLB's
    // "dan_Latn"); empty: the folder's defaults.
    QString sourceLanguage;
    QString targetLanguage;

    // heatmap, grid, compare, statistics, rollout, steps
    static QStringList viewNames();
    // encoder, decoder, cross
    static QStringList stackNames();
    // heads, sentences
    static QStringList compareModeNames();
};

// Field by field (all of TeachingOptions and HeatmapStyle, measure and ablations included).
bool operator==(const Session& a, const Session& b);
inline bool operator!=(const Session& a, const Session& b) { return !(a == b); }

// The names "scale" takes in a session file: fixed, row, global, log.
QString scaleModeKey(ScaleMode mode);

// Writes atomically (io/AtomicFile): a failed save, a full disk included, leaves any earlier
// file untouched and no partial file behind. Returns an empty string on success, else one line
// naming the file and why ("No space left on device").
QString saveSession(const Session& session, const QString& path);

// Throws headmap::InputError with one line naming the file and what is wrong with it (missing,
// too large, not JSON and where, not a session, a newer version, a missing or mistyped field,
// a number out of range, an unknown name with the valid ones, invalid teaching options).
Session loadSession(const QString& path);

}  // namespace headmap::ui
