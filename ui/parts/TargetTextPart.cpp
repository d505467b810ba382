#include "parts/TargetTextPart.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "AttentionDocument.h"

namespace headmap::ui {

TargetTextPart::TargetTextPart(AttentionDocument* document, QObject* parent)
    : QObject(parent), m_document(document), m_row(new QWidget), m_edit(new QLineEdit),
      m_generate(new QPushButton(tr("Generate"))), m_note(new QLabel) {
    auto* label = new QLabel(tr("Target:"));
    label->setBuddy(m_edit);
    m_edit->setPlaceholderText(tr("The model's translation appears here; type your own and press Enter"));
    m_edit->setToolTip(tr("The target the decoder reads. Typed by you, the decoder reads your words as if it had "
                          "written them (teacher forcing); empty, the model writes its own."));
    m_edit->setClearButtonEnabled(true);
    m_generate->setToolTip(tr("Let the model write the target again (greedy decoding)"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    auto* layout = new QHBoxLayout(m_row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_edit, 3);
    layout->addWidget(m_generate);
    layout->addWidget(m_note, 2);
    connect(m_edit, &QLineEdit::returnPressed, this, &TargetTextPart::apply);
    connect(m_generate, &QPushButton::clicked, this, [this] {
        m_edit->setModified(false);
        m_document->generateTarget();
    });
    connect(m_document, &AttentionDocument::changed, this, &TargetTextPart::show);
    show(kEverything);
}

void TargetTextPart::apply() {
    m_edit->setModified(false);
    const QString text = m_edit->text().trimmed();
    if (text.isEmpty())
        m_document->generateTarget();
    else
        m_document->setTargetText(text);
}

void TargetTextPart::show(DocumentChanges changes) {
    if (changes & DocumentChange::Model) {
        m_row->setVisible(m_document->isEncoderDecoder());
        m_beams = m_document->isEncoderDecoder() ? folderBeams(m_document->modelSource()) : 1;
        m_edit->clear();
    }
    if (!(changes & (DocumentChange::Model | DocumentChange::Trace)) || !m_document->isEncoderDecoder())
        return;
    // What the user is typing stays; anything else shows the document's target.
    if (!m_edit->isModified() && m_edit->text() != m_document->targetText())
        m_edit->setText(m_document->targetText());
    QString note, details;
    if (m_document->trace().isEmpty()) {
        note = QString();
    } else if (m_document->isTeacherForced()) {
        note = tr("Your target (teacher forcing): the decoder reads it as if it had written it.");
    } else if (m_beams > 1) {  // short beside the field; the tooltip says what it means
        note = tr("Written by the model: greedy decoding, not the beam search (num_beams = %1) its settings ask for.")
                   .arg(m_beams);
        details = tr("Headmap decodes greedily, one most likely token after another; the model's settings ask for "
                     "beam search, so the translation may differ from the model card's.");
    } else {
        note = tr("Written by the model (greedy decoding).");
    }
    m_note->setText(note);
    m_note->setToolTip(details);
}

int TargetTextPart::folderBeams(const QString& folder) {
    const QDir dir(folder);
    if (folder.isEmpty() || !dir.exists())
        return 1;
    // generation_config.json is what generate() reads first; config.json's value is the fallback.
    for (const QString& name : {QStringLiteral("generation_config.json"), QStringLiteral("config.json")}) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonValue beams = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("num_beams"));
        if (beams.isDouble())
            return std::max(1, beams.toInt());
    }
    return 1;
}

TargetTextPart::~TargetTextPart() {
    if (m_row && !m_row->parentWidget())
        delete m_row;
}

}  // namespace headmap::ui
