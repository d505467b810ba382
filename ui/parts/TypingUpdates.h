#pragma once
// A part of the main window (issue #10, #36): View › Update while typing. With its action
// checked, a decoder reruns the text kDelayMs after the last edit. The document keeps the last
// run's keys and values (AttentionDocument::setReusePrefix), so a text that only grew or changed
// at its end computes only the tokens after the unchanged start. A newer edit supersedes a run
// still going (the document drops its result), so the views never show another text's weights.
// Encoders recompute every token for any edit and wait for Enter or Run.
//
// It owns its timer and reads and writes only the document; the window tells it where the text
// is typed and shows what it says.

#include <functional>

#include <QObject>

class QAction;
class QLineEdit;
class QPlainTextEdit;
class QTimer;

namespace headmap::ui {

class AttentionDocument;

class TypingUpdates : public QObject {
    Q_OBJECT
public:
    static constexpr int kDelayMs = 200;  // the pause after the last key before it reruns

    // action: the checkable menu entry, set up here (checked = on). text: the text a run would
    // run now (the sentence field's or the long text box's).
    TypingUpdates(AttentionDocument* document, QAction* action, bool on, std::function<QString()> text,
                  QObject* parent = nullptr);

    // Edits in these start the pause; the long text box only while active() says it is used.
    void watch(QLineEdit* sentence);
    void watch(QPlainTextEdit* longText, std::function<bool()> active);

    bool isOn() const;
    bool isPending() const;  // an edit is waiting for the pause to end
    void cancelPending();    // Enter or Run ran the text: the pending rerun is moot
    void resumePending();    // a window that took over from one with an edit waiting

signals:
    void switched(bool on);  // the user turned it on or off: the window saves the choice
    // What to show in the status bar: how many tokens the last run reused.
    void message(const QString& text, int timeoutMs);

private:
    void setOn(bool on);
    void onTextEdited();
    void runTypedText();
    void showReuse();

    AttentionDocument* m_document;
    QAction* m_action;
    QTimer* m_timer;  // restarted by each edit; runs the text when it fires
    std::function<QString()> m_text;
};

}  // namespace headmap::ui
