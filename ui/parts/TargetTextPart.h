#pragma once
// A part of the main window (issue #37): the target of an encoder–decoder (translation) model,
// in a row under the sentence, shown only for such models. The field shows what the model
// generated for the sentence; the user may type a target of their own and press Enter, and the
// decoder then reads that target (teacher forcing), so its attention is to the user's words.
// Generate (or an emptied field) lets the model write it again. The note beside says which of
// the two the views show, and that Headmap decodes greedily when the model's folder asks for
// beam search (num_beams > 1), so its translation may differ from the model card's.
//
// It talks only to the document (setTargetText, generateTarget, targetText) and follows its
// changes.

#include <QObject>
#include <QPointer>

#include "ViewState.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QWidget;

namespace headmap::ui {

class AttentionDocument;

class TargetTextPart : public QObject {
    Q_OBJECT
public:
    TargetTextPart(AttentionDocument* document, QObject* parent);
    ~TargetTextPart() override;

    // The row (label, field, button, note) for the window's layout; hidden for other models.
    QWidget* widget() const { return m_row; }
    QLineEdit* edit() const { return m_edit; }
    QPushButton* generateButton() const { return m_generate; }
    QLabel* note() const { return m_note; }

    // The beam count the model's folder asks generate() for (generation_config.json, else
    // config.json); 1 when neither says, or the source is not a folder.
    static int folderBeams(const QString& folder);

private:
    void apply();  // the field's text as the document's target
    void show(DocumentChanges changes);

    AttentionDocument* m_document;
    // Owned here until the window places it in a layout; a part never placed (tests) deletes it.
    QPointer<QWidget> m_row;
    QLineEdit* m_edit;
    QPushButton* m_generate;
    QLabel* m_note;
    int m_beams = 1;  // of the model on show
};

}  // namespace headmap::ui
