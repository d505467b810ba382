// The main window driven as a user would: type a sentence, press Enter, step through layers and
// heads; the heatmap must show exactly what the engine computes for that sentence.

#include <QCheckBox>
#include <QComboBox>
#include <QInputMethodEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QtTest>

#include "ModelFixtures.h"
#include "AttentionDocument.h"
#include "analysis/WordAggregation.h"
#include "views/RolloutView.h"
#include "text/TokenLabels.h"
#include "ErrorBanner.h"
#include "HeatmapView.h"
#include "ImageChecks.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "TestFiles.h"
#include "ModelChooser.h"
#include "analysis/AttentionTransforms.h"
#include "teaching/TeachingModel.h"
#include "views/ComparisonView.h"
#include "views/HeadGridView.h"
#include "views/HeadStatisticsModel.h"
#include "views/StatisticsView.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::readyWindow;
using testsupport::compareRendering;
using testsupport::kRendererDifference;
using testsupport::onWhite;
using testsupport::rasterisePdf;
using testsupport::rasteriseSvg;
using testsupport::readFile;

namespace {

ModelSpec teachingSpec() {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    return spec;
}

// The reference: the engine run directly, without the GUI.
AttentionTrace engineTrace(const QString& text) {
    const TeachingModel model{TeachingOptions{}};
    return model.run(model.tokenizer().encode(text, true)).trace;
}

// Typed as a user would: key presses for Latin-1 text, an input method's commit for the rest
// (CJK is entered through an input method, never as key codes).
void typeText(QWidget* widget, const QString& text) {
    for (QChar c : text) {
        if (c.unicode() < 0x80) {
            QTest::keyClicks(widget, QString(c));
        } else {
            QInputMethodEvent event;
            event.setCommitString(QString(c));
            QApplication::sendEvent(widget, &event);
        }
    }
}

void compareHeatmap(const MainWindow& window, const AttentionTrace& expected, int layer, int head) {
    const auto* heatmap = window.heatmap();
    QCOMPARE(heatmap->queryCount(), expected.length());
    QCOMPARE(heatmap->keyCount(), expected.length());
    for (int q = 0; q < expected.length(); ++q)
        for (int k = 0; k < expected.length(); ++k)
            QCOMPARE(heatmap->isMasked(q, k) ? double(heatmap->value(q, k)) : heatmap->cellValue(q, k),
                     double(expected.weight(layer, head, q, k)));  // a masked cell is drawn apart
}

}  // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void wordsMergeInEveryView_data();
    void wordsMergeInEveryView();
    void typedSentenceShowsEngineWeights_data();
    void typedSentenceShowsEngineWeights();
    void arrowKeysChangeLayerAndHead();
    void emptySentenceShowsError();
    void badModelShowsErrorAndKeepsWorking();
    void pageKeysWalkThroughHeadsAndLayers_data();
    void pageKeysWalkThroughHeadsAndLayers();
    void arrowKeysOnHeatmap();
    void gridHasEveryHeadAndOpensOne();
    void hideSpecialTokensRenormalises();
    void colormapAndScalePersist();
    void comparisonShowsDifference();
    void exportsImages_data();
    void exportsImages();
    void exportsData_data();
    void exportsData();
    void exportsAllHeads();
    void dropFolderOpensModel();
    void pairSentenceForBert();
    void modelChooserOpensModel();

private slots:
    void decoderFamiliesInEveryView_data();
    void decoderFamiliesInEveryView();
    void nonFiniteWeightsAreReported();
    void quantisedWeightsAreNamedBesideTheModel_data();
    void quantisedWeightsAreNamedBesideTheModel();
};

void MainWindowTest::quantisedWeightsAreNamedBesideTheModel_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("quantization");  // empty: float weights, nothing said
    QTest::newRow("llama Q8_0") << "llama_q8_0.gguf" << "Q8_0";
    QTest::newRow("llama Q4_K_M") << "llama256_q4_k_m.gguf" << "Q4_K_M";
    QTest::newRow("qwen3 Q8_0") << "qwen3_q8_0.gguf" << "Q8_0";
    QTest::newRow("llama F32") << "llama_f32.gguf" << QString();
    QTest::newRow("gpt_neox F16") << "gpt_neox_f16.gguf" << QString();
}

