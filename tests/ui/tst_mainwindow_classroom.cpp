// MainWindow in the classroom, driven offscreen: the step-by-step tab shows the engine's own
// step matrices, the teaching model's knobs rebuild the model, named heads are explained,
// example sentences, presentation mode, and sessions that restore the same view.

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleOption>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "AttentionDocument.h"
#include "HeatmapView.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "Session.h"
#include "TeachingOptionsPanel.h"
#include "steps/MatrixView.h"
#include "steps/StepView.h"
#include "model/ModelLoader.h"
#include "teaching/TeachingModel.h"

using namespace headmap;
using namespace headmap::ui;
using mainwindowtests::runSentence;

namespace {

ModelSpec spec(const QString& source) {
    ModelSpec s;
    s.source = source;
    return s;
}

// Pixels in rect light enough to stand out on black (the presentation palette's window).
int brightPixels(const QImage& image, const QRect& rect) {
    int count = 0;
    for (int y = std::max(0, rect.top()); y <= std::min(image.height() - 1, rect.bottom()); ++y)
        for (int x = std::max(0, rect.left()); x <= std::min(image.width() - 1, rect.right()); ++x)
            count += QColor(image.pixel(x, y)).lightness() > 150;
    return count;
}

bool showWindow(MainWindow& window) {
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

}  // namespace

class MainWindowClassroomTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void stepsTabShowsEngineSteps_data();
    void stepsTabShowsEngineSteps();
    void teachingKnobsRebuildTheModel();
    void stepsFollowTheModel();
    void patternHeadsAreExplained();
    void examplesRunTheSeedSentences_data();
    void examplesRunTheSeedSentences();
    void presentationModeIsBigAndHighContrast();
    void leavingPresentationShowsTheLoadedModelsKnobs_data();
    void leavingPresentationShowsTheLoadedModelsKnobs();
    void sessionRoundTripRestoresTheView();
    void headmapOpensSessionFromCommandLine();
    void brokenSessionIsRefusedCleanly_data();
    void brokenSessionIsRefusedCleanly();
};

void MainWindowClassroomTest::stepsTabShowsEngineSteps_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("causal");
    QTest::newRow("teaching encoder") << "builtin:teaching" << false;
    QTest::newRow("teaching causal") << "builtin:teaching" << true;
    QTest::newRow("gpt2 checkpoint") << HEADMAP_FIXTURES_DIR "/models/gpt2_f32" << false;
    QTest::newRow("bert checkpoint") << HEADMAP_FIXTURES_DIR "/models/bert_f16_gamma" << false;
}

void MainWindowClassroomTest::stepsTabShowsEngineSteps() {
    QFETCH(QString, source);
    QFETCH(bool, causal);
    const QString sentence = QStringLiteral("The animal was too tired");
    ModelSpec modelSpec = spec(source);
    modelSpec.teaching.causal = causal;
    AttentionDocument document;
    QVERIFY(document.setModelSpec(modelSpec));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(runSentence(window, sentence));
    document.setHeadIndex(1, 2);

    QSignalSpy stepped(&document, &AttentionDocument::stepsChanged);
    window.tabs()->setCurrentIndex(MainWindow::StepsTab);
    QVERIFY(stepped.wait(10000));

    // The reference: the engine run directly for the same head.
    const auto model = loadModel(modelSpec);
    RunOptions run;
    run.steps = HeadIndex{1, 2, std::nullopt};
    const RunResult expected = model->run(model->tokenize(sentence), run);
    const HeadSteps& steps = *expected.steps;
    StepView* view = window.stepView();
    QTest::keyClick(view, Qt::Key_Right);
    QTest::keyClick(view, Qt::Key_Right);  // step 2: QKᵀ
    QCOMPARE(view->step(), 2);
    const QList<MatrixView*> scores = view->matrices(2);
    QVERIFY(!scores.isEmpty());
    const int t = int(steps.scores.rows());
    QCOMPARE(scores.first()->rows(), t);
    for (int i = 0; i < t; ++i)
        for (int j = 0; j < t; ++j)
            QCOMPARE(scores.first()->valueAt(i, j), double(steps.scores(i, j)));
    const QList<MatrixView*> weights = view->matrices(5);
    QVERIFY(!weights.isEmpty());
    for (int i = 0; i < t; ++i)
        for (int j = 0; j < t; ++j)
            QCOMPARE(weights.first()->valueAt(i, j), double(steps.weights(i, j)));

    // Changing the head recomputes the steps (PageDown here is the next step, as the README says).
    QSignalSpy again(&document, &AttentionDocument::stepsChanged);
    window.headBox()->setValue(3);
    QVERIFY(again.wait(10000));
    QCOMPARE(document.steps()->head, 3);
}

