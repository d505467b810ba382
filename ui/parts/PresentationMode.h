#pragma once
// A part of the main window: presentation mode (F5, --presentation). Full screen, large fonts,
// white on black, the controls a class does not need hidden, spin boxes and check boxes drawn
// to be seen on black (PresentationStyle). It owns what it changed and puts it back on leaving:
// the application's font and palette, the window's maximised state, the hidden controls.

#include <QFont>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QAction;
class QMainWindow;
class QWidget;

namespace headmap::ui {

class PresentationStyle;

class PresentationMode : public QObject {
    Q_OBJECT
public:
    explicit PresentationMode(QMainWindow* window);

    QAction* action() const { return m_action; }  // checkable, F5; held by the window too
    bool isOn() const { return m_on; }
    void setOn(bool on);
    // Hidden while presenting, to give the class room (e.g. the colour and scale boxes).
    void addSecondary(QWidget* widget) { m_secondary << widget; }

signals:
    void switched(bool on);  // after the window has changed

private:
    void setControlsStyle(bool on);

    QMainWindow* m_window;
    QAction* m_action;
    bool m_on = false;
    QFont m_normalFont;
    QPalette m_normalPalette;
    bool m_wasMaximized = false;
    QList<QWidget*> m_secondary;
    QPointer<PresentationStyle> m_style;  // made the first time presentation starts
};

}  // namespace headmap::ui