// The attention of a quantised file is not the original model's: the status bar says so beside
// the model's name, with a tooltip on what it means; float files say nothing.
void MainWindowTest::quantisedWeightsAreNamedBesideTheModel() {
    QFETCH(QString, file);
    QFETCH(QString, quantization);
    AttentionDocument document;
    ModelSpec spec;
    spec.source = QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/models/") + file;
    QVERIFY(document.setModelSpec(spec));
    MainWindow mainWindow(&document);
    mainWindow.show();
    QVERIFY(QTest::qWaitForWindowExposed(&mainWindow));
    QCOMPARE(document.modelSummary().quantization, quantization);
    const QString label = mainWindow.modelLabel()->text();
    QVERIFY2(label.startsWith(file), qPrintable(label));
    if (quantization.isEmpty()) {
        QVERIFY2(!label.contains(QStringLiteral("weights)")), qPrintable(label));
        QVERIFY(mainWindow.modelLabel()->toolTip().isEmpty());
    } else {
        QVERIFY2(label.contains(QStringLiteral("(%1 weights)").arg(quantization)), qPrintable(label));
        QVERIFY(mainWindow.modelLabel()->toolTip().contains(quantization));
    }
    // It computes like any model: a sentence gives attention.
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::keyClicks(mainWindow.sentenceEdit(), QStringLiteral("the cat sat"));
    QTest::keyClick(mainWindow.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    QVERIFY(!document.trace().isEmpty());
}

void MainWindowTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // settings go to a scratch location
}

void MainWindowTest::init() {
    QSettings().clear();
}

void MainWindowTest::typedSentenceShowsEngineWeights_data() {
    QTest::addColumn<QString>("sentence");
    QTest::newRow("coreference classic") << "The animal didn't cross the street because it was too tired.";
    QTest::newRow("danish seed") << "Multi-head self-attention gør det muligt for modellen samtidig at fokusere.";
    QTest::newRow("chinese seed") << "深入了解Transformer模型的好方法是学习注意机制。";
    QTest::newRow("single word") << "Headmap";
}

void MainWindowTest::typedSentenceShowsEngineWeights() {
    QFETCH(QString, sentence);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setFocus();
    typeText(window.sentenceEdit(), sentence);
    QCOMPARE(window.sentenceEdit()->text(), sentence);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));

    const AttentionTrace expected = engineTrace(sentence);
    QCOMPARE(document.trace().displayTokens(), expected.displayTokens());
    compareHeatmap(window, expected, 0, 0);
}

void MainWindowTest::arrowKeysChangeLayerAndHead() {
    const QString sentence = QStringLiteral("Attention is all you need");
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(sentence);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Enter);
    QVERIFY(traced.wait(10000));
    const AttentionTrace expected = engineTrace(sentence);

    window.headBox()->setFocus();
    QTest::keyClick(window.headBox(), Qt::Key_Up);
    QTest::keyClick(window.headBox(), Qt::Key_Up);
    QCOMPARE(document.head(), 2);
    compareHeatmap(window, expected, 0, 2);

    window.layerBox()->setFocus();
    QTest::keyClick(window.layerBox(), Qt::Key_Up);
    QCOMPARE(document.layer(), 1);
    compareHeatmap(window, expected, 1, 2);

    QTest::keyClick(window.layerBox(), Qt::Key_Up);  // already the last layer
    QCOMPARE(document.layer(), 1);
}

void MainWindowTest::emptySentenceShowsError() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QCOMPARE(errors.count(), 1);
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("empty")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY2(window.errorBanner()->message().contains(QStringLiteral("empty")), qPrintable(window.errorBanner()->message()));

    // White space alone is the tokenizer's to judge: the teaching model makes no tokens of it.
    window.sentenceEdit()->setText(QStringLiteral("   "));
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QTRY_COMPARE(errors.count(), 2);
    QVERIFY2(window.errorBanner()->message().contains(QStringLiteral("white space")),
             qPrintable(window.errorBanner()->message()));
}

void MainWindowTest::badModelShowsErrorAndKeepsWorking() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    ModelSpec bad;
    bad.source = QStringLiteral("/nonexistent/model/folder");
    QVERIFY(!document.setModelSpec(bad));
    QVERIFY2(window.statusBar()->currentMessage().contains(bad.source),
             qPrintable(window.statusBar()->currentMessage()));

    // The previous model is still there and still answers.
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(QStringLiteral("still working"));
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    compareHeatmap(window, engineTrace(QStringLiteral("still working")), 0, 0);
}

