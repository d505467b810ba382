// libheadmap-render.so: the exported C entry points around cli/CliRender.cpp. Everything else in
// the module (the widgets, the figures, its own copy of the engine) stays hidden inside it.

#include "cli/CliRenderModule.h"

#include <new>

#include <QApplication>

#include "cli/CliInterrupt.h"
#include "cli/CliRender.h"
#include "core/HeadmapError.h"
#include "model/Model.h"

using namespace headmap;
using namespace headmap::cli;

extern "C" {

Q_DECL_EXPORT const char* headmap_render_build_id() {
    return HEADMAP_RENDER_BUILD_ID;
}

// Widgets need a QApplication; headmap-cli asks the module for it before parsing anything, in
// place of its usual QCoreApplication.
Q_DECL_EXPORT QCoreApplication* headmap_render_make_application(int* argc, char** argv) {
    return new QApplication(*argc, argv);
}

// Exceptions do not cross the module boundary: each becomes a result code and a message.
Q_DECL_EXPORT int headmap_render_run(int command, const CliRequest* request, const Encoding* input,
                                     const Model* model, QIODevice* out, QString* error) {
    try {
        if (command == kRenderCommandExportAll)
            runExportAll(*request, *input, *model, out);
        else
            runRender(*request, *input, *model, out);
        return kRenderOk;
    } catch (const Interrupted& interrupted) {
        *error = interrupted.message();
        return kRenderInterrupted + interrupted.signal();
    } catch (const HeadmapError& failure) {
        *error = failure.message();
        switch (failure.kind()) {
        case HeadmapError::Kind::Usage: return kRenderUsageError;
        case HeadmapError::Kind::Input: return kRenderInputError;
        case HeadmapError::Kind::Model: return kRenderModelError;
        }
        return kRenderInputError;
    } catch (const std::bad_alloc&) {
        return kRenderOutOfMemory;
    }
}

}  // extern "C"
