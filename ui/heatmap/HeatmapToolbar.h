#pragma once
// The row above a heatmap: a token search box (Ctrl+F; Enter goes to the next match), whether
// the axis labels carry positions, and, for long inputs on the 0..1 scale, a hint that offers
// the per-row scale. It only collects what the user asks for; HeatmapView acts on it.

#include <QWidget>

class QCheckBox;
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

    // "2 of 5", "no match" or nothing (empty search).
    void setMatchText(const QString& text);
    // tokens > 0: show the hint for that many tokens; 0: hide it.
    void setScaleHint(int tokens);

signals:
    void searchChanged(const QString& text);
    void nextMatchRequested();
    void positionsToggled(bool on);
    void perRowScaleRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void styleHint();

    QLineEdit* m_search;
    QLabel* m_matches;
    QCheckBox* m_positions;
    QLabel* m_hint;
};

}  // namespace headmap::ui
