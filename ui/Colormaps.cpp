#include "Colormaps.h"

namespace headmap::ui {
namespace {

QCPColorGradient fromStops(std::initializer_list<const char*> stops) {
    QCPColorGradient gradient;
    gradient.clearColorStops();
    const int count = int(stops.size());
    int i = 0;
    for (const char* stop : stops)
        gradient.setColorStopAt(double(i++) / (count - 1), QColor(stop));
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(256);
    return gradient;
}

}  // namespace

QCPColorGradient gradientFor(Colormap colormap) {
    switch (colormap) {
    case Colormap::Viridis:
        return fromStops({"#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
                          "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"});
    case Colormap::Magma:
        return fromStops({"#000004", "#140e36", "#3b0f70", "#641a80", "#8c2981", "#b73779",
                          "#de4968", "#f7705c", "#fe9f6d", "#fecf92", "#fcfdbf"});
    case Colormap::Cividis:
        return fromStops({"#00224e", "#123570", "#3b496c", "#575d6d", "#707173", "#8a8678",
                          "#a59c74", "#c3b369", "#e1cc55", "#fee838"});
    case Colormap::Greys:  // matplotlib Greys: more attention, darker
        return fromStops({"#ffffff", "#f0f0f0", "#d9d9d9", "#bdbdbd", "#969696", "#737373",
                          "#525252", "#252525", "#000000"});
    case Colormap::Diverging:  // ColorBrewer RdBu reversed: negative blue, zero white, positive red
        return fromStops({"#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7",
                          "#f4a582", "#d6604d", "#b2182b"});
    }
    return fromStops({"#000000", "#ffffff"});
}

QString colormapName(Colormap colormap) {
    switch (colormap) {
    case Colormap::Viridis: return QStringLiteral("viridis");
    case Colormap::Magma: return QStringLiteral("magma");
    case Colormap::Cividis: return QStringLiteral("cividis");
    case Colormap::Greys: return QStringLiteral("greys");
    case Colormap::Diverging: return QStringLiteral("diverging");
    }
    return QString();
}

Colormap colormapFromName(const QString& name, Colormap fallback) {
    for (Colormap colormap : allColormaps())
        if (colormapName(colormap) == name)
            return colormap;
    return fallback;
}

QList<Colormap> allColormaps() {
    return {Colormap::Viridis, Colormap::Magma, Colormap::Cividis, Colormap::Greys,
            Colormap::Diverging};
}

}  // namespace headmap::ui
