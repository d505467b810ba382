#pragma once
// A part of the main window for teaching: the built-in example sentences (Examples menu,
// Alt+1…3; the seeds' Danish and Chinese sentences among them), the note that names the head on
// show when the model names its heads (the teaching model's "previous token", …), and the keys
// of presentation mode (F5 and Esc work with the menu bar hidden). For a translation model the
// note explains the stack on show instead: the classroom's "the decoder asks, the encoder
// answers" for cross-attention.

#include <functional>

#include <QObject>
#include <QStringList>

#include "core/AttentionStack.h"

class QLabel;
class QMainWindow;

namespace headmap::ui {

class AttentionDocument;
class PresentationMode;

class ClassroomPart : public QObject {
    Q_OBJECT
public:
    // showText: puts a sentence in the sentence field and runs it.
    ClassroomPart(AttentionDocument* document, QMainWindow* window, PresentationMode* presentation,
                  std::function<void(const QString&)> showText);

    static QStringList exampleSentences();
    // For translation models, the note under the controls says what the stack on show does
    // ("the decoder asks, the encoder answers" for cross-attention) instead of a head's name.
    static QString stackNote(StackKind stack);
    void showExample(int index);
    QLabel* headNote() const { return m_headNote; }  // for the window's layout

    // The Examples menu, presentation mode's entry in View, and the window holding every menu
    // action so that shortcuts work with the menu bar hidden; after the other menus are built.
    void addMenus();

private:
    void showHeadNote();

    AttentionDocument* m_document;
    QMainWindow* m_window;
    PresentationMode* m_presentation;
    std::function<void(const QString&)> m_showText;
    QLabel* m_headNote;
};

}  // namespace headmap::ui
