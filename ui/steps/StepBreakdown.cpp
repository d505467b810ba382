#include "steps/StepBreakdown.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "heatmap/HeatmapLabels.h"

namespace headmap::ui {
namespace {

constexpr int kAllTermsUpTo = 16;  // d_head up to this: every term; beyond: the largest
constexpr int kLargestTerms = 8;
constexpr int kSoftmaxRowsUpTo = 16;
constexpr int kWeightedTerms = 6;

bool validRow(const MatrixF& m, int row) { return row >= 0 && row < m.rows(); }

// A factor inside a sum: two decimals, true minus sign.
QString factor(double value) {
    QString text = QString::number(value, 'f', 2);
    if (text == QLatin1String("-0.00"))
        text = QStringLiteral("0.00");
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

// “it” #10: the position tells repeated words apart (a sentence may say "it" three times).
QString token(const QStringList& tokens, int index) {
    if (index < 0 || index >= tokens.size())
        return QStringLiteral("#%1").arg(index);
    return QStringLiteral("“%1” #%2").arg(tokens[index].toHtmlEscaped()).arg(index);
}

// Keeps a term on one line: its spaces become no-break spaces (Qt's rich text ignores
// white-space:nowrap on spans).
QString nowrap(const QString& html) {
    QString text = html;
    bool inTag = false;
    for (QChar& c : text) {
        if (c == QLatin1Char('<') || c == QLatin1Char('>'))
            inTag = c == QLatin1Char('<');
        else if (c == QLatin1Char(' ') && !inTag)
            c = QChar(0x00A0);
    }
    return text;
}

QString dim(const QString& html) {
    return QStringLiteral("<span style='color:gray'>%1</span>").arg(html);
}

// Indices of values sorted by |value| (or value), largest first.
std::vector<int> largestFirst(const std::vector<double>& values, bool byMagnitude) {
    std::vector<int> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return byMagnitude ? std::abs(values[a]) > std::abs(values[b]) : values[a] > values[b];
    });
    return order;
}

}  // namespace

DotProductBreakdown dotProductBreakdown(const HeadSteps& steps, int query, int key) {
    DotProductBreakdown b;
    if (!validRow(steps.q, query) || !validRow(steps.k, key))
        return b;
    b.query = query;
    b.key = key;
    for (Eigen::Index d = 0; d < steps.q.cols(); ++d) {
        b.q.push_back(steps.q(query, d));
        b.k.push_back(steps.k(key, d));
        b.terms.push_back(b.q.back() * b.k.back());
        b.total += b.terms.back();
    }
    return b;
}

SoftmaxBreakdown softmaxBreakdown(const HeadSteps& steps, int row) {
    SoftmaxBreakdown b;
    if (!validRow(steps.masked, row))
        return b;
    b.row = row;
    const Eigen::Index t = steps.masked.cols();
    b.max = -INFINITY;
    for (Eigen::Index j = 0; j < t; ++j) {
        const double score = steps.masked(row, j);
        b.scores.push_back(score);
        b.masked.push_back(std::isinf(score) && score < 0);
        if (!b.masked.back())
            b.max = std::max(b.max, score);
    }
    b.hasSink = steps.hasSink;
    if (b.hasSink) {
        b.sink = steps.sink;
        b.max = std::max(b.max, b.sink);
    }
    for (Eigen::Index j = 0; j < t; ++j) {
        b.exps.push_back(b.masked[j] ? 0.0 : std::exp(b.scores[j] - b.max));
        b.sum += b.exps.back();
    }
    if (b.hasSink) {
        b.sinkExp = std::exp(b.sink - b.max);
        b.sum += b.sinkExp;
        b.sinkWeight = b.sinkExp / b.sum;
    }
    for (double e : b.exps)
        b.weights.push_back(b.sum > 0 ? e / b.sum : 0.0);
    return b;
}

