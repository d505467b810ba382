#include "MainWindowHost.h"

#include <utility>

#include "Language.h"
#include "MainWindow.h"

namespace headmap::ui {

MainWindowHost::MainWindowHost(AttentionDocument* document, QObject* parent)
    : QObject(parent), m_document(document) {
    adopt(new MainWindow(document));
}

MainWindowHost::~MainWindowHost() {
    delete m_window;
}

void MainWindowHost::adopt(MainWindow* window) {
    m_window = window;
    // Queued: the request comes from a menu action of the window about to be replaced.
    connect(window, &MainWindow::languageChosen, this, &MainWindowHost::switchLanguage, Qt::QueuedConnection);
}

void MainWindowHost::switchLanguage(const QString& code) {
    installLanguage(code);
    // The new window reads the settings when it is built: the old one leaves its desk layout
    // (not the full screen of presentation mode) there first.
    const bool presentation = m_window->isPresentationMode();
    m_window->setPresentationMode(false);
    m_window->saveWindowSettings();
    auto* next = new MainWindow(m_document);
    next->takeOverFrom(*m_window);
    MainWindow* old = std::exchange(m_window, nullptr);
    adopt(next);
    const bool shown = old->isVisible();
    // Shown before the old one goes, so that the application never has no window open.
    if (shown)
        next->show();
    old->hide();
    old->deleteLater();
    if (presentation)
        next->setPresentationMode(true);
    emit windowReplaced(next);
}

}  // namespace headmap::ui
