#include "MainWindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "DocumentView.h"
#include "ErrorBanner.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "ModelChooser.h"
#include "SideScrollArea.h"
#include "TeachingOptionsPanel.h"
#include "parts/ClassroomPart.h"
#include "parts/ExportsPart.h"
#include "parts/ModelLoadingPart.h"
#include "parts/PredictionsPart.h"
#include "parts/PresentationMode.h"
#include "parts/ViewControls.h"
#include "parts/SessionsPart.h"
#include "parts/LanguagePart.h"
#include "parts/TargetTextPart.h"
#include "analysis/AttentionTransforms.h"
#include "text/TokenLabels.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/LinesView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "views/TokenPairView.h"
#include "steps/StepView.h"
#include "tabs/DocumentTabs.h"
#include "tabs/LinesTabView.h"
#include "tabs/TokenPairTabView.h"
#include "tabs/ViewRegistry.h"

namespace headmap::ui {

MainWindow::MainWindow(AttentionDocument* document, QWidget* parent)
    : QMainWindow(parent), m_document(document), m_settings(AppSettings::load()),
      m_sentence(new QLineEdit), m_pair(new QLineEdit),
      m_tokenInfo(new QLabel), m_tabs(new QTabWidget),
      m_progress(new QProgressBar), m_cancel(new QPushButton(tr("Cancel"))), m_banner(new ErrorBanner),
      m_longText(new QPlainTextEdit), m_longTextButton(new QToolButton),
      m_presentationMode(new PresentationMode(this)) {
    setWindowTitle(tr("Headmap"));
    setAcceptDrops(true);
    if (m_settings.fontPointSize > 0) {
        QFont font = QApplication::font();
        font.setPointSizeF(m_settings.fontPointSize);
        QApplication::setFont(font);
    }

    m_controls = new ViewControls(m_document, [this](QWidget* widget) { m_presentationMode->addSecondary(widget); }, this);
    m_classroom = new ClassroomPart(m_document, this, m_presentationMode, [this](const QString& text) {
        m_sentence->setText(text);
        m_pair->clear();
        runSentence();
    });
    m_models = new ModelLoadingPart(m_document, this, &m_settings, [this] { return isPresentationMode(); });
    m_target = new TargetTextPart(m_document, this);
    m_languages = new LanguagePart(m_document, this);
    addViews();

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    // The controls scroll sideways when the window is narrower than their row (800 px with the
    // predictions panel open) instead of pushing the window past the screen.
    layout->addWidget(new SideScrollArea(buildControls()));
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_tokenInfo);
    setCentralWidget(central);
    m_tokenInfo->setTextFormat(Qt::PlainText);
    // The line keeps its height while hidden: appearing under a hovered cell, it would shift the
    // plot and put another cell under the pointer.
    QSizePolicy infoPolicy = m_tokenInfo->sizePolicy();
    infoPolicy.setRetainSizeWhenHidden(true);
    m_tokenInfo->setSizePolicy(infoPolicy);
    m_tokenInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_cancel->setToolTip(tr("Stop the computation (Esc)"));
    statusBar()->addPermanentWidget(m_models->modelLabel());
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);

    m_exports = new ExportsPart(m_document, this, [this] { return currentView(); });
    connect(m_exports, &ExportsPart::exportFinished, this, &MainWindow::exportFinished);
    m_sessions = new SessionsPart(m_document, this, &m_settings);
    buildMenus();
    buildTypingUpdates();
    buildPredictions();
    m_classroom->addMenus();  // after the others: it makes the window hold every menu's shortcuts
    connect(m_presentationMode, &PresentationMode::switched, m_models, &ModelLoadingPart::showLoadedModel);
    connectDocument();
    connectViews();
    {
        const QSignalBlocker blocker(m_document);  // the settings are the starting view state
        m_document->setStyle(m_settings.heatmap);
        m_document->setHideSpecialTokens(m_settings.hideSpecialTokens);
    }
    m_controls->show();
    onDocumentChanged(kEverything);

    resize(1280, 860);
    if (!m_settings.windowGeometry.isEmpty())
        restoreGeometry(m_settings.windowGeometry);
    if (!m_settings.windowState.isEmpty())
        restoreState(m_settings.windowState);
}

