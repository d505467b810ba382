#include "ErrorBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace headmap::ui {

ErrorBanner::ErrorBanner(QWidget* parent)
    : QFrame(parent), m_text(new QLabel), m_truncate(new QPushButton), m_dismiss(new QPushButton(tr("Dismiss"))) {
    setObjectName(QStringLiteral("errorBanner"));
    setFrameShape(QFrame::StyledPanel);
    // Readable in the light, dark and high-contrast palettes alike.
    setStyleSheet(QStringLiteral("#errorBanner { background: #fde2e1; border: 1px solid #c0392b; }"
                                 "#errorBanner QLabel { color: #5c1010; }"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_truncate);
    layout->addWidget(m_dismiss);
    connect(m_truncate, &QPushButton::clicked, this, &ErrorBanner::truncateRequested);
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        // Hidden here too: not every message shown is the document's error (a file that cannot
        // be read is the window's), so clearing the document's need not come back to hide it.
        showError(QString(), 0, false);
        emit dismissed();
    });
    setVisible(false);
}

void ErrorBanner::showError(const QString& message, int truncateTo, bool stale) {
    if (message.isEmpty()) {
        m_text->clear();
        setVisible(false);
        return;
    }
    QString text = message;
    if (stale)
        text += QLatin1Char(' ') + tr("The views still show the previous text.");
    m_text->setText(text);
    m_truncate->setText(tr("Run the first %n token(s)", nullptr, truncateTo));
    m_truncate->setVisible(truncateTo > 0);
    setVisible(true);
}

QString ErrorBanner::message() const {
    return isHidden() ? QString() : m_text->text();
}

}  // namespace headmap::ui
