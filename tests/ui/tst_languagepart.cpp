// The languages of a multilingual translation model (parts/LanguagePart, issue #37), driven
// through its two lists against the document, on the M2M100 fixture with the Hub's tokenizer
// files (tests/fixtures/seq2seq/m2m_100_lang_f32, whose golden.json comes from transformers'
// M2M100Tokenizer and generate(forced_bos_token_id=...), see make_language_fixtures.py): the
// lists name the model's codes and defaults; choosing Danish → English reruns the sentence with
// the source after __da__ and the translation starting with __en__, exactly as transformers
// writes it; the row is hidden for models without codes; in the main window it sits under the
// model, in the target's row.

#include <QComboBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "AttentionDocument.h"
#include "MainWindow.h"
#include "TinyTranslationModel.h"
#include "parts/LanguagePart.h"
#include "parts/TargetTextPart.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

QString fixture() {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("seq2seq/m2m_100_lang_f32"));
}

QJsonObject goldenCase(const QString& name) {
    QFile file(fixture() + QStringLiteral("/golden.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& c : QJsonDocument::fromJson(file.readAll()).object().value("cases").toArray())
        if (c.toObject().value("name").toString() == QLatin1String(name.toLatin1()))
            return c.toObject();
    return {};
}

std::vector<int> ints(const QJsonValue& value) {
    std::vector<int> out;
    for (const QJsonValue& v : value.toArray())
        out.push_back(v.toInt());
    return out;
}

// Chooses the entry with this code as a user does: the key that moves onto it (activated).
void choose(QComboBox* box, const QString& code) {
    const int index = box->findData(code);
    QVERIFY2(index > 0, qPrintable(code));
    box->setFocus();
    box->setCurrentIndex(index - 1);
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(box->currentData().toString(), code);
}

}  // namespace

class TestLanguagePart : public QObject {
    Q_OBJECT
private slots:
    void listsTheModelsLanguages();
    void choosingReruns();
    void hiddenForModelsWithoutCodes();
    void theWindowHasIt();
    void sessionsKeepTheLanguages();
};

void TestLanguagePart::listsTheModelsLanguages() {
    AttentionDocument document;
    document.setModel(loadModel(ModelSpec{fixture(), {}}), ModelSpec{fixture(), {}});
    QWidget host;
    LanguagePart part(&document, &host);
    QVERIFY(!part.widget()->isHidden());
    QCOMPARE(part.sourceBox()->count(), 101);
    QCOMPARE(part.sourceBox()->itemText(0), QStringLiteral("Default (__en__)"));  // src_lang null: en
    QCOMPARE(part.targetBox()->itemText(0), QStringLiteral("Model's default"));   // tgt_lang null
    QCOMPARE(part.sourceBox()->itemData(16).toString(), QStringLiteral("__da__"));
    QCOMPARE(part.targetBox()->count(), 101);
}

void TestLanguagePart::choosingReruns() {
    const QJsonObject golden = goldenCase(QStringLiteral("da_to_en"));
    QVERIFY(!golden.isEmpty());
    AttentionDocument document;
    document.setModel(loadModel(ModelSpec{fixture(), {}}), ModelSpec{fixture(), {}});
    QWidget host;
    LanguagePart part(&document, &host);
    document.setText(golden["source_text"].toString());
    document.waitForIdle();
    QCOMPARE(document.trace().keyTokens().value(0), QStringLiteral("__en__"));  // the default

    choose(part.sourceBox(), QStringLiteral("__da__"));
    choose(part.targetBox(), QStringLiteral("__en__"));
    document.waitForIdle();
    QCOMPARE(document.languages().source, QStringLiteral("__da__"));
    QCOMPARE(document.languages().target, QStringLiteral("__en__"));
    // The cross stack's columns are the source as transformers' tokenizer gives it in Danish,
    // its rows what generate() computed with __en__ forced first.
    QCOMPARE(document.trace().keyTokenIds(), ints(golden["source_ids"]));
    std::vector<int> rows = ints(golden["generated_ids"]);
    rows.pop_back();  // the last generated token is never read
    QCOMPARE(document.trace().tokenIds(), rows);
    QCOMPARE(document.trace().tokenIds().at(1), golden["forced_bos_token_id"].toInt());

    // A typed target is read in the chosen target language.
    document.setTargetText(golden["target_text"].toString());
    document.waitForIdle();
    QCOMPARE(document.trace().tokenIds(), ints(golden["decoder_input_ids"]));

    // Back to the defaults: the source is English again.
    part.sourceBox()->setFocus();
    part.sourceBox()->setCurrentIndex(1);
    QTest::keyClick(part.sourceBox(), Qt::Key_Up);
    document.waitForIdle();
    QVERIFY(document.languages().source.isEmpty());
    QCOMPARE(document.trace().keyTokens().value(0), QStringLiteral("__en__"));
}

void TestLanguagePart::hiddenForModelsWithoutCodes() {
    AttentionDocument document;
    document.setModel(std::make_shared<testmodels::TinyTranslationModel>(), ModelSpec{"test:tiny-translation", {}});
    QWidget host;
    LanguagePart part(&document, &host);
    QVERIFY(part.widget()->isHidden());
    document.setModel(loadModel(ModelSpec{fixture(), {}}), ModelSpec{fixture(), {}});
    QVERIFY(!part.widget()->isHidden());
    QVERIFY(document.setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    QVERIFY(part.widget()->isHidden());
}

void TestLanguagePart::theWindowHasIt() {
    AttentionDocument document;
    document.setModel(loadModel(ModelSpec{fixture(), {}}), ModelSpec{fixture(), {}});
    MainWindow window(&document);
    window.resize(800, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QComboBox* source = window.languagePart()->sourceBox();
    QComboBox* target = window.languagePart()->targetBox();
    QVERIFY(source->isVisible() && target->isVisible());
    // In the target's row, left of the field: below the sentence, above the views' controls.
    const QPoint field = window.targetPart()->edit()->mapTo(&window, QPoint(0, 0));
    const QPoint box = source->mapTo(&window, QPoint(0, 0));
    QVERIFY(box.x() < field.x());
    QVERIFY(box.y() > window.sentenceEdit()->mapTo(&window, QPoint(0, 0)).y());
    QVERIFY(box.y() < window.headBox()->mapTo(&window, QPoint(0, 0)).y());
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
}

// A session keeps the languages chosen in the lists; opening it (over another model) chooses
// them again, and the run is transformers' Danish-to-English one.
void TestLanguagePart::sessionsKeepTheLanguages() {
    const QJsonObject golden = goldenCase(QStringLiteral("da_to_en"));
    QVERIFY(!golden.isEmpty());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("languages.headmap"));
    {
        AttentionDocument document;
        document.setModel(loadModel(ModelSpec{fixture(), {}}), ModelSpec{fixture(), {}});
        MainWindow window(&document);
        window.resize(1000, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.sentenceEdit()->setText(golden["source_text"].toString());
        QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
        document.waitForIdle();
        choose(window.languagePart()->sourceBox(), QStringLiteral("__da__"));
        choose(window.languagePart()->targetBox(), QStringLiteral("__en__"));
        document.waitForIdle();
        QCOMPARE(window.saveSessionTo(path), QString());
    }
    AttentionDocument document;
    QVERIFY(document.setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    MainWindow window(&document);
    window.resize(1000, 760);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.openSessionFrom(path), QString());
    QTRY_VERIFY_WITH_TIMEOUT(document.isEncoderDecoder() && !document.trace().isEmpty(), 15000);
    document.waitForIdle();
    QCOMPARE(document.languages().source, QStringLiteral("__da__"));
    QCOMPARE(document.languages().target, QStringLiteral("__en__"));
    QCOMPARE(window.languagePart()->sourceBox()->currentData().toString(), QStringLiteral("__da__"));
    QCOMPARE(window.languagePart()->targetBox()->currentData().toString(), QStringLiteral("__en__"));
    QCOMPARE(document.trace().keyTokenIds(), ints(golden["source_ids"]));
}

QTEST_MAIN(TestLanguagePart)
#include "tst_languagepart.moc"
