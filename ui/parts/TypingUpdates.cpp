#include "parts/TypingUpdates.h"

#include <QAction>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTimer>

#include "AttentionDocument.h"

namespace headmap::ui {

TypingUpdates::TypingUpdates(AttentionDocument* document, QAction* action, bool on, std::function<QString()> text,
                             QObject* parent)
    : QObject(parent), m_document(document), m_action(action), m_timer(new QTimer(this)), m_text(std::move(text)) {
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDelayMs);
    connect(m_timer, &QTimer::timeout, this, &TypingUpdates::runTypedText);

    m_action->setCheckable(true);
    m_action->setToolTip(tr("Recompute the attention of a decoder as you type, reusing the "
                            "tokens that did not change"));
    m_action->setStatusTip(m_action->toolTip());
    m_action->setChecked(on);
    m_document->setReusePrefix(on);
    connect(m_action, &QAction::toggled, this, [this](bool checked) {
        setOn(checked);
        emit switched(checked);
    });
    connect(m_document, &AttentionDocument::traceChanged, this, &TypingUpdates::showReuse);
}

void TypingUpdates::watch(QLineEdit* sentence) {
    connect(sentence, &QLineEdit::textEdited, this, &TypingUpdates::onTextEdited);
}

void TypingUpdates::watch(QPlainTextEdit* longText, std::function<bool()> active) {
    connect(longText, &QPlainTextEdit::textChanged, this, [this, active = std::move(active)] {
        if (active())  // not when the sentence field fills it on opening
            onTextEdited();
    });
}

bool TypingUpdates::isOn() const { return m_action->isChecked(); }

bool TypingUpdates::isPending() const { return m_timer->isActive(); }

void TypingUpdates::cancelPending() { m_timer->stop(); }

void TypingUpdates::resumePending() { m_timer->start(); }

void TypingUpdates::setOn(bool on) {
    m_document->setReusePrefix(on);
    if (!on)
        m_timer->stop();
}

void TypingUpdates::onTextEdited() {
    if (!isOn() || !m_document->hasModel() || !m_document->modelSummary().causal)
        return;
    m_timer->start();  // restarts: only a pause in typing runs the text
}

void TypingUpdates::runTypedText() {
    if (!isOn() || !m_document->hasModel() || m_document->isOpeningModel())
        return;
    const QString text = m_text();
    // An emptied field is not an error while typing; nor is the text already shown worth a run.
    if (text.trimmed().isEmpty() || (text == m_document->text() && !m_document->lastError().staleTrace &&
                                     m_document->lastError().message.isEmpty()))
        return;
    m_document->setText(text, QString());  // decoders read one text: no pair
}

void TypingUpdates::showReuse() {
    const int reused = m_document->reusedTokens();
    const int tokens = m_document->pieceTrace()->length();
    if (reused > 0 && tokens > 0)
        emit message(tr("%n token(s): %1 reused from the last run, %2 computed", nullptr, tokens)
                         .arg(reused)
                         .arg(tokens - reused),
                     4000);
}

}  // namespace headmap::ui
