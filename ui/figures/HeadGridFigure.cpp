#include "figures/HeadGridFigure.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "figures/FigureStyle.h"
#include "views/HeadGridImages.h"

namespace headmap::ui {
namespace {

constexpr double kMargin = FigureLayout::kMargin;
constexpr double kHeaderGap = 4;
constexpr double kMaxGrid = 1300;  // the grid's longest side before the cells shrink
constexpr double kMaxSentence = 900;

}  // namespace

HeadGridFigure::HeadGridFigure(const AttentionTrace& trace, const HeatmapStyle& style, const QString& title,
                               const QString& sentence, const QSize& page, const QString& valueLabel)
    : m_layers(trace.isEmpty() ? 0 : trace.layers()), m_heads(trace.isEmpty() ? 0 : trace.heads()), m_title(title) {
    const GridImages images = buildGridImages(trace, style);
    m_images = images.images;
    MatrixF unused;
    m_scale = attentionScale(MatrixF(), style, &unused, valueLabel);  // the gradient and the label
    m_scale.range = images.range;
    m_scale.logarithmic = images.logarithmic;
    if (images.pooling > 1)  // a long input's cells are thumbnails (buildGridImages)
        m_scale.label = QObject::tr("%1, max-pooled %2×%2").arg(m_scale.label).arg(images.pooling);

    const QFont tickFont = figureFont(FigureFont::Tick), axisFont = figureFont(FigureFont::AxisTitle);
    const QFont titleFont = figureFont(FigureFont::Title), subtitleFont = figureFont(FigureFont::Subtitle);
    const double tickH = figureLineHeight(FigureFont::Tick), axisH = figureLineHeight(FigureFont::AxisTitle);
    const int columnCount = columns();
    for (int h = 0; h < m_heads; ++h)
        m_columnTexts << QString::number(h);
    m_columnTexts << QObject::tr("mean") << QObject::tr("max");
    double rowLabelW = 0;
    for (int l = 0; l < m_layers; ++l) {
        m_rowTexts << QString::number(l);
        rowLabelW = std::max(rowLabelW, textWidth(tickFont, m_rowTexts.last()));
    }
    double columnLabelW = 0;
    for (const QString& text : m_columnTexts)
        columnLabelW = std::max(columnLabelW, textWidth(tickFont, text));

    const double titleBand = figureLineHeight(FigureFont::Title) + (sentence.isEmpty() ? 0 : 2 + figureLineHeight(FigureFont::Subtitle)) + 12;
    const double headerBand = axisH + 2 + tickH + kHeaderGap;  // "Head", then the numbers
    const double leftBand = axisH + kHeaderGap + rowLabelW + kHeaderGap;
    const double barBand = 16 + FigureLayout::barBandWidth(m_scale);
    const int t = trace.length();
    const bool fitted = page.isValid() && !page.isEmpty();
    // Cells are spaced by 8 % of their side, and the mean column sits three spacings further.
    const double perColumn = std::max(1, columnCount) + 0.08 * (columnCount + 2);
    const double perRow = std::max(1, m_layers) + 0.08 * std::max(0, m_layers - 1);
    if (fitted) {
        const double w = (page.width() - 2 * kMargin - leftBand - barBand) / perColumn;
        const double h = (page.height() - 2 * kMargin - titleBand - headerBand - tickH / 2) / perRow;
        m_cell = std::max(4.0, std::min(w, h));
    } else {
        // Cells grow with the tokens up to a point, then shrink when the grid would be too wide.
        m_cell = std::clamp(40.0 + 2.0 * t, 56.0, 96.0);
        m_cell = std::max(24.0, std::min({m_cell, kMaxGrid / perColumn, kMaxGrid / perRow}));
        m_cell = std::max(m_cell, columnLabelW + 4);
    }
    m_spacing = m_cell * 0.08;
    m_gap = m_spacing * 3;  // before the mean column: summaries apart from the heads

    const double gridW = columnCount * m_cell + std::max(0, columnCount - 1) * m_spacing + m_gap;
    const double gridH = m_layers * m_cell + std::max(0, m_layers - 1) * m_spacing;
    const double contentW = leftBand + gridW + barBand;
    double width = contentW + 2 * kMargin;
    const double sentenceW = textWidth(subtitleFont, sentence);
    if (fitted) {
        m_page = page;
    } else {
        width = std::max({width, textWidth(titleFont, title) + 2 * kMargin, std::min(sentenceW, kMaxSentence) + 2 * kMargin});
        const double barH = std::max({gridH, textWidth(axisFont, m_scale.label) + 8, 100.0});
        m_page = QSize(int(std::ceil(width)), int(std::ceil(kMargin + titleBand + headerBand + std::max(gridH, barH) + tickH / 2 + kMargin)));
    }
    m_titleText = elidedText(titleFont, title, m_page.width() - 2 * kMargin);
    m_sentenceText = elidedText(subtitleFont, sentence, m_page.width() - 2 * kMargin);
    const double titleW = textWidth(titleFont, m_titleText), sentenceShown = textWidth(subtitleFont, m_sentenceText);
    m_titleRect = QRectF((m_page.width() - titleW) / 2, kMargin, titleW, figureLineHeight(FigureFont::Title));
    if (!m_sentenceText.isEmpty())
        m_sentenceRect = QRectF((m_page.width() - sentenceShown) / 2, m_titleRect.bottom() + 2, sentenceShown,
                                figureLineHeight(FigureFont::Subtitle));

    const double left = std::max(kMargin, (m_page.width() - contentW) / 2);
    m_origin = QPointF(left + leftBand, kMargin + titleBand + headerBand);
    for (int c = 0; c < columnCount; ++c) {
        const QRectF cell = cellRect(0, c);
        const double w = textWidth(tickFont, m_columnTexts[c]);
        m_columnRects << QRectF(cell.center().x() - w / 2, cell.top() - kHeaderGap - tickH, w, tickH);
    }
    for (int l = 0; l < m_layers; ++l) {
        const QRectF cell = cellRect(l, 0);
        const double w = textWidth(tickFont, m_rowTexts[l]);
        m_rowRects << QRectF(cell.left() - kHeaderGap - w, cell.center().y() - tickH / 2, w, tickH);
    }
    const QString headTitle = QObject::tr("Head");
    const double headsW = m_heads * m_cell + std::max(0, m_heads - 1) * m_spacing;
    const double headTitleW = textWidth(axisFont, headTitle);
    m_headTitle = QRectF(m_origin.x() + headsW / 2 - headTitleW / 2, m_origin.y() - headerBand, headTitleW, axisH);
    const QString layerTitle = QObject::tr("Layer");
    const double layerTitleW = textWidth(axisFont, layerTitle);
    m_layerTitle = QRectF(m_origin.x() - leftBand, m_origin.y() + gridH / 2 - layerTitleW / 2, axisH, layerTitleW);

    const double barH = std::max({gridH, textWidth(axisFont, m_scale.label) + 8, 100.0});
    m_bar = FigureLayout::placeBar(m_scale, QRectF(m_origin.x() + gridW + 16, m_origin.y(), 12, barH));
}

QRectF HeadGridFigure::cellRect(int layer, int column) const {
    if (layer < 0 || layer >= m_layers || column < 0 || column >= columns())
        return QRectF();
    const double x = m_origin.x() + column * (m_cell + m_spacing) + (column >= m_heads ? m_gap : 0.0);
    return QRectF(x, m_origin.y() + layer * (m_cell + m_spacing), m_cell, m_cell);
}

void HeadGridFigure::paint(QPainter& painter) const {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), QSizeF(m_page)), Qt::white);
    const QColor ink = figureInk();
    painter.setPen(ink);
    painter.setFont(figureFont(FigureFont::Title));
    painter.drawText(m_titleRect, Qt::AlignCenter | Qt::TextDontClip, m_titleText);
    if (!m_sentenceText.isEmpty()) {
        painter.setPen(ink.lighter(170));
        painter.setFont(figureFont(FigureFont::Subtitle));
        painter.drawText(m_sentenceRect, Qt::AlignCenter | Qt::TextDontClip, m_sentenceText);
    }
    for (int l = 0; l < m_layers; ++l)
        for (int c = 0; c < columns(); ++c) {
            const QRectF cell = cellRect(l, c);
            drawCellImage(painter, cell, m_images[size_t(l * columns() + c)]);
            painter.setPen(QPen(figureFaint(), 0.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell);
        }
    painter.setPen(ink);
    painter.setFont(figureFont(FigureFont::Tick));
    for (int c = 0; c < m_columnRects.size(); ++c)
        painter.drawText(m_columnRects[c], Qt::AlignCenter | Qt::TextDontClip, m_columnTexts[c]);
    for (int l = 0; l < m_rowRects.size(); ++l)
        painter.drawText(m_rowRects[l], Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, m_rowTexts[l]);
    painter.setFont(figureFont(FigureFont::AxisTitle));
    painter.drawText(m_headTitle, Qt::AlignCenter | Qt::TextDontClip, QObject::tr("Head"));
    painter.save();
    painter.translate(m_layerTitle.center());
    painter.rotate(-90);
    painter.drawText(QRectF(-m_layerTitle.height() / 2, -m_layerTitle.width() / 2, m_layerTitle.height(), m_layerTitle.width()),
                     Qt::AlignCenter | Qt::TextDontClip, QObject::tr("Layer"));
    painter.restore();
    FigureLayout::paintBar(painter, m_bar, m_scale);
    painter.restore();
}

QList<FigureItem> HeadGridFigure::items() const {
    QList<FigureItem> items;
    items << FigureItem{QStringLiteral("title"), m_titleRect, m_titleText};
    if (!m_sentenceText.isEmpty())
        items << FigureItem{QStringLiteral("subtitle"), m_sentenceRect, m_sentenceText};
    items << FigureItem{QStringLiteral("columnTitle"), m_headTitle, QObject::tr("Head")};
    items << FigureItem{QStringLiteral("rowTitle"), m_layerTitle, QObject::tr("Layer")};
    for (int c = 0; c < m_columnRects.size(); ++c)
        items << FigureItem{QStringLiteral("columnLabel"), m_columnRects[c], m_columnTexts[c]};
    for (int l = 0; l < m_rowRects.size(); ++l)
        items << FigureItem{QStringLiteral("rowLabel"), m_rowRects[l], m_rowTexts[l]};
    for (int l = 0; l < m_layers; ++l)
        for (int c = 0; c < columns(); ++c)
            items << FigureItem{QStringLiteral("cells"), cellRect(l, c), QString()};
    FigureLayout::appendBarItems(items, m_bar);
    return items;
}

}  // namespace headmap::ui