WeightedSumBreakdown weightedSumBreakdown(const HeadSteps& steps, int row, std::vector<int> dims) {
    WeightedSumBreakdown b;
    if (!validRow(steps.weights, row) || steps.v.rows() != steps.weights.cols())
        return b;
    b.row = row;
    for (Eigen::Index j = 0; j < steps.weights.cols(); ++j)
        b.weights.push_back(steps.weights(row, j));
    b.order = largestFirst(b.weights, false);
    for (int d : dims) {
        if (d < 0 || d >= steps.v.cols())
            continue;
        double sum = 0;
        std::vector<double> column;
        for (Eigen::Index j = 0; j < steps.v.rows(); ++j) {
            column.push_back(steps.v(j, d));
            sum += b.weights[j] * column.back();
        }
        b.dims.push_back(d);
        b.columns.push_back(std::move(column));
        b.values.push_back(sum);
    }
    return b;
}

bool isStandardScale(const HeadSteps& steps) {
    return steps.scale == 0 || steps.dHead <= 0
           || std::abs(double(steps.scale) * std::sqrt(double(steps.dHead)) - 1.0) < 1e-5;
}

int scaleRootOf(const HeadSteps& steps) {
    if (steps.scale <= 0)
        return 0;
    const double n = 1.0 / (double(steps.scale) * double(steps.scale));
    const double whole = std::round(n);
    return whole >= 1 && std::abs(n - whole) < 1e-3 * whole ? int(whole) : 0;
}

bool isMaskedCell(const HeadSteps& steps, int query, int key) {
    if (validRow(steps.masked, query) && key >= 0 && key < steps.masked.cols())
        return std::isinf(steps.masked(query, key)) && steps.masked(query, key) < 0;
    return steps.causal && key > query;
}

