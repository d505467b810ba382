// The rotation of one token's query by its position (RoPE), written out pair by pair: the angle
// θ of each pair, in radians and degrees, and the pair's two numbers before and after.

#include <cmath>

#include "steps/StepBreakdown.h"

namespace headmap::ui {
namespace {

constexpr double kPi = 3.14159265358979323846;

// What the rotation starts from: the query after QK-norm when the model has one, else as projected.
const MatrixF& unrotated(const HeadSteps& steps) {
    if (steps.qNormed.size() > 0)
        return steps.qNormed;
    return steps.qProjected.size() > 0 ? steps.qProjected : steps.q;
}

QString pairText(double x, double y) {
    return QStringLiteral("%1,&nbsp;%2").arg(breakdownNumber(x), breakdownNumber(y));
}

}  // namespace

RotationBreakdown rotationBreakdown(const HeadSteps& steps, int row) {
    RotationBreakdown b;
    const MatrixF& before = unrotated(steps);
    const int pairs = int(steps.rotaryAngles.cols());
    if (row < 0 || row >= steps.rotaryAngles.rows() || row >= before.rows() || 2 * pairs > before.cols())
        return b;
    b.row = row;
    b.rotaryDim = 2 * pairs;
    b.dHead = int(before.cols());
    b.scaling = steps.rotaryScaling;
    for (int i = 0; i < pairs; ++i) {
        RotationBreakdown::Pair p;
        p.first = i;
        p.second = i + pairs;  // rotate_half pairs the two halves, not neighbours
        p.angle = steps.rotaryAngles(row, i);
        const double x = before(row, p.first), y = before(row, p.second);
        const double c = std::cos(p.angle) * b.scaling, s = std::sin(p.angle) * b.scaling;
        p.before[0] = x;
        p.before[1] = y;
        p.after[0] = x * c - y * s;
        p.after[1] = y * c + x * s;
        b.pairs.push_back(p);
    }
    return b;
}

QString BreakdownText::rotation(const RotationBreakdown& b, const QStringList& tokens) {
    if (b.row < 0)
        return rotationHint();
    const QString name = b.row < tokens.size() ? tokens[b.row] : QString::number(b.row);
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(
        tr("How the query of “%1” (position %2) is turned").arg(name.toHtmlEscaped()).arg(b.row));
    html += QStringLiteral("<p>%1</p>").arg(
        tr("Each pair of numbers is a point that turns by its own angle θ = position × the pair's "
           "frequency: (x, y) → (x·cos θ − y·sin θ, y·cos θ + x·sin θ). The same angles turn the "
           "key of this position."));
    if (std::abs(b.scaling - 1.0) > 1e-6)
        html += QStringLiteral("<p>%1</p>").arg(
            tr("cos θ and sin θ are multiplied by %1 (the model's rope scaling), so each pair also "
               "grows by that factor.").arg(QString::number(b.scaling, 'g', 4)));
    if (b.rotaryDim < b.dHead)
        html += QStringLiteral("<p>%1</p>").arg(
            tr("Only the first %1 of the %2 dimensions are turned; %1 to %3 pass unchanged.")
                .arg(b.rotaryDim).arg(b.dHead).arg(b.dHead - 1));
    html += QStringLiteral("<table cellspacing='0' cellpadding='3'><tr><th align='left'>%1</th>"
                           "<th align='left'>%2</th><th align='right'>%3</th><th align='right'>%4</th>"
                           "<th align='right'>%5</th><th align='right'>%6</th></tr>")
                .arg(tr("pair"), tr("dims"), tr("θ (rad)"), tr("θ (°)"), tr("before"), tr("after"));
    for (size_t i = 0; i < b.pairs.size(); ++i) {
        const RotationBreakdown::Pair& p = b.pairs[i];
        const double degrees = p.angle * 180.0 / kPi;
        html += QStringLiteral("<tr><td>%1</td><td>%2&nbsp;&amp;&nbsp;%3</td><td align='right'>%4</td>"
                               "<td align='right'>%5°</td><td align='right'>%6</td><td align='right'>%7</td></tr>")
                    .arg(i).arg(p.first).arg(p.second)
                    .arg(breakdownNumber(p.angle), QString::number(degrees, 'f', 1).replace(QLatin1Char('-'), QChar(0x2212)),
                         pairText(p.before[0], p.before[1]), pairText(p.after[0], p.after[1]));
    }
    html += QStringLiteral("</table>");
    return html;
}

}  // namespace headmap::ui
