#pragma once
// The layers × heads map of the Head roles view: one cell per head coloured by the chosen
// measure, layers down and heads across, with the colour bar at the right. Hovering a cell shows
// every score of its head; a click asks to open the head where it shows the measure most.
// Cells shrink to fit (a 24 × 14 model at 800 px) down to 6 px, then the map scrolls.

#include <memory>

#include <QWidget>

#include "roles/HeadRolesMeasure.h"

namespace headmap::ui {

class HeadRolesMap : public QWidget {
    Q_OBJECT
public:
    explicit HeadRolesMap(QWidget* parent = nullptr);

    // Null: nothing yet (the placeholder text shows).
    void setResult(std::shared_ptr<const HeadRoleResult> result);
    void setMeasure(int measure);
    void setColormap(Colormap colormap);
    void setPlaceholder(const QString& text);
    int measure() const { return m_measure; }

    // Where a head's cell is drawn now; empty without a result. For tests and the tooltip.
    QRect cellRect(int layer, int head) const;
    // The head under a point, or (-1, -1).
    std::pair<int, int> headAt(const QPoint& point) const;
    // What hovering the head shows: every score (and the divergence) of it.
    QString toolTipFor(int layer, int head) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void headClicked(int layer, int head);

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    QRect gridRect() const;  // the cells' area
    QSize cellSize() const;  // cells fill the map, between kMapMinCell and kMapMaxCell

    std::shared_ptr<const HeadRoleResult> m_result;
    int m_measure = 0;
    Colormap m_colormap = Colormap::Viridis;
    QString m_placeholder;
};

}  // namespace headmap::ui
