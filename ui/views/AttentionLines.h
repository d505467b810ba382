#pragma once
// What the lines view and its figure draw (BertViz's "head view"): the tokens in two columns,
// queries left and keys right, and a line from a query to a key per head, its opacity the
// attention weight. Which lines are drawn is decided here, once, so the screen and the export
// agree: lines below a small weight are left out (they would be invisible anyway), without a
// focused token each query keeps only its strongest lines per head (so 500 tokens stay
// drawable), a focused token keeps only its own lines, and a sentence pair can be filtered to
// the lines from sentence A to B or from B to A.

#include <functional>
#include <vector>

#include <QColor>
#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include "core/AttentionTrace.h"

class QPainter;

namespace headmap::ui {

enum class PairFilter { All, AToB, BToA };
QString pairFilterName(PairFilter filter);  // "All", "A → B", "B → A"

enum class LineSide { None, Query, Key };

struct LinesFocus {
    LineSide side = LineSide::None;
    int token = -1;  // a shown token; only its lines (outgoing from a query, incoming to a key)
    bool operator==(const LinesFocus& other) const { return side == other.side && token == other.token; }
    bool operator!=(const LinesFocus& other) const { return !(*this == other); }
};

struct LinesHead {
    int head = 0;
    MatrixF weights;  // (T, S) over the shown tokens, rows are queries
};

struct LinesInput {
    QStringList labels;          // the shown tokens
    // Cross-attention: the keys' own tokens (the source sentence; the queries are the target's),
    // drawn in the right column; empty: the keys are the queries' tokens.
    QStringList keyLabels;
    const QStringList& keys() const { return keyLabels.isEmpty() ? labels : keyLabels; }
    bool sourceKeys() const { return !keyLabels.isEmpty(); }
    std::vector<int> segments;   // per shown token: 0 sentence A, 1 sentence B; empty: one text
    std::vector<LinesHead> heads;
    PairFilter filter = PairFilter::All;
    LinesFocus focus;
    // The heads hold weight × value norm divided by the layer's largest, not attention weights:
    // opacity is then relative to that largest value (the note says so).
    bool relativeValueNorm = false;
};

struct LinesLimits {
    float minWeight = 0.01f;  // lighter lines are not drawn
    int maxPerQuery = 8;      // per query and head, when no token is focused
    // Without a focused token, at most about this many lines in all: long inputs with many
    // heads keep fewer lines per query (at least one), so that drawing stays quick.
    int maxLines = 6000;
};

struct AttentionLine {
    int head = 0;
    int query = 0;
    int key = 0;
    float weight = 0;
};

// The lines to draw, lightest first (so strong lines end on top). *capped: some query lost
// lines to the per-query cap.
std::vector<AttentionLine> selectLines(const LinesInput& input, const LinesLimits& limits, bool* capped = nullptr);
// The per-query cap without a focused token: maxPerQuery, less when maxLines says so.
int linesPerQuery(const LinesInput& input, const LinesLimits& limits);
// Whether the filter keeps a line from query to key (always, without segments).
bool pairAllows(PairFilter filter, const std::vector<int>& segments, int query, int key);

// A colour per head, distinct for the first ten (matplotlib's tab10), then spread by hue.
QColor headColour(int head);

// The first token of the second sentence of a BERT-style pair, read from the special tokens
// (the trace carries no type ids): after the first run of special tokens that follows text,
// e.g. [CLS] a b [SEP] | c d [SEP] or <s> a b </s></s> | c d </s>. -1 when there is no second
// sentence. The separator belongs to sentence A, as BERT's token_type_ids say.
int secondSentenceStart(const AttentionTrace& trace);
// Per shown token (special tokens hidden or not): 0 or 1; empty when start < 0.
std::vector<int> shownSegments(const AttentionTrace& trace, bool hideSpecial, int start);

// Draws lines between left(query, head) and right(key, head) with pen `width`, each head in its
// colour and opacity = weight, batched by colour and opacity so thousands of lines draw quickly.
// Lines whose vertical span misses `visible` are skipped (an empty rect: none skipped). fast:
// past 1500 lines, without antialiasing (the screen; an export is always smooth).
void paintAttentionLines(QPainter& painter, const std::vector<AttentionLine>& lines,
                         const std::function<QPointF(int, int)>& left, const std::function<QPointF(int, int)>& right,
                         double width, const QRectF& visible = QRectF(), bool fast = false);
// Where head `head` of `heads` ends within a token's row of `row` height: the heads' lines
// side by side (up to 3 units apart) rather than on top of each other, so their colours stay
// apart. 0 for a single head.
double headOffset(const std::vector<int>& heads, int head, double row);

class LinesText {
    Q_DECLARE_TR_FUNCTIONS(LinesText)
public:
    // The legend's note: what opacity means and what is left out (perQuery: the cap in force).
    static QString note(const LinesLimits& limits, bool capped, int perQuery, PairFilter filter, bool pair,
                        bool relativeValueNorm = false);
};

}  // namespace headmap::ui
