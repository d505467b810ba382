// model/ShippedModels: builtin:numbers names a folder found beside the program (the build tree's
// share/headmap/models/, as installed), or under $HEADMAP_MODELS_DIR first; other specs name none.

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "model/ModelLoader.h"
#include "model/ShippedModels.h"

using namespace headmap;

class TestShippedModels : public QObject {
    Q_OBJECT
private slots:
    void listedAmongTheBuiltins() {
        QVERIFY(shippedModelNames().contains(QStringLiteral("builtin:numbers")));
        QVERIFY(builtinModelNames().contains(QStringLiteral("builtin:numbers")));
    }

    void foundBesideTheProgram() {
        qunsetenv("HEADMAP_MODELS_DIR");
        const auto folder = shippedModelFolder(QStringLiteral("builtin:numbers"));
        QVERIFY(folder.has_value());
        QCOMPARE(QDir(*folder).dirName(), QStringLiteral("numbers"));
        for (const char* file : {"config.json", "model.safetensors", "tokenizer.json", "generation_config.json",
                                 "numbers.json"})
            QVERIFY2(QFile::exists(QDir(*folder).filePath(QLatin1String(file))), file);
    }

    void environmentComesFirst() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("numbers")));
        QFile config(dir.filePath(QStringLiteral("numbers/config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.close();
        qputenv("HEADMAP_MODELS_DIR", dir.path().toUtf8());
        QCOMPARE(*shippedModelFolder(QStringLiteral("builtin:numbers")), dir.filePath(QStringLiteral("numbers")));
        // A folder there without the model: the one beside the program.
        QVERIFY(config.remove());
        QVERIFY(shippedModelFolder(QStringLiteral("builtin:numbers"))->endsWith(QStringLiteral("share/headmap/models/numbers")));
        qunsetenv("HEADMAP_MODELS_DIR");
    }

    void otherSpecsNameNone_data() {
        QTest::addColumn<QString>("spec");
        QTest::newRow("generated built-in") << "builtin:teaching";
        QTest::newRow("folder") << "/tmp/some-model";
        QTest::newRow("near miss") << "builtin:number";
    }
    void otherSpecsNameNone() {
        QFETCH(QString, spec);
        QVERIFY(!shippedModelFolder(spec).has_value());
    }
};

QTEST_GUILESS_MAIN(TestShippedModels)
#include "tst_shippedmodels.moc"
