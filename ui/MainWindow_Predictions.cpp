// MainWindow's measure choice (weights or weight × value norm) and the wiring of the
// predictions part (parts/PredictionsPart: the panel, its dock and toggle, switching heads off).

#include <QComboBox>
#include <QDockWidget>
#include <QGridLayout>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "parts/PredictionsPart.h"
#include "parts/PresentationMode.h"
#include "views/HeadGridView.h"

namespace headmap::ui {

void MainWindow::addMeasureControls(QGridLayout* grid, int row) {
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
}

void MainWindow::buildPredictions() {
    m_predictions = new PredictionsPart(m_document, this);
    m_predictions->connectGrid(grid());
    m_predictions->connectSteps(stepView());
    connect(m_predictions, &PredictionsPart::message, statusBar(), &QStatusBar::showMessage);
    QAction* toggle = m_predictions->dock()->toggleViewAction();
    for (QAction* action : menuBar()->actions())
        if (action->menu() && action->text() == tr("&View")) {
            action->menu()->addSeparator();
            action->menu()->addAction(toggle);
        }
    addAction(toggle);  // the shortcut works with the menu bar hidden (presentation)

    connect(m_measureBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_document->setMeasure(AttentionMeasure(m_measureBox->currentData().toInt()));
    });
    connect(m_document, &AttentionDocument::changed, this, &MainWindow::onMeasureChanged);
    onMeasureChanged(kEverything);
}

PredictionPanel* MainWindow::predictionPanel() const { return m_predictions->panel(); }

QDockWidget* MainWindow::predictionDock() const { return m_predictions->dock(); }

QToolButton* MainWindow::predictionsButton() const { return m_predictions->button(); }

void MainWindow::onMeasureChanged(DocumentChanges changes) {
    if (!(changes & (DocumentChange::Style | DocumentChange::Model)))
        return;
    const ViewState& view = m_document->view();
    {
        const QSignalBlocker blocker(m_measureBox);
        m_measureBox->setCurrentIndex(m_measureBox->findData(int(view.measure)));
    }
}

}  // namespace headmap::ui
