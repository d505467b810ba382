// Every file of a tokenizer folder is read defensively: a name that leads to a device (a symlink
// to /dev/zero never ends), a FIFO (open() blocks until a writer comes) or a folder is refused
// before it is opened, and a regular file larger than the limit is refused before it is read.
// Each row puts one such file into an otherwise valid folder; the ModelError must name the file.

#include <sys/stat.h>
#include <sys/types.h>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/TokenizerFiles.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

namespace {

QString u(const char* text) {
    return QString::fromUtf8(text);
}

void copyFixtureFile(const QString& fixture, const QString& name, const QString& toFolder) {
    QVERIFY(QFile::copy(QDir(fixtureFolder(fixture)).filePath(name), QDir(toFolder).filePath(name)));
}

enum class Kind { DevZeroLink, Fifo, Folder, Oversized };

}  // namespace

Q_DECLARE_METATYPE(Kind)

class TokenizerFilesTest : public QObject {
    Q_OBJECT

private slots:
    void refusesIrregularFiles_data();
    void refusesIrregularFiles();
    void symlinkToRegularFileIsRead();
    void readLimitIsCheckedBeforeReading();
};

void TokenizerFilesTest::refusesIrregularFiles_data() {
    QTest::addColumn<QString>("fixture");   // the folder whose files are copied first
    QTest::addColumn<QString>("modelType");
    QTest::addColumn<QString>("file");      // the file replaced
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("expected");  // part of the message after the file name
    const QString device = u("is not a regular file");
    const QString tooLarge = u("larger than");
    struct Target {
        const char* fixture;
        const char* modelType;
        const char* file;
    };
    const Target targets[] = {
        {"bert-base-uncased-legacy", "bert", "vocab.txt"},
        {"bert-base-uncased-legacy", "bert", "tokenizer_config.json"},
        {"gpt2-legacy", "gpt2", "vocab.json"},
        {"gpt2-legacy", "gpt2", "merges.txt"},
        {"roberta", "roberta", "tokenizer.json"},
    };
    for (const Target& t : targets) {
        const auto row = [&](const char* what, Kind kind, const QString& expected) {
            QTest::addRow("%s %s", t.file, what) << u(t.fixture) << u(t.modelType) << u(t.file) << kind << expected;
        };
        row("links to /dev/zero", Kind::DevZeroLink, device);
        row("is a FIFO", Kind::Fifo, device);
        row("is a folder", Kind::Folder, device);
    }
    QTest::addRow("vocab.txt over the limit") << u("bert-base-uncased-legacy") << u("bert") << u("vocab.txt")
                                              << Kind::Oversized << tooLarge;
    QTest::addRow("tokenizer.json over the limit") << u("roberta") << u("roberta") << u("tokenizer.json")
                                                   << Kind::Oversized << tooLarge;
}

void TokenizerFilesTest::refusesIrregularFiles() {
    QFETCH(QString, fixture);
    QFETCH(QString, modelType);
    QFETCH(QString, file);
    QFETCH(Kind, kind);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    for (const QString& name : QDir(fixtureFolder(fixture)).entryList(QDir::Files))
        if (name != file)
            copyFixtureFile(fixture, name, dir.path());
    const QString path = dir.filePath(file);
    switch (kind) {
    case Kind::DevZeroLink:
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), path));
        break;
    case Kind::Fifo:
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        break;
    case Kind::Folder:
        QVERIFY(QDir(dir.path()).mkdir(file));
        break;
    case Kind::Oversized: {
        // A sparse file: huge on paper, no disk space used.
        QFile big(path);
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(tokenizerfiles::kMaxFileBytes + 1));
        break;
    }
    }
    try {
        loadHfTokenizer(dir.path(), TokenizerLoadOptions{modelType});
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        qInfo("%s", qPrintable(error.message()));
        QVERIFY2(error.message().contains(file), qPrintable(error.message()));
        QVERIFY2(error.message().contains(expected), qPrintable(error.message()));
    }
}

void TokenizerFilesTest::symlinkToRegularFileIsRead() {
    // Hugging Face's cache stores snapshot files as symlinks into blobs/: those are fine.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(u("blobs")));
    QVERIFY(QDir(dir.path()).mkdir(u("snapshot")));
    QVERIFY(QFile::copy(QDir(fixtureFolder(u("roberta"))).filePath(u("tokenizer.json")),
                        dir.filePath(u("blobs/abc123"))));
    QVERIFY(QFile::link(dir.filePath(u("blobs/abc123")), dir.filePath(u("snapshot/tokenizer.json"))));
    const auto tokenizer = loadHfTokenizer(dir.filePath(u("snapshot")), TokenizerLoadOptions{u("roberta")});
    QCOMPARE(tokenizer->encode(u("Hello world"), false).size(), 2);
}

void TokenizerFilesTest::readLimitIsCheckedBeforeReading() {
    QTemporaryDir dir;
    const QString path = dir.filePath(u("small.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"a\": 1}");
    file.close();
    QCOMPARE(tokenizerfiles::readFile(path, 8), QByteArray("{\"a\": 1}"));
    try {
        tokenizerfiles::readFile(path, 7);
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        QVERIFY2(error.message().contains(path), qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("8 bytes")), qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(TokenizerFilesTest)
#include "tst_tokenizerfiles.moc"
