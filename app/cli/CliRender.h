#pragma once
// headmap-cli render / export-all: the desktop's heatmaps written to files without a display
// (Qt's offscreen platform), drawn by the same figures (ui/figures) as the GUI's Export menu:
// laid out in points, so --scale changes the pixels per point and nothing else.

#include <memory>

#include <QCoreApplication>
#include <QIODevice>

#include "cli/CliRequest.h"

namespace headmap::cli {

void runRender(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out);
void runExportAll(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out);

// In headmap-cli these are cli/CliRenderLoader.cpp, which forwards to the rendering module
// (cli/CliRenderModule.h); inside the module they are cli/CliRender.cpp itself.

// True when this headmap-cli can draw: it was built with the GUI libraries and its rendering
// module loads.
bool renderingAvailable();
// Why it cannot draw (what to install), or empty when it can.
QString renderingUnavailableReason();
// The QApplication that drawing needs, made by the module; null when the module is missing.
std::unique_ptr<QCoreApplication> makeDrawingApplication(int& argc, char* argv[]);

}  // namespace headmap::cli