void MainWindowTest::pageKeysWalkThroughHeadsAndLayers_data() {
    QTest::addColumn<QList<int>>("keys");  // Qt::Key values, Ctrl added for layer moves (negative)
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::newRow("next head") << QList<int>{Qt::Key_PageDown} << 0 << 1;
    QTest::newRow("across into layer 1") << QList<int>{Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageDown} << 1 << 0;
    QTest::newRow("stops at the first head") << QList<int>{Qt::Key_PageUp} << 0 << 0;
    QTest::newRow("next layer keeps the head") << QList<int>{Qt::Key_PageDown, -Qt::Key_PageDown} << 1 << 1;
    QTest::newRow("stops at the last layer") << QList<int>{-Qt::Key_PageDown, -Qt::Key_PageDown} << 1 << 0;
}

void MainWindowTest::pageKeysWalkThroughHeadsAndLayers() {
    QFETCH(QList<int>, keys);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("one two three"));
    QVERIFY(window);
    const AttentionTrace expected = engineTrace(QStringLiteral("one two three"));
    for (int key : keys)
        QTest::keyClick(window.get(), Qt::Key(std::abs(key)), key < 0 ? Qt::ControlModifier : Qt::NoModifier);
    QTEST(document.layer(), "layer");
    QTEST(document.head(), "head");
    QCOMPARE(window->layerBox()->value(), document.layer());
    QCOMPARE(window->headBox()->value(), document.head());
    compareHeatmap(*window, expected, document.layer(), document.head());
}

void MainWindowTest::arrowKeysOnHeatmap() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("arrows walk the model"));
    QVERIFY(window);
    QWidget* plot = reinterpret_cast<QWidget*>(window->heatmap()->plot());
    plot->setFocus();
    QTest::keyClick(plot, Qt::Key_Right);
    QTest::keyClick(plot, Qt::Key_Down);
    QCOMPARE(document.layer(), 1);
    QCOMPARE(document.head(), 1);
    QTest::keyClick(plot, Qt::Key_Left);
    QTest::keyClick(plot, Qt::Key_Up);
    QCOMPARE(document.layer(), 0);
    QCOMPARE(document.head(), 0);
}

void MainWindowTest::gridHasEveryHeadAndOpensOne() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("the grid shows every head"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::GridTab);
    auto* grid = window->grid();
    QTRY_COMPARE(grid->layerCount(), 2);  // drawn by the document's worker
    QCOMPARE(grid->headCount(), 4);
    const QRect cell = grid->cellRect(1, 3);
    QVERIFY(!cell.isNull());
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, cell.center());
    QCOMPARE(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab));
    QCOMPARE(document.layer(), 1);
    QCOMPARE(document.head(), 3);
    compareHeatmap(*window, engineTrace(QStringLiteral("the grid shows every head")), 1, 3);
}

void MainWindowTest::hideSpecialTokensRenormalises() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("hide the special tokens"));
    QVERIFY(window);
    const AttentionTrace full = engineTrace(QStringLiteral("hide the special tokens"));
    // Select "hide" (token 1, after [CLS]) by clicking its row label.
    auto* heat = window->heatmap();
    QTest::mouseClick(heat->plot(), Qt::LeftButton, Qt::NoModifier,
                      heat->plot()->mapFrom(heat, heat->cellCenter(1, 0) - QPoint(40, 0)));
    QCOMPARE(window->selectedToken(), 1);
    QTest::mouseClick(window->hideSpecialBox(), Qt::LeftButton);
    // The same token stays selected: without [CLS] it is the heatmap's first row.
    QCOMPARE(window->selectedToken(), 1);
    QCOMPARE(heat->selectedToken(), 0);
    QVERIFY(window->hideSpecialBox()->isChecked());
    auto* heatmap = window->heatmap();
    QCOMPARE(heatmap->queryCount(), full.length() - 2);  // [CLS] and [SEP] gone
    const MatrixF expected = withoutTokens(MatrixF(full.head(0, 0)), keptTokens(full.special()), true);
    for (int q = 0; q < heatmap->queryCount(); ++q) {
        double sum = 0;
        for (int k = 0; k < heatmap->keyCount(); ++k) {
            QCOMPARE(heatmap->value(q, k), expected(q, k));
            sum += heatmap->value(q, k);
        }
        QVERIFY(std::abs(sum - 1.0) < 1e-5);
    }
}

