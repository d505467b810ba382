#pragma once
// The look of the few controls presentation mode keeps (layer and head boxes, check boxes) on
// its black palette. Fusion draws their outlines, check-box frames and spin-box arrows in
// shades it derives from the window colour (darker than black is black), so on a projector
// they vanished. This proxy draws them again on top, in the palette's text colour.

#include <QProxyStyle>

namespace headmap::ui {

class PresentationStyle : public QProxyStyle {
public:
    // Proxies a new copy of the application's style (the proxy owns it).
    PresentationStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option, QPainter* painter,
                            const QWidget* widget = nullptr) const override;
};

}  // namespace headmap::ui
