// MatrixView shown offscreen: cells hold exactly the values given and write them with 2–3
// significant digits, clicks name the cell, zoom changes the cell size and hides numbers that do
// not fit, "summarise columns" turns 768 columns into 48 block means, the selected row is
// outlined, masked cells read "−∞", a 512 × 768 matrix paints every pixel (timed in tests/bench/bench_views.cpp) and a StepView of a
// 512-token, d_model-768 head shows every step with the wide matrices summarised. A 16-token
// matrix labels every row, at desktop and presentation font sizes alike, and long tokens keep
// more of their label in larger fonts.

#include <cmath>
#include <limits>

#include <QCheckBox>
#include <QDir>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

#include "steps/MatrixView.h"
#include "steps/StepView.h"
#include "teaching/PortableRandom.h"
#include "SyntheticMatrices.h"
#include "WidgetTestSupport.h"

using headmap::HeadSteps;
using headmap::MatrixF;
using headmap::RowVectorF;
using headmap::ui::MatrixGrid;
using headmap::ui::MatrixScale;
using headmap::ui::MatrixView;
using headmap::ui::StepView;

using testsupport::numberedTokens;

namespace {

using testsupport::showWidget;

MatrixF randomMatrix(int rows, int columns, quint64 seed, double bound = 3.0) {
    headmap::PortableRandom random(seed);
    MatrixF m(rows, columns);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = random.uniform(bound);
    return m;
}

// Where the tests show the view unless they need another size.
const QSize kViewSize(900, 600);

// Renders a StepView; with HEADMAP_SCREENSHOT_DIR set, keeps it there as NAME.png to look at.
void keep(QWidget& view, const QString& name) {
    QApplication::processEvents();  // lay out what changed
    const QImage image = view.grab().toImage();
    QVERIFY(!image.isNull());
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(image.save(QDir(dir).filePath(name + QStringLiteral(".png"))));
}

QImage grabCells(MatrixView& view) {
    QApplication::processEvents();  // the grid's height follows the matrix: let the layout run
    QImage image(view.cellArea()->size(), QImage::Format_RGB32);
    view.cellArea()->render(&image);
    return image;
}

}  // namespace

class MatrixViewTest : public QObject {
    Q_OBJECT
private slots:
    void holdsExactValues_data();
    void holdsExactValues();
    void cellText_data();
    void cellText();
    void clickNamesCell_data();
    void clickNamesCell();
    void zoomChangesCells_data();
    void zoomChangesCells();
    void summaryReducesColumns();
    void highlightedRowIsOutlined();
    void maskedCellsAreGreyAndHatched();
    void titleNamesShape();
    void followsFontSize();
    void everyRowLabelledAt16Tokens_data();
    void everyRowLabelledAt16Tokens();
    void paint512x768_data();
    void paint512x768();
    void stepViewOf512Tokens();
};

void MatrixViewTest::holdsExactValues_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("scale");
    QTest::newRow("signed 12 × 16") << 12 << 16 << int(MatrixScale::Signed);
    QTest::newRow("weights 9 × 9") << 9 << 9 << int(MatrixScale::Weights);
    QTest::newRow("one cell") << 1 << 1 << int(MatrixScale::Signed);
}

void MatrixViewTest::holdsExactValues() {
    QFETCH(int, rows);
    QFETCH(int, columns);
    QFETCH(int, scale);
    const MatrixF m = randomMatrix(rows, columns, 7);
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(m, QStringLiteral("Q"), numberedTokens(rows), MatrixScale(scale));
    QCOMPARE(view.rows(), rows);
    QCOMPARE(view.columns(), columns);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            QCOMPARE(view.valueAt(r, c), double(m(r, c)));
            QCOMPARE(view.textAt(r, c), MatrixGrid::cellText(m(r, c)));
        }
    QVERIFY(std::isnan(view.valueAt(rows, 0)));
}

void MatrixViewTest::cellText_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("two decimals") << 0.1234 << "0.12";
    QTest::newRow("negative uses a true minus") << -1.5 << "−1.50";
    QTest::newRow("tens: one decimal") << 12.34 << "12.3";
    QTest::newRow("hundreds: none") << -123.4 << "−123";
    QTest::newRow("tiny") << 0.001 << "≈0";
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("masked") << -double(INFINITY) << "−∞";
}

void MatrixViewTest::cellText() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(MatrixGrid::cellText(value), text);
}

