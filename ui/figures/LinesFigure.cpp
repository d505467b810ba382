#include "figures/LinesFigure.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "figures/FigureLayout.h"
#include "figures/FigureStyle.h"
#include "figures/HeatmapFigure.h"

namespace headmap::ui {
namespace {

constexpr double kLabelGap = 5;    // between a label column and its lines' ends
constexpr double kMaxNote = 480;   // the note wraps past this width
constexpr double kSwatch = 16;     // the legend's coloured line

// Greedy word wrap at `width` points.
QStringList wrapped(const QFont& font, const QString& text, double width) {
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && textWidth(font, candidate) > width) {
            lines << line;
            line = word;
        } else {
            line = candidate;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines;
}

// The legend of `heads` flowing over `width` points: its height.
double legendRowsHeight(const std::vector<int>& heads, double width) {
    const QFont tickFont = figureFont(FigureFont::Tick);
    double x = 0, rows = heads.empty() ? 0 : 1;
    for (int head : heads) {
        const double w = kSwatch + 3 + textWidth(tickFont, QObject::tr("head %1").arg(head)) + 10;
        if (x > 0 && x + w > width) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return rows * (figureLineHeight(FigureFont::Tick) + 3);
}

}  // namespace

LinesFigure::LinesFigure(const LinesFigureData& data) : m_data(data) {
    place();
}

QPointF LinesFigure::queryAnchor(int token) const {
    return drawsAlignment() ? m_alignment.targetAnchor(token) : QPointF(m_linesLeft, rowCentre(token));
}

QPointF LinesFigure::keyAnchor(int token) const {
    return drawsAlignment() ? m_alignment.sourceAnchor(token) : QPointF(m_linesRight, rowCentre(token));
}

void LinesFigure::place() {
    m_lines = selectLines(m_data.input, m_data.limits, &m_capped);
    if (drawsAlignment()) {
        placeAlignment();
        return;
    }
    const QStringList& labels = m_data.input.labels;
    const QStringList& keys = m_data.input.keys();  // the source's for cross-attention
    const int n = int(std::max(labels.size(), keys.size()));  // rows: the longer column's
    const QFont titleFont = figureFont(FigureFont::Title), subtitleFont = figureFont(FigureFont::Subtitle);
    const QFont axisFont = figureFont(FigureFont::AxisTitle), tickFont = figureFont(FigureFont::Tick);
    const double titleH = figureLineHeight(FigureFont::Title), subtitleH = figureLineHeight(FigureFont::Subtitle);
    const double axisH = figureLineHeight(FigureFont::AxisTitle), tickH = figureLineHeight(FigureFont::Tick);
    const bool fitted = m_data.page.isValid() && !m_data.page.isEmpty();
    const double titleBand = titleH + (m_data.subtitle.isEmpty() ? 0.0 : subtitleH + 2) + 10;
    const double headerH = axisH + 6;
    const bool source = m_data.input.sourceKeys();
    const QString queryTitle = source ? HeatmapFigure::targetAxisTitle() : HeatmapFigure::queryAxisTitle();
    const QString keyTitle = source ? HeatmapFigure::sourceAxisTitle() : HeatmapFigure::keyAxisTitle();
    const double queryTitleW = textWidth(axisFont, queryTitle), keyTitleW = textWidth(axisFont, keyTitle);

    QStringList keyTexts;  // the right column's, made with the left's
    auto labelTexts = [&](bool withPosition, double* widest) {
        QStringList texts;
        keyTexts.clear();
        *widest = 0;
        for (const auto& [from, to] : {std::pair<const QStringList*, QStringList*>{&labels, &texts}, {&keys, &keyTexts}})
            for (int i = 0; i < from->size(); ++i) {
                *to << elidedText(tickFont, FigureLayout::tickLabel(*from, i, withPosition), kMaxLabelWidth);
                *widest = std::max(*widest, textWidth(tickFont, to->back()));
            }
        return texts;
    };
    const QString note = LinesText::note(m_data.limits, m_capped, linesPerQuery(m_data.input, m_data.limits),
                                         m_data.input.filter, !m_data.input.segments.empty(),
                                         m_data.input.relativeValueNorm);
    std::vector<int> heads;
    for (const LinesHead& head : m_data.input.heads)
        heads.push_back(head.head);

    auto legendHeight = [&](double width) { return legendRowsHeight(heads, width); };

    // Rows, thinned labels (which then carry their position and grow), the columns' widths.
    double widest = 0;
    QStringList texts = labelTexts(false, &widest);
    double span = kSpan, contentW = 0, pageW = 0, noteWrap = kMaxNote;
    auto measureWidths = [&] {
        const double leftBlock = std::max(widest, queryTitleW), rightBlock = std::max(widest, keyTitleW);
        if (fitted)
            span = std::max(40.0, m_data.page.width() - 2 * kMargin - leftBlock - rightBlock - 2 * kLabelGap);
        contentW = leftBlock + 2 * kLabelGap + span + rightBlock;
        pageW = fitted ? m_data.page.width()
                       : std::max({contentW, textWidth(titleFont, m_data.title), textWidth(subtitleFont, m_data.subtitle),
                                   std::min(textWidth(tickFont, note), kMaxNote)}) + 2 * kMargin;
        noteWrap = std::max(60.0, pageW - 2 * kMargin);
    };
    for (int pass = 0; pass < 2; ++pass) {
        measureWidths();
        const double below = 10 + legendHeight(pageW - 2 * kMargin) + 4 +
                             wrapped(tickFont, note, noteWrap).size() * tickH;
        if (fitted)
            m_row = std::max(0.2, (m_data.page.height() - 2 * kMargin - titleBand - headerH - below) / std::max(1, n));
        else
            m_row = std::min(kMaxRow, kMaxColumn / std::max(1, n));
        m_labelled = FigureLayout::tickIndices(n, m_row, tickH * 1.05, &m_step);
        if (m_step == 1 || pass == 1)
            break;
        texts = labelTexts(true, &widest);
    }
    measureWidths();
    m_lineWidth = std::clamp(m_row * 0.1, 0.3, 1.4);

    const double left = (pageW - contentW) / 2;  // the content centred on the page
    const double labelRight = left + std::max(widest, queryTitleW);
    m_linesLeft = labelRight + kLabelGap;
    m_linesRight = m_linesLeft + span;
    const double keyLeft = m_linesRight + kLabelGap;
    m_rowsTop = kMargin + titleBand + headerH;
    const double rowsBottom = m_rowsTop + n * m_row;

    m_items.clear();
    const QString titleText = elidedText(titleFont, m_data.title, pageW - 2 * kMargin);
    const double titleW = textWidth(titleFont, titleText);
    m_items << FigureItem{QStringLiteral("title"), QRectF((pageW - titleW) / 2, kMargin, titleW, titleH), titleText};
    if (!m_data.subtitle.isEmpty()) {
        const QString text = elidedText(subtitleFont, m_data.subtitle, pageW - 2 * kMargin);
        const double w = textWidth(subtitleFont, text);
        m_items << FigureItem{QStringLiteral("subtitle"), QRectF((pageW - w) / 2, kMargin + titleH + 2, w, subtitleH), text};
    }
    const double headerTop = m_rowsTop - headerH;
    m_items << FigureItem{QStringLiteral("columnTitle"), QRectF(labelRight - queryTitleW, headerTop, queryTitleW, axisH), queryTitle};
    m_items << FigureItem{QStringLiteral("columnTitle"), QRectF(keyLeft, headerTop, keyTitleW, axisH), keyTitle};
    m_items << FigureItem{QStringLiteral("lines"), QRectF(m_linesLeft, m_rowsTop, span, n * m_row), QString()};
    for (int i : m_labelled) {  // both items for every row (paint pairs them), empty past a column's end
        const double w = textWidth(tickFont, texts.value(i)), keyW = textWidth(tickFont, keyTexts.value(i));
        const double y = rowCentre(i) - tickH / 2;
        m_items << FigureItem{QStringLiteral("queryLabel"), QRectF(labelRight - w, y, w, tickH), texts.value(i)};
        m_items << FigureItem{QStringLiteral("keyLabel"), QRectF(keyLeft, y, keyW, tickH), keyTexts.value(i)};
    }

    placeLegendAndNote(rowsBottom + 10, pageW);
}

void LinesFigure::placeLegendAndNote(double top, double pageW) {
    const QFont tickFont = figureFont(FigureFont::Tick);
    const double tickH = figureLineHeight(FigureFont::Tick);
    const QString note = LinesText::note(m_data.limits, m_capped, linesPerQuery(m_data.input, m_data.limits),
                                         m_data.input.filter, !m_data.input.segments.empty(),
                                         m_data.input.relativeValueNorm);
    std::vector<int> heads;
    for (const LinesHead& head : m_data.input.heads)
        heads.push_back(head.head);
    const double noteWrap = std::max(60.0, pageW - 2 * kMargin);
    // Legend: one coloured line and "head h" per head, flowing; then the note.
    m_swatches.clear();
    double x = kMargin, y = top;
    for (int head : heads) {
        const QString text = QObject::tr("head %1").arg(head);
        const double w = kSwatch + 3 + textWidth(tickFont, text);
        if (x > kMargin && x + w > pageW - kMargin) {
            x = kMargin;
            y += tickH + 3;
        }
        m_swatches << Swatch{QRectF(x, y + tickH / 2 - 1.25, kSwatch, 2.5), headColour(head)};
        m_items << FigureItem{QStringLiteral("legend"), QRectF(x + kSwatch + 3, y, w - kSwatch - 3, tickH), text};
        x += w + 10;
    }
    if (!heads.empty())
        y += tickH + 3;
    y += 4;
    for (const QString& line : wrapped(tickFont, note, noteWrap)) {
        m_items << FigureItem{QStringLiteral("note"), QRectF(kMargin, y, textWidth(tickFont, line), tickH), line};
        y += tickH;
    }
    const bool fitted = m_data.page.isValid() && !m_data.page.isEmpty();
    m_page = fitted ? m_data.page : QSize(int(std::ceil(pageW)), int(std::ceil(y + kMargin)));
}

void LinesFigure::placeAlignment() {
    const QStringList& target = m_data.input.labels;
    const QStringList& source = m_data.input.keys();
    const QFont titleFont = figureFont(FigureFont::Title), subtitleFont = figureFont(FigureFont::Subtitle);
    const QFont axisFont = figureFont(FigureFont::AxisTitle), tickFont = figureFont(FigureFont::Tick);
    const double titleH = figureLineHeight(FigureFont::Title), subtitleH = figureLineHeight(FigureFont::Subtitle);
    const double axisH = figureLineHeight(FigureFont::AxisTitle), tickH = figureLineHeight(FigureFont::Tick);
    const bool fitted = m_data.page.isValid() && !m_data.page.isEmpty();
    const double titleBand = titleH + (m_data.subtitle.isEmpty() ? 0.0 : subtitleH + 2) + 10;
    AlignmentMetrics metrics;
    metrics.textWidth = [&tickFont](const QString& text) { return textWidth(tickFont, text); };
    metrics.elide = [&tickFont](const QString& text) { return elidedText(tickFont, text, kMaxLabelWidth); };
    metrics.lineHeight = tickH;
    metrics.gap = 6;

    // The rows as wide as the longer sentence's words, up to kMaxAlignmentWidth (then thinned).
    double natural = 0;
    for (const QStringList* row : {&source, &target}) {
        double w = 0;
        for (const QString& label : *row)
            w += metrics.textWidth(metrics.elide(label)) + metrics.gap;
        natural = std::max(natural, w);
    }
    std::vector<int> heads;
    for (const LinesHead& head : m_data.input.heads)
        heads.push_back(head.head);
    const double rowsW = fitted ? std::max(60.0, m_data.page.width() - 2 * kMargin)
                                : std::clamp(natural, 240.0, kMaxAlignmentWidth);
    const double pageW = fitted ? m_data.page.width()
                                : std::max({rowsW, textWidth(titleFont, m_data.title), textWidth(subtitleFont, m_data.subtitle)}) +
                                      2 * kMargin;
    const double rowsTop = kMargin + titleBand + axisH + 4;
    double span = kAlignmentSpan;
    if (fitted) {
        const QString note = LinesText::note(m_data.limits, m_capped, linesPerQuery(m_data.input, m_data.limits),
                                             m_data.input.filter, false, m_data.input.relativeValueNorm);
        const double below = 4 + axisH + 10 + legendRowsHeight(heads, pageW - 2 * kMargin) + 4 +
                             wrapped(tickFont, note, std::max(60.0, pageW - 2 * kMargin)).size() * tickH;
        span = std::max(30.0, m_data.page.height() - kMargin - rowsTop - 2 * tickH -
                                  2 * AlignmentGeometry::kAnchorGap - below);
    }
    m_alignment.place(source, target, metrics, (pageW - rowsW) / 2, rowsW, rowsTop, span);
    m_row = m_alignment.narrowestSlot();
    m_step = std::max(m_alignment.source().step, m_alignment.target().step);
    m_labelled = m_alignment.target().labelled;
    m_lineWidth = std::clamp(m_row * 0.06, 0.3, 1.4);

    m_items.clear();
    const QString titleText = elidedText(titleFont, m_data.title, pageW - 2 * kMargin);
    const double titleW = textWidth(titleFont, titleText);
    m_items << FigureItem{QStringLiteral("title"), QRectF((pageW - titleW) / 2, kMargin, titleW, titleH), titleText};
    if (!m_data.subtitle.isEmpty()) {
        const QString text = elidedText(subtitleFont, m_data.subtitle, pageW - 2 * kMargin);
        const double w = textWidth(subtitleFont, text);
        m_items << FigureItem{QStringLiteral("subtitle"), QRectF((pageW - w) / 2, kMargin + titleH + 2, w, subtitleH), text};
    }
    const QString sourceTitle = HeatmapFigure::sourceAxisTitle(), targetTitle = HeatmapFigure::targetAxisTitle();
    m_items << FigureItem{QStringLiteral("columnTitle"),
                          QRectF(kMargin, rowsTop - axisH - 4, textWidth(axisFont, sourceTitle), axisH), sourceTitle};
    m_items << FigureItem{QStringLiteral("lines"),
                          QRectF(kMargin, m_alignment.linesTop(), pageW - 2 * kMargin,
                                 m_alignment.linesBottom() - m_alignment.linesTop()),
                          QString()};
    for (const bool isSource : {true, false}) {
        const AlignmentGeometry::Row& row = isSource ? m_alignment.source() : m_alignment.target();
        for (int token : row.labelled) {
            const QString& text = row.texts.value(token);
            m_items << FigureItem{isSource ? QStringLiteral("keyLabel") : QStringLiteral("queryLabel"),
                                  m_alignment.labelRect(isSource, token, textWidth(tickFont, text)), text};
        }
    }
    const double targetTitleTop = m_alignment.bottom() + 4;
    m_items << FigureItem{QStringLiteral("columnTitle"),
                          QRectF(kMargin, targetTitleTop, textWidth(axisFont, targetTitle), axisH), targetTitle};
    placeLegendAndNote(targetTitleTop + axisH + 10, pageW);
}

void LinesFigure::paintAlignmentLabels(QPainter& painter) const {
    const LinesFocus& focus = m_data.input.focus;
    const QColor ink = figureInk();
    for (LineSide side : {LineSide::Key, LineSide::Query}) {
        const AlignmentGeometry::Row& row = side == LineSide::Query ? m_alignment.target() : m_alignment.source();
        QList<int> drawn = row.labelled;
        if (focus.side == side && focus.token >= 0 && !drawn.contains(focus.token))
            drawn << focus.token;
        for (int token : drawn) {
            const bool focused = focus.side == side && focus.token == token;
            QFont font = figureFont(FigureFont::Tick);
            font.setBold(focused);
            painter.setFont(font);
            painter.setPen(focused ? figureHighlight() : ink);
            const QString& text = row.texts.value(token);
            painter.drawText(m_alignment.labelRect(side == LineSide::Key, token, textWidth(font, text)),
                             Qt::AlignCenter | Qt::TextDontClip, text);
        }
    }
}

void LinesFigure::paint(QPainter& painter) const {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(m_page)), Qt::white);
    const QColor ink = figureInk();

