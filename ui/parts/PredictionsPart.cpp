#include "parts/PredictionsPart.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QStatusBar>
#include <QToolButton>

#include "AttentionDocument.h"
#include "predictions/PredictionPanel.h"
#include "steps/StepView.h"
#include "views/HeadGridView.h"

namespace headmap::ui {

PredictionsPart::PredictionsPart(AttentionDocument* document, QMainWindow* window)
    : QObject(window), m_document(document), m_panel(new PredictionPanel),
      m_dock(new QDockWidget(tr("Predictions"), window)), m_button(new QToolButton) {
    m_dock->setObjectName(QStringLiteral("predictionsDock"));  // saveState names docks
    m_dock->setWidget(m_panel);
    m_dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();

    QAction* toggle = m_dock->toggleViewAction();
    toggle->setText(tr("Pre&dictions"));
    toggle->setShortcut(QKeySequence(Qt::Key_F8));

    // The toggle sits in the status bar, with the model's name: the control rows have no room.
    m_button->setText(tr("Predictions"));
    m_button->setCheckable(true);
    m_button->setAutoRaise(true);
    m_button->setToolTip(tr("Show what the model predicts, and what switching heads off changes (F8)"));
    window->statusBar()->insertPermanentWidget(0, m_button);

    connect(m_button, &QToolButton::toggled, m_dock, &QDockWidget::setVisible);
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool) {
        {
            const QSignalBlocker blocker(m_button);
            m_button->setChecked(m_dock->isVisible());
        }
        showPredictions();
    });
    connect(m_panel, &PredictionPanel::ablationsCleared, this, [this] { m_document->setAblations({}); });
    connect(m_panel, &PredictionPanel::temperatureChanged, this, [this](float temperature) {
        PredictionSettings settings = m_document->predictionSettings();
        settings.temperature = temperature;
        m_document->setPredictionSettings(settings);
    });
    connect(m_panel, &PredictionPanel::targetChosen, this, &PredictionsPart::setTarget);
    connect(m_panel, &PredictionPanel::targetTyped, this, [this](const QString& text) {
        const std::optional<int> id = m_document->tokenIdOf(text);
        if (!id) {
            emit message(tr("\"%1\" is not one token of this model's vocabulary.").arg(text), 6000);
            return;
        }
        setTarget(*id, text);
    });
    connect(m_document, &AttentionDocument::changed, this, &PredictionsPart::onDocumentChanged);
    onDocumentChanged(kEverything);
}

void PredictionsPart::connectGrid(HeadGridView* grid) {
    connect(grid, &HeadGridView::ablationsRequested, m_document, &AttentionDocument::setAblations);
}

void PredictionsPart::connectSteps(StepView* steps) {
    connect(steps, &StepView::stepChanged, this, [this, steps] {
        const StepView::Step page = steps->stepKind();
        if ((page == StepView::Predict || page == StepView::Ablate) && !m_document->predictions())
            m_document->requestPredictions();
    });
    connect(steps, &StepView::switchOffRequested, this, [this](bool off) {
        const ViewState& view = m_document->view();
        std::vector<HeadAblation> ablations;
        // The shown stack's head (an encoder–decoder model's; one-stack models have none).
        const std::optional<StackKind> stack =
            m_document->isEncoderDecoder() ? std::optional<StackKind>(view.stack) : std::nullopt;
        for (const HeadAblation& a : view.ablations)
            if (a.layer != view.layer || a.head != view.head || a.stack.value_or(StackKind::Cross) != stack.value_or(StackKind::Cross))
                ablations.push_back(a);
        if (off)
            ablations.push_back({view.layer, view.head, AblationMode::Zero, stack});
        m_document->setAblations(std::move(ablations));
    });
}

void PredictionsPart::setTarget(int id, const QString& text) {
    PredictionSettings settings = m_document->predictionSettings();
    settings.targetToken = id;
    settings.targetText = text;
    m_document->setPredictionSettings(settings);
}

void PredictionsPart::onDocumentChanged(DocumentChanges changes) {
    if (changes & DocumentChange::Model) {
        // A model that cannot predict starts without the panel; one that can, with it.
        m_dock->setVisible(m_document->hasOutputHead());
    }
    if (changes & (DocumentChange::Style | DocumentChange::Model))
        m_panel->setAblations(m_document->view().ablations);
    // Busy too: while the first run is on its way the panel says so, not "type a sentence".
    if (changes & (DocumentChange::Model | DocumentChange::Trace | DocumentChange::Selection |
                   DocumentChange::Prediction | DocumentChange::Style | DocumentChange::Error |
                   DocumentChange::Busy))
        showPredictions();
}

void PredictionsPart::showPredictions() {
    m_panel->setSettings(m_document->predictionSettings());
    if (!m_document->hasModel() || !m_document->hasOutputHead()) {
        m_panel->setUnavailable(m_document->outputHeadMissing());
        return;
    }
    if (const auto result = m_document->predictions()) {
        if (result != m_panel->result())
            m_panel->setResult(result);
        return;
    }
    if (m_document->trace().isEmpty()) {
        m_panel->setPending(m_document->isWorking()
                                ? m_document->busyText()
                                : tr("Type a sentence and press Enter to see what the model predicts."));
        return;
    }
    m_panel->setPending(tr("Predicting…"));
    if (m_dock->isVisible())
        m_document->requestPredictions();  // the panel is not computed for while nobody looks
}

}  // namespace headmap::ui
