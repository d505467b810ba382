// ModelSummary::displayName: figures and titles name a model folder by its own name, never by
// the local path; Hub ids and built-in models keep their names. The loaders work it out once.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "ModelFixtures.h"
#include "core/AttentionTrace.h"
#include "model/Model.h"
#include "model/ModelLoader.h"

class ModelSummaryTest : public QObject {
    Q_OBJECT
private slots:
    void displayName_data();
    void displayName();
    void loadersWorkTheNameOutOnce();
};

void ModelSummaryTest::displayName_data() {
    QTest::addColumn<QString>("name");  // @DIR@: a real folder holding "Qwen2.5-0.5B"
    QTest::addColumn<QString>("expected");
    QTest::newRow("absolute folder") << "@DIR@/Qwen2.5-0.5B" << "Qwen2.5-0.5B";
    QTest::newRow("absolute folder, trailing slash") << "@DIR@/Qwen2.5-0.5B/" << "Qwen2.5-0.5B";
    QTest::newRow("relative folder") << "./models/gemma-2-2b" << "gemma-2-2b";
    QTest::newRow("parent-relative folder") << "../tests/fixtures/models/gemma2_f32" << "gemma2_f32";
    QTest::newRow("Hub id") << "Qwen/Qwen2.5-0.5B" << "Qwen/Qwen2.5-0.5B";
    QTest::newRow("legacy Hub id") << "gpt2" << "gpt2";
    QTest::newRow("built-in") << "builtin:teaching" << "builtin:teaching";
}

void ModelSummaryTest::displayName() {
    QFETCH(QString, name);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("Qwen2.5-0.5B"));
    headmap::ModelSummary summary;
    summary.name = name.replace("@DIR@", dir.path());
    QTEST(summary.displayName(), "expected");
}

// Telling "models/gpt2_f32" (a folder) from "Qwen/Qwen2.5-0.5B" (a Hub id) looks at the disk;
// a loaded model's summary did that on every title. Now the loader does it once: the name stays
// the folder's even when the folder has gone since (the weights are mapped, the model runs on).
void ModelSummaryTest::loadersWorkTheNameOutOnce() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("models/gpt2_f32")));
    QVERIFY(modelfixtures::copyFolder(modelfixtures::modelFixture(QStringLiteral("gpt2_f32")),
                                      dir.filePath(QStringLiteral("models/gpt2_f32"))));
    const QString before = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    std::unique_ptr<headmap::Model> model;
    try {
        model = headmap::loadModel(headmap::ModelSpec{QStringLiteral("models/gpt2_f32"), {}});
    } catch (const std::exception& error) {
        QDir::setCurrent(before);
        QFAIL(error.what());
    }
    QCOMPARE(model->summary().name, QStringLiteral("models/gpt2_f32"));
    QCOMPARE(model->summary().shownName, QStringLiteral("gpt2_f32"));
    QVERIFY(QDir(dir.filePath(QStringLiteral("models"))).removeRecursively());
    QCOMPARE(model->summary().displayName(), QStringLiteral("gpt2_f32"));  // no second look at the disk
    QVERIFY(QDir::setCurrent(before));
    // Built-in models too, and a summary made by hand still works it out (each time).
    QCOMPARE(headmap::loadModel(headmap::ModelSpec{QStringLiteral("builtin:teaching"), {}})->summary().shownName,
             QStringLiteral("builtin:teaching"));
    headmap::ModelSummary byHand;
    byHand.name = QStringLiteral("Qwen/Qwen2.5-0.5B");
    QCOMPARE(byHand.displayName(), QStringLiteral("Qwen/Qwen2.5-0.5B"));
}

QTEST_GUILESS_MAIN(ModelSummaryTest)
#include "tst_modelsummary.moc"
