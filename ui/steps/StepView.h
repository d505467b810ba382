#pragma once
// The walk through one attention head, step by step, for a classroom: the input X, the
// projections Q, K, V, the scores QKᵀ, their scaling by √d_k, the mask, the softmax, the
// weighted sum of V, the concatenation of all heads and the output projection. Decoders add the
// steps they recorded (HeadSteps): QK-norm, the rotation by position (RoPE) and the softcap;
// a model without them shows exactly the nine steps above. Each step shows
// its formula, its matrices with their shapes (MatrixView) and a plain-English explanation; the
// steps with a calculation worth seeing have a panel that writes the clicked cell out number by
// number (StepBreakdown.h).
//
// Navigation: Next/Previous, Left/Right and PageUp/PageDown while the view has focus, the step
// list, or "All steps" to stack every step in one scrolling page. Clicking a cell or a row label
// selects that token; its row stays outlined in every matrix as the steps change.
//
// Models with an output head get two more pages after the output projection (the classroom's
// ending): what the model predicts at the selected token, and what switching this head off
// changes in that prediction (StepView_PredictionPages.cpp). The view only shows a
// PredictionResult and asks for the switch (switchOffRequested); the document computes both.
//
// Sinks (gpt-oss, HeadSteps::hasSink): the Mask and Softmax pages show the head's sink as one
// more column, its logit and then its share, which softmax drops; the page says why the rows add
// up to less than 1. Mixture-of-experts layers (LayerExperts): the output page lists the experts
// each token goes to next in this layer. Dense models show neither.
//
// Pages are numbered from 0 here and from 1 on screen ("Step 1 of 9"). Every `step` argument
// is a page; pageOf() finds the page of a kind of step. Without the optional steps page i shows
// Step i (the enum keeps the nine classic steps first for that reason).

#include <memory>
#include <vector>

#include <QStringList>
#include <QWidget>

#include "core/HeadSteps.h"

class QCheckBox;
class QHBoxLayout;
class QLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTextBrowser;

namespace headmap {
class AttentionTrace;
}

namespace headmap::ui {

class MatrixView;
class PredictionBars;
struct PredictionResult;

// A mixture-of-experts layer's routing (AttentionTrace::experts()): per token the experts the
// router chose, in its order, out of `total`. Empty for a dense layer or model.
struct LayerExperts {
    int total = 0;
    std::vector<std::vector<int>> chosen;  // [token][k]
    bool empty() const { return chosen.empty(); }
};
// `layer`'s routing in trace, for setSteps: empty for a dense layer or model and for a trace whose
// rows are not the run's tokens (cross-attention, merged words).
LayerExperts layerExpertsOf(const AttentionTrace& trace, int layer);

class StepView : public QWidget {
    Q_OBJECT
public:
    // The kinds of step. QkNorm, Rotary and Softcap come last so that the classic nine keep
    // their numbers; on screen they go where the model computes them (kPageOrder).
    enum Step { Input, Projections, Scores, Scaled, Masked, Softmax, HeadOutput, Concat, Output,
                QkNorm, Rotary, Softcap, Predict, Ablate, StepKindCount };

    explicit StepView(QWidget* parent = nullptr);

    // tokens name the rows; headTitle e.g. "Layer 1 · head 3"; headExplanation: what the head
    // is known to do, if anything. Keeps the current step and, when it still exists, the
    // selected token. A null steps clears the view.
    // keyTokens: cross-attention's keys (the source's tokens, the rows of M, K and V and the score
    // matrices' columns); empty for self-attention. experts: the head's layer's routing, if any.
    void setSteps(std::shared_ptr<const HeadSteps> steps, const QStringList& tokens,
                  const QString& headTitle, const QString& headExplanation = {},
                  const QStringList& keyTokens = {}, LayerExperts experts = {});
    const LayerExperts& experts() const { return m_experts; }
    // A cross-attention head: K and V come from the encoder's output (HeadSteps::memory).
    bool isCross() const { return m_steps && m_steps->memory.size() > 0; }
    // Whether a matrix's rows are the query tokens (whose row a selected token highlights).
    bool hasQueryRows(const MatrixView* view) const;
    void clear(const QString& message);  // no matrices; the message says why
    std::shared_ptr<const HeadSteps> steps() const { return m_steps; }
    QString message() const;  // the clear() message shown, empty when steps are shown

    int step() const { return m_step; }
    // The step asked for last: step(), or one setStep asked for before its page existed.
    int requestedStep() const { return m_wantedStep >= 0 ? m_wantedStep : m_step; }
    int stepCount() const { return int(m_pages.size()); }
    static QString stepName(int kind);  // "Scores QKᵀ"
    QString stepLabel(int step) const;  // as in the step list: the name with e.g. the real scale
    Step stepKind(int step = -1) const;
    int pageOf(Step kind) const;        // -1 when the model did not record that step
    bool showAll() const { return m_showAll; }
    int selectedToken() const { return m_selected; }

