#pragma once
// A strip above the views that says what went wrong, where the user is looking (the status bar
// alone is easy to miss): the message, whether the views still show an older result, and for a
// text longer than the model accepts a button that runs it cut to the maximum.

#include <QFrame>

class QLabel;
class QPushButton;

namespace headmap::ui {

class ErrorBanner : public QFrame {
    Q_OBJECT
public:
    explicit ErrorBanner(QWidget* parent = nullptr);

    // truncateTo > 0 offers to run the text cut to that many tokens; stale says the views still
    // show the previous result. An empty message hides the banner.
    void showError(const QString& message, int truncateTo, bool stale);
    QString message() const;  // the text shown, empty while hidden
    QPushButton* truncateButton() const { return m_truncate; }
    QPushButton* dismissButton() const { return m_dismiss; }

signals:
    void truncateRequested();
    void dismissed();  // after the banner hid itself

private:
    QLabel* m_text;
    QPushButton* m_truncate;
    QPushButton* m_dismiss;
};

}  // namespace headmap::ui
