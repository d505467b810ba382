#pragma once
// The MainWindow tests start the window the way a user does: open a model, show the window, type
// a sentence and press Return, then wait for the trace. One copy here instead of one per file.

#include <memory>

#include <QElapsedTimer>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QtTest>

#include "AttentionDocument.h"
#include "MainWindow.h"

namespace mainwindowtests {

inline headmap::ModelSpec modelSpec(const QString& source) {
    headmap::ModelSpec spec;
    spec.source = source;
    return spec;
}

// A window over `document` with `model` open, shown (at `size` when one is given); null when the
// model does not load or the window never appears.
inline std::unique_ptr<headmap::ui::MainWindow> openWindow(headmap::ui::AttentionDocument& document,
                                                           const headmap::ModelSpec& model, QSize size = QSize()) {
    if (!document.setModelSpec(model))
        return nullptr;
    auto window = std::make_unique<headmap::ui::MainWindow>(&document);
    if (size.isValid())
        window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

// Puts `text` in the sentence field and presses Return there; true once the trace arrived.
inline bool runSentence(headmap::ui::MainWindow& window, const QString& text, int timeoutMs = 15000) {
    QSignalSpy traced(window.document(), &headmap::ui::AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(text);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    return traced.wait(timeoutMs);
}

// Opens the multi-line box, puts `text` in it and presses Ctrl+Return there; true once the trace
// arrived and the document is idle again.
inline bool runLongText(headmap::ui::MainWindow& window, const QString& text, int timeoutMs = 60000) {
    QSignalSpy traced(window.document(), &headmap::ui::AttentionDocument::traceChanged);
    window.setLongTextShown(true);
    window.longTextEdit()->setPlainText(text);
    QTest::keyClick(window.longTextEdit(), Qt::Key_Return, Qt::ControlModifier);
    if (!traced.wait(timeoutMs))
        return false;
    QElapsedTimer waited;
    waited.start();
    while (window.document()->isBusy() && waited.elapsed() < timeoutMs)
        QTest::qWait(20);
    return !window.document()->isBusy();
}

// openWindow, then runSentence (with `pair` in the second field): the window with `sentence`
// traced, or null.
inline std::unique_ptr<headmap::ui::MainWindow> readyWindow(
    headmap::ui::AttentionDocument& document, const QString& sentence,
    const QString& model = QStringLiteral("builtin:teaching"), const QString& pair = QString(),
    QSize size = QSize(1280, 860)) {
    auto window = openWindow(document, modelSpec(model), size);
    if (!window)
        return nullptr;
    window->pairEdit()->setText(pair);
    if (!runSentence(*window, sentence))
        return nullptr;
    return window;
}

}  // namespace mainwindowtests
