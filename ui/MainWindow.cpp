#include "MainWindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "ModelChooser.h"
#include "TeachingOptionsPanel.h"
#include "analysis/AttentionTransforms.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "steps/StepView.h"

namespace headmap::ui {

MainWindow::MainWindow(AttentionDocument* document, QWidget* parent)
    : QMainWindow(parent), m_document(document), m_settings(AppSettings::load()),
      m_modelChooser(new ModelChooser), m_sentence(new QLineEdit), m_pair(new QLineEdit),
      m_layerBox(new QSpinBox), m_headBox(new QSpinBox), m_colormapBox(new QComboBox),
      m_scaleBox(new QComboBox), m_hideSpecialBox(new QCheckBox(tr("Hide &special tokens"))),
      m_valuesBox(new QCheckBox(tr("&Values"))), m_tabs(new QTabWidget),
      m_heatmap(new HeatmapView), m_grid(new HeadGridView), m_comparison(new ComparisonView),
      m_statistics(new StatisticsView), m_rollout(new RolloutView), m_stepView(new StepView), m_modelLabel(new QLabel),
      m_progress(new QProgressBar), m_teachingPanel(new TeachingOptionsPanel),
      m_headNote(new QLabel) {
    setWindowTitle(tr("Headmap"));
    setAcceptDrops(true);
    if (m_settings.fontPointSize > 0) {
        QFont font = QApplication::font();
        font.setPointSizeF(m_settings.fontPointSize);
        QApplication::setFont(font);
    }

    m_tabs->addTab(m_heatmap, tr("&Heatmap"));
    m_tabs->addTab(m_grid, tr("&All heads"));
    m_tabs->addTab(m_comparison, tr("&Compare"));
    m_tabs->addTab(m_statistics, tr("S&tatistics"));
    m_tabs->addTab(m_rollout, tr("&Rollout"));
    m_tabs->addTab(m_stepView, tr("Ste&p by step"));

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(buildControls());
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_modelLabel);
    statusBar()->addPermanentWidget(m_progress);

    m_heatmap->plot()->setFocusPolicy(Qt::StrongFocus);
    m_heatmap->plot()->installEventFilter(this);
    buildMenus();
    buildClassroom();
    connectDocument();
    connectViews();
    applyStyle();
    m_modelChooser->refresh(m_settings.recentModels);
    onModelChanged();
    onTraceChanged();

    resize(1280, 860);
    if (!m_settings.windowGeometry.isEmpty())
        restoreGeometry(m_settings.windowGeometry);
    if (!m_settings.windowState.isEmpty())
        restoreState(m_settings.windowState);
}

QWidget* MainWindow::buildControls() {
    m_sentence->setPlaceholderText(tr("Type a sentence and press Enter"));
    m_sentence->setClearButtonEnabled(true);
    m_pair->setPlaceholderText(tr("Second sentence (optional, for BERT-style pairs)"));
    m_pair->setClearButtonEnabled(true);
    auto* run = new QPushButton(tr("Run"));
    auto* openFolder = new QPushButton(tr("Open folder…"));
    for (Colormap colormap : allColormaps())
        m_colormapBox->addItem(colormapName(colormap), int(colormap));
    for (ScaleMode mode : allScaleModes())
        m_scaleBox->addItem(scaleModeName(mode), int(mode));
    m_hideSpecialBox->setToolTip(tr("Leave out [CLS], [SEP], <s>, … and renormalise each row"));
    m_valuesBox->setToolTip(tr("Write each weight in its cell when it fits"));
    m_layerBox->setToolTip(tr("Layer (Ctrl+PageUp / Ctrl+PageDown)"));
    m_headBox->setToolTip(tr("Head (PageUp / PageDown)"));

    auto labelled = [](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text);
        label->setBuddy(buddy);
        return label;
    };
    auto secondary = [this](QWidget* widget) {
        m_secondaryControls << widget;
        return widget;
    };
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(labelled(tr("&Model:"), m_modelChooser), 0, 0);
    grid->addWidget(m_modelChooser, 0, 1);
    grid->addWidget(secondary(openFolder), 0, 2);
    grid->addWidget(labelled(tr("S&entence:"), m_sentence), 0, 3);
    grid->addWidget(m_sentence, 0, 4);
    grid->addWidget(run, 0, 5);
    grid->addWidget(secondary(labelled(tr("&Pair:"), m_pair)), 1, 3);
    grid->addWidget(secondary(m_pair), 1, 4);

    auto* view = new QHBoxLayout;
    view->addWidget(labelled(tr("&Layer:"), m_layerBox));
    view->addWidget(m_layerBox);
    view->addWidget(labelled(tr("H&ead:"), m_headBox));
    view->addWidget(m_headBox);
    view->addSpacing(16);
    view->addWidget(secondary(labelled(tr("C&olours:"), m_colormapBox)));
    view->addWidget(secondary(m_colormapBox));
    view->addWidget(secondary(labelled(tr("Sc&ale:"), m_scaleBox)));
    view->addWidget(secondary(m_scaleBox));
    view->addWidget(secondary(m_hideSpecialBox));
    view->addWidget(secondary(m_valuesBox));
    view->addStretch(1);
    grid->addLayout(view, 1, 0, 1, 3);
    grid->addWidget(m_teachingPanel, 2, 0, 1, 6);
    grid->addWidget(m_headNote, 3, 0, 1, 6);
    grid->setColumnStretch(4, 1);
    m_headNote->setWordWrap(true);
    m_headNote->setVisible(false);

    connect(m_sentence, &QLineEdit::returnPressed, this, &MainWindow::runSentence);
    connect(m_pair, &QLineEdit::returnPressed, this, &MainWindow::runSentence);
    connect(run, &QPushButton::clicked, this, &MainWindow::runSentence);
    connect(openFolder, &QPushButton::clicked, this, &MainWindow::openFolderWithDialog);

    auto* box = new QWidget;
    box->setLayout(grid);
    return box;
}

