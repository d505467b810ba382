// What a window rebuilt in another language (MainWindowHost) takes over from the one it
// replaces: the window's own texts here, the rest from each view and part.

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QTabWidget>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "MainWindow.h"
#include "parts/ExportsPart.h"
#include "parts/ModelLoadingPart.h"
#include "parts/SessionsPart.h"

namespace headmap::ui {

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
    // The tab first: views that clamp to their data (the token pair, the rollout's layer) keep
    // their choices when they are the tab on show, which has its data by now.
    m_tabs->setCurrentIndex(old.m_tabs->currentIndex());
    for (size_t i = 0; i < m_views.size() && i < old.m_views.size(); ++i)
        m_views[i]->takeOver(*old.m_views[i]);  // the same table, so the same class
    // The window's own error (a text file it could not read, refused teaching options): the
    // document's error is shown by this window already. Left in the language it was said in,
    // as the document's is.
    const QString banner = old.m_banner->message();
    if (!banner.isEmpty() && banner != m_document->lastError().message)
        m_banner->showError(banner, 0, false);
    m_exports->takeOver(*old.m_exports);  // exports still running report here
    if (old.m_typing->isPending())  // an edit still waiting to be run
        m_typing->resumePending();
    m_sessions->takeOver(*old.m_sessions);
    m_models->takeOver(*old.m_models);  // downloads still going on
}

}  // namespace headmap::ui
