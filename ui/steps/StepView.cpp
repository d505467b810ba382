#include "steps/StepView.h"

#include <algorithm>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

#include "steps/MatrixView.h"
#include "steps/StepBreakdown.h"

namespace headmap::ui {
namespace {

bool isStepKey(const QKeyEvent* event) {
    if (event->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier))
        return false;
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown: return true;
    default: return false;
    }
}

// The page of steps scrolls with the wheel and its scroll bar; the step keys belong to StepView.
class StepScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;

protected:
    void keyPressEvent(QKeyEvent* event) override {
        if (isStepKey(event))
            event->ignore();
        else
            QScrollArea::keyPressEvent(event);
    }
};

}  // namespace

StepView::StepView(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    m_headTitle = new QLabel(this);
    m_headExplanation = new QLabel(this);
    m_headExplanation->setWordWrap(true);

    m_stepList = new QListWidget(this);
    m_stepList->setFocusPolicy(Qt::NoFocus);
    for (int kind = Input; kind <= Output; ++kind)  // until a model says which steps it has
        m_pages.push_back(Step(kind));
    fillStepList();

    // One step fills the area (its matrices scroll themselves); all steps stack in a scrolling
    // page. The sections move between the two.
    m_scroll = new StepScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_page = new QWidget;
    m_pageLayout = new QVBoxLayout(m_page);
    m_pageLayout->setContentsMargins(4, 0, 4, 0);
    m_pageLayout->setSpacing(32);
    buildSections(m_page);
    m_scroll->setWidget(m_page);
    m_single = new QWidget(this);
    m_singleLayout = new QVBoxLayout(m_single);
    m_singleLayout->setContentsMargins(4, 0, 4, 0);
    m_modes = new QStackedWidget(this);
    m_modes->addWidget(m_single);
    m_modes->addWidget(m_scroll);

    m_previous = new QPushButton(tr("◀ Previous"), this);
    m_next = new QPushButton(tr("Next ▶"), this);
    m_all = new QPushButton(tr("All steps"), this);
    m_all->setCheckable(true);
    m_all->setToolTip(tr("Show every step on one scrolling page"));
    m_position = new QLabel(this);
    for (QPushButton* button : {m_previous, m_next, m_all})
        button->setFocusPolicy(Qt::NoFocus);
    m_previous->setObjectName(QStringLiteral("previous"));
    m_next->setObjectName(QStringLiteral("next"));
    m_all->setObjectName(QStringLiteral("allSteps"));
    m_stepList->setObjectName(QStringLiteral("stepList"));

    auto* content = new QWidget(this);
    auto* body = new QHBoxLayout;
    body->addWidget(m_stepList);
    body->addWidget(m_modes, 1);
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_position);
    navigation->addStretch(1);
    navigation->addWidget(m_all);
    navigation->addStretch(1);
    navigation->addWidget(m_next);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(m_headTitle);
    contentLayout->addWidget(m_headExplanation);
    contentLayout->addLayout(body, 1);
    contentLayout->addLayout(navigation);

    m_message = new QLabel(this);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(content);
    m_stack->addWidget(m_message);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_stack);

    applyFonts();
    connect(m_previous, &QPushButton::clicked, this, &StepView::previous);
    connect(m_next, &QPushButton::clicked, this, &StepView::next);
    connect(m_all, &QPushButton::toggled, this, &StepView::setShowAll);
    connect(m_stepList, &QListWidget::currentRowChanged, this, &StepView::setStep);
    clear(tr("Type a sentence to see how one attention head works, step by step."));
}

