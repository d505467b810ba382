// MainWindow's export actions: the current view as an image, the data, every head at once.
// The dialogs only choose names; the figures are in figures/ and HeadExport, shared with the CLI.

#include <QCoreApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QPainter>
#include <QPointer>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTabWidget>
#include <QThreadPool>
#include <qcustomplot.h>

#include "AttentionDocument.h"
#include "analysis/RolloutSeries.h"
#include "analysis/AttentionTransforms.h"
#include "HeadExport.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "ModelChooser.h"
#include "WorkerPool.h"
#include "figures/ComparisonFigure.h"
#include "figures/FigureWriter.h"
#include "figures/HeatmapFigure.h"
#include "figures/LinesFigure.h"
#include "figures/MatrixFigure.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/LinesView.h"
#include "views/RolloutView.h"
#include "views/TokenPairView.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

// The step matrices whose columns are keys, as in StepView's ids.
bool isTokenByToken(const QString& id) {
    static const QStringList ids{"scores", "scaled", "masked", "weights", "softcapped"};
    return ids.contains(id);
}

// The matrix the step tab shows now: the one last clicked (it has the focus), else the first
// one on the current page. Null when the page has none.
MatrixView* currentMatrix(const StepView* steps) {
    const QList<MatrixView*> views = steps->matrices(steps->step());
    MatrixView* shown = nullptr;
    for (MatrixView* view : views) {
        if (!view->isVisibleTo(steps) || view->rows() == 0)
            continue;
        if (view->cellArea()->hasFocus())
            return view;
        if (!shown)
            shown = view;
    }
    return shown;
}

std::unique_ptr<Figure> matrixFigure(const StepView* steps, const AttentionDocument* document) {
    const MatrixView* view = currentMatrix(steps);
    const auto trace = document->stepsTrace();
    const auto headSteps = document->steps();
    if (!view || !trace || !headSteps)
        return nullptr;
    MatrixFigureData data;
    data.values.resize(view->rows(), view->columns());  // (rows, columns) as on screen
    for (int r = 0; r < view->rows(); ++r)
        for (int c = 0; c < view->columns(); ++c)
            data.values(r, c) = float(view->valueAt(r, c));
    const QString id = view->objectName();
    const QStringList tokens = trace->displayTokens();
    const bool tokenRows = !id.startsWith(QLatin1String("w_")) && view->rows() == tokens.size();
    const bool tokenColumns = isTokenByToken(id) && !view->summarizeColumns() && view->columns() == tokens.size();
    if (tokenRows)
        data.rowLabels = tokens;
    if (tokenColumns)
        data.columnLabels = tokens;
    data.rowTitle = tokenColumns ? HeatmapFigure::queryAxisTitle()
                    : tokenRows  ? QObject::tr("Token")
                                 : QObject::tr("Model dimension");
    data.columnTitle = tokenColumns            ? HeatmapFigure::keyAxisTitle()
                       : view->summarizeColumns() ? QObject::tr("Block of %1 dimensions").arg(MatrixView::kSummaryBlock)
                                                  : QObject::tr("Dimension");
    data.scale = id == QLatin1String("weights") ? MatrixScale::Weights : MatrixScale::Signed;
    data.summary = view->summarizeColumns();
    data.title = QObject::tr("%1 · %2").arg(headTitle(*trace, headSteps->layer, headSteps->head), view->title());
    return std::make_unique<MatrixFigure>(data);
}

std::unique_ptr<Figure> comparisonFigure(const ComparisonView* comparison, const AttentionDocument* document,
                                         const HeatmapStyle& style) {
    const auto shownA = shownTrace(document->sharedTrace(), comparison->hideSpecialTokens());
    if (hasNoAttention(shownA.get()))
        return nullptr;
    const bool twoHeads = comparison->mode() == ComparisonView::Mode::TwoHeads;
    const int la = comparison->layerA(), ha = comparison->headA();
    ComparisonFigureData data;
    data.a = shownA->head(la, ha);
    data.maskA = shownA->cellMask(la);  // the model's rule, as the comparison tab draws it
    data.labelsA = shownA->displayTokens();
    if (twoHeads) {
        data.b = shownA->head(comparison->layerB(), comparison->headB());
        data.maskB = shownA->cellMask(comparison->layerB());
        data.labelsB = data.labelsA;
        data.captionA = QObject::tr("A: layer %1, head %2").arg(la).arg(ha);
        data.captionB = QObject::tr("B: layer %1, head %2").arg(comparison->layerB()).arg(comparison->headB());
        data.title = QObject::tr("%1 · two heads").arg(shownA->model().displayName());
    } else {
        const auto shownB = shownTrace(document->secondTrace(), comparison->hideSpecialTokens());
        if (hasNoAttention(shownB.get()) || la >= shownB->layers() || ha >= shownB->heads())
            return nullptr;
        data.b = shownB->head(la, ha);
        data.maskB = shownB->cellMask(la);
        data.labelsB = shownB->displayTokens();
        data.captionA = QObject::tr("Sentence A");
        data.captionB = QObject::tr("Sentence B");
        data.title = QObject::tr("%1 · layer %2, head %3 · two sentences").arg(shownA->model().displayName()).arg(la).arg(ha);
    }
    return std::make_unique<ComparisonFigure>(data, style);
}

