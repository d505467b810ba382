// KeepingCheckpoint (#40): converted weights kept within a budget. On real fixture folders whose
// weights convert on read (BF16, F16, BF16 in shards beside F32 norms): what it keeps is
// bit-equal to the conversion the source makes on every read; the budget is never exceeded, and a
// tensor beyond it is still read right (converted on each read); F32 tensors cost nothing; reads
// from many threads keep each tensor once.

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

#include <QtTest>

#include "TestPaths.h"
#include "formats/Checkpoint.h"
#include "formats/KeepingCheckpoint.h"
#include "core/HeadmapError.h"

using namespace headmap;

namespace {

qint64 convertingBytes(const Checkpoint& checkpoint) {
    qint64 bytes = 0;
    for (const QString& name : checkpoint.tensorNames())
        if (checkpoint.tensorConvertsOnRead(name))
            bytes += checkpoint.info(name)->elementCount() * qint64(sizeof(float));
    return bytes;
}

std::vector<float> converted(const Checkpoint& checkpoint, const QString& name) {
    std::vector<float> values(size_t(checkpoint.info(name)->elementCount()));
    checkpoint.readFloats(name, values.data());
    return values;
}

bool isFloat(const TensorInfo& tensor) {
    return tensor.dtype == TensorDType::F32 || tensor.dtype == TensorDType::F16 || tensor.dtype == TensorDType::BF16;
}

bool bitEqual(const float* a, const std::vector<float>& b) {
    return std::memcmp(a, b.data(), b.size() * sizeof(float)) == 0;
}

}  // namespace

class KeepingCheckpointTest : public QObject {
    Q_OBJECT
private slots:
    void keepsWithinTheBudget_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<double>("budgetShare");  // of what keeping everything takes
        for (const char* fixture : {"qwen2_bf16", "mistral_f16", "llama_bf16_sharded", "gpt2_bf16_sharded"})
            for (double share : {0.0, 0.5, 1.0, 2.0})
                QTest::newRow(qPrintable(QStringLiteral("%1, budget %2 of it").arg(fixture).arg(share)))
                    << QString::fromLatin1(fixture) << share;
    }

    void keepsWithinTheBudget() {
        QFETCH(QString, fixture);
        QFETCH(double, budgetShare);
        const auto reference = Checkpoint::openFolder(testsupport::modelFixture(fixture));
        QVERIFY(reference->convertsOnRead());
        const qint64 all = convertingBytes(*reference);
        QVERIFY(all > 0);
        const qint64 budget = qint64(double(all) * budgetShare);
        const KeepingCheckpoint keeping(Checkpoint::openFolder(testsupport::modelFixture(fixture)), budget);
        QCOMPARE(keeping.convertedBytes(), all);
        QCOMPARE(keeping.budgetBytes(), budget);

        qint64 keptByName = 0;
        for (const QString& name : keeping.tensorNames()) {
            if (!isFloat(*keeping.info(name)))
                continue;  // GPT-2's stored attention masks: not weights
            const std::vector<float> expected = converted(*reference, name);
            const float* kept = keeping.keptFloats(name);
            if (!keeping.tensorConvertsOnRead(name)) {
                // F32 in place: kept at no cost, pointing into the file.
                QVERIFY(kept != nullptr);
                QCOMPARE(kept, keeping.floats(name));
            } else if (kept) {
                keptByName += qint64(expected.size() * sizeof(float));
                QVERIFY2(bitEqual(kept, expected), qPrintable(name));
                QCOMPARE(keeping.keptFloats(name), kept);  // the same copy on every read
            }
            // Kept or not, reading gives the same floats.
            QVERIFY2(bitEqual(converted(keeping, name).data(), expected), qPrintable(name));
            const TensorInfo* info = keeping.info(name);
            if (info->shape.size() == 2 && info->shape[0] >= 2) {
                const qint64 columns = info->shape[1];
                std::vector<float> rows(size_t(columns) * 2);
                keeping.readRows(name, info->shape[0] - 2, 2, rows.data());
                QVERIFY(std::equal(rows.begin(), rows.end(), expected.end() - rows.size()));
            }
        }
        QCOMPARE(keeping.keptBytes(), keptByName);
        QVERIFY2(keeping.keptBytes() <= budget,
                 qPrintable(QStringLiteral("kept %1 bytes, budget %2").arg(keeping.keptBytes()).arg(budget)));
        if (budgetShare >= 1.0)
            QCOMPARE(keeping.keptBytes(), all);  // everything fits: everything kept
        if (budgetShare == 0.0)
            QCOMPARE(keeping.keptBytes(), qint64(0));
    }

    void readRowsOutsideTheTensorIsAnError() {
        const KeepingCheckpoint keeping(Checkpoint::openFolder(testsupport::modelFixture("qwen2_bf16")), qint64(1) << 40);
        const QString name = QStringLiteral("model.embed_tokens.weight");
        const TensorInfo* info = keeping.info(name);
        QVERIFY(info);
        QVERIFY(keeping.keptFloats(name));
        std::vector<float> rows(size_t(info->shape[1]) * 2);
        QVERIFY_THROWS_EXCEPTION(ModelError, keeping.readRows(name, info->shape[0] - 1, 2, rows.data()));
        QVERIFY_THROWS_EXCEPTION(ModelError, keeping.readRows(name, -1, 1, rows.data()));
    }

    // Forward passes run on several threads at once (the GUI's workers): each tensor is kept
    // once, every thread gets the same copy, and the budget holds.
    void threadsKeepEachTensorOnce() {
        const auto source = Checkpoint::openFolder(testsupport::modelFixture("llama_bf16_sharded"));
        const qint64 all = convertingBytes(*source);
        const KeepingCheckpoint keeping(Checkpoint::openFolder(testsupport::modelFixture("llama_bf16_sharded")),
                                        all / 2);
        const QStringList names = keeping.tensorNames();
        std::vector<std::vector<const float*>> seen(4, std::vector<const float*>(size_t(names.size())));
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < names.size(); ++i) {
                    const int k = (i + 7 * t) % names.size();  // each thread from its own start
                    seen[size_t(t)][size_t(k)] = keeping.keptFloats(names[k]);
                }
            });
        for (std::thread& thread : threads)
            thread.join();
        for (int t = 1; t < 4; ++t)
            QVERIFY(seen[size_t(t)] == seen[0]);
        QVERIFY(keeping.keptBytes() <= all / 2);
        QVERIFY(keeping.keptBytes() > 0);
    }
};

QTEST_GUILESS_MAIN(KeepingCheckpointTest)
#include "tst_keepingcheckpoint.moc"
