#include "HeadExport.h"

#include <cerrno>
#include <cstring>

#include <QDir>

#include "analysis/HeadStatistics.h"
#include "io/AtomicFile.h"
#include "io/JsonWriter.h"
#include "io/NpyWriter.h"
#include "io/TraceExport.h"
#include "figures/FigureWriter.h"
#include "figures/HeadGridFigure.h"
#include "figures/HeatmapFigure.h"
#include "views/ViewSupport.h"

namespace headmap::ui {
namespace {

QString suffixOf(ImageFormat format) {
    switch (format) {
    case ImageFormat::Png: return QStringLiteral("png");
    case ImageFormat::Svg: return QStringLiteral("svg");
    case ImageFormat::Pdf: return QStringLiteral("pdf");
    }
    return QString();
}

}  // namespace

QString headTitle(const AttentionTrace& trace, int layer, int head) {
    if (trace.model().isEncoderDecoder())  // "opus-mt-da-en · Cross-attention · layer 0, head 1"
        return QObject::tr("%1 · %2 · layer %3, head %4")
            .arg(trace.model().displayName(), stackTitle(trace.stack()))
            .arg(layer)
            .arg(head);
    return QObject::tr("%1 · layer %2, head %3").arg(trace.model().displayName()).arg(layer).arg(head);
}

void showHead(HeatmapView& view, const std::shared_ptr<const AttentionTrace>& trace, int layer,
              int head, bool hideSpecialTokens) {
    // One head, not shownTrace: hiding special tokens in every head of a 512-token trace would
    // hold up the GUI thread for seconds on each layer, head or style change.
    const MatrixF shown = trace ? shownHead(*trace, layer, head, hideSpecialTokens) : MatrixF();  // (K, K)
    if (shown.size() == 0) {
        view.clear(ViewText::emptyState(trace.get(), hideSpecialTokens,
                                        QObject::tr("No attention yet: type a sentence and press Enter")));
        return;
    }
    HeatmapContent content;
    content.setValues(shown);
    content.queryLabels = shownLabels(*trace, hideSpecialTokens);
    content.keyLabels = shownKeyLabels(*trace, hideSpecialTokens);
    content.sourceKeys = trace->hasKeyTokens();
    content.title = headTitle(*trace, layer, head);
    content.mask = shownMask(*trace, layer, hideSpecialTokens);  // the model's rule, not the zeros
    view.setContent(std::move(content));
}

std::unique_ptr<Figure> headFigure(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head,
                                   const HeadImageOptions& options) {
    const auto shown = shownTrace(trace, options.hideSpecialTokens);
    if (hasNoAttention(shown.get()) || layer < 0 || layer >= shown->layers() || head < 0 || head >= shown->heads())
        return nullptr;
    HeatmapFigureOptions figure;
    figure.style = options.style;
    figure.page = options.size;
    figure.mask = shown->cellMask(layer);  // the model's rule over the tokens shown
    figure.valueLabel = options.valueLabel;
    if (shown->hasKeyTokens()) {  // cross-attention: target rows, source columns
        figure.rowTitle = HeatmapFigure::targetAxisTitle();
        figure.columnTitle = HeatmapFigure::sourceAxisTitle();
    }
    return std::make_unique<HeatmapFigure>(shown->head(layer, head), shown->displayTokens(), shown->keyDisplayTokens(),
                                           headTitle(*shown, layer, head), figure);
}

std::unique_ptr<Figure> gridFigure(const std::shared_ptr<const AttentionTrace>& trace, const HeadImageOptions& options) {
    const auto shown = shownTrace(trace, options.hideSpecialTokens);
    if (hasNoAttention(shown.get()))
        return nullptr;
    const QString sentence = !options.sentence.isEmpty() ? options.sentence : trace->displayTokens().join(QLatin1Char(' '));
    const QString title = trace->model().isEncoderDecoder()  // "opus-mt-da-en · Encoder · all heads"
                              ? QObject::tr("%1 · %2 · all heads").arg(trace->model().displayName(), stackTitle(trace->stack()))
                              : QObject::tr("%1 · all heads").arg(trace->model().displayName());
    return std::make_unique<HeadGridFigure>(*shown, options.style, title,
                                            sentence, options.size, options.valueLabel);
}

QString exportHeadImage(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head,
                        const HeadImageOptions& options, const QString& path) {
    if (!trace || layer < 0 || layer >= trace->layers() || head < 0 || head >= trace->heads())
        return QObject::tr("cannot export '%1': there is no layer %2, head %3").arg(path).arg(layer).arg(head);
    const auto figure = headFigure(trace, layer, head, options);
    if (!figure)
        return QObject::tr("cannot export '%1': %2")
            .arg(path, ViewText::emptyState(trace.get(), options.hideSpecialTokens, QObject::tr("there is no attention yet")));
    return writeFigure(*figure, path, options.scale);
}

QString exportGridImage(const std::shared_ptr<const AttentionTrace>& trace,
                        const HeadImageOptions& options, const QString& path) {
    const auto figure = gridFigure(trace, options);
    if (!figure)
        return QObject::tr("cannot export '%1': %2")
            .arg(path, ViewText::emptyState(trace.get(), options.hideSpecialTokens, QObject::tr("there is no attention yet")));
    return writeFigure(*figure, path, options.scale);
}

QString exportTraceData(const AttentionTrace& trace, const QString& path, const QString& measure) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return writeFileAtomically(path, [&](QIODevice* device) {
            JsonWriter json(device);
            writeTraceJson(json, trace, {}, measure);
            return json.flush() && device->write("\n") == 1;
        });
    if (suffix == QLatin1String("csv"))
        return writeFileAtomically(path, [&](QIODevice* device) { return writeTraceCsv(device, trace); });
    if (suffix == QLatin1String("npy"))
        return writeFileAtomically(path, [&](QIODevice* device) { return writeTraceNpy(device, trace); });
    return QObject::tr("cannot export '%1': the name must end in .json, .csv or .npy").arg(path);
}