void StepView::setSteps(std::shared_ptr<const HeadSteps> steps, const QStringList& tokens,
                        const QString& headTitle, const QString& headExplanation, const QStringList& keyTokens,
                        LayerExperts experts) {
    if (!steps || steps->q.rows() == 0) {
        clear(tr("No steps to show for this head."));
        return;
    }
    const Step current = stepKind();
    m_steps = std::move(steps);
    m_tokens = tokens;
    m_keyTokens = keyTokens;
    m_experts = std::move(experts);
    if (int(m_experts.chosen.size()) != int(m_steps->q.rows()))  // not this run's tokens: say nothing
        m_experts = LayerExperts();
    // The pages follow what this model recorded; the step shown stays when the new model has it.
    m_pages = {Input, Projections};
    if (m_steps->qNormed.size() > 0)
        m_pages.push_back(QkNorm);
    if (m_steps->rotaryAngles.size() > 0)
        m_pages.push_back(Rotary);
    m_pages.insert(m_pages.end(), {Scores, Scaled});
    if (m_steps->softcapped.size() > 0)
        m_pages.push_back(Softcap);
    m_pages.insert(m_pages.end(), {Masked, Softmax, HeadOutput, Concat, Output});
    if (m_predictionPages)
        m_pages.insert(m_pages.end(), {Predict, Ablate});
    const int page = pageOf(current);
    m_step = page >= 0 ? page : std::min(m_step, stepCount() - 1);
    if (m_wantedStep >= 0 && m_wantedStep < stepCount()) {
        m_step = m_wantedStep;
        m_wantedStep = -1;
    }
    const int t = int(m_steps->q.rows());
    while (m_tokens.size() < t)
        m_tokens << QString::number(m_tokens.size());
    const int s = int(m_steps->k.rows());  // keys: the source's tokens for cross-attention
    if (isCross())
        while (m_keyTokens.size() < s)
            m_keyTokens << QString::number(m_keyTokens.size());
    if (m_selected >= t)
        m_selected = -1;
    if (m_key >= s)
        m_key = -1;
    if (m_dimension >= m_steps->dHead)
        m_dimension = -1;
    m_headTitle->setText(headTitle);
    m_headExplanation->setText(headExplanation);
    m_headExplanation->setVisible(!headExplanation.isEmpty());
    fillSections();
    fillStepList();
    for (const Section& section : m_sections)
        for (MatrixView* view : section.matrices)
            if (hasQueryRows(view))
                view->setHighlightedRow(m_selected);
    updateBreakdowns();
    m_stack->setCurrentIndex(0);
    applyMode();
    updateNavigation();
}

void StepView::clear(const QString& message) {
    m_steps.reset();
    m_tokens.clear();
    m_keyTokens.clear();
    m_experts = LayerExperts();
    for (const Section& section : m_sections)
        for (MatrixView* view : section.matrices)
            view->clear();
    m_message->setText(message);
    m_stack->setCurrentIndex(1);
    updateNavigation();
}

QString StepView::message() const { return m_stack->currentIndex() == 1 ? m_message->text() : QString(); }

QString StepView::stepName(int kind) {
    switch (kind) {
    case Input: return tr("Input X");
    case Projections: return tr("Queries, keys, values");
    case Scores: return tr("Scores QKᵀ");
    case Scaled: return tr("Scale by √dₖ");
    case Masked: return tr("Mask");
    case Softmax: return tr("Softmax");
    case HeadOutput: return tr("Weighted sum of V");
    case Concat: return tr("Concatenate the heads");
    case Output: return tr("Output projection");
    case QkNorm: return tr("QK-norm");
    case Rotary: return tr("Rotate by position (RoPE)");
    case Softcap: return tr("Softcap");
    case Predict: return tr("What does the model predict?");
    case Ablate: return tr("Switch this head off");
    default: return QString();
    }
}

StepView::Step StepView::stepKind(int step) const {
    step = step < 0 ? m_step : step;
    return step < stepCount() ? m_pages[size_t(step)] : StepKindCount;
}

int StepView::pageOf(Step kind) const {
    const auto found = std::find(m_pages.begin(), m_pages.end(), kind);
    return found == m_pages.end() ? -1 : int(found - m_pages.begin());
}

QString StepView::formulaText(int step) const {
    return stepKind(step) < StepKindCount ? sectionAt(step < 0 ? m_step : step).formula->text() : QString();
}

QString StepView::explanationText(int step) const {
    return stepKind(step) < StepKindCount ? sectionAt(step < 0 ? m_step : step).explanation->text() : QString();
}

QString StepView::noteText(int step) const {
    return stepKind(step) < StepKindCount ? sectionAt(step < 0 ? m_step : step).note->text() : QString();
}

