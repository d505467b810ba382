#pragma once
// What every tab of the main window is to the document: something that shows part of it. The
// main window registers each view once (MainWindow::addView) and forwards every change of the
// document to the views; a view reads what it needs from the document and asks it, through
// the document's setters, to change the view state. Adding a view is one class and one
// registration, with no other edit to the window.

#include <QString>

#include "AttentionDocument.h"

class QWidget;

namespace headmap::ui {

class DocumentView {
public:
    virtual ~DocumentView() = default;

    // The widget that goes into the tab.
    virtual QWidget* widget() = 0;
    // Brings the view up to date. `shown`: the view is the current tab; a hidden view may skip
    // heavy work and catch up when shown (it is called again with kEverything then).
    virtual void documentChanged(AttentionDocument& document, DocumentChanges changes, bool shown) = 0;
    // The producers of the derived data the view draws from (derived/DerivedData.h); the
    // document computes their results while the view is shown.
    virtual DerivedNeeds needs() const { return {}; }
    // PageUp (-1) / PageDown (+1) while the view is the current tab: true when the view used
    // them (the walk-through moves its step); false leaves them to the window (the next head).
    virtual bool pageKey(int direction) { (void)direction; return false; }
    // What the view says while the document works for it (e.g. "Computing…"), or empty.
    virtual QString busyText(const AttentionDocument& document) const {
        return document.isWorking() ? document.busyText() : QString();
    }
};

}  // namespace headmap::ui
