// StepView's pages: one section per kind of step with its title, formula, explanation, note,
// matrices and, for the steps with a calculation, the breakdown panel; and the words and
// formulas that fill the nine steps every model has (the others: StepView_DecoderPages.cpp).

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <QListWidget>

#include "steps/MatrixView.h"
#include "steps/StepBreakdown.h"
#include "steps/StepText.h"
#include "steps/StepView.h"

namespace headmap::ui {
namespace {

constexpr int kSummariseAbove = 128;  // columns; wider matrices start summarised

bool allZero(const RowVectorF& bias) { return bias.size() == 0 || bias.isZero(0); }

}  // namespace

void StepView::buildSections(QWidget* page) {
    m_sections.resize(StepKindCount);
    for (int kind = 0; kind < StepKindCount; ++kind) {
        const Step step = Step(kind);
        Section& s = m_sections[kind];
        s.widget = new QWidget(page);
        auto* layout = new QVBoxLayout(s.widget);
        layout->setContentsMargins(0, 4, 0, 4);
        s.title = new QLabel(s.widget);
        s.formula = new QLabel(s.widget);
        s.formula->setTextFormat(Qt::RichText);
        s.formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
        s.explanation = new QLabel(s.widget);
        s.explanation->setWordWrap(true);
        s.explanation->setTextFormat(Qt::PlainText);
        s.note = new QLabel(s.widget);
        s.note->setWordWrap(true);
        s.note->setTextFormat(Qt::PlainText);
        s.note->setForegroundRole(QPalette::PlaceholderText);
        s.note->setVisible(false);
        layout->addWidget(s.title);
        layout->addWidget(s.formula);
        layout->addWidget(s.explanation);
        layout->addWidget(s.note);

        auto* body = new QHBoxLayout;
        body->setSpacing(16);
        auto* matrices = new QVBoxLayout;
        auto* row = new QHBoxLayout;
        row->setSpacing(16);
        matrices->addLayout(row, 1);
        body->addLayout(matrices, 1);
        layout->addLayout(body, 1);
        switch (step) {
        case Input:
            addMatrix(step, QStringLiteral("x"), row);
            addMatrix(step, QStringLiteral("memory"), row);  // cross-attention's M; hidden otherwise
            break;
        case Projections: {
            for (const char* id : {"q", "k", "v"})
                addMatrix(step, QLatin1String(id), row);
            m_showWeights = new QCheckBox(tr("Show the learned weights W_Q, W_K, W_V"), s.widget);
            m_showWeights->setFocusPolicy(Qt::NoFocus);
            m_weightsRow = new QWidget(s.widget);
            auto* weights = new QHBoxLayout(m_weightsRow);
            weights->setContentsMargins(0, 0, 0, 0);
            weights->setSpacing(16);
            for (const char* id : {"w_q", "w_k", "w_v"})
                addMatrix(step, QLatin1String(id), weights);
            m_weightsRow->setVisible(false);
            matrices->insertWidget(0, m_showWeights);  // above Q, K, V: near, whatever their height
            matrices->addWidget(m_weightsRow, 1);
            connect(m_showWeights, &QCheckBox::toggled, this, [this](bool on) {
                m_weightsRow->setVisible(on);
                applyMode();
            });
            break;
        }
        case Scores: addMatrix(step, QStringLiteral("scores"), row); break;
        case Scaled: addMatrix(step, QStringLiteral("scaled"), row); break;
        case Masked: addMatrix(step, QStringLiteral("masked"), row); break;
        case Softmax: addMatrix(step, QStringLiteral("weights"), row); break;
        case HeadOutput:
            addMatrix(step, QStringLiteral("head_output"), row);
            addMatrix(step, QStringLiteral("v"), row);
            break;
        case Concat: addMatrix(step, QStringLiteral("concat"), row); break;
        case Output: addMatrix(step, QStringLiteral("output"), row); break;
        case Predict:
        case Ablate: buildPredictionSection(step, row); break;
        default: buildDecoderSection(step, row); break;
        }
        // The output page's panel lists a mixture-of-experts layer's experts (hidden otherwise).
        if ((step >= Scores && step <= HeadOutput) || step == Rotary || step == Softcap || step == Output) {
            s.breakdown = new QTextBrowser(s.widget);
            s.breakdown->setFocusPolicy(Qt::NoFocus);
            s.breakdown->setOpenLinks(false);
            s.breakdown->setMinimumWidth(360);
            s.breakdown->setMaximumWidth(520);
            s.breakdown->setMinimumHeight(220);
            s.breakdown->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
            body->addWidget(s.breakdown);
        }
        m_pageLayout->addWidget(s.widget);
    }
}

// Titles and formulas larger than the text, following the view's font.
void StepView::applyFonts() {
    if (!m_headTitle)
        return;  // still being built
    auto scaled = [this](double factor, bool bold) {
        QFont f = font();
        f.setPointSizeF(font().pointSizeF() * factor);
        f.setBold(bold);
        return f;
    };
    m_headTitle->setFont(scaled(1.3, true));
    for (Section& s : m_sections) {
        s.title->setFont(scaled(1.2, true));
        s.formula->setFont(scaled(1.6, false));
    }
    fitStepList();  // presentation mode enlarges the font after the list was filled
}

// As wide as its longest entry at the current font, and a scroll bar's width more when the
// entries are taller than the list can show.
void StepView::fitStepList() {
    const QFontMetrics metrics(font());
    int widest = 0;
    for (int row = 0; row < m_stepList->count(); ++row)
        widest = std::max(widest, metrics.horizontalAdvance(m_stepList->item(row)->text()));
    const int padding = 2 * m_stepList->frameWidth() + 2 * m_stepList->spacing()
                        + 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_stepList) + 16;
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_stepList);
    m_stepList->setFixedWidth(widest + padding + scrollBar);
}

