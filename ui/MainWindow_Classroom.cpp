// MainWindow in the classroom: the teaching model's knobs, named heads, built-in example
// sentences and presentation mode.

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QShortcut>
#include <QStatusBar>

#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "core/HeadmapError.h"
#include "MainWindow.h"
#include "PresentationStyle.h"
#include "TeachingOptionsPanel.h"

namespace headmap::ui {
namespace {

// Big, plain and high in contrast: white on black reads from the back of a room.
QPalette highContrastPalette() {
    QPalette palette;
    const QColor black(0, 0, 0), white(255, 255, 255), yellow(255, 221, 0);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        palette.setColor(group, QPalette::Window, black);
        palette.setColor(group, QPalette::Base, black);
        palette.setColor(group, QPalette::AlternateBase, QColor(28, 28, 28));
        palette.setColor(group, QPalette::WindowText, white);
        palette.setColor(group, QPalette::Text, white);
        palette.setColor(group, QPalette::ButtonText, white);
        palette.setColor(group, QPalette::Button, QColor(40, 40, 40));
        palette.setColor(group, QPalette::Highlight, yellow);
        palette.setColor(group, QPalette::HighlightedText, black);
        palette.setColor(group, QPalette::ToolTipBase, black);
        palette.setColor(group, QPalette::ToolTipText, white);
        palette.setColor(group, QPalette::PlaceholderText, QColor(170, 170, 170));
        // Frames, check boxes and spin box arrows are drawn with these; grey on black stays visible.
        palette.setColor(group, QPalette::Light, QColor(220, 220, 220));
        palette.setColor(group, QPalette::Midlight, QColor(170, 170, 170));
        palette.setColor(group, QPalette::Mid, QColor(128, 128, 128));
        palette.setColor(group, QPalette::Dark, QColor(100, 100, 100));
        palette.setColor(group, QPalette::Shadow, QColor(160, 160, 160));
        palette.setColor(group, QPalette::BrightText, yellow);
        palette.setColor(group, QPalette::Link, yellow);
    }
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(150, 150, 150));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(150, 150, 150));
    return palette;
}

}  // namespace

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
    connect(m_teachingPanel, &TeachingOptionsPanel::optionsChanged, this, &MainWindow::onTeachingOptionsChanged);

    QMenu* examples = menuBar()->addMenu(tr("E&xamples"));
    const QStringList names{tr("Coreference: “The animal didn't cross the street…”"),
                            tr("Danish: “Multi-head self-attention gør det muligt…”"),
                            tr("Chinese: “深入了解Transformer模型…”")};
    for (int i = 0; i < names.size(); ++i)
        examples->addAction(names[i], QKeySequence(QStringLiteral("Alt+%1").arg(i + 1)), this,
                            [this, i] { showExample(i); });

    m_presentationAction = new QAction(tr("Presen&tation mode"), this);
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    addAction(m_presentationAction);  // F5 works even with the menu bar hidden
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        if (menu->title() == tr("&View"))
            menu->addAction(m_presentationAction);
    // Shortcuts of a hidden menu bar's actions stop working; the window holds them too, so the
    // keyboard drives presentation mode.
    for (QMenu* menu : menuBar()->findChildren<QMenu*>())
        addActions(menu->actions());
    auto* leave = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(leave, &QShortcut::activated, this, [this] {
        // Esc first stops work in progress; with nothing running it leaves presentation mode.
        if (m_document->isWorking())
            m_document->cancel();
        else if (m_presentation)
            m_presentationAction->setChecked(false);
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

void MainWindow::onTeachingOptionsChanged(const TeachingOptions& options) {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    spec.teaching = options;
    try {
        options.validate();  // say what is wrong at once instead of after a round trip
    } catch (const HeadmapError& error) {
        showError(error.message());
        m_banner->showError(error.message(), 0, false);
        // The boxes show the model that is loaded, not the refused values.
        m_teachingPanel->setOptions(m_document->modelSpec().teaching);
        return;
    }
    m_document->openModel(spec);
}

void MainWindow::setPresentationControls(bool on) {
    if (on && !m_presentationStyle) {
        m_presentationStyle = new PresentationStyle;
        m_presentationStyle->setParent(this);  // made after the controls, so deleted after them
    }
    QStyle* style = on ? m_presentationStyle.data() : nullptr;  // null: the application's again
    for (QAbstractSpinBox* box : findChildren<QAbstractSpinBox*>())
        box->setStyle(style);
    for (QCheckBox* box : findChildren<QCheckBox*>())
        box->setStyle(style);
}

void MainWindow::showTeachingPanel() {
    // The teaching model's knobs, outside presentation mode (a class sees only what it needs).
    m_teachingPanel->setVisible(!m_presentation && m_document->hasModel() &&
                                m_document->modelSource() == QLatin1String("builtin:teaching"));
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
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (m_presentationAction && m_presentationAction->isChecked() != on)
        m_presentationAction->setChecked(on);
    if (on) {
        m_normalFont = QApplication::font();
        m_normalPalette = QApplication::palette();
        m_wasMaximized = isMaximized();
        QFont big = m_normalFont;
        big.setPointSizeF(std::max(18.0, m_normalFont.pointSizeF() * 1.7));
        QApplication::setFont(big);
        QApplication::setPalette(highContrastPalette());
        setPresentationControls(true);
        menuBar()->hide();
        for (QWidget* widget : m_secondaryControls)
            widget->hide();
        showTeachingPanel();
        if (screen())  // without a window manager, full screen alone may not resize the window
            setGeometry(screen()->geometry());
        showFullScreen();
        statusBar()->showMessage(tr("Presentation mode: PageUp/PageDown heads, Ctrl+PageUp/PageDown "
                                    "layers, Esc or F5 to leave"), 8000);
    } else {
        QApplication::setFont(m_normalFont);
        QApplication::setPalette(m_normalPalette);
        setPresentationControls(false);
        menuBar()->show();
        for (QWidget* widget : m_secondaryControls)
            widget->show();
        // From the model loaded now, not from before: a lesson may have changed it.
        showTeachingPanel();
        m_wasMaximized ? showMaximized() : showNormal();
    }
}

}  // namespace headmap::ui
