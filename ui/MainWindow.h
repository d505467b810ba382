#pragma once
// The main window wires the document to its views (tabs/ViewTable.h) and its parts (parts/:
// model loading, view controls, exports, sessions, predictions, typing, classroom, presentation);
// it computes nothing itself. Menus and shortcuts are in MainWindow_Menus.cpp, progress and
// errors in MainWindow_Feedback.cpp, a rebuilt window's take-over in MainWindow_TakeOver.cpp.

#include <memory>
#include <vector>

#include <QMainWindow>
#include <QPointer>

#include "AppSettings.h"
#include "DocumentView.h"
#include "ViewState.h"
#include "Session.h"
#include "parts/TypingUpdates.h"
#include "tabs/ViewTable.h"
#include "teaching/TeachingModel.h"

class QCheckBox;
class QComboBox;
class QDockWidget;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QToolButton;
class QSpinBox;
class QTimer;
class QTabWidget;
class QAction;

namespace headmap::ui {

class AttentionDocument;
class Figure;
class DocumentView;
class ErrorBanner;
class ClassroomPart;
class ComparisonView;
class HeadGridView;
class HeatmapView;
class LinesView;
class ModelChooser;
class PredictionPanel;
class ExportsPart;
class ModelLoadingPart;
class PredictionsPart;
class SessionsPart;
class PresentationMode;
class RolloutView;
class StatisticsView;
class StepView;
class TeachingOptionsPanel;
class TokenPairView;
class LanguagePart;
class TargetTextPart;
class ViewControls;

class MainWindow : public QMainWindow, public ViewHost {
    Q_OBJECT
public:
    // The tabs, in the order of tabs/ViewTable.h.
#define HEADMAP_VIEW_TAB(name, type, tab) tab,
    enum Tab { HEADMAP_VIEW_TABLE(HEADMAP_VIEW_TAB) };
#undef HEADMAP_VIEW_TAB

    explicit MainWindow(AttentionDocument* document, QWidget* parent = nullptr);
    ~MainWindow() override;

    AttentionDocument* document() const { return m_document; }
    QLineEdit* sentenceEdit() const { return m_sentence; }
    QLineEdit* pairEdit() const { return m_pair; }
    // The multi-line text box for long texts (toggled with the ¶ button or by opening a file).
    QPlainTextEdit* longTextEdit() const { return m_longText; }
    QToolButton* longTextButton() const { return m_longTextButton; }
    bool isLongTextShown() const;
    void setLongTextShown(bool shown);
    // The text the Run button runs: the sentence field's or the long text box's.
    QString currentText() const;
    // Reads a UTF-8 text file into the long text box and runs it; returns an error or "".
    QString openTextFile(const QString& path);
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    ErrorBanner* errorBanner() const { return m_banner; }
    // Encoder–decoder models only: Encoder · Decoder · Cross-attention (parts/ViewControls).
    QComboBox* stackBox() const;
    // Encoder–decoder models only: the generated or typed target (parts/TargetTextPart).
    TargetTextPart* targetPart() const { return m_target; }
    // Multilingual translation models: the source and target languages (parts/LanguagePart).
    LanguagePart* languagePart() const { return m_languages; }
    QSpinBox* layerBox() const;
    QSpinBox* headBox() const;
    QComboBox* colormapBox() const;
    QComboBox* scaleBox() const;
    QCheckBox* hideSpecialBox() const;
    QCheckBox* valuesBox() const;
    QCheckBox* wordsBox() const;
    // The line under the views: the legend of the label marks, or the hovered tokens' pieces.
    QLabel* tokenInfo() const { return m_tokenInfo; }
    ModelChooser* modelChooser() const;
    QTabWidget* tabs() const { return m_tabs; }
    // The views (tabs/ViewTable.h), in tab order, and one of them by its class.
    const std::vector<std::unique_ptr<DocumentView>>& views() const { return m_views; }
    template <class View>
    View* viewOf() const {
        for (const auto& view : m_views)
            if (auto* found = dynamic_cast<View*>(view.get()))
                return found;
        return nullptr;
    }
    // The widgets of the views the window's own controls reach (search, zoom, predictions).
    HeatmapView* heatmap() const;
    HeadGridView* grid() const;
    ComparisonView* comparison() const;
    StatisticsView* statistics() const;
    RolloutView* rollout() const;
    StepView* stepView() const;
    LinesView* linesView() const;
    TokenPairView* tokenPairView() const;
    const AppSettings& settings() const { return m_settings; }
    TeachingOptionsPanel* teachingPanel() const;
    // Predictions and ablation (parts/PredictionsPart): the panel in its dock and its toggle;
    // the choice of measure (weights, or weight × value norm, parts/ViewControls).
    PredictionPanel* predictionPanel() const;
    QDockWidget* predictionDock() const;
    QToolButton* predictionsButton() const;
    QComboBox* measureBox() const;
    QLabel* modelLabel() const;  // the status bar's model description (parts/ModelLoadingPart)
    QLabel* headNote() const;  // the named head's note (parts/ClassroomPart)
    // View > Update while typing (parts/TypingUpdates): checked, a decoder reruns the
    // sentence a moment after each edit, computing only the tokens after the unchanged start.
    QAction* updateWhileTypingAction() const { return m_typingAction; }
    static constexpr int kTypingDelayMs = TypingUpdates::kDelayMs;

