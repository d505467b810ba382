// MainWindow's live updates while typing (issue #10): with View > Update while typing checked,
// a decoder reruns the sentence kTypingDelayMs after the last edit. The document keeps the last
// run's keys and values (AttentionDocument::setReusePrefix), so a text that only grew or changed
// at its end computes only the tokens after the unchanged start. A newer edit supersedes a run
// still going (the document drops its result), so the views never show another text's weights.
// Encoders recompute every token for any edit and wait for Enter or Run.

#include <QAction>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTimer>

#include "AttentionDocument.h"
#include "MainWindow.h"

namespace headmap::ui {

void MainWindow::buildTypingUpdates() {
    m_typingTimer = new QTimer(this);
    m_typingTimer->setSingleShot(true);
    m_typingTimer->setInterval(kTypingDelayMs);
    connect(m_typingTimer, &QTimer::timeout, this, &MainWindow::runTypedText);

    m_typingAction->setCheckable(true);
    m_typingAction->setToolTip(tr("Recompute the attention of a decoder as you type, reusing the "
                                  "tokens that did not change"));
    m_typingAction->setStatusTip(m_typingAction->toolTip());
    m_typingAction->setChecked(m_settings.updateWhileTyping);
    m_document->setReusePrefix(m_settings.updateWhileTyping);
    connect(m_typingAction, &QAction::toggled, this, &MainWindow::setUpdateWhileTyping);

    connect(m_sentence, &QLineEdit::textEdited, this, &MainWindow::onTextEdited);
    connect(m_longText, &QPlainTextEdit::textChanged, this, [this] {
        if (isLongTextShown())  // not when the sentence field fills it on opening
            onTextEdited();
    });
    connect(m_document, &AttentionDocument::traceChanged, this, &MainWindow::showReuse);
}

void MainWindow::setUpdateWhileTyping(bool on) {
    m_settings.updateWhileTyping = on;
    m_document->setReusePrefix(on);
    if (!on)
        m_typingTimer->stop();
}

void MainWindow::onTextEdited() {
    if (!m_typingAction->isChecked() || !m_document->hasModel() || !m_document->modelSummary().causal)
        return;
    m_typingTimer->start();  // restarts: only a pause in typing runs the text
}

void MainWindow::runTypedText() {
    if (!m_typingAction->isChecked() || !m_document->hasModel() || m_document->isOpeningModel())
        return;
    const QString text = currentText();
    // An emptied field is not an error while typing; nor is the text already shown worth a run.
    if (text.trimmed().isEmpty() || (text == m_document->text() && !m_document->lastError().staleTrace &&
                                     m_document->lastError().message.isEmpty()))
        return;
    m_document->setText(text, QString());  // decoders read one text: no pair
}

void MainWindow::showReuse() {
    const int reused = m_document->reusedTokens();
    const int tokens = m_document->pieceTrace()->length();
    if (reused > 0 && tokens > 0)
        statusBar()->showMessage(tr("%n token(s): %1 reused from the last run, %2 computed", nullptr, tokens)
                                     .arg(reused).arg(tokens - reused),
                                 4000);
}

}  // namespace headmap::ui
