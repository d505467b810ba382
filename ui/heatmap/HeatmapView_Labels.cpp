// HeatmapView's words: the token labels on both axes, thinned to what fits the zoom and size,
// and the hover text that names a cell.

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QSignalBlocker>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "heatmap/HeatmapLabels.h"
#include "heatmap/HeatmapToolbar.h"
#include "heatmap/MaskOverlay.h"

namespace headmap::ui {
namespace {

constexpr int kLabelChars = 16;  // longer tokens would squeeze the cells; hover names them

}  // namespace

double HeatmapView::labelExtent(Qt::Orientation axis) const {
    const double line = QFontMetricsF(m_plot->xAxis->tickLabelFont()).height();
    // Key labels are turned by 45°: two of them clear each other when their baselines are a
    // line apart, which is √2 lines along the axis.
    return axis == Qt::Horizontal ? line * 1.3 : line * 1.05;
}

void HeatmapView::updateTickLabels() {
    auto fill = [&](QCPAxis* axis, const QStringList& labels, Qt::Orientation orientation, int pixels) {
        auto ticker = qSharedPointerCast<QCPAxisTickerText>(axis->ticker());
        ticker->clear();
        if (labels.isEmpty())
            return;
        const QCPRange range = axis->range();
        const double visible = std::min<double>(labels.size(), std::max(1.0, range.size()));
        const int step = labelStep(visible, pixels, labelExtent(orientation));
        // Positions whenever the tokens cannot simply be counted: labels thinned, or the axis
        // zoomed in to a part of the sentence.
        const bool zoomed = range.size() < labels.size() - 0.01;
        const bool positions = m_positionsShown || step > 1 || zoomed;
        // Only the labels in view (and one step either side): a 2,000-token axis zoomed in
        // would otherwise rebuild 2,000 ticks on every pan.
        const int first = std::max(0, int(std::floor(range.lower)) - step);
        const int last = std::min(int(labels.size()) - 1, int(std::ceil(range.upper)) + step);
        for (int i = first - first % step; i <= last; i += step) {
            const QString& label = labels[i];
            ticker->addTick(i, positions ? labelWithPosition(shortLabel(label, kLabelChars), i)
                                         : shortLabel(label, kLabelChars));
        }
    };
    const QRect rect = m_plot->axisRect()->rect();
    fill(m_plot->xAxis, m_keyLabels, Qt::Horizontal, rect.width() > 0 ? rect.width() : width());
    fill(m_plot->yAxis, m_queryLabels, Qt::Vertical, rect.height() > 0 ? rect.height() : height());
}

QList<QPair<int, QString>> HeatmapView::tickLabels(Qt::Orientation axis) const {
    QCPAxis* a = axis == Qt::Horizontal ? m_plot->xAxis : m_plot->yAxis;
    const QCPRange range = a->range();
    QList<QPair<int, QString>> shown;
    const auto ticks = qSharedPointerCast<QCPAxisTickerText>(a->ticker())->ticks();
    for (auto it = ticks.cbegin(); it != ticks.cend(); ++it)
        if (range.contains(it.key()))
            shown << qMakePair(int(std::lround(it.key())), it.value());
    return shown;
}

void HeatmapView::setPositionsShown(bool shown) {
    m_positionsShown = shown;
    if (m_toolbar->positionsBox()->isChecked() != shown) {  // set from outside the toolbar
        const QSignalBlocker blocker(m_toolbar->positionsBox());
        m_toolbar->positionsBox()->setChecked(shown);
    }
    onRangeChanged();
}

// "Query token #3 “it” attends to key token #1 “cat”: 0.123456". Positions always: the same
// word may appear many times.
QString HeatmapView::hoverTextFor(int query, int key) const {
    const double weight = double(shown()(query, key));
    // One multi-argument arg(): a token such as "%3" must not be filled in itself.
    const QString queryText = m_queryLabels.value(query), keyText = m_keyLabels.value(key);
    if (m_mask->isMasked(query, key) && m_mask->mask().isLocalWindow())
        return tr("Query token #%1 “%2”, key token #%3 “%4”: masked (local window): the key is too far "
                  "from the query, before or after it; weight 0")
            .arg(QString::number(query), queryText, QString::number(key), keyText);
    if (m_mask->isMasked(query, key) && key < query)
        return tr("Query token #%1 “%2”, key token #%3 “%4”: masked (sliding window): the key is outside "
                  "the query's window; weight 0")
            .arg(QString::number(query), queryText, QString::number(key), keyText);
    if (m_mask->isMasked(query, key))
        return tr("Query token #%1 “%2”, key token #%3 “%4”: masked (causal): a token never attends "
                  "to a later one; weight 0")
            .arg(QString::number(query), queryText, QString::number(key), keyText);
    // Six decimals, and the digits they hide for weights that are small but not 0.
    QString number = QString::number(weight, 'f', 6);
    if (weight != 0 && std::abs(weight) < 5e-4)
        number += QStringLiteral(" (%1)").arg(QString::number(weight, 'g', 4));
    const QString text = m_difference ? tr("Query token #%1 “%2”, key token #%3 “%4”: difference %5")
                                            .arg(QString::number(query), queryText, QString::number(key), keyText, number)
                                      : tr("Query token #%1 “%2” attends to key token #%3 “%4”: %5")
                                            .arg(QString::number(query), queryText, QString::number(key), keyText, number);
    return text + expertsLine(query);
}

// "\nIn this layer token #3 went to experts 5, 2 (the router's order)" for a mixture-of-experts
// model's sparse layer, else "".
QString HeatmapView::expertsLine(int query) const {
    if (query < 0 || query >= int(m_queryExperts.size()) || m_queryExperts[size_t(query)].empty())
        return QString();
    QStringList ids;
    for (int expert : m_queryExperts[size_t(query)])
        ids << QString::number(expert);
    return QLatin1Char('\n') + tr("In this layer token #%1 went to experts %2 (the router's order)")
                                   .arg(QString::number(query), ids.join(QStringLiteral(", ")));
}

// The sink column's tooltip: what the row's token gave its sink.
QString HeatmapView::sinkHoverText(int query) const {
    const float mass = sinkMass().at(size_t(query));
    return tr("Query token #%1 “%2” gives its sink %3: the weight the head put on no token (1 minus the "
              "row's sum)")
        .arg(QString::number(query), m_queryLabels.value(query), QString::number(double(mass), 'f', 6));
}

}  // namespace headmap::ui
