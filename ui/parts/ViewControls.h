#pragma once
// A part of the main window: the controls of what the views show, in the row under the
// sentence: the stack (encoder–decoder models only: Encoder · Decoder · Cross-attention), layer
// and head, colours, scale, hidden special tokens, values in cells, merged words,
// and the measure (weights or weight × value norm). They show the document's view state and
// change it only through the document's setters, so every view, the session and the controls
// agree.

#include <functional>

#include <QObject>

#include "ViewState.h"

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSpinBox;
class QWidget;

namespace headmap::ui {

class AttentionDocument;

class ViewControls : public QObject {
    Q_OBJECT
public:
    // secondary: called with each control a class does not need (presentation mode hides them).
    ViewControls(AttentionDocument* document, std::function<void(QWidget*)> secondary, QObject* parent);

    // The row of controls, for the window's layout.
    QHBoxLayout* row() const { return m_row; }
    // The measure's label and box, which sit apart (the Pair row has room to spare).
    QLabel* measureLabel() const { return m_measureLabel; }
    QComboBox* measureBox() const { return m_measureBox; }

    // Shown only for encoder–decoder models; its items carry the StackKind as data.
    QComboBox* stackBox() const { return m_stackBox; }
    QSpinBox* layerBox() const { return m_layerBox; }
    QSpinBox* headBox() const { return m_headBox; }
    QComboBox* colormapBox() const { return m_colormapBox; }
    QComboBox* scaleBox() const { return m_scaleBox; }
    QCheckBox* hideSpecialBox() const { return m_hideSpecialBox; }
    QCheckBox* valuesBox() const { return m_valuesBox; }
    QCheckBox* wordsBox() const { return m_wordsBox; }

    // The controls as the document's view state says; they follow its changes by themselves.
    void show(DocumentChanges changes = kEverything);

private:
    void buildMeasure();
    void buildStack();
    void connectDocument();
    void changeStyle(const std::function<void(HeatmapStyle&)>& change);

    AttentionDocument* m_document;
    QComboBox* m_stackBox;
    QLabel* m_stackLabel;
    QSpinBox* m_layerBox;
    QSpinBox* m_headBox;
    QComboBox* m_colormapBox;
    QComboBox* m_scaleBox;
    QCheckBox* m_hideSpecialBox;
    QCheckBox* m_valuesBox;
    QCheckBox* m_wordsBox;
    QComboBox* m_measureBox;
    QLabel* m_measureLabel;
    QHBoxLayout* m_row;
};

}  // namespace headmap::ui
