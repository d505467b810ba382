#include "parts/ModelLoadingPart.h"

#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>

#include "AppSettings.h"
#include "AttentionDocument.h"
#include "ModelChooser.h"
#include "TeachingOptionsPanel.h"
#include "WeightMemoryDialog.h"
#include "core/HeadmapError.h"
#include "download/DownloadDialog.h"

namespace headmap::ui {

ModelLoadingPart::ModelLoadingPart(AttentionDocument* document, QMainWindow* window, AppSettings* settings,
                                   std::function<bool()> presenting)
    : QObject(window), m_document(document), m_window(window), m_settings(settings),
      m_presenting(std::move(presenting)), m_chooser(new ModelChooser), m_openFolder(new QPushButton(tr("Open folder…"))),
      m_teachingPanel(new TeachingOptionsPanel), m_modelLabel(new QLabel) {
    m_chooser->setMinimumContentsLength(12);
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_chooser->refresh(m_settings->recentModels);
    connect(m_chooser, &ModelChooser::modelChosen, this, &ModelLoadingPart::openModel);
    connect(m_chooser, &ModelChooser::openFolderRequested, this, &ModelLoadingPart::openFolderWithDialog);
    connect(m_openFolder, &QPushButton::clicked, this, &ModelLoadingPart::openFolderWithDialog);
    connect(m_teachingPanel, &TeachingOptionsPanel::optionsChanged, this, &ModelLoadingPart::onTeachingOptionsChanged);
    connect(m_document, &AttentionDocument::modelChanged, this, [this] {
        describeModel();
        if (m_document->hasModel())
            emit message(tr("Opened %1").arg(m_document->modelSummary().displayName()), 4000);
    });
    connect(m_document, &AttentionDocument::errorOccurred, this, &ModelLoadingPart::showLoadedModel);
    m_document->setConvertedWeightBudget(m_settings->convertedWeightBudget);
    describeModel();
}

void ModelLoadingPart::chooseWeightMemory() {
    WeightMemoryDialog dialog(m_settings->convertedWeightBudget, m_window);
    if (dialog.exec() == QDialog::Accepted)
        setWeightMemory(dialog.budget());
}

void ModelLoadingPart::setWeightMemory(std::optional<qint64> budget) {
    m_settings->convertedWeightBudget = budget;
    m_document->setConvertedWeightBudget(budget);
    // The open model keeps what it kept under the old budget: open it again under the new one.
    if (m_document->hasModel() && m_document->modelSummary().convertedWeightBudget >= 0) {
        ModelSpec spec = m_document->modelSpec();
        spec.convertedWeightBudget.reset();
        m_document->openModel(spec);
    }
}

void ModelLoadingPart::openModel(const QString& spec) {
    ModelSpec modelSpec;
    modelSpec.source = spec;
    m_document->openModel(modelSpec);
}

void ModelLoadingPart::openFolderWithDialog() {
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("Open a Hugging Face model folder (config.json, model.safetensors, tokenizer)"));
    if (!folder.isEmpty())
        openModel(folder);
}

void ModelLoadingPart::openDownloadDialog() {
    auto* dialog = new DownloadDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &DownloadDialog::openRequested, this, &ModelLoadingPart::openModel);
    dialog->show();
}

void ModelLoadingPart::takeOver(ModelLoadingPart& old) {
    // A download goes on in its dialog (still in the old language), now opening its model here.
    for (DownloadDialog* dialog : old.m_window->findChildren<DownloadDialog*>(QString(), Qt::FindDirectChildrenOnly)) {
        const bool shown = dialog->isVisible();
        dialog->disconnect(&old);
        dialog->setParent(m_window, dialog->windowFlags());
        connect(dialog, &DownloadDialog::openRequested, this, &ModelLoadingPart::openModel);
        dialog->setVisible(shown);
    }
}

void ModelLoadingPart::showLoadedModel() {
    // The chooser names what is loaded, or nothing: never the model a failed load asked for.
    m_chooser->setCurrentModel(m_document->hasModel() ? m_document->modelSource() : QString());
    // The teaching model's knobs, outside presentation mode (a class sees only what it needs).
    m_teachingPanel->setVisible(!m_presenting() && m_document->hasModel() &&
                                m_document->modelSource() == QLatin1String("builtin:teaching"));
}

void ModelLoadingPart::describeModel() {
    const ModelSummary model = m_document->modelSummary();
    if (model.name.isEmpty()) {
        m_modelLabel->setText(tr("No model"));
        showLoadedModel();
        return;
    }
    // Quantised weights give slightly different attention from the original model: said beside its name.
    const QString name = model.quantization.isEmpty() ? model.displayName()
                                                      : tr("%1 (%2 weights)").arg(model.displayName(), model.quantization);
    if (const StackShape* encoder = model.stackShape(StackKind::Encoder); encoder && model.isEncoderDecoder()) {
        // A translation model: the encoder's and the decoder's shapes (cross-attention has the decoder's).
        const StackShape* decoder = model.stackShape(StackKind::Decoder);
        m_modelLabel->setText(tr("%1: encoder %2 × %3, decoder %4 × %5 (layers × heads), d_model %6")
                                  .arg(name).arg(encoder->layers).arg(encoder->heads)
                                  .arg(decoder ? decoder->layers : 0).arg(decoder ? decoder->heads : 0).arg(model.dModel));
    } else {
        m_modelLabel->setText(tr("%1: %2 layers × %3 heads, d_model %4")
                                  .arg(name).arg(model.layers).arg(model.heads).arg(model.dModel));
    }
    m_modelLabel->setToolTip(model.quantization.isEmpty()
                                 ? QString()
                                 : tr("The attention shown is computed from %1-quantised weights, which round "
                                      "every weight; it is close to, not equal to, the original model's.")
                                       .arg(model.quantization));
    m_window->setWindowTitle(tr("Headmap — %1").arg(model.displayName()));
    if (!builtinModelNames().contains(m_document->modelSource())) {
        m_settings->addRecentModel(m_document->modelSource());
        m_chooser->refresh(m_settings->recentModels);
    }
    showLoadedModel();
    m_teachingPanel->setOptions(m_document->modelSpec().teaching);
}

void ModelLoadingPart::onTeachingOptionsChanged(const TeachingOptions& options) {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    spec.teaching = options;
    try {
        options.validate();  // say what is wrong at once instead of after a round trip
    } catch (const HeadmapError& failure) {
        emit error(failure.message());
        // The boxes show the model that is loaded, not the refused values.
        m_teachingPanel->setOptions(m_document->modelSpec().teaching);
        return;
    }
    m_document->openModel(spec);
}

}  // namespace headmap::ui