MatrixView* StepView::addMatrix(Step step, const QString& id, QLayout* layout) {
    auto* view = new MatrixView(m_sections[step].widget);
    view->setObjectName(id);
    if (layout)  // null: the caller places it (a grid)
        layout->addWidget(view);
    m_sections[step].matrices << view;
    connect(view, &MatrixView::cellClicked, this,
            [this, step, id](int row, int column) { onCellClicked(step, id, row, column); });
    connect(view, &MatrixView::rowClicked, this, [this, step, id](int row) { onCellClicked(step, id, row, -1); });
    return view;
}

void StepView::fillSections() {
    const HeadSteps& s = *m_steps;
    const QStringList& t = m_tokens;
    // Cross-attention: K and V are rows of the source (the encoder's output M), and the score
    // matrices' columns are the source's tokens.
    const bool cross = isCross();
    const QStringList& keys = cross ? m_keyTokens : t;
    auto set = [&](Step step, const char* id, const MatrixF& m, const QString& name,
                   MatrixScale scale = MatrixScale::Signed, const QStringList& columns = {}) {
        MatrixView* view = matrixOf(step, QLatin1String(id));
        const bool tokenRows = !QByteArray(id).startsWith("w_");
        const bool keyRows = cross && (QByteArray(id) == "k" || QByteArray(id) == "v" || QByteArray(id) == "memory");
        view->setMatrix(m, name, tokenRows ? (keyRows ? keys : t) : QStringList(), scale, columns);
        // Token × token matrices keep their keys: a block mean would hide which token is meant.
        view->setSummarizeColumns(columns.isEmpty() && m.cols() > kSummariseAbove);
    };
    set(Input, "x", s.x, QStringLiteral("X"));
    set(Input, "memory", s.memory, QStringLiteral("M"));
    matrixOf(Input, QStringLiteral("memory"))->setVisible(cross);
    // Q and K as projected: QK-norm and the rotation, where the model has them, get pages of their own.
    set(Projections, "q", s.qProjected.size() > 0 ? s.qProjected : s.q, QStringLiteral("Q"));
    set(Projections, "k", s.kProjected.size() > 0 ? s.kProjected : s.k, QStringLiteral("K"));
    set(Projections, "v", s.v, QStringLiteral("V"));
    set(Projections, "w_q", s.wQ, QStringLiteral("W<sub>Q</sub>"));
    set(Projections, "w_k", s.wK, QStringLiteral("W<sub>K</sub>"));
    set(Projections, "w_v", s.wV, QStringLiteral("W<sub>V</sub>"));
    set(Scores, "scores", s.scores, QStringLiteral("S = QK<sup>T</sup>"), MatrixScale::Signed, keys);
    set(Scaled, "scaled", s.scaled,
        isStandardScale(s) ? QStringLiteral("S′ = S ÷ √d<sub>k</sub>")
                           : QStringLiteral("S′ = S × %1").arg(QString::number(s.scale, 'g', 4)),
        MatrixScale::Signed, keys);
    set(Masked, "masked", s.masked,
        s.softcapped.size() > 0 ? tr("S″ = cap(S′) + mask") : tr("S″ = S′ + mask"),
        MatrixScale::Signed, keys);
    set(Softmax, "weights", s.weights, QStringLiteral("A = softmax(S″)"), MatrixScale::Weights, keys);
    set(HeadOutput, "head_output", s.headOutput, QStringLiteral("head = A·V"));
    set(HeadOutput, "v", s.v, QStringLiteral("V"));
    set(Concat, "concat", s.concat, QStringLiteral("Concat"));
    set(Output, "output", s.output, tr("Output"));
    matrixOf(Concat, QStringLiteral("concat"))->setHighlightedColumns(s.head * s.dHead, s.dHead);
    fillSinkColumns();
    fillDecoderSections();
    fillPredictionSections();

    for (int page = 0; page < stepCount(); ++page) {
        const Step kind = m_pages[size_t(page)];
        Section& section = m_sections[size_t(kind)];
        section.title->setText(tr("Step %1 of %2 · %3").arg(page + 1).arg(stepCount()).arg(stepLabel(page)));
        section.formula->setText(formulaFor(kind));
        section.explanation->setText(explanationFor(kind));
        section.note->setText(noteFor(kind));
        section.note->setVisible(!section.note->text().isEmpty());
    }
}

