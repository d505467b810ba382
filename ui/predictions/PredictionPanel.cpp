#include "predictions/PredictionPanel.h"

#include <cmath>

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include "predictions/PredictionBars.h"

namespace headmap::ui {

namespace {

constexpr int kSliderSteps = 100;  // per unit of temperature
constexpr double kMaxTemperature = 2.0;

}  // namespace

QString ablationText(const HeadAblation& ablation) {
    QString head = PredictionPanel::tr("L%1 H%2").arg(ablation.layer).arg(ablation.head);
    if (ablation.stack)  // an encoder–decoder model's head: "Cross-attention L0 H1"
        head = PredictionPanel::tr("%1 %2").arg(stackTitle(*ablation.stack), head);
    return ablation.mode == AblationMode::Mean ? PredictionPanel::tr("%1 (mean)").arg(head)
                                               : PredictionPanel::tr("%1 (zero)").arg(head);
}

PredictionPanel::PredictionPanel(QWidget* parent)
    : QWidget(parent), m_status(new QLabel), m_body(new QWidget), m_temperature(new QDoubleSpinBox),
      m_slider(new QSlider(Qt::Horizontal)), m_before(new PredictionBars), m_after(new PredictionBars),
      m_targetEdit(new QLineEdit), m_targetLabel(new QLabel), m_klLabel(new QLabel), m_ablationBox(new QWidget),
      m_ablationList(new QListWidget), m_clear(new QPushButton(tr("&Restore all"))) {
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);

    m_temperature->setRange(0.0, kMaxTemperature);
    m_temperature->setSingleStep(0.05);
    m_temperature->setDecimals(2);
    m_temperature->setValue(1.0);
    m_temperature->setToolTip(tr("Divides the scores before the softmax: below 1 the likeliest tokens gain, "
                                 "above 1 the distribution flattens; 0 keeps only the likeliest token"));
    m_slider->setRange(0, int(kMaxTemperature * kSliderSteps));
    m_slider->setValue(kSliderSteps);
    m_slider->setToolTip(m_temperature->toolTip());
    auto* temperatureLabel = new QLabel(tr("&Temperature:"));
    temperatureLabel->setBuddy(m_temperature);
    auto* temperatureRow = new QHBoxLayout;
    temperatureRow->addWidget(temperatureLabel);
    temperatureRow->addWidget(m_slider, 1);
    temperatureRow->addWidget(m_temperature);

    auto* bars = new QHBoxLayout;
    bars->addWidget(m_before, 1);
    bars->addWidget(m_after, 1);
    m_before->setVisible(false);
    m_before->setComparisonName(tr("after"));
    m_before->setToolTip(tr("With every head. The dark tick on a bar marks the token's probability after "
                            "switching the heads off."));
    m_after->setComparisonName(tr("before"));

    m_targetEdit->setPlaceholderText(tr("Target token: click or type"));
    m_targetEdit->setClearButtonEnabled(true);
    fitTargetWidth();
    m_targetEdit->setToolTip(tr("Follow one token's probability before and after switching heads off"));
    m_targetLabel->setTextFormat(Qt::PlainText);
    m_targetLabel->setWordWrap(true);
    m_klLabel->setTextFormat(Qt::PlainText);
    m_klLabel->setWordWrap(true);
    m_klLabel->setToolTip(tr("KL(before ‖ after) = Σ p_before · ln(p_before / p_after) over the whole "
                             "vocabulary: 0 when switching the heads off changes nothing"));

    auto* ablationLayout = new QVBoxLayout(m_ablationBox);
    ablationLayout->setContentsMargins(0, 0, 0, 0);
    auto* ablationTitle = new QLabel(tr("Switched off:"));
    ablationLayout->addWidget(ablationTitle);
    m_ablationList->setMaximumHeight(m_ablationList->fontMetrics().height() * 5);
    m_ablationList->setToolTip(tr("Heads whose output is replaced by zeros or by its mean over the positions; "
                                  "select heads in the All heads tab to switch more off"));
    ablationLayout->addWidget(m_ablationList);
    m_clear->setToolTip(tr("Switch every head back on"));
    ablationLayout->addWidget(m_clear, 0, Qt::AlignLeft);
    m_ablationBox->setVisible(false);

    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addLayout(temperatureRow);
    body->addLayout(bars);
    body->addWidget(m_targetEdit);
    body->addWidget(m_targetLabel);
    body->addWidget(m_klLabel);
    body->addWidget(m_ablationBox);
    body->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_body, 1);

    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        const double temperature = double(value) / kSliderSteps;
        {
            const QSignalBlocker blocker(m_temperature);
            m_temperature->setValue(temperature);
        }
        emit temperatureChanged(float(temperature));
    });
    connect(m_temperature, qOverload<double>(&QDoubleSpinBox::valueChanged), this, [this](double value) {
        {
            const QSignalBlocker blocker(m_slider);
            m_slider->setValue(int(std::lround(value * kSliderSteps)));
        }
        emit temperatureChanged(float(value));
    });
    for (PredictionBars* list : {m_before, m_after})
        connect(list, &PredictionBars::tokenClicked, this, [this](int id, const QString& label) {
            {
                const QSignalBlocker blocker(m_targetEdit);
                m_targetEdit->setText(label);
            }
            emit targetChosen(id, label);
        });
    connect(m_targetEdit, &QLineEdit::returnPressed, this, [this] {
        if (m_targetEdit->text().isEmpty())
            emit targetChosen(-1, QString());
        else
            emit targetTyped(m_targetEdit->text());
    });
    connect(m_targetEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty() && m_target >= 0)  // the clear button
            emit targetChosen(-1, QString());
    });
    connect(m_clear, &QPushButton::clicked, this, &PredictionPanel::ablationsCleared);
    setPending(tr("Type a sentence and press Enter to see what the model predicts."));
}

