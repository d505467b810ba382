#pragma once
// The built-in teaching model's knobs (d_model, heads, layers, seed, causal mask), so a class can
// watch attention change as the model changes. Shown only while builtin:teaching is loaded.

#include <QTimer>
#include <QWidget>

#include "teaching/TeachingModel.h"

class QCheckBox;
class QSpinBox;

namespace headmap::ui {

class TeachingOptionsPanel : public QWidget {
    Q_OBJECT
public:
    explicit TeachingOptionsPanel(QWidget* parent = nullptr);

    void setOptions(const TeachingOptions& options);  // without emitting optionsChanged
    TeachingOptions options() const;

    QSpinBox* dModelBox() const { return m_dModel; }
    QSpinBox* headsBox() const { return m_heads; }
    QSpinBox* layersBox() const { return m_layers; }
    QSpinBox* seedBox() const { return m_seed; }
    QCheckBox* causalBox() const { return m_causal; }

signals:
    // After a short pause, so typing "128" does not build three models.
    void optionsChanged(const headmap::TeachingOptions& options);

private:
    QSpinBox* m_dModel;
    QSpinBox* m_heads;
    QSpinBox* m_layers;
    QSpinBox* m_seed;
    QCheckBox* m_causal;
    QTimer m_debounce;
    TeachingOptions m_base;  // keeps the options this panel does not show
};

}  // namespace headmap::ui
