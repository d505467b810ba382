#pragma once
// The row above a heatmap: a token search box (Ctrl+F; Enter goes to the next match), whether
// the axis labels carry positions, how pooled tiles sum up their cells (while the matrix has more
// cells than pixels), and, for long inputs on the 0..1 scale, a hint that offers the per-row
// scale. It only collects what the user asks for; HeatmapView acts on it.

#include <QWidget>

#include "analysis/AttentionPyramid.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace headmap::ui {

class HeatmapToolbar : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapToolbar(QWidget* parent = nullptr);

    QLineEdit* searchBox() const { return m_search; }
    QCheckBox* positionsBox() const { return m_positions; }
    QLabel* scaleHint() const { return m_hint; }
    QComboBox* poolingBox() const { return m_pooling; }

    // "2 of 5", "no match" or nothing (empty search).
    void setMatchText(const QString& text);
    // tokens > 0: show the hint for that many tokens; 0: hide it.
    void setScaleHint(int tokens);
    // Shows the pooling choice (Max or Mean) without emitting poolingChanged.
    void setPooling(Pooling pooling);
    void setPoolingAvailable(bool available);

signals:
    void searchChanged(const QString& text);
    void nextMatchRequested();
    void positionsToggled(bool on);
    void poolingChanged(Pooling pooling);
    void perRowScaleRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void styleHint();
    void fitSearchWidth();  // again at every font change (Ctrl++, presentation mode)

    QLineEdit* m_search;
    QLabel* m_matches;
    QCheckBox* m_positions;
    QComboBox* m_pooling;
    QLabel* m_hint;
};

}  // namespace headmap::ui
