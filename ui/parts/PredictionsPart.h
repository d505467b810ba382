#pragma once
// A part of the main window: what the model predicts, in a panel docked beside the tabs, with
// its toggle (a button in the status bar, View › Predictions, F8), and switching heads off from
// the grid, the panel and the walk-through's last page. It owns the panel, the dock and the
// button; everything it shows comes from the document, and everything it changes goes to it.

#include <QObject>

#include "ViewState.h"

class QDockWidget;
class QMainWindow;
class QToolButton;

namespace headmap::ui {

class AttentionDocument;
class HeadGridView;
class PredictionPanel;
class StepView;

class PredictionsPart : public QObject {
    Q_OBJECT
public:
    // Docks the panel (hidden) on the window's right and puts the button in its status bar.
    PredictionsPart(AttentionDocument* document, QMainWindow* window);

    PredictionPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    QToolButton* button() const { return m_button; }

    // The heads the grid switches off, and the walk-through's Predict and Ablate pages.
    void connectGrid(HeadGridView* grid);
    void connectSteps(StepView* steps);

signals:
    void message(const QString& text, int timeoutMs);  // for the status bar

private:
    void onDocumentChanged(DocumentChanges changes);
    void showPredictions();
    void setTarget(int id, const QString& text);

    AttentionDocument* m_document;
    PredictionPanel* m_panel;
    QDockWidget* m_dock;
    QToolButton* m_button;
};

}  // namespace headmap::ui
