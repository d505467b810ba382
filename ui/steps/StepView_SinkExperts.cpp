// Two things some models add to the walk-through (issue #39). Sinks (gpt-oss): the head's learned
// sink logit joins every row's softmax as one more column and is dropped afterwards, so the Mask
// and Softmax pages show it as a last column (its logit, then its share) and say why a row of
// weights adds up to less than 1. Experts (mixture-of-experts layers): the output page's panel
// lists the experts the router sent each token to in this layer. Dense models get neither.

#include <algorithm>

#include <QLabel>
#include <QTextBrowser>

#include "core/AttentionTrace.h"
#include "steps/MatrixView.h"
#include "steps/StepText.h"
#include "steps/StepView.h"

namespace headmap::ui {
namespace {

// (T, S + 1) m with one more column on the right.
MatrixF withColumn(const MatrixF& m, const RowVectorF& column) {
    MatrixF out(m.rows(), m.cols() + 1);
    out.leftCols(m.cols()) = m;
    out.col(m.cols()) = column.transpose();
    return out;
}

}  // namespace

LayerExperts layerExpertsOf(const AttentionTrace& trace, int layer) {
    LayerExperts experts;
    if (!trace.hasExperts() || trace.hasKeyTokens() || !trace.modelPositions().empty() || layer < 0
        || layer >= int(trace.experts().size()))
        return experts;
    experts.total = trace.model().experts;
    experts.chosen = trace.experts()[size_t(layer)];
    return experts;
}

// The masked scores with the sink's logit as a last column, and the weights with the sink's share
// (1 − the row's sum) there: the column is outlined, as it is dropped after the softmax. The
// matrices keep their names (the shape shows the extra column): a longer title would widen the
// page past a projector's 800 pixels.
void StepView::fillSinkColumns() {
    const HeadSteps& s = *m_steps;
    if (!s.hasSink)
        return;
    const QStringList keys = (isCross() ? m_keyTokens : m_tokens) + QStringList{tr("sink")};
    const Eigen::Index rows = s.masked.rows();
    const Eigen::Index keyCount = s.masked.cols();
    const RowVectorF logit = RowVectorF::Constant(rows, s.sink);  // (T) the same logit in every row
    RowVectorF share(rows);                                       // (T) what the sink took
    for (Eigen::Index q = 0; q < rows; ++q)
        share[q] = float(1.0 - s.weights.row(q).cast<double>().sum());
    MatrixView* masked = matrixOf(Masked, QStringLiteral("masked"));
    masked->setMatrix(withColumn(s.masked, logit), masked->name(), m_tokens, MatrixScale::Signed, keys);
    masked->setHighlightedColumns(int(keyCount), 1);
    MatrixView* weights = matrixOf(Softmax, QStringLiteral("weights"));
    weights->setMatrix(withColumn(s.weights, share), weights->name(), m_tokens, MatrixScale::Weights, keys);
    weights->setHighlightedColumns(int(keyCount), 1);
}

QString StepView::sinkNote(Step kind) const {
    const HeadSteps& s = *m_steps;
    if (!s.hasSink)
        return QString();
    const QString logit = QString::number(s.sink, 'g', 4);
    if (kind == Masked)
        return tr("The outlined last column is this head's sink: a learned score of %1, the same in every row, "
                  "that belongs to no token. It joins the softmax on the next page.").arg(logit);
    if (kind == Softmax)
        return tr("The outlined last column is the sink's share of each row. It is dropped: the head gives "
                  "that much attention to no token.");
    return QString();
}

QString StepView::softmaxFormula() const {
    const HeadSteps& s = *m_steps;
    if (!s.hasSink)
        return QStringLiteral("A = softmax(S″)&nbsp;&nbsp;&nbsp; a<sub>ij</sub> = exp(s″<sub>ij</sub>) ÷ "
                              "Σ<sub>k</sub> exp(s″<sub>ik</sub>)")
               + greyNote(tr("%1 → %2, every row adds up to 1").arg(shapeText(s.masked), shapeText(s.weights)));
    // Two lines: on one the formula would widen the page past a projector's 800 pixels. The sink
    // is named as its column is (汇聚点 in Chinese).
    const QString sink = tr("sink");
    return tr("%1, the sink's column dropped").arg(QStringLiteral("A = softmax([S″, %1])").arg(sink))
           + QStringLiteral("<br>a<sub>ij</sub> = exp(s″<sub>ij</sub>) ÷ (Σ<sub>k</sub> exp(s″<sub>ik</sub>) + exp(%1))")
                 .arg(sink)
           + greyNote(tr("%1 and the sink %2 → %3, every row adds up to less than 1")
                          .arg(shapeText(s.masked), QString::number(s.sink, 'g', 4), shapeText(s.weights)));
}

QString StepView::sinkExplanation() const {
    const HeadSteps& s = *m_steps;
    if (!s.hasSink)
        return QString();
    double least = 1.0;
    for (Eigen::Index q = 0; q < s.weights.rows(); ++q)
        least = std::min(least, s.weights.row(q).cast<double>().sum());
    return QLatin1Char(' ')
           + tr("This head also has a sink: its learned score joins every row as one more column, and after "
                "the softmax that column is dropped. So here a row adds up to less than 1 (down to %1 in this "
                "sentence): the missing mass went to the sink, attention the head gave to no token.")
                 .arg(QString::number(least, 'f', 3));
}

QString StepView::expertsExplanation() const {
    if (m_experts.empty())
        return QString();
    const int k = m_experts.chosen.front().empty() ? 0 : int(m_experts.chosen.front().size());
    return QLatin1Char(' ')
           + tr("In this layer a mixture of experts comes next: instead of one feed-forward network there "
                "are %1 experts, and a router sends each token to %2 of them. The panel lists which.")
                 .arg(m_experts.total).arg(k);
}

// Per token the experts it went to, the selected token's row marked.
QString StepView::expertsHtml() const {
    if (m_experts.empty())
        return QString();
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(tr("Experts in this layer"));
    html += QStringLiteral("<table cellspacing='0' cellpadding='3'><tr><th align='left'>%1</th>"
                           "<th align='left'>%2</th></tr>")
                .arg(tr("token"), tr("went to experts (the router's order)"));
    for (int token = 0; token < int(m_experts.chosen.size()); ++token) {
        QStringList ids;
        for (int expert : m_experts.chosen[size_t(token)])
            ids << QString::number(expert);
        const QString label = QStringLiteral("#%1 “%2”").arg(token).arg(m_tokens.value(token).toHtmlEscaped());
        const QString row = QStringLiteral("<td>%1</td><td>%2</td>").arg(label, ids.join(QStringLiteral(", ")));
        html += token == m_selected
                    ? QStringLiteral("<tr style='background-color:#ffe08a;color:black;font-weight:bold'>%1</tr>").arg(row)
                    : QStringLiteral("<tr>%1</tr>").arg(row);
    }
    return html + QStringLiteral("</table>");
}

}  // namespace headmap::ui