QString StepView::breakdownText(int step) const {
    step = step < 0 ? m_step : step;
    if (stepKind(step) == StepKindCount || !sectionAt(step).breakdown)
        return QString();
    return sectionAt(step).breakdown->toPlainText();
}

QList<MatrixView*> StepView::matrices(int step) const {
    return step >= 0 && step < stepCount() ? sectionAt(step).matrices : QList<MatrixView*>();
}

MatrixView* StepView::matrixOf(Step kind, const QString& id) const {
    if (kind >= StepKindCount)
        return nullptr;
    for (MatrixView* view : m_sections[size_t(kind)].matrices)
        if (view->objectName() == id)
            return view;
    return nullptr;
}

MatrixView* StepView::matrix(int step, const QString& id) const {
    for (MatrixView* view : matrices(step))
        if (view->objectName() == id)
            return view;
    return nullptr;
}

void StepView::setWeightMatricesShown(bool shown) {
    m_showWeights->setChecked(shown);
}

bool StepView::weightMatricesShown() const { return m_showWeights->isChecked(); }

void StepView::setStep(int step) {
    // A page that does not exist yet (the prediction pages before the model has loaded, from the
    // command line or a session) is shown once it does.
    m_wantedStep = step >= stepCount() ? step : -1;
    goTo(step, true);
}

void StepView::goTo(int step, bool scroll) {
    step = std::clamp(step, 0, stepCount() - 1);
    const bool changed = step != m_step;
    m_step = step;
    {
        const QSignalBlocker block(m_stepList);
        m_stepList->setCurrentRow(step);
    }
    if (m_showAll) {
        if (scroll)
            m_scroll->verticalScrollBar()->setValue(sectionAt(step).widget->y());
    } else {
        applyMode();
    }
    updateNavigation();
    if (changed)
        emit stepChanged(step);
}

void StepView::next() { setStep(m_step + 1); }
void StepView::previous() { setStep(m_step - 1); }

void StepView::setShowAll(bool all) {
    if (all == m_showAll)
        return;
    m_showAll = all;
    {
        const QSignalBlocker block(m_all);
        m_all->setChecked(all);
    }
    applyMode();
}

void StepView::applyMode() {
    for (Section& section : m_sections)
        for (MatrixView* view : section.matrices)
            view->setMinimumHeight(m_showAll ? view->preferredHeight(440) : 0);
    if (m_showAll) {
        for (Section& section : m_sections) {
            m_pageLayout->removeWidget(section.widget);
            section.widget->hide();  // the steps this model did not record stay hidden
        }
        for (Step kind : m_pages) {
            QWidget* widget = m_sections[size_t(kind)].widget;
            m_pageLayout->addWidget(widget);
            widget->show();
        }
        m_modes->setCurrentWidget(m_scroll);
        m_page->adjustSize();
        m_scroll->verticalScrollBar()->setValue(sectionAt(m_step).widget->y());
        return;
    }
    QWidget* current = sectionAt(m_step).widget;
    for (Section& section : m_sections) {
        if (section.widget == current)
            continue;
        section.widget->hide();
        if (section.widget->parentWidget() != m_page)
            m_pageLayout->addWidget(section.widget);  // parked
    }
    if (current->parentWidget() != m_single)
        m_singleLayout->addWidget(current);
    current->show();
    m_modes->setCurrentWidget(m_single);
}

void StepView::updateNavigation() {
    const bool has = m_steps != nullptr;
    m_previous->setEnabled(has && m_step > 0);
    m_next->setEnabled(has && m_step < stepCount() - 1);
    m_all->setEnabled(has);
    m_stepList->setEnabled(has);
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()));
}

bool StepView::hasQueryRows(const MatrixView* view) const {
    const QString id = view->objectName();
    if (id.startsWith(QLatin1String("w_")))
        return false;  // weights: rows are model dimensions
    // Cross-attention: M, K and V have a row per source token, not per target token.
    return !isCross() || (id != QLatin1String("k") && id != QLatin1String("v") && id != QLatin1String("memory"));
}

void StepView::setSelectedToken(int token) {
    if (!m_steps || token < 0 || token >= m_steps->q.rows())
        token = -1;
    const bool changed = token != m_selected;
    m_selected = token;
    for (const Section& section : m_sections)
        for (MatrixView* view : section.matrices)
            if (hasQueryRows(view))
                view->setHighlightedRow(token);
    updateBreakdowns();
    if (changed)
        emit tokenSelected(token);
}