// QWidget's destructor, which runs after this one, closes the window and so hides the predictions
// dock; its visibilityChanged reaches the PredictionsPart, a child QObject still alive then, never
// a MainWindow method on members already destroyed (UndefinedBehaviorSanitizer, vptr).
MainWindow::~MainWindow() = default;

QWidget* MainWindow::buildControls() {
    m_sentence->setPlaceholderText(tr("Type a sentence and press Enter"));
    m_sentence->setClearButtonEnabled(true);
    // The sentence is what the window is for: on a narrow screen other controls give way first.
    m_sentence->setMinimumWidth(m_sentence->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 28);
    m_pair->setPlaceholderText(tr("Second sentence (optional)"));
    m_pair->setClearButtonEnabled(true);
    m_longText->setPlaceholderText(tr("Paste or type a long text (Ctrl+Enter runs it), or open a text file"));
    m_longText->setVisible(false);
    m_longText->setMaximumHeight(m_longText->fontMetrics().lineSpacing() * 8);
    m_longTextButton->setText(QStringLiteral("¶"));
    m_longTextButton->setCheckable(true);
    m_longTextButton->setToolTip(tr("Edit a long, multi-line text (Ctrl+L)"));
    m_longTextButton->setShortcut(QKeySequence(tr("Ctrl+L")));
    auto* run = new QPushButton(tr("Run"));

    auto labelled = [](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text);
        label->setBuddy(buddy);
        return label;
    };
    auto secondary = [this](QWidget* widget) {
        m_presentationMode->addSecondary(widget);
        return widget;
    };
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(labelled(tr("&Model:"), m_models->chooser()), 0, 0);
    grid->addWidget(m_models->chooser(), 0, 1);
    grid->addWidget(secondary(m_models->openFolderButton()), 0, 2);
    grid->addWidget(labelled(tr("S&entence:"), m_sentence), 0, 3);
    grid->addWidget(m_sentence, 0, 4);
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(m_longTextButton);
    runButtons->addWidget(run);
    grid->addLayout(runButtons, 0, 5);
    grid->addWidget(m_longText, 1, 3, 1, 3);
    // Translation models: the target under the sentence (hidden for other models).
    grid->addWidget(m_target->widget(), 2, 3, 1, 3);
    // Multilingual ones: their languages left of it, under the model (hidden for the others).
    grid->addWidget(m_languages->widget(), 2, 0, 1, 3);
    grid->addWidget(secondary(labelled(tr("&Pair:"), m_pair)), 3, 3);
    grid->addWidget(secondary(m_pair), 3, 4);
    // The measure shares the Pair row's empty left end: the view row has no width to spare.
    grid->addWidget(m_controls->measureLabel(), 3, 0);
    grid->addWidget(m_controls->measureBox(), 3, 1);
    // A row of its own: sharing columns with the sentence would add their minimum widths up.
    grid->addLayout(m_controls->row(), 4, 0, 1, 6);
    grid->addWidget(m_models->teachingPanel(), 5, 0, 1, 6);
    grid->addWidget(m_classroom->headNote(), 6, 0, 1, 6);
    grid->setColumnStretch(4, 1);

    connect(m_sentence, &QLineEdit::returnPressed, this, &MainWindow::runSentence);
    connect(m_pair, &QLineEdit::returnPressed, this, &MainWindow::runSentence);
    connect(run, &QPushButton::clicked, this, &MainWindow::runSentence);
    connect(m_longTextButton, &QToolButton::toggled, this, &MainWindow::setLongTextShown);
    m_longText->installEventFilter(this);  // Ctrl+Enter runs

    auto* box = new QWidget;
    box->setLayout(grid);
    return box;
}

void MainWindow::addViews() {
    m_views = makeRegisteredViews();
    for (const auto& view : m_views) {
        m_tabs->addTab(view->widget(), view->title());
        m_unseen.push_back(kEverything);
        // A long text's thumbnails and statistics are gathered during its forward pass, so the
        // grid and the statistics are there as soon as the pass ends, before their tab is opened.
        m_document->collectDuringPasses(view->needs());
    }
}

