// MainWindow's sessions: the model, sentences, head, selection, view and colours of the
// moment, saved to a .headmap file and restored from one (also by `headmap --open FILE`); and
// what a window rebuilt in another language takes over from the one it replaces.

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "core/HeadmapError.h"
#include "download/DownloadDialog.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/LinesView.h"
#include "views/RolloutView.h"
#include "views/StatisticsView.h"
#include "views/TokenPairView.h"

namespace headmap::ui {

Session MainWindow::currentSession() const {
    Session session;
    session.modelSource = m_document->modelSource();
    session.teaching = m_document->modelSpec().teaching;
    session.text = currentText();
    session.pairText = m_pair->text();
    const ViewState& view = m_document->view();
    session.comparisonText = m_comparison->secondSentenceEdit()->text();
    session.compareMode = view.compareMode == CompareMode::TwoSentences ? QStringLiteral("sentences")
                                                                         : QStringLiteral("heads");
    session.layerB = view.layerB;
    session.headB = view.headB;
    session.layer = m_document->layer();
    session.head = m_document->head();
    session.selectedToken = view.selectedToken;
    session.view = Session::viewNames().value(m_tabs->currentIndex(), QStringLiteral("heatmap"));
    session.step = currentStep();
    session.heatmap = view.style;
    session.hideSpecialTokens = view.hideSpecialTokens;
    session.mergeWords = view.mergeWords;
    session.presentation = isPresentationMode();
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
    awaitSessionModel(session, path);
    statusBar()->showMessage(tr("Opening session %1…").arg(path));
    m_document->openModel(spec);
    return QString();
}

void MainWindow::awaitSessionModel(const Session& session, const QString& path) {
    // The model opens in the background like any other; the rest of the session follows it.
    // A session whose model cannot be opened changes nothing (the document keeps its model and
    // says what is wrong in the banner and the status bar).
    disconnect(m_sessionModel);
    disconnect(m_sessionError);
    m_awaitedSession = session;
    m_awaitedSessionPath = path;
    m_sessionModel = connect(m_document, &AttentionDocument::modelChanged, this, [this] {
        disconnect(m_sessionModel);
        disconnect(m_sessionError);
        applySession(m_awaitedSession, m_awaitedSessionPath);
    });
    m_sessionError = connect(m_document, &AttentionDocument::errorOccurred, this, [this] {
        if (!m_document->isOpeningModel()) {  // the model failed (or was cancelled)
            disconnect(m_sessionModel);
            disconnect(m_sessionError);
        }
    });
}

void MainWindow::applySession(const Session& session, const QString& path) {
    m_document->clearText();  // supersedes the rerun of the old sentence on the new model

    m_document->setStyle(session.heatmap);
    m_document->setHideSpecialTokens(session.hideSpecialTokens);
    m_document->setMergeWords(session.mergeWords);
    m_document->setHeadIndex(std::min(session.layer, std::max(0, m_document->modelSummary().layers - 1)),
                             std::min(session.head, std::max(0, m_document->modelSummary().heads - 1)));
    m_document->setHeadB(session.layerB, session.headB);
    const bool multiLine = session.text.contains(QLatin1Char('\n'));
    setLongTextShown(multiLine);
    if (multiLine)
        m_longText->setPlainText(session.text);
    else
        m_sentence->setText(session.text);
    m_pair->setText(session.pairText);
    m_pendingSelection = -1;
    if (!session.text.isEmpty()) {
        m_pendingSelection = session.selectedToken;
        m_document->setText(session.text, session.pairText);
    }
    m_comparison->secondSentenceEdit()->setText(session.comparisonText);
    m_document->setCompareMode(session.compareMode == QLatin1String("sentences") ? CompareMode::TwoSentences
                                                                                : CompareMode::TwoHeads);
    if (!session.comparisonText.isEmpty())
        m_document->setComparisonText(session.comparisonText);
    const int tab = int(Session::viewNames().indexOf(session.view));
    if (tab >= 0 && tab < m_tabs->count())
        m_tabs->setCurrentIndex(tab);
    setCurrentStep(session.step);
    setPresentationMode(session.presentation);
    m_sessionPath = path;
    statusBar()->showMessage(tr("Opened session %1").arg(path), 4000);
}

void MainWindow::takeOverFrom(MainWindow& old) {
    // Set, not typed: no textEdited, so nothing reruns; the document already has these texts'
    // trace. The long text box is opened first (it takes the sentence field's text), then
    // given its own text, which its textChanged must not take for an edit.
    m_sentence->setText(old.m_sentence->text());
    m_pair->setText(old.m_pair->text());
    setLongTextShown(old.isLongTextShown());
    {
        const QSignalBlocker blocker(m_longText);
        m_longText->setPlainText(old.m_longText->toPlainText());
    }
    m_comparison->secondSentenceEdit()->setText(old.m_comparison->secondSentenceEdit()->text());
    // The heatmap's zoom comes back with its matrix, which is computed in the background.
    m_heatmap->adoptViewOf(*old.m_heatmap);
    m_tabs->setCurrentIndex(old.m_tabs->currentIndex());
    setCurrentStep(old.currentStep());
    // The views' own choices. Views that clamp to their data (the token pair, the rollout's
    // layer) keep them when they are the tab on show, which has its data by now.
    m_tokenPair->setPair(old.m_tokenPair->queryToken(), old.m_tokenPair->keyToken());
    m_rollout->setLayer(old.m_rollout->layer());
    m_stepView->setWeightMatricesShown(old.m_stepView->weightMatricesShown());
    m_stepView->setShowAll(old.m_stepView->showAll());
    m_grid->setSelectedHeads(old.m_grid->selectedHeads());  // for Zero, Mean or Restore
    m_lines->setShownHeads(old.m_lines->shownHeads());
    m_lines->setFilter(old.m_lines->filter());
    m_lines->setPinned(old.m_lines->pinned());
    const QHeaderView* sorted = old.m_statistics->table()->horizontalHeader();
    m_statistics->table()->sortByColumn(sorted->sortIndicatorSection(), sorted->sortIndicatorOrder());
    // The window's own error (a text file it could not read, refused teaching options): the
    // document's error is shown by this window already. Left in the language it was said in,
    // as the document's is.
    const QString banner = old.m_banner->message();
    if (!banner.isEmpty() && banner != m_document->lastError().message)
        m_banner->showError(banner, 0, false);
    m_reportTo = old.m_reportTo;  // exports still running report here
    *m_reportTo = this;
    if (old.m_typing->isPending())  // an edit still waiting to be run
        m_typing->resumePending();
    m_sessionPath = old.m_sessionPath;
    m_pendingSelection = old.m_pendingSelection;
    if (old.m_sessionModel) {  // a session waiting for its model is this window's to apply now
        disconnect(old.m_sessionModel);
        disconnect(old.m_sessionError);
        awaitSessionModel(old.m_awaitedSession, old.m_awaitedSessionPath);
    }
    // A download goes on in its dialog (still in the old language), now opening its model here.
    for (DownloadDialog* dialog : old.findChildren<DownloadDialog*>(QString(), Qt::FindDirectChildrenOnly)) {
        const bool shown = dialog->isVisible();
        dialog->disconnect(&old);
        dialog->setParent(this, dialog->windowFlags());
        connect(dialog, &DownloadDialog::openRequested, this, &MainWindow::openModel);
        dialog->setVisible(shown);
    }
}

int MainWindow::currentStep() const {
    return m_stepView ? m_stepView->requestedStep() : 0;
}

void MainWindow::setCurrentStep(int step) {
    if (m_stepView)
        m_stepView->setStep(std::max(step, 0));  // a page not there yet is shown when it is
}

void MainWindow::saveSessionWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save session"),
        m_sessionPath.isEmpty() ? QDir(m_settings.lastFolder()).filePath(QStringLiteral("lesson.headmap")) : m_sessionPath,
        tr("Headmap session (*.headmap)"));
    if (!path.isEmpty())
        m_settings.rememberFolder(path);
    if (!path.isEmpty())
        saveSessionTo(path.endsWith(QLatin1String(".headmap")) ? path : path + QStringLiteral(".headmap"));
}

void MainWindow::openSessionWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), m_settings.lastFolder(),
                                                      tr("Headmap session (*.headmap);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings.rememberFolder(path);
    openSessionFrom(path);
}

}  // namespace headmap::ui