    // For tests and exports. step -1: the current step.
    QString formulaText(int step = -1) const;      // rich text
    QString explanationText(int step = -1) const;  // plain text
    QString breakdownText(int step = -1) const;    // plain text; empty for steps without a panel
                                                   // (the output page's panel: the experts)
    QString noteText(int step = -1) const;         // e.g. which heads share K/V; often empty
    QList<MatrixView*> matrices(int step) const;   // in screen order, hidden ones included
    // ids as in `headmap-cli steps`: x, q, k, v, w_q, w_k, w_v (projections; q and k before any
    // QK-norm or rotation), scores, scaled, masked, weights, head_output and v (weighted sum),
    // concat, output; q_projected, q_normed, k_projected, k_normed (QK-norm); q_unrotated,
    // q_rotated, k_unrotated, k_rotated, angles (RoPE); softcapped. Null when the step has no
    // such matrix.
    MatrixView* matrix(int step, const QString& id) const;
    void setWeightMatricesShown(bool shown);  // W_Q, W_K, W_V in step 1
    bool weightMatricesShown() const;

    // The prediction pages. available: the model has an output head (else the pages are left
    // out and missing says why, for the tooltip of nothing). prediction: null while it is being
    // computed. headOff: this head is switched off now (the Ablate page's button shows it).
    void setPredictions(bool available, std::shared_ptr<const PredictionResult> prediction, bool headOff);
    bool predictionsAvailable() const { return m_predictionPages; }
    // For tests: the bars of the Predict page ("predict"), the Ablate page's "before" and
    // "after", and the switch button.
    PredictionBars* predictionBars(const QString& id) const;
    QPushButton* switchOffButton() const { return m_switchOff; }

public slots:
    void setStep(int step);
    void next();
    void previous();
    void setShowAll(bool all);
    void setSelectedToken(int token);  // -1: none

signals:
    void stepChanged(int step);
    void tokenSelected(int token);
    // The Ablate page's button: switch the shown head off (true) or on again (false).
    void switchOffRequested(bool off);

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
        QLabel* note = nullptr;  // a grey line under the explanation, hidden when empty
        QList<MatrixView*> matrices;
        QTextBrowser* breakdown = nullptr;  // the steps with a calculation to write out
    };

    // StepView_Pages.cpp: the sections (one per kind of step) and their contents.
    void buildSections(QWidget* page);
    void applyFonts();
    MatrixView* addMatrix(Step kind, const QString& id, QLayout* layout);
    MatrixView* matrixOf(Step kind, const QString& id) const;
    void fillSections();
    void fillStepList();
    void fitStepList();
    QString formulaFor(Step kind) const;
    QString explanationFor(Step kind) const;
    QString noteFor(Step kind) const;
    // StepView_DecoderPages.cpp: the steps only some models have, and the words for them.
    void buildDecoderSection(Step kind, QHBoxLayout* row);
    void fillDecoderSections();
    QString decoderFormulaFor(Step kind) const;
    QString decoderExplanationFor(Step kind) const;
    QString scaleFormula() const;
    QString maskFormula() const;
    QString maskExplanation() const;
    QString sharedKvNote() const;
    // StepView_SinkExperts.cpp: the sink's column and words, and the experts' panel.
    void fillSinkColumns();
    QString sinkNote(Step kind) const;
    QString softmaxFormula() const;
    QString sinkExplanation() const;
    QString expertsExplanation() const;
    QString expertsHtml() const;
    // StepView_PredictionPages.cpp: the prediction and ablation pages.
    void buildPredictionSection(Step kind, QHBoxLayout* row);
    void fillPredictionSections();
    QString predictionFormulaFor(Step kind) const;
    QString predictionExplanationFor(Step kind) const;

    const Section& sectionAt(int step) const { return m_sections[size_t(stepKind(step))]; }

    void goTo(int step, bool scroll);
    void applyMode();
    void onCellClicked(Step kind, const QString& id, int row, int column);
    void updateBreakdowns();
    void updateNavigation();

    std::shared_ptr<const HeadSteps> m_steps;
    QStringList m_tokens;
    QStringList m_keyTokens;  // cross-attention: the source's
    LayerExperts m_experts;
    int m_step = 0;
    int m_wantedStep = -1;  // asked for before it existed (setStep); -1: none
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
    std::vector<Section> m_sections;  // by Step, every kind, shown or not
    std::vector<Step> m_pages;        // the kinds this head's model recorded, in screen order

    bool m_predictionPages = false;
    std::shared_ptr<const PredictionResult> m_prediction;
    bool m_headOff = false;
    PredictionBars* m_predictBars = nullptr;
    PredictionBars* m_beforeBars = nullptr;
    PredictionBars* m_afterBars = nullptr;
    QPushButton* m_switchOff = nullptr;
};

}  // namespace headmap::ui
