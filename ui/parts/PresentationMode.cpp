#include "parts/PresentationMode.h"

#include <algorithm>

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>

#include "PresentationStyle.h"

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
        // Frames are drawn with these; grey on black stays visible.
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

PresentationMode::PresentationMode(QMainWindow* window)
    : QObject(window), m_window(window), m_action(new QAction(tr("Presen&tation mode"), this)) {
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_action, &QAction::toggled, this, &PresentationMode::setOn);
}

void PresentationMode::setOn(bool on) {
    if (on == m_on)
        return;
    m_on = on;
    if (m_action->isChecked() != on)
        m_action->setChecked(on);
    if (on) {
        m_normalFont = QApplication::font();
        m_normalPalette = QApplication::palette();
        m_wasMaximized = m_window->isMaximized();
        QFont big = m_normalFont;
        big.setPointSizeF(std::max(18.0, m_normalFont.pointSizeF() * 1.7));
        QApplication::setFont(big);
        QApplication::setPalette(highContrastPalette());
        setControlsStyle(true);
        m_window->menuBar()->hide();
        for (QWidget* widget : m_secondary)
            widget->hide();
        if (m_window->screen())  // without a window manager, full screen alone may not resize the window
            m_window->setGeometry(m_window->screen()->geometry());
        m_window->showFullScreen();
        m_window->statusBar()->showMessage(tr("Presentation mode: PageUp/PageDown heads, Ctrl+PageUp/PageDown "
                                              "layers, Esc or F5 to leave"),
                                           8000);
    } else {
        QApplication::setFont(m_normalFont);
        QApplication::setPalette(m_normalPalette);
        setControlsStyle(false);
        m_window->menuBar()->show();
        for (QWidget* widget : m_secondary)
            widget->show();
        m_wasMaximized ? m_window->showMaximized() : m_window->showNormal();
    }
    emit switched(on);
}

void PresentationMode::setControlsStyle(bool on) {
    // Fusion draws spin-box arrows and check-box frames in shades of the window colour: black
    // on black. The window's own boxes get a style that draws them in the text colour.
    if (on && !m_style) {
        m_style = new PresentationStyle;
        m_style->setParent(m_window);  // made after the window's controls, so deleted after them
    }
    QStyle* style = on ? m_style.data() : nullptr;  // null: the application's again
    for (QAbstractSpinBox* box : m_window->findChildren<QAbstractSpinBox*>())
        box->setStyle(style);
    for (QCheckBox* box : m_window->findChildren<QCheckBox*>())
        box->setStyle(style);
}

}  // namespace headmap::ui
