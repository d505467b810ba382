#include "views/ComparisonView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>

#include "analysis/AttentionTransforms.h"
#include "heatmap/HeadLoader.h"
#include "heatmap/HeatmapLabels.h"
#include "views/ViewSupport.h"

namespace headmap::ui {
namespace {

QSpinBox* indexBox(const QString& prefix, const QString& toolTip) {
    auto* box = new QSpinBox;
    box->setPrefix(prefix);
    box->setToolTip(toolTip);
    box->setRange(0, 0);
    return box;
}

// Row and column labels of A − B: the token where both sentences agree, "a/b" where not, each
// side cut to 7 characters so that the pair fits the heatmap's 16-character labels whole
// ("teacher/student", not "teacher / stude…").
QStringList mergedLabels(const QStringList& a, const QStringList& b) {
    QStringList merged;
    for (int i = 0; i < a.size(); ++i)
        merged << (a[i] == b.value(i) ? a[i] : shortLabel(a[i], 7) + QLatin1Char('/') + shortLabel(b.value(i), 7));
    return merged;
}

}  // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent), m_modeBox(new QComboBox), m_headALabel(new QLabel),
      m_layerA(indexBox(tr("layer "), tr("Layer of head A"))),
      m_headA(indexBox(tr("head "), tr("Head A within its layer"))), m_headBControls(new QWidget),
      m_layerB(indexBox(tr("layer "), tr("Layer of head B"))),
      m_headB(indexBox(tr("head "), tr("Head B within its layer"))), m_sentenceControls(new QWidget),
      m_sentenceEdit(new QLineEdit), m_compareButton(new QPushButton(tr("Compare"))),
      m_heatmapA(new HeatmapView), m_heatmapB(new HeatmapView), m_difference(new HeatmapView),
      m_differenceStack(new QStackedWidget), m_differenceMessage(new QLabel) {
    m_modeBox->addItem(tr("Two heads, one sentence"));
    m_modeBox->addItem(tr("One head, two sentences"));
    m_modeBox->setToolTip(tr("Compare two heads on the same sentence, or one head on two sentences"));

    auto* headB = new QHBoxLayout(m_headBControls);
    headB->setContentsMargins(0, 0, 0, 0);
    headB->addWidget(new QLabel(tr("B:")));
    headB->addWidget(m_layerB);
    headB->addWidget(m_headB);

    m_sentenceEdit->setPlaceholderText(tr("Second sentence, e.g. the same one with a word changed"));
    m_sentenceEdit->setClearButtonEnabled(true);
    m_compareButton->setEnabled(false);
    auto* sentence = new QHBoxLayout(m_sentenceControls);
    sentence->setContentsMargins(0, 0, 0, 0);
    sentence->addWidget(new QLabel(tr("Sentence B:")));
    sentence->addWidget(m_sentenceEdit, 1);
    sentence->addWidget(m_compareButton);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Compare:")));
    controls->addWidget(m_modeBox);
    controls->addSpacing(12);
    controls->addWidget(m_headALabel);
    controls->addWidget(m_layerA);
    controls->addWidget(m_headA);
    controls->addSpacing(12);
    controls->addWidget(m_headBControls);
    controls->addWidget(m_sentenceControls, 1);
    controls->addStretch();

    m_differenceMessage->setAlignment(Qt::AlignCenter);
    m_differenceMessage->setWordWrap(true);
    m_differenceMessage->setMargin(24);
    m_differenceMessage->setFrameShape(QFrame::StyledPanel);
    m_differenceMessage->setAutoFillBackground(true);
    m_differenceMessage->setBackgroundRole(QPalette::Base);
    QFont messageFont = m_differenceMessage->font();
    messageFont.setPointSizeF(messageFont.pointSizeF() * 1.15);
    m_differenceMessage->setFont(messageFont);
    m_differenceStack->addWidget(m_difference);
    m_differenceStack->addWidget(m_differenceMessage);

    // Three equal panes that the user can resize. Each heatmap is compact (short axis titles, a
    // narrow colour bar, no search row) and thins its labels to its width.
    for (HeatmapView* view : {m_heatmapA, m_heatmapB, m_difference}) {
        view->setCompact(true);
        view->setToolbarVisible(false);
    }
    m_differenceMessage->setMinimumWidth(160);
    auto* panes = new QSplitter(Qt::Horizontal);
    panes->setObjectName(QStringLiteral("comparisonPanes"));
    panes->setChildrenCollapsible(false);
    panes->addWidget(m_heatmapA);
    panes->addWidget(m_heatmapB);
    panes->addWidget(m_differenceStack);
    for (int i = 0; i < 3; ++i) {
        panes->setStretchFactor(i, 1);
        panes->widget(i)->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);  // equal shares
    }

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(panes, 1);

