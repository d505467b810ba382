#include "MainWindow.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "AttentionDocument.h"
#include "HeatmapView.h"

namespace headmap::ui {

MainWindow::MainWindow(AttentionDocument* document, QWidget* parent)
    : QMainWindow(parent), m_document(document), m_sentence(new QLineEdit),
      m_layerBox(new QSpinBox), m_headBox(new QSpinBox), m_heatmap(new HeatmapView),
      m_modelLabel(new QLabel), m_progress(new QProgressBar) {
    setWindowTitle(tr("Headmap"));

    m_sentence->setPlaceholderText(tr("Type a sentence and press Enter"));
    m_sentence->setClearButtonEnabled(true);
    auto* run = new QPushButton(tr("Run"));

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("&Sentence:")), 0);
    static_cast<QLabel*>(controls->itemAt(0)->widget())->setBuddy(m_sentence);
    controls->addWidget(m_sentence, 1);
    controls->addWidget(run);
    auto* layerLabel = new QLabel(tr("&Layer:"));
    layerLabel->setBuddy(m_layerBox);
    auto* headLabel = new QLabel(tr("&Head:"));
    headLabel->setBuddy(m_headBox);
    controls->addSpacing(12);
    controls->addWidget(layerLabel);
    controls->addWidget(m_layerBox);
    controls->addWidget(headLabel);
    controls->addWidget(m_headBox);

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addLayout(controls);
    layout->addWidget(m_heatmap, 1);
    setCentralWidget(central);

    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_modelLabel);
    statusBar()->addPermanentWidget(m_progress);

    connect(m_sentence, &QLineEdit::returnPressed, this, [this] { m_document->setText(m_sentence->text()); });
    connect(run, &QPushButton::clicked, this, [this] { m_document->setText(m_sentence->text()); });
    connect(m_layerBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setLayer);
    connect(m_headBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setHead);

    connect(m_document, &AttentionDocument::modelChanged, this, &MainWindow::onModelChanged);
    connect(m_document, &AttentionDocument::traceChanged, this, [this] {
        statusBar()->showMessage(tr("%n token(s)", nullptr, m_document->trace().length()), 4000);
        showSelection();
    });
    connect(m_document, &AttentionDocument::selectionChanged, this, &MainWindow::showSelection);
    connect(m_document, &AttentionDocument::errorOccurred, this, &MainWindow::showError);
    connect(m_document, &AttentionDocument::busyChanged, this, [this](bool busy) {
        m_progress->setVisible(busy);
        m_progress->setRange(0, 0);  // indeterminate until the first layer reports
        if (busy)
            statusBar()->showMessage(tr("Computing attention…"));
    });
    connect(m_document, &AttentionDocument::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });

    onModelChanged();
    resize(1100, 800);
}

void MainWindow::onModelChanged() {
    const ModelSummary model = m_document->modelSummary();
    const QSignalBlocker blockLayer(m_layerBox);
    const QSignalBlocker blockHead(m_headBox);
    m_layerBox->setRange(0, std::max(0, model.layers - 1));
    m_headBox->setRange(0, std::max(0, model.heads - 1));
    m_layerBox->setValue(m_document->layer());
    m_headBox->setValue(m_document->head());
    m_modelLabel->setText(model.name.isEmpty()
                              ? tr("No model")
                              : tr("%1: %2 layers × %3 heads, d_model %4")
                                    .arg(model.name).arg(model.layers).arg(model.heads).arg(model.dModel));
}

void MainWindow::showSelection() {
    const AttentionTrace& trace = m_document->trace();
    if (trace.isEmpty()) {
        m_heatmap->clear();
        return;
    }
    const int layer = m_document->layer();
    const int head = m_document->head();
    {
        const QSignalBlocker blockLayer(m_layerBox);
        const QSignalBlocker blockHead(m_headBox);
        m_layerBox->setValue(layer);
        m_headBox->setValue(head);
    }
    m_heatmap->setMatrix(trace.head(layer, head), trace.displayTokens(), trace.displayTokens(),
                         tr("Layer %1, head %2").arg(layer).arg(head));
}

void MainWindow::showError(const QString& message) {
    m_progress->setVisible(false);
    statusBar()->showMessage(message);
}

}  // namespace headmap::ui
