#include "views/LinesView.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "figures/FigureLayout.h"
#include "views/LinesCanvas.h"
#include "views/ViewSupport.h"

namespace headmap::ui {
namespace {

constexpr int kHeadsPerRow = 16;  // head checkboxes wrap after this many

QIcon swatch(const QColor& colour) {
    QPixmap pixmap(14, 14);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(colour, 3, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(2, 7), QPointF(12, 7));
    return QIcon(pixmap);
}

QString tokenName(const QStringList& labels, int token) {
    return QStringLiteral("'%1' #%2").arg(labels.value(token)).arg(token);
}

}  // namespace

LinesView::LinesView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel), m_headGrid(new QGridLayout), m_allHeads(new QToolButton),
      m_noHeads(new QToolButton), m_filterBox(new QComboBox), m_scroll(new QScrollArea),
      m_canvas(new LinesCanvas(this)), m_note(new QLabel), m_hint(new QLabel) {
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_hint->setWordWrap(true);

    m_allHeads->setText(tr("All"));
    m_allHeads->setToolTip(tr("Show the lines of every head of this layer"));
    m_noHeads->setText(tr("None"));
    m_noHeads->setToolTip(tr("Hide every head's lines"));
    for (PairFilter filter : {PairFilter::All, PairFilter::AToB, PairFilter::BToA})
        m_filterBox->addItem(pairFilterName(filter), int(filter));
    m_filterBox->setToolTip(tr("For a sentence pair: every line, only lines from sentence A to B, or from B to A"));
    auto* filterLabel = new QLabel(tr("Pa&ir:"));
    filterLabel->setBuddy(m_filterBox);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Heads:")));
    m_headGrid->setContentsMargins(0, 0, 0, 0);
    m_headGrid->setHorizontalSpacing(8);
    m_headGrid->setVerticalSpacing(2);
    controls->addLayout(m_headGrid);
    controls->addWidget(m_allHeads);
    controls->addWidget(m_noHeads);
    controls->addStretch(1);
    controls->addWidget(filterLabel);
    controls->addWidget(m_filterBox);

    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(false);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->viewport()->installEventFilter(this);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_hint);
    layout->addLayout(controls);
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_note);

    connect(m_allHeads, &QToolButton::clicked, this, [this] {
        QList<int> all;
        for (int h = 0; h < heads(); ++h)
            all << h;
        setShownHeads(all);
    });
    connect(m_noHeads, &QToolButton::clicked, this, [this] { setShownHeads({}); });
    connect(m_filterBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { setFilter(PairFilter(m_filterBox->currentData().toInt())); });
    showState();
}

LinesView::~LinesView() = default;

QWidget* LinesView::canvas() const { return m_canvas; }

int LinesView::heads() const {
    return hasNoAttention(m_trace.get()) ? 0 : m_trace->heads();
}

void LinesView::setData(std::shared_ptr<const AttentionTrace> trace, int layer, bool hideSpecial, int secondStart) {
    const bool sameTokens = trace == m_trace && hideSpecial == m_hideSpecial;
    m_trace = std::move(trace);
    m_hideSpecial = hideSpecial;
    m_layer = hasNoAttention(m_trace.get()) ? 0 : std::clamp(layer, 0, std::max(0, m_trace->layers() - 1));
    m_segments = hasNoAttention(m_trace.get()) ? std::vector<int>() : shownSegments(*m_trace, hideSpecial, secondStart);
    if (!sameTokens) {  // the pinned token would name another token now
        m_pinned = LinesFocus();
        m_hovered = LinesFocus();
    }
    if (m_segments.empty() && m_filter != PairFilter::All)
        m_filter = PairFilter::All;
    rebuildHeadBoxes();
    if (heads() > 0) {  // without a trace the choice waits for the next one
        QList<int> kept;
        for (int head : m_shownHeads)
            if (head < heads())
                kept << head;
        if (kept.isEmpty() && !m_shownHeads.isEmpty())  // a model with fewer heads
            kept << std::clamp(m_currentHead, 0, heads() - 1);
        m_shownHeads = kept;
    }
    rebuildInput();
    updateLines();
    layoutCanvas();
    showState();
}

void LinesView::setPendingText(const QString& text) {
    m_pendingText = text;
    m_canvas->update();
}

void LinesView::setCurrentHead(int head) {
    const bool following = m_shownHeads == QList<int>{m_currentHead};
    m_currentHead = head;
    if (following && head >= 0 && (heads() == 0 || head < heads()))
        setShownHeads({head});
}

void LinesView::setShownHeads(const QList<int>& heads) {
    QList<int> sorted;
    for (int head : heads)
        if (head >= 0 && (this->heads() == 0 || head < this->heads()) && !sorted.contains(head))
            sorted << head;
    std::sort(sorted.begin(), sorted.end());
    if (sorted == m_shownHeads && !m_input.labels.isEmpty())
        return;
    m_shownHeads = sorted;
    rebuildInput();
    updateLines();
    showState();
}

void LinesView::setHeadShown(int head, bool shown) {
    QList<int> heads = m_shownHeads;
    if (shown)
        heads << head;
    else
        heads.removeAll(head);
    setShownHeads(heads);
}

void LinesView::setFilter(PairFilter filter) {
    if (!hasPair())
        filter = PairFilter::All;
    if (filter == m_filter)
        return;
    m_filter = filter;
    updateLines();
    showState();
}

void LinesView::setPinned(const LinesFocus& focus) {
    LinesFocus valid = focus;
    const int tokens = int((valid.side == LineSide::Key ? m_input.keys() : m_input.labels).size());
    if (valid.side == LineSide::None || valid.token < 0 || valid.token >= tokens)
        valid = LinesFocus();
    if (valid == m_pinned)
        return;
    m_pinned = valid;
    updateLines();
    emit focusChanged();
}