    connect(m_modeBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int index) { setMode(index == 1 ? Mode::TwoSentences : Mode::TwoHeads); });
    for (QSpinBox* box : {m_layerA, m_headA, m_layerB, m_headB})
        connect(box, qOverload<int>(&QSpinBox::valueChanged), this, [this] { refresh(); });
    connect(m_sentenceEdit, &QLineEdit::textChanged, this,
            [this](const QString& text) { m_compareButton->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_sentenceEdit, &QLineEdit::returnPressed, this, &ComparisonView::requestSecondSentence);
    connect(m_compareButton, &QPushButton::clicked, this, &ComparisonView::requestSecondSentence);
    refresh();
}

int ComparisonView::layerA() const { return m_layerA->value(); }
int ComparisonView::headA() const { return m_headA->value(); }
int ComparisonView::layerB() const { return m_layerB->value(); }
int ComparisonView::headB() const { return m_headB->value(); }

void ComparisonView::setTrace(std::shared_ptr<const AttentionTrace> trace) {
    m_trace = std::move(trace);
    refresh();
}

void ComparisonView::setSecondTrace(std::shared_ptr<const AttentionTrace> trace) {
    m_second = std::move(trace);
    refresh();
}

void ComparisonView::setStyle(const HeatmapStyle& style) {
    m_style = style;
    for (HeatmapView* view : {m_heatmapA, m_heatmapB, m_difference})
        view->setStyle(style);
}

void ComparisonView::setHideSpecialTokens(bool hide) {
    if (hide == m_hideSpecial)
        return;  // the window passes it on every style change: three 512 x 512 maps each time
    m_hideSpecial = hide;
    refresh();
}

void ComparisonView::setHeads(int layerA, int headA, int layerB, int headB) {
    {
        const QSignalBlocker blockers[] = {QSignalBlocker(m_layerA), QSignalBlocker(m_headA),
                                           QSignalBlocker(m_layerB), QSignalBlocker(m_headB)};
        m_layerA->setValue(layerA);  // QSpinBox clamps to the trace's range
        m_headA->setValue(headA);
        m_layerB->setValue(layerB);
        m_headB->setValue(headB);
    }
    refresh();
}

void ComparisonView::setData(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const AttentionTrace> second,
                             int layerA, int headA, int layerB, int headB) {
    m_trace = std::move(trace);
    m_second = std::move(second);
    updateControls();  // the spin boxes' ranges follow the trace before the heads are set
    const QSignalBlocker blockers[] = {QSignalBlocker(m_layerA), QSignalBlocker(m_headA),
                                       QSignalBlocker(m_layerB), QSignalBlocker(m_headB)};
    m_layerA->setValue(layerA);
    m_headA->setValue(headA);
    m_layerB->setValue(layerB);
    m_headB->setValue(headB);
    refresh();
}

void ComparisonView::setMode(Mode mode) {
    if (mode == m_mode)
        return;
    m_mode = mode;
    {
        const QSignalBlocker blocker(m_modeBox);
        m_modeBox->setCurrentIndex(mode == Mode::TwoSentences ? 1 : 0);
    }
    refresh();
}

QString ComparisonView::differenceMessage() const {
    const bool shown = m_differenceStack->currentWidget() == m_differenceMessage;
    return shown ? m_differenceMessage->text() : QString();
}

void ComparisonView::requestSecondSentence() {
    const QString text = m_sentenceEdit->text().trimmed();
    if (!text.isEmpty())
        emit secondSentenceRequested(text);
}

void ComparisonView::showDifferenceMessage(const QString& message) {
    m_differenceMessage->setText(message);
    m_differenceStack->setCurrentWidget(m_differenceMessage);
}

