// HeadGridView's clicks, keys, head selection and ablation: a plain click opens a head, Ctrl+click
// toggles its selection, dragging a rectangle
// selects the heads under it (Ctrl adds), and the buttons, the context menu or X / M / R switch
// the selected heads off (zero, mean) or restore them. The grid only asks (ablationsRequested);
// the document reruns the model and hands the switched-off heads back (setAblations).

#include <algorithm>

#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QResizeEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>

#include "predictions/PredictionPanel.h"
#include "views/HeadGridView.h"

namespace headmap::ui {

void HeadGridView::buildAblationButtons() {
    m_buttons = new QWidget(this);
    auto* layout = new QHBoxLayout(m_buttons);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    auto button = [layout](const QString& text, const QString& tip) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setFocusPolicy(Qt::NoFocus);  // the grid keeps the keyboard
        layout->addWidget(b);
        return b;
    };
    m_zeroButton = button(tr("Switch off (zero)"),
                          tr("Replace the selected heads' output by zeros (X); Ctrl+click or drag to select"));
    m_meanButton = button(tr("Switch off (mean)"),
                          tr("Replace the selected heads' output by its mean over the positions (M)"));
    m_restoreButton = button(tr("Restore"), tr("Switch the selected heads back on (R)"));
    connect(m_zeroButton, &QToolButton::clicked, this, [this] { switchOffSelected(AblationMode::Zero); });
    connect(m_meanButton, &QToolButton::clicked, this, [this] { switchOffSelected(AblationMode::Mean); });
    connect(m_restoreButton, &QToolButton::clicked, this, &HeadGridView::restoreSelected);
    updateAblationButtons();
}

void HeadGridView::updateAblationButtons() {
    if (!m_buttons)
        return;
    const bool shown = layerCount() > 0 && m_pendingText.isEmpty();
    m_buttons->setVisible(shown);
    const std::vector<std::pair<int, int>> heads = targetHeads();
    const bool any = !heads.empty();
    m_zeroButton->setEnabled(any);
    m_meanButton->setEnabled(any);
    m_restoreButton->setEnabled(std::any_of(heads.begin(), heads.end(),
                                            [this](const auto& h) { return isAblated(h.first, h.second); }));
    m_buttons->adjustSize();
    m_buttons->move(width() - m_buttons->width() - 8, 4);
}

void HeadGridView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateAblationButtons();
    if (event->size().width() != event->oldSize().width())
        updateGeometry();  // the caption wraps into another number of lines
}

void HeadGridView::setAblations(const std::vector<HeadAblation>& ablations) {
    m_ablations = ablations;
    updateAblationButtons();
    updateGeometry();  // the legend's height
    update();
}

void HeadGridView::setStack(std::optional<StackKind> stack) {
    if (stack == m_stack)
        return;
    m_stack = stack;
    updateAblationButtons();
    update();
}

bool HeadGridView::isOwn(const HeadAblation& ablation) const {
    // Unset in an encoder–decoder model's ablation means cross-attention, as the engine reads it.
    return m_stack ? ablation.stack.value_or(StackKind::Cross) == *m_stack : !ablation.stack;
}

bool HeadGridView::isAblated(int layer, int head) const {
    return std::any_of(m_ablations.begin(), m_ablations.end(),
                       [&](const HeadAblation& a) { return a.layer == layer && a.head == head && isOwn(a); });
}

std::vector<std::pair<int, int>> HeadGridView::selectedHeads() const {
    std::vector<std::pair<int, int>> heads;
    const int h = headCount();
    if (m_selected.size() != size_t(layerCount() * h))
        return heads;  // waiting for images
    for (size_t i = 0; i < m_selected.size() && h > 0; ++i)
        if (m_selected[i])
            heads.emplace_back(int(i) / h, int(i) % h);
    return heads;
}

void HeadGridView::setSelectedHeads(const std::vector<std::pair<int, int>>& heads) {
    const int layers = layerCount(), h = headCount();
    m_requestedSelection = layers > 0 ? std::vector<std::pair<int, int>>() : heads;
    m_selected.assign(size_t(layers * h), 0);
    for (const auto& [layer, head] : heads)
        if (layer >= 0 && layer < layers && head >= 0 && head < h)
            m_selected[size_t(layer * h + head)] = 1;
    updateAblationButtons();
    update();
    emit selectedHeadsChanged();
}