HeatmapView* MainWindow::heatmap() const { return viewOf<HeatmapTabView>()->heatmap(); }
HeadGridView* MainWindow::grid() const { return viewOf<GridTabView>()->grid(); }
ComparisonView* MainWindow::comparison() const { return viewOf<CompareTabView>()->comparison(); }
StatisticsView* MainWindow::statistics() const { return viewOf<StatisticsTabView>()->statistics(); }
RolloutView* MainWindow::rollout() const { return viewOf<RolloutTabView>()->rollout(); }
StepView* MainWindow::stepView() const { return viewOf<StepsTabView>()->steps(); }
LinesView* MainWindow::linesView() const { return viewOf<LinesTabView>()->lines(); }
TokenPairView* MainWindow::tokenPairView() const { return viewOf<TokenPairTabView>()->tokenPair(); }

DocumentView* MainWindow::currentView() const {
    const int index = m_tabs->currentIndex();
    return index >= 0 && size_t(index) < m_views.size() ? m_views[size_t(index)].get() : nullptr;
}

QString MainWindow::exportCurrentView(const QString& path, double scale) { return m_exports->exportCurrentView(path, scale); }
bool MainWindow::exportCurrentViewInBackground(const QString& path, double scale) {
    return m_exports->exportCurrentViewInBackground(path, scale);
}
QString MainWindow::exportData(const QString& path) { return m_exports->exportData(path); }
QString MainWindow::exportAllHeads(const QString& folder, const QString& format) {
    return m_exports->exportAllHeads(folder, format);
}
Session MainWindow::currentSession() const { return m_sessions->currentSession(); }
QString MainWindow::saveSessionTo(const QString& path) { return m_sessions->saveSessionTo(path); }
QString MainWindow::openSessionFrom(const QString& path) { return m_sessions->openSessionFrom(path); }
int MainWindow::currentStep() const { return stepView()->requestedStep(); }
void MainWindow::setCurrentStep(int step) { stepView()->setStep(std::max(step, 0)); }

QComboBox* MainWindow::stackBox() const { return m_controls->stackBox(); }
QSpinBox* MainWindow::layerBox() const { return m_controls->layerBox(); }
QSpinBox* MainWindow::headBox() const { return m_controls->headBox(); }
QComboBox* MainWindow::colormapBox() const { return m_controls->colormapBox(); }
QComboBox* MainWindow::scaleBox() const { return m_controls->scaleBox(); }
QCheckBox* MainWindow::hideSpecialBox() const { return m_controls->hideSpecialBox(); }
QCheckBox* MainWindow::valuesBox() const { return m_controls->valuesBox(); }
QCheckBox* MainWindow::wordsBox() const { return m_controls->wordsBox(); }
QComboBox* MainWindow::measureBox() const { return m_controls->measureBox(); }
QLabel* MainWindow::headNote() const { return m_classroom->headNote(); }
QStringList MainWindow::exampleSentences() { return ClassroomPart::exampleSentences(); }
void MainWindow::showExample(int index) { m_classroom->showExample(index); }
void MainWindow::setPresentationMode(bool on) { m_presentationMode->setOn(on); }
bool MainWindow::isPresentationMode() const { return m_presentationMode->isOn(); }
ModelChooser* MainWindow::modelChooser() const { return m_models->chooser(); }
TeachingOptionsPanel* MainWindow::teachingPanel() const { return m_models->teachingPanel(); }
QLabel* MainWindow::modelLabel() const { return m_models->modelLabel(); }
void MainWindow::openModel(const QString& spec) { m_models->openModel(spec); }

void MainWindow::showView(const QString& name) {
    const int index = int(registeredViewNames().indexOf(name));
    if (index >= 0 && index < m_tabs->count())
        m_tabs->setCurrentIndex(index);
}

void MainWindow::showStatus(const QString& message, int timeoutMs) {
    statusBar()->showMessage(message, timeoutMs);
}

