// MainWindow's prediction panel (a dock beside the tabs), the measure choice (weights or
// weight × value norm) and head ablation: the window only wires the panel, the grid and the
// controls to the document, which computes everything.

#include <QComboBox>
#include <QDockWidget>
#include <QGridLayout>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolButton>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "parts/PresentationMode.h"
#include "predictions/PredictionPanel.h"
#include "steps/StepView.h"
#include "views/HeadGridView.h"

namespace headmap::ui {

void MainWindow::addPredictionControls(QGridLayout* grid, int row) {
    m_measureBox = new QComboBox;
    m_measureBox->addItem(tr("Weights"), int(AttentionMeasure::Weights));
    m_measureBox->addItem(tr("Weight × ‖v‖"), int(AttentionMeasure::ValueNorm));
    m_measureBox->setItemData(0, tr("The softmax weights α_ij: where each query looks"), Qt::ToolTipRole);
    m_measureBox->setItemData(1, tr("α_ij·‖v_j·W_O‖: how far each key actually moves the query's output through "
                                    "the head (Kobayashi et al. 2020); sinks with small values fade"),
                              Qt::ToolTipRole);
    m_measureBox->setToolTip(tr("What the heatmaps show: attention weights, or weights × value norms"));
    // No wider than the model chooser above it, so the column does not grow.
    m_measureBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_measureBox->setMinimumContentsLength(4);
    auto* label = new QLabel(tr("Meas&ure:"));
    label->setBuddy(m_measureBox);
    m_presentationMode->addSecondary(label);
    m_presentationMode->addSecondary(m_measureBox);
    grid->addWidget(label, row, 0);
    grid->addWidget(m_measureBox, row, 1);

    // The panel's toggle sits in the status bar, with the model's name: the row has no room.
    m_predictionsButton = new QToolButton;
    m_predictionsButton->setText(tr("Predictions"));
    m_predictionsButton->setCheckable(true);
    m_predictionsButton->setAutoRaise(true);
    m_predictionsButton->setToolTip(tr("Show what the model predicts, and what switching heads off changes (F8)"));
    statusBar()->insertPermanentWidget(0, m_predictionsButton);
}

void MainWindow::buildPredictions() {
    m_predictionPanel = new PredictionPanel;
    m_predictionDock = new QDockWidget(tr("Predictions"), this);
    m_predictionDock->setObjectName(QStringLiteral("predictionsDock"));  // saveState names docks
    m_predictionDock->setWidget(m_predictionPanel);
    m_predictionDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::RightDockWidgetArea, m_predictionDock);
    m_predictionDock->hide();

    QAction* toggle = m_predictionDock->toggleViewAction();
    toggle->setText(tr("Pre&dictions"));
    toggle->setShortcut(QKeySequence(Qt::Key_F8));
    for (QAction* action : menuBar()->actions())
        if (action->menu() && action->text() == tr("&View")) {
            action->menu()->addSeparator();
            action->menu()->addAction(toggle);
        }
    addAction(toggle);  // the shortcut works with the menu bar hidden (presentation)