void MatrixViewTest::clickNamesCell_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("top left") << 0 << 0;
    QTest::newRow("middle") << 4 << 7;
    QTest::newRow("bottom right") << 9 << 15;
    QTest::newRow("row label") << 6 << -1;
}

void MatrixViewTest::clickNamesCell() {
    QFETCH(int, row);
    QFETCH(int, column);
    MatrixView view;
    QVERIFY(showWidget(view, QSize(500, 300)));  // small: the far cells must be scrolled to
    view.setMatrix(randomMatrix(10, 16, 3), QStringLiteral("K"), numberedTokens(10), MatrixScale::Signed);
    QSignalSpy cells(&view, &MatrixView::cellClicked);
    QSignalSpy rows(&view, &MatrixView::rowClicked);
    view.scrollToCell(row, std::max(column, 0));
    QPoint pos = view.cellRect(row, std::max(column, 0)).center();
    if (column < 0)
        pos.setX(10);  // the row label
    QVERIFY(view.cellArea()->rect().contains(pos));
    QTest::mouseClick(view.cellArea(), Qt::LeftButton, {}, pos);
    if (column < 0) {
        QCOMPARE(rows.count(), 1);
        QCOMPARE(rows[0][0].toInt(), row);
        QCOMPARE(cells.count(), 0);
    } else {
        QCOMPARE(cells.count(), 1);
        QCOMPARE(cells[0][0].toInt(), row);
        QCOMPARE(cells[0][1].toInt(), column);
    }
}

void MatrixViewTest::zoomChangesCells_data() {
    QTest::addColumn<QString>("how");
    QTest::newRow("buttons") << "buttons";
    QTest::newRow("ctrl+wheel") << "wheel";
}

