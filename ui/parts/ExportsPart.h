#pragma once
// A part of the main window: File › Export image, Export data and Export every head. The
// current tab says what its figure is (DocumentView::figure); this part chooses the file, writes
// it (a figure on a worker thread, so the window never waits) and says how it went in the status
// bar. Like every action of the window, each returns the message it showed, empty on success;
// work that goes on in the background ends with exportFinished carrying the same message.

#include <functional>
#include <memory>

#include <QObject>
#include <QPointer>

class QMainWindow;

namespace headmap::ui {

class AttentionDocument;
class DocumentView;
class Figure;

class ExportsPart : public QObject {
    Q_OBJECT
public:
    // currentView: the tab on show (null: none); the part asks it for its figure.
    ExportsPart(AttentionDocument* document, QMainWindow* window, std::function<DocumentView*()> currentView);

    QString exportCurrentView(const QString& path, double scale = 2.0);
    // The same without holding up the window: the figure is taken from the view here and drawn
    // and written on a worker thread. The statistics table, a widget, is drawn here, as is the
    // message when there is nothing to export (then false: nothing started, exportFinished sent).
    bool exportCurrentViewInBackground(const QString& path, double scale = 2.0);
    QString exportData(const QString& path);
    QString exportAllHeads(const QString& folder, const QString& format);

    void exportViewWithDialog();
    void exportDataWithDialog();
    void exportAllWithDialog();

    // Exports still running in `old` (a window rebuilt in another language) report here.
    void takeOver(ExportsPart& old);

signals:
    // An export of exportCurrentViewInBackground is over; error empty: the file is written.
    void exportFinished(const QString& path, const QString& error);

private:
    QString writeHere(const Figure* figure, DocumentView* view, const QString& path, double scale);
    void showMessage(const QString& message);

    AttentionDocument* m_document;
    QMainWindow* m_window;
    std::function<DocumentView*()> m_currentView;
    // Where the results of background exports go: this part, or the one that took over from it.
    std::shared_ptr<QPointer<ExportsPart>> m_reportTo = std::make_shared<QPointer<ExportsPart>>(this);
};

}  // namespace headmap::ui