void ComparisonView::updateControls() {
    const bool twoHeads = m_mode == Mode::TwoHeads;
    m_headALabel->setText(twoHeads ? tr("A:") : tr("Head:"));
    m_headBControls->setVisible(twoHeads);
    m_sentenceControls->setVisible(!twoHeads);
    const bool empty = hasNoAttention(m_trace.get());
    const int lastLayer = empty ? 0 : m_trace->layers() - 1, lastHead = empty ? 0 : m_trace->heads() - 1;
    for (QSpinBox* box : {m_layerA, m_layerB, m_headA, m_headB}) {
        const QSignalBlocker blocker(box);
        box->setMaximum(box == m_layerA || box == m_layerB ? lastLayer : lastHead);
        box->setEnabled(!empty);
    }
}

ComparisonView::Panes ComparisonView::computePanes(const Request& r, const PyramidKind& headKind,
                                                  const PyramidKind& differenceKind, bool withPyramid) {
    Panes panes;
    // Only the heads drawn are restricted to the shown tokens (shownHead): shownTrace would copy
    // every head of the trace, seconds at T = 512, on each change of head or style.
    MatrixF a = hasNoAttention(r.trace.get()) ? MatrixF()
                                              : shownHead(*r.trace, r.layerA, r.headA, r.hideSpecial);  // (T_A, T_A)
    if (a.size() == 0) {
        panes.empty = ViewText::emptyState(r.trace.get(), r.hideSpecial,
                                           tr("Type a sentence and press Enter to compare its heads."));
        return panes;
    }
    // The model's masked cells are grey in A and B, and in A − B where both are masked.
    const int la = r.layerA, ha = r.headA;
    const QStringList labelsA = shownLabels(*r.trace, r.hideSpecial);
    // Cross-attention: the source's tokens on the columns, its own special ones hidden too.
    const bool sourceKeys = r.trace->hasKeyTokens();
    const QStringList keyLabelsA = shownKeyLabels(*r.trace, r.hideSpecial);
    panes.a.queryLabels = labelsA;
    panes.a.keyLabels = keyLabelsA;
    panes.a.sourceKeys = panes.b.sourceKeys = panes.difference.sourceKeys = sourceKeys;
    panes.a.title = r.twoHeads ? tr("A: layer %1, head %2").arg(la).arg(ha)
                               : tr("Sentence A: layer %1, head %2").arg(la).arg(ha);
    panes.a.causal = r.trace->model().causal;
    panes.a.mask = shownMask(*r.trace, la, r.hideSpecial);

    MatrixF b;
    QStringList labelsB, keyLabelsB;
    if (r.twoHeads) {
        b = shownHead(*r.trace, r.layerB, r.headB, r.hideSpecial);
        labelsB = labelsA;
        keyLabelsB = keyLabelsA;
        panes.b.title = tr("B: layer %1, head %2").arg(r.layerB).arg(r.headB);
        panes.b.causal = panes.a.causal;
        panes.b.mask = shownMask(*r.trace, r.layerB, r.hideSpecial);
    } else {
        QString problem;
        if (!r.second)
            problem = tr("Type a second sentence above and press Compare.");
        else if (hasNoAttention(r.second.get()) || shownLabels(*r.second, r.hideSpecial).isEmpty())
            problem = ViewText::emptyState(r.second.get(), r.hideSpecial,
                                           tr("The second sentence has no attention to show."));
        else if (la >= r.second->layers() || ha >= r.second->heads())
            problem = tr("The second sentence's model has no layer %1, head %2.").arg(la).arg(ha);
        if (!problem.isEmpty()) {
            panes.bMessage = problem;
            panes.differenceMessage = tr("The difference A − B appears here once sentence B is shown.");
        } else {
            b = shownHead(*r.second, la, ha, r.hideSpecial);  // (T_B, S_B)
            labelsB = shownLabels(*r.second, r.hideSpecial);
            keyLabelsB = shownKeyLabels(*r.second, r.hideSpecial);
            panes.b.title = tr("Sentence B: layer %1, head %2").arg(la).arg(ha);
            panes.b.causal = r.second->model().causal;
            panes.b.mask = shownMask(*r.second, la, r.hideSpecial);
            if (a.rows() != b.rows())
                panes.differenceMessage =
                    tr("The sentences have %1 and %2 tokens; the difference needs the same number.")
                        .arg(a.rows()).arg(b.rows());
            else if (a.cols() != b.cols())  // cross-attention: same target length, other source
                panes.differenceMessage =
                    tr("The sources have %1 and %2 tokens; the difference needs the same number.")
                        .arg(a.cols()).arg(b.cols());
        }
    }
    if (panes.bMessage.isEmpty() && panes.differenceMessage.isEmpty()) {
        panes.difference.setValues(headmap::difference(a, b));
        panes.difference.queryLabels = mergedLabels(labelsA, labelsB);
        panes.difference.keyLabels = mergedLabels(keyLabelsA, keyLabelsB);
        panes.difference.title = tr("A − B");
        panes.difference.difference = true;
        panes.difference.causal = panes.a.causal && panes.b.causal;
        panes.difference.mask = CellMask::both(panes.a.mask, panes.b.mask);
        prepareContent(panes.difference, differenceKind, withPyramid);
    }
    panes.a.setValues(std::move(a));
    prepareContent(panes.a, headKind, withPyramid);
    if (panes.bMessage.isEmpty()) {
        panes.b.setValues(std::move(b));
        panes.b.queryLabels = labelsB;
        panes.b.keyLabels = keyLabelsB;
        prepareContent(panes.b, headKind, withPyramid);
    }
    return panes;
}

