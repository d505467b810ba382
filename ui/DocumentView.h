#pragma once
// What every tab of the main window is to the document: something that shows part of it. Each
// view is one class, registered by one line in tabs/ViewTable.h; the window makes the views from
// that table and forwards every change of the document to them. A view reads what it needs from
// the document and asks it, through the document's setters, to change the view state; what it
// asks of the window (show another tab, a status message, the hovered tokens) goes through
// ViewHost. Its title, its figure for File › Export image, what a session keeps of it and what a
// window rebuilt in another language takes over from it are the view's own, so adding a view
// edits no other class.

#include <memory>

#include <QString>

#include "AttentionDocument.h"
#include "figures/Figure.h"

class QWidget;

namespace headmap::ui {

struct Session;

// What a view may ask of the window that shows it.
class ViewHost {
public:
    virtual ~ViewHost() = default;
    // Brings the view registered under `name` (tabs/ViewTable.h) to the front.
    virtual void showView(const QString& name) = 0;
    virtual void showStatus(const QString& message, int timeoutMs = 0) = 0;
    // The line under the views: the pieces of the hovered cell's tokens (indices among the
    // tokens shown), or -1, -1 for the legend.
    virtual void showTokenDetails(int shownQuery, int shownKey) = 0;
    // Puts a text a view runs on the document (the Head roles view opening a corpus document)
    // into the window's text field, so that the field says what is shown; runs nothing.
    virtual void showText(const QString& text) { (void)text; }
};

class DocumentView {
public:
    virtual ~DocumentView() = default;

    // The widget that goes into the tab, and the tab's title (translated, with its accelerator).
    virtual QWidget* widget() = 0;
    virtual QString title() const = 0;
    // Connects the view's own controls to the document and the host; called once, after the
    // window has made every view.
    virtual void connectTo(AttentionDocument& document, ViewHost& host) { (void)document; (void)host; }
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

    // What File › Export image writes: the view as a figure (figures/), without selection or
    // hover; null when there is nothing to export yet. A view that is a plain widget (the
    // statistics table) says so with exportsWidget() and is drawn as it is on screen.
    virtual std::unique_ptr<Figure> figure(const AttentionDocument& document) const {
        (void)document;
        return nullptr;
    }
    virtual bool exportsWidget() const { return false; }

    // What a session file keeps of the view beyond the document's state (the walk-through's step).
    virtual void saveTo(Session& session) const { (void)session; }
    virtual void restoreFrom(const Session& session) { (void)session; }
    // A window rebuilt in another language takes over the view's own choices (zoom, search,
    // sort order, pinned tokens) from `old`, the same view of the window it replaces.
    virtual void takeOver(DocumentView& old) { (void)old; }
};

}  // namespace headmap::ui
