// StepView's pages: one section per step with its title, formula, explanation, matrices and,
// for steps 2–6, the breakdown panel; and the words and formulas that fill them.

#include <cmath>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "steps/MatrixView.h"
#include "steps/StepView.h"

namespace headmap::ui {
namespace {

constexpr int kSummariseAbove = 128;  // columns; wider matrices start summarised

QString shape(const MatrixF& m) { return QStringLiteral("(%1 × %2)").arg(m.rows()).arg(m.cols()); }

QString grey(const QString& html) {
    return QStringLiteral("<br><span style='font-size:small;color:gray'>%1</span>").arg(html);
}

bool allZero(const RowVectorF& bias) { return bias.size() == 0 || bias.isZero(0); }

}  // namespace

void StepView::buildSections(QWidget* page) {
    m_sections.resize(StepCount);
    for (int step = 0; step < StepCount; ++step) {
        Section& s = m_sections[step];
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
        layout->addWidget(s.title);
        layout->addWidget(s.formula);
        layout->addWidget(s.explanation);

        auto* body = new QHBoxLayout;
        body->setSpacing(16);
        auto* matrices = new QVBoxLayout;
        auto* row = new QHBoxLayout;
        row->setSpacing(16);
        matrices->addLayout(row, 1);
        body->addLayout(matrices, 1);
        layout->addLayout(body, 1);
        switch (step) {
        case Input: addMatrix(step, QStringLiteral("x"), row); break;
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
        default: break;
        }
        if (step >= Scores && step <= HeadOutput) {
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
}

MatrixView* StepView::addMatrix(int step, const QString& id, QLayout* layout) {
    auto* view = new MatrixView(m_sections[step].widget);
    view->setObjectName(id);
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
    auto set = [&](int step, const char* id, const MatrixF& m, const QString& name,
                   MatrixScale scale = MatrixScale::Signed, const QStringList& columns = {}) {
        MatrixView* view = matrix(step, QLatin1String(id));
        const bool tokenRows = !QByteArray(id).startsWith("w_");
        view->setMatrix(m, name, tokenRows ? t : QStringList(), scale, columns);
        // Token × token matrices keep their keys: a block mean would hide which token is meant.
        view->setSummarizeColumns(columns.isEmpty() && m.cols() > kSummariseAbove);
    };
    set(Input, "x", s.x, QStringLiteral("X"));
    set(Projections, "q", s.q, QStringLiteral("Q"));
    set(Projections, "k", s.k, QStringLiteral("K"));
    set(Projections, "v", s.v, QStringLiteral("V"));
    set(Projections, "w_q", s.wQ, QStringLiteral("W<sub>Q</sub>"));
    set(Projections, "w_k", s.wK, QStringLiteral("W<sub>K</sub>"));
    set(Projections, "w_v", s.wV, QStringLiteral("W<sub>V</sub>"));
    set(Scores, "scores", s.scores, QStringLiteral("S = QK<sup>T</sup>"), MatrixScale::Signed, t);
    set(Scaled, "scaled", s.scaled, QStringLiteral("S′ = S ÷ √d<sub>k</sub>"), MatrixScale::Signed, t);
    set(Masked, "masked", s.masked, QStringLiteral("S″ = S′ + mask"), MatrixScale::Signed, t);
    set(Softmax, "weights", s.weights, QStringLiteral("A = softmax(S″)"), MatrixScale::Weights, t);
    set(HeadOutput, "head_output", s.headOutput, QStringLiteral("head = A·V"));
    set(HeadOutput, "v", s.v, QStringLiteral("V"));
    set(Concat, "concat", s.concat, QStringLiteral("Concat"));
    set(Output, "output", s.output, QStringLiteral("Output"));
    matrix(Concat, QStringLiteral("concat"))->setHighlightedColumns(s.head * s.dHead, s.dHead);

    for (int step = 0; step < StepCount; ++step) {
        Section& section = m_sections[step];
        section.title->setText(tr("Step %1 of %2 · %3").arg(step + 1).arg(StepCount).arg(stepName(step)));
        section.formula->setText(formulaFor(step));
        section.explanation->setText(explanationFor(step));
    }
}

QString StepView::formulaFor(int step) const {
    const HeadSteps& s = *m_steps;
    const int heads = s.dHead > 0 ? s.dModel / s.dHead : 0;
    const double root = std::sqrt(double(s.dHead));
    const QString rootText = QString::number(root, 'g', 4);
    switch (step) {
    case Input:
        return QStringLiteral("X") + grey(tr("%1 tokens × d<sub>model</sub> = %2 numbers: %3")
                                               .arg(s.x.rows()).arg(s.dModel).arg(shape(s.x)));
    case Projections:
        return QStringLiteral("Q = X·W<sub>Q</sub> + b<sub>Q</sub>&nbsp;&nbsp;&nbsp; K = X·W<sub>K</sub> + "
                              "b<sub>K</sub>&nbsp;&nbsp;&nbsp; V = X·W<sub>V</sub> + b<sub>V</sub>")
               + grey(QStringLiteral("%1 · %2 + (%3) → %4").arg(shape(s.x), shape(s.wQ)).arg(s.dHead).arg(shape(s.q)));
    case Scores:
        return QStringLiteral("S = Q·K<sup>T</sup>&nbsp;&nbsp;&nbsp; s<sub>ij</sub> = q<sub>i</sub>·k<sub>j</sub>")
               + grey(QStringLiteral("%1 · (%2 × %3) → %4").arg(shape(s.q)).arg(s.k.cols()).arg(s.k.rows()).arg(shape(s.scores)));
    case Scaled:
        return QStringLiteral("S′ = S ÷ √d<sub>k</sub> = S ÷ √%1 = S ÷ %2").arg(s.dHead).arg(rootText)
               + grey(QStringLiteral("%1 → %2").arg(shape(s.scores), shape(s.scaled)));
    case Masked:
        return (s.causal ? QStringLiteral("S″ = S′ + M&nbsp;&nbsp;&nbsp; M<sub>ij</sub> = −∞ %1 j &gt; i, %2 0")
                               .arg(tr("if"), tr("else"))
                         : QStringLiteral("S″ = S′&nbsp;&nbsp;&nbsp; (%1)").arg(tr("no mask")))
               + grey(QStringLiteral("%1 → %2").arg(shape(s.scaled), shape(s.masked)));
    case Softmax:
        return QStringLiteral("A = softmax(S″)&nbsp;&nbsp;&nbsp; a<sub>ij</sub> = exp(s″<sub>ij</sub>) ÷ "
                              "Σ<sub>k</sub> exp(s″<sub>ik</sub>)")
               + grey(tr("%1 → %2, every row adds up to 1").arg(shape(s.masked), shape(s.weights)));
    case HeadOutput:
        return QStringLiteral("head<sub>%1</sub> = A·V&nbsp;&nbsp;&nbsp; o<sub>i</sub> = Σ<sub>j</sub> "
                              "a<sub>ij</sub> v<sub>j</sub>").arg(s.head)
               + grey(QStringLiteral("%1 · %2 → %3").arg(shape(s.weights), shape(s.v), shape(s.headOutput)));
    case Concat:
        return QStringLiteral("Concat(head<sub>0</sub>, …, head<sub>%1</sub>)").arg(heads - 1)
               + grey(QStringLiteral("%1 × (%2 × %3) → %4").arg(heads).arg(s.headOutput.rows()).arg(s.dHead).arg(shape(s.concat)));
    case Output:
        return QStringLiteral("Output = Concat·W<sub>O</sub> + b<sub>O</sub>")
               + grey(QStringLiteral("%1 · (%2 × %2) + (%2) → %3").arg(shape(s.concat)).arg(s.dModel).arg(shape(s.output)));
    default: return QString();
    }
}

QString StepView::explanationFor(int step) const {
    const HeadSteps& s = *m_steps;
    const int heads = s.dHead > 0 ? s.dModel / s.dHead : 0;
    switch (step) {
    case Input:
        return tr("Each row is one token of the sentence, written as a list of %1 numbers. These "
                  "numbers say what the token is (and, in most models, where it stands). Attention "
                  "starts from these rows.").arg(s.dModel);
    case Projections: {
        QString text = tr("Three learned weight matrices turn each token's row into three shorter rows "
                          "of %1 numbers: a query (what this token is looking for), a key (what it "
                          "offers to the others) and a value (what it passes on when it is chosen).")
                           .arg(s.dHead);
        if (allZero(s.bQ) && allZero(s.bK) && allZero(s.bV))
            text += QLatin1Char(' ') + tr("This model has no biases: b = 0.");
        return text;
    }
    case Scores:
        return tr("Each score compares one token's query with another token's key: multiply the "
                  "matching numbers and add them up (a dot product). A large score means “this key "
                  "fits what I am looking for”. Rows: the token looking; columns: the token looked "
                  "at. Click a cell to see the sum worked out.");
    case Scaled:
        return tr("All scores are divided by √%1 = %2. Longer query and key rows give bigger dot "
                  "products; without this, softmax would put almost all the attention on a single "
                  "token.").arg(s.dHead).arg(QString::number(std::sqrt(double(s.dHead)), 'g', 4));
    case Masked:
        return s.causal
                   ? tr("This model writes text from left to right, so a token may not look at the "
                        "tokens after it. Those scores become −∞ (grey, hatched); after softmax they "
                        "are exactly 0.")
                   : tr("No mask: this model reads the whole sentence at once, so every token may "
                        "look at every token, also the later ones. The scores stay as they are.");
    case Softmax:
        return tr("Softmax turns each row of scores into weights between 0 and 1 that add up to 1: "
                  "take e to the power of each score, then divide by the row's total. A row shows "
                  "how one token shares its attention. Click a cell to see the calculation.");
    case HeadOutput:
        return tr("Each token's output is a mix of the value rows V: every value row is multiplied "
                  "by the token's attention weight for it, and the results are added up. Click a "
                  "row to see the mix.");
    case Concat:
        return tr("The model has %1 heads, and each does steps 2–7 with its own weights. Their "
                  "outputs are put side by side into one row of %2 numbers per token; the columns "
                  "of this head (%3 to %4) are outlined.")
            .arg(heads).arg(s.dModel).arg(s.head * s.dHead).arg((s.head + 1) * s.dHead - 1);
    case Output:
        return tr("One more learned matrix, W_O, mixes what all the heads found back into %1 numbers "
                  "per token. This is what the attention block hands on to the rest of the layer.")
            .arg(s.dModel);
    default: return QString();
    }
}

}  // namespace headmap::ui
