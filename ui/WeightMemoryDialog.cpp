#include "WeightMemoryDialog.h"

#include <cmath>

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

#include "model/ConvertedWeightBudget.h"

namespace headmap::ui {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

}  // namespace

WeightMemoryDialog::WeightMemoryDialog(std::optional<qint64> budget, QWidget* parent)
    : QDialog(parent),
      m_half(new QRadioButton(tr("Half of the memory available when a model opens (now %1)")
                                  .arg(memorySizeText(defaultConvertedWeightBudget())))),
      m_limit(new QRadioButton(tr("At most"))),
      m_none(new QRadioButton(tr("None: convert a layer at a time on every run (least memory, slowest)"))),
      m_limitGb(new QDoubleSpinBox) {
    setWindowTitle(tr("Memory for converted weights"));
    auto* explanation = new QLabel(
        tr("Models stored as BF16, F16 or GGUF are converted to 32-bit floats to compute. Keeping the "
           "converted weights makes every run after the first as fast as with F32 weights; a model "
           "larger than this memory keeps what fits and converts the rest a layer at a time. "
           "Takes effect when a model is opened (the open model is reopened)."));
    explanation->setWordWrap(true);
    m_limitGb->setRange(0.1, 4096.0);
    m_limitGb->setDecimals(1);
    m_limitGb->setSingleStep(0.5);
    m_limitGb->setSuffix(tr(" GB"));
    auto* group = new QButtonGroup(this);
    for (QRadioButton* button : {m_half, m_limit, m_none})
        group->addButton(button);
    if (!budget) {
        m_half->setChecked(true);
        m_limitGb->setValue(std::round(double(defaultConvertedWeightBudget()) / kGiB * 10.0) / 10.0);
    } else if (*budget == 0) {
        m_none->setChecked(true);
        m_limitGb->setValue(4.0);
    } else {
        m_limit->setChecked(true);
        m_limitGb->setValue(double(*budget) / kGiB);
    }
    m_limitGb->setEnabled(m_limit->isChecked());
    connect(m_limit, &QRadioButton::toggled, m_limitGb, &QWidget::setEnabled);

    auto* limitRow = new QHBoxLayout;
    limitRow->addWidget(m_limit);
    limitRow->addWidget(m_limitGb);
    limitRow->addStretch();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explanation);
    layout->addWidget(m_half);
    layout->addLayout(limitRow);
    layout->addWidget(m_none);
    layout->addWidget(buttons);
}

std::optional<qint64> WeightMemoryDialog::budget() const {
    if (m_none->isChecked())
        return qint64(0);
    if (m_limit->isChecked())
        return qint64(std::llround(m_limitGb->value() * kGiB));
    return std::nullopt;
}

}  // namespace headmap::ui
