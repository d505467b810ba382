#pragma once
// The main window's tabs as DocumentViews: each brings one widget up to date with the document.
// The widgets themselves know nothing of the document (they are tested and exported alone);
// these classes are the only place that says which part of the document each one shows.

#include <memory>

#include "DocumentView.h"

class QScrollArea;

namespace headmap::ui {

class ComparisonView;
class GridThumbnailsProducer;
class HeadGridView;
class HeadLoader;
class HeatmapView;
class RolloutView;
class StatisticsView;
class StepView;

class HeatmapTabView : public DocumentView {
public:
    explicit HeatmapTabView(HeatmapView* view);
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    // Brings the heads into the view; past a few hundred tokens in a worker (HeadLoader).
    HeadLoader* loader() const { return m_loader; }

private:
    HeatmapView* m_view;
    HeadLoader* m_loader;  // a child of m_view
};

class GridTabView : public DocumentView {
public:
    explicit GridTabView(HeadGridView* view);
    QWidget* widget() override;  // the grid in a scroll area: past its minimum size it scrolls
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    DerivedNeeds needs() const override;

private:
    HeadGridView* m_view;
    QScrollArea* m_scroll;
    // The grid's thumbnails are the grid's own derived data: the document only runs them.
    std::shared_ptr<const GridThumbnailsProducer> m_thumbnails;
};

class CompareTabView : public DocumentView {
public:
    explicit CompareTabView(ComparisonView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;

private:
    ComparisonView* m_view;
};

class StatisticsTabView : public DocumentView {
public:
    explicit StatisticsTabView(StatisticsView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    DerivedNeeds needs() const override;

private:
    StatisticsView* m_view;
};

class RolloutTabView : public DocumentView {
public:
    explicit RolloutTabView(RolloutView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    DerivedNeeds needs() const override;

private:
    RolloutView* m_view;
};

class StepsTabView : public DocumentView {
public:
    explicit StepsTabView(StepView* view) : m_view(view) {}
    QWidget* widget() override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    bool pageKey(int direction) override;  // the previous or next step, as the README says

private:
    HeadIndex shownHead() const;
    StepView* m_view;
};

}  // namespace headmap::ui