void HeadGridView::clearSelectedHeads() {
    if (std::none_of(m_selected.begin(), m_selected.end(), [](char c) { return c != 0; }))
        return;
    setSelectedHeads({});
}

void HeadGridView::toggleSelected(int layer, int head) {
    std::vector<std::pair<int, int>> heads = selectedHeads();
    const auto found = std::find(heads.begin(), heads.end(), std::make_pair(layer, head));
    if (found != heads.end())
        heads.erase(found);
    else
        heads.emplace_back(layer, head);
    setSelectedHeads(heads);
}

std::vector<std::pair<int, int>> HeadGridView::targetHeads() const {
    std::vector<std::pair<int, int>> heads = selectedHeads();
    if (heads.empty() && layerCount() > 0 && m_currentLayer >= 0 && m_currentLayer < layerCount() &&
        m_currentHead >= 0 && m_currentHead < headCount())
        heads.emplace_back(m_currentLayer, m_currentHead);
    return heads;
}

void HeadGridView::finishBand(const QRect& band, bool add) {
    std::vector<std::pair<int, int>> heads = add ? selectedHeads() : std::vector<std::pair<int, int>>();
    const Geometry g = geometryFor(size());
    for (int l = 0; l < layerCount(); ++l)
        for (int h = 0; h < headCount(); ++h)
            if (g.cellRect(l, h).intersects(band) &&
                std::find(heads.begin(), heads.end(), std::make_pair(l, h)) == heads.end())
                heads.emplace_back(l, h);
    setSelectedHeads(heads);
}

void HeadGridView::switchOffSelected(AblationMode mode) {
    std::vector<HeadAblation> ablations = m_ablations;
    // Not a structured binding: lambdas may not capture those in C++17 (clang refuses; g++ lets it by).
    for (const std::pair<int, int>& target : targetHeads()) {
        const int layer = target.first, head = target.second;
        ablations.erase(std::remove_if(ablations.begin(), ablations.end(),
                                       [&](const HeadAblation& a) {
                                           return a.layer == layer && a.head == head && isOwn(a);
                                       }),
                        ablations.end());
        ablations.push_back(HeadAblation{layer, head, mode, m_stack});
    }
    emit ablationsRequested(ablations);
}

void HeadGridView::restoreSelected() {
    std::vector<HeadAblation> ablations = m_ablations;
    for (const std::pair<int, int>& target : targetHeads())
        ablations.erase(std::remove_if(ablations.begin(), ablations.end(),
                                       [&](const HeadAblation& a) {
                                           return a.layer == target.first && a.head == target.second && isOwn(a);
                                       }),
                        ablations.end());
    emit ablationsRequested(ablations);
}

void HeadGridView::contextMenuEvent(QContextMenuEvent* event) {
    int layer = -1, column = -1;
    // Right-clicking an unselected head acts on it alone.
    if (cellAt(event->pos(), &layer, &column) && column < headCount()) {
        const auto heads = selectedHeads();
        if (std::find(heads.begin(), heads.end(), std::make_pair(layer, column)) == heads.end())
            setSelectedHeads({{layer, column}});
    }
    if (targetHeads().empty())
        return;
    QMenu menu(this);
    menu.addAction(m_zeroButton->text(), this, [this] { switchOffSelected(AblationMode::Zero); });
    menu.addAction(m_meanButton->text(), this, [this] { switchOffSelected(AblationMode::Mean); });
    menu.addAction(m_restoreButton->text(), this, &HeadGridView::restoreSelected)->setEnabled(m_restoreButton->isEnabled());
    menu.addSeparator();
    menu.addAction(tr("Clear the selection"), this, &HeadGridView::clearSelectedHeads);
    menu.exec(event->globalPos());
}

