#include "TeachingOptionsPanel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace headmap::ui {

TeachingOptionsPanel::TeachingOptionsPanel(QWidget* parent)
    : QWidget(parent), m_dModel(new QSpinBox), m_heads(new QSpinBox), m_layers(new QSpinBox),
      m_seed(new QSpinBox), m_causal(new QCheckBox(tr("Causal mask"))) {
    m_dModel->setRange(1, 1024);
    m_heads->setRange(1, 64);
    m_layers->setRange(1, 24);
    m_seed->setRange(0, 1000000);
    m_dModel->setToolTip(tr("Width of every token's vector; must be a multiple of the number of heads"));
    m_heads->setToolTip(tr("Attention heads per layer"));
    m_layers->setToolTip(tr("Encoder blocks"));
    m_seed->setToolTip(tr("Another seed draws other random weights"));
    m_causal->setToolTip(tr("Each token may only attend to itself and earlier tokens, as in GPT"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto add = [&](const QString& text, QWidget* box) {
        auto* label = new QLabel(text);
        label->setBuddy(box);
        layout->addWidget(label);
        layout->addWidget(box);
    };
    layout->addWidget(new QLabel(tr("<b>Teaching model:</b>")));
    add(tr("d_model"), m_dModel);
    add(tr("heads"), m_heads);
    add(tr("layers"), m_layers);
    add(tr("seed"), m_seed);
    layout->addWidget(m_causal);
    layout->addStretch(1);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(300);
    connect(&m_debounce, &QTimer::timeout, this, [this] { emit optionsChanged(options()); });
    for (QSpinBox* box : {m_dModel, m_heads, m_layers, m_seed})
        connect(box, qOverload<int>(&QSpinBox::valueChanged), &m_debounce, qOverload<>(&QTimer::start));
    connect(m_causal, &QCheckBox::toggled, &m_debounce, qOverload<>(&QTimer::start));
    setOptions(TeachingOptions{});
}

void TeachingOptionsPanel::setOptions(const TeachingOptions& options) {
    m_base = options;
    const QSignalBlocker a(m_dModel), b(m_heads), c(m_layers), d(m_seed), e(m_causal);
    m_dModel->setValue(options.dModel);
    m_heads->setValue(options.heads);
    m_layers->setValue(options.layers);
    m_seed->setValue(int(std::min<quint64>(options.seed, 1000000)));
    m_causal->setChecked(options.causal);
    m_debounce.stop();
}

TeachingOptions TeachingOptionsPanel::options() const {
    TeachingOptions options = m_base;
    options.dModel = m_dModel->value();
    options.heads = m_heads->value();
    options.layers = m_layers->value();
    options.seed = quint64(m_seed->value());
    options.causal = m_causal->isChecked();
    return options;
}

}  // namespace headmap::ui
