#pragma once
// A part of the main window for teaching: the built-in example sentences (Examples menu,
// Alt+1…3; the seeds' Danish and Chinese sentences among them), the note that names the head on
// show when the model names its heads (the teaching model's "previous token", …), and the keys
// of presentation mode (F5 and Esc work with the menu bar hidden). For a translation model the
// note explains the stack on show instead: the classroom's "the decoder asks, the encoder
// answers" for cross-attention. The Examples menu also opens builtin:numbers on Danish and
// Chinese number words, and whenever that model opens, the view goes to the cross-attention head
// that aligns Danish compounds best (analysis/NumberAlignment).

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
    // The number words of the Examples menu (97, 1,005, 2,312), opened with builtin:numbers.
    static QStringList danishNumberExamples();
    static QStringList chineseNumberExamples();
    static QString numbersModel() { return QStringLiteral("builtin:numbers"); }
    // Opens builtin:numbers (unless it is open) and runs `text` with it.
    void showNumberExample(const QString& text);
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
    void onModelChanged();
    void showAlignedHead();  // builtin:numbers: the cross head that aligns compounds best

    AttentionDocument* m_document;
    QMainWindow* m_window;
    PresentationMode* m_presentation;
    std::function<void(const QString&)> m_showText;
    QLabel* m_headNote;
    QString m_pendingNumberText;  // a number example waiting for builtin:numbers to open
};

}  // namespace headmap::ui
