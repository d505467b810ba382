#pragma once
// The main window wires the document to its views; it computes nothing itself.

#include <QMainWindow>

class QLineEdit;
class QSpinBox;
class QLabel;
class QProgressBar;

namespace headmap::ui {

class AttentionDocument;
class HeatmapView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AttentionDocument* document, QWidget* parent = nullptr);

    AttentionDocument* document() const { return m_document; }
    QLineEdit* sentenceEdit() const { return m_sentence; }
    QSpinBox* layerBox() const { return m_layerBox; }
    QSpinBox* headBox() const { return m_headBox; }
    HeatmapView* heatmap() const { return m_heatmap; }

private:
    void onModelChanged();
    void showSelection();
    void showError(const QString& message);

    AttentionDocument* m_document;
    QLineEdit* m_sentence;
    QSpinBox* m_layerBox;
    QSpinBox* m_headBox;
    HeatmapView* m_heatmap;
    QLabel* m_modelLabel;
    QProgressBar* m_progress;
};

}  // namespace headmap::ui
