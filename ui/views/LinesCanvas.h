#pragma once
// The drawing surface of LinesView inside its scroll area: paints the two token columns and the
// lines, and turns the mouse into hover and pin (LinesView_Paint.cpp). All state is the view's.

#include <QWidget>

class QPainter;

namespace headmap::ui {

class LinesView;

class LinesCanvas : public QWidget {
public:
    explicit LinesCanvas(LinesView* view);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void paintAlignment(QPainter& painter, const QRect& exposed);  // LinesView_Alignment.cpp
    LinesView* m_view;
};

}  // namespace headmap::ui
