#pragma once
// The main window wires the document to its views and controls; it computes nothing itself.
// The Export menu lives in MainWindow_Export.cpp, menus and shortcuts in MainWindow_Menus.cpp.

#include <memory>
#include <vector>

#include <QMainWindow>
#include <QPointer>

#include "AppSettings.h"
#include "ViewState.h"
#include "Session.h"
#include "parts/TypingUpdates.h"
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
class ComparisonView;
class HeadGridView;
class HeatmapView;
class LinesView;
class ModelChooser;
class PredictionPanel;
class PredictionsPart;
class PresentationMode;
class RolloutView;
class StatisticsView;
class StepView;
class TeachingOptionsPanel;
class TokenPairView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // In the order of Session::viewNames().
    enum Tab { HeatmapTab, GridTab, CompareTab, StatisticsTab, RolloutTab, StepsTab, LinesTab, TokenPairTab };

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
    QSpinBox* layerBox() const { return m_layerBox; }
    QSpinBox* headBox() const { return m_headBox; }
    QComboBox* colormapBox() const { return m_colormapBox; }
    QComboBox* scaleBox() const { return m_scaleBox; }
    QCheckBox* hideSpecialBox() const { return m_hideSpecialBox; }
    QCheckBox* valuesBox() const { return m_valuesBox; }
    QCheckBox* wordsBox() const { return m_wordsBox; }
    // The line under the views: the legend of the label marks, or the hovered tokens' pieces.
    QLabel* tokenInfo() const { return m_tokenInfo; }
    ModelChooser* modelChooser() const { return m_modelChooser; }
    QTabWidget* tabs() const { return m_tabs; }
    HeatmapView* heatmap() const { return m_heatmap; }
    HeadGridView* grid() const { return m_grid; }
    ComparisonView* comparison() const { return m_comparison; }
    StatisticsView* statistics() const { return m_statistics; }
    RolloutView* rollout() const { return m_rollout; }
    StepView* stepView() const { return m_stepView; }
    LinesView* linesView() const { return m_lines; }
    TokenPairView* tokenPairView() const { return m_tokenPair; }
    const AppSettings& settings() const { return m_settings; }
    TeachingOptionsPanel* teachingPanel() const { return m_teachingPanel; }
    // Predictions and ablation (parts/PredictionsPart): the panel in its dock and its toggle;
    // the choice of measure (weights, or weight × value norm, MainWindow_Predictions.cpp).
    PredictionPanel* predictionPanel() const;
    QDockWidget* predictionDock() const;
    QToolButton* predictionsButton() const;
    QComboBox* measureBox() const { return m_measureBox; }
    QLabel* modelLabel() const { return m_modelLabel; }  // the status bar's model description
    QLabel* headNote() const { return m_headNote; }
    // View > Update while typing (parts/TypingUpdates): checked, a decoder reruns the
    // sentence a moment after each edit, computing only the tokens after the unchanged start.
    QAction* updateWhileTypingAction() const { return m_typingAction; }
    static constexpr int kTypingDelayMs = TypingUpdates::kDelayMs;

    // Classroom (MainWindow_Classroom.cpp): built-in example sentences, presentation mode.
    static QStringList exampleSentences();
    void showExample(int index);
    void setPresentationMode(bool on);
    bool isPresentationMode() const;

    // The export actions without their file dialogs; each returns an empty string on success,
    // else the message it also shows in the status bar.
    QString exportCurrentView(const QString& path, double scale = 2.0);
    // The same without holding up the window (File › Export image…): the figure is taken from the
    // view here and drawn and written on a worker thread, a few hundred milliseconds at thousands
    // of tokens; the status bar says "Exporting…" until exportFinished. The statistics table, a
    // widget, is drawn here, as is the message when there is nothing to export (then false).
    bool exportCurrentViewInBackground(const QString& path, double scale = 2.0);
    QString exportData(const QString& path);
    QString exportAllHeads(const QString& folder, const QString& format);

    void openModel(const QString& spec);  // in the background; errors go to the banner and status bar

    // Sessions (MainWindow_Session.cpp): what is on screen, saved to and restored from a
    // .headmap file. Each returns an empty string on success, else the message it shows.
    Session currentSession() const;
    QString saveSessionTo(const QString& path);
    // Reads the file at once (its errors are returned); the model then opens in the background
    // and the rest of the session is applied when it is there (modelChanged).
    QString openSessionFrom(const QString& path);
    int selectedToken() const;
    // The step view's position, or a step asked for before its page exists (0 before any).
    int currentStep() const;
    void setCurrentStep(int step);

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

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The current tab as a figure (null: nothing to export, or the statistics table, which is a
    // widget: *isWidget tells).
    std::unique_ptr<Figure> currentFigure(bool* isWidget) const;
    // Writes what currentFigure gave on this thread and says how it went in the status bar.
    QString writeViewHere(const Figure* figure, bool isWidget, const QString& path, double scale);
    QWidget* buildControls();
    void buildMenus();  // MainWindow_Menus.cpp
    void buildLanguageMenu(QMenu* menu);  // View › Language: System, English, Dansk, 简体中文
    void pageKey(int direction);  // PageUp (-1) / PageDown (+1): the current tab's, else the head
    void findToken();             // Ctrl+F from anywhere: the heatmap's search box
    void connectDocument();
    void connectViews();

    // Registers a tab: the window forwards every change of the document to it.
    void addView(std::unique_ptr<DocumentView> view, const QString& title);
    void onDocumentChanged(DocumentChanges changes);
    void onModelChanged();
    void onTraceChanged();
    void showControls();  // the controls as the document's view state says
    void showBusy();      // MainWindow_Feedback.cpp: progress, Cancel, status text
    void showDocumentError();
    void showError(const QString& message);
    void runSentence();
    void openTextFileWithDialog();
    void showShortcuts();
    void showTokenInfo(int shownQuery, int shownKey);  // -1, -1: the legend
    void changeFontSize(double delta);

    void exportViewWithDialog();     // MainWindow_Export.cpp
    void exportDataWithDialog();
    void exportAllWithDialog();
    void openFolderWithDialog();

    // Applies `session` once the model the document is opening is there (modelChanged).
    void awaitSessionModel(const Session& session, const QString& path);
    void applySession(const Session& session, const QString& path);
    void saveSessionWithDialog();
    void openSessionWithDialog();

    void addMeasureControls(QGridLayout* grid, int row);  // MainWindow_Predictions.cpp
    void buildPredictions();
    void onMeasureChanged(DocumentChanges changes);

    void buildTypingUpdates();

    void buildClassroom();  // MainWindow_Classroom.cpp
    void updateHeadNote();
    void showTeachingPanel();
    void showLoadedModel();  // the chooser and the teaching knobs as the loaded model says
    void onTeachingOptionsChanged(const TeachingOptions& options);

    AttentionDocument* m_document;
    AppSettings m_settings;
    ModelChooser* m_modelChooser;
    QLineEdit* m_sentence;
    QLineEdit* m_pair;
    QSpinBox* m_layerBox;
    QSpinBox* m_headBox;
    QComboBox* m_colormapBox;
    QComboBox* m_scaleBox;
    QCheckBox* m_hideSpecialBox;
    QCheckBox* m_valuesBox;
    QCheckBox* m_wordsBox;
    QLabel* m_tokenInfo;
    QStringList m_tokenDetails;  // per token of the trace shown: raw piece, bytes, character
    QTabWidget* m_tabs;
    HeatmapView* m_heatmap;
    HeadGridView* m_grid;
    ComparisonView* m_comparison;
    StatisticsView* m_statistics;
    RolloutView* m_rollout;
    StepView* m_stepView;
    LinesView* m_lines = nullptr;
    TokenPairView* m_tokenPair = nullptr;
    QLabel* m_modelLabel;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    ErrorBanner* m_banner;
    QPlainTextEdit* m_longText;
    QToolButton* m_longTextButton;
    std::vector<std::unique_ptr<DocumentView>> m_views;  // in tab order
    std::vector<DocumentChanges> m_unseen;  // per view: changes it has not been shown yet
    TeachingOptionsPanel* m_teachingPanel;
    QLabel* m_headNote;
    PredictionsPart* m_predictions = nullptr;  // a part: the prediction panel and switching heads off
    QComboBox* m_measureBox = nullptr;
    QAction* m_typingAction = nullptr;
    TypingUpdates* m_typing = nullptr;  // a part: the reruns while typing
    PresentationMode* m_presentationMode;  // a part: full screen, large, high contrast
    int m_pendingSelection = -1;
    QString m_busyStatus;  // the status text showBusy put up, cleared when work ends  // from a session, applied when its trace arrives
    QString m_sessionPath;
    // Where the results of background exports go: this window, or the one that took over from it.
    std::shared_ptr<QPointer<MainWindow>> m_reportTo = std::make_shared<QPointer<MainWindow>>(this);
    QMetaObject::Connection m_sessionModel;  // a session waiting for its model
    QMetaObject::Connection m_sessionError;
    Session m_awaitedSession;  // that session, and its file
    QString m_awaitedSessionPath;
};

}  // namespace headmap::ui
