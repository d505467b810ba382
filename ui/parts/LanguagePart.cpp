#include "parts/LanguagePart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include "AttentionDocument.h"

namespace headmap::ui {
namespace {

// The entries: the model's default first (no code: the folder decides), then every code.
void fillBox(QComboBox* box, const QStringList& codes, const QString& defaultCode, const QString& chosen) {
    const QSignalBlocker blocker(box);
    box->clear();
    box->addItem(defaultCode.isEmpty() ? LanguagePart::tr("Model's default")
                                       : LanguagePart::tr("Default (%1)").arg(defaultCode),
                 QString());
    for (const QString& code : codes)
        box->addItem(code, code);
    box->setCurrentIndex(std::max(0, box->findData(chosen)));
}

// The entry of `chosen` (empty: the default), without telling the document again.
void showChoice(QComboBox* box, const QString& chosen) {
    const QSignalBlocker blocker(box);
    box->setCurrentIndex(std::max(0, box->findData(chosen)));
}

}  // namespace

LanguagePart::LanguagePart(AttentionDocument* document, QObject* parent)
    : QObject(parent), m_document(document), m_row(new QWidget), m_sourceLabel(new QLabel(tr("From:"))),
      m_source(new QComboBox), m_targetLabel(new QLabel(tr("Into:"))), m_target(new QComboBox) {
    m_sourceLabel->setBuddy(m_source);
    m_targetLabel->setBuddy(m_target);
    m_source->setToolTip(tr("The language of the sentence: the model reads it after this language's token"));
    m_target->setToolTip(tr("The language to translate into: the model is made to start its translation with this "
                            "language's token, and reads a target you type in it"));
    for (QComboBox* box : {m_source, m_target}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->setMaxVisibleItems(20);
        connect(box, &QComboBox::activated, this, &LanguagePart::choose);
    }
    auto* layout = new QHBoxLayout(m_row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_sourceLabel);
    layout->addWidget(m_source);
    layout->addWidget(m_targetLabel);
    layout->addWidget(m_target);
    layout->addStretch(1);
    connect(m_document, &AttentionDocument::changed, this, &LanguagePart::fill);
    fill(kEverything);
}

void LanguagePart::fill(DocumentChanges changes) {
    if (!(changes & DocumentChange::Model)) {
        // The languages may have been chosen elsewhere (an opened session): show the document's.
        showChoice(m_source, m_document->languages().source);
        showChoice(m_target, m_document->languages().target);
        return;
    }
    const QStringList sources = m_document->sourceLanguages();
    const QStringList targets = m_document->targetLanguages();
    const LanguageChoice defaults = m_document->defaultLanguages();
    fillBox(m_source, sources, defaults.source, m_document->languages().source);
    fillBox(m_target, targets, defaults.target, m_document->languages().target);
    m_sourceLabel->setVisible(!sources.isEmpty());
    m_source->setVisible(!sources.isEmpty());
    m_targetLabel->setVisible(!targets.isEmpty());
    m_target->setVisible(!targets.isEmpty());
    m_row->setVisible(m_document->isEncoderDecoder() && !(sources.isEmpty() && targets.isEmpty()));
}

void LanguagePart::choose() {
    m_document->setLanguages(LanguageChoice{m_source->currentData().toString(), m_target->currentData().toString()});
}

LanguagePart::~LanguagePart() {
    if (m_row && !m_row->parentWidget())
        delete m_row;
}

}  // namespace headmap::ui
