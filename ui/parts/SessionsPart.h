#pragma once
// A part of the main window: File › Save session and Open session. A session (Session.h) is
// what is on screen: the model, the texts, the head, selection, view and colours, and what each
// view keeps of its own (DocumentView::saveTo). Opening one opens its model in the background
// like any other and applies the rest when the model is there; a session whose model cannot be
// opened changes nothing. Like every action of the window, each returns the message it showed,
// empty on success.

#include <QMetaObject>
#include <QObject>

#include "Session.h"

namespace headmap::ui {

struct AppSettings;
class AttentionDocument;
class MainWindow;

class SessionsPart : public QObject {
    Q_OBJECT
public:
    SessionsPart(AttentionDocument* document, MainWindow* window, AppSettings* settings);

    Session currentSession() const;
    QString saveSessionTo(const QString& path);
    // Reads the file at once (its errors are returned); the model then opens in the background
    // and the rest of the session is applied when it is there (modelChanged).
    QString openSessionFrom(const QString& path);
    void saveSessionWithDialog();
    void openSessionWithDialog();

    // A window rebuilt in another language takes over the session file, a session still
    // waiting for its model and a selection still waiting for its trace.
    void takeOver(SessionsPart& old);

private:
    void awaitModel(const Session& session, const QString& path);
    void apply(const Session& session, const QString& path);
    void stopAwaiting();
    void onTraceChanged();

    AttentionDocument* m_document;
    MainWindow* m_window;
    AppSettings* m_settings;
    QString m_path;  // the file saved to or opened last: Save proposes it
    int m_pendingSelection = -1;  // from a session, applied when its trace arrives
    QMetaObject::Connection m_awaitModel;  // a session waiting for its model
    QMetaObject::Connection m_awaitError;
    Session m_awaited;  // that session, and its file
    QString m_awaitedPath;
};

}  // namespace headmap::ui
