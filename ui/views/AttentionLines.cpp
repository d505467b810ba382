#include "views/AttentionLines.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QPainter>
#include <QVector>

namespace headmap::ui {
namespace {

constexpr int kOpacityLevels = 32;  // lines are batched by opacity, quantised to this many steps
constexpr size_t kSmoothLines = 1500;  // more lines are drawn without antialiasing

}  // namespace

QString pairFilterName(PairFilter filter) {
    switch (filter) {
    case PairFilter::All: return LinesText::tr("All");
    case PairFilter::AToB: return LinesText::tr("A → B");
    case PairFilter::BToA: return LinesText::tr("B → A");
    }
    return QString();
}

bool pairAllows(PairFilter filter, const std::vector<int>& segments, int query, int key) {
    if (filter == PairFilter::All || segments.empty())
        return true;
    const int from = segments[size_t(query)], to = segments[size_t(key)];
    return filter == PairFilter::AToB ? from == 0 && to == 1 : from == 1 && to == 0;
}

int linesPerQuery(const LinesInput& input, const LinesLimits& limits) {
    const qint64 pairs = qint64(input.labels.size()) * qint64(std::max<size_t>(1, input.heads.size()));
    if (limits.maxLines <= 0 || pairs == 0)
        return limits.maxPerQuery;
    const int budget = int(std::max<qint64>(1, limits.maxLines / pairs));
    return limits.maxPerQuery > 0 ? std::min(limits.maxPerQuery, budget) : budget;
}

std::vector<AttentionLine> selectLines(const LinesInput& input, const LinesLimits& limits, bool* capped) {
    const int perQuery = linesPerQuery(input, limits);
    std::vector<AttentionLine> lines;
    bool anyCapped = false;
    const bool segmented = !input.segments.empty();
    for (const LinesHead& head : input.heads) {
        const MatrixF& w = head.weights;  // (T, S)
        const int tokens = int(w.rows()), keys = int(w.cols());
        if (segmented && (int(input.segments.size()) != tokens || keys != tokens))
            continue;  // segments of another sentence: nothing sensible to draw
        auto keep = [&](int q, int k) {
            return w(q, k) >= limits.minWeight && pairAllows(input.filter, input.segments, q, k);
        };
        const LinesFocus& focus = input.focus;
        if (focus.side == LineSide::Query && focus.token >= 0 && focus.token < tokens) {
            for (int k = 0; k < keys; ++k)
                if (keep(focus.token, k))
                    lines.push_back({head.head, focus.token, k, w(focus.token, k)});
            continue;
        }
        if (focus.side == LineSide::Key && focus.token >= 0 && focus.token < keys) {
            for (int q = 0; q < tokens; ++q)
                if (keep(q, focus.token))
                    lines.push_back({head.head, q, focus.token, w(q, focus.token)});
            continue;
        }
        std::vector<AttentionLine> row;
        for (int q = 0; q < tokens; ++q) {
            row.clear();
            for (int k = 0; k < keys; ++k)
                if (keep(q, k))
                    row.push_back({head.head, q, k, w(q, k)});
            if (perQuery > 0 && int(row.size()) > perQuery) {
                std::nth_element(row.begin(), row.begin() + perQuery, row.end(),
                                 [](const AttentionLine& a, const AttentionLine& b) { return a.weight > b.weight; });
                row.resize(size_t(perQuery));
                anyCapped = true;
            }
            lines.insert(lines.end(), row.begin(), row.end());
        }
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const AttentionLine& a, const AttentionLine& b) { return a.weight < b.weight; });
    if (capped)
        *capped = anyCapped;
    return lines;
}

QColor headColour(int head) {
    // matplotlib's tab10: distinct, and the colours readers know from plots.
    static const QColor tab10[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                   QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                   QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                   QColor(0x17, 0xbe, 0xcf)};
    if (head >= 0 && head < 10)
        return tab10[head];
    // Beyond ten: hues a golden angle apart never repeat and stay far from their neighbours.
    const double hue = std::fmod(0.07 + std::max(0, head - 10) * 0.618033988749895, 1.0);
    return QColor::fromHsvF(float(hue), 0.75f, head % 2 ? 0.65f : 0.85f);
}