void MainWindow::connectDocument() {
    connect(m_document, &AttentionDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(m_document, &AttentionDocument::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_document, &AttentionDocument::errorOccurred, this, &MainWindow::showError);
    connect(m_cancel, &QPushButton::clicked, m_document, &AttentionDocument::cancel);
    connect(m_banner, &ErrorBanner::dismissed, m_document, &AttentionDocument::clearError);
    connect(m_banner, &ErrorBanner::truncateRequested, this,
            [this] { m_document->setText(currentText(), m_pair->isEnabled() ? m_pair->text() : QString(), true); });
    connect(m_models, &ModelLoadingPart::message, statusBar(), &QStatusBar::showMessage);
    connect(m_models, &ModelLoadingPart::error, this, [this](const QString& message) {
        showError(message);
        m_banner->showError(message, 0, false);
    });
}

void MainWindow::onDocumentChanged(DocumentChanges changes) {
    if (changes & DocumentChange::Model)
        onModelChanged();
    if (changes & DocumentChange::Trace)
        onTraceChanged();
    if (changes & DocumentChange::Style) {  // remembered for the next start and for exports
        m_settings.heatmap = m_document->view().style;
        m_settings.hideSpecialTokens = m_document->view().hideSpecialTokens;
    }
    // Only the tab on screen follows at once; a hidden one catches up when shown, so that a
    // new sentence does not redraw six views of 512 × 512 on the GUI thread.
    for (size_t i = 0; i < m_views.size(); ++i) {
        if (int(i) == m_tabs->currentIndex()) {
            const DocumentChanges pending = changes | m_unseen[i];
            m_unseen[i] = {};  // before the call: a view may change the document in turn
            m_views[i]->documentChanged(*m_document, pending, true);
        } else {
            m_unseen[i] |= changes;
        }
    }
    const int current = m_tabs->currentIndex();
    if (current >= 0 && current < int(m_views.size()))
        m_document->requestDerived(m_views[size_t(current)]->needs());
    if (changes & (DocumentChange::Busy | DocumentChange::Trace | DocumentChange::Model))
        showBusy();
    if (changes & DocumentChange::Error)
        showDocumentError();
}

void MainWindow::connectViews() {
    for (const auto& view : m_views)
        view->connectTo(*m_document, *this);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        showTokenDetails(-1, -1);  // a hovered heatmap cell says nothing on another tab
        // A hidden view skipped its heavy work; it catches up now, and asks for its data.
        if (index >= 0 && index < int(m_views.size())) {
            const DocumentChanges pending = m_unseen[size_t(index)];
            m_unseen[size_t(index)] = {};
            m_views[size_t(index)]->documentChanged(*m_document, pending, true);
            m_document->requestDerived(m_views[size_t(index)]->needs());
        }
    });
}

void MainWindow::showText(const QString& text) {
    // A line fits the sentence field; a longer document goes to the multi-line box, as an
    // opened file does.
    const bool line = !text.contains(QLatin1Char('\n')) && text.size() <= 200;
    setLongTextShown(!line);
    if (line)
        m_sentence->setText(text);
    else
        m_longText->setPlainText(text);
    m_pair->clear();
}

QString MainWindow::currentText() const {
    return isLongTextShown() ? m_longText->toPlainText() : m_sentence->text();
}

bool MainWindow::isLongTextShown() const {
    return !m_longText->isHidden();
}

void MainWindow::setLongTextShown(bool shown) {
    if (shown == isLongTextShown())
        return;
    // The two boxes hold the same text; the one-line field cannot show line breaks.
    if (shown) {
        if (m_longText->toPlainText() != m_sentence->text() && !m_sentence->text().isEmpty())
            m_longText->setPlainText(m_sentence->text());
    } else {
        m_sentence->setText(m_longText->toPlainText().simplified());
    }
    m_longText->setVisible(shown);
    m_sentence->setEnabled(!shown);
    {
        const QSignalBlocker blocker(m_longTextButton);
        m_longTextButton->setChecked(shown);
    }
    if (shown)
        m_longText->setFocus();
}

void MainWindow::runSentence() {
    m_typing->cancelPending();  // Enter or Run ran it; the pending rerun of the same text is moot
    m_document->setText(currentText(), m_pair->isEnabled() ? m_pair->text() : QString());
}

int MainWindow::selectedToken() const {
    return m_document->view().selectedToken;
}

void MainWindow::onModelChanged() {
    const ModelSummary model = m_document->modelSummary();
    // Decoders read one text; pairs would be glued together without a separator.
    const bool pairs = !model.name.isEmpty() && !model.causal && m_document->takesPairs();
    m_pair->setEnabled(pairs);
    // Short enough for the field at 800 px in every language; the tooltip says why.
    m_pair->setPlaceholderText(pairs ? tr("Second sentence (optional)")
                                     : tr("Single text only"));
    m_pair->setToolTip(pairs ? tr("A second sentence, for models trained on sentence pairs (BERT-style)")
                             : tr("This model reads a single text, not sentence pairs"));
}

