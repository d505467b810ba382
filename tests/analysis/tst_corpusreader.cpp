// CorpusReader (analysis/CorpusReader.h): documents per line or per paragraph with their line
// numbers, blank lines skipped, CRLF and a byte-order mark dropped, a long line cut at a
// character boundary without being kept whole, and the files it refuses: missing, a FIFO, a
// folder, binary content.

#include <QtTest>

#include <sys/stat.h>

#include <QTemporaryDir>

#include "analysis/CorpusReader.h"
#include "core/HeadmapError.h"
#include "TestFiles.h"

using namespace headmap;

namespace {

struct Read {
    QStringList texts;
    QList<qint64> lines;
    QList<bool> cuts;
};

Read readAll(const QString& path, CorpusReader::Split split, qint64 maxBytes = 1 << 20) {
    CorpusReader reader(path, split, maxBytes);
    Read read;
    int index = 0;
    while (const auto document = reader.next()) {
        if (document->index != index++)
            qFatal("document index out of order");
        read.texts << document->text;
        read.lines << document->line;
        read.cuts << document->cut;
    }
    return read;
}

}  // namespace

class CorpusReaderTest : public QObject {
    Q_OBJECT
private slots:
    void documents_data();
    void documents();
    void longLineIsCut();
    void refuses_data();
    void refuses();

private:
    QTemporaryDir m_dir;
};

void CorpusReaderTest::documents_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("paragraphs");
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QList<qint64>>("lines");
    QTest::newRow("lines") << QByteArray("one\ntwo\n") << false << QStringList{"one", "two"} << QList<qint64>{1, 2};
    QTest::newRow("blank and white-space lines skipped")
        << QByteArray("\none\n  \t\n\ntwo") << false << QStringList{"one", "two"} << QList<qint64>{2, 5};
    QTest::newRow("CRLF and a byte-order mark")
        << QByteArray("\xEF\xBB\xBFone\r\ntwo\r\n") << false << QStringList{"one", "two"} << QList<qint64>{1, 2};
    QTest::newRow("Danish and Chinese")
        << QByteArray("Opm\xC3\xA6rksomhed p\xC3\xA5 \xC3\xB8""en.\n\xE6\xB3\xA8\xE6\x84\x8F\xE5\x8A\x9B\xE3\x80\x82\n") << false
        << QStringList{QStringLiteral("Opmærksomhed på øen."), QStringLiteral("注意力。")} << QList<qint64>{1, 2};
    QTest::newRow("paragraphs") << QByteArray("a b\nc d\n\n\ne f\n") << true << QStringList{"a b\nc d", "e f"}
                                << QList<qint64>{1, 5};
    QTest::newRow("paragraphs split by a white-space line")
        << QByteArray("a\n \nb\nc") << true << QStringList{"a", "b\nc"} << QList<qint64>{1, 3};
    QTest::newRow("only blank lines") << QByteArray("\n\n  \n") << false << QStringList{} << QList<qint64>{};
    QTest::newRow("empty") << QByteArray() << true << QStringList{} << QList<qint64>{};
}

void CorpusReaderTest::documents() {
    QFETCH(QByteArray, bytes);
    QFETCH(bool, paragraphs);
    QFETCH(QStringList, texts);
    QFETCH(QList<qint64>, lines);
    const QString path = m_dir.filePath(QStringLiteral("corpus.txt"));
    QVERIFY(testsupport::writeFile(path, bytes));
    const Read read = readAll(path, paragraphs ? CorpusReader::Split::Paragraphs : CorpusReader::Split::Lines);
    QCOMPARE(read.texts, texts);
    QCOMPARE(read.lines, lines);
}

void CorpusReaderTest::longLineIsCut() {
    // A 10 MB line of "æ" (2 bytes each) and a short one after it: the first is kept up to
    // 1001 bytes, cut back to 1000 (500 whole characters), and the next line still comes.
    const QString path = m_dir.filePath(QStringLiteral("long.txt"));
    QByteArray bytes;
    bytes.reserve(10 * 1024 * 1024 + 16);
    while (bytes.size() < 10 * 1024 * 1024)
        bytes += "\xC3\xA6";
    bytes += "\nshort\n";
    QVERIFY(testsupport::writeFile(path, bytes));
    CorpusReader reader(path, CorpusReader::Split::Lines, 1001);
    const auto first = reader.next();
    QVERIFY(first.has_value());
    QVERIFY(first->cut);
    QCOMPARE(first->text, QString(500, QChar(0xE6)));
    const auto second = reader.next();
    QVERIFY(second.has_value());
    QCOMPARE(second->text, QStringLiteral("short"));
    QCOMPARE(second->line, qint64(2));
    QVERIFY(!second->cut);
    QVERIFY(!reader.next().has_value());
    QCOMPARE(reader.bytesRead(), qint64(bytes.size()));
}

void CorpusReaderTest::refuses_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << "missing" << "does not exist";
    QTest::newRow("FIFO") << "fifo" << "is not a regular file (it is a FIFO)";
    QTest::newRow("folder") << "folder" << "is not a regular file";
    QTest::newRow("binary") << "binary" << "is not text: byte 6 is NUL";
}

void CorpusReaderTest::refuses() {
    QFETCH(QString, setup);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(setup);
    if (setup == QLatin1String("fifo"))
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (setup == QLatin1String("folder"))
        QVERIFY(QDir().mkpath(path));
    else if (setup == QLatin1String("binary"))
        QVERIFY(testsupport::writeFile(path, QByteArray("\x7f" "ELF\x02\x01\x00\x00\x01", 9)));
    try {
        readAll(path, CorpusReader::Split::Lines);
        QFAIL("no error");
    } catch (const InputError& error) {
        QVERIFY2(error.message().contains(message), qPrintable(error.message()));
        QVERIFY2(error.message().contains(path), qPrintable(error.message()));
    }
}

QTEST_GUILESS_MAIN(CorpusReaderTest)
#include "tst_corpusreader.moc"