void MainWindowTest::colormapAndScalePersist() {
    {
        AttentionDocument document;
        auto window = readyWindow(document, QStringLiteral("remember my colours"));
        QVERIFY(window);
        window->colormapBox()->setCurrentIndex(window->colormapBox()->findText("magma"));
        window->scaleBox()->setCurrentIndex(int(allScaleModes().indexOf(ScaleMode::RowMax)));
        QCOMPARE(window->heatmap()->style().colormap, Colormap::Magma);
        // Per-row maximum: every row's strongest cell is drawn as 1.
        for (int q = 0; q < window->heatmap()->queryCount(); ++q) {
            double rowMax = 0;
            for (int k = 0; k < window->heatmap()->keyCount(); ++k)
                rowMax = std::max(rowMax, window->heatmap()->cellValue(q, k));
            QCOMPARE(rowMax, 1.0);
        }
        window->close();
    }
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("remember my colours"));
    QVERIFY(window);
    QCOMPARE(window->colormapBox()->currentText(), QStringLiteral("magma"));
    QCOMPARE(window->heatmap()->style().colormap, Colormap::Magma);
    QCOMPARE(window->heatmap()->style().scale, ScaleMode::RowMax);
}

void MainWindowTest::comparisonShowsDifference() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("compare two heads"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::CompareTab);
    auto* comparison = window->comparison();
    comparison->setHeads(0, 1, 1, 2);
    const AttentionTrace expected = engineTrace(QStringLiteral("compare two heads"));
    auto* difference = comparison->difference();
    QCOMPARE(difference->queryCount(), expected.length());
    for (int q = 0; q < expected.length(); ++q)
        for (int k = 0; k < expected.length(); ++k)
            QCOMPARE(difference->value(q, k), expected.weight(0, 1, q, k) - expected.weight(1, 2, q, k));
}

void MainWindowTest::exportsImages_data() {
    QTest::addColumn<int>("tab");
    QTest::newRow("heatmap") << int(MainWindow::HeatmapTab);
    QTest::newRow("grid") << int(MainWindow::GridTab);
    QTest::newRow("comparison") << int(MainWindow::CompareTab);
    QTest::newRow("rollout") << int(MainWindow::RolloutTab);
}

