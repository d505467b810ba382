// headmap-cli's side of the rendering module: finds libheadmap-render.so, loads it the first
// time a drawing command needs it and forwards render / export-all to it. When it is missing
// or cannot load (no Qt GUI libraries on this machine) the drawing commands say what to
// install; the other commands never get here.

#include "cli/CliRender.h"

#include <memory>
#include <new>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

#include "cli/CliInterrupt.h"
#include "cli/CliRenderModule.h"
#include "core/HeadmapError.h"

namespace headmap::cli {
namespace {

#ifdef HEADMAP_RENDER_MODULE_BUILT

// The folder of the running headmap-cli, read before any QCoreApplication exists (the module
// must be found before the application object is made, since it makes it).
QString executableFolder() {
    return QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath()).absolutePath();
}

// HEADMAP_RENDER_MODULE names the module to use (tests point it elsewhere); otherwise the
// installed place, lib/headmap/ beside bin/, then beside the executable (the build tree).
QStringList moduleCandidates() {
    const QString override = qEnvironmentVariable("HEADMAP_RENDER_MODULE");
    if (qEnvironmentVariableIsSet("HEADMAP_RENDER_MODULE"))
        return {override};
    const QDir folder(executableFolder());
    return {QDir::cleanPath(folder.filePath(QStringLiteral("../lib/headmap/%1").arg(kRenderModuleFileName))),
            folder.filePath(QString::fromLatin1(kRenderModuleFileName))};
}

struct RenderModule {
    std::unique_ptr<QLibrary> library;
    RenderMakeApplicationFunction makeApplication = nullptr;
    RenderRunFunction run = nullptr;
    QString failure;  // empty once loaded
};

RenderModule loadModule() {
    RenderModule module;
    const QStringList candidates = moduleCandidates();
    QString path;
    for (const QString& candidate : candidates) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isFile()) {
            path = candidate;
            break;
        }
    }
    if (path.isEmpty()) {
        module.failure =
            QStringLiteral("render and export-all draw with the rendering module %1, which is not installed "
                           "(looked for %2); install the full headmap package, which brings it and the Qt GUI "
                           "libraries it needs (every other command works without it)")
                .arg(QString::fromLatin1(kRenderModuleFileName), candidates.join(QStringLiteral(", ")));
        return module;
    }
    module.library = std::make_unique<QLibrary>(path);
    if (!module.library->load()) {
        module.failure = QStringLiteral("the rendering module %1 could not be loaded (%2); it needs the Qt 6 GUI "
                                        "libraries: apt install libqt6widgets6 libqt6svg6 libqt6printsupport6 "
                                        "libqcustomplot2.1-qt6")
                             .arg(path, module.library->errorString());
        return module;
    }
    const auto buildId = reinterpret_cast<RenderBuildIdFunction>(module.library->resolve("headmap_render_build_id"));
    module.makeApplication =
        reinterpret_cast<RenderMakeApplicationFunction>(module.library->resolve("headmap_render_make_application"));
    module.run = reinterpret_cast<RenderRunFunction>(module.library->resolve("headmap_render_run"));
    // The module shares C++ types with this program, so only one built from the same sources fits.
    if (!buildId || !module.makeApplication || !module.run ||
        qstrcmp(buildId(), HEADMAP_RENDER_BUILD_ID) != 0) {
        module.failure = QStringLiteral("the rendering module %1 does not belong to this headmap-cli (%2 expected, "
                                        "found %3); reinstall the headmap package")
                             .arg(path, QStringLiteral(HEADMAP_RENDER_BUILD_ID),
                                  buildId ? QString::fromUtf8(buildId()) : QStringLiteral("no build id"));
        module.makeApplication = nullptr;
        module.run = nullptr;
    }
    return module;
}

const RenderModule& renderModule() {
    static const RenderModule module = loadModule();
    return module;
}

void runInModule(RenderModuleCommand command, const CliRequest& request, const Encoding& input,
                 const Model& model, QIODevice* out) {
    const RenderModule& module = renderModule();
    if (!module.run)
        throw UsageError(module.failure);
    QString error;
    const int result = module.run(command, &request, &input, &model, out, &error);
    switch (result) {
    case kRenderOk: return;
    case kRenderUsageError: throw UsageError(error);
    case kRenderModelError: throw ModelError(error);
    case kRenderOutOfMemory: throw std::bad_alloc();
    default:
        if (result > kRenderInterrupted)
            throw Interrupted(result - kRenderInterrupted, error);
        throw InputError(error);
    }
}

#else  // built with -DHEADMAP_BUILD_GUI=OFF: there is no module to load

void runInModule(RenderModuleCommand, const CliRequest&, const Encoding&, const Model&, QIODevice*) {
    throw UsageError(renderingUnavailableReason());
}

#endif

}  // namespace

QString renderingUnavailableReason() {
#ifdef HEADMAP_RENDER_MODULE_BUILT
    return renderModule().failure;
#else
    return QStringLiteral("this headmap-cli was built without the GUI libraries (-DHEADMAP_BUILD_GUI=OFF), so it "
                          "cannot draw images");
#endif
}

bool renderingAvailable() {
    return renderingUnavailableReason().isEmpty();
}

std::unique_ptr<QCoreApplication> makeDrawingApplication(int& argc, char* argv[]) {
#ifdef HEADMAP_RENDER_MODULE_BUILT
    if (const auto make = renderModule().makeApplication)
        return std::unique_ptr<QCoreApplication>(make(&argc, argv));
#else
    Q_UNUSED(argc);
    Q_UNUSED(argv);
#endif
    return nullptr;
}

void runRender(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out) {
    runInModule(kRenderCommandRender, request, input, model, out);
}

void runExportAll(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out) {
    runInModule(kRenderCommandExportAll, request, input, model, out);
}

}  // namespace headmap::cli
