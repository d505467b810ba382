#include "parts/ClassroomPart.h"

#include <QAction>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QShortcut>

#include "AttentionDocument.h"
#include "analysis/NumberAlignment.h"
#include "core/HeadmapError.h"
#include "model/ShippedModels.h"
#include "parts/PresentationMode.h"

namespace headmap::ui {

ClassroomPart::ClassroomPart(AttentionDocument* document, QMainWindow* window, PresentationMode* presentation,
                             std::function<void(const QString&)> showText)
    : QObject(window), m_document(document), m_window(window), m_presentation(presentation),
      m_showText(std::move(showText)), m_headNote(new QLabel) {
    m_headNote->setWordWrap(true);
    m_headNote->setVisible(false);
    connect(m_document, &AttentionDocument::changed, this, [this](DocumentChanges changes) {
        if (changes & (DocumentChange::Selection | DocumentChange::Model))
            showHeadNote();
    });
    connect(m_document, &AttentionDocument::modelChanged, this, &ClassroomPart::onModelChanged);
    connect(m_document, &AttentionDocument::errorOccurred, this, [this] { m_pendingNumberText.clear(); });
    showHeadNote();
}

QStringList ClassroomPart::danishNumberExamples() {
    return {QStringLiteral("syvoghalvfems"), QStringLiteral("et tusind og fem"),
            QStringLiteral("to tusind tre hundrede og tolv")};
}

QStringList ClassroomPart::chineseNumberExamples() {
    return {QStringLiteral("九十七"), QStringLiteral("一千零五"), QStringLiteral("二千三百一十二")};
}

void ClassroomPart::showNumberExample(const QString& text) {
    if (m_document->hasModel() && m_document->modelSource() == numbersModel() && !m_document->isOpeningModel()) {
        m_showText(text);
        return;
    }
    m_pendingNumberText = text;
    ModelSpec spec;
    spec.source = numbersModel();
    m_document->openModel(spec);  // onModelChanged runs the text
}

void ClassroomPart::onModelChanged() {
    if (m_document->modelSource() != numbersModel()) {
        m_pendingNumberText.clear();
        return;
    }
    showAlignedHead();
    if (!m_pendingNumberText.isEmpty())
        m_showText(std::exchange(m_pendingNumberText, QString()));
}

void ClassroomPart::showAlignedHead() {
    // A few dozen runs of a tiny model: quick enough to do as it opens.
    const std::shared_ptr<const Model> model = m_document->sharedModel();
    try {
        const auto folder = shippedModelFolder(numbersModel());
        if (!model || !folder)
            return;
        const AlignedHead head = mostAlignedHead(measureCompoundAlignment(*model, probeCompounds(*folder)));
        m_document->setStack(StackKind::Cross);
        m_document->setHeadIndex(head.layer, head.head);
    } catch (const HeadmapError&) {
        // A folder without numbers.json (edited by hand): the model opens on its first head.
    }
}

QStringList ClassroomPart::exampleSentences() {
    return {
        // Winograd's coreference classic: which noun does "it" attend to?
        QStringLiteral("The animal didn't cross the street because it was too tired."),
        // From the Danish glossary entry this project grew from.
        QStringLiteral("Multi-head self-attention gør det muligt for modellen samtidig at fokusere "
                       "på både lokale og globale afhængigheder i sætningen."),
        // From the Chinese tutorial this project grew from.
        QStringLiteral("深入了解Transformer模型的好方法是学习注意机制。"),
    };
}

void ClassroomPart::showExample(int index) {
    const QStringList examples = exampleSentences();
    if (index >= 0 && index < examples.size())
        m_showText(examples[index]);
}

void ClassroomPart::addMenus() {
    QMenuBar* menuBar = m_window->menuBar();
    QMenu* examples = menuBar->addMenu(tr("E&xamples"));
    const QStringList names{tr("Coreference: “The animal didn't cross the street…”"),
                            tr("Danish: “Multi-head self-attention gør det muligt…”"),
                            tr("Chinese: “深入了解Transformer模型…”")};
    for (int i = 0; i < names.size(); ++i)
        examples->addAction(names[i], QKeySequence(QStringLiteral("Alt+%1").arg(i + 1)), this,
                            [this, i] { showExample(i); });
    // builtin:numbers, a small trained translation model: Danish says 97 units first.
    examples->addSeparator();
    const int values[] = {97, 1005, 2312};
    const struct {
        QString title;
        const char* objectName;
        QStringList texts;
    } numberMenus[] = {{tr("Danish numbers"), "danishNumbersMenu", danishNumberExamples()},
                       {tr("Chinese numbers"), "chineseNumbersMenu", chineseNumberExamples()}};
    for (const auto& numbers : numberMenus) {
        QMenu* menu = examples->addMenu(numbers.title);
        menu->setObjectName(QLatin1String(numbers.objectName));
        for (int i = 0; i < numbers.texts.size(); ++i) {
            const QString text = numbers.texts[i];
            menu->addAction(tr("%1  (%2)").arg(text, m_window->locale().toString(values[i])), this,
                            [this, text] { showNumberExample(text); });
        }
    }

    QAction* presentation = m_presentation->action();
    m_window->addAction(presentation);  // F5 works even with the menu bar hidden
    if (QMenu* view = menuBar->findChild<QMenu*>(QStringLiteral("viewMenu")))
        view->addAction(presentation);
    // Shortcuts of a hidden menu bar's actions stop working; the window holds them too, so the
    // keyboard drives presentation mode.
    for (QMenu* menu : menuBar->findChildren<QMenu*>())
        m_window->addActions(menu->actions());
    auto* leave = new QShortcut(QKeySequence(Qt::Key_Escape), m_window);
    connect(leave, &QShortcut::activated, this, [this] {
        // Esc first stops work in progress; with nothing running it leaves presentation mode.
        if (m_document->isWorking())
            m_document->cancel();
        else
            m_presentation->setOn(false);
    });
}

QString ClassroomPart::stackNote(StackKind stack) {
    switch (stack) {
    case StackKind::Encoder:
        return tr("<b>Encoder:</b> the source sentence reads itself. Every source token attends to every other, "
                  "in both directions, and the encoder's output is what the decoder will ask.");
    case StackKind::Decoder:
        return tr("<b>Decoder:</b> each target token attends to itself and the target tokens written before it "
                  "(causal), never to the words still to come.");
    case StackKind::Cross:
        return tr("<b>Cross-attention: the decoder asks, the encoder answers.</b> Each target token (a row) sends "
                  "a query; the source tokens (columns) answer with their keys, and the best fits pass on their "
                  "values. A row adds up to 1 over the source sentence: where this word of the translation looks "
                  "in the original.");
    }
    return QString();
}

void ClassroomPart::showHeadNote() {
    const ModelSummary model = m_document->modelSummary();
    const int index = m_document->layer() * std::max(1, model.heads) + m_document->head();
    const bool named = index < model.headNames.size();
    if (model.isEncoderDecoder()) {  // a translation model: what the stack on show does
        m_headNote->setText(stackNote(model.stackKind()));
        m_headNote->setVisible(true);
        return;
    }
    m_headNote->setVisible(named);
    if (named)
        m_headNote->setText(tr("<b>Head %1 · %2:</b> %3")
                                .arg(m_document->head())
                                .arg(model.headNames[index].toHtmlEscaped(),
                                     model.headExplanations.value(index).toHtmlEscaped()));
}

}  // namespace headmap::ui