void LinesView::setHovered(const LinesFocus& focus) {
    if (focus == m_hovered)
        return;
    m_hovered = focus;
    updateLines();
    emit focusChanged();
}

LinesFocus LinesView::focus() const {
    return m_hovered.side != LineSide::None ? m_hovered : m_pinned;
}

QList<int> LinesView::labelledTokens() const {
    return m_labelled;
}

void LinesView::rebuildHeadBoxes() {
    const int count = heads();
    if (count == m_headBoxes.size())
        return;
    for (QCheckBox* box : m_headBoxes)
        delete box;
    m_headBoxes.clear();
    for (int h = 0; h < count; ++h) {
        auto* box = new QCheckBox(QString::number(h));
        box->setIcon(swatch(headColour(h)));
        box->setToolTip(tr("Show the lines of head %1 in this colour").arg(h));
        m_headGrid->addWidget(box, h / kHeadsPerRow, h % kHeadsPerRow);
        connect(box, &QCheckBox::toggled, this, [this, h](bool on) { setHeadShown(h, on); });
        m_headBoxes << box;
    }
}

void LinesView::rebuildInput() {
    m_input = LinesInput();
    if (hasNoAttention(m_trace.get()))
        return;
    m_input.labels = shownLabels(*m_trace, m_hideSpecial);
    if (m_trace->hasKeyTokens())  // cross-attention: the source on the right
        m_input.keyLabels = shownKeyLabels(*m_trace, m_hideSpecial);
    m_input.segments = m_segments;
    for (int head : m_shownHeads)
        m_input.heads.push_back({head, shownHead(*m_trace, m_layer, head, m_hideSpecial)});
    if (m_valueNorm && m_layer >= 0 && m_layer < m_trace->layers()) {
        // Norms are not bounded by 1: opacity relative to the layer's largest, over every head
        // (not only the ticked ones), so ticking a head does not change the others' lines.
        float largest = 0.0f;
        for (int h = 0; h < m_trace->heads(); ++h)
            largest = std::max(largest, shownHead(*m_trace, m_layer, h, m_hideSpecial).maxCoeff());
        if (largest > 0.0f)
            for (LinesHead& head : m_input.heads)
                head.weights /= largest;
        m_input.relativeValueNorm = true;
    }
}

void LinesView::setValueNorm(bool valueNorm) {
    if (valueNorm == m_valueNorm)
        return;
    m_valueNorm = valueNorm;
    rebuildInput();
    updateLines();
}

void LinesView::updateLines() {
    m_input.filter = m_filter;
    m_input.focus = focus();
    m_lines = selectLines(m_input, m_limits, &m_capped);
    m_note->setText(note());
    m_canvas->update();
}

QString LinesView::title() const {
    if (hasNoAttention(m_trace.get()))
        return tr("Lines");
    QStringList heads;
    for (int head : m_shownHeads)
        heads << QString::number(head);
    if (heads.isEmpty())
        return tr("Layer %1 · no head chosen").arg(m_layer);
    const QString list = heads.join(QStringLiteral(", "));
    return heads.size() == 1 ? tr("Layer %1 · head %2").arg(m_layer).arg(list)
                             : tr("Layer %1 · heads %2").arg(m_layer).arg(list);
}

QString LinesView::note() const {
    if (m_input.labels.isEmpty())
        return QString();
    return LinesText::note(m_limits, m_capped, perQueryCap(), m_filter, hasPair(), m_input.relativeValueNorm);
}

void LinesView::showState() {
    m_title->setText(title());
    m_hint->setText(drawsAlignment()
                        ? tr("Hover a token to see only its lines (a target token: where it looks in the source; a "
                             "source token: which target tokens look at it); click to pin it.")
                        : tr("Hover a token to see only its lines (left: where it looks, right: who looks at it); "
                             "click to pin it."));
    {
        for (int h = 0; h < m_headBoxes.size(); ++h) {
            const QSignalBlocker blocker(m_headBoxes[h]);
            m_headBoxes[h]->setChecked(m_shownHeads.contains(h));
        }
        const QSignalBlocker blocker(m_filterBox);
        m_filterBox->setCurrentIndex(m_filterBox->findData(int(m_filter)));
    }
    m_filterBox->setEnabled(hasPair());
    m_allHeads->setEnabled(heads() > 0);
    m_noHeads->setEnabled(heads() > 0);
    m_note->setText(note());
}

LinesFigureData LinesView::figureData() const {
    LinesFigureData data;
    data.input = m_input;
    data.input.focus = m_pinned;
    data.limits = m_limits;
    if (hasNoAttention(m_trace.get()))
        return data;
    data.title = m_trace->model().isEncoderDecoder()  // "opus-mt-da-en · Cross-attention · lines of layer 0"
                     ? tr("%1 · %2 · lines of layer %3").arg(m_trace->model().displayName(), stackTitle(m_trace->stack())).arg(m_layer)
                     : tr("%1 · lines of layer %2").arg(m_trace->model().displayName()).arg(m_layer);
    if (m_pinned.side == LineSide::Query)
        data.subtitle = tr("Only where %1 looks").arg(tokenName(m_input.labels, m_pinned.token));
    else if (m_pinned.side == LineSide::Key)
        data.subtitle = tr("Only who looks at %1").arg(tokenName(m_input.keys(), m_pinned.token));
    if (m_hideSpecial)
        data.subtitle = data.subtitle.isEmpty() ? tr("Special tokens hidden")
                                                : data.subtitle + tr(" · special tokens hidden");
    return data;
}

bool LinesView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        layoutCanvas();
    return QWidget::eventFilter(watched, event);
}

}  // namespace headmap::ui
