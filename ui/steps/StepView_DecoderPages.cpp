// The steps only some models record (HeadSteps leaves them empty otherwise): QK-norm, the
// rotation by position (RoPE) and the softcap; and the words for the steps whose meaning
// depends on the model: the real scale factor, the causal or sliding-window mask, and which
// query heads share this head's keys and values (grouped-query attention).

#include <cmath>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>

#include "steps/MatrixView.h"
#include "steps/StepBreakdown.h"
#include "steps/StepText.h"
#include "steps/StepView.h"

namespace headmap::ui {
namespace {

const QString kSpace = QStringLiteral("&nbsp;&nbsp;&nbsp; ");

}  // namespace

void StepView::buildDecoderSection(Step kind, QHBoxLayout* row) {
    // Before and after side by side, Q above K: the change is what the page is about.
    auto* grid = new QGridLayout;
    grid->setSpacing(16);
    row->addLayout(grid, 1);
    switch (kind) {
    case QkNorm:
        grid->addWidget(addMatrix(kind, QStringLiteral("q_projected"), nullptr), 0, 0);
        grid->addWidget(addMatrix(kind, QStringLiteral("q_normed"), nullptr), 0, 1);
        grid->addWidget(addMatrix(kind, QStringLiteral("k_projected"), nullptr), 1, 0);
        grid->addWidget(addMatrix(kind, QStringLiteral("k_normed"), nullptr), 1, 1);
        break;
    case Rotary:
        grid->addWidget(addMatrix(kind, QStringLiteral("q_unrotated"), nullptr), 0, 0);
        grid->addWidget(addMatrix(kind, QStringLiteral("q_rotated"), nullptr), 0, 1);
        grid->addWidget(addMatrix(kind, QStringLiteral("k_unrotated"), nullptr), 1, 0);
        grid->addWidget(addMatrix(kind, QStringLiteral("k_rotated"), nullptr), 1, 1);
        grid->addWidget(addMatrix(kind, QStringLiteral("angles"), nullptr), 0, 2, 2, 1);
        break;
    case Softcap: grid->addWidget(addMatrix(kind, QStringLiteral("softcapped"), nullptr), 0, 0); break;
    default: break;
    }
}

void StepView::fillDecoderSections() {
    const HeadSteps& s = *m_steps;
    const QStringList& t = m_tokens;
    for (Step kind : {QkNorm, Rotary, Softcap})
        if (pageOf(kind) < 0)
            for (MatrixView* view : m_sections[size_t(kind)].matrices)
                view->clear();
    auto set = [&](Step kind, const char* id, const MatrixF& m, const QString& name, const QStringList& columns = {}) {
        if (pageOf(kind) >= 0)
            matrixOf(kind, QLatin1String(id))->setMatrix(m, name, t, MatrixScale::Signed, columns);
    };
    set(QkNorm, "q_projected", s.qProjected, QStringLiteral("Q"));
    set(QkNorm, "q_normed", s.qNormed, QStringLiteral("RMSNorm(Q)"));
    set(QkNorm, "k_projected", s.kProjected, QStringLiteral("K"));
    set(QkNorm, "k_normed", s.kNormed, QStringLiteral("RMSNorm(K)"));
    const bool normed = s.qNormed.size() > 0;
    set(Rotary, "q_unrotated", normed ? s.qNormed : s.qProjected, normed ? QStringLiteral("RMSNorm(Q)") : QStringLiteral("Q"));
    set(Rotary, "q_rotated", s.q, tr("Q turned"));
    set(Rotary, "k_unrotated", normed ? s.kNormed : s.kProjected, normed ? QStringLiteral("RMSNorm(K)") : QStringLiteral("K"));
    set(Rotary, "k_rotated", s.k, tr("K turned"));
    set(Rotary, "angles", s.rotaryAngles, tr("θ in radians (pair)"));
    set(Softcap, "softcapped", s.softcapped,
        QStringLiteral("cap(S′) = %1·tanh(S′ ÷ %1)").arg(QString::number(s.softcap, 'g', 4)), t);
}

QString StepView::decoderFormulaFor(Step kind) const {
    const HeadSteps& s = *m_steps;
    switch (kind) {
    case QkNorm: {
        const int heads = s.heads > 0 ? s.heads : 1;
        const QString over = s.qkNormWholeProjection
                                 ? tr("over the whole projection: Q's %1 numbers and K's %2 per token, before the "
                                      "split into heads")
                                       .arg(heads * s.dHead).arg(std::max(s.kvHeads, 1) * s.dHead)
                                 : tr("per head: over this head's %1 numbers").arg(s.dHead);
        return QStringLiteral("Q̂ = RMSNorm(Q)") + kSpace + QStringLiteral("K̂ = RMSNorm(K)") + kSpace
               + QStringLiteral("RMSNorm(x) = x ÷ √(mean(x²) + ε) · w")
               + greyNote(over + QStringLiteral("; %1 → %2").arg(shapeText(s.qProjected), shapeText(s.qNormed)));
    }
    case Rotary: {
        const int pairs = int(s.rotaryAngles.cols());
        QString detail = tr("pairs (i, i + %1) of the first %2 of %3 numbers").arg(pairs).arg(2 * pairs).arg(s.dHead);
        if (std::abs(s.rotaryScaling - 1.0f) > 1e-6f)
            detail += tr("; cos and sin × %1").arg(QString::number(s.rotaryScaling, 'g', 4));
        return QStringLiteral("q′<sub>p</sub> = R(θ<sub>p</sub>)·q<sub>p</sub>") + kSpace
               + QStringLiteral("k′<sub>p</sub> = R(θ<sub>p</sub>)·k<sub>p</sub>") + kSpace
               + QStringLiteral("θ<sub>p,i</sub> = p · f<sub>i</sub>")
               + greyNote(detail + QStringLiteral("; %1 → %2").arg(shapeText(s.q), shapeText(s.q)));
    }
    case Softcap: {
        const QString cap = QString::number(s.softcap, 'g', 4);
        return QStringLiteral("cap(S′) = softcap · tanh(S′ ÷ softcap) = %1 · tanh(S′ ÷ %1)").arg(cap)
               + greyNote(tr("%1 → %2, every score between −%3 and %3").arg(shapeText(s.scaled), shapeText(s.softcapped), cap));
    }
    default: return QString();
    }
}

QString StepView::decoderExplanationFor(Step kind) const {
    const HeadSteps& s = *m_steps;
    switch (kind) {
    case QkNorm:
        return tr("Before the scores, every query and key row is normalised: divided by its root mean "
                  "square and multiplied by learned weights, so that no row can grow large enough to "
                  "swamp the scores.")
               + QLatin1Char(' ')
               + (s.qkNormWholeProjection
                      ? tr("This model normalises a token's whole projection, all heads together, before "
                           "splitting it into heads: this head's rows also depend on the other heads.")
                      : tr("This model normalises each head's %1 numbers on their own.").arg(s.dHead));
    case Rotary: {
        const int pairs = int(s.rotaryAngles.cols());
        QString text = tr("Here the position enters: the numbers of each query and key are taken in pairs, "
                          "and every pair is turned by an angle that grows with the token's position "
                          "(θ = position × the pair's frequency; the first pairs turn fast, the last slowly). "
                          "Because query and key are turned alike, their score depends on how far apart "
                          "the two tokens are. V is not turned. Click a row to see that token's angles.");
        if (2 * pairs < s.dHead)
            text += QLatin1Char(' ') + tr("Only the first %1 of the %2 numbers are turned; the others pass "
                                          "unchanged.").arg(2 * pairs).arg(s.dHead);
        return text;
    }
    case Softcap:
        return tr("This model squeezes every score into the range −%1 to %1 with tanh: small scores stay "
                  "almost as they are, large ones level off near ±%1, so no single score can take all "
                  "the attention.").arg(QString::number(s.softcap, 'g', 4));
    default: return QString();
    }
}

QString StepView::scaleFormula() const {
    const HeadSteps& s = *m_steps;
    const QString shapes = QStringLiteral("%1 → %2").arg(shapeText(s.scores), shapeText(s.scaled));
    if (isStandardScale(s))
        return QStringLiteral("S′ = S ÷ √d<sub>k</sub> = S ÷ √%1 = S ÷ %2")
                   .arg(s.dHead).arg(QString::number(std::sqrt(double(s.dHead)), 'g', 4))
               + greyNote(shapes);
    const QString factor = QString::number(s.scale, 'g', 4);
    if (s.scale == 1.0f)
        return QStringLiteral("S′ = S × 1") + greyNote(shapes + tr("; this model does not scale its scores"));
    const int root = scaleRootOf(s);
    // Gemma's factor is 1/√query_pre_attn_scalar, set in its configuration, not 1/√head_dim.
    return (root > 0 ? QStringLiteral("S′ = S × %1 = S × 1/√%2").arg(factor).arg(root)
                     : QStringLiteral("S′ = S × %1").arg(factor))
           + greyNote(shapes + tr("; the model's own factor (e.g. Gemma's query_pre_attn_scalar), not "
                                  "1/√d<sub>head</sub> = 1/√%1").arg(s.dHead));
}

QString StepView::maskFormula() const {
    const HeadSteps& s = *m_steps;
    const QString input = s.softcapped.size() > 0 ? QStringLiteral("cap(S′)") : QStringLiteral("S′");
    const QString shapes = greyNote(QStringLiteral("%1 → %2").arg(shapeText(s.scaled), shapeText(s.masked)));
    if (s.mask == AttentionMask::SlidingWindow)
        return QStringLiteral("S″ = %1 + M&nbsp;&nbsp;&nbsp; M<sub>ij</sub> = −∞ %2 j &gt; i %3 j ≤ i − %4, %5 0")
                   .arg(input, tr("if"), tr("or")).arg(s.window).arg(tr("else"))
               + shapes;
    if (s.mask == AttentionMask::LocalWindow)
        return QStringLiteral("S″ = %1 + M&nbsp;&nbsp;&nbsp; M<sub>ij</sub> = −∞ %2 |i − j| &gt; %3, %4 0")
                   .arg(input, tr("if")).arg(s.window).arg(tr("else"))
               + shapes;
    if (s.causal)
        return QStringLiteral("S″ = %1 + M&nbsp;&nbsp;&nbsp; M<sub>ij</sub> = −∞ %2 j &gt; i, %3 0")
                   .arg(input, tr("if"), tr("else"))
               + shapes;
    return QStringLiteral("S″ = %1&nbsp;&nbsp;&nbsp; (%2)").arg(input, tr("no mask")) + shapes;
}

QString StepView::maskExplanation() const {
    const HeadSteps& s = *m_steps;
    if (s.mask == AttentionMask::SlidingWindow) {
        // AttentionSpec: query − window < key ≤ query, so the window counts the token itself.
        QString text = tr("This layer looks through a sliding window: each token sees itself and the %1 "
                          "tokens before it (the last %2), never the tokens after it. The other scores "
                          "become −∞ (grey, hatched); after softmax they are exactly 0.")
                           .arg(s.window - 1).arg(s.window);
        if (s.masked.rows() <= s.window)
            text += QLatin1Char(' ') + tr("This sentence is no longer than the window, so here only the later "
                                          "tokens are masked.");
        return text;
    }
    if (s.mask == AttentionMask::LocalWindow)  // ModernBERT's local layers: |i − j| ≤ window
        return tr("This layer attends locally: each token sees the %1 tokens before it, itself and the %1 "
                  "tokens after it, and nothing further away. The other scores become −∞ (grey, hatched); "
                  "after softmax they are exactly 0.")
            .arg(s.window);
    if (s.causal)
        return tr("This model writes text from left to right, so a token may not look at the tokens "
                  "after it. Those scores become −∞ (grey, hatched); after softmax they are exactly 0.");
    return tr("No mask: this model reads the whole sentence at once, so every token may look at every "
              "token, also the later ones. The scores stay as they are.");
}

QString StepView::sharedKvNote() const {
    const HeadSteps& s = *m_steps;
    if (s.kvHeads <= 0 || s.kvHeads >= s.heads || s.heads % s.kvHeads != 0)
        return QString();
    if (s.kvHeads == 1)
        return tr("Head %1 shares K/V head 0 with all %2 heads (multi-query attention: one K/V head "
                  "for every query head).").arg(s.head).arg(s.heads);
    const int perGroup = s.heads / s.kvHeads;
    const int first = s.kvHead * perGroup;
    return tr("Head %1 shares K/V head %2 with heads %3–%4 (grouped-query attention, %5 query heads "
              "per K/V head).").arg(s.head).arg(s.kvHead).arg(first).arg(first + perGroup - 1).arg(perGroup);
}

}  // namespace headmap::ui
