#pragma once
// The application's main window, rebuilt when View › Language chooses another language: every
// text of a window is set when it is built, so a new window over the same document speaks the
// new language at once. The document keeps the model, trace, head and selection, so nothing is
// computed again; the new window takes over the old one's texts, tab and step
// (MainWindow::takeOverFrom) and its place on the screen (the settings).

#include <QObject>

namespace headmap::ui {

class AttentionDocument;
class MainWindow;

class MainWindowHost : public QObject {
    Q_OBJECT
public:
    explicit MainWindowHost(AttentionDocument* document, QObject* parent = nullptr);
    ~MainWindowHost() override;

    MainWindow* window() const { return m_window; }
    // Installs `code` and puts a new window in the current one's place (what the language menu
    // asks for); the old window is deleted once control returns to the event loop.
    void switchLanguage(const QString& code);

signals:
    void windowReplaced(MainWindow* window);

private:
    void adopt(MainWindow* window);

    AttentionDocument* m_document;
    MainWindow* m_window = nullptr;  // owned
};

}  // namespace headmap::ui