void MatrixViewTest::zoomChangesCells() {
    QFETCH(QString, how);
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(randomMatrix(8, 8, 5), QStringLiteral("V"), numberedTokens(8), MatrixScale::Signed);
    const int before = view.cellRect(0, 0).width();
    QVERIFY(view.numbersShown());
    auto zoom = [&](bool in) {
        if (how == "buttons") {
            const auto buttons = view.findChildren<QToolButton*>();
            for (QToolButton* b : buttons)
                if (b->text() == (in ? QStringLiteral("+") : QStringLiteral("−")))
                    b->click();
        } else {
            const QPoint at = view.cellRect(3, 3).center();
            QWheelEvent wheel(at, view.cellArea()->mapToGlobal(at), QPoint(), QPoint(0, in ? 120 : -120),
                              Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(view.cellArea(), &wheel);
        }
    };
    zoom(true);
    QVERIFY2(view.cellRect(0, 0).width() > before, "zooming in makes cells larger");
    for (int i = 0; i < 12; ++i)
        zoom(false);
    QVERIFY2(view.cellRect(0, 0).width() < before / 3, "zooming out makes cells smaller");
    QVERIFY2(!view.numbersShown(), "numbers are hidden when they do not fit");
}

void MatrixViewTest::summaryReducesColumns() {
    const MatrixF m = randomMatrix(512, 768, 11);
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(m, QStringLiteral("X"), numberedTokens(512), MatrixScale::Signed);
    QCOMPARE(view.columns(), 768);
    auto* box = view.findChild<QCheckBox*>();
    QVERIFY(box && box->isVisible());
    box->click();
    QVERIFY(view.summarizeColumns());
    QCOMPARE(view.columns(), 768 / MatrixView::kSummaryBlock);
    QCOMPARE(view.matrixColumns(), 768);
    QVERIFY(view.title().contains(QStringLiteral("512 × 768")));
    for (int r : {0, 200, 511})
        for (int b : {0, 17, 47}) {
            double sum = 0;
            for (int c = b * 16; c < b * 16 + 16; ++c)
                sum += std::abs(double(m(r, c)));
            QVERIFY(std::abs(view.valueAt(r, b) - sum / 16) < 1e-6);
        }
    view.setSummarizeColumns(false);
    QCOMPARE(view.columns(), 768);
    QVERIFY(!box->isChecked());
}

void MatrixViewTest::highlightedRowIsOutlined() {
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(MatrixF::Zero(6, 6), QStringLiteral("S"), numberedTokens(6), MatrixScale::Signed);  // all white
    auto outlinedAt = [&](int row) {
        const QImage image = grabCells(view);
        const QRect cell = view.cellRect(row, 2);
        if (!image.rect().contains(cell))
            return false;
        const QColor c = image.pixelColor(cell.center().x(), cell.top() + 1);
        return c.red() > 200 && c.green() < 120 && c.blue() < 120;
    };
    QVERIFY(!outlinedAt(3));
    view.setHighlightedRow(3);
    QCOMPARE(view.highlightedRow(), 3);
    QVERIFY(outlinedAt(3));
    QVERIFY(!outlinedAt(1));
}

void MatrixViewTest::maskedCellsAreGreyAndHatched() {
    MatrixF m = randomMatrix(5, 5, 4);
    for (int r = 0; r < 5; ++r)
        for (int c = r + 1; c < 5; ++c)
            m(r, c) = -std::numeric_limits<float>::infinity();
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(m, QStringLiteral("masked"), numberedTokens(5), MatrixScale::Signed, numberedTokens(5));
    QVERIFY(view.grid()->hasMasked());
    QCOMPARE(view.textAt(0, 4), QStringLiteral("−∞"));
    QVERIFY(std::isinf(view.valueAt(0, 4)) && view.valueAt(0, 4) < 0);
    // The range ignores −∞: it is symmetric around the largest finite |value|.
    QVERIFY(std::isfinite(view.grid()->colourRange().upper));
    const QImage image = grabCells(view);
    const QRect cell = view.cellRect(0, 4);
    QVERIFY(image.rect().contains(cell));
    const QColor corner = image.pixelColor(cell.left() + 2, cell.bottom() - 2);
    QCOMPARE(corner.red(), corner.green());  // grey, not a colour of the scale
    QCOMPARE(corner.green(), corner.blue());
}

void MatrixViewTest::titleNamesShape() {
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(randomMatrix(12, 64, 1), QStringLiteral("W<sub>Q</sub>"), {}, MatrixScale::Signed);
    QCOMPARE(view.title(), QStringLiteral("WQ (12 × 64)"));
    QCOMPARE(view.name(), QStringLiteral("W<sub>Q</sub>"));
}

void MatrixViewTest::followsFontSize() {
    MatrixView view;
    QVERIFY(showWidget(view, kViewSize));
    view.setMatrix(randomMatrix(4, 4, 8), QStringLiteral("Q"), numberedTokens(4), MatrixScale::Signed);
    view.setZoom(1.0);
    const QSize before = view.cellRect(0, 0).size();
    QFont larger = view.font();
    larger.setPointSizeF(larger.pointSizeF() * 2);  // Ctrl++ for the projector
    view.setFont(larger);
    QVERIFY(view.cellRect(0, 0).width() > before.width() * 3 / 2);
    QVERIFY(view.cellRect(0, 0).height() > before.height() * 3 / 2);
    QVERIFY(view.numbersShown());
}

void MatrixViewTest::everyRowLabelledAt16Tokens_data() {
    QTest::addColumn<double>("points");
    QTest::addColumn<int>("columns");
    QTest::addColumn<QSize>("size");
    QTest::newRow("desktop font, T × T") << 10.0 << 16 << QSize(900, 600);
    QTest::newRow("presentation font, T × T") << 18.0 << 16 << QSize(900, 600);
    QTest::newRow("presentation font, 16 × 64 fitted to a narrow pane") << 18.0 << 64 << QSize(520, 500);
    QTest::newRow("very large font") << 30.0 << 16 << QSize(900, 600);
}

void MatrixViewTest::everyRowLabelledAt16Tokens() {
    QFETCH(double, points);
    QFETCH(int, columns);
    QFETCH(QSize, size);
    MatrixView view;
    QFont font = view.font();
    font.setPointSizeF(points);
    view.setFont(font);
    QVERIFY(showWidget(view, size));
    QStringList names = numberedTokens(16);
    names[5] = QStringLiteral("Opmærksomhedsmekanisme");
    view.setMatrix(randomMatrix(16, columns, 12), QStringLiteral("S"), names, MatrixScale::Signed,
                   columns == 16 ? names : QStringList());
    QApplication::processEvents();
    const QFontMetrics metrics(view.grid()->font());
    // The painter skips row labels only when rows are shorter than a line of text.
    for (int row = 0; row < 16; ++row)
        QVERIFY2(view.cellRect(row, 0).height() >= metrics.height(),
                 qPrintable(QStringLiteral("row %1: %2 px for %3 px labels").arg(row).arg(view.cellRect(row, 0).height()).arg(metrics.height())));
    // Long tokens are elided to about ten characters' width, not to a fixed 140 px.
    QVERIFY(view.grid()->maxTokenWidth() >= metrics.averageCharWidth() * 10);
    QVERIFY(view.grid()->maxTokenWidth() >= 140);
}

void MatrixViewTest::paint512x768_data() {
    QTest::addColumn<bool>("zoomedOut");
    QTest::addColumn<bool>("summarised");
    QTest::newRow("numbers visible") << false << false;
    QTest::newRow("whole width, tiny cells") << true << false;
    QTest::newRow("summarised columns") << false << true;
}

void MatrixViewTest::paint512x768() {
    QFETCH(bool, zoomedOut);
    QFETCH(bool, summarised);
    const MatrixF m = randomMatrix(512, 768, 99);
    MatrixView view;
    QVERIFY(showWidget(view, QSize(1200, 800)));
    view.setMatrix(m, QStringLiteral("X"), numberedTokens(512), MatrixScale::Signed);
    view.setSummarizeColumns(summarised);
    view.setZoom(zoomedOut ? 0.01 : 1.0);
    QCOMPARE(view.numbersShown(), !zoomedOut);
    QImage image(view.cellArea()->size(), QImage::Format_RGB32);
    image.fill(Qt::magenta);  // a colour the view never paints: every pixel must be drawn over
    view.cellArea()->render(&image);  // timed in tests/bench/bench_views.cpp, not here
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            QVERIFY2(image.pixel(x, y) != QColor(Qt::magenta).rgb(), qPrintable(QStringLiteral("(%1, %2) not painted").arg(x).arg(y)));
    view.scrollToCell(511, view.columns() - 1);
    QVERIFY(view.cellArea()->rect().intersects(view.cellRect(511, view.columns() - 1)));
}

void MatrixViewTest::stepViewOf512Tokens() {
    const int t = 512, dModel = 768, dHead = 64;
    quint64 seed = 5;
    auto m = [&](int rows, int columns) { return randomMatrix(rows, columns, seed++, 2.0); };
    auto steps = std::make_shared<HeadSteps>();
    steps->head = 3;
    steps->dModel = dModel;
    steps->dHead = dHead;
    steps->causal = true;
    steps->x = m(t, dModel);
    steps->wQ = m(dModel, dHead), steps->wK = m(dModel, dHead), steps->wV = m(dModel, dHead);
    steps->bQ = steps->bK = steps->bV = RowVectorF::Zero(dHead);
    steps->q = m(t, dHead), steps->k = m(t, dHead), steps->v = m(t, dHead);
    steps->scores = m(t, t);
    steps->scaled = steps->masked = steps->scores / 8.0f;
    steps->masked.triangularView<Eigen::StrictlyUpper>().setConstant(-std::numeric_limits<float>::infinity());
    steps->weights = MatrixF::Constant(t, t, 1.0f / t);
    steps->headOutput = m(t, dHead);
    steps->concat = m(t, dModel), steps->output = m(t, dModel);
    QStringList tokens;
    for (int i = 0; i < t; ++i)
        tokens << QStringLiteral("w%1").arg(i);

    StepView view;
    view.resize(1400, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSteps(steps, tokens, QStringLiteral("Layer 0 · head 3"));
    QVERIFY(view.matrix(StepView::Input, "x")->summarizeColumns());
    QCOMPARE(view.matrix(StepView::Input, "x")->columns(), dModel / MatrixView::kSummaryBlock);
    QCOMPARE(view.matrix(StepView::Concat, "concat")->columns(), dModel / MatrixView::kSummaryBlock);
    QCOMPARE(view.matrix(StepView::Projections, "q")->columns(), dHead);
    for (int step = 0; step < view.stepCount(); ++step) {
        view.setStep(step);
        keep(view, QStringLiteral("large_step%1").arg(step));
    }
    view.setShowAll(true);
    keep(view, QStringLiteral("large_all"));
    view.setShowAll(false);
    view.setStep(StepView::Scores);
    MatrixView* scores = view.matrix(StepView::Scores, "scores");
    scores->scrollToCell(500, 17);
    QTest::mouseClick(scores->cellArea(), Qt::LeftButton, {}, scores->cellRect(500, 17).center());
    QCOMPARE(view.selectedToken(), 500);
    QVERIFY(view.breakdownText().contains(QStringLiteral("more terms")));
}

QTEST_MAIN(MatrixViewTest)
#include "tst_matrixview.moc"
