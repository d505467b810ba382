// MainWindow's sessions: the model, sentences, head, selection, view and colours of the
// moment, saved to a .headmap file and restored from one (also by `headmap --open FILE`).

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QStatusBar>
#include <QTabWidget>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "core/HeadmapError.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"

namespace headmap::ui {

Session MainWindow::currentSession() const {
    Session session;
    session.modelSource = m_document->modelSource();
    session.teaching = m_document->modelSpec().teaching;
    session.text = m_sentence->text();
    session.pairText = m_pair->text();
    if (m_comparison->mode() == ComparisonView::Mode::TwoSentences)
        session.comparisonText = m_comparison->secondSentenceEdit()->text();
    session.layer = m_document->layer();
    session.head = m_document->head();
    session.selectedToken = m_selectedToken;
    session.view = Session::viewNames().value(m_tabs->currentIndex(), QStringLiteral("heatmap"));
    session.step = currentStep();
    session.heatmap = m_settings.heatmap;
    session.hideSpecialTokens = m_settings.hideSpecialTokens;
    session.presentation = m_presentation;
    return session;
}

QString MainWindow::saveSessionTo(const QString& path) {
    const QString error = saveSession(currentSession(), path);
    if (error.isEmpty())
        m_sessionPath = path;
    statusBar()->showMessage(error.isEmpty() ? tr("Saved session %1").arg(path) : error);
    return error;
}

QString MainWindow::openSessionFrom(const QString& path) {
    Session session;
    try {
        session = loadSession(path);
    } catch (const HeadmapError& error) {
        showError(error.message());
        return error.message();
    }
    ModelSpec spec;
    spec.source = session.modelSource;
    spec.teaching = session.teaching;
    // A session whose model cannot be opened changes nothing (the document keeps its model).
    if (!m_document->setModelSpec(spec))
        return statusBar()->currentMessage();  // the document has said what is wrong
    m_document->clearText();  // supersedes the rerun of the old sentence on the new model

    m_settings.heatmap = session.heatmap;
    m_settings.hideSpecialTokens = session.hideSpecialTokens;
    applyStyle();
    m_document->setHeadIndex(std::min(session.layer, std::max(0, m_document->modelSummary().layers - 1)),
                             std::min(session.head, std::max(0, m_document->modelSummary().heads - 1)));
    m_sentence->setText(session.text);
    m_pair->setText(session.pairText);
    m_pendingSelection = -1;
    if (!session.text.trimmed().isEmpty()) {
        m_pendingSelection = session.selectedToken;
        m_document->setText(session.text, session.pairText);
    }
    if (!session.comparisonText.isEmpty()) {
        m_comparison->setMode(ComparisonView::Mode::TwoSentences);
        m_comparison->secondSentenceEdit()->setText(session.comparisonText);
        m_document->setComparisonText(session.comparisonText);
    }
    const int tab = int(Session::viewNames().indexOf(session.view));
    if (tab >= 0 && tab < m_tabs->count())
        m_tabs->setCurrentIndex(tab);
    setCurrentStep(session.step);
    setPresentationMode(session.presentation);
    m_sessionPath = path;
    statusBar()->showMessage(tr("Opened session %1").arg(path), 4000);
    return QString();
}

int MainWindow::currentStep() const {
    return m_stepView ? m_stepView->step() : 0;
}

void MainWindow::setCurrentStep(int step) {
    if (m_stepView)
        m_stepView->setStep(std::clamp(step, 0, m_stepView->stepCount() - 1));
}

void MainWindow::saveSessionWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save session"),
        m_sessionPath.isEmpty() ? QDir::home().filePath(QStringLiteral("lesson.headmap")) : m_sessionPath,
        tr("Headmap session (*.headmap)"));
    if (!path.isEmpty())
        saveSessionTo(path.endsWith(QLatin1String(".headmap")) ? path : path + QStringLiteral(".headmap"));
}

void MainWindow::openSessionWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QDir::homePath(),
                                                      tr("Headmap session (*.headmap);;All files (*)"));
    if (!path.isEmpty())
        openSessionFrom(path);
}

}  // namespace headmap::ui
