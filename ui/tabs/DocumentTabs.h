#pragma once
// The main window's tabs as DocumentViews (registered in tabs/ViewTable.h): each makes one
// widget, brings it up to date with the document, connects its controls to the document and
// says what it exports. The widgets themselves know nothing of the document (they are tested
// and exported alone); these classes are the only place that says which part of the document
// each one shows.

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
    HeatmapTabView();
    HeatmapView* heatmap() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    // Brings the heads into the view; past a few hundred tokens in a worker (HeadLoader).
    HeadLoader* loader() const { return m_loader; }

private:
    HeatmapView* m_view;
    HeadLoader* m_loader;  // a child of m_view
};

class GridTabView : public DocumentView {
public:
    GridTabView();
    HeadGridView* grid() const { return m_view; }
    QWidget* widget() override;  // the grid in a scroll area: past its minimum size it scrolls
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
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
    CompareTabView();
    ComparisonView* comparison() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
    void saveTo(Session& session) const override;
    void restoreFrom(const Session& session) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;

private:
    ComparisonView* m_view;
    QScrollArea* m_scroll;  // the view, scrolling when the tab is smaller than its controls
};

class StatisticsTabView : public DocumentView {
public:
    StatisticsTabView();
    StatisticsView* statistics() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    bool exportsWidget() const override { return true; }  // a table, drawn as on screen
    void takeOver(DocumentView& old) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    DerivedNeeds needs() const override;

private:
    StatisticsView* m_view;
};

class RolloutTabView : public DocumentView {
public:
    RolloutTabView();
    RolloutView* rollout() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    DerivedNeeds needs() const override;

private:
    RolloutView* m_view;
};

class StepsTabView : public DocumentView {
public:
    StepsTabView();
    StepView* steps() const { return m_view; }
    QWidget* widget() override;
    QString title() const override;
    void connectTo(AttentionDocument& document, ViewHost& host) override;
    std::unique_ptr<Figure> figure(const AttentionDocument& document) const override;
    void takeOver(DocumentView& old) override;
    void saveTo(Session& session) const override;
    void restoreFrom(const Session& session) override;
    void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) override;
    bool pageKey(int direction) override;  // the previous or next step, as the README says

private:
    HeadIndex shownHead() const;
    StepView* m_view;
};

}  // namespace headmap::ui
