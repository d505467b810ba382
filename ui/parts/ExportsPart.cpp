#include "parts/ExportsPart.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMainWindow>
#include <QPainter>
#include <QProgressDialog>
#include <QStatusBar>

#include "AttentionDocument.h"
#include "DocumentView.h"
#include "HeadExport.h"
#include "PlotExport.h"
#include "WorkerPool.h"
#include "figures/FigureWriter.h"

namespace headmap::ui {

ExportsPart::ExportsPart(AttentionDocument* document, QMainWindow* window, std::function<DocumentView*()> currentView)
    : QObject(window), m_document(document), m_window(window), m_currentView(std::move(currentView)) {}

void ExportsPart::showMessage(const QString& message) {
    m_window->statusBar()->showMessage(message);
}

QString ExportsPart::exportCurrentView(const QString& path, double scale) {
    DocumentView* view = m_currentView();
    const std::unique_ptr<Figure> figure = view ? view->figure(*m_document) : nullptr;
    return writeHere(figure.get(), view, path, scale);
}

QString ExportsPart::writeHere(const Figure* figure, DocumentView* view, const QString& path, double scale) {
    QString error;
    if (view && view->exportsWidget()) {
        QWidget* widget = view->widget();
        ImageExportOptions options;
        options.scale = scale;
        options.title = m_window->windowTitle();
        options.size = widget->size();
        error = exportImage(path, options, [widget](QPaintDevice* device, const QSize&) {
            QPainter painter;
            if (!painter.begin(device))
                return false;
            widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            return painter.end();
        });
    } else {
        // Every tab but the statistics table is a figure (figures/): laid out in points, so the
        // scale changes the pixels per point and nothing else.
        error = figure ? writeFigure(*figure, path, scale) : tr("Nothing to export in this tab yet.");
    }
    showMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    return error;
}

bool ExportsPart::exportCurrentViewInBackground(const QString& path, double scale) {
    DocumentView* view = m_currentView();
    std::shared_ptr<const Figure> figure = view && !view->exportsWidget() ? view->figure(*m_document) : nullptr;
    if (!figure) {
        const QString error = writeHere(nullptr, view, path, scale);  // the table, or "Nothing…"
        emit exportFinished(path, error);
        return error.isEmpty();
    }
    showMessage(tr("Exporting %1…").arg(path));
    // The figure owns copies of what it draws, so the views may change meanwhile; the result is
    // delivered through the application object, which outlives the window, to the part in
    // charge by then (a window rebuilt in another language meanwhile takes over m_reportTo).
    workerPool()->start([figure, path, scale, reportTo = m_reportTo] {
        const QString error = writeFigure(*figure, path, scale);
        QCoreApplication* application = QCoreApplication::instance();
        if (!application)
            return;  // the program is ending: the file is written, nobody is left to tell
        QMetaObject::invokeMethod(
            application,
            [reportTo, path, error] {
                ExportsPart* part = *reportTo;
                if (!part)
                    return;
                part->showMessage(error.isEmpty() ? ExportsPart::tr("Saved %1").arg(path) : error);
                emit part->exportFinished(path, error);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void ExportsPart::takeOver(ExportsPart& old) {
    m_reportTo = old.m_reportTo;
    *m_reportTo = this;
}

QString ExportsPart::exportData(const QString& path) {
    const QString error = m_document->trace().isEmpty()
                              ? tr("Nothing to export yet: type a sentence and press Enter.")
                              : exportTraceData(m_document->trace(), path, measureName(m_document->view().measure));
    showMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    return error;
}

QString ExportsPart::exportAllHeads(const QString& folder, const QString& format) {
    ImageFormat imageFormat;
    if (!imageFormatFromPath(QStringLiteral("x.") + format, &imageFormat))
        return tr("Unknown image format '%1' (expected png, svg or pdf)").arg(format);
    const auto trace = m_document->sharedTrace();
    QProgressDialog progress(tr("Exporting every head…"), tr("Cancel"), 0,
                             trace->layers() * trace->heads() + 5, m_window);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    const ViewState& view = m_document->view();
    HeadImageOptions options;
    options.style = view.style;
    options.hideSpecialTokens = view.hideSpecialTokens;
    options.sentence = m_document->text();
    options.measure = measureName(view.measure);
    options.valueLabel = measureValueLabel(view.measure, options.style.scale);
    const BatchExportResult result = headmap::ui::exportAllHeads(
        trace, folder, imageFormat, options, [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            return !progress.wasCanceled();
        });
    const QString message = !result.error.isEmpty() ? result.error
                            : result.cancelled      ? tr("Export cancelled after %n file(s)", nullptr, result.filesWritten)
                                                    : tr("Saved %n file(s) to %1", nullptr, result.filesWritten).arg(folder);
    showMessage(message);
    return result.error.isEmpty() && !result.cancelled ? QString() : message;
}

void ExportsPart::exportViewWithDialog() {
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export image"), QDir::home().filePath(QStringLiteral("attention.png")),
        tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"), &selected);
    if (path.isEmpty())
        return;
    double scale = 2.0;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        bool ok = false;
        scale = QInputDialog::getDouble(m_window, tr("Export image"),
                                        tr("Scale (2 = 192 dpi, 4 = 384 dpi):"), 2.0, 1.0, 8.0, 1, &ok);
        if (!ok)
            return;
    }
    exportCurrentViewInBackground(path, scale);
}

void ExportsPart::exportDataWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export data"), QDir::home().filePath(QStringLiteral("attention.json")),
        tr("JSON (*.json);;CSV (*.csv);;NumPy array (*.npy)"));
    if (!path.isEmpty())
        exportData(path);
}

void ExportsPart::exportAllWithDialog() {
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export every head into"));
    if (folder.isEmpty())
        return;
    bool ok = false;
    const QString format = QInputDialog::getItem(m_window, tr("Export every head"), tr("Image format:"),
                                                 {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")},
                                                 0, false, &ok);
    if (ok)
        exportAllHeads(folder, format);
}

}  // namespace headmap::ui
