#include "parts/SessionsPart.h"

#include <QFileDialog>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>

#include "AppSettings.h"
#include "AttentionDocument.h"
#include "MainWindow.h"
#include "core/HeadmapError.h"

namespace headmap::ui {

SessionsPart::SessionsPart(AttentionDocument* document, MainWindow* window, AppSettings* settings)
    : QObject(window), m_document(document), m_window(window), m_settings(settings) {
    connect(m_document, &AttentionDocument::traceChanged, this, &SessionsPart::onTraceChanged);
}

Session SessionsPart::currentSession() const {
    Session session;
    session.modelSource = m_document->modelSource();
    session.teaching = m_document->modelSpec().teaching;
    session.text = m_window->currentText();
    session.pairText = m_window->pairEdit()->text();
    const ViewState& view = m_document->view();
    session.compareMode = view.compareMode == CompareMode::TwoSentences ? QStringLiteral("sentences")
                                                                         : QStringLiteral("heads");
    session.layerB = view.layerB;
    session.headB = view.headB;
    session.layer = view.layer;
    session.head = view.head;
    session.selectedToken = view.selectedToken;
    session.view = registeredViewNames().value(m_window->tabs()->currentIndex(), QStringLiteral("heatmap"));
    session.heatmap = view.style;
    session.hideSpecialTokens = view.hideSpecialTokens;
    session.mergeWords = view.mergeWords;
    session.measure = view.measure;
    session.ablations = view.ablations;
    if (m_document->isEncoderDecoder()) {
        session.stack = stackName(view.stack);
        session.targetText = m_document->isTeacherForced() ? m_document->targetText() : QString();
        session.sourceLanguage = m_document->languages().source;
        session.targetLanguage = m_document->languages().target;
    }
    session.presentation = m_window->isPresentationMode();
    for (const auto& documentView : m_window->views())
        documentView->saveTo(session);
    return session;
}

QString SessionsPart::saveSessionTo(const QString& path) {
    const QString error = saveSession(currentSession(), path);
    if (error.isEmpty())
        m_path = path;
    m_window->statusBar()->showMessage(error.isEmpty() ? tr("Saved session %1").arg(path) : error);
    return error;
}

QString SessionsPart::openSessionFrom(const QString& path) {
    Session session;
    try {
        session = loadSession(path);
    } catch (const HeadmapError& error) {
        m_window->showError(error.message());
        return error.message();
    }
    ModelSpec spec;
    spec.source = session.modelSource;
    spec.teaching = session.teaching;
    awaitModel(session, path);
    m_window->statusBar()->showMessage(tr("Opening session %1…").arg(path));
    m_document->openModel(spec);
    return QString();
}

void SessionsPart::stopAwaiting() {
    disconnect(m_awaitModel);
    disconnect(m_awaitError);
}

void SessionsPart::awaitModel(const Session& session, const QString& path) {
    // The model opens in the background like any other; the rest of the session follows it.
    // A session whose model cannot be opened changes nothing (the document keeps its model and
    // says what is wrong in the banner and the status bar).
    stopAwaiting();
    m_awaited = session;
    m_awaitedPath = path;
    m_awaitModel = connect(m_document, &AttentionDocument::modelChanged, this, [this] {
        stopAwaiting();
        apply(m_awaited, m_awaitedPath);
    });
    m_awaitError = connect(m_document, &AttentionDocument::errorOccurred, this, [this] {
        if (!m_document->isOpeningModel())  // the model failed (or was cancelled)
            stopAwaiting();
    });
}

void SessionsPart::apply(const Session& session, const QString& path) {
    m_document->clearText();  // supersedes the rerun of the old sentence on the new model

    m_document->setStyle(session.heatmap);
    m_document->setHideSpecialTokens(session.hideSpecialTokens);
    m_document->setMergeWords(session.mergeWords);
    m_document->setMeasure(session.measure);
    m_document->setAblations(session.ablations);
    // The stack first: the layer and head below are that stack's. The target before the text,
    // which runs on it.
    if (const std::optional<StackKind> stack = stackFromName(session.stack))
        m_document->setStack(*stack);
    if (m_document->isEncoderDecoder()) {
        // The languages before the target: a typed target is read in the target language.
        m_document->setLanguages(LanguageChoice{session.sourceLanguage, session.targetLanguage});
        if (session.targetText.isEmpty())
            m_document->generateTarget();
        else
            m_document->setTargetText(session.targetText);
    }
    m_document->setHeadIndex(std::min(session.layer, std::max(0, m_document->modelSummary().layers - 1)),
                             std::min(session.head, std::max(0, m_document->modelSummary().heads - 1)));
    m_document->setHeadB(session.layerB, session.headB);
    const bool multiLine = session.text.contains(QLatin1Char('\n'));
    m_window->setLongTextShown(multiLine);
    if (multiLine)
        m_window->longTextEdit()->setPlainText(session.text);
    else
        m_window->sentenceEdit()->setText(session.text);
    m_window->pairEdit()->setText(session.pairText);
    m_pendingSelection = -1;
    if (!session.text.isEmpty()) {
        m_pendingSelection = session.selectedToken;
        m_document->setText(session.text, session.pairText);
    }
    m_document->setCompareMode(session.compareMode == QLatin1String("sentences") ? CompareMode::TwoSentences
                                                                                : CompareMode::TwoHeads);
    if (!session.comparisonText.isEmpty())
        m_document->setComparisonText(session.comparisonText);
    for (const auto& view : m_window->views())
        view->restoreFrom(session);
    m_window->showView(session.view);
    m_window->setPresentationMode(session.presentation);
    m_path = path;
    m_window->statusBar()->showMessage(tr("Opened session %1").arg(path), 4000);
}

void SessionsPart::onTraceChanged() {
    const auto trace = m_document->sharedTrace();
    if (m_pendingSelection >= 0 && !trace->isEmpty()) {
        const int selection = m_pendingSelection;
        m_pendingSelection = -1;
        m_document->setSelectedToken(selection);
    }
}

void SessionsPart::takeOver(SessionsPart& old) {
    m_path = old.m_path;
    m_pendingSelection = old.m_pendingSelection;
    if (old.m_awaitModel) {  // a session waiting for its model is this window's to apply now
        old.stopAwaiting();
        awaitModel(old.m_awaited, old.m_awaitedPath);
    }
}

void SessionsPart::saveSessionWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save session"),
        m_path.isEmpty() ? QDir(m_settings->lastFolder()).filePath(QStringLiteral("lesson.headmap")) : m_path,
        tr("Headmap session (*.headmap)"));
    if (path.isEmpty())
        return;
    m_settings->rememberFolder(path);
    saveSessionTo(path.endsWith(QLatin1String(".headmap")) ? path : path + QStringLiteral(".headmap"));
}

void SessionsPart::openSessionWithDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open session"), m_settings->lastFolder(),
                                                      tr("Headmap session (*.headmap);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings->rememberFolder(path);
    openSessionFrom(path);
}

}  // namespace headmap::ui
