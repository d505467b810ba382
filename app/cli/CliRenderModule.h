#pragma once
// The C entry points of libheadmap-render.so, the module that draws for headmap-cli render and
// export-all. headmap-cli itself links no Qt GUI library: it loads this module (QLibrary) only
// when a drawing command runs, so every other command works on a server without them.
//
// The module is built from the same sources as the headmap-cli that loads it, so the C++ types
// passed through these pointers have the same layout; kRenderModuleBuildId guards against a
// module left over from another version.

#include <QString>

class QCoreApplication;
class QIODevice;

namespace headmap {
class Model;
struct Encoding;
namespace cli {
struct CliRequest;
}
}  // namespace headmap

namespace headmap::cli {

// File name of the module; installed under lib/headmap/ beside bin/, built beside headmap-cli.
inline constexpr const char* kRenderModuleFileName = "libheadmap-render.so";

// Results of headmap_render_run; errors keep their HeadmapError kind so the exit code stays
// the one render gave when it was linked in.
// kRenderInterrupted + n: a signal n stopped export-all (cli/CliInterrupt.h).
enum RenderModuleResult { kRenderOk = 0, kRenderUsageError = 1, kRenderInputError = 2, kRenderModelError = 3,
                          kRenderOutOfMemory = 4, kRenderInterrupted = 1000 };
enum RenderModuleCommand { kRenderCommandRender = 0, kRenderCommandExportAll = 1 };

// Signatures of the exported symbols (resolved by name with QLibrary::resolve).
using RenderBuildIdFunction = const char* (*)();
using RenderMakeApplicationFunction = QCoreApplication* (*)(int* argc, char** argv);
using RenderRunFunction = int (*)(int command, const CliRequest* request, const Encoding* input,
                                  const Model* model, QIODevice* out, QString* error);

}  // namespace headmap::cli
