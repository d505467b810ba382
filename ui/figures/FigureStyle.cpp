#include "figures/FigureStyle.h"

#include <cmath>

#include <QGuiApplication>
#include <QImage>

namespace headmap::ui {
namespace {

// A device of 72 dpi to measure text on, so that a font of n points is n units high.
const QImage& measuringDevice() {
    static const QImage device = [] {
        QImage image(1, 1, QImage::Format_ARGB32_Premultiplied);
        image.setDotsPerMeterX(int(std::lround(72.0 / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(72.0 / 0.0254)));
        return image;
    }();
    return device;
}

}  // namespace

QFont figureFont(FigureFont role) {
    QFont font(QGuiApplication::font().family());
    font.setHintingPreference(QFont::PreferNoHinting);
    font.setKerning(true);
    switch (role) {
    case FigureFont::Title:
        font.setPointSizeF(12.5);
        font.setBold(true);
        break;
    case FigureFont::Subtitle: font.setPointSizeF(10.5); break;
    case FigureFont::AxisTitle: font.setPointSizeF(10.0); break;
    case FigureFont::Tick: font.setPointSizeF(8.5); break;
    case FigureFont::Cell: font.setPointSizeF(7.0); break;
    }
    return font;
}

QFontMetricsF figureMetrics(const QFont& font) {
    return QFontMetricsF(font, &measuringDevice());
}

double figureLineHeight(FigureFont role) { return figureMetrics(figureFont(role)).height(); }

double textWidth(const QFont& font, const QString& text) {
    return figureMetrics(font).horizontalAdvance(text);
}

QString elidedText(const QFont& font, const QString& text, double width) {
    return figureMetrics(font).elidedText(text, Qt::ElideRight, width);
}

QColor figureInk() { return QColor(34, 34, 34); }
QColor figureFaint() { return QColor(150, 150, 150); }
QColor figureHighlight() { return QColor(255, 64, 64); }

QList<double> figureTicks(double low, double high, bool logarithmic, int target) {
    QList<double> ticks;
    if (!(high > low))
        return {low};
    if (logarithmic && low > 0) {
        for (int e = int(std::ceil(std::log10(low) - 1e-9)); e <= int(std::floor(std::log10(high) + 1e-9)); ++e)
            ticks << std::pow(10.0, e);
        if (ticks.size() >= 2)
            return ticks;
        return {low, high};
    }
    // A step of 1, 2, 2.5 or 5 times a power of ten giving about `target` ticks.
    const double raw = (high - low) / std::max(1, target - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude * 10;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    const double epsilon = step * 1e-6;
    for (double v = std::ceil((low - epsilon) / step) * step; v <= high + epsilon; v += step)
        ticks << (std::abs(v) < epsilon ? 0.0 : v);
    if (ticks.size() < 2)
        return {low, high};
    return ticks;
}

QString tickText(double value, bool logarithmic) {
    if (logarithmic)
        return QString::number(value, 'g', 1);
    // A hyphen-minus, not U+2212: fonts without that glyph make SVG writers split the number
    // into two text elements, and a search for "-0.5" would not find it.
    return QString::number(value, 'g', 4);
}

}  // namespace headmap::ui