// The view as PNG, SVG and PDF. The PNG decodes and has 2 pixels per point of the page (the SVG's
// viewBox); the SVG and the PDF, drawn by rsvg-convert and pdftoppm at 2 pixels per point, are
// the PNG's figure within what renderers differ by (support/ui/ImageChecks.h). A byte count and
// "more than 30 colours" (what this checked before) passed a blank or misdrawn page.
void MainWindowTest::exportsImages() {
    QFETCH(int, tab);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("The animal was tired"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(tab);
    window->heatmap()->setSelectedToken(2);  // the selection is part of what is exported
    QTemporaryDir dir;
    const double scale = 2.0;
    const QString png = dir.filePath("view.png"), svg = dir.filePath("view.svg"), pdf = dir.filePath("view.pdf");
    for (const QString& path : {png, svg, pdf})
        QCOMPARE(window->exportCurrentView(path, scale), QString());

    const QByteArray svgBytes = readFile(svg);
    QSvgRenderer renderer(svgBytes);
    QVERIFY(renderer.isValid());
    if (tab == MainWindow::HeatmapTab)
        QVERIFY(svgBytes.contains("animal") && svgBytes.contains("Key: attended to"));
    QVERIFY(readFile(pdf).startsWith("%PDF-"));

    const QImage image(png);
    QVERIFY2(!image.isNull(), "the PNG does not decode");
    const QSize page = renderer.viewBox().size();
    QVERIFY(!page.isEmpty());
    QCOMPARE(image.size(), page * scale);
    for (const QString& path : {svg, pdf}) {
        QString error;
        const QImage raster = path == pdf ? rasterisePdf(path, scale, &error) : rasteriseSvg(path, scale, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString difference = compareRendering(raster, onWhite(image), kRendererDifference, QFileInfo(path).fileName());
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
}

void MainWindowTest::exportsData_data() {
    QTest::addColumn<QString>("suffix");
    QTest::newRow("json") << "json";
    QTest::newRow("csv") << "csv";
    QTest::newRow("npy") << "npy";
}

void MainWindowTest::exportsData() {
    QFETCH(QString, suffix);
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("data out"));
    QVERIFY(window);
    QTemporaryDir dir;
    const QString path = dir.filePath("attention." + suffix);
    QCOMPARE(window->exportData(path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const AttentionTrace expected = engineTrace(QStringLiteral("data out"));
    const int t = expected.length();
    if (suffix == "json") {
        const QJsonObject json = QJsonDocument::fromJson(bytes).object();
        QCOMPARE(json.value("attention").toArray().size(), 2);
        // Written as the shortest text that reads back to the same float.
        QCOMPARE(float(json.value("attention")[1][3][t - 1][0].toDouble()), expected.weight(1, 3, t - 1, 0));
    } else if (suffix == "csv") {
        QCOMPARE(bytes.count('\n'), 2 * 4 * t * t + 1);
    } else {
        QVERIFY(bytes.startsWith("\x93NUMPY"));
        // NumPy 1.0 format: magic, version, a little-endian uint16 header length, the header
        // (padded so that the data starts at a multiple of 64), then 2 × 4 × t × t floats.
        const qsizetype data = qsizetype(2) * 4 * t * t * qsizetype(sizeof(float));
        const qsizetype header = bytes.size() - data;
        QCOMPARE(header % 64, qsizetype(0));
        QCOMPARE(qsizetype(10 + (uchar(bytes[8]) | uchar(bytes[9]) << 8)), header);
        QVERIFY2(bytes.left(header).contains("'shape': (2, 4, " + QByteArray::number(t) + ", " + QByteArray::number(t) + ")"),
                 bytes.left(header).constData());
        // The data block is the last L*H*T*T floats, in C order.
        float last;
        std::memcpy(&last, bytes.constData() + bytes.size() - 4, 4);
        QCOMPARE(last, expected.weight(1, 3, t - 1, t - 1));
    }
}

void MainWindowTest::exportsAllHeads() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("every head to a folder"));
    QVERIFY(window);
    QTemporaryDir dir;
    QCOMPARE(window->exportAllHeads(dir.filePath("out"), "svg"), QString());
    const QStringList files = QDir(dir.filePath("out")).entryList(QDir::Files);
    QCOMPARE(files.size(), 2 * 4 + 5);
    QVERIFY(files.contains("layer1_head3.svg"));
    QVERIFY(files.contains("grid.svg"));
    QVERIFY(files.contains("statistics.csv"));
    QVERIFY(!window->exportAllHeads(dir.filePath("out2"), "gif").isEmpty());
}

void MainWindowTest::dropFolderOpensModel() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("drop a model here"));
    QVERIFY(window);
    const QString folder = QStringLiteral(HEADMAP_FIXTURES_DIR "/models/gpt2_f32");
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(folder)});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window.get(), &drop);
    QVERIFY(traced.wait(10000));  // the model loads, then the sentence reruns on it
    QCOMPARE(document.modelSummary().architecture, QStringLiteral("gpt2"));
    QCOMPARE(window->modelChooser()->currentModel(), folder);
    QVERIFY(window->settings().recentModels.contains(folder));
    // GPT-2 is causal: nothing above the diagonal.
    auto* heatmap = window->heatmap();
    for (int q = 0; q < heatmap->queryCount(); ++q)
        for (int k = q + 1; k < heatmap->keyCount(); ++k)
            QCOMPARE(heatmap->value(q, k), 0.0f);

    // A file is not a model folder: the drop is refused.
    QMimeData file;
    file.setUrls({QUrl::fromLocalFile(folder + "/config.json")});
    QDragEnterEvent refused(QPoint(50, 50), Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    refused.ignore();
    QApplication::sendEvent(window.get(), &refused);
    QVERIFY(!refused.isAccepted());
}

