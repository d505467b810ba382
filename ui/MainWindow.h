#pragma once
// The main window wires the document to its views and controls; it computes nothing itself.
// The Export menu lives in MainWindow_Export.cpp, menus and shortcuts in MainWindow_Menus.cpp.

#include <QMainWindow>

#include "AppSettings.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;
class QTabWidget;

namespace headmap::ui {

class AttentionDocument;
class ComparisonView;
class HeadGridView;
class HeatmapView;
class ModelChooser;
class RolloutView;
class StatisticsView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum Tab { HeatmapTab, GridTab, CompareTab, StatisticsTab, RolloutTab };

    explicit MainWindow(AttentionDocument* document, QWidget* parent = nullptr);

    AttentionDocument* document() const { return m_document; }
    QLineEdit* sentenceEdit() const { return m_sentence; }
    QLineEdit* pairEdit() const { return m_pair; }
    QSpinBox* layerBox() const { return m_layerBox; }
    QSpinBox* headBox() const { return m_headBox; }
    QComboBox* colormapBox() const { return m_colormapBox; }
    QComboBox* scaleBox() const { return m_scaleBox; }
    QCheckBox* hideSpecialBox() const { return m_hideSpecialBox; }
    QCheckBox* valuesBox() const { return m_valuesBox; }
    ModelChooser* modelChooser() const { return m_modelChooser; }
    QTabWidget* tabs() const { return m_tabs; }
    HeatmapView* heatmap() const { return m_heatmap; }
    HeadGridView* grid() const { return m_grid; }
    ComparisonView* comparison() const { return m_comparison; }
    StatisticsView* statistics() const { return m_statistics; }
    RolloutView* rollout() const { return m_rollout; }
    const AppSettings& settings() const { return m_settings; }

    // The export actions without their file dialogs; each returns an empty string on success,
    // else the message it also shows in the status bar.
    QString exportCurrentView(const QString& path, double scale = 2.0);
    QString exportData(const QString& path);
    QString exportAllHeads(const QString& folder, const QString& format);

    void openModel(const QString& spec);  // in the background; errors go to the status bar

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* buildControls();
    void buildMenus();  // MainWindow_Menus.cpp
    void connectDocument();
    void connectViews();

    void onModelChanged();
    void onTraceChanged();
    void showSelection();
    void applyStyle();
    void showError(const QString& message);
    void runSentence();
    void changeFontSize(double delta);

    void exportViewWithDialog();     // MainWindow_Export.cpp
    void exportDataWithDialog();
    void exportAllWithDialog();
    void openFolderWithDialog();

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
    QTabWidget* m_tabs;
    HeatmapView* m_heatmap;
    HeadGridView* m_grid;
    ComparisonView* m_comparison;
    StatisticsView* m_statistics;
    RolloutView* m_rollout;
    QLabel* m_modelLabel;
    QProgressBar* m_progress;
};

}  // namespace headmap::ui
