// MainWindow's menus and keyboard shortcuts.

#include <QActionGroup>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "Language.h"
#include "MainWindow.h"
#include "parts/ExportsPart.h"
#include "parts/ModelLoadingPart.h"
#include "parts/SessionsPart.h"

namespace headmap::ui {

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open model folder…"), QKeySequence::Open, m_models, &ModelLoadingPart::openFolderWithDialog);
    file->addAction(tr("Download model from the &Hub…"), m_models, &ModelLoadingPart::openDownloadDialog);
    file->addAction(tr("Memory for converted &weights…"), m_models, &ModelLoadingPart::chooseWeightMemory);
    file->addAction(tr("Open &text file…"), QKeySequence(tr("Ctrl+T")), this, &MainWindow::openTextFileWithDialog);
    file->addAction(tr("Open sess&ion…"), QKeySequence(tr("Ctrl+Shift+O")), m_sessions, &SessionsPart::openSessionWithDialog);
    file->addAction(tr("&Save session…"), QKeySequence::Save, m_sessions, &SessionsPart::saveSessionWithDialog);
    file->addSeparator();
    file->addAction(tr("&Export image…"), QKeySequence(tr("Ctrl+E")), m_exports, &ExportsPart::exportViewWithDialog);
    file->addAction(tr("Export &data…"), QKeySequence(tr("Ctrl+Shift+E")), m_exports, &ExportsPart::exportDataWithDialog);
    file->addAction(tr("Export &all heads…"), QKeySequence(tr("Ctrl+Alt+E")), m_exports, &ExportsPart::exportAllWithDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));  // the parts add their entries to it
    // PageUp/PageDown belong to the current tab first (the walk-through's steps), then to heads.
    view->addAction(tr("&Next head"), QKeySequence(Qt::Key_PageDown), this, [this] { pageKey(1); });
    view->addAction(tr("&Previous head"), QKeySequence(Qt::Key_PageUp), this, [this] { pageKey(-1); });
    view->addAction(tr("Next &layer"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), this,
                    [this] { m_document->stepLayer(1); });
    view->addAction(tr("Previous la&yer"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), this,
                    [this] { m_document->stepLayer(-1); });
    view->addSeparator();
    // Ctrl+F is the window's, not the heatmap's: a view's shortcut is dead while another tab is
    // shown, and the key then went on to the focused text box. From any tab and any focus it
    // shows the heatmap and puts the cursor in its search box; it never edits the user's text.
    heatmap()->giveUpFindShortcut();
    view->addAction(tr("&Find token"), QKeySequence::Find, this, &MainWindow::findToken);
    view->addAction(tr("&Reset zoom"), QKeySequence(tr("Ctrl+0")), this, [this] { heatmap()->resetZoom(); });
    view->addAction(tr("Lar&ger text"), QKeySequence::ZoomIn, this, [this] { changeFontSize(1); });
    view->addAction(tr("&Smaller text"), QKeySequence::ZoomOut, this, [this] { changeFontSize(-1); });
    view->addSeparator();
    m_typingAction = view->addAction(tr("&Update while typing"));  // parts/TypingUpdates
    buildLanguageMenu(view->addMenu(tr("L&anguage")));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this, &MainWindow::showShortcuts);
    help->addAction(tr("&About Headmap"), this, [this] {
        QMessageBox::about(this, tr("About Headmap"),
                           tr("<p><b>Headmap %1</b></p><p>Shows what the attention heads of "
                              "transformer models do, with exact numbers from its own engine.</p>"
                              "<p>Rows are queries (the token attending), columns are keys (the "
                              "token attended to).</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::pageKey(int direction) {
    const int current = m_tabs->currentIndex();
    if (current >= 0 && size_t(current) < m_views.size() && m_views[size_t(current)]->pageKey(direction))
        return;
    m_document->stepHead(direction);
}

void MainWindow::findToken() {
    showView(QStringLiteral("heatmap"));
    heatmap()->focusSearch();
}

void MainWindow::buildLanguageMenu(QMenu* menu) {
    auto* group = new QActionGroup(menu);
    const QStringList codes = QStringList{QString()} + availableLanguages();
    for (const QString& code : codes) {
        // Each language in its own name, so that it can be found whatever language is shown.
        const QString system = nativeLanguageName(resolveLanguage(QString()));
        QAction* action = menu->addAction(code.isEmpty() ? tr("&System (%1)").arg(system) : nativeLanguageName(code));
        action->setCheckable(true);
        action->setChecked(code == m_settings.language);
        action->setData(code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] {
            if (code != m_settings.language) {
                m_settings.language = code;
                m_settings.save();
            }
            // Against the language installed, not the one saved: `--lang` may have chosen
            // another for this run.
            const QString chosen = resolveLanguage(code);
            if (chosen != currentLanguage())
                emit languageChosen(chosen);
        });
    }
}

}  // namespace headmap::ui