void PredictionPanel::setUnavailable(const QString& message) {
    m_result.reset();
    m_status->setText(tr("No predictions: %1").arg(message));
    m_body->setVisible(false);
}

void PredictionPanel::setPending(const QString& message) {
    m_result.reset();
    m_status->setText(message);
    m_body->setVisible(true);
    m_after->setMessage(QString());
    m_after->setRows(QString(), {});
    m_before->setVisible(false);
    m_targetLabel->clear();
    m_klLabel->clear();
}

void PredictionPanel::setResult(std::shared_ptr<const PredictionResult> result) {
    m_result = std::move(result);
    m_body->setVisible(true);
    showResult();
}

void PredictionPanel::setTemperatureControls(float temperature) {
    const QSignalBlocker a(m_temperature), b(m_slider);
    m_temperature->setValue(temperature);
    m_slider->setValue(int(std::lround(double(temperature) * kSliderSteps)));
}

void PredictionPanel::setSettings(const PredictionSettings& settings) {
    setTemperatureControls(settings.temperature);
    m_target = settings.targetToken;
    const QSignalBlocker blocker(m_targetEdit);
    if (settings.targetToken < 0)
        m_targetEdit->clear();
    else if (!settings.targetText.isEmpty() && m_targetEdit->text() != settings.targetText)
        m_targetEdit->setText(settings.targetText);
    m_before->setHighlighted(settings.targetToken);
    m_after->setHighlighted(settings.targetToken);
}

void PredictionPanel::setAblations(const std::vector<HeadAblation>& ablations) {
    m_ablationList->clear();
    for (const HeadAblation& ablation : ablations)
        m_ablationList->addItem(ablationText(ablation));
    m_ablationBox->setVisible(!ablations.empty());
}

void PredictionPanel::showResult() {
    if (!m_result) {
        setPending(tr("Predicting…"));
        return;
    }
    const PredictionResult& r = *m_result;
    const QString temperature = r.after.temperature == 0.0f ? tr("temperature 0: the likeliest token only")
                                                            : tr("temperature %1").arg(r.after.temperature, 0, 'g', 3);
    m_status->setText(tr("Prediction %1 (%2)").arg(r.positionText, temperature));
    if (r.before) {
        // The other run's probability of each listed token, as a tick on its bar.
        std::vector<float> beforeOfAfter, afterOfBefore;
        for (const TokenProbability& t : r.after.top)
            beforeOfAfter.push_back(r.before->probabilityOf(t.id));
        for (const TokenProbability& t : r.before->top)
            afterOfBefore.push_back(r.after.probabilityOf(t.id));
        m_before->setRows(tr("Before"), r.before->top, afterOfBefore);
        m_after->setRows(tr("After switching off"), r.after.top, beforeOfAfter);
        m_after->setToolTip(tr("With the heads switched off. The dark tick on a bar marks the token's "
                               "probability before."));
        m_before->setVisible(true);
        m_klLabel->setText((std::isfinite(r.kl) ? tr("KL(before ‖ after) = %1 nats").arg(r.kl, 0, 'f', 4)
                                                : tr("KL(before ‖ after) = ∞ (a token possible before is "
                                                     "impossible after)")) +
                           QLatin1Char('\n') + tr("A dark tick on a bar: that token's probability in the other list."));
    } else {
        m_after->setRows(tr("Top %1").arg(r.after.top.size()), r.after.top);
        m_after->setToolTip(QString());
        m_before->setVisible(false);
        m_klLabel->clear();
    }
    m_before->setHighlighted(r.targetToken);
    m_after->setHighlighted(r.targetToken);
    if (r.targetToken < 0) {
        m_targetLabel->clear();
    } else if (r.before) {
        const double change = (double(r.targetAfter) - double(r.targetBefore)) * 100.0;
        m_targetLabel->setText(tr("P(“%1”): %2 → %3 (%4%5 points)")
                                   .arg(r.targetText, percentText(r.targetBefore), percentText(r.targetAfter),
                                        change >= 0 ? QStringLiteral("+") : QStringLiteral("−"))
                                   .arg(std::abs(change), 0, 'f', 2));
    } else {
        m_targetLabel->setText(tr("P(“%1”) = %2").arg(r.targetText, percentText(r.targetAfter)));
    }
}

void PredictionPanel::fitTargetWidth() {
    // The placeholder is the only instruction: the panel is at least as wide as it, in every
    // language and at presentation sizes ("Target token: click one abo…" was cut).
    const QFontMetrics metrics = m_targetEdit->fontMetrics();
    m_targetEdit->setMinimumWidth(metrics.horizontalAdvance(m_targetEdit->placeholderText()) + 2 * metrics.height() + 16);
}

void PredictionPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitTargetWidth();
}

}  // namespace headmap::ui