void MainWindow::connectDocument() {
    connect(m_layerBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setLayer);
    connect(m_headBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setHead);
    connect(m_document, &AttentionDocument::modelChanged, this, &MainWindow::onModelChanged);
    connect(m_document, &AttentionDocument::traceChanged, this, &MainWindow::onTraceChanged);
    connect(m_document, &AttentionDocument::secondTraceChanged, this,
            [this] { m_comparison->setSecondTrace(m_document->secondTrace()); });
    connect(m_document, &AttentionDocument::selectionChanged, this, &MainWindow::showSelection);
    connect(m_document, &AttentionDocument::errorOccurred, this, &MainWindow::showError);
    connect(m_document, &AttentionDocument::busyChanged, this, [this](bool busy) {
        m_progress->setVisible(busy);
        m_progress->setRange(0, 0);  // indeterminate until the first layer reports
        if (busy)
            statusBar()->showMessage(tr("Computing…"));
    });
    connect(m_document, &AttentionDocument::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_modelChooser, &ModelChooser::modelChosen, this, &MainWindow::openModel);
    connect(m_modelChooser, &ModelChooser::openFolderRequested, this, &MainWindow::openFolderWithDialog);
}

void MainWindow::connectViews() {
    connect(m_colormapBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_settings.heatmap.colormap = Colormap(m_colormapBox->currentData().toInt());
        applyStyle();
    });
    connect(m_scaleBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_settings.heatmap.scale = ScaleMode(m_scaleBox->currentData().toInt());
        applyStyle();
    });
    connect(m_valuesBox, &QCheckBox::toggled, this, [this](bool on) {
        m_settings.heatmap.showValues = on;
        applyStyle();
    });
    connect(m_hideSpecialBox, &QCheckBox::toggled, this, [this](bool on) {
        m_settings.hideSpecialTokens = on;
        applyStyle();
        showSelection();
    });
    auto openHead = [this](int layer, int head) {
        m_document->setHeadIndex(layer, head);
        m_tabs->setCurrentIndex(HeatmapTab);
    };
    connect(m_grid, &HeadGridView::headActivated, this, openHead);
    connect(m_statistics, &StatisticsView::headActivated, this, openHead);
    connect(m_statistics, &StatisticsView::metricChosen, m_grid, &HeadGridView::setMetric);
    connect(m_comparison, &ComparisonView::secondSentenceRequested, m_document, &AttentionDocument::setComparisonText);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::requestStepsIfShown);
    connect(m_document, &AttentionDocument::stepsChanged, this, &MainWindow::showSteps);
    connect(m_stepView, &StepView::tokenSelected, this, [this](int index) {
        m_selectedToken = index;
        m_heatmap->setSelectedToken(shownTokenIndex(index));
    });
    connect(m_heatmap, &HeatmapView::tokenSelected, this, [this](int shown) {
        // The heatmap counts the tokens it shows; everything else counts the whole sentence.
        const int index = fullTokenIndex(shown);
        m_selectedToken = index;
        m_stepView->setSelectedToken(index);
        const QStringList tokens = m_document->trace().displayTokens();
        if (index >= 0 && index < tokens.size())
            statusBar()->showMessage(tr("Selected token %1: \"%2\"").arg(index).arg(tokens[index]), 5000);
    });
}

