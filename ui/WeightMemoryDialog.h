#pragma once
// File › Memory for converted weights…: how much memory a model whose weights are stored as
// BF16, F16 or GGUF may use to keep them converted to F32 (#40, formats/KeepingCheckpoint.h).
// Three choices: half of the memory available when a model opens (the default), at most a
// given size, or none (every forward pass converts a layer at a time: least memory, slowest).

#include <optional>

#include <QDialog>

class QDoubleSpinBox;
class QRadioButton;

namespace headmap::ui {

class WeightMemoryDialog : public QDialog {
    Q_OBJECT
public:
    // budget: bytes, or unset for the default (half of the memory available).
    explicit WeightMemoryDialog(std::optional<qint64> budget, QWidget* parent = nullptr);

    std::optional<qint64> budget() const;

    QRadioButton* halfButton() const { return m_half; }
    QRadioButton* limitButton() const { return m_limit; }
    QRadioButton* noneButton() const { return m_none; }
    QDoubleSpinBox* limitBox() const { return m_limitGb; }

private:
    QRadioButton* m_half;
    QRadioButton* m_limit;
    QRadioButton* m_none;
    QDoubleSpinBox* m_limitGb;
};

}  // namespace headmap::ui
