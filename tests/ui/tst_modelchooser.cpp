// The model chooser lists the GGUF models of Ollama and LM Studio stores (made in a
// QTemporaryDir the way those programs lay them out, HOME and OLLAMA_MODELS pointed there)
// beside the Hugging Face cache, scanned on a worker thread: quantisation and size in each
// label, architecture and file in its tooltip, files that cannot be opened listed but
// disabled with the reason, vision projectors left out, and choosing one emits its spec.
// Driven as a user drives it, offscreen.

#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

#include "ModelChooser.h"
#include "LocalStoreFixtures.h"

using namespace headmap::ui;
using namespace localfixture;

namespace {
const char* const kVariables[] = {"HOME", "OLLAMA_MODELS", "HF_HUB_CACHE", "LMSTUDIO_HOME"};
}

class ModelChooserTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void listsLocalModels_data();
    void listsLocalModels();
    void leavesOutProjectors();
    void keyboardSkipsBrokenModels();

private:
    // A chooser whose scan has finished.
    std::unique_ptr<ModelChooser> scannedChooser();
    QTemporaryDir m_dir;
    QMap<QByteArray, QByteArray> m_saved;
};

void ModelChooserTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const char* name : kVariables)
        if (qEnvironmentVariableIsSet(name))
            m_saved.insert(name, qgetenv(name));
    const QString home = m_dir.filePath("home"), ollama = m_dir.filePath("ollama");
    const QString lmstudio = QDir(home).filePath(".lmstudio/models");
    QVERIFY(QDir().mkpath(m_dir.filePath("hf")));
    QVERIFY(!addOllamaModel(ollama, "registry.ollama.ai/library/qwen2.5/0.5b", ggufBytes("qwen2", 15)).isEmpty());
    QVERIFY(writeOllamaManifest(ollama, "registry.ollama.ai/library/qwen2.5/latest",
                                ollamaManifest({{"application/vnd.ollama.image.model", digestOf("never stored")}})));
    QVERIFY(!addOllamaModel(ollama, "registry.ollama.ai/someone/tiny/latest", ggufBytes("llama", 7)).isEmpty());
    QVERIFY(writeBytes(QDir(lmstudio).filePath("bartowski/multi-GGUF/multi-Q4_K_M.gguf"), ggufBytes("llama", 15)));
    QVERIFY(writeBytes(QDir(lmstudio).filePath("bartowski/multi-GGUF/multi-Q8_0.gguf"), ggufBytes("llama", 7)));
    QVERIFY(writeBytes(QDir(lmstudio).filePath("bartowski/multi-GGUF/mmproj-multi-f16.gguf"), ggufBytes("clip", 1)));
    QVERIFY(writeBytes(QDir(lmstudio).filePath("someone/broken/broken.gguf"), "GGUF"));
    qputenv("HOME", home.toUtf8());
    qputenv("OLLAMA_MODELS", ollama.toUtf8());
    qputenv("HF_HUB_CACHE", m_dir.filePath("hf").toUtf8());
    qunsetenv("LMSTUDIO_HOME");
}

void ModelChooserTest::cleanupTestCase() {
    for (const char* name : kVariables)
        m_saved.contains(name) ? qputenv(name, m_saved.value(name)) : qunsetenv(name);
}

std::unique_ptr<ModelChooser> ModelChooserTest::scannedChooser() {
    auto chooser = std::make_unique<ModelChooser>();
    QSignalSpy scanned(chooser.get(), &ModelChooser::cacheScanned);
    chooser->refresh({});
    if (chooser->isScanning())
        scanned.wait(30000);
    return chooser;
}

void ModelChooserTest::listsLocalModels_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("label");
    QTest::addColumn<bool>("enabled");
    QTest::addColumn<QString>("tooltip");  // a part of it
    const QString size = QString::number(ggufBytes("qwen2", 15).size()) + " bytes";
    QTest::newRow("Ollama model") << "ollama:qwen2.5:0.5b" << "qwen2.5:0.5b  (Ollama · Q4_K_M · " + size + ")" << true << "Architecture: qwen2";
    QTest::newRow("Ollama namespace") << "ollama:someone/tiny:latest" << "someone/tiny:latest  (Ollama · Q8_0 · " + size + ")" << true << "/ollama/blobs/sha256-";
    QTest::newRow("Ollama blob missing: disabled, says why")
        << "ollama:qwen2.5:latest" << "qwen2.5:latest  (Ollama: cannot be opened)" << false << "is missing";
    QTest::newRow("LM Studio quantisation the short spec opens")
        << "lmstudio:bartowski/multi-GGUF/multi-Q4_K_M.gguf"
        << "bartowski/multi-GGUF/multi-Q4_K_M.gguf  (LM Studio · Q4_K_M · " + size + ")" << true
        << "lmstudio:bartowski/multi-GGUF opens this file too";
    QTest::newRow("LM Studio other quantisation")
        << "lmstudio:bartowski/multi-GGUF/multi-Q8_0.gguf"
        << "bartowski/multi-GGUF/multi-Q8_0.gguf  (LM Studio · Q8_0 · " + size + ")" << true << "multi-Q8_0.gguf";
    QTest::newRow("LM Studio broken file") << "lmstudio:someone/broken" << "someone/broken  (LM Studio: cannot be opened)" << false
                                           << "broken.gguf";
}

void ModelChooserTest::listsLocalModels() {
    QFETCH(QString, spec);
    QFETCH(QString, label);
    QFETCH(bool, enabled);
    QFETCH(QString, tooltip);
    const auto chooser = scannedChooser();
    QVERIFY(!chooser->isScanning());
    const int index = chooser->findData(spec);
    QVERIFY2(index >= 0, qPrintable(spec));
    QCOMPARE(chooser->itemText(index), label);
    auto* model = qobject_cast<QStandardItemModel*>(chooser->model());
    QVERIFY(model);
    QCOMPARE(model->item(index)->isEnabled(), enabled);
    const QString tip = chooser->itemData(index, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(tooltip), qPrintable(tip));
    QVERIFY(chooser->findData(QStringLiteral("builtin:teaching")) >= 0);  // still there
}

void ModelChooserTest::leavesOutProjectors() {
    const auto chooser = scannedChooser();
    for (int i = 0; i < chooser->count(); ++i)
        QVERIFY2(!chooser->itemText(i).contains("mmproj") && !chooser->itemData(i).toString().contains("mmproj"),
                 qPrintable(chooser->itemText(i)));
}

// Down from qwen2.5:0.5b passes over the disabled qwen2.5:latest to someone/tiny:latest.
void ModelChooserTest::keyboardSkipsBrokenModels() {
    const auto chooser = scannedChooser();
    chooser->show();
    QVERIFY(QTest::qWaitForWindowExposed(chooser.get()));
    chooser->setCurrentModel(QStringLiteral("ollama:qwen2.5:0.5b"));
    QSignalSpy chosen(chooser.get(), &ModelChooser::modelChosen);
    QTest::keyClick(chooser.get(), Qt::Key_Down);
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.first().first().toString(), QStringLiteral("ollama:someone/tiny:latest"));
}

QTEST_MAIN(ModelChooserTest)
#include "tst_modelchooser.moc"