void MainWindow::runSentence() {
    m_document->setText(m_sentence->text(), m_pair->text());
}

void MainWindow::openModel(const QString& spec) {
    ModelSpec modelSpec;
    modelSpec.source = spec;
    statusBar()->showMessage(tr("Opening %1…").arg(spec));
    m_document->openModel(modelSpec);
}

void MainWindow::onModelChanged() {
    const ModelSummary model = m_document->modelSummary();
    {
        const QSignalBlocker blockLayer(m_layerBox);
        const QSignalBlocker blockHead(m_headBox);
        m_layerBox->setRange(0, std::max(0, model.layers - 1));
        m_headBox->setRange(0, std::max(0, model.heads - 1));
        m_layerBox->setValue(m_document->layer());
        m_headBox->setValue(m_document->head());
    }
    if (model.name.isEmpty()) {
        m_modelLabel->setText(tr("No model"));
        return;
    }
    m_modelLabel->setText(tr("%1: %2 layers × %3 heads, d_model %4")
                              .arg(model.displayName()).arg(model.layers).arg(model.heads).arg(model.dModel));
    setWindowTitle(tr("Headmap — %1").arg(model.displayName()));
    if (!builtinModelNames().contains(m_document->modelSource())) {
        m_settings.addRecentModel(m_document->modelSource());
        m_modelChooser->refresh(m_settings.recentModels);
    }
    m_modelChooser->setCurrentModel(m_document->modelSource());
    m_teachingPanel->setVisible(m_document->modelSource() == QLatin1String("builtin:teaching"));
    m_teachingPanel->setOptions(m_document->modelSpec().teaching);
    statusBar()->showMessage(tr("Opened %1").arg(model.displayName()), 4000);
}

void MainWindow::onTraceChanged() {
    const auto trace = m_document->sharedTrace();
    if (!trace->isEmpty())
        statusBar()->showMessage(tr("%n token(s)", nullptr, trace->length()), 4000);
    m_grid->setTrace(trace);
    m_comparison->setTrace(trace);
    if (m_comparison->layerB() == m_document->layer() && m_comparison->headB() == m_document->head() &&
        trace->heads() > 1)  // comparing a head with itself shows nothing: start with its neighbour
        m_comparison->setHeads(m_document->layer(), m_document->head(), m_document->layer(),
                               (m_document->head() + 1) % trace->heads());
    m_statistics->setTrace(trace);
    m_rollout->setTrace(trace);
    showSelection();
    if (m_pendingSelection >= 0) {
        m_selectedToken = m_pendingSelection < trace->length() ? m_pendingSelection : -1;
        m_heatmap->setSelectedToken(shownTokenIndex(m_selectedToken));
        m_stepView->setSelectedToken(m_selectedToken);
        m_pendingSelection = -1;
    }
}

void MainWindow::showSelection() {
    const int layer = m_document->layer();
    const int head = m_document->head();
    {
        const QSignalBlocker blockLayer(m_layerBox);
        const QSignalBlocker blockHead(m_headBox);
        m_layerBox->setValue(layer);
        m_headBox->setValue(head);
    }
    showHead(*m_heatmap, m_document->sharedTrace(), layer, head, m_settings.hideSpecialTokens);
    m_heatmap->setSelectedToken(shownTokenIndex(m_selectedToken));
    m_grid->setCurrentHead(layer, head);
    m_statistics->setCurrentHead(layer, head);
    m_rollout->setLayer(layer);
    m_comparison->setHeads(layer, head, m_comparison->layerB(), m_comparison->headB());
    updateHeadNote();
    requestStepsIfShown();
}