void MainWindowClassroomTest::teachingKnobsRebuildTheModel() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QVERIFY(runSentence(window, QStringLiteral("knobs for the class")));
    TeachingOptionsPanel* panel = window.teachingPanel();
    QVERIFY(panel->isVisible());

    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    panel->headsBox()->setValue(8);
    panel->layersBox()->setValue(3);
    QTest::mouseClick(panel->causalBox(), Qt::LeftButton);
    QVERIFY(traced.wait(10000));  // one rebuild after the pause, then the sentence reruns
    QCOMPARE(document.modelSummary().heads, 8);
    QCOMPARE(document.modelSummary().layers, 3);
    QVERIFY(document.modelSummary().causal);
    QCOMPARE(window.headBox()->maximum(), 7);
    auto* heatmap = window.heatmap();
    for (int q = 0; q < heatmap->queryCount(); ++q)
        for (int k = q + 1; k < heatmap->keyCount(); ++k)
            QCOMPARE(heatmap->value(q, k), 0.0f);

    // 64 is not divisible by 7: the error says so and the model stays.
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    panel->headsBox()->setValue(7);
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains("not divisible"), 5000);
    QCOMPARE(document.modelSummary().heads, 8);
}

void MainWindowClassroomTest::stepsFollowTheModel() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    const QString sentence = QStringLiteral("a new seed, new steps");
    QVERIFY(runSentence(window, sentence));
    QSignalSpy stepped(&document, &AttentionDocument::stepsChanged);
    window.tabs()->setCurrentIndex(MainWindow::StepsTab);
    QVERIFY(stepped.wait(10000));
    QVERIFY(document.steps());

    // Another seed is another model: the steps on screen must be the new model's, not the old.
    window.teachingPanel()->seedBox()->setValue(7);
    QTRY_VERIFY_WITH_TIMEOUT(document.modelSpec().teaching.seed == 7 && document.steps() &&
                                 !document.isBusy(), 10000);
    TeachingOptions options;
    options.seed = 7;
    const TeachingModel model(options);
    RunOptions run;
    run.steps = HeadIndex{document.layer(), document.head(), std::nullopt};
    const RunResult expected = model.run(model.tokenizer().encode(sentence, true), run);
    QCOMPARE(document.steps()->weights, expected.steps->weights);
    QCOMPARE(window.stepView()->matrices(5).first()->valueAt(1, 2), double(expected.steps->weights(1, 2)));
}

void MainWindowClassroomTest::patternHeadsAreExplained() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:patterns")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QVERIFY(runSentence(window, QStringLiteral("the cat saw the dog")));
    QVERIFY(!window.teachingPanel()->isVisible());
    QVERIFY(window.headNote()->isVisible());
    QVERIFY(window.headNote()->text().contains("previous token"));
    QTest::keyClick(&window, Qt::Key_PageDown);
    QVERIFY(window.headNote()->text().contains("next token"));
    // The previous-token head, as the class sees it.
    document.setHeadIndex(0, 0);
    auto* heatmap = window.heatmap();
    for (int q = 1; q < heatmap->queryCount(); ++q)
        QVERIFY(heatmap->value(q, q - 1) >= 0.9f);
}

void MainWindowClassroomTest::examplesRunTheSeedSentences_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("contains");
    QTest::newRow("coreference") << 0 << "animal";
    QTest::newRow("danish") << 1 << "afhængigheder";
    QTest::newRow("chinese") << 2 << "注";
}

void MainWindowClassroomTest::examplesRunTheSeedSentences() {
    QFETCH(int, index);
    QFETCH(QString, contains);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::keyClick(&window, Qt::Key(Qt::Key_1 + index), Qt::AltModifier);
    QVERIFY(traced.wait(10000));
    QCOMPARE(window.sentenceEdit()->text(), MainWindow::exampleSentences()[index]);
    QVERIFY(document.trace().displayTokens().contains(contains));
}

