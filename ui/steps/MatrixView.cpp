#include "steps/MatrixView.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollBar>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

namespace headmap::ui {

// The colour scale under a matrix: a gradient bar from its lowest to its highest value and, when
// the matrix has masked cells, a hatched swatch saying so.
class MatrixLegend : public QWidget {
public:
    explicit MatrixLegend(const MatrixGrid* grid, QWidget* parent) : QWidget(parent), m_grid(grid) {
        setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    }
    QSize sizeHint() const override { return {300, fontMetrics().height() + 8}; }
    QSize minimumSizeHint() const override { return {100, fontMetrics().height() + 8}; }

protected:
    void paintEvent(QPaintEvent*) override {
        if (m_grid->rows() == 0)
            return;
        QPainter p(this);
        const QFontMetrics fm = fontMetrics();
        const QCPRange range = m_grid->colourRange();
        const int h = fm.height();
        const int barWidth = std::clamp(width() / 4, 60, 160);
        int x = 0;
        const QString low = MatrixGrid::cellText(range.lower);
        const QString high = MatrixGrid::cellText(range.upper);
        p.setPen(palette().text().color());
        p.drawText(QRect(x, 0, fm.horizontalAdvance(low), height()), Qt::AlignVCenter, low);
        x += fm.horizontalAdvance(low) + 6;
        QLinearGradient gradient(x, 0, x + barWidth, 0);
        QCPColorGradient colours = m_grid->gradient();
        for (int i = 0; i <= 10; ++i)
            gradient.setColorAt(i / 10.0, colours.color(range.lower + range.size() * i / 10.0, range, false));
        const QRect bar(x, (height() - h * 2 / 3) / 2, barWidth, h * 2 / 3);
        p.fillRect(bar, gradient);
        p.setPen(palette().mid().color());
        p.drawRect(bar.adjusted(0, 0, -1, -1));
        x += barWidth + 6;
        p.setPen(palette().text().color());
        p.drawText(QRect(x, 0, fm.horizontalAdvance(high), height()), Qt::AlignVCenter, high);
        x += fm.horizontalAdvance(high) + 16;
        QString note;
        if (!m_grid->numbersShown())
            note = MatrixView::tr("+ shows the numbers");
        if (m_grid->summaryBlock() > 0)
            note = MatrixView::tr("colour: mean |value| of each block of %1 columns").arg(m_grid->summaryBlock());
        if (m_grid->hasMasked()) {
            const QRect swatch(x, bar.top(), h, bar.height());
            p.fillRect(swatch, MatrixGrid::maskedColour());
            p.fillRect(swatch, MatrixGrid::maskedHatch());
            x += h + 6;
            note = MatrixView::tr("−∞ masked");
        }
        p.setPen(palette().text().color());
        p.drawText(QRect(x, 0, width() - x, height()), Qt::AlignVCenter,
                   fm.elidedText(note, Qt::ElideRight, width() - x));
    }

private:
    const MatrixGrid* m_grid;
};

MatrixView::MatrixView(QWidget* parent) : QWidget(parent) {
    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    applyTitleFont();
    m_summarize = new QCheckBox(tr("Summarise columns"), this);
    m_summarize->setToolTip(tr("Show the mean |value| of every block of %1 columns, so that wide "
                               "matrices fit").arg(kSummaryBlock));
    // Title and check box may be cut rather than widen the step page past a projector's 800
    // pixels (a QLabel's own minimum is its whole text, which a 37-token title exceeds).
    m_title->setMinimumWidth(40);
    m_summarize->setMinimumWidth(40);
    m_zoomOut = new QToolButton(this);
    m_zoomOut->setText(QStringLiteral("−"));
    m_zoomOut->setToolTip(tr("Smaller cells (Ctrl+wheel)"));
    m_zoomIn = new QToolButton(this);
    m_zoomIn->setText(QStringLiteral("+"));
    m_zoomIn->setToolTip(tr("Larger cells (Ctrl+wheel)"));
    for (QToolButton* button : {m_zoomOut, m_zoomIn}) {
        button->setAutoRaise(true);
        button->setFocusPolicy(Qt::NoFocus);
    }
    m_summarize->setFocusPolicy(Qt::NoFocus);

    m_grid = new MatrixGrid(this);
    m_legend = new MatrixLegend(m_grid, this);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title, 1);
    top->addWidget(m_summarize);
    top->addWidget(m_zoomOut);
    top->addWidget(m_zoomIn);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_grid, 1);
    layout->addWidget(m_legend);
    layout->addStretch(0);  // what the grid, as tall as its matrix, leaves

    connect(m_zoomIn, &QToolButton::clicked, this, &MatrixView::zoomIn);
    connect(m_zoomOut, &QToolButton::clicked, this, &MatrixView::zoomOut);
    connect(m_summarize, &QCheckBox::toggled, this, &MatrixView::setSummarizeColumns);
    connect(m_grid, &MatrixGrid::cellClicked, this, &MatrixView::cellClicked);
    connect(m_grid, &MatrixGrid::rowClicked, this, &MatrixView::rowClicked);
    connect(m_grid, &MatrixGrid::zoomChanged, m_legend, qOverload<>(&QWidget::update));
    m_summarize->setVisible(false);
}

void MatrixView::setMatrix(const MatrixF& values, const QString& name, const QStringList& rowLabels,
                           MatrixScale scale, const QStringList& columnLabels) {
    m_name = name;
    m_grid->setMatrix(values, rowLabels, columnLabels, scale);
    m_summarize->setVisible(values.cols() > 2 * kSummaryBlock);
    updateTitle();
    m_legend->update();
}

void MatrixView::clear() {
    setMatrix(MatrixF(), QString(), {}, MatrixScale::Signed);
}

QString MatrixView::title() const {
    QTextDocument document;
    document.setHtml(m_title->text());
    return document.toPlainText();
}

void MatrixView::updateTitle() {
    if (m_name.isEmpty()) {
        m_title->clear();
        return;
    }
    QString title = QStringLiteral("%1 (%2 × %3)").arg(m_name).arg(rows()).arg(matrixColumns());
    if (summarizeColumns())
        title += QStringLiteral(" <span style='font-weight:normal'>%1</span>")
                     .arg(tr("summarised: %1 blocks of %2 columns").arg(columns()).arg(kSummaryBlock));
    m_title->setText(title);
}

void MatrixView::applyTitleFont() {
    if (!m_title)
        return;
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(font().pointSizeF() * 1.1);
    m_title->setFont(titleFont);
}

void MatrixView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyTitleFont();
}

QWidget* MatrixView::cellArea() const { return m_grid->viewport(); }

void MatrixView::zoomIn() { m_grid->setZoom(m_grid->zoom() * 1.25); }
void MatrixView::zoomOut() { m_grid->setZoom(m_grid->zoom() / 1.25); }

void MatrixView::setSummarizeColumns(bool on) {
    m_grid->setSummaryBlock(on ? kSummaryBlock : 0);
    if (m_summarize->isChecked() != on) {
        const QSignalBlocker block(m_summarize);
        m_summarize->setChecked(on);
    }
    updateTitle();
    m_legend->update();
}

int MatrixView::preferredHeight(int limit) const {
    const int chrome = m_title->sizeHint().height() + m_legend->sizeHint().height() + 12;
    return std::min(limit, chrome + m_grid->contentSize().height() + 4 + m_grid->horizontalScrollBar()->sizeHint().height());
}

}  // namespace headmap::ui