void MainWindowTest::pairSentenceForBert() {
    AttentionDocument document;
    ModelSpec spec;
    spec.source = QStringLiteral(HEADMAP_FIXTURES_DIR "/models/bert_f32_prefixed");
    QVERIFY(document.setModelSpec(spec));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(QStringLiteral("Hej verden!"));
    window.pairEdit()->setText(QStringLiteral("Jeg læser bøger."));
    QTest::keyClick(window.pairEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    const QStringList tokens = document.trace().tokens();
    QCOMPARE(tokens.count(QStringLiteral("[SEP]")), 2);
    QCOMPARE(window.heatmap()->queryCount(), tokens.size());
}

void MainWindowTest::modelChooserOpensModel() {
    AttentionDocument document;
    auto window = readyWindow(document, QStringLiteral("choose a model"));
    QVERIFY(window);
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window->openModel(QStringLiteral("/no/such/model"));
    QVERIFY(errors.wait(10000));
    QVERIFY2(window->statusBar()->currentMessage().contains("/no/such/model"),
             qPrintable(window->statusBar()->currentMessage()));
    QCOMPARE(document.modelSummary().name, QStringLiteral("builtin:teaching"));  // kept
    QCOMPARE(window->modelChooser()->currentModel(), QStringLiteral("builtin:teaching"));

    QSignalSpy changed(&document, &AttentionDocument::modelChanged);
    window->openModel(QStringLiteral(HEADMAP_FIXTURES_DIR "/models/distilbert_f32"));
    QVERIFY(changed.wait(10000));
    QCOMPARE(document.modelSummary().architecture, QStringLiteral("distilbert"));
    QVERIFY(window->windowTitle().contains("distilbert_f32"));
}

void MainWindowTest::decoderFamiliesInEveryView_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("window");  // of layer 0; 0 for plain causal
    QTest::newRow("gemma2: window on layer 0") << "gemma2_f32" << 3 << 4 << 4;
    QTest::newRow("qwen3: QK-norm") << "qwen3_f32" << 2 << 4 << 0;
    QTest::newRow("olmo2: post-norm") << "olmo2_f32" << 2 << 4 << 0;
    QTest::newRow("pythia: parallel residual") << "gpt_neox_f16" << 2 << 4 << 0;
    QTest::newRow("phi3: window 5") << "phi3_f32" << 2 << 4 << 5;
}

// A decoder folder opened in the desktop program: the heatmap keeps the causal (and window)
// zeros, the grid shows every layer and head, the statistics table has a row per head.
void MainWindowTest::decoderFamiliesInEveryView() {
    QFETCH(QString, fixture);
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, window);
    AttentionDocument document;
    ModelSpec spec;
    spec.source = QStringLiteral(HEADMAP_FIXTURES_DIR "/models/") + fixture;
    QVERIFY(document.setModelSpec(spec));
    MainWindow mainWindow(&document);
    mainWindow.show();
    QVERIFY(QTest::qWaitForWindowExposed(&mainWindow));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::keyClicks(mainWindow.sentenceEdit(), QStringLiteral("the cat sat on the mat with the hat"));
    QTest::keyClick(mainWindow.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    QCOMPARE(document.modelSummary().layers, layers);
    QCOMPARE(document.modelSummary().heads, heads);
    // Titles name the folder, not the local path it sits in.
    QCOMPARE(mainWindow.windowTitle(), QStringLiteral("Headmap — ") + fixture);
    QVERIFY2(mainWindow.heatmap()->title().startsWith(fixture + " · layer"), qPrintable(mainWindow.heatmap()->title()));

    mainWindow.layerBox()->setValue(0);
    mainWindow.headBox()->setValue(heads - 1);
    auto* heatmap = mainWindow.heatmap();
    QVERIFY(heatmap->queryCount() > 5);
    for (int q = 0; q < heatmap->queryCount(); ++q) {
        float sum = 0.0f;
        for (int k = 0; k < heatmap->keyCount(); ++k) {
            const bool visible = k <= q && (window == 0 || k > q - window);
            if (!visible)
                QCOMPARE(heatmap->value(q, k), 0.0f);
            if (k > q)  // the causal mask is drawn as masked, not as a weight of 0
                QVERIFY2(heatmap->isMasked(q, k), qPrintable(QStringLiteral("cell %1, %2").arg(q).arg(k)));
            sum += heatmap->value(q, k);
        }
        QVERIFY(std::abs(sum - 1.0f) < 1e-4f);
    }

    mainWindow.tabs()->setCurrentIndex(MainWindow::GridTab);
    QTRY_COMPARE(mainWindow.grid()->layerCount(), layers);
    QCOMPARE(mainWindow.grid()->headCount(), heads);
    mainWindow.tabs()->setCurrentWidget(mainWindow.statistics());
    QTRY_COMPARE(mainWindow.statistics()->model()->rowCount(), layers * heads);
}

