// ui/download/DownloadDialog, offscreen, its real widgets driven against
// tests/download/fake_hub.py: Check lists the files with their sizes; Download shows progress,
// speed and time left; Cancel midway keeps the partial blob and Download again resumes it with
// a Range request; Open model emits the snapshot folder; a gated model shows its message.

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "FakeHub.h"
#include "download/ByteSizeText.h"
#include "download/DownloadDialog.h"
#include "AttentionDocument.h"
#include "MainWindow.h"

using headmap::ui::AttentionDocument;
using headmap::ui::DownloadDialog;
using headmap::ui::MainWindow;

class TestDownloadDialog : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeHub> m_hub;

    bool startHub(const QStringList& extra = {}) { return startStandardHub(&m_hub, extra, m_dir->path(), true); }
    template <typename T>
    static T* child(DownloadDialog& dialog, const char* name) {
        T* widget = dialog.findChild<T*>(QLatin1String(name));
        if (!widget)
            qFatal("no child %s", name);
        return widget;
    }
    static void type(DownloadDialog& dialog, const QString& id) {
        auto* edit = child<QLineEdit>(dialog, "modelId");
        edit->clear();
        QTest::keyClicks(edit, id);
    }

private slots:
    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        qputenv("HF_HOME", m_dir->filePath(QStringLiteral("home")).toUtf8());
        for (const char* name : {"HF_HUB_CACHE", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH", "HF_HUB_OFFLINE"})
            qunsetenv(name);
    }
    void cleanup() {
        m_hub.reset();
        m_dir.reset();
    }

    void checkListsFiles() {
        if (!startHub())
            return;
        DownloadDialog dialog;
        dialog.show();
        type(dialog, QStringLiteral("tiny/gpt2-sharded"));
        QTest::mouseClick(child<QPushButton>(dialog, "check"), Qt::LeftButton);
        auto* files = child<QTreeWidget>(dialog, "files");
        QTRY_COMPARE_WITH_TIMEOUT(files->topLevelItemCount(), 7, 10000);
        const QString folder = fixtureModel("gpt2_bf16_sharded");
        for (int i = 0; i < files->topLevelItemCount(); ++i) {
            const QTreeWidgetItem* item = files->topLevelItem(i);
            const qint64 size = QFileInfo(folder + QLatin1Char('/') + item->text(0)).size();
            QVERIFY2(size > 0, qPrintable(item->text(0)));
            QCOMPARE(item->text(1), headmap::byteSizeText(size));
        }
        QVERIFY(child<QPushButton>(dialog, "download")->isEnabled());
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("home/hub/models--tiny--gpt2-sharded"))));
    }

    void cancelThenResumeThenOpen() {
        // About 60 kB/s: the 182 kB weights take three seconds, time enough to cancel.
        if (!startHub({QStringLiteral("--throttle"), QStringLiteral("60000")}))
            return;
        DownloadDialog dialog;
        dialog.show();
        QSignalSpy open(&dialog, &DownloadDialog::openRequested);
        type(dialog, QStringLiteral("tiny/gpt2"));
        auto* progress = child<QProgressBar>(dialog, "progress");
        auto* speed = child<QLabel>(dialog, "speed");
        auto* cancel = child<QPushButton>(dialog, "cancel");
        auto* download = child<QPushButton>(dialog, "download");
        QTest::mouseClick(download, Qt::LeftButton);
        QVERIFY(cancel->isEnabled());
        QVERIFY(!download->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(speed->text().contains(QLatin1String("left")), 10000);
        QVERIFY2(speed->text().contains(QLatin1String("/s")), qPrintable(speed->text()));
        QVERIFY(progress->value() > 0 && progress->value() < progress->maximum());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY(download->isEnabled());
        QVERIFY2(child<QLabel>(dialog, "message")->text().contains(QLatin1String("Cancelled")),
                 qPrintable(child<QLabel>(dialog, "message")->text()));
        const QString blobs = m_dir->filePath(QStringLiteral("home/hub/models--tiny--gpt2/blobs/"));
        const QString etag = expectedEtag(QStringLiteral("model.safetensors"),
                                          fileBytes(fixtureModel("gpt2_f32") + QStringLiteral("/model.safetensors")));
        QTRY_VERIFY(QFileInfo(blobs + etag + QStringLiteral(".incomplete")).size() > 0);
        QVERIFY(!QFileInfo::exists(blobs + etag));
        QVERIFY(!child<QPushButton>(dialog, "open")->isVisible());

        QFile::remove(m_hub->logPath);
        QTest::mouseClick(download, Qt::LeftButton);
        auto* openButton = child<QPushButton>(dialog, "open");
        QTRY_VERIFY_WITH_TIMEOUT(openButton->isVisible(), 20000);
        QCOMPARE(progress->value(), progress->maximum());
        QVERIFY(!QFileInfo::exists(blobs + etag + QStringLiteral(".incomplete")));
        // The second download asked only for the rest of the weights.
        QStringList gets;
        for (const QString& line : m_hub->log())
            if (line.startsWith(QStringLiteral("GET /lfs/") + etag))
                gets << line;
        QCOMPARE(gets.size(), 1);
        QVERIFY2(gets[0].contains(QLatin1String(" bytes=")), qPrintable(gets[0]));
        const QString snapshot = dialog.snapshotFolder();
        QCOMPARE(snapshot, m_dir->filePath(QStringLiteral("home/hub/models--tiny--gpt2/snapshots/") +
                                           expectedCommit("tiny/gpt2", "main")));
        QVERIFY(fileBytes(snapshot + QStringLiteral("/model.safetensors")) ==
                fileBytes(fixtureModel("gpt2_f32") + QStringLiteral("/model.safetensors")));
        QTest::mouseClick(openButton, Qt::LeftButton);
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.first().first().toString(), snapshot);
    }

    // File > Download model from the Hub… opens the dialog; Open model opens the snapshot.
    void fromTheMainWindowMenu() {
        if (!startHub())
            return;
        AttentionDocument document;
        MainWindow window(&document);
        window.show();
        QAction* action = nullptr;
        for (QAction* candidate : window.menuBar()->findChildren<QAction*>())
            if (candidate->text().startsWith(QLatin1String("Download model from the &Hub")))
                action = candidate;
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<DownloadDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        type(*dialog, QStringLiteral("tiny/gpt2"));
        QTest::mouseClick(child<QPushButton>(*dialog, "download"), Qt::LeftButton);
        auto* openButton = child<QPushButton>(*dialog, "open");
        QTRY_VERIFY_WITH_TIMEOUT(openButton->isVisible(), 20000);
        const QString snapshot = dialog->snapshotFolder();
        QSignalSpy opened(&document, &AttentionDocument::modelChanged);
        QTest::mouseClick(openButton, Qt::LeftButton);
        QVERIFY(opened.wait(20000));
        QCOMPARE(document.modelSource(), snapshot);
        QCOMPARE(document.modelSummary().architecture, QStringLiteral("gpt2"));
    }

    void refusal_data() {
        QTest::addColumn<QString>("repo");
        QTest::addColumn<QString>("words");
        QTest::newRow("gated") << "tiny/gated" << "gated";
        QTest::newRow("missing") << "tiny/missing" << "no model tiny/missing";
    }
    void refusal() {
        QFETCH(QString, repo);
        QFETCH(QString, words);
        if (!startHub())
            return;
        DownloadDialog dialog;
        dialog.show();
        type(dialog, repo);
        QTest::mouseClick(child<QPushButton>(dialog, "download"), Qt::LeftButton);
        auto* message = child<QLabel>(dialog, "message");
        QTRY_VERIFY_WITH_TIMEOUT(message->property("error").toBool(), 10000);
        QVERIFY2(message->text().contains(words), qPrintable(message->text()));
        QVERIFY(child<QPushButton>(dialog, "download")->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "open")->isVisible());
    }
};

QTEST_MAIN(TestDownloadDialog)
#include "tst_downloaddialog.moc"
