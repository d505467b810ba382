// Checkpoint::openFolder: a single model.safetensors, a sharded checkpoint with its index, and a
// row per broken folder (missing shard, escaping shard name, index and shards disagreeing, only
// PyTorch weights, nothing at all) with the error it must produce. Then reading a layer at a
// time: which checkpoints convert on read, and readFloats / readRows bit-equal to the whole
// conversion floats() makes (itself checked against IEEE 754 in tst_safetensorsfile).

#include <sys/stat.h>

#include <cstring>
#include <vector>

#include <QDir>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

#include "SafetensorsWriter.h"
#include "core/HeadmapError.h"
#include "formats/Checkpoint.h"
#include "TestFiles.h"

using headmap::Checkpoint;
using headmap::ModelError;

namespace {

using Files = QMap<QString, QByteArray>;  // file name in the model folder -> contents

QByteArray shardOne() {
    return fixture::safetensors({{"embeddings.weight", "F32", {2, 2}, fixture::f32Bytes({1, 2, 3, 4})},
                                 {"layer.0.bias", "F16", {2}, fixture::u16Bytes({0x3c00, 0xbc00})}});
}

QByteArray shardTwo() {
    return fixture::safetensors({{"layer.1.bias", "BF16", {2}, fixture::u16Bytes({0x4000, 0xc040})}});
}

QByteArray index(const QByteArray& weightMapEntries) {
    return R"({"metadata":{"total_size":28},"weight_map":{)" + weightMapEntries + "}}";
}

const QByteArray kGoodWeightMap = R"("embeddings.weight":"model-00001-of-00002.safetensors",)"
                                  R"("layer.0.bias":"model-00001-of-00002.safetensors",)"
                                  R"("layer.1.bias":"model-00002-of-00002.safetensors")";

// A (5, 3) tensor of each float dtype; the half patterns cover zeros, subnormals, the largest
// finite value, infinities and a NaN.
QByteArray layerTensor(const QByteArray& dtype) {
    if (dtype == "F32")
        return fixture::safetensors({{"layer.weight", "F32", {5, 3},
                                      fixture::f32Bytes({0.0f, -0.0f, 1.5f, -2.25f, 1e-40f, 3.4e38f, 0.1f, -7.0f,
                                                         65504.0f, 1e-8f, 42.0f, -0.5f, 2.0f, 3.0f, 5.0f})}});
    return fixture::safetensors({{"layer.weight", dtype, {5, 3},
                                  fixture::u16Bytes({0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xc000, 0x7bff,
                                                     0x7c00, 0xfc00, 0x7e00, 0x3555, 0x1234, 0xabcd, 0x4049})}});
}

}  // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_root;
    int m_folderNumber = 0;

    // A fresh model folder holding `files`.
    QString makeFolder(const Files& files) {
        const QString folder = m_root.filePath(QStringLiteral("model-%1").arg(++m_folderNumber));
        if (!QDir().mkpath(folder))
            qFatal("cannot create %s", qPrintable(folder));
        for (auto it = files.begin(); it != files.end(); ++it)
            if (!testsupport::writeFile(QDir(folder).filePath(it.key()), it.value()))
                qFatal("cannot write %s", qPrintable(it.key()));
        return folder;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_root.isValid());
        // Bait for the "../evil.safetensors" row: a valid file just outside every model folder.
        QVERIFY(testsupport::writeFile(m_root.filePath(QStringLiteral("evil.safetensors")), shardTwo()));
    }

    void singleFile() {
        const QString folder = makeFolder({{"model.safetensors", shardOne()}, {"config.json", "{}"}});
        const auto checkpoint = Checkpoint::openFolder(folder);
        QCOMPARE(checkpoint->description(), QStringLiteral("model.safetensors"));
        QCOMPARE(checkpoint->tensorNames(), QStringList({"embeddings.weight", "layer.0.bias"}));
        QCOMPARE(checkpoint->fileOf(QStringLiteral("layer.0.bias")), QStringLiteral("model.safetensors"));
        QCOMPARE(checkpoint->info(QStringLiteral("embeddings.weight"))->shapeText(), QStringLiteral("[2, 2]"));
        QCOMPARE(checkpoint->floats(QStringLiteral("embeddings.weight"))[3], 4.0f);
        QCOMPARE(checkpoint->floats(QStringLiteral("layer.0.bias"))[1], -1.0f);
        QVERIFY(!checkpoint->info(QStringLiteral("absent")));
        QVERIFY(checkpoint->fileOf(QStringLiteral("absent")).isEmpty());
        QVERIFY_THROWS_EXCEPTION(ModelError, checkpoint->floats(QStringLiteral("absent")));
    }

    void sharded() {
        // A model.safetensors beside the index is ignored: the index is what Hugging Face reads.
        const QString folder = makeFolder({{"model.safetensors.index.json", index(kGoodWeightMap)},
                                           {"model-00001-of-00002.safetensors", shardOne()},
                                           {"model-00002-of-00002.safetensors", shardTwo()},
                                           {"model.safetensors", fixture::safetensors({{"stray", "F32", {1}, fixture::f32Bytes({0})}})}});
        const auto checkpoint = Checkpoint::openFolder(folder);
        QCOMPARE(checkpoint->description(), QStringLiteral("model.safetensors.index.json (2 shards)"));
        QCOMPARE(checkpoint->tensorNames(), QStringList({"embeddings.weight", "layer.0.bias", "layer.1.bias"}));
        QCOMPARE(checkpoint->fileOf(QStringLiteral("embeddings.weight")), QStringLiteral("model-00001-of-00002.safetensors"));
        QCOMPARE(checkpoint->fileOf(QStringLiteral("layer.1.bias")), QStringLiteral("model-00002-of-00002.safetensors"));
        QCOMPARE(checkpoint->floats(QStringLiteral("embeddings.weight"))[0], 1.0f);
        QCOMPARE(checkpoint->floats(QStringLiteral("layer.1.bias"))[0], 2.0f);
        QCOMPARE(checkpoint->floats(QStringLiteral("layer.1.bias"))[1], -3.0f);
        QVERIFY(!checkpoint->info(QStringLiteral("stray")));
    }

    void rejects_data() {
        QTest::addColumn<Files>("files");
        QTest::addColumn<QString>("expected");

        QTest::newRow("empty folder") << Files{}
            << "has no model.safetensors or model.safetensors.index.json (pytorch_model.bin is not supported: convert it to safetensors)";
        QTest::newRow("folder with only pytorch_model.bin") << Files{{"pytorch_model.bin", "PK"}, {"config.json", "{}"}}
            << "has no model.safetensors or model.safetensors.index.json, only 'pytorch_model.bin' (pytorch_model.bin, .h5 and .msgpack weights are not supported";
        QTest::newRow("folder with tf and flax weights") << Files{{"tf_model.h5", "x"}, {"flax_model.msgpack", "x"}}
            << "only 'flax_model.msgpack', 'tf_model.h5'";
        QTest::newRow("index pointing to a missing shard")
            << Files{{"model.safetensors.index.json", index(kGoodWeightMap)}, {"model-00001-of-00002.safetensors", shardOne()}}
            << "lists shard 'model-00002-of-00002.safetensors' (for tensor 'layer.1.bias'), but the folder has no such file";
        QTest::newRow("index with ../evil.safetensors")
            << Files{{"model.safetensors.index.json", index(R"("layer.1.bias":"../evil.safetensors")")}}
            << "shard '../evil.safetensors' (for tensor 'layer.1.bias') is not a plain file name inside the folder";
        QTest::newRow("index with an absolute path")
            << Files{{"model.safetensors.index.json", index(R"("x":"/etc/passwd")")}}
            << "shard '/etc/passwd' (for tensor 'x') is not a plain file name";
        QTest::newRow("tensor listed in index but absent from its shard")
            << Files{{"model.safetensors.index.json", index(kGoodWeightMap + R"(,"layer.2.bias":"model-00002-of-00002.safetensors")")},
                     {"model-00001-of-00002.safetensors", shardOne()}, {"model-00002-of-00002.safetensors", shardTwo()}}
            << "puts tensor 'layer.2.bias' in shard 'model-00002-of-00002.safetensors', which has no such tensor";
        QTest::newRow("tensor in two shards")
            << Files{{"model.safetensors.index.json", index(kGoodWeightMap)},
                     {"model-00001-of-00002.safetensors", shardOne()},
                     {"model-00002-of-00002.safetensors", fixture::safetensors({{"embeddings.weight", "F32", {1}, fixture::f32Bytes({9})},
                                                                                {"layer.1.bias", "F32", {2}, fixture::f32Bytes({1, 2})}})}}
            << "tensor 'embeddings.weight' is in two shards, 'model-00001-of-00002.safetensors' and 'model-00002-of-00002.safetensors'";
        QTest::newRow("broken shard")
            << Files{{"model.safetensors.index.json", index(kGoodWeightMap)},
                     {"model-00001-of-00002.safetensors", shardOne()}, {"model-00002-of-00002.safetensors", shardTwo().left(20)}}
            << "model-00002-of-00002.safetensors' is incomplete (20 of at least 80 bytes): download it again. Detail: header longer than the file";
        QTest::newRow("shard with its data cut")
            << Files{{"model.safetensors.index.json", index(kGoodWeightMap)},
                     {"model-00001-of-00002.safetensors", shardOne()}, {"model-00002-of-00002.safetensors", shardTwo().chopped(2)}}
            << QStringLiteral("model-00002-of-00002.safetensors' is incomplete (%1 of %2 bytes): download it again. Detail: tensor '")
                   .arg(shardTwo().size() - 2).arg(shardTwo().size());
        QTest::newRow("index not json") << Files{{"model.safetensors.index.json", "{\"weight_map\":"}} << "is not valid JSON";
        QTest::newRow("index json array") << Files{{"model.safetensors.index.json", "[]"}} << "is not a JSON object";
        QTest::newRow("index without weight_map") << Files{{"model.safetensors.index.json", "{}"}} << "has no weight_map";
        QTest::newRow("weight_map not an object") << Files{{"model.safetensors.index.json", R"({"weight_map":[]})"}}
            << "weight_map is not an object of tensor name -> shard file";
        QTest::newRow("weight_map value not a string") << Files{{"model.safetensors.index.json", index(R"("x":3)")}}
            << "weight_map entry for tensor 'x' is not a string";
        QTest::newRow("weight_map empty") << Files{{"model.safetensors.index.json", index("")}} << "weight_map is empty";
        QTest::newRow("broken single file") << Files{{"model.safetensors", "{}"}} << "model.safetensors' is incomplete (2 of at least 8 bytes): download it again.";
    }

    void rejects() {
        QFETCH(Files, files);
        QFETCH(QString, expected);
        const QString folder = makeFolder(files);
        try {
            Checkpoint::openFolder(folder);
            QFAIL("the folder was accepted");
        } catch (const ModelError& error) {
            const QString message = error.message();
            QVERIFY2(message.contains(expected), qPrintable(message));
            QVERIFY2(message.contains(folder), qPrintable(message));
            QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
        }
    }

    void refusesFilesThatAreNotFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("model.safetensors is a FIFO") << "model.safetensors" << "fifo" << "is not a regular file (it is a FIFO)";
        QTest::newRow("model.safetensors links to /dev/zero") << "model.safetensors" << "device" << "is not a regular file (it leads to /dev/zero, which is a character device)";
        QTest::newRow("index is a FIFO") << "model.safetensors.index.json" << "fifo" << "is not a regular file (it is a FIFO)";
        QTest::newRow("index links to /dev/zero") << "model.safetensors.index.json" << "device" << "is not a regular file (it leads to /dev/zero, which is a character device)";
        QTest::newRow("shard is a FIFO") << "model-00002-of-00002.safetensors" << "fifo" << "is not a regular file (it is a FIFO)";
    }

    // Opening a FIFO blocks until a writer comes and /dev/zero never ends: neither may hang Headmap.
    void refusesFilesThatAreNotFiles() {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        Files files;
        if (file.startsWith("model-"))
            files = Files{{"model.safetensors.index.json", index(kGoodWeightMap)}, {"model-00001-of-00002.safetensors", shardOne()}};
        const QString folder = makeFolder(files);
        const QString path = QDir(folder).filePath(file);
        if (kind == "fifo")
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else
            QVERIFY(QFile::link("/dev/zero", path));
        try {
            Checkpoint::openFolder(folder);
            QFAIL("the folder was accepted");
        } catch (const ModelError& error) {
            QVERIFY2(error.message().contains(expected) && error.message().contains(path), qPrintable(error.message()));
        }
    }

    void convertsOnReadUnlessAllF32_data() {
        QTest::addColumn<Files>("files");
        QTest::addColumn<bool>("converts");
        QTest::newRow("F32") << Files{{"model.safetensors", layerTensor("F32")}} << false;
        QTest::newRow("F16") << Files{{"model.safetensors", layerTensor("F16")}} << true;
        QTest::newRow("BF16") << Files{{"model.safetensors", layerTensor("BF16")}} << true;
        QTest::newRow("F32 unaligned, copied")
            << Files{{"model.safetensors", fixture::safetensors({{"w", "F32", {2}, fixture::f32Bytes({1, 2})}}, {}, 2)}}
            << true;
        QTest::newRow("F32 and integers") << Files{{"model.safetensors", fixture::safetensors(
            {{"w", "F32", {2}, fixture::f32Bytes({1, 2})}, {"ids", "I64", {1}, fixture::zeros(8)}})}} << false;
        QTest::newRow("one BF16 shard of two") << Files{{"model.safetensors.index.json", index(kGoodWeightMap)},
                                                       {"model-00001-of-00002.safetensors", fixture::safetensors(
                                                           {{"embeddings.weight", "F32", {2, 2}, fixture::f32Bytes({1, 2, 3, 4})},
                                                            {"layer.0.bias", "F32", {2}, fixture::f32Bytes({1, 2})}})},
                                                       {"model-00002-of-00002.safetensors", shardTwo()}}
                                               << true;
    }

    void convertsOnReadUnlessAllF32() {
        QFETCH(Files, files);
        QFETCH(bool, converts);
        QCOMPARE(Checkpoint::openFolder(makeFolder(files))->convertsOnRead(), converts);
    }

    void readsALayerAtATime_data() {
        QTest::addColumn<QByteArray>("dtype");
        QTest::newRow("F32") << QByteArray("F32");
        QTest::newRow("F16") << QByteArray("F16");
        QTest::newRow("BF16") << QByteArray("BF16");
    }

    // The streaming readers and floats() give the same bits, for the whole tensor and for every
    // run of rows (the embedding rows and output-head slices a decoder reads).
    void readsALayerAtATime() {
        QFETCH(QByteArray, dtype);
        const auto checkpoint = Checkpoint::openFolder(makeFolder({{"model.safetensors", layerTensor(dtype)}}));
        const QString name = QStringLiteral("layer.weight");
        std::vector<float> streamed(15, -1.0f);
        checkpoint->readFloats(name, streamed.data());
        const float* whole = checkpoint->floats(name);
        QCOMPARE(std::memcmp(streamed.data(), whole, 15 * sizeof(float)), 0);
        for (qint64 first = 0; first <= 5; ++first)
            for (qint64 count = 0; first + count <= 5; ++count) {
                std::vector<float> rows(size_t(count * 3) + 1, -1.0f);
                checkpoint->readRows(name, first, count, rows.data());
                QVERIFY2(std::memcmp(rows.data(), whole + first * 3, size_t(count) * 3 * sizeof(float)) == 0,
                         qPrintable(QStringLiteral("rows %1 + %2").arg(first).arg(count)));
                QCOMPARE(rows.back(), -1.0f);  // nothing written past the rows asked for
            }
        float sink[3];
        for (const auto& [first, count] : {std::pair<qint64, qint64>{5, 1}, {-1, 1}, {2, 4}, {0, -1}}) {
            try {
                checkpoint->readRows(name, first, count, sink);
                QFAIL(qPrintable(QStringLiteral("rows %1 + %2 were read").arg(first).arg(count)));
            } catch (const ModelError& error) {
                QVERIFY2(error.message().contains(QStringLiteral("'layer.weight'")) &&
                             error.message().contains(QStringLiteral("[5, 3]")),
                         qPrintable(error.message()));
            }
        }
        QVERIFY_THROWS_EXCEPTION(ModelError, checkpoint->readFloats(QStringLiteral("absent"), sink));
    }

    void missingFolder() {
        const QString folder = m_root.filePath(QStringLiteral("no-such-model"));
        QVERIFY_THROWS_EXCEPTION(ModelError, Checkpoint::openFolder(folder));
    }
};

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