bool HeadGridView::selectionKey(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_X: switchOffSelected(AblationMode::Zero); return true;
    case Qt::Key_M: switchOffSelected(AblationMode::Mean); return true;
    case Qt::Key_R: restoreSelected(); return true;
    case Qt::Key_Escape:
        if (selectedHeads().empty())
            return false;  // Esc also cancels work in the window
        clearSelectedHeads();
        return true;
    case Qt::Key_Space:
        toggleSelected(std::clamp(m_currentLayer, 0, layerCount() - 1), std::clamp(m_currentHead, 0, headCount() - 1));
        return true;
    default: return false;
    }
}

void HeadGridView::drawSelectionAndAblations(QPainter& painter, const Geometry& g) const {
    painter.save();
    const QColor text = palette().color(QPalette::Text);
    for (const HeadAblation& a : m_ablations) {
        if (a.layer >= layerCount() || a.head >= headCount() || !isOwn(a))
            continue;
        const QRect cell = g.cellRect(a.layer, a.head);
        QColor grey = palette().color(QPalette::Base);
        grey.setAlpha(170);
        painter.fillRect(cell, grey);
        painter.setPen(QPen(text, std::max(2, g.cell / 16), Qt::SolidLine, Qt::RoundCap));
        const int inset = std::max(2, g.cell / 8);
        const QRect cross = cell.adjusted(inset, inset, -inset, -inset);
        painter.drawLine(cross.topLeft(), cross.bottomRight());
        painter.drawLine(cross.topRight(), cross.bottomLeft());
        if (a.mode == AblationMode::Mean && g.cell >= 2 * painter.fontMetrics().height()) {
            painter.drawText(cell, Qt::AlignHCenter | Qt::AlignBottom, tr("mean"));
        }
    }
    const QColor selection = palette().color(QPalette::Highlight);
    painter.setBrush(Qt::NoBrush);
    for (const auto& [layer, head] : selectedHeads()) {
        painter.setPen(QPen(selection, 2, Qt::DashLine));
        painter.drawRect(g.cellRect(layer, head).adjusted(-2, -2, 1, 1));
    }
    if (!m_band.isNull()) {
        QColor fill = selection;
        fill.setAlpha(40);
        painter.setPen(QPen(selection, 1, Qt::DashLine));
        painter.setBrush(fill);
        painter.drawRect(m_band);
    }
    painter.restore();
}

void HeadGridView::mousePressEvent(QMouseEvent* event) {
    m_pressLayer = m_pressColumn = -1;
    m_band = QRect();
    m_pressPos = event->button() == Qt::LeftButton ? event->position().toPoint() : QPoint();
    if (event->button() == Qt::LeftButton)
        cellAt(event->position().toPoint(), &m_pressLayer, &m_pressColumn);
    QWidget::mousePressEvent(event);
}

void HeadGridView::mouseReleaseEvent(QMouseEvent* event) {
    int layer = -1, column = -1;
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    if (event->button() == Qt::LeftButton && !m_band.isNull()) {
        finishBand(m_band, ctrl);
    } else if (event->button() == Qt::LeftButton && cellAt(event->position().toPoint(), &layer, &column) &&
               layer == m_pressLayer && column == m_pressColumn && column < headCount()) {
        if (ctrl) {
            toggleSelected(layer, column);
        } else {  // a plain click opens the head, as always
            clearSelectedHeads();
            setCurrentHead(layer, column);
            emit headActivated(layer, column);
        }
    }
    m_band = QRect();
    m_pressPos = QPoint();
    m_pressLayer = m_pressColumn = -1;
    update();
}

void HeadGridView::keyPressEvent(QKeyEvent* event) {
    const int layers = layerCount(), heads = headCount();
    if (layers == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (selectionKey(event))
        return;
    int layer = std::clamp(m_currentLayer, 0, layers - 1), head = std::clamp(m_currentHead, 0, heads - 1);
    switch (event->key()) {
    case Qt::Key_Left: head = std::max(0, head - 1); break;
    case Qt::Key_Right: head = std::min(heads - 1, head + 1); break;
    case Qt::Key_Up: layer = std::max(0, layer - 1); break;
    case Qt::Key_Down: layer = std::min(layers - 1, layer + 1); break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        setCurrentHead(layer, head);
        emit headActivated(layer, head);
        return;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    setCurrentHead(layer, head);
}

}  // namespace headmap::ui