void MainWindowClassroomTest::presentationModeIsBigAndHighContrast() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QVERIFY(runSentence(window, QStringLiteral("for the back row")));
    const double normalSize = QApplication::font().pointSizeF();
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(window.isPresentationMode());
    QVERIFY(window.isFullScreen());
    QVERIFY(!window.menuBar()->isVisible());
    QVERIFY(QApplication::font().pointSizeF() >= std::max(18.0, normalSize * 1.5));
    QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(0, 0, 0));
    QTRY_COMPARE(window.heatmap()->plot()->xAxis->tickLabelColor(), QColor(255, 255, 255));  // palette events are posted
    // The controls it keeps must be seen on black: the layer box's arrows and frame, and a
    // check box's frame (Fusion drew them in shades of the window colour: black on black).
    QSpinBox* layerBox = window.layerBox();
    QStyleOptionSpinBox spinOption;
    spinOption.initFrom(layerBox);
    spinOption.subControls = QStyle::SC_All;
    spinOption.buttonSymbols = layerBox->buttonSymbols();
    const QImage spin = layerBox->grab().toImage();
    const qreal ratio = spin.devicePixelRatio();
    for (auto sub : {QStyle::SC_SpinBoxUp, QStyle::SC_SpinBoxDown}) {
        const QRect rect = layerBox->style()->subControlRect(QStyle::CC_SpinBox, &spinOption, sub, layerBox);
        QVERIFY2(brightPixels(spin, QRectF(rect.topLeft() * ratio, rect.size() * ratio).toRect()) >= 6,
                 "a spin box arrow is not visible on black");
    }
    QCheckBox* box = nullptr;  // the first check box presentation mode keeps (the heatmap's Positions)
    for (QCheckBox* candidate : window.findChildren<QCheckBox*>())
        if (!box && candidate->isVisible())
            box = candidate;
    QVERIFY(box);
    QStyleOptionButton checkOption;
    checkOption.initFrom(box);
    const QRect indicator = box->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &checkOption, box);
    const QImage check = box->grab().toImage();
    QVERIFY2(brightPixels(check, QRectF(indicator.topLeft() * ratio, indicator.size() * ratio).toRect()) >=
                 indicator.width(),
             "the check box's frame is not visible on black");
    // Keyboard-driven: heads still move, Esc leaves.
    QTest::keyClick(&window, Qt::Key_PageDown);
    QCOMPARE(document.head(), 1);
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!window.isPresentationMode());
    QCOMPARE(QApplication::font().pointSizeF(), normalSize);
    QVERIFY(window.menuBar()->isVisible());
}

void MainWindowClassroomTest::leavingPresentationShowsTheLoadedModelsKnobs_data() {
    QTest::addColumn<QString>("before");  // loaded when presentation mode starts
    QTest::addColumn<QString>("during");  // opened in presentation mode
    QTest::newRow("teaching, then patterns") << "builtin:teaching" << "builtin:patterns";
    QTest::newRow("patterns, then teaching") << "builtin:patterns" << "builtin:teaching";
    QTest::newRow("teaching throughout") << "builtin:teaching" << "";
}

// The teaching knobs belong to builtin:teaching: presentation mode hides them, and leaving it
// shows them if and only if the model loaded then is that one (issue #36: they came back over
// builtin:patterns).
void MainWindowClassroomTest::leavingPresentationShowsTheLoadedModelsKnobs() {
    QFETCH(QString, before);
    QFETCH(QString, during);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec(before)));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QCOMPARE(window.teachingPanel()->isVisible(), before == QLatin1String("builtin:teaching"));
    window.setPresentationMode(true);
    QVERIFY(!window.teachingPanel()->isVisible());
    if (!during.isEmpty()) {
        QSignalSpy opened(&document, &AttentionDocument::modelChanged);
        window.openModel(during);
        QVERIFY(opened.wait(15000));
        QVERIFY(!window.teachingPanel()->isVisible());  // still presenting
    }
    window.setPresentationMode(false);
    const QString loaded = during.isEmpty() ? before : during;
    QCOMPARE(document.modelSource(), loaded);
    QCOMPARE(window.teachingPanel()->isVisible(), loaded == QLatin1String("builtin:teaching"));
}

void MainWindowClassroomTest::sessionRoundTripRestoresTheView() {
    QTemporaryDir dir;
    const QString path = dir.filePath("lesson.headmap");
    Session saved;
    {
        AttentionDocument document;
        QVERIFY(document.setModelSpec(spec("builtin:patterns")));
        MainWindow window(&document);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(runSentence(window, QStringLiteral("深入了解 the cat saw the cat")));
        document.setHeadIndex(0, 4);
        window.colormapBox()->setCurrentIndex(window.colormapBox()->findText("cividis"));
        QTest::mouseClick(window.hideSpecialBox(), Qt::LeftButton);
        window.heatmap()->setSelectedToken(2);
        emit window.heatmap()->tokenSelected(2);
        window.tabs()->setCurrentIndex(MainWindow::RolloutTab);
        QCOMPARE(window.saveSessionTo(path), QString());
        saved = window.currentSession();
    }
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QCOMPARE(window.openSessionFrom(path), QString());
    // The model opens in the background, then the session's sentence runs on it.
    QTRY_VERIFY_WITH_TIMEOUT(!document.trace().isEmpty() && !document.isBusy(), 10000);
    QVERIFY(traced.count() > 0);
    QCOMPARE(document.modelSummary().name, QStringLiteral("builtin:patterns"));
    QCOMPARE(window.sentenceEdit()->text(), QStringLiteral("深入了解 the cat saw the cat"));
    QCOMPARE(document.layer(), 0);
    QCOMPARE(document.head(), 4);
    QCOMPARE(window.tabs()->currentIndex(), int(MainWindow::RolloutTab));
    QVERIFY(window.hideSpecialBox()->isChecked());
    // Saved as a whole-sentence index (3: [CLS] is hidden in the heatmap, where it is row 2).
    QCOMPARE(window.selectedToken(), 3);
    QCOMPARE(window.currentSession(), saved);  // the same view, field by field
    // Hidden tabs catch up when shown.
    window.tabs()->setCurrentIndex(MainWindow::HeatmapTab);
    QCOMPARE(window.heatmap()->style().colormap, Colormap::Cividis);
    QCOMPARE(window.heatmap()->selectedToken(), 2);
}