QString exportStatisticsCsv(const AttentionTrace& trace, const QString& path) {
    return writeFileAtomically(path, [&](QIODevice* device) {
        QByteArray csv("layer,head");
        const QList<HeadMetric> metrics = allHeadMetrics();
        for (HeadMetric metric : metrics)
            csv += ",\"" + metricName(metric).toUtf8() + '"';
        csv += '\n';
        for (const HeadStatistics& s : computeHeadStatistics(trace)) {
            csv += QByteArray::number(s.layer) + ',' + QByteArray::number(s.head);
            for (HeadMetric metric : metrics)
                csv += ',' + QByteArray::number(metricValue(s, metric), 'g', 9);
            csv += '\n';
        }
        return device->write(csv) == csv.size();
    });
}

BatchExportResult exportAllHeads(const std::shared_ptr<const AttentionTrace>& trace,
                                 const QString& folder, ImageFormat format,
                                 const HeadImageOptions& options,
                                 const std::function<bool(int, int)>& progress) {
    BatchExportResult result;
    if (!trace || trace->isEmpty()) {
        result.error = QObject::tr("nothing to export: there is no attention yet");
        return result;
    }
    errno = 0;
    if (!QDir().mkpath(folder)) {
        // mkpath's failing mkdir(2) left its errno ("Read-only file system", "Permission denied").
        const int error = errno;
        result.error = QObject::tr("cannot create folder '%1': %2")
                           .arg(folder, error ? QString::fromLocal8Bit(std::strerror(error))
                                              : QObject::tr("the system gave no reason"));
        return result;
    }
    const QDir dir(folder);
    const int total = trace->layers() * trace->heads() + 5;
    auto step = [&](const QString& error) {
        if (!error.isEmpty()) {
            result.error = error;
            return false;
        }
        ++result.filesWritten;
        if (progress && !progress(result.filesWritten, total)) {
            result.cancelled = true;
            return false;
        }
        return true;
    };
    const QString suffix = suffixOf(format);
    for (int layer = 0; layer < trace->layers(); ++layer)
        for (int head = 0; head < trace->heads(); ++head)
            if (!step(exportHeadImage(trace, layer, head, options,
                                      dir.filePath(QStringLiteral("layer%1_head%2.%3").arg(layer).arg(head).arg(suffix)))))
                return result;
    HeadImageOptions gridOptions = options;
    gridOptions.size = QSize();  // the grid's size follows its layers and heads, not a head's page
    if (!step(exportGridImage(trace, gridOptions, dir.filePath(QStringLiteral("grid.") + suffix))) ||
        !step(exportTraceData(*trace, dir.filePath(QStringLiteral("attention.json")), options.measure)) ||
        !step(exportTraceData(*trace, dir.filePath(QStringLiteral("attention.csv")))) ||
        !step(exportTraceData(*trace, dir.filePath(QStringLiteral("attention.npy")))) ||
        !step(exportStatisticsCsv(*trace, dir.filePath(QStringLiteral("statistics.csv")))))
        return result;
    return result;
}

}  // namespace headmap::ui
