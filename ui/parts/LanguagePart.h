#pragma once
// A part of the main window (issue #37): the languages of a multilingual translation model
// (M2M100, NLLB-200, mBART-50, Marian's multi-target opus-mt), two lists in the target's row:
// the language of the sentence and the one to translate into. Each starts on the model's
// default (its folder's src_lang / tgt_lang, named in the entry); choosing another reruns the
// sentence in it (AttentionDocument::setLanguages). A list the model has no codes for is
// hidden, and the whole row with it for other models.
//
// It talks only to the document and follows its model changes.

#include <QObject>
#include <QPointer>

#include "ViewState.h"

class QComboBox;
class QLabel;
class QWidget;

namespace headmap::ui {

class AttentionDocument;

class LanguagePart : public QObject {
    Q_OBJECT
public:
    LanguagePart(AttentionDocument* document, QObject* parent);
    ~LanguagePart() override;

    QWidget* widget() const { return m_row; }
    QComboBox* sourceBox() const { return m_source; }
    QComboBox* targetBox() const { return m_target; }

private:
    void fill(DocumentChanges changes);
    void choose();  // the lists' choice as the document's languages

    AttentionDocument* m_document;
    // Owned here until the window places it in a layout; a part never placed (tests) deletes it.
    QPointer<QWidget> m_row;
    QLabel* m_sourceLabel;
    QComboBox* m_source;
    QLabel* m_targetLabel;
    QComboBox* m_target;
};

}  // namespace headmap::ui
