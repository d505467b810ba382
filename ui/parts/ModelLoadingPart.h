#pragma once
// A part of the main window: which model is open. It owns the model list (ModelChooser), the
// Open folder… button, the teaching model's knobs (TeachingOptionsPanel), the status bar's
// description of the model and the Hub download dialogs, and keeps the recent models in the
// settings. Models open in the background (AttentionDocument::openModel); the list always
// names what is loaded, or nothing, never the model a failed load asked for.

#include <functional>
#include <optional>

#include <QObject>

class QLabel;
class QMainWindow;
class QPushButton;

namespace headmap::ui {

struct AppSettings;
class AttentionDocument;
class ModelChooser;
class TeachingOptionsPanel;
}  // namespace headmap::ui
namespace headmap {
struct TeachingOptions;
}
namespace headmap::ui {


class ModelLoadingPart : public QObject {
    Q_OBJECT
public:
    // presenting: whether presentation mode is on (the knobs are hidden then).
    ModelLoadingPart(AttentionDocument* document, QMainWindow* window, AppSettings* settings,
                     std::function<bool()> presenting);

    ModelChooser* chooser() const { return m_chooser; }
    QPushButton* openFolderButton() const { return m_openFolder; }
    TeachingOptionsPanel* teachingPanel() const { return m_teachingPanel; }
    QLabel* modelLabel() const { return m_modelLabel; }  // goes into the status bar

    void openModel(const QString& spec);  // a folder, file, Hub id or builtin: name
    void openFolderWithDialog();
    void openDownloadDialog();
    // File › Memory for converted weights…: asks (WeightMemoryDialog), remembers the answer and
    // reopens the open model when its weights convert on read.
    void chooseWeightMemory();
    void setWeightMemory(std::optional<qint64> budget);
    // The list and the knobs as the loaded model says (after a failed load, a switch of
    // presentation mode).
    void showLoadedModel();
    // Downloads still going on in `old`'s dialogs (a window rebuilt in another language) now
    // open their model here.
    void takeOver(ModelLoadingPart& old);

signals:
    void message(const QString& text, int timeoutMs);  // for the status bar
    void error(const QString& text);  // refused teaching options: for the banner

private:
    void describeModel();  // the label, the title, the list and the knobs
    void onTeachingOptionsChanged(const TeachingOptions& options);

    AttentionDocument* m_document;
    QMainWindow* m_window;
    AppSettings* m_settings;
    std::function<bool()> m_presenting;
    ModelChooser* m_chooser;
    QPushButton* m_openFolder;
    TeachingOptionsPanel* m_teachingPanel;
    QLabel* m_modelLabel;
};

}  // namespace headmap::ui
