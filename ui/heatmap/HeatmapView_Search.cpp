// HeatmapView's toolbar: the token search (jump, zoom until the label shows, outline) and the
// hint that offers the per-row scale for long inputs.

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMetaMethod>
#include <QShortcut>
#include <QSignalBlocker>
#include <qcustomplot.h>

#include "HeatmapView.h"
#include "heatmap/HeatmapLabels.h"
#include "heatmap/HeatmapToolbar.h"

namespace headmap::ui {

void HeatmapView::buildToolbar() {
    m_toolbar = new HeatmapToolbar(this);
    // A window shortcut: it works wherever the focus is, and only while this view is shown.
    m_findShortcut = new QShortcut(QKeySequence::Find, this, this, &HeatmapView::focusSearch);
    connect(m_toolbar, &HeatmapToolbar::searchChanged, this, [this](const QString& text) { findToken(text); });
    connect(m_toolbar, &HeatmapToolbar::nextMatchRequested, this, &HeatmapView::findNext);
    connect(m_toolbar, &HeatmapToolbar::positionsToggled, this, &HeatmapView::setPositionsShown);
    connect(m_toolbar, &HeatmapToolbar::poolingChanged, this, &HeatmapView::setPooling);
    connect(m_toolbar, &HeatmapToolbar::perRowScaleRequested, this, [this] { requestScale(ScaleMode::RowMax); });
}

QLineEdit* HeatmapView::searchBox() const { return m_toolbar->searchBox(); }

QWidget* HeatmapView::scaleHint() const { return m_toolbar->scaleHint(); }

bool HeatmapView::scaleHintShown() const { return m_toolbar->isVisibleTo(this) && !m_toolbar->scaleHint()->isHidden(); }

void HeatmapView::focusSearch() {
    if (!m_toolbarVisible)
        return;
    searchBox()->setFocus(Qt::ShortcutFocusReason);
    searchBox()->selectAll();
}

void HeatmapView::setToolbarVisible(bool visible) {
    m_toolbarVisible = visible;
    m_toolbar->setVisible(visible);
    m_findShortcut->setEnabled(visible && m_ownsFindShortcut);
}

void HeatmapView::giveUpFindShortcut() {
    m_ownsFindShortcut = false;
    m_findShortcut->setEnabled(false);
}

int HeatmapView::findToken(const QString& text) {
    const int matches = updateMatches(text);
    m_plot->replot();
    return matches;
}

int HeatmapView::updateMatches(const QString& text) {
    if (searchBox()->text() != text) {
        const QSignalBlocker block(searchBox());
        searchBox()->setText(text);
    }
    const int previous = currentMatch();
    m_search = text;
    const bool previousOnKeys = m_match >= 0 && m_matchOnKeys.value(m_match);
    m_matches.clear();
    m_matchOnKeys.clear();
    m_match = -1;
    const QString needle = text.trimmed();
    bool isPosition = false;
    const int position = needle.startsWith(QLatin1Char('#')) ? needle.mid(1).toInt(&isPosition) : -1;
    // One axis's matches; with source keys the rows (target) come first, then the columns.
    auto search = [&](const QStringList& labels, int count, bool onKeys) {
        auto add = [&](int index) {
            m_matches << index;
            m_matchOnKeys << onKeys;
        };
        if (needle.isEmpty())
            return;
        if (isPosition) {
            if (position >= 0 && position < count)
                add(position);
            return;
        }
        for (int i = 0; i < labels.size(); ++i)
            if (labels[i].contains(needle, Qt::CaseInsensitive))
                add(i);
    };
    if (m_sourceKeys) {
        search(m_queryLabels, queryCount(), false);
        search(m_keyLabels, keyCount(), true);
    } else {
        search(m_keyLabels.size() >= m_queryLabels.size() ? m_keyLabels : m_queryLabels,
               std::max(queryCount(), keyCount()), false);
    }
    if (!m_matches.isEmpty()) {
        // Typing on narrows the search around where it was, not back to the first token.
        m_match = 0;
        for (int i = 0; i < m_matches.size(); ++i)
            if (m_matchOnKeys[i] == previousOnKeys && m_matches[i] >= std::max(previous, 0)) {
                m_match = i;
                break;
            }
        jumpTo(m_matches[m_match], m_sourceKeys ? std::optional<Qt::Orientation>(currentMatchAxis()) : std::nullopt);
    }
    m_toolbar->setMatchText(needle.isEmpty()       ? QString()
                            : m_matches.isEmpty() ? tr("no match")
                                                  : tr("%1 of %2").arg(m_match + 1).arg(m_matches.size()));
    updateSearchOutline();
    return int(m_matches.size());
}

void HeatmapView::findNext() {
    if (m_matches.isEmpty())
        return;
    m_match = (m_match + 1) % int(m_matches.size());
    m_toolbar->setMatchText(tr("%1 of %2").arg(m_match + 1).arg(m_matches.size()));
    jumpTo(m_matches[m_match], m_sourceKeys ? std::optional<Qt::Orientation>(currentMatchAxis()) : std::nullopt);
    updateSearchOutline();
}

Qt::Orientation HeatmapView::currentMatchAxis() const {
    return m_match >= 0 && m_matchOnKeys.value(m_match) ? Qt::Horizontal : Qt::Vertical;
}

// The token's row and column in view, zoomed until every label there shows.
void HeatmapView::jumpTo(int token, std::optional<Qt::Orientation> only) {
    // Zooming in puts positions into the labels, whose wider margins leave fewer pixels for the
    // cells: measure again until the token's own label shows (twice is usually enough).
    auto labelled = [this, token, only](Qt::Orientation axis, int cells) {
        if (token >= cells || (only && axis != *only))
            return true;
        const auto ticks = tickLabels(axis);
        return std::any_of(ticks.cbegin(), ticks.cend(), [token](const auto& tick) { return tick.first == token; })
               && (ticks.size() < 2 || ticks[1].first - ticks[0].first == 1);
    };
    for (int round = 0; round < 4; ++round) {
        if (!only || *only == Qt::Horizontal)
            showOnAxis(m_plot->xAxis, token, keyCount(), Qt::Horizontal);
        if (!only || *only == Qt::Vertical)
            showOnAxis(m_plot->yAxis, token, queryCount(), Qt::Vertical);
        onRangeChanged();
        if (labelled(Qt::Horizontal, keyCount()) && labelled(Qt::Vertical, queryCount()))
            return;
    }
}

void HeatmapView::showOnAxis(QCPAxis* axis, int index, int cells, Qt::Orientation orientation) {
    if (index < 0 || index >= cells)
        return;
    const QRect rect = m_plot->axisRect()->rect();
    const double pixels = orientation == Qt::Horizontal ? rect.width() : rect.height();
    const double fits = std::max(1.0, std::floor(pixels / labelExtent(orientation)));  // cells with every label
    const QCPRange range = axis->range();
    const bool inView = index > range.lower && index < range.upper;
    const auto ticks = tickLabels(orientation);
    const bool everyLabel = ticks.size() < 2 || ticks[1].first - ticks[0].first == 1;
    if (inView && range.size() <= fits && everyLabel)
        return;  // already there, every label showing
    // Smaller than what fits when labels were thinned all the same (the margins changed).
    const double size = std::min(range.size(), everyLabel ? fits : std::min(fits, range.size()) * 0.85);
    const QSignalBlocker block(axis);
    axis->setRange(index - size / 2, index + size / 2);  // onRangeChanged keeps it on the matrix
}

void HeatmapView::updateSearchOutline() {
    const int token = currentMatch();
    bool row = token >= 0 && token < queryCount(), column = token >= 0 && token < keyCount();
    if (m_sourceKeys) {  // a match is a target token's row or a source token's column
        row = row && currentMatchAxis() == Qt::Vertical;
        column = column && currentMatchAxis() == Qt::Horizontal;
    }
    m_matchRow->setVisible(row);
    m_matchColumn->setVisible(column);
    if (row) {
        m_matchRow->topLeft->setCoords(-0.5, token - 0.5);
        m_matchRow->bottomRight->setCoords(keyCount() - 0.5, token + 0.5);
    }
    if (column) {
        m_matchColumn->topLeft->setCoords(token - 0.5, -0.5);
        m_matchColumn->bottomRight->setCoords(token + 0.5, queryCount() - 0.5);
    }
}

void HeatmapView::updateScaleHint() {
    const int tokens = std::max(queryCount(), keyCount());
    const bool wanted = !m_difference && m_style.scale == ScaleMode::Fixed && tokens > kScaleHintTokens;
    m_toolbar->setScaleHint(wanted ? tokens : 0);
}

void HeatmapView::requestScale(ScaleMode mode) {
    if (isSignalConnected(QMetaMethod::fromSignal(&HeatmapView::scaleModeRequested))) {
        emit scaleModeRequested(mode);  // the owner changes the style and sets it here
        return;
    }
    HeatmapStyle style = m_style;
    style.scale = mode;
    setStyle(style);
}

}  // namespace headmap::ui