// The list names the pages this model has; its width follows the longest name.
void StepView::fillStepList() {
    const QSignalBlocker block(m_stepList);
    m_stepList->clear();
    for (int page = 0; page < stepCount(); ++page)
        m_stepList->addItem(tr("%1. %2").arg(page + 1).arg(stepLabel(page)));
    fitStepList();
    m_stepList->setCurrentRow(m_step);
}

QString StepView::stepLabel(int step) const {
    const Step kind = stepKind(step);
    if (m_steps && kind == Scaled && !isStandardScale(*m_steps))
        return tr("Scale × %1").arg(QString::number(m_steps->scale, 'g', 4));
    if (m_steps && kind == Masked && m_steps->mask == AttentionMask::SlidingWindow)
        return tr("Mask (window of %1)").arg(m_steps->window);
    if (m_steps && kind == Masked && m_steps->mask == AttentionMask::LocalWindow)
        return tr("Mask (±%1 tokens)").arg(m_steps->window);
    return stepName(kind);
}

QString StepView::noteFor(Step kind) const {
    switch (kind) {
    case Projections:
    case QkNorm:
    case Rotary:
    case HeadOutput: return sharedKvNote();  // the pages that show this head's K or V
    case Masked:
    case Softmax: return sinkNote(kind);
    default: return QString();
    }
}

