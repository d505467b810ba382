#pragma once
// Every head of a trace as one figure: a title naming the model, the sentence under it, a
// layers × heads grid of small heatmaps (then each layer's mean and max over its heads), layer
// and head numbers, and one colour bar shared by every cell. Unlike the Grid tab it carries no
// hint, no current-head frame and no empty space: its size follows the grid.

#include <memory>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"
#include "figures/FigureLayout.h"

namespace headmap::ui {

class HeadGridFigure : public Figure {
public:
    // trace: as shown (special tokens already hidden, if wanted). page: empty fits the content.
    // valueLabel: the colour bar's title when the cells are not attention weights (weight ×
    // value norm); empty: the style's own.
    HeadGridFigure(const AttentionTrace& trace, const HeatmapStyle& style, const QString& title,
                   const QString& sentence, const QSize& page = QSize(), const QString& valueLabel = QString());

    QSize pageSize() const override { return m_page; }
    void paint(QPainter& painter) const override;
    QList<FigureItem> items() const override;
    QString title() const override { return m_title; }

    int layers() const { return m_layers; }
    int columns() const { return m_heads > 0 ? m_heads + 2 : 0; }  // heads, mean, max
    QRectF cellRect(int layer, int column) const;

private:
    int m_layers = 0;
    int m_heads = 0;
    std::vector<QImage> m_images;  // layer-major: heads, mean, max (buildGridImages)
    ColourScale m_scale;
    QSize m_page;
    QString m_title, m_titleText, m_sentenceText;
    QRectF m_titleRect, m_sentenceRect, m_layerTitle, m_headTitle;
    QPointF m_origin;  // top-left of cell (0, 0)
    double m_cell = 0, m_spacing = 0, m_gap = 0;
    QStringList m_columnTexts, m_rowTexts;
    QList<QRectF> m_columnRects, m_rowRects;
    FigureLayout::Bar m_bar;
};

}  // namespace headmap::ui
