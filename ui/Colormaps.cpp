#include "Colormaps.h"

namespace headmap::ui {

QCPColorGradient viridisGradient() {
    // matplotlib viridis at 0.0, 0.1, ..., 1.0
    static const char* const stops[] = {"#440154", "#482475", "#414487", "#355f8d",
                                        "#2a788e", "#21918c", "#22a884", "#44bf70",
                                        "#7ad151", "#bddf26", "#fde725"};
    QCPColorGradient gradient;
    gradient.clearColorStops();
    const int count = int(sizeof stops / sizeof stops[0]);
    for (int i = 0; i < count; ++i)
        gradient.setColorStopAt(double(i) / (count - 1), QColor(stops[i]));
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(256);
    return gradient;
}

}  // namespace headmap::ui
