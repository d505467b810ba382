#pragma once
// Drawing one head the way the heatmap tab shows it, and writing heads, the grid and the data
// to files. Shared by the desktop's Export menu and `headmap-cli render` / `export-all`, so a
// figure made from the command line looks exactly like the one on screen. The images are
// figures (figures/Figure.h) laid out in points; the scale only changes the pixels per point.

#include <functional>
#include <memory>

#include <QSize>
#include <QString>

#include "HeatmapView.h"
#include "PlotExport.h"
#include "figures/Figure.h"
#include "core/AttentionTrace.h"

namespace headmap::ui {

struct HeadImageOptions {
    HeatmapStyle style;
    bool hideSpecialTokens = false;
    QSize size;          // the page in points; empty: fitted to the content
    double scale = 2.0;  // PNG pixels per point
    QString sentence;    // under the grid's title; empty: the tokens joined
    // What the trace's values are: "weights" or "value-norm" (AttentionMeasure), and the colour
    // bar's label for them (measureValueLabel; empty: attention weights).
    QString measure = QStringLiteral("weights");
    QString valueLabel;
};

QString headTitle(const AttentionTrace& trace, int layer, int head);

// Puts head (layer, head) of trace into view; hides special tokens when asked.
void showHead(HeatmapView& view, const std::shared_ptr<const AttentionTrace>& trace, int layer,
              int head, bool hideSpecialTokens);

// The figures the exports write; null when there is no such head or nothing to draw.
std::unique_ptr<Figure> headFigure(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head,
                                   const HeadImageOptions& options);
std::unique_ptr<Figure> gridFigure(const std::shared_ptr<const AttentionTrace>& trace,
                                   const HeadImageOptions& options);

// Each returns an empty string on success, else one line naming the file. Atomic writes.
QString exportHeadImage(const std::shared_ptr<const AttentionTrace>& trace, int layer, int head,
                        const HeadImageOptions& options, const QString& path);
QString exportGridImage(const std::shared_ptr<const AttentionTrace>& trace,
                        const HeadImageOptions& options, const QString& path);
// Attention of every head: .json (as headmap-cli attention), .csv or .npy (L, H, T, T).
QString exportTraceData(const AttentionTrace& trace, const QString& path,
                        const QString& measure = QStringLiteral("weights"));
// The head statistics table as CSV.
QString exportStatisticsCsv(const AttentionTrace& trace, const QString& path);

struct BatchExportResult {
    int filesWritten = 0;
    bool cancelled = false;
    QString error;  // empty on success
};

// Every head as layerL_headH.FORMAT, the grid as grid.FORMAT, and attention.json,
// attention.csv, attention.npy, statistics.csv, into folder (created if missing).
// progress(done, total) is called after each file; returning false cancels.
BatchExportResult exportAllHeads(const std::shared_ptr<const AttentionTrace>& trace,
                                 const QString& folder, ImageFormat format,
                                 const HeadImageOptions& options,
                                 const std::function<bool(int, int)>& progress = {});

}  // namespace headmap::ui