    // Classroom (parts/ClassroomPart, parts/PresentationMode): built-in example sentences, presentation mode.
    static QStringList exampleSentences();
    void showExample(int index);
    void setPresentationMode(bool on);
    bool isPresentationMode() const;

    // File › Export (parts/ExportsPart): the current view as an image, the data, every head.
    // Each returns the message it showed in the status bar, empty on success;
    // exportCurrentViewInBackground returns whether a worker started and ends with exportFinished.
    QString exportCurrentView(const QString& path, double scale = 2.0);
    bool exportCurrentViewInBackground(const QString& path, double scale = 2.0);
    QString exportData(const QString& path);
    QString exportAllHeads(const QString& folder, const QString& format);

    // In the background (parts/ModelLoadingPart); errors go to the banner and status bar.
    void openModel(const QString& spec);

    // Sessions (parts/SessionsPart): what is on screen, saved to and restored from a .headmap
    // file. Each returns the message it showed, empty on success; the model of an opened
    // session opens in the background and the rest follows it.
    Session currentSession() const;
    QString saveSessionTo(const QString& path);
    QString openSessionFrom(const QString& path);
    int selectedToken() const;
    // The walk-through's step, or a step asked for before its page exists (0 before any).
    int currentStep() const;
    void setCurrentStep(int step);
    // The window's own errors (a file it could not read): the banner and the status bar.
    void showError(const QString& message);

    // A window's texts are set when it is built, so a new language takes a new window over the
    // same document (MainWindowHost). It keeps this of the one it replaces: the texts typed, the
    // tab, the step, the views' own choices (heatmap zoom and search, token pair, rollout layer,
    // lines), the session file (also one still waiting for its model), a download in progress
    // and the report of an export still running. The document keeps the model, trace, head,
    // selection and colours; the settings keep the geometry and docks.
    void takeOverFrom(MainWindow& old);
    // What closing the window remembers for the next start: geometry, docks, settings.
    void saveWindowSettings();

signals:
    // An export started by exportCurrentViewInBackground is over; error empty: the file is written.
    void exportFinished(const QString& path, const QString& error);
    // View › Language chose a language (a code of availableLanguages()) other than the one
    // installed; the choice is already saved. The window's owner rebuilds it in that language.
    void languageChosen(const QString& code);

public:
    // ViewHost: what the views ask of the window.
    void showView(const QString& name) override;
    void showStatus(const QString& message, int timeoutMs = 0) override;
    void showTokenDetails(int shownQuery, int shownKey) override;
    void showText(const QString& text) override;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    DocumentView* currentView() const;
    QWidget* buildControls();
    void buildMenus();  // MainWindow_Menus.cpp
    void buildLanguageMenu(QMenu* menu);  // View › Language: System, English, Dansk, 简体中文
    void pageKey(int direction);  // PageUp (-1) / PageDown (+1): the current tab's, else the head
    void findToken();             // Ctrl+F from anywhere: the heatmap's search box
    void connectDocument();
    void connectViews();

    // Makes the tabs of tabs/ViewTable.h; the window forwards every change of the document to them.
    void addViews();
    void onDocumentChanged(DocumentChanges changes);
    void onModelChanged();
    void onTraceChanged();
    void showBusy();      // MainWindow_Feedback.cpp: progress, Cancel, status text
    void showDocumentError();
    void runSentence();
    void openTextFileWithDialog();
    void showShortcuts();
    void changeFontSize(double delta);


    void buildPredictions();

    void buildTypingUpdates();


    AttentionDocument* m_document;
    AppSettings m_settings;
    QLineEdit* m_sentence;
    QLineEdit* m_pair;
    QLabel* m_tokenInfo;
    QStringList m_tokenDetails;  // per token of the trace shown: raw piece, bytes, character
    QStringList m_keyDetails;  // the same for the keys: the source's tokens in cross-attention
    QTabWidget* m_tabs;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    ErrorBanner* m_banner;
    QPlainTextEdit* m_longText;
    QToolButton* m_longTextButton;
    std::vector<std::unique_ptr<DocumentView>> m_views;  // in tab order
    std::vector<DocumentChanges> m_unseen;  // per view: changes it has not been shown yet
    PredictionsPart* m_predictions = nullptr;  // a part: the prediction panel and switching heads off
    QAction* m_typingAction = nullptr;
    TypingUpdates* m_typing = nullptr;  // a part: the reruns while typing
    PresentationMode* m_presentationMode;  // a part: full screen, large, high contrast
    ExportsPart* m_exports;    // a part: File › Export
    SessionsPart* m_sessions;  // a part: File › Save and Open session
    ModelLoadingPart* m_models;
    ViewControls* m_controls;
    TargetTextPart* m_target;
    LanguagePart* m_languages;
    ClassroomPart* m_classroom;  // a part: examples, the named head's note, presentation keys  // a part: layer, head, colours, scale, measure…  // a part: the model list, Open folder, the teaching knobs
    QString m_busyStatus;  // the status text showBusy put up, cleared when work ends
};

}  // namespace headmap::ui
