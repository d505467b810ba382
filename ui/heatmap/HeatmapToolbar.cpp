#include "heatmap/HeatmapToolbar.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace headmap::ui {

HeatmapToolbar::HeatmapToolbar(QWidget* parent)
    : QWidget(parent), m_search(new QLineEdit), m_matches(new QLabel),
      m_positions(new QCheckBox(tr("Positions"))), m_pooling(new QComboBox), m_hint(new QLabel) {
    m_search->setObjectName(QStringLiteral("tokenSearch"));
    m_search->setPlaceholderText(tr("Find a token (Ctrl+F)"));
    m_search->setToolTip(tr("Jump to a token and outline it: a word, or #12 for the token at position 12. "
                            "Enter goes to the next match."));
    m_search->setClearButtonEnabled(true);
    fitSearchWidth();
    m_positions->setObjectName(QStringLiteral("labelPositions"));
    m_positions->setToolTip(tr("Write each token's position in the axis labels (\"it #10\"). "
                               "Labels that are thinned out always carry it."));
    m_pooling->setObjectName(QStringLiteral("pooling"));
    m_pooling->addItem(tr("Max of each block"), int(Pooling::Max));
    m_pooling->addItem(tr("Mean of each block"), int(Pooling::Mean));
    m_pooling->setToolTip(tr("The matrix has more cells than the screen has pixels, so each pixel shows a block "
                             "of cells: its largest weight (sharp heads stay visible) or its mean (how much "
                             "attention the block gets in all). Zoom in to see every cell; hovering always "
                             "gives the exact weight."));
    m_pooling->setVisible(false);
    m_hint->setObjectName(QStringLiteral("scaleHint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::RichText);
    m_hint->setVisible(false);
    styleHint();

    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_search);
    row->addWidget(m_matches);
    row->addSpacing(12);
    row->addWidget(m_positions);
    row->addSpacing(12);
    row->addWidget(m_pooling);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);
    layout->addLayout(row);
    layout->addWidget(m_hint);

    connect(m_search, &QLineEdit::textChanged, this, &HeatmapToolbar::searchChanged);
    connect(m_search, &QLineEdit::returnPressed, this, &HeatmapToolbar::nextMatchRequested);
    connect(m_positions, &QCheckBox::toggled, this, &HeatmapToolbar::positionsToggled);
    connect(m_pooling, qOverload<int>(&QComboBox::activated), this,
            [this](int index) { emit poolingChanged(Pooling(m_pooling->itemData(index).toInt())); });
    connect(m_hint, &QLabel::linkActivated, this, &HeatmapToolbar::perRowScaleRequested);
}

void HeatmapToolbar::setPooling(Pooling pooling) {
    const int index = m_pooling->findData(int(pooling));
    if (index >= 0)
        m_pooling->setCurrentIndex(index);  // activated() is only for the user's choice
}

void HeatmapToolbar::setPoolingAvailable(bool available) {
    if (m_pooling->isVisibleTo(this) != available)
        m_pooling->setVisible(available);
}

void HeatmapToolbar::setMatchText(const QString& text) { m_matches->setText(text); }

void HeatmapToolbar::setScaleHint(int tokens) {
    if (tokens <= 0) {
        m_hint->setVisible(false);
        return;
    }
    m_hint->setText(tr("%n tokens: on the 0 to 1 scale most weights are too small to tell apart. "
                       "<a href=\"rowmax\"><b>Use the per-row scale</b></a> to see where each token looks most.",
                       nullptr, tokens));
    m_hint->setVisible(true);
}

void HeatmapToolbar::fitSearchWidth() {
    // Wide enough for its placeholder in every language ("Find a token (Ctrl+F)" was cut to
    // "Find a token (Ct…"), with room for the clear button; at most 28 x-widths of text more.
    const QFontMetrics metrics = m_search->fontMetrics();
    const int chrome = 2 * metrics.height() + 16;  // frame, margins and the clear button
    const int placeholder = metrics.horizontalAdvance(m_search->placeholderText()) + chrome;
    m_search->setMinimumWidth(placeholder);
    m_search->setMaximumWidth(std::max(placeholder, metrics.horizontalAdvance(QLatin1Char('x')) * 28 + chrome));
}

void HeatmapToolbar::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        styleHint();
    if (event->type() == QEvent::FontChange)
        fitSearchWidth();
}

// A pale banner in light and dark palettes alike: the hint must be seen, not read in passing.
void HeatmapToolbar::styleHint() {
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QColor background = dark ? QColor(92, 74, 20) : QColor(255, 243, 196);
    const QColor border = dark ? QColor(180, 150, 60) : QColor(222, 190, 90);
    const QColor text = dark ? QColor(245, 235, 210) : QColor(60, 45, 0);
    m_hint->setStyleSheet(QStringLiteral("QLabel#scaleHint { background: %1; border: 1px solid %2; color: %3;"
                                         " border-radius: 3px; padding: 4px 8px; }")
                              .arg(background.name(), border.name(), text.name()));
}

}  // namespace headmap::ui
