// The walk-through's ending for models with an output head: after the output projection, what
// the whole model predicts at the selected token, and what happens to that prediction when the
// head just walked through is switched off. The numbers come from the document
// (PredictionResult); the page shows them and offers the switch.

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "predictions/PredictionBars.h"
#include "predictions/PredictionResult.h"
#include "steps/StepText.h"
#include "steps/StepView.h"

namespace headmap::ui {
namespace {

// builtin:patterns' read-out scores only the words of the input (Prediction::ids).
bool readsOutInputWords(const PredictionResult& p) { return !p.after.ids.empty(); }

}  // namespace

void StepView::buildPredictionSection(Step kind, QHBoxLayout* row) {
    if (kind == Predict) {
        m_predictBars = new PredictionBars(m_sections[size_t(kind)].widget);
        m_predictBars->setObjectName(QStringLiteral("predict"));
        row->addWidget(m_predictBars, 1);
        row->addStretch(1);
        return;
    }
    auto* column = new QVBoxLayout;
    m_switchOff = new QPushButton(m_sections[size_t(kind)].widget);
    m_switchOff->setObjectName(QStringLiteral("switchOff"));
    m_switchOff->setCheckable(true);
    m_switchOff->setFocusPolicy(Qt::NoFocus);
    connect(m_switchOff, &QPushButton::clicked, this, [this](bool off) { emit switchOffRequested(off); });
    auto* bars = new QHBoxLayout;
    bars->setSpacing(24);
    m_beforeBars = new PredictionBars(m_sections[size_t(kind)].widget);
    m_beforeBars->setObjectName(QStringLiteral("before"));
    m_afterBars = new PredictionBars(m_sections[size_t(kind)].widget);
    m_afterBars->setObjectName(QStringLiteral("after"));
    bars->addWidget(m_beforeBars, 1);
    bars->addWidget(m_afterBars, 1);
    column->addWidget(m_switchOff, 0, Qt::AlignLeft);
    column->addLayout(bars, 1);
    row->addLayout(column, 1);
}

void StepView::setPredictions(bool available, std::shared_ptr<const PredictionResult> prediction, bool headOff) {
    const bool pagesChange = available != m_predictionPages;
    m_predictionPages = available;
    m_prediction = std::move(prediction);
    m_headOff = headOff;
    if (pagesChange && m_steps) {
        // The page list changes; the keys and experts stay.
        setSteps(m_steps, m_tokens, m_headTitle->text(), m_headExplanation->text(), QStringList(m_keyTokens), m_experts);
        return;
    }
    if (m_steps) {
        fillPredictionSections();
        for (Step kind : {Predict, Ablate}) {
            const int page = pageOf(kind);
            if (page < 0)
                continue;
            Section& section = m_sections[size_t(kind)];
            section.formula->setText(formulaFor(kind));
            section.explanation->setText(explanationFor(kind));
        }
    }
}

PredictionBars* StepView::predictionBars(const QString& id) const {
    if (id == QLatin1String("predict")) return m_predictBars;
    if (id == QLatin1String("before")) return m_beforeBars;
    if (id == QLatin1String("after")) return m_afterBars;
    return nullptr;
}

void StepView::fillPredictionSections() {
    if (!m_predictBars)
        return;
    const QString head = m_steps ? tr("layer %1 · head %2").arg(m_steps->layer).arg(m_steps->head) : QString();
    {
        const QSignalBlocker block(m_switchOff);
        m_switchOff->setChecked(m_headOff);
    }
    m_switchOff->setText(m_headOff ? tr("Switch %1 back on").arg(head) : tr("Switch %1 off").arg(head));
    if (!m_prediction) {
        const QString waiting = tr("Computing the prediction…");
        for (PredictionBars* bars : {m_predictBars, m_beforeBars, m_afterBars})
            bars->setMessage(waiting);
        return;
    }
    const PredictionResult& p = *m_prediction;
    m_predictBars->setMessage(QString());
    m_predictBars->setRows(tr("Prediction %1").arg(p.positionText), p.after.top);
    if (!p.hasAblations()) {
        m_beforeBars->setMessage(QString());
        m_beforeBars->setRows(tr("With every head"), p.after.top);
        m_afterBars->setMessage(tr("Switch the head off to see what changes."));
        return;
    }
    m_beforeBars->setMessage(QString());
    m_afterBars->setMessage(QString());
    m_beforeBars->setRows(tr("With every head"), p.before->top);
    std::vector<float> before;
    for (const TokenProbability& t : p.after.top)
        before.push_back(p.before->probabilityOf(t.id));
    QStringList heads;
    for (const HeadAblation& a : p.ablations)
        heads << tr("L%1 H%2").arg(a.layer).arg(a.head);
    m_afterBars->setRows(tr("With %1 off").arg(heads.join(QStringLiteral(", "))), p.after.top, before);
    // The favourite before the switch, followed into the "after" list.
    const int favourite = p.before->top.empty() ? -1 : p.before->top.front().id;
    m_beforeBars->setHighlighted(favourite);
    m_afterBars->setHighlighted(favourite);
}

QString StepView::predictionFormulaFor(Step kind) const {
    const bool patterns = m_prediction && readsOutInputWords(*m_prediction);
    if (kind == Predict) {
        if (patterns)
            return QStringLiteral("score(w) = λ · Σ<sub>h</sub> out<sub>h</sub> · e<sub>w</sub>&nbsp;&nbsp;&nbsp; "
                                  "p(w) = softmax(score)")
                   + greyNote(tr("out_h: head h's output at the token; e_w: word w's embedding; only the "
                                 "sentence's words are scored"));
        return QStringLiteral("p = softmax(h<sub>t</sub> · W<sub>U</sub><sup>T</sup> ÷ τ)")
               + greyNote(tr("h_t: the last layer's output at token t; W_U: the output head (unembedding); "
                             "τ: temperature"));
    }
    return QStringLiteral("head<sub>%1</sub> := 0&nbsp;&nbsp;&nbsp; KL(before ‖ after) = Σ<sub>w</sub> "
                          "p(w) · ln(p(w) ÷ p′(w))").arg(m_steps ? m_steps->head : 0)
           + greyNote(m_prediction && m_prediction->hasAblations()
                      ? tr("KL = %1 nats").arg(m_prediction->kl, 0, 'g', 3)
                      : tr("the head's output A·V (step %1) replaced by zeros").arg(pageOf(HeadOutput) + 1));
}

QString StepView::predictionExplanationFor(Step kind) const {
    const bool patterns = m_prediction && readsOutInputWords(*m_prediction);
    if (kind == Predict) {
        QString text = tr("Attention is a means, not the end: after the last layer, the output head turns "
                          "each token's vector into a score for every word, and the softmax turns the "
                          "scores into probabilities. Click a token in any matrix to predict there.");
        if (patterns)
            text += QLatin1Char(' ') + tr("This built-in model has one layer and no training: its read-out "
                                          "scores each word of the sentence by how much of that word's "
                                          "embedding the six heads brought to the token, so it 'predicts' "
                                          "the words its heads looked at: the previous word, the next word, "
                                          "the token itself.");
        else
            text += QLatin1Char(' ') + tr("A decoder predicts the next token; a masked-language model the "
                                          "word hidden behind [MASK].");
        return text;
    }
    QString text = tr("Switching a head off replaces its output (step %1) by zeros, and the rest of the "
                      "network runs on without it. If the prediction changes, the head mattered for it; "
                      "the KL divergence measures how much.").arg(pageOf(HeadOutput) + 1);
    if (patterns && m_steps && m_steps->head == 0)
        text += QLatin1Char(' ') + tr("This is the previous-token head: without it, the previous word "
                                      "drops out of the prediction.");
    return text;
}

}  // namespace headmap::ui
