// MainWindow's feedback: progress and Cancel while the document works, the error banner, long
// texts from files, and the list of shortcuts.

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QStringDecoder>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "MainWindow.h"

namespace headmap::ui {

namespace {
constexpr qint64 kMaxTextFileBytes = 64 * 1024 * 1024;  // far beyond any model's context
}

void MainWindow::showBusy() {
    const bool working = m_document->isWorking();
    m_progress->setVisible(working);
    m_cancel->setVisible(working);
    if (working) {
        if (m_document->progressTotal() == 0)
            m_progress->setRange(0, 0);  // no layer count to show: indeterminate
        m_busyStatus = m_document->busyText();
        statusBar()->showMessage(m_busyStatus);
    } else if (!m_busyStatus.isEmpty()) {
        // Clear only our own text: an error or a result message may have replaced it meanwhile.
        if (statusBar()->currentMessage() == m_busyStatus)
            statusBar()->clearMessage();
        m_busyStatus.clear();
    }
}

void MainWindow::showDocumentError() {
    const DocumentError& error = m_document->lastError();
    m_banner->showError(error.message, error.truncateTo, error.staleTrace);
}

QString MainWindow::openTextFile(const QString& path) {
    // A file that cannot be read is the window's error, not the document's: it goes to the
    // banner directly, and the document's next error (or its cleared error) replaces it.
    auto fail = [this](const QString& error) {
        showError(error);
        m_banner->showError(error, 0, false);
        return error;
    };
    QFile file(path);
    QString error;
    if (!QFileInfo::exists(path))
        error = tr("Cannot open %1: no such file").arg(path);
    else if (!QFileInfo(path).isFile())
        error = tr("Cannot open %1: not a file").arg(path);
    else if (file.size() > kMaxTextFileBytes)
        error = tr("Cannot open %1: %2 MB; texts up to %3 MB are read")
                    .arg(path).arg(file.size() / (1024 * 1024)).arg(kMaxTextFileBytes / (1024 * 1024));
    else if (!file.open(QIODevice::ReadOnly))
        error = tr("Cannot open %1: %2").arg(path, file.errorString());
    if (!error.isEmpty())
        return fail(error);
    const QByteArray bytes = file.readAll();
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return fail(tr("Cannot read %1: it is not UTF-8 text").arg(path));
    showDocumentError();  // takes down an earlier file's error
    setLongTextShown(true);
    m_longText->setPlainText(text);
    runSentence();
    return QString();
}

void MainWindow::openTextFileWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open text"), m_settings.lastFolder(),
                                                      tr("Text files (*.txt *.md);;All files (*)"));
    if (path.isEmpty())
        return;
    m_settings.rememberFolder(path);
    openTextFile(path);
}

void MainWindow::showShortcuts() {
    const QList<QPair<QString, QString>> keys{
        {tr("Enter, Ctrl+Enter in the long text"), tr("Run the text")},
        {tr("Esc"), tr("Cancel the computation; leave presentation mode")},
        {tr("PageDown / PageUp, ← / → on the heatmap"), tr("Next / previous head")},
        {tr("Ctrl+PageDown / Ctrl+PageUp, ↓ / ↑ on the heatmap"), tr("Next / previous layer")},
        {tr("Ctrl+L"), tr("Long text box on or off")},
        {tr("Ctrl+T"), tr("Open a text file")},
        {tr("Ctrl+O"), tr("Open a model folder")},
        {tr("Ctrl+Shift+O / Ctrl+S"), tr("Open / save a session")},
        {tr("Ctrl+E / Ctrl+Shift+E / Ctrl+Alt+E"), tr("Export the image / the data / every head")},
        {tr("Ctrl+0"), tr("Reset the heatmap's zoom")},
        {tr("Ctrl++ / Ctrl+-"), tr("Larger / smaller text")},
        {tr("Alt+1 … Alt+3"), tr("Example sentences")},
        {tr("F5"), tr("Presentation mode")},
    };
    QString html = QStringLiteral("<table cellspacing='6'>");
    for (const auto& [key, what] : keys)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    html += QStringLiteral("</table>");
    QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), html, QMessageBox::Close, this);
    box.setObjectName(QStringLiteral("shortcutsDialog"));
    box.exec();
}

}  // namespace headmap::ui
