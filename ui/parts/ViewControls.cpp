#include "parts/ViewControls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include "AttentionDocument.h"
#include "Colormaps.h"

namespace headmap::ui {

namespace {

QLabel* labelFor(const QString& text, QWidget* buddy) {
    auto* label = new QLabel(text);
    label->setBuddy(buddy);
    return label;
}

}  // namespace

ViewControls::ViewControls(AttentionDocument* document, std::function<void(QWidget*)> secondary, QObject* parent)
    : QObject(parent), m_document(document), m_stackBox(new QComboBox), m_stackLabel(new QLabel(tr("Stack:"))),
      m_layerBox(new QSpinBox), m_headBox(new QSpinBox),
      m_colormapBox(new QComboBox), m_scaleBox(new QComboBox), m_hideSpecialBox(new QCheckBox(tr("Hide &special tokens"))),
      m_valuesBox(new QCheckBox(tr("&Values"))), m_wordsBox(new QCheckBox(tr("&Words"))), m_measureBox(new QComboBox),
      m_measureLabel(new QLabel(tr("Meas&ure:"))), m_row(new QHBoxLayout) {
    for (QComboBox* box : {m_colormapBox, m_scaleBox}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    for (Colormap colormap : allColormaps())
        m_colormapBox->addItem(colormapName(colormap), int(colormap));
    for (ScaleMode mode : allScaleModes())
        m_scaleBox->addItem(scaleModeName(mode), int(mode));
    m_hideSpecialBox->setToolTip(tr("Leave out [CLS], [SEP], <s>, … and renormalise each row"));
    m_valuesBox->setToolTip(tr("Write each weight in its cell when it fits"));
    m_wordsBox->setToolTip(tr("Merge sub-word pieces into words: attention to a word is the sum over its "
                              "pieces, from a word the mean (Clark et al., 2019)"));
    m_layerBox->setToolTip(tr("Layer (Ctrl+PageUp / Ctrl+PageDown)"));
    m_headBox->setToolTip(tr("Head (PageUp / PageDown)"));

    buildStack();
    m_row->addWidget(m_stackLabel);
    m_row->addWidget(m_stackBox);
    m_row->addWidget(labelFor(tr("&Layer:"), m_layerBox));
    m_row->addWidget(m_layerBox);
    m_row->addWidget(labelFor(tr("H&ead:"), m_headBox));
    m_row->addWidget(m_headBox);
    m_row->addSpacing(16);
    for (QWidget* widget : std::initializer_list<QWidget*>{labelFor(tr("C&olours:"), m_colormapBox), m_colormapBox,
                                                           labelFor(tr("Sc&ale:"), m_scaleBox), m_scaleBox,
                                                           m_hideSpecialBox, m_valuesBox, m_wordsBox}) {
        secondary(widget);
        m_row->addWidget(widget);
    }
    m_row->addStretch(1);
    buildMeasure();
    secondary(m_measureLabel);
    secondary(m_measureBox);
    connectDocument();
    show(kEverything);
}

void ViewControls::buildMeasure() {
    m_measureBox->addItem(tr("Weights"), int(AttentionMeasure::Weights));
    m_measureBox->addItem(tr("Weight × ‖v‖"), int(AttentionMeasure::ValueNorm));
    m_measureBox->setItemData(0, tr("The softmax weights α_ij: where each query looks"), Qt::ToolTipRole);
    m_measureBox->setItemData(1, tr("α_ij·‖v_j·W_O‖: how far each key actually moves the query's output through "
                                    "the head (Kobayashi et al. 2020); sinks with small values fade"),
                              Qt::ToolTipRole);
    m_measureBox->setToolTip(tr("What the heatmaps show: attention weights, or weights × value norms"));
    // No wider than the model chooser above it, so the column does not grow.
    m_measureBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_measureBox->setMinimumContentsLength(4);
    m_measureLabel->setBuddy(m_measureBox);
}

void ViewControls::buildStack() {
    // The engine's order: the encoder reads the source, the decoder writes the target, and
    // cross-attention is where the decoder reads the encoder's output.
    const QString tips[] = {
        tr("The encoder's self-attention: each source token attends to every source token"),
        tr("The decoder's causal self-attention: each target token attends to the target tokens before it"),
        tr("Cross-attention: each target token (row) attends to the source tokens (columns) — the "
           "decoder asks, the encoder answers")};
    for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross}) {
        m_stackBox->addItem(stackTitle(kind), int(kind));
        m_stackBox->setItemData(m_stackBox->count() - 1, tips[int(kind)], Qt::ToolTipRole);
    }
    m_stackBox->setToolTip(tr("Which attention of the translation model every view shows"));
    m_stackLabel->setBuddy(m_stackBox);
}

void ViewControls::changeStyle(const std::function<void(HeatmapStyle&)>& change) {
    HeatmapStyle style = m_document->view().style;
    change(style);
    m_document->setStyle(style);
}

void ViewControls::connectDocument() {
    connect(m_stackBox, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this] { m_document->setStack(StackKind(m_stackBox->currentData().toInt())); });
    connect(m_layerBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setLayer);
    connect(m_headBox, qOverload<int>(&QSpinBox::valueChanged), m_document, &AttentionDocument::setHead);
    connect(m_colormapBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        changeStyle([this](HeatmapStyle& style) { style.colormap = Colormap(m_colormapBox->currentData().toInt()); });
    });
    connect(m_scaleBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        changeStyle([this](HeatmapStyle& style) { style.scale = ScaleMode(m_scaleBox->currentData().toInt()); });
    });
    connect(m_valuesBox, &QCheckBox::toggled, this,
            [this](bool on) { changeStyle([on](HeatmapStyle& style) { style.showValues = on; }); });
    connect(m_hideSpecialBox, &QCheckBox::toggled, m_document, &AttentionDocument::setHideSpecialTokens);
    connect(m_wordsBox, &QCheckBox::toggled, m_document, &AttentionDocument::setMergeWords);
    connect(m_measureBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        m_document->setMeasure(AttentionMeasure(m_measureBox->currentData().toInt()));
    });
    connect(m_document, &AttentionDocument::changed, this, &ViewControls::show);
}

void ViewControls::show(DocumentChanges changes) {
    if (!(changes & (DocumentChange::Selection | DocumentChange::Style | DocumentChange::Model)))
        return;
    const ModelSummary model = m_document->modelSummary();
    const ViewState& view = m_document->view();
    const QSignalBlocker a(m_layerBox), b(m_headBox), c(m_colormapBox), d(m_scaleBox), e(m_valuesBox),
        f(m_hideSpecialBox), g(m_wordsBox), h(m_measureBox), i(m_stackBox);
    m_stackLabel->setVisible(model.isEncoderDecoder());
    m_stackBox->setVisible(model.isEncoderDecoder());
    m_stackBox->setCurrentIndex(m_stackBox->findData(int(model.stackKind())));
    m_layerBox->setRange(0, std::max(0, model.layers - 1));
    m_headBox->setRange(0, std::max(0, model.heads - 1));
    m_layerBox->setValue(view.layer);
    m_headBox->setValue(view.head);
    m_colormapBox->setCurrentIndex(m_colormapBox->findData(int(view.style.colormap)));
    m_scaleBox->setCurrentIndex(m_scaleBox->findData(int(view.style.scale)));
    m_valuesBox->setChecked(view.style.showValues);
    m_hideSpecialBox->setChecked(view.hideSpecialTokens);
    m_wordsBox->setChecked(view.mergeWords);
    m_measureBox->setCurrentIndex(m_measureBox->findData(int(view.measure)));
}

}  // namespace headmap::ui