std::unique_ptr<Figure> rolloutFigure(const RolloutView* rollout, const AttentionDocument* document) {
    // The document's series (the tab's), which may already keep the layer; a new one when the
    // tab has not received it yet. Either way only this layer is computed, never all of them.
    const std::shared_ptr<const AttentionTrace> trace = document->sharedTrace();
    if (hasNoAttention(trace.get()))
        return nullptr;
    std::shared_ptr<const RolloutSeries> series = document->rollout();
    if (!series)
        series = std::make_shared<const RolloutSeries>(document->weightTrace());
    const int layer = std::clamp(rollout->layer(), 0, series->layers() - 1);
    bool allHidden = false;
    const HeatmapContent content = RolloutView::layerContent(*series, *trace, layer, rollout->hideSpecialTokens(),
                                                             PyramidKind(), false, {}, &allHidden);
    if (allHidden || content.values().size() == 0)
        return nullptr;
    const HeatmapView* view = rollout->heatmap();
    HeatmapFigureOptions options;
    options.style = view->style();
    options.valueLabel = RolloutView::tr("Share of the input token");
    options.mask = content.mask;  // as the rollout tab masks it
    options.rowTitle = view->plot()->yAxis->label();
    options.columnTitle = view->plot()->xAxis->label();
    return std::make_unique<HeatmapFigure>(content.values(), content.queryLabels, content.keyLabels,
                                           QObject::tr("%1 · %2").arg(trace->model().displayName(), content.title),
                                           options);
}

}  // namespace

std::unique_ptr<Figure> MainWindow::currentFigure(bool* isWidget) const {
    // Every tab but the statistics table is a figure (figures/): laid out in points, so the
    // scale changes the pixels per point and nothing else.
    *isWidget = false;
    const auto trace = m_document->sharedTrace();
    switch (m_tabs->currentIndex()) {
    case HeatmapTab: {
        HeadImageOptions options;
        options.style = m_heatmap->style();
        options.hideSpecialTokens = m_settings.hideSpecialTokens;
        options.valueLabel = measureValueLabel(m_document->view().measure, options.style.scale);
        return headFigure(trace, m_document->layer(), m_document->head(), options);
    }
    case GridTab: {
        HeadImageOptions options;
        options.style = m_grid->style();
        options.hideSpecialTokens = m_grid->hideSpecialTokens();
        options.sentence = m_document->text();
        options.valueLabel = measureValueLabel(m_document->view().measure, options.style.scale);
        return gridFigure(trace, options);
    }
    case CompareTab:
        return comparisonFigure(m_comparison, m_document, m_heatmap->style());
    case RolloutTab:
        return rolloutFigure(m_rollout, m_document);
    case StepsTab:
        return matrixFigure(m_stepView, m_document);
    case LinesTab:  // the lines as on screen, with the pinned token
        if (!m_lines->labels().isEmpty())
            return std::make_unique<LinesFigure>(m_lines->figureData());
        return nullptr;
    case TokenPairTab:
        return m_tokenPair->figure();
    default:  // the statistics table, drawn as a widget
        *isWidget = true;
        return nullptr;
    }
}

QString MainWindow::exportCurrentView(const QString& path, double scale) {
    bool isWidget = false;
    const std::unique_ptr<Figure> figure = currentFigure(&isWidget);
    return writeViewHere(figure.get(), isWidget, path, scale);
}

QString MainWindow::writeViewHere(const Figure* figure, bool isWidget, const QString& path, double scale) {
    QString error;
    if (isWidget) {
        QWidget* widget = m_tabs->currentWidget();
        ImageExportOptions options;
        options.scale = scale;
        options.title = windowTitle();
        options.size = widget->size();
        error = exportImage(path, options, [widget](QPaintDevice* device, const QSize&) {
            QPainter painter;
            if (!painter.begin(device))
                return false;
            widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            return painter.end();
        });
    } else {
        error = figure ? writeFigure(*figure, path, scale) : tr("Nothing to export in this tab yet.");
    }
    statusBar()->showMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error);
    return error;
}

bool MainWindow::exportCurrentViewInBackground(const QString& path, double scale) {
    bool isWidget = false;
    std::shared_ptr<const Figure> figure(currentFigure(&isWidget));
    if (isWidget || !figure) {
        const QString error = writeViewHere(figure.get(), isWidget, path, scale);  // the table, or "Nothing…"
        emit exportFinished(path, error);
        return error.isEmpty();
    }
    statusBar()->showMessage(tr("Exporting %1…").arg(path));
    // The figure owns copies of what it draws, so the views may change meanwhile; the result is
    // delivered through the application object, which outlives the window, to the window in
    // charge by then (one rebuilt in another language meanwhile takes over m_reportTo).
    workerPool()->start([figure, path, scale, reportTo = m_reportTo] {
        const QString error = writeFigure(*figure, path, scale);
        QCoreApplication* application = QCoreApplication::instance();
        if (!application)
            return;  // the program is ending: the file is written, nobody is left to tell
        QMetaObject::invokeMethod(
            application,
            [reportTo, path, error] {
                MainWindow* window = *reportTo;
                if (!window)
                    return;
                window->statusBar()->showMessage(error.isEmpty() ? MainWindow::tr("Saved %1").arg(path) : error);
                emit window->exportFinished(path, error);
            },
            Qt::QueuedConnection);
    });
    return true;
}

QString MainWindow::exportData(const QString& path) {
    const QString error = m_document->trace().isEmpty()
                              ? tr("Nothing to export yet: type a sentence and press Enter.")
                              : exportTraceData(m_document->trace(), path, measureName(m_document->view().measure));
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
    options.sentence = m_document->text();
    options.measure = measureName(m_document->view().measure);
    options.valueLabel = measureValueLabel(m_document->view().measure, options.style.scale);
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
    exportCurrentViewInBackground(path, scale);
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