void StepView::onCellClicked(Step kind, const QString& id, int row, int column) {
    MatrixView* view = matrixOf(kind, id);
    // The sink's column (gpt-oss) is no key: it selects the row only.
    const bool exact = view && !view->summarizeColumns() && column >= 0 && m_steps && column < m_steps->k.rows();
    if (exact && (id == QLatin1String("scores") || id == QLatin1String("scaled") || id == QLatin1String("softcapped")
                  || id == QLatin1String("masked") || id == QLatin1String("weights")))
        m_key = column;
    if (exact && id == QLatin1String("head_output"))
        m_dimension = column;
    if (view && hasQueryRows(view))  // a source token's row of M, K or V selects no target token
        setSelectedToken(row);
    const int page = pageOf(kind);
    if (page >= 0 && m_step != page)
        goTo(page, false);
}

void StepView::updateBreakdowns() {
    if (!m_steps)
        return;
    const HeadSteps& s = *m_steps;
    const int row = m_selected;
    int key = m_key;
    if (row >= 0 && key < 0)  // the key this token attends to most
        s.weights.row(row).maxCoeff(&key);
    for (const auto& [kind, id] : {std::pair{Scores, "scores"}, {Scaled, "scaled"}, {Softcap, "softcapped"},
                                   {Masked, "masked"}, {Softmax, "weights"}})
        matrixOf(kind, QLatin1String(id))->setMarkedCell(row, key);
    matrixOf(HeadOutput, QStringLiteral("head_output"))->setMarkedCell(m_dimension >= 0 ? row : -1, m_dimension);

    for (const auto& [kind, stage] : {std::pair{Scores, ScoreStage::Scores}, {Scaled, ScoreStage::Scaled},
                                      {Softcap, ScoreStage::Softcapped}, {Masked, ScoreStage::Masked}})
        m_sections[kind].breakdown->setHtml(
            row < 0 ? BreakdownText::scoreHint()
                    : BreakdownText::dotProduct(s, dotProductBreakdown(s, row, key), m_tokens, stage, m_keyTokens));
    m_sections[Softmax].breakdown->setHtml(
        row < 0 ? BreakdownText::softmaxHint()
                : BreakdownText::softmax(softmaxBreakdown(s, row), m_tokens, key, m_keyTokens));
    std::vector<int> dims{0, 1, 2};
    if (m_dimension > 2)
        dims.push_back(m_dimension);
    m_sections[HeadOutput].breakdown->setHtml(
        row < 0 ? BreakdownText::weightedSumHint()
                : BreakdownText::weightedSum(weightedSumBreakdown(s, row, dims), m_tokens, m_keyTokens));
    m_sections[Output].breakdown->setHtml(expertsHtml());
    m_sections[Output].breakdown->setVisible(!m_experts.empty());
    if (row >= 0 && !m_experts.empty()) {  // the selected token's row in view, moving no more than needed
        QTextBrowser* panel = m_sections[Output].breakdown;
        QTextCursor found = panel->document()->find(QStringLiteral("#%1 “").arg(row));
        found.clearSelection();
        panel->setTextCursor(found);
        panel->ensureCursorVisible();
    }
    m_sections[Rotary].breakdown->setHtml(
        row < 0 ? BreakdownText::rotationHint()
                : BreakdownText::rotation(rotationBreakdown(s, row), m_tokens));
}

void StepView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)  // e.g. Ctrl++ for the projector
        applyFonts();
}

bool StepView::event(QEvent* event) {
    // Inside the main window, PageUp/PageDown also move through heads; here they move steps.
    if (event->type() == QEvent::ShortcutOverride && m_steps && isStepKey(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void StepView::keyPressEvent(QKeyEvent* event) {
    if (!m_steps || !isStepKey(event))
        return QWidget::keyPressEvent(event);
    if (event->key() == Qt::Key_Left || event->key() == Qt::Key_PageUp)
        previous();
    else
        next();
    event->accept();
}

}  // namespace headmap::ui