void MainWindowClassroomTest::headmapOpensSessionFromCommandLine() {
    QTemporaryDir dir;
    Session session;
    session.modelSource = QStringLiteral("builtin:patterns");
    session.text = QStringLiteral("the cat saw the cat");
    session.head = 4;
    session.view = QStringLiteral("grid");
    QCOMPARE(saveSession(session, dir.filePath("lesson.headmap")), QString());

    // The real program, as a teacher would start it: headmap --open lesson.headmap.
    QProcess headmap;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("QT_QPA_PLATFORM", "offscreen");
    environment.insert("XDG_CONFIG_HOME", dir.filePath("config"));
    headmap.setProcessEnvironment(environment);
    headmap.start(QStringLiteral(HEADMAP_GUI_PATH),
                  {"--open", dir.filePath("lesson.headmap"), "--screenshot", dir.filePath("shot.png")});
    QVERIFY(headmap.waitForFinished(60000));
    QCOMPARE(headmap.exitCode(), 0);
    QImage shot(dir.filePath("shot.png"));
    QVERIFY(!shot.isNull());

    // A broken session: one line on stderr naming the file; the window still comes up.
    QFile broken(dir.filePath("broken.headmap"));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{ not json");
    broken.close();
    headmap.start(QStringLiteral(HEADMAP_GUI_PATH),
                  {"--open", dir.filePath("broken.headmap"), "--screenshot", dir.filePath("shot2.png")});
    QVERIFY(headmap.waitForFinished(60000));
    const QString err = QString::fromUtf8(headmap.readAllStandardError());
    QVERIFY2(err.contains("broken.headmap"), qPrintable(err));
    QVERIFY(QFile::exists(dir.filePath("shot2.png")));
}

void MainWindowClassroomTest::brokenSessionIsRefusedCleanly_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not json") << QByteArray("{\"format\": \"headmap-session\",") << "JSON";
    QTest::newRow("another program's file") << QByteArray("{\"format\": \"something\", \"version\": 1}") << "not a Headmap session";
    QTest::newRow("newer version") << QByteArray("{\"format\": \"headmap-session\", \"version\": 7, \"model\": {\"source\": \"builtin:teaching\"}, \"text\": \"x\"}") << "newer";
    QTest::newRow("unknown model") << QByteArray("{\"format\": \"headmap-session\", \"version\": 1, \"model\": {\"source\": \"builtin:nope\"}, \"text\": \"x\"}") << "builtin:nope";
}

void MainWindowClassroomTest::brokenSessionIsRefusedCleanly() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.headmap");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();
    AttentionDocument document;
    QVERIFY(document.setModelSpec(spec("builtin:teaching")));
    MainWindow window(&document);
    QVERIFY(showWindow(window));
    QVERIFY(runSentence(window, QStringLiteral("still here")));
    // A broken file is refused at once; a model that cannot be opened is found out in the
    // background, and said in the status bar and the banner.
    const QString error = window.openSessionFrom(path);
    QVERIFY2(error.isEmpty() == (QString::fromLatin1(QTest::currentDataTag()) == QLatin1String("unknown model")),
             qPrintable(error));
    QVERIFY2(error.isEmpty() || error.contains(expected), qPrintable(error));
    QTRY_VERIFY2(window.statusBar()->currentMessage().contains(expected), qPrintable(window.statusBar()->currentMessage()));
    document.waitForIdle();
    // Nothing changed, and the window still works.
    QCOMPARE(document.modelSummary().name, QStringLiteral("builtin:teaching"));
    QCOMPARE(window.sentenceEdit()->text(), QStringLiteral("still here"));
    QVERIFY(runSentence(window, QStringLiteral("and it still runs")));
}

QTEST_MAIN(MainWindowClassroomTest)
#include "tst_mainwindow_classroom.moc"