int secondSentenceStart(const AttentionTrace& trace) {
    const std::vector<bool>& special = trace.special();
    const int n = std::min(trace.length(), int(special.size()));
    bool seenText = false;
    for (int i = 0; i < n; ++i) {
        if (!special[size_t(i)]) {
            seenText = true;
            continue;
        }
        if (!seenText)
            continue;
        int start = i;
        while (start < n && special[size_t(start)])
            ++start;
        for (int j = start; j < n; ++j)
            if (!special[size_t(j)])
                return start;  // text follows the separator: a second sentence
        return -1;
    }
    return -1;
}

std::vector<int> shownSegments(const AttentionTrace& trace, bool hideSpecial, int start) {
    if (start < 0)
        return {};
    std::vector<int> segments;
    const std::vector<bool>& special = trace.special();
    for (int i = 0; i < trace.length(); ++i) {
        if (hideSpecial && i < int(special.size()) && special[size_t(i)])
            continue;
        segments.push_back(i >= start ? 1 : 0);
    }
    return segments;
}

void paintAttentionLines(QPainter& painter, const std::vector<AttentionLine>& lines,
                         const std::function<QPointF(int, int)>& left, const std::function<QPointF(int, int)>& right,
                         double width, const QRectF& visible, bool fast) {
    // One drawLines call per (opacity, head): the lightest batches first, as selectLines sorts.
    std::map<std::pair<int, int>, QVector<QLineF>> batches;
    for (const AttentionLine& line : lines) {
        const QPointF a = left(line.query, line.head), b = right(line.key, line.head);
        if (!visible.isEmpty() && (std::max(a.y(), b.y()) < visible.top() - width ||
                                   std::min(a.y(), b.y()) > visible.bottom() + width))
            continue;
        const int level = std::clamp(int(std::lround(std::clamp(line.weight, 0.0f, 1.0f) * kOpacityLevels)), 1,
                                     kOpacityLevels);
        batches[{level, line.head}].append(QLineF(a, b));
    }
    painter.save();
    // Smooth lines cost several times more; thousands of thin ones look the same without.
    painter.setRenderHint(QPainter::Antialiasing, !fast || lines.size() <= kSmoothLines);
    for (const auto& [key, batch] : batches) {
        QColor colour = headColour(key.second);
        colour.setAlphaF(float(key.first) / kOpacityLevels);
        painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
        painter.drawLines(batch);
    }
    painter.restore();
}

double headOffset(const std::vector<int>& heads, int head, double row) {
    const auto found = std::find(heads.begin(), heads.end(), head);
    if (heads.size() < 2 || found == heads.end())
        return 0;
    const double n = double(heads.size());
    const double spacing = std::min(3.0, row * 0.5 / n);
    return (double(found - heads.begin()) - (n - 1) / 2) * spacing;
}

QString LinesText::note(const LinesLimits& limits, bool capped, int perQuery, PairFilter filter, bool pair,
                        bool relativeValueNorm) {
    QString text = relativeValueNorm
                       ? tr("Line opacity = weight × value norm ‖αv‖, relative to the largest in the layer; "
                            "below %1 of it not drawn").arg(double(limits.minWeight))
                       : tr("Line opacity = attention weight; weights below %1 are not drawn").arg(double(limits.minWeight));
    if (capped)
        text += perQuery == 1 ? tr("; only each query's strongest line per head (hover a token for all of its lines)")
                              : tr("; at most %1 lines per query and head").arg(perQuery);
    if (pair && filter != PairFilter::All)
        text += tr("; only sentence %1").arg(pairFilterName(filter));
    return text + QLatin1Char('.');
}

}  // namespace headmap::ui