void MainWindow::onTraceChanged() {
    const auto trace = m_document->sharedTrace();
    m_tokenDetails = trace->model().pieces == PieceStyle::Words ? QStringList() : tokenlabels::tooltips(*trace);
    m_keyDetails = m_tokenDetails;
    if (trace->hasKeyTokens() && !m_tokenDetails.isEmpty()) {  // cross-attention: the source's pieces
        m_keyDetails.clear();
        for (const auto& token : tokenlabels::describe(trace->keyTokens(), trace->keySpecial(), trace->model().pieces))
            m_keyDetails << token.tooltip;
    }
    showTokenDetails(-1, -1);
    if (!trace->isEmpty())
        statusBar()->showMessage(tr("%n token(s)", nullptr, trace->length()), 4000);
}

void MainWindow::showTokenDetails(int shownQuery, int shownKey) {
    const AttentionTrace& trace = m_document->trace();
    const bool hide = m_document->view().hideSpecialTokens;
    const int query = fullTokenIndex(trace, hide, shownQuery);
    int key = fullTokenIndex(trace, hide, shownKey);
    if (trace.hasKeyTokens()) {  // the source's own tokens, with their own special ones hidden
        const std::vector<int> keys = keptKeys(trace, hide);
        key = shownKey >= 0 && shownKey < int(keys.size()) ? keys[size_t(shownKey)] : -1;
    }
    if (query >= 0 && key >= 0 && query < m_tokenDetails.size() && key < m_keyDetails.size()) {
        m_tokenInfo->setText(tr("Query #%1: %2   ·   Key #%3: %4")
                                 .arg(query).arg(m_tokenDetails[query]).arg(key).arg(m_keyDetails[key]));
        m_tokenInfo->setVisible(true);
        return;
    }
    const QString legend = tokenlabels::legend(trace.displayTokens());
    m_tokenInfo->setText(legend);
    m_tokenInfo->setVisible(!legend.isEmpty());
}

void MainWindow::showError(const QString& message) {
    statusBar()->showMessage(message);
}

void MainWindow::changeFontSize(double delta) {
    QFont font = QApplication::font();
    const double size = std::clamp(font.pointSizeF() + delta, 6.0, 48.0);
    font.setPointSizeF(size);
    QApplication::setFont(font);
    if (!isPresentationMode())  // presentation sizes are for the room, not the desk
        m_settings.fontPointSize = size;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    setPresentationMode(false);  // remember the desk layout, not the full screen
    saveWindowSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::saveWindowSettings() {
    m_settings.windowGeometry = saveGeometry();
    m_settings.windowState = saveState();
    m_settings.save();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() && QFileInfo(urls.first().toLocalFile()).isDir())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    openModel(QDir::cleanPath(urls.first().toLocalFile()));
    event->acceptProposedAction();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_longText && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && key->modifiers() & Qt::ControlModifier) {
            runSentence();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::buildPredictions() {
    m_predictions = new PredictionsPart(m_document, this);
    m_predictions->connectGrid(grid());
    m_predictions->connectSteps(stepView());
    connect(m_predictions, &PredictionsPart::message, statusBar(), &QStatusBar::showMessage);
    QAction* toggle = m_predictions->dock()->toggleViewAction();
    if (QMenu* view = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"))) {
        view->addSeparator();
        view->addAction(toggle);
    }
    addAction(toggle);  // the shortcut works with the menu bar hidden (presentation)
}

PredictionPanel* MainWindow::predictionPanel() const { return m_predictions->panel(); }
QDockWidget* MainWindow::predictionDock() const { return m_predictions->dock(); }
QToolButton* MainWindow::predictionsButton() const { return m_predictions->button(); }

void MainWindow::buildTypingUpdates() {
    m_typing = new TypingUpdates(m_document, m_typingAction, m_settings.updateWhileTyping,
                                 [this] { return currentText(); }, this);
    m_typing->watch(m_sentence);
    m_typing->watch(m_longText, [this] { return isLongTextShown(); });
    connect(m_typing, &TypingUpdates::switched, this, [this](bool on) { m_settings.updateWhileTyping = on; });
    connect(m_typing, &TypingUpdates::message, statusBar(), &QStatusBar::showMessage);
}

}  // namespace headmap::ui
