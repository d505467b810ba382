#pragma once
// What the model predicts, beside the views: the top-k tokens at one position as bars, a
// temperature control (0 = the most likely token only … 2), and, while heads are switched off,
// the top-k before and after, the probability change of a chosen target token and the KL
// divergence between the two distributions. It shows what it is given (PredictionResult) and
// says what the user asks for through signals; the main window wires it to the document.

#include <memory>
#include <vector>

#include <QWidget>

#include "ViewState.h"
#include "predictions/PredictionResult.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSlider;

namespace headmap::ui {

class PredictionBars;

class PredictionPanel : public QWidget {
    Q_OBJECT
public:
    explicit PredictionPanel(QWidget* parent = nullptr);

    // The model cannot predict: says why (e.g. "the checkpoint has no cls.predictions.* weights").
    void setUnavailable(const QString& message);
    // Shown while there is no result (computing, no sentence yet).
    void setPending(const QString& message);
    void setResult(std::shared_ptr<const PredictionResult> result);
    // The controls as the settings say, without emitting anything.
    void setSettings(const PredictionSettings& settings);
    // The heads switched off, listed with a Clear button.
    void setAblations(const std::vector<HeadAblation>& ablations);

    std::shared_ptr<const PredictionResult> result() const { return m_result; }
    QLabel* statusLabel() const { return m_status; }
    QDoubleSpinBox* temperatureBox() const { return m_temperature; }
    QSlider* temperatureSlider() const { return m_slider; }
    PredictionBars* beforeBars() const { return m_before; }
    PredictionBars* afterBars() const { return m_after; }  // the only list without ablations
    QLineEdit* targetEdit() const { return m_targetEdit; }
    QLabel* targetLabel() const { return m_targetLabel; }
    QLabel* klLabel() const { return m_klLabel; }
    QListWidget* ablationList() const { return m_ablationList; }
    QPushButton* clearButton() const { return m_clear; }

signals:
    void temperatureChanged(float temperature);
    void targetChosen(int tokenId, const QString& label);  // -1: none
    void targetTyped(const QString& text);  // the window finds the token id
    void ablationsCleared();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitTargetWidth();
    void showResult();
    void setTemperatureControls(float temperature);

    std::shared_ptr<const PredictionResult> m_result;
    QLabel* m_status;
    QWidget* m_body;  // everything but the status, hidden when the model cannot predict
    QDoubleSpinBox* m_temperature;
    QSlider* m_slider;
    PredictionBars* m_before;
    PredictionBars* m_after;
    QLineEdit* m_targetEdit;
    QLabel* m_targetLabel;
    QLabel* m_klLabel;
    QWidget* m_ablationBox;
    QListWidget* m_ablationList;
    QPushButton* m_clear;
    int m_target = -1;
};

// "L3 H1", with " (mean)" for mean ablation: how the panel and the grid name a switched-off head.
QString ablationText(const HeadAblation& ablation);

}  // namespace headmap::ui