    const std::vector<int>& segments = m_data.input.segments;
    const auto start = std::find(segments.begin(), segments.end(), 1);
    if (start != segments.end()) {  // the rule between sentence A and sentence B
        const double y = m_rowsTop + (start - segments.begin()) * m_row;
        painter.setPen(QPen(figureFaint(), 0.6, Qt::DashLine));
        painter.drawLine(QPointF(kMargin, y), QPointF(m_page.width() - kMargin, y));
    }
    std::vector<int> heads;
    for (const LinesHead& head : m_data.input.heads)
        heads.push_back(head.head);
    auto spread = [&](QPointF point, int head) {  // heads side by side: across a column's row, along an alignment's
        const double offset = headOffset(heads, head, m_row);
        return point + (drawsAlignment() ? QPointF(offset, 0) : QPointF(0, offset));
    };
    paintAttentionLines(
        painter, m_lines, [&](int q, int h) { return spread(queryAnchor(q), h); },
        [&](int k, int h) { return spread(keyAnchor(k), h); }, m_lineWidth);

    if (drawsAlignment())
        paintAlignmentLabels(painter);
    const LinesFocus& focus = m_data.input.focus;
    int labelIndex = 0;
    for (const FigureItem& item : m_items) {
        if (item.role == QLatin1String("title")) {
            painter.setFont(figureFont(FigureFont::Title));
            painter.setPen(ink);
        } else if (item.role == QLatin1String("subtitle")) {
            painter.setFont(figureFont(FigureFont::Subtitle));
            painter.setPen(ink.lighter(170));
        } else if (item.role == QLatin1String("columnTitle")) {
            painter.setFont(figureFont(FigureFont::AxisTitle));
            painter.setPen(ink);
        } else if (drawsAlignment() && (item.role == QLatin1String("queryLabel") || item.role == QLatin1String("keyLabel"))) {
            continue;  // paintAlignmentLabels drew them
        } else if (item.role == QLatin1String("queryLabel") || item.role == QLatin1String("keyLabel")) {
            const bool query = item.role == QLatin1String("queryLabel");
            const int token = m_labelled.value(labelIndex / 2, -1);
            ++labelIndex;
            const bool focused = focus.token == token && focus.side == (query ? LineSide::Query : LineSide::Key);
            QFont font = figureFont(FigureFont::Tick);
            font.setBold(focused);
            painter.setFont(font);
            painter.setPen(focused ? figureHighlight() : ink);
            painter.drawText(item.rect, (query ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter | Qt::TextDontClip,
                             item.text);
            continue;
        } else if (item.role == QLatin1String("legend") || item.role == QLatin1String("note")) {
            painter.setFont(figureFont(FigureFont::Tick));
            painter.setPen(ink);
            painter.drawText(item.rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, item.text);
            continue;
        } else {
            continue;
        }
        painter.drawText(item.rect, Qt::AlignCenter | Qt::TextDontClip, item.text);
    }
    for (const Swatch& swatch : m_swatches)
        painter.fillRect(swatch.line, swatch.colour);
    painter.restore();
}

}  // namespace headmap::ui
