#pragma once
// One ranked list of predicted tokens as horizontal bars: rank, the token's readable label and a
// bar as long as its probability, with the percentage. A highlighted token (the target) is
// outlined. Clicking a row names that token (tokenClicked). Painted, so long vocabularies' odd
// labels (byte pieces, CJK, spaces shown as ␣) stay on one line each.

#include <vector>

#include <QWidget>

#include "model/Predictions.h"

namespace headmap::ui {

class PredictionBars : public QWidget {
    Q_OBJECT
public:
    explicit PredictionBars(QWidget* parent = nullptr);

    // rows: highest first. compareTo: the other run's probabilities of the same tokens (the
    // panel's "before"), drawn as a thin mark on each bar; empty: none.
    void setRows(const QString& title, const std::vector<TokenProbability>& rows,
                 const std::vector<float>& compareTo = {});
    // What the ticks stand for, in tooltips: "before" (default) or "after".
    void setComparisonName(const QString& name) { m_compareName = name; }
    void setHighlighted(int tokenId);  // -1: none
    void setMessage(const QString& message);  // shown instead of rows; empty: rows

    int rowCount() const { return int(m_rows.size()); }
    const TokenProbability& row(int index) const { return m_rows[size_t(index)]; }
    QString rowLabel(int index) const;  // as drawn: "cat"
    QRect rowRect(int index) const;
    QString title() const { return m_title; }
    QString message() const { return m_message; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void tokenClicked(int id, const QString& label);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int rowHeight() const;
    int top() const;  // y of the first row, below the title

    QString m_title;
    QString m_message;
    std::vector<TokenProbability> m_rows;
    std::vector<float> m_compare;
    QString m_compareName = tr("before");
    int m_highlighted = -1;
};

// "12.3 %", "0.04 %", "< 0.01 %": a probability as people read it.
QString percentText(double probability);

}  // namespace headmap::ui
