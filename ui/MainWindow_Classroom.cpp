// MainWindow in the classroom: the teaching model's knobs, named heads, built-in example
// sentences, and the wiring of presentation mode (parts/PresentationMode).

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QShortcut>
#include <QStatusBar>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "core/HeadmapError.h"
#include "MainWindow.h"
#include "TeachingOptionsPanel.h"
#include "parts/ModelLoadingPart.h"
#include "parts/PresentationMode.h"

namespace headmap::ui {

QStringList MainWindow::exampleSentences() {
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

void MainWindow::buildClassroom() {
    QMenu* examples = menuBar()->addMenu(tr("E&xamples"));
    const QStringList names{tr("Coreference: “The animal didn't cross the street…”"),
                            tr("Danish: “Multi-head self-attention gør det muligt…”"),
                            tr("Chinese: “深入了解Transformer模型…”")};
    for (int i = 0; i < names.size(); ++i)
        examples->addAction(names[i], QKeySequence(QStringLiteral("Alt+%1").arg(i + 1)), this,
                            [this, i] { showExample(i); });

    QAction* presentation = m_presentationMode->action();
    connect(m_presentationMode, &PresentationMode::switched, m_models, &ModelLoadingPart::showLoadedModel);
    addAction(presentation);  // F5 works even with the menu bar hidden
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        if (menu->title() == tr("&View"))
            menu->addAction(presentation);
    // Shortcuts of a hidden menu bar's actions stop working; the window holds them too, so the
    // keyboard drives presentation mode.
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        addActions(menu->actions());
    auto* leave = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(leave, &QShortcut::activated, this, [this] {
        // Esc first stops work in progress; with nothing running it leaves presentation mode.
        if (m_document->isWorking())
            m_document->cancel();
        else
            setPresentationMode(false);
    });
}

void MainWindow::showExample(int index) {
    const QStringList examples = exampleSentences();
    if (index < 0 || index >= examples.size())
        return;
    m_sentence->setText(examples[index]);
    m_pair->clear();
    runSentence();
}

void MainWindow::updateHeadNote() {
    const ModelSummary model = m_document->modelSummary();
    const int index = m_document->layer() * std::max(1, model.heads) + m_document->head();
    const bool named = index < model.headNames.size();
    m_headNote->setVisible(named);
    if (named)
        m_headNote->setText(tr("<b>Head %1 · %2:</b> %3")
                                .arg(m_document->head())
                                .arg(model.headNames[index].toHtmlEscaped(),
                                     model.headExplanations.value(index).toHtmlEscaped()));
}

void MainWindow::setPresentationMode(bool on) {
    m_presentationMode->setOn(on);
}

bool MainWindow::isPresentationMode() const {
    return m_presentationMode->isOn();
}

}  // namespace headmap::ui
