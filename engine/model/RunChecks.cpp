#include "model/RunChecks.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {

void checkAblations(const std::vector<HeadAblation>& ablations, const ModelSummary& whole) {
    for (size_t i = 0; i < ablations.size(); ++i) {
        const HeadAblation& a = ablations[i];
        const ModelSummary model = whole.forStack(a.stack.value_or(StackKind::Cross));
        const QString name = formatHeadAblations({a});
        if (a.layer < 0 || a.layer >= model.layers)
            throw InputError(QCoreApplication::translate("Engine",
                                                         "ablation %1: layer %2 is out of range: %3 has layers 0..%4")
                                 .arg(name).arg(a.layer).arg(model.name).arg(model.layers - 1));
        if (a.head < 0 || a.head >= model.heads)
            throw InputError(QCoreApplication::translate("Engine",
                                                         "ablation %1: head %2 is out of range: %3 has heads 0..%4")
                                 .arg(name).arg(a.head).arg(model.name).arg(model.heads - 1));
        for (size_t j = 0; j < i; ++j)
            if (ablations[j].layer == a.layer && ablations[j].head == a.head && ablations[j].stack == a.stack)
                throw InputError(QCoreApplication::translate("Engine", "head %1.%2 is ablated twice")
                                     .arg(a.layer).arg(a.head));
    }
}


void checkStepsHead(const HeadIndex& steps, const ModelSummary& whole) {
    const ModelSummary model = whole.forStack(steps.stack.value_or(StackKind::Cross));
    if (steps.layer < 0 || steps.layer >= model.layers)
        throw InputError(QCoreApplication::translate("Engine", "layer %1 is out of range: %2 has layers 0..%3")
                             .arg(steps.layer).arg(model.name).arg(model.layers - 1));
    if (steps.head < 0 || steps.head >= model.heads)
        throw InputError(QCoreApplication::translate("Engine", "head %1 is out of range: %2 has heads 0..%3")
                             .arg(steps.head).arg(model.name).arg(model.heads - 1));
}

}  // namespace headmap
