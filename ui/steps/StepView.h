#pragma once
// The walk through one attention head, step by step, for a classroom: the input X, the
// projections Q, K, V, the scores QKᵀ, their scaling by √d_k, the mask, the softmax, the
// weighted sum of V, the concatenation of all heads and the output projection. Each step shows
// its formula, its matrices with their shapes (MatrixView) and a plain-English explanation; the
// steps with a calculation worth seeing have a panel that writes the clicked cell out number by
// number (StepBreakdown.h).
//
// Navigation: Next/Previous, Left/Right and PageUp/PageDown while the view has focus, the step
// list, or "All steps" to stack every step in one scrolling page. Clicking a cell or a row label
// selects that token; its row stays outlined in every matrix as the steps change.
//
// Steps are numbered from 0 here and from 1 on screen ("Step 1 of 9").

#include <memory>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "core/HeadSteps.h"

class QCheckBox;
class QLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTextBrowser;

namespace headmap::ui {

class MatrixView;

class StepView : public QWidget {
    Q_OBJECT
public:
    enum Step { Input, Projections, Scores, Scaled, Masked, Softmax, HeadOutput, Concat, Output, StepCount };

    explicit StepView(QWidget* parent = nullptr);

    // tokens name the rows; headTitle e.g. "Layer 1 · head 3"; headExplanation: what the head
    // is known to do, if anything. Keeps the current step and, when it still exists, the
    // selected token. A null steps clears the view.
    void setSteps(std::shared_ptr<const HeadSteps> steps, const QStringList& tokens,
                  const QString& headTitle, const QString& headExplanation = {});
    void clear(const QString& message);  // no matrices; the message says why
    std::shared_ptr<const HeadSteps> steps() const { return m_steps; }
    QString message() const;  // the clear() message shown, empty when steps are shown

    int step() const { return m_step; }
    int stepCount() const { return StepCount; }
    static QString stepName(int step);  // "Scores QKᵀ"
    bool showAll() const { return m_showAll; }
    int selectedToken() const { return m_selected; }

    // For tests and exports. step -1: the current step.
    QString formulaText(int step = -1) const;      // rich text
    QString explanationText(int step = -1) const;  // plain text
    QString breakdownText(int step = -1) const;    // plain text; empty for steps without a panel
    QList<MatrixView*> matrices(int step) const;   // in screen order, hidden ones included
    // ids as in `headmap-cli steps`: x, q, k, v, w_q, w_k, w_v (step 1), scores, scaled, masked,
    // weights, head_output and v (step 6), concat, output. Null when the step has no such matrix.
    MatrixView* matrix(int step, const QString& id) const;
    void setWeightMatricesShown(bool shown);  // W_Q, W_K, W_V in step 1
    bool weightMatricesShown() const;

public slots:
    void setStep(int step);
    void next();
    void previous();
    void setShowAll(bool all);
    void setSelectedToken(int token);  // -1: none

signals:
    void stepChanged(int step);
    void tokenSelected(int token);

protected:
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Section {
        QWidget* widget = nullptr;
        QLabel* title = nullptr;
        QLabel* formula = nullptr;
        QLabel* explanation = nullptr;
        QList<MatrixView*> matrices;
        QTextBrowser* breakdown = nullptr;  // steps 2–6
    };

    // StepView_Pages.cpp: the sections and their contents.
    void buildSections(QWidget* page);
    void applyFonts();
    MatrixView* addMatrix(int step, const QString& id, QLayout* layout);
    void fillSections();
    QString formulaFor(int step) const;
    QString explanationFor(int step) const;

    void goTo(int step, bool scroll);
    void applyMode();
    void onCellClicked(int step, const QString& id, int row, int column);
    void updateBreakdowns();
    void updateNavigation();

    std::shared_ptr<const HeadSteps> m_steps;
    QStringList m_tokens;
    int m_step = 0;
    bool m_showAll = false;
    int m_selected = -1;
    int m_key = -1;        // the key column clicked in a T × T matrix; -1: the row's strongest
    int m_dimension = -1;  // the head-output column clicked; -1: none

    QStackedWidget* m_stack = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_headTitle = nullptr;
    QLabel* m_headExplanation = nullptr;
    QListWidget* m_stepList = nullptr;
    QStackedWidget* m_modes = nullptr;  // m_single or m_scroll
    QWidget* m_single = nullptr;        // holds the current section when one step is shown
    QLayout* m_singleLayout = nullptr;
    QScrollArea* m_scroll = nullptr;    // holds m_page, every section stacked, for "All steps"
    QWidget* m_page = nullptr;
    QLayout* m_pageLayout = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_all = nullptr;
    QLabel* m_position = nullptr;
    QCheckBox* m_showWeights = nullptr;
    QWidget* m_weightsRow = nullptr;
    std::vector<Section> m_sections;
};

}  // namespace headmap::ui