void ComparisonView::showPanes(Panes panes) {
    if (!panes.empty.isEmpty()) {
        m_heatmapA->clear(panes.empty);
        m_heatmapB->clear(panes.empty);
        showDifferenceMessage(panes.empty);
    } else {
        m_heatmapA->setContent(std::move(panes.a));
        if (!panes.bMessage.isEmpty())
            m_heatmapB->clear(panes.bMessage);
        else
            m_heatmapB->setContent(std::move(panes.b));
        if (!panes.differenceMessage.isEmpty()) {
            showDifferenceMessage(panes.differenceMessage);
        } else {
            // Shown before it gets its content: a hidden page has not been laid out at its size,
            // and the labels are thinned to the size the plot has.
            m_differenceStack->setCurrentWidget(m_difference);
            m_difference->setContent(std::move(panes.difference));
        }
    }
    emit headsShown();
}

void ComparisonView::refresh() {
    updateControls();
    Request request{m_trace, m_second, layerA(), headA(), layerB(), headB(), m_mode == Mode::TwoHeads, m_hideSpecial};
    if (m_hasRequest && request == m_request)
        return;  // e.g. the window passing on a new selected token: the same three matrices
    m_request = request;
    m_hasRequest = true;
    const int length = std::max(request.trace ? request.trace->length() : 0,
                                request.second && !request.twoHeads ? request.second->length() : 0);
    const PyramidKind headKind = m_heatmapA->pyramidKind(false), differenceKind = m_difference->pyramidKind(true);
    if (length < HeadLoader::asyncFrom()) {
        m_jobs.drop(QString());
        showPanes(computePanes(request, headKind, differenceKind, false));
        return;
    }
    m_jobs.start<Panes>(QString(),
        [request, headKind, differenceKind](const StopToken&) -> Panes {
            try {
                return computePanes(request, headKind, differenceKind, true);
            } catch (const std::bad_alloc&) {
                Panes failed;
                failed.empty = tr("Out of memory while comparing these heads: try a shorter text.");
                return failed;
            } catch (const std::exception& error) {
                Panes failed;
                failed.empty = tr("Comparing these heads failed: %1").arg(QString::fromUtf8(error.what()));
                return failed;
            } catch (...) {
                Panes failed;
                failed.empty = tr("Comparing these heads failed: unexpected error");
                return failed;
            }
        },
        [this](Panes&& panes) { showPanes(std::move(panes)); });
    const QString computing = tr("Computing layer %1, head %2…");
    m_heatmapA->setPending(computing.arg(request.layerA).arg(request.headA));
    m_heatmapB->setPending(request.twoHeads ? computing.arg(request.layerB).arg(request.headB)
                                            : computing.arg(request.layerA).arg(request.headA));
    m_difference->setPending(tr("Computing A − B…"));
}

}  // namespace headmap::ui
