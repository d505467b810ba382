// The target field of a translation model (parts/TargetTextPart, issue #37): shown only for
// encoder–decoder models, it shows what the model generated; a target typed and entered is what
// the decoder reads (teacher forcing) and the note says so; Generate, or an emptied field, lets
// the model write it again; the note says greedy decoding is used when the model's folder asks
// for beam search. Driven through its widgets, against the document.

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "AttentionDocument.h"
#include "MainWindow.h"
#include "TinyTranslationModel.h"
#include "parts/TargetTextPart.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

const QString kSource = QStringLiteral("katten sidder på måtten");

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

}  // namespace

class TestTargetTextPart : public QObject {
    Q_OBJECT
private slots:
    void showsTheGeneratedTargetAndTakesTheUsersOwn();
    void hiddenForModelsWithoutATarget();
    void beamsComeFromTheModelsFolder_data();
    void beamsComeFromTheModelsFolder();
    void theNoteSaysGreedyWhenTheFolderAsksForBeams();
    void theWindowHasTheFieldUnderTheSentence();
};

void TestTargetTextPart::showsTheGeneratedTargetAndTakesTheUsersOwn() {
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    QWidget host;
    TargetTextPart part(&document, &host);
    QVERIFY(!part.widget()->isHidden());
    document.setText(kSource);
    document.waitForIdle();
    testmodels::TinyTranslationModel model;
    const QString generated = model.targetText(model.generate(model.tokenizer().encode(kSource, true)));
    QCOMPARE(part.edit()->text(), generated);
    QVERIFY2(part.note()->text().contains(QStringLiteral("greedy")), qPrintable(part.note()->text()));

    // The user's own target, entered: the decoder's rows are its tokens.
    part.edit()->setFocus();
    part.edit()->selectAll();
    QTest::keyClicks(part.edit(), QStringLiteral("the dog runs"));
    QTest::keyClick(part.edit(), Qt::Key_Return);
    document.waitForIdle();
    QVERIFY(document.isTeacherForced());
    QCOMPARE(document.trace().displayTokens(), (QStringList{"<pad>", "the", "dog", "runs"}));
    QCOMPARE(part.edit()->text(), QStringLiteral("the dog runs"));
    QVERIFY2(part.note()->text().contains(QStringLiteral("teacher forcing")), qPrintable(part.note()->text()));

    // A new sentence keeps the user's target; Generate lets the model write one again.
    document.setText(QStringLiteral("hunden løber"));
    document.waitForIdle();
    QCOMPARE(part.edit()->text(), QStringLiteral("the dog runs"));
    QTest::mouseClick(part.generateButton(), Qt::LeftButton);
    document.waitForIdle();
    QVERIFY(!document.isTeacherForced());
    QCOMPARE(part.edit()->text(),
             model.targetText(model.generate(model.tokenizer().encode(QStringLiteral("hunden løber"), true))));

    // An emptied field does the same.
    document.setTargetText(QStringLiteral("the cat"));
    document.waitForIdle();
    QCOMPARE(part.edit()->text(), QStringLiteral("the cat"));
    part.edit()->clear();
    QTest::keyClick(part.edit(), Qt::Key_Return);
    document.waitForIdle();
    QVERIFY(!document.isTeacherForced());
}

void TestTargetTextPart::hiddenForModelsWithoutATarget() {
    AttentionDocument document;
    QVERIFY(document.setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    QWidget host;
    TargetTextPart part(&document, &host);
    QVERIFY(part.widget()->isHidden());
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    QVERIFY(!part.widget()->isHidden());
    QVERIFY(document.setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    QVERIFY(part.widget()->isHidden());
}

void TestTargetTextPart::beamsComeFromTheModelsFolder_data() {
    QTest::addColumn<QByteArray>("generation");
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<int>("beams");
    QTest::newRow("generation_config.json") << QByteArray(R"({"num_beams": 4})") << QByteArray(R"({"num_beams": 6})") << 4;
    QTest::newRow("config.json only") << QByteArray() << QByteArray(R"({"num_beams": 6})") << 6;
    QTest::newRow("neither") << QByteArray(R"({"max_length": 20})") << QByteArray(R"({})") << 1;
    QTest::newRow("greedy") << QByteArray(R"({"num_beams": 1})") << QByteArray() << 1;
}

void TestTargetTextPart::beamsComeFromTheModelsFolder() {
    QFETCH(QByteArray, generation);
    QFETCH(QByteArray, config);
    QFETCH(int, beams);
    QTemporaryDir dir;
    if (!generation.isEmpty())
        writeFile(dir.filePath("generation_config.json"), generation);
    if (!config.isEmpty())
        writeFile(dir.filePath("config.json"), config);
    QCOMPARE(TargetTextPart::folderBeams(dir.path()), beams);
    QCOMPARE(TargetTextPart::folderBeams(QStringLiteral("builtin:teaching")), 1);
}

void TestTargetTextPart::theNoteSaysGreedyWhenTheFolderAsksForBeams() {
    // The Marian fixture's generation_config.json asks for 4 beams, as opus-mt's do.
    const QString marian = QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("seq2seq/marian_f32"));
    QCOMPARE(TargetTextPart::folderBeams(marian), 4);
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{marian, {}});
    QWidget host;
    TargetTextPart part(&document, &host);
    document.setText(kSource);
    document.waitForIdle();
    QVERIFY2(part.note()->text().contains(QStringLiteral("num_beams = 4")), qPrintable(part.note()->text()));
    QVERIFY(part.note()->text().contains(QStringLiteral("greedy decoding")));
    QVERIFY(part.note()->toolTip().contains(QStringLiteral("greedily")));
    document.setTargetText(QStringLiteral("the cat"));  // the user's target: nothing was decoded
    document.waitForIdle();
    QVERIFY(!part.note()->text().contains(QStringLiteral("num_beams")));
}

void TestTargetTextPart::theWindowHasTheFieldUnderTheSentence() {
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    MainWindow window(&document);
    window.resize(800, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QLineEdit* edit = window.targetPart()->edit();
    QVERIFY(edit->isVisible());
    const QPoint sentence = window.sentenceEdit()->mapTo(&window, QPoint(0, 0));
    const QPoint target = edit->mapTo(&window, QPoint(0, 0));
    QVERIFY(target.y() > sentence.y());
    QVERIFY(target.y() < window.headBox()->mapTo(&window, QPoint(0, 0)).y());
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
}

QTEST_MAIN(TestTargetTextPart)
#include "tst_targettextpart.moc"