    connect(m_predictionsButton, &QToolButton::toggled, m_predictionDock, &QDockWidget::setVisible);
    connect(m_predictionDock, &QDockWidget::visibilityChanged, this, [this](bool) {
        {
            const QSignalBlocker blocker(m_predictionsButton);
            m_predictionsButton->setChecked(m_predictionDock->isVisible());
        }
        showPredictions();
    });
    connect(m_measureBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_document->setMeasure(AttentionMeasure(m_measureBox->currentData().toInt()));
    });
    connect(m_grid, &HeadGridView::ablationsRequested, m_document, &AttentionDocument::setAblations);
    connect(m_predictionPanel, &PredictionPanel::ablationsCleared, this,
            [this] { m_document->setAblations({}); });
    connect(m_predictionPanel, &PredictionPanel::temperatureChanged, this, [this](float temperature) {
        PredictionSettings settings = m_document->predictionSettings();
        settings.temperature = temperature;
        m_document->setPredictionSettings(settings);
    });
    connect(m_predictionPanel, &PredictionPanel::targetChosen, this, [this](int id, const QString& label) {
        PredictionSettings settings = m_document->predictionSettings();
        settings.targetToken = id;
        settings.targetText = label;
        m_document->setPredictionSettings(settings);
    });
    connect(m_predictionPanel, &PredictionPanel::targetTyped, this, [this](const QString& text) {
        const std::optional<int> id = m_document->tokenIdOf(text);
        if (!id) {
            statusBar()->showMessage(tr("\"%1\" is not one token of this model's vocabulary.").arg(text), 6000);
            return;
        }
        PredictionSettings settings = m_document->predictionSettings();
        settings.targetToken = *id;
        settings.targetText = text;
        m_document->setPredictionSettings(settings);
    });
    // The walk-through's last two pages: what the model predicts, and the shown head switched off.
    connect(m_stepView, &StepView::stepChanged, this, [this] {
        const StepView::Step page = m_stepView->stepKind();
        if ((page == StepView::Predict || page == StepView::Ablate) && !m_document->predictions())
            m_document->requestPredictions();
    });
    connect(m_stepView, &StepView::switchOffRequested, this, [this](bool off) {
        const ViewState& view = m_document->view();
        std::vector<HeadAblation> ablations;
        for (const HeadAblation& a : view.ablations)
            if (a.layer != view.layer || a.head != view.head)
                ablations.push_back(a);
        if (off)
            ablations.push_back({view.layer, view.head, AblationMode::Zero});
        m_document->setAblations(std::move(ablations));
    });
    connect(m_document, &AttentionDocument::changed, this, &MainWindow::onPredictionDocumentChanged);
    onPredictionDocumentChanged(kEverything);
}

void MainWindow::onPredictionDocumentChanged(DocumentChanges changes) {
    const ViewState& view = m_document->view();
    if (changes & DocumentChange::Model && m_predictionDock) {
        // A model that cannot predict starts without the panel; one that can, with it.
        m_predictionDock->setVisible(m_document->hasOutputHead());
    }
    if (changes & (DocumentChange::Style | DocumentChange::Model)) {
        {
            const QSignalBlocker blocker(m_measureBox);
            m_measureBox->setCurrentIndex(m_measureBox->findData(int(view.measure)));
        }
        const QString label = measureValueLabel(view.measure, view.style.scale);
        m_heatmap->setValueLabel(label);
        m_grid->setValueLabel(label);
        m_grid->setAblations(view.ablations);
        m_predictionPanel->setAblations(view.ablations);
    }
    if (changes & (DocumentChange::Model | DocumentChange::Trace | DocumentChange::Selection |
                   DocumentChange::Prediction | DocumentChange::Style | DocumentChange::Error |
                   DocumentChange::Busy))
        showPredictions();
}

void MainWindow::showPredictions() {
    if (!m_predictionPanel)
        return;
    m_predictionPanel->setSettings(m_document->predictionSettings());
    if (!m_document->hasModel() || !m_document->hasOutputHead()) {
        m_predictionPanel->setUnavailable(m_document->outputHeadMissing());
        return;
    }
    if (const auto result = m_document->predictions()) {
        if (result != m_predictionPanel->result())
            m_predictionPanel->setResult(result);
        return;
    }
    if (m_document->trace().isEmpty()) {
        m_predictionPanel->setPending(m_document->isWorking() ? m_document->busyText()
                                                              : tr("Type a sentence and press Enter to see what "
                                                                   "the model predicts."));
        return;
    }
    m_predictionPanel->setPending(tr("Predicting…"));
    if (m_predictionDock->isVisible())
        m_document->requestPredictions();  // the panel is not computed for while nobody looks
}

}  // namespace headmap::ui