void MainWindow::requestStepsIfShown() {
    // Steps cost a forward pass of their own, so they are only computed when looked at.
    if (m_tabs->currentIndex() != StepsTab)
        return;
    const auto steps = m_document->steps();
    const auto stepsTrace = m_document->stepsTrace();
    const bool current = steps && stepsTrace && steps->layer == m_document->layer() &&
                         steps->head == m_document->head() &&
                         stepsTrace->tokenIds() == m_document->trace().tokenIds() &&
                         stepsTrace->model().name == m_document->modelSummary().name;
    if (!current && !m_document->trace().isEmpty())
        m_document->requestSteps(m_document->layer(), m_document->head());
}

void MainWindow::showSteps() {
    const auto steps = m_document->steps();
    const auto trace = m_document->stepsTrace();
    if (!steps || !trace) {
        m_stepView->clear(tr("Type a sentence and press Enter to walk through one head step by step."));
        return;
    }
    const ModelSummary& model = trace->model();
    const int index = steps->layer * std::max(1, model.heads) + steps->head;
    m_stepView->setSteps(steps, trace->displayTokens(), headTitle(*trace, steps->layer, steps->head),
                         index < model.headNames.size()
                             ? model.headNames[index] + QStringLiteral(": ") + model.headExplanations.value(index)
                             : QString());
    m_stepView->setSelectedToken(m_selectedToken);
}

void MainWindow::applyStyle() {
    const HeatmapStyle& style = m_settings.heatmap;
    {
        const QSignalBlocker a(m_colormapBox), b(m_scaleBox), c(m_valuesBox), d(m_hideSpecialBox);
        m_colormapBox->setCurrentIndex(m_colormapBox->findData(int(style.colormap)));
        m_scaleBox->setCurrentIndex(m_scaleBox->findData(int(style.scale)));
        m_valuesBox->setChecked(style.showValues);
        m_hideSpecialBox->setChecked(m_settings.hideSpecialTokens);
    }
    m_heatmap->setStyle(style);
    m_grid->setStyle(style);
    m_comparison->setStyle(style);
    m_rollout->setStyle(style);
    m_grid->setHideSpecialTokens(m_settings.hideSpecialTokens);
    m_comparison->setHideSpecialTokens(m_settings.hideSpecialTokens);
    m_rollout->setHideSpecialTokens(m_settings.hideSpecialTokens);
}

int MainWindow::shownTokenIndex(int index) const {
    if (!m_settings.hideSpecialTokens || index < 0)
        return index;
    const std::vector<int> kept = keptTokens(m_document->trace().special());
    const auto found = std::find(kept.begin(), kept.end(), index);
    return found == kept.end() ? -1 : int(found - kept.begin());  // a hidden token is not shown
}

int MainWindow::fullTokenIndex(int shown) const {
    if (!m_settings.hideSpecialTokens || shown < 0)
        return shown;
    const std::vector<int> kept = keptTokens(m_document->trace().special());
    return shown < int(kept.size()) ? kept[size_t(shown)] : -1;
}

void MainWindow::showError(const QString& message) {
    m_modelChooser->setCurrentModel(m_document->modelSource());  // a failed load keeps the old model
    m_progress->setVisible(false);
    statusBar()->showMessage(message);
}

void MainWindow::changeFontSize(double delta) {
    QFont font = QApplication::font();
    const double size = std::clamp(font.pointSizeF() + delta, 6.0, 48.0);
    font.setPointSizeF(size);
    QApplication::setFont(font);
    if (!m_presentation)  // presentation sizes are for the room, not the desk
        m_settings.fontPointSize = size;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    setPresentationMode(false);  // remember the desk layout, not the full screen
    m_settings.windowGeometry = saveGeometry();
    m_settings.windowState = saveState();
    m_settings.save();
    QMainWindow::closeEvent(event);
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
    // Arrow keys on the heatmap walk the model: left/right through heads, up/down through layers.
    if (watched == m_heatmap->plot() && event->type() == QEvent::KeyPress) {
        switch (static_cast<QKeyEvent*>(event)->key()) {
        case Qt::Key_Left: m_document->stepHead(-1); return true;
        case Qt::Key_Right: m_document->stepHead(1); return true;
        case Qt::Key_Up: m_document->stepLayer(-1); return true;
        case Qt::Key_Down: m_document->stepLayer(1); return true;
        default: break;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

}  // namespace headmap::ui
