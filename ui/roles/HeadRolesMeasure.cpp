#include "roles/HeadRolesMeasure.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

#include "Colormaps.h"

namespace headmap::ui {
namespace {

class HeadRolesMeasureText {
    Q_DECLARE_TR_FUNCTIONS(headmap::ui::HeadRolesView)
};

}  // namespace

QString headRoleTitle(int measure) {
    switch (measure) {
    case int(HeadRole::PreviousToken): return HeadRolesMeasureText::tr("Previous token");
    case int(HeadRole::DuplicateToken): return HeadRolesMeasureText::tr("Duplicate token");
    case int(HeadRole::Induction): return HeadRolesMeasureText::tr("Induction");
    case int(HeadRole::Sink): return HeadRolesMeasureText::tr("Sink (first token)");
    case int(HeadRole::Entropy): return HeadRolesMeasureText::tr("Entropy");
    case int(HeadRole::Distance): return HeadRolesMeasureText::tr("Distance");
    case int(HeadRole::Special): return HeadRolesMeasureText::tr("Special tokens");
    case int(HeadRole::Punctuation): return HeadRolesMeasureText::tr("Punctuation");
    default: return HeadRolesMeasureText::tr("Divergence");
    }
}

QString headRoleHint(int measure) {
    switch (measure) {
    case int(HeadRole::PreviousToken): return HeadRolesMeasureText::tr("Share of weight on the token just before");
    case int(HeadRole::DuplicateToken): return HeadRolesMeasureText::tr("Share of weight on earlier copies of the token");
    case int(HeadRole::Induction):
        return HeadRolesMeasureText::tr("Share of weight on the token after an earlier copy of the token");
    case int(HeadRole::Sink): return HeadRolesMeasureText::tr("Mean weight on the first token");
    case int(HeadRole::Entropy): return HeadRolesMeasureText::tr("Mean entropy of a row, in nats: high is broad");
    case int(HeadRole::Distance): return HeadRolesMeasureText::tr("Mean distance attended over, in tokens");
    case int(HeadRole::Special): return HeadRolesMeasureText::tr("Mean weight on special tokens");
    case int(HeadRole::Punctuation): return HeadRolesMeasureText::tr("Mean weight on punctuation");
    default: return HeadRolesMeasureText::tr("Mean Jensen–Shannon divergence from the second model, in nats");
    }
}

const std::vector<double>& measureValues(const HeadRoleResult& result, int measure) {
    if (measure == kDivergenceMeasure)
        return result.divergence;
    return result.scores[size_t(std::clamp(measure, 0, kHeadRoleCount - 1))];
}

ColourScale headRolesScale(const std::vector<double>& values, int measure, Colormap colormap) {
    ColourScale scale;
    scale.gradient = gradientFor(colormap);
    const bool unbounded = measure == int(HeadRole::Entropy) || measure == int(HeadRole::Distance) ||
                           measure == kDivergenceMeasure;
    double largest = 0;
    for (double v : values)
        if (std::isfinite(v))
            largest = std::max(largest, v);
    scale.range = QCPRange(0.0, unbounded ? (largest > 0 ? largest : 1.0) : 1.0);
    scale.label = headRoleTitle(measure);
    return scale;
}

QString measureText(double value) { return QString::number(value, 'f', 3); }

}  // namespace headmap::ui
