#pragma once
// A veil over a plot while what it should show is still being computed: the previous content
// stays visible, dimmed, with a line saying what is on its way ("Computing layer 3, head 5…").
// Mouse events pass through, so zooming and panning keep working meanwhile.

#include <QWidget>

namespace headmap::ui {

class PendingOverlay : public QWidget {
    Q_OBJECT
public:
    explicit PendingOverlay(QWidget* covered);

    // Shows the veil with text over the covered widget; an empty text hides it.
    void setText(const QString& text);
    QString text() const { return m_text; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    QWidget* m_covered;
    QString m_text;
};

}  // namespace headmap::ui