QString StepView::formulaFor(Step step) const {
    const HeadSteps& s = *m_steps;
    const int heads = s.heads > 0 ? s.heads : (s.dHead > 0 ? s.dModel / s.dHead : 0);
    switch (step) {
    case Input:
        if (isCross())  // the decoder's rows and the encoder's output
            return QStringLiteral("X, M") + greyNote(tr("X: %1 target tokens × d<sub>model</sub> (%2) · M: %3 source "
                                                        "tokens × d<sub>model</sub> (%4)")
                                                         .arg(s.x.rows()).arg(shapeText(s.x)).arg(s.memory.rows())
                                                         .arg(shapeText(s.memory)));
        return QStringLiteral("X") + greyNote(tr("%1 tokens × d<sub>model</sub> = %2 numbers: %3")
                                                   .arg(s.x.rows()).arg(s.dModel).arg(shapeText(s.x)));
    case Projections:
        if (isCross())
            return QStringLiteral("Q = X·W<sub>Q</sub> + b<sub>Q</sub>&nbsp;&nbsp;&nbsp; K = M·W<sub>K</sub> + "
                                  "b<sub>K</sub>&nbsp;&nbsp;&nbsp; V = M·W<sub>V</sub> + b<sub>V</sub>")
                   + greyNote(QStringLiteral("%1 · %2 → %3; %4 · %2 → %5")
                                  .arg(shapeText(s.x), shapeText(s.wQ), shapeText(s.q), shapeText(s.memory), shapeText(s.v)));
        return QStringLiteral("Q = X·W<sub>Q</sub> + b<sub>Q</sub>&nbsp;&nbsp;&nbsp; K = X·W<sub>K</sub> + "
                              "b<sub>K</sub>&nbsp;&nbsp;&nbsp; V = X·W<sub>V</sub> + b<sub>V</sub>")
               + greyNote(QStringLiteral("%1 · %2 + (%3) → %4").arg(shapeText(s.x), shapeText(s.wQ)).arg(s.dHead).arg(shapeText(s.v)));
    case Scores:
        return QStringLiteral("S = Q·K<sup>T</sup>&nbsp;&nbsp;&nbsp; s<sub>ij</sub> = q<sub>i</sub>·k<sub>j</sub>")
               + greyNote(QStringLiteral("%1 · (%2 × %3) → %4").arg(shapeText(s.q)).arg(s.k.cols()).arg(s.k.rows()).arg(shapeText(s.scores)));
    case Scaled: return scaleFormula();
    case Masked: return maskFormula();
    case Softmax: return softmaxFormula();
    case HeadOutput:
        return QStringLiteral("head<sub>%1</sub> = A·V&nbsp;&nbsp;&nbsp; o<sub>i</sub> = Σ<sub>j</sub> "
                              "a<sub>ij</sub> v<sub>j</sub>").arg(s.head)
               + greyNote(QStringLiteral("%1 · %2 → %3").arg(shapeText(s.weights), shapeText(s.v), shapeText(s.headOutput)));
    case Concat:
        return QStringLiteral("Concat(head<sub>0</sub>, …, head<sub>%1</sub>)").arg(heads - 1)
               + greyNote(QStringLiteral("%1 × (%2 × %3) → %4").arg(heads).arg(s.headOutput.rows()).arg(s.dHead).arg(shapeText(s.concat)));
    case Output:
        return tr("Output = Concat·W<sub>O</sub> + b<sub>O</sub>")
               + greyNote(QStringLiteral("%1 · (%2 × %3) + (%3) → %4")
                              .arg(shapeText(s.concat)).arg(s.concat.cols()).arg(s.dModel).arg(shapeText(s.output)));
    case Predict:
    case Ablate: return predictionFormulaFor(step);
    default: return decoderFormulaFor(step);
    }
}

