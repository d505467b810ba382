// Built without the GUI libraries: render and export-all say so instead of drawing.

#include "cli/CliRender.h"

#include "core/HeadmapError.h"
#include "model/Model.h"

namespace headmap::cli {

bool renderingAvailable() {
    return false;
}

void runRender(const CliRequest&, const Encoding&, const Model&, QIODevice*) {
    throw UsageError(QStringLiteral("this headmap-cli was built without the GUI libraries, so it cannot draw images"));
}

void runExportAll(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out) {
    runRender(request, input, model, out);
}

}  // namespace headmap::cli
