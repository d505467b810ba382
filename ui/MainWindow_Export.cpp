// MainWindow's export actions: the current view as an image, the data, every head at once.
// The dialogs only choose names; the work is in HeadExport / PlotExport, shared with the CLI.

#include <QFileDialog>
#include <QInputDialog>
#include <QPainter>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTabWidget>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "ModelChooser.h"
#include "views/HeadGridView.h"
#include "views/RolloutView.h"

namespace headmap::ui {

QString MainWindow::exportCurrentView(const QString& path, double scale) {
    ImageExportOptions options;
    options.scale = scale;
    options.title = windowTitle();
    QString error;
    switch (m_tabs->currentIndex()) {
    case HeatmapTab:
        error = exportPlot(m_heatmap->plot(), path, options);
        break;
    case RolloutTab:
        error = exportPlot(m_rollout->heatmap()->plot(), path, options);
        break;
    case GridTab:
        options.size = m_grid->size();
        error = exportImage(path, options, [this](QPaintDevice* device, const QSize& size) {
            QPainter painter;
            if (!painter.begin(device))
                return false;
            m_grid->render(painter, size);
            return painter.end();
        });
        break;
    default: {  // the comparison and the statistics table, drawn as widgets
        QWidget* widget = m_tabs->currentWidget();
        options.size = widget->size();
        error = exportImage(path, options, [widget](QPaintDevice* device, const QSize&) {
            QPainter painter;
            if (!painter.begin(device))
                return false;
            widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            return painter.end();
        });
    }
    }
    statusBar()->showMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    return error;
}

QString MainWindow::exportData(const QString& path) {
    const QString error = m_document->trace().isEmpty()
                              ? tr("Nothing to export yet: type a sentence and press Enter.")
                              : exportTraceData(m_document->trace(), path);
    statusBar()->showMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    return error;
}

QString MainWindow::exportAllHeads(const QString& folder, const QString& format) {
    ImageFormat imageFormat;
    if (!imageFormatFromPath(QStringLiteral("x.") + format, &imageFormat))
        return tr("Unknown image format '%1' (expected png, svg or pdf)").arg(format);
    const auto trace = m_document->sharedTrace();
    QProgressDialog progress(tr("Exporting every head…"), tr("Cancel"), 0,
                             trace->layers() * trace->heads() + 5, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    HeadImageOptions options;
    options.style = m_settings.heatmap;
    options.hideSpecialTokens = m_settings.hideSpecialTokens;
    const BatchExportResult result = headmap::ui::exportAllHeads(
        trace, folder, imageFormat, options, [&progress](int done, int total) {
            progress.setMaximum(total);
            progress.setValue(done);
            return !progress.wasCanceled();
        });
    const QString message = !result.error.isEmpty() ? result.error
                            : result.cancelled      ? tr("Export cancelled after %n file(s)", nullptr, result.filesWritten)
                                                    : tr("Saved %n file(s) to %1", nullptr, result.filesWritten).arg(folder);
    statusBar()->showMessage(message);
    return result.error.isEmpty() && !result.cancelled ? QString() : message;
}

void MainWindow::exportViewWithDialog() {
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export image"), QDir::home().filePath(QStringLiteral("attention.png")),
        tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"), &selected);
    if (path.isEmpty())
        return;
    double scale = 2.0;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        bool ok = false;
        scale = QInputDialog::getDouble(this, tr("Export image"),
                                        tr("Scale (2 = 192 dpi, 4 = 384 dpi):"), 2.0, 1.0, 8.0, 1, &ok);
        if (!ok)
            return;
    }
    exportCurrentView(path, scale);
}

void MainWindow::exportDataWithDialog() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export data"), QDir::home().filePath(QStringLiteral("attention.json")),
        tr("JSON (*.json);;CSV (*.csv);;NumPy array (*.npy)"));
    if (!path.isEmpty())
        exportData(path);
}

void MainWindow::exportAllWithDialog() {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export every head into"));
    if (folder.isEmpty())
        return;
    bool ok = false;
    const QString format = QInputDialog::getItem(this, tr("Export every head"), tr("Image format:"),
                                                 {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")},
                                                 0, false, &ok);
    if (ok)
        exportAllHeads(folder, format);
}

void MainWindow::openFolderWithDialog() {
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open a Hugging Face model folder (config.json, model.safetensors, tokenizer)"));
    if (!folder.isEmpty())
        openModel(folder);
}

}  // namespace headmap::ui