QString StepView::explanationFor(Step step) const {
    const HeadSteps& s = *m_steps;
    const int heads = s.heads > 0 ? s.heads : (s.dHead > 0 ? s.dModel / s.dHead : 0);
    switch (step) {
    case Input: {
        if (isCross())
            return tr("Cross-attention has two inputs. X holds the decoder's rows, one per target token written "
                      "so far; M is the encoder's output, one row of %1 numbers per source token. The decoder "
                      "asks, the encoder answers: the queries come from X, the keys and values from M.")
                .arg(s.dModel);
        QString text = tr("Each row is one token of the sentence, written as a list of %1 numbers. These "
                          "numbers say what the token is (and, in most models, where it stands). Attention "
                          "starts from these rows.").arg(s.dModel);
        if (pageOf(Rotary) >= 0)
            text += QLatin1Char(' ') + tr("This model adds where each token stands later, by turning its "
                                          "query and key (step %1).").arg(pageOf(Rotary) + 1);
        return text;
    }
    case Projections: {
        if (isCross()) {
            QString text = tr("W_Q turns each target token's row of X into a query of %1 numbers (what it is "
                              "looking for in the source); W_K and W_V turn each source token's row of M into a "
                              "key (what it offers) and a value (what it passes on). K and V are the same for "
                              "every target token: the encoder's answer does not change while the decoder writes.")
                               .arg(s.dHead);
            if (allZero(s.bQ) && allZero(s.bK) && allZero(s.bV))
                text += QLatin1Char(' ') + tr("This model has no biases: b = 0.");
            return text;
        }
        QString text = tr("Three learned weight matrices turn each token's row into three shorter rows "
                          "of %1 numbers: a query (what this token is looking for), a key (what it "
                          "offers to the others) and a value (what it passes on when it is chosen).")
                           .arg(s.dHead);
        if (allZero(s.bQ) && allZero(s.bK) && allZero(s.bV))
            text += QLatin1Char(' ') + tr("This model has no biases: b = 0.");
        return text;
    }
    case Scores:
        if (isCross())
            return tr("Each score compares one target token's query with one source token's key: multiply the "
                      "matching numbers and add them up. The matrix has a row per target token and a column per "
                      "source token (T × S). Click a cell to see the sum worked out.");
        return tr("Each score compares one token's query with another token's key: multiply the "
                  "matching numbers and add them up (a dot product). A large score means “this key "
                  "fits what I am looking for”. Rows: the token looking; columns: the token looked "
                  "at. Click a cell to see the sum worked out.");
    case Scaled:
        if (!isStandardScale(s))
            return tr("All scores are multiplied by %1, a factor this model sets itself instead of "
                      "1 ÷ √%2. Longer query and key rows give bigger dot products; without scaling, "
                      "softmax would put almost all the attention on a single token.")
                .arg(QString::number(s.scale, 'g', 4)).arg(s.dHead);
        return tr("All scores are divided by √%1 = %2. Longer query and key rows give bigger dot "
                  "products; without this, softmax would put almost all the attention on a single "
                  "token.").arg(s.dHead).arg(QString::number(std::sqrt(double(s.dHead)), 'g', 4));
    case Masked: return maskExplanation();
    case Softmax:
        return tr("Softmax turns each row of scores into weights between 0 and 1 that add up to 1: "
                  "take e to the power of each score, then divide by the row's total. A row shows "
                  "how one token shares its attention. Click a cell to see the calculation.")
               + sinkExplanation();
    case HeadOutput:
        if (isCross())
            return tr("Each target token's output is a mix of the source's value rows V: every source token's "
                      "value is multiplied by the target token's weight for it, and the results are added up. "
                      "This is what the decoder takes from the source sentence. Click a row to see the mix.");
        return tr("Each token's output is a mix of the value rows V: every value row is multiplied "
                  "by the token's attention weight for it, and the results are added up. Click a "
                  "row to see the mix.");
    case Concat:
        return tr("The model has %1 heads, and each does steps %2–%3 with its own weights. Their "
                  "outputs are put side by side into one row of %4 numbers per token; the columns "
                  "of this head (%5 to %6) are outlined.")
            .arg(heads).arg(pageOf(Projections) + 1).arg(pageOf(HeadOutput) + 1).arg(s.concat.cols())
            .arg(s.head * s.dHead).arg((s.head + 1) * s.dHead - 1)
            + (s.kvHeads > 0 && s.kvHeads < heads
                   ? QLatin1Char(' ') + tr("Heads of one K/V group share W_K and W_V; each has its own W_Q.")
                   : QString());
    case Output:
        return tr("One more learned matrix, W_O, mixes what all the heads found back into %1 numbers "
                  "per token. This is what the attention block hands on to the rest of the layer.")
                   .arg(s.dModel)
               + expertsExplanation();
    case Predict:
    case Ablate: return predictionExplanationFor(step);
    default: return decoderExplanationFor(step);
    }
}

}  // namespace headmap::ui