QString breakdownNumber(double value) {
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    QString text = QString::number(value, 'f', 3);
    if (text == QLatin1String("-0.000"))
        text = QStringLiteral("0.000");
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

QString subscripted(const QString& letter, int index) {
    QString digits = QString::number(index);
    for (QChar& c : digits)
        if (c.isDigit())
            c = QChar(0x2080 + c.digitValue());
    return letter + digits;
}

QString BreakdownText::dotProduct(const HeadSteps& steps, const DotProductBreakdown& b,
                                  const QStringList& tokens, ScoreStage stage, const QStringList& keyTokens) {
    if (b.query < 0)
        return scoreHint();
    const QStringList& keys = keyTokens.isEmpty() ? tokens : keyTokens;
    const int n = int(b.terms.size());
    const QString name = subscripted(QStringLiteral("q"), b.query) + QStringLiteral("·")
                         + subscripted(QStringLiteral("k"), b.key);
    QString html = QStringLiteral("<p><b>%1</b></p>")
                       .arg(tr("How much does %1 look for %2?")
                                .arg(token(tokens, b.query), token(keys, b.key)));
    html += QStringLiteral("<p>%1</p>").arg(
        tr("Multiply the query of %1 and the key of %2 number by number, then add up all %n "
           "products.", nullptr, n)
            .arg(token(tokens, b.query), token(keys, b.key)));

    QStringList parts;
    const bool all = n <= kAllTermsUpTo;
    std::vector<int> shown(n);
    std::iota(shown.begin(), shown.end(), 0);
    if (!all) {
        shown = largestFirst(b.terms, true);
        shown.resize(kLargestTerms);
    }
    double shownSum = 0;
    for (int d : shown) {
        shownSum += b.terms[d];
        QString term = QStringLiteral("(%1 × %2)").arg(factor(b.q[d]), factor(b.k[d]));
        if (!all)
            term += dim(QStringLiteral("<sub>[%1]</sub>").arg(d));
        parts << nowrap(term);
    }
    // The name on a line of its own: Qt breaks the first line of a paragraph that starts with
    // subscript digits in the middle of a number.
    QString sum = name + QStringLiteral("<br>= ") + parts.join(QStringLiteral(" + "));
    if (!all)
        sum += QStringLiteral(" + ")
               + nowrap(dim(tr("… %n more terms (together %1)", nullptr, n - kLargestTerms)
                                .arg(breakdownNumber(b.total - shownSum))));
    sum += QStringLiteral(" = ") + nowrap(QStringLiteral("<b>%1</b>").arg(breakdownNumber(b.total)));
    html += QStringLiteral("<p style='font-size:large'>%1</p>").arg(sum);
    if (!all)
        html += QStringLiteral("<p>%1</p>").arg(dim(
            tr("Shown: the %1 largest terms by size; [d] is the position in the row.").arg(kLargestTerms)));

    double value = b.total;
    if (stage >= ScoreStage::Scaled) {
        if (isStandardScale(steps)) {
            const double root = std::sqrt(double(steps.dHead));
            value = b.total / root;
            html += QStringLiteral("<p>%1</p>").arg(
                tr("Scaled: %1 ÷ √%2 = %1 ÷ %3 = <b>%4</b>")
                    .arg(breakdownNumber(b.total), QString::number(steps.dHead),
                         QString::number(root, 'g', 4), breakdownNumber(value)));
        } else {  // the model's own factor, e.g. Gemma's 1/√query_pre_attn_scalar
            value = b.total * double(steps.scale);
            html += QStringLiteral("<p>%1</p>").arg(
                tr("Scaled: %1 × %2 = <b>%3</b>")
                    .arg(breakdownNumber(b.total), QString::number(steps.scale, 'g', 4), breakdownNumber(value)));
        }
    }
    if (stage >= ScoreStage::Softcapped && steps.softcapped.size() > 0 && steps.softcap > 0) {
        const double cap = steps.softcap;
        const double capped = cap * std::tanh(value / cap);
        html += QStringLiteral("<p>%1</p>").arg(
            tr("Softcapped: %1 · tanh(%2 ÷ %1) = <b>%3</b>")
                .arg(QString::number(cap, 'g', 4), breakdownNumber(value), breakdownNumber(capped)));
        value = capped;
    }
    if (stage >= ScoreStage::Masked) {
        const bool masked = isMaskedCell(steps, b.query, b.key);
        const bool window = steps.mask == AttentionMask::SlidingWindow;
        QString text;
        if (steps.mask == AttentionMask::LocalWindow)
            text = masked ? tr("Masked: %1 is %2 tokens away from %3, outside its window of %4 tokens on either "
                               "side. The score becomes <b>−∞</b>.")
                                .arg(token(tokens, b.key)).arg(std::abs(b.query - b.key)).arg(token(tokens, b.query))
                                .arg(steps.window)
                          : tr("Not masked: %1 is within %2 tokens of %3, so the score stays.")
                                .arg(token(tokens, b.key)).arg(steps.window).arg(token(tokens, b.query));
        else if (masked && b.key > b.query)
            text = tr("Masked: %1 comes after %2, so %2 may not look at it. The score becomes <b>−∞</b>.")
                       .arg(token(tokens, b.key), token(tokens, b.query));
        else if (masked)  // outside the sliding window: key ≤ query − window
            text = tr("Masked: %1 is %2 tokens before %3, outside its window of the last %4 tokens. "
                      "The score becomes <b>−∞</b>.")
                       .arg(token(tokens, b.key)).arg(b.query - b.key).arg(token(tokens, b.query)).arg(steps.window);
        else if (window)
            text = tr("Not masked: %1 is among the last %2 tokens up to %3, so the score stays.")
                       .arg(token(tokens, b.key)).arg(steps.window).arg(token(tokens, b.query));
        else if (steps.causal)
            text = tr("Not masked: %1 does not come after %2, so the score stays.")
                       .arg(token(tokens, b.key), token(tokens, b.query));
        else if (steps.memory.size() > 0)
            text = tr("Cross-attention has no mask: every target token may read the whole source sentence, so "
                      "the score stays.");
        else
            text = tr("No mask in this model: the score stays.");
        html += QStringLiteral("<p>%1</p>").arg(text);
    }
    return html;
}

QString BreakdownText::softmax(const SoftmaxBreakdown& b, const QStringList& rowTokens, int clickedKey,
                               const QStringList& keyTokens) {
    if (b.row < 0)
        return softmaxHint();
    const QStringList& tokens = keyTokens.isEmpty() ? rowTokens : keyTokens;  // the row's keys
    const int t = int(b.scores.size());
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(
        tr("Softmax of the row of %1").arg(token(rowTokens, b.row)));
    html += QStringLiteral("<p>%1</p>").arg(
        tr("1. Subtract the largest score, max = %1 (it keeps the powers small and does not change "
           "the result).<br>2. Take e to the power of each: exp(score − max).<br>3. Divide each by "
           "their sum.").arg(breakdownNumber(b.max)));

    std::vector<int> rows(t);
    std::iota(rows.begin(), rows.end(), 0);
    if (t > kSoftmaxRowsUpTo) {  // the largest weights, and the clicked one
        rows = largestFirst(b.weights, false);
        rows.resize(kSoftmaxRowsUpTo - 1);
        if (clickedKey >= 0 && clickedKey < t
            && std::find(rows.begin(), rows.end(), clickedKey) == rows.end())
            rows.push_back(clickedKey);
    }
    html += QStringLiteral("<table cellspacing='0' cellpadding='3'><tr><th align='left'>%1</th>"
                           "<th align='right'>%2</th><th align='right'>%3</th><th align='right'>%4</th></tr>")
                .arg(tr("key"), tr("score"), tr("exp(score − max)"), tr("weight"));
    for (int j : rows) {
        const bool clicked = j == clickedKey;
        QString row = QStringLiteral("<td>%1</td><td align='right'>%2</td><td align='right'>%3</td>"
                                     "<td align='right'>%4</td>")
                          .arg(token(tokens, j), breakdownNumber(b.scores[j]),
                               breakdownNumber(b.exps[j]), breakdownNumber(b.weights[j]));
        if (b.masked[j])
            row = dim(row).replace(QStringLiteral("<td"), QStringLiteral("<td style='color:gray'"));
        html += clicked ? QStringLiteral("<tr style='background-color:#ffe08a;color:black;font-weight:bold'>%1</tr>").arg(row)
                        : QStringLiteral("<tr>%1</tr>").arg(row);
    }
    if (b.hasSink)  // one more score, no token's: its weight is dropped
        html += QStringLiteral("<tr style='font-style:italic'><td>%1</td><td align='right'>%2</td>"
                               "<td align='right'>%3</td><td align='right'>%4</td></tr>")
                    .arg(tr("sink (dropped)"), breakdownNumber(b.sink), breakdownNumber(b.sinkExp),
                         breakdownNumber(b.sinkWeight));
    html += QStringLiteral("</table>");
    if (int(rows.size()) < t)
        html += QStringLiteral("<p>%1</p>").arg(dim(tr("… %n more tokens with smaller weights", nullptr,
                                                      t - int(rows.size()))));
    html += QStringLiteral("<p>%1</p>").arg(
        b.hasSink ? tr("Sum of the exps, the sink's included = <b>%1</b>").arg(breakdownNumber(b.sum))
                  : tr("Sum of the exps = <b>%1</b>").arg(breakdownNumber(b.sum)));
    if (b.hasSink)
        html += QStringLiteral("<p>%1</p>").arg(
            tr("The sink's weight %1 is dropped, so the tokens' weights add up to %2, not 1.")
                .arg(breakdownNumber(b.sinkWeight), breakdownNumber(1.0 - b.sinkWeight)));
    if (clickedKey >= 0 && clickedKey < t) {
        html += QStringLiteral("<p style='font-size:large'>%1</p>").arg(
            b.masked[clickedKey]
                ? tr("weight of %1 = 0 ÷ %2 = <b>0</b> (masked: exp(−∞) = 0)")
                      .arg(token(tokens, clickedKey), breakdownNumber(b.sum))
                : tr("weight of %1 = %2 ÷ %3 = <b>%4</b>")
                      .arg(token(tokens, clickedKey), breakdownNumber(b.exps[clickedKey]),
                           breakdownNumber(b.sum), breakdownNumber(b.weights[clickedKey])));
    }
    return html;
}

QString BreakdownText::weightedSum(const WeightedSumBreakdown& b, const QStringList& tokens,
                                   const QStringList& keyTokens) {
    if (b.row < 0)
        return weightedSumHint();
    const QStringList& values = keyTokens.isEmpty() ? tokens : keyTokens;  // whose value rows mix
    const int t = int(b.order.size());
    std::vector<int> keys;
    for (int j : b.order)
        if (b.weights[j] > 0 && int(keys.size()) < kWeightedTerms)
            keys.push_back(j);
    const int rest = t - int(keys.size());
    double shownWeight = 0;
    for (int j : keys)
        shownWeight += b.weights[j];
    auto more = [&](double together) {
        return rest > 0 ? QStringLiteral(" + ")
                              + nowrap(dim(tr("… %n more (together %1)", nullptr, rest).arg(breakdownNumber(together))))
                        : QString();
    };
    const QString self = subscripted(QStringLiteral("o"), b.row);

    QString html = QStringLiteral("<p><b>%1</b></p>").arg(
        tr("The output of %1 mixes the value rows").arg(token(tokens, b.row)));
    html += QStringLiteral("<p>%1</p>").arg(
        tr("Each token's value row is multiplied by how much %1 attends to it; the results are "
           "added up. Largest weights first:").arg(token(tokens, b.row)));
    QStringList parts;
    for (int j : keys) {
        QString v = QStringLiteral("v(%1)").arg(
            j < values.size() ? labelWithPosition(values[j], j).toHtmlEscaped() : QStringLiteral("#%1").arg(j));
        if (j == b.row && keyTokens.isEmpty())  // the token's own value (self-attention)
            v = QStringLiteral("<u>%1</u>").arg(v);
        parts << nowrap(QStringLiteral("%1 × %2").arg(factor(b.weights[j]), v));
    }
    html += QStringLiteral("<p style='font-size:large'>%1 = %2%3</p>")
                .arg(self, parts.join(QStringLiteral(" + ")),
                     rest > 0 ? QStringLiteral(" + ") + nowrap(dim(tr("… %n more (their weights add up to %1)", nullptr, rest)
                                                                    .arg(breakdownNumber(1.0 - shownWeight))))
                              : QString());
    html += QStringLiteral("<p>%1</p>").arg(tr("Number by number:"));
    for (size_t i = 0; i < b.dims.size(); ++i) {
        const int d = b.dims[i];
        QStringList terms;
        double shownSum = 0;
        for (int j : keys)
            shownSum += b.weights[j] * b.columns[i][j];
        for (int j : keys)
            terms << nowrap(QStringLiteral("%1 × %2").arg(factor(b.weights[j]), factor(b.columns[i][j])));
        html += QStringLiteral("<p>%1[%2] = %3%4 = <b>%5</b></p>")
                    .arg(self).arg(d).arg(terms.join(QStringLiteral(" + ")), more(b.values[i] - shownSum),
                                          breakdownNumber(b.values[i]));
    }
    return html;
}

QString BreakdownText::scoreHint() {
    return tr("Click a cell to see its score worked out: query row times key row.");
}

QString BreakdownText::softmaxHint() {
    return tr("Click a cell to see how softmax turns that row of scores into weights.");
}

QString BreakdownText::weightedSumHint() { return tr("Click a row to see how it mixes the value rows."); }

QString BreakdownText::rotationHint() {
    return tr("Click a row to see the angle each pair of that token's query is turned by.");
}

}  // namespace headmap::ui
