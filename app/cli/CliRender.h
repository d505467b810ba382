#pragma once
// headmap-cli render / export-all: the desktop's heatmaps written to files without a display
// (Qt's offscreen platform), drawn by the same figures (ui/figures) as the GUI's Export menu:
// laid out in points, so --scale changes the pixels per point and nothing else.

#include <QIODevice>

#include "cli/CliRequest.h"

namespace headmap::cli {

void runRender(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out);
void runExportAll(const CliRequest& request, const Encoding& input, const Model& model, QIODevice* out);

// True when this build can draw (it was built with the GUI libraries).
bool renderingAvailable();

}  // namespace headmap::cli
