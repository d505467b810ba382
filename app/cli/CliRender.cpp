#include "cli/CliRender.h"

#include <QFileInfo>

#include "HeadExport.h"
#include "ViewState.h"
#include "analysis/AttentionMeasure.h"
#include "cli/CliInterrupt.h"
#include "cli/CliStacks.h"
#include "analysis/WordAggregation.h"
#include "core/HeadmapError.h"
#include "model/Model.h"

namespace headmap::cli {
namespace {

ui::HeadImageOptions imageOptions(const CliRequest& request) {
    const RenderRequest& render = request.render;
    QStringList names;
    for (ui::Colormap colormap : ui::allColormaps())
        names << ui::colormapName(colormap);
    if (!names.contains(render.colormap))
        throw UsageError(QStringLiteral("--colormap must be one of %1, got '%2'")
                             .arg(names.join(QStringLiteral(", ")), render.colormap));
    ui::HeadImageOptions options;
    options.style.colormap = ui::colormapFromName(render.colormap);
    options.style.scale = render.range == QLatin1String("row")      ? ui::ScaleMode::RowMax
                          : render.range == QLatin1String("global") ? ui::ScaleMode::GlobalMax
                          : render.range == QLatin1String("log")    ? ui::ScaleMode::Log
                                                                    : ui::ScaleMode::Fixed;
    options.style.showValues = render.showValues;
    options.hideSpecialTokens = render.hideSpecialTokens;
    // A page size of 0 (not given) lets each figure fit its content; a given one is filled.
    if (render.width > 0 && render.height > 0)
        options.size = QSize(render.width, render.height);
    options.scale = render.pixelScale;
    options.sentence = request.text.value_or(QString());
    options.measure = measureName(request.measure);
    options.valueLabel = ui::measureValueLabel(request.measure, options.style.scale);
    return options;
}

std::shared_ptr<const AttentionTrace> computeTrace(const CliRequest& request, const Model& model,
                                                   const Encoding& input) {
    const StackKind stack = chosenStack(request, model.summary());
    RunOptions options;
    options.ablations = checkedAblations(request, model.summary());
    options.valueNorms = request.measure == AttentionMeasure::ValueNorm;
    options.decoderInput = decoderRows(request, model, input).input;
    AttentionTrace trace = model.run(input, options).stack(stack);
    if (request.measure == AttentionMeasure::ValueNorm)
        trace = weightedByValueNorm(trace);
    return std::make_shared<const AttentionTrace>(request.mergeWords ? mergeIntoWords(trace) : std::move(trace));
}

}  // namespace

bool renderingAvailable() {
    return true;
}

void runRender(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out) {
    ui::ImageFormat format;
    if (!ui::imageFormatFromPath(request.output, &format))
        throw UsageError(QStringLiteral("--output must end in .png, .svg or .pdf, got '%1'").arg(request.output));
    const auto trace = computeTrace(request, model, input);
    const QString error = ui::exportHeadImage(trace, request.layer, request.head, imageOptions(request), request.output);
    if (!error.isEmpty())
        throw InputError(error);
    out->write(QStringLiteral("wrote %1\n").arg(request.output).toUtf8());
}

void runExportAll(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out) {
    ui::ImageFormat format;
    if (!ui::imageFormatFromPath(QStringLiteral("x.") + request.render.imageFormat, &format))
        throw UsageError(QStringLiteral("--format for 'export-all' must be png, svg or pdf, got '%1'")
                             .arg(request.render.imageFormat));
    const auto trace = computeTrace(request, model, input);
    // Ctrl-C stops between two files, so none is left half-written (cli/CliInterrupt.h).
    const InterruptGuard guard;
    int total = 0;
    const ui::BatchExportResult result =
        ui::exportAllHeads(trace, request.render.outdir, format, imageOptions(request), [&](int, int all) {
            total = all;
            return InterruptGuard::interrupted() == 0;
        });
    if (!result.error.isEmpty())
        throw InputError(result.error);
    if (result.cancelled && result.filesWritten < total)
        throw Interrupted(InterruptGuard::interrupted(),
                          QStringLiteral("interrupted (%1): export-all stopped after %2 of %3 files in '%4'; those are "
                                         "complete, the others were not written")
                              .arg(InterruptGuard::interrupted() == SIGINT ? QStringLiteral("SIGINT") : QStringLiteral("SIGTERM"))
                              .arg(result.filesWritten).arg(total).arg(request.render.outdir));
    out->write(QStringLiteral("wrote %1 files to %2\n").arg(result.filesWritten).arg(request.render.outdir).toUtf8());
}

}  // namespace headmap::cli