// A checkpoint with a NaN weight: the run stops and the window says why, naming the tensor.
void MainWindowTest::nonFiniteWeightsAreReported() {
    QTemporaryDir dir;
    const QString folder = dir.filePath("poisoned");
    QVERIFY(modelfixtures::copyFolder(modelfixtures::modelFixture("llama_f32_tied"), folder));
    QVERIFY(modelfixtures::setFirstValue(folder, "model.layers.1.self_attn.q_proj.weight",
                                         std::numeric_limits<float>::quiet_NaN()));
    AttentionDocument document;
    ModelSpec spec;
    spec.source = folder;
    QVERIFY(document.setModelSpec(spec));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window.sentenceEdit()->setText(QStringLiteral("the cat sat"));
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(errors.wait(10000));
    const QString message = errors.first().first().toString();
    QVERIFY2(message.contains("NaN or Inf") && message.contains("model.layers.1.self_attn.q_proj.weight"), qPrintable(message));
    QTRY_VERIFY2(window.statusBar()->currentMessage().contains("NaN or Inf"), qPrintable(window.statusBar()->currentMessage()));
}

void MainWindowTest::wordsMergeInEveryView_data() {
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("legendMark");  // a mark the legend under the views explains
    QTest::newRow("gpt2, split English words") << "gpt2_f32" << "Tokenization of unbelievably long words" << "␣";
    QTest::newRow("gpt2, Chinese seed sentence, byte pieces")
        << "gpt2_f32" << QStringLiteral("多头注意力是Transformer中的一个中心机制。") << QStringLiteral("多¹⁄₃");
    QTest::newRow("bert, WordPiece continuations") << "bert_f32_prefixed" << "unbelievably tokenized headmaps" << "##";
}

void MainWindowTest::wordsMergeInEveryView() {
    QFETCH(QString, fixture);
    QFETCH(QString, text);
    QFETCH(QString, legendMark);
    ModelSpec spec;
    spec.source = QStringLiteral(HEADMAP_FIXTURES_DIR "/models/") + fixture;
    const auto model = loadModel(spec);
    const AttentionTrace pieces = model->run(model->tokenize(text)).trace;
    const AttentionTrace words = mergeIntoWords(pieces);
    QVERIFY2(words.length() < pieces.length(), "the sentence must have words of several pieces");

    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(text);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    QVERIFY(traced.wait(10000));
    QCOMPARE(window.heatmap()->queryCount(), pieces.length());
    QVERIFY2(window.tokenInfo()->text().contains(legendMark), qPrintable(window.tokenInfo()->text()));

    // Hovering a cell names both tokens' raw pieces and bytes.
    emit window.heatmap()->cellHovered(1, 0, 0.0f);
    QVERIFY2(window.tokenInfo()->text().contains(tokenlabels::tooltips(pieces).value(1)),
             qPrintable(window.tokenInfo()->text()));

    window.wordsBox()->click();
    QTRY_COMPARE(window.heatmap()->queryCount(), words.length());
    compareHeatmap(window, words, 0, 0);
    QCOMPARE(document.trace().displayTokens(), words.displayTokens());
    window.tabs()->setCurrentIndex(MainWindow::GridTab);
    QTRY_COMPARE(window.grid()->tokenCount(), words.length());
    window.tabs()->setCurrentIndex(MainWindow::StatisticsTab);
    QTRY_COMPARE(window.statistics()->model()->rowCount(), words.layers() * words.heads());
    window.tabs()->setCurrentIndex(MainWindow::RolloutTab);
    QTRY_COMPARE(window.rollout()->heatmap()->queryCount(), words.length());
    QVERIFY(window.currentSession().mergeWords);

    window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    window.wordsBox()->click();
    QTRY_COMPARE(window.heatmap()->queryCount(), pieces.length());
    compareHeatmap(window, pieces, 0, 0);
}

QTEST_MAIN(MainWindowTest)
#include "tst_mainwindow.moc"
