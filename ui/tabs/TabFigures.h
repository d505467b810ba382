#pragma once
// The figures of the tabs whose export needs more than their widget's own figure: the step
// matrix on show, the two heads or sentences compared, one layer of the rollout. Each is built
// from what the tab shows now (its widget) and the document, with copies of the data, so it can
// be drawn on another thread.

#include <memory>

namespace headmap::ui {

class AttentionDocument;
class ComparisonView;
class Figure;
class RolloutView;
class StepView;
struct HeatmapStyle;

// The matrix of the walk-through's current page: the one last clicked, else the first shown.
std::unique_ptr<Figure> matrixFigure(const StepView& steps, const AttentionDocument& document);
std::unique_ptr<Figure> comparisonFigure(const ComparisonView& comparison, const AttentionDocument& document,
                                         const HeatmapStyle& style);
// One layer of the rollout: the document's series when it has one, else only that layer.
std::unique_ptr<Figure> rolloutFigure(const RolloutView& rollout, const AttentionDocument& document);

}  // namespace headmap::ui
