// ModelSummary::displayName: figures and titles name a model folder by its own name, never by
// the local path; Hub ids and built-in models keep their names.

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/AttentionTrace.h"

class ModelSummaryTest : public QObject {
    Q_OBJECT
private slots:
    void displayName_data();
    void displayName();
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

QTEST_GUILESS_MAIN(ModelSummaryTest)
#include "tst_modelsummary.moc"
