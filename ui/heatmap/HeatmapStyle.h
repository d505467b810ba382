#pragma once
// How heatmaps are coloured: the colormap, the scale and whether cells show their numbers. Apart
// from HeatmapView so that what only describes a view (ViewState, sessions, settings, workers that
// colour thumbnails) includes no widget header.

#include <QList>
#include <QString>

namespace headmap::ui {

enum class Colormap { Viridis, Magma, Cividis, Greys, Diverging };

enum class ScaleMode {
    Fixed,      // 0..1: weights comparable across heads
    RowMax,     // each row against its own maximum: where each token looks most
    GlobalMax,  // 0..largest weight shown
    Log,        // log10, for the long tail of small weights
};
QString scaleModeName(ScaleMode mode);  // translated, in HeatmapView.cpp
QList<ScaleMode> allScaleModes();

struct HeatmapStyle {
    Colormap colormap = Colormap::Viridis;
    ScaleMode scale = ScaleMode::Fixed;
    bool showValues = false;  // numbers in the cells, where they fit
};

}  // namespace headmap::ui
