// ggufDecoderConfig on synthetic GGUF files: the metadata of each released Gemma 2 and Gemma 3
// size, with only the token embeddings as a tensor, give the attention scale transformers uses
// (query_pre_attn_scalar ** -0.5 from the model's config.json), as llama.cpp derives it; and
// the mixture-of-experts keys (issue #39): what Headmap cannot run is named with its value.

#include <cmath>

#include <QTemporaryDir>
#include <QtTest>

#include "GgufBytes.h"
#include "SafetensorsWriter.h"
#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufDecoderConfig.h"
#include "TestFiles.h"

using namespace headmap;
using testsupport::writeFile;

class GgufDecoderConfigTest : public QObject {
    Q_OBJECT

private slots:
    void gemmaAttentionScale_data();
    void gemmaAttentionScale();
    void expertOptionsAreNamed_data();
    void expertOptionsAreNamed();

private:
    QTemporaryDir m_dir;
    int m_files = 0;
};

void GgufDecoderConfigTest::gemmaAttentionScale_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<int>("queryPreAttnScalar");  // config.json of the released model
    // num_hidden_layers, hidden_size, num_attention_heads, head_dim, query_pre_attn_scalar.
    QTest::newRow("gemma-2-2b") << "gemma2" << 26 << 2304 << 8 << 256 << 256;
    QTest::newRow("gemma-2-9b") << "gemma2" << 42 << 3584 << 16 << 256 << 256;
    QTest::newRow("gemma-2-27b") << "gemma2" << 46 << 4608 << 32 << 128 << 144;
    QTest::newRow("gemma-3-270m") << "gemma3" << 18 << 640 << 4 << 256 << 256;
    QTest::newRow("gemma-3-1b") << "gemma3" << 26 << 1152 << 4 << 256 << 256;
    QTest::newRow("gemma-3-4b") << "gemma3" << 34 << 2560 << 8 << 256 << 256;
    QTest::newRow("gemma-3-12b") << "gemma3" << 48 << 3840 << 16 << 256 << 256;
    QTest::newRow("gemma-3-27b") << "gemma3" << 62 << 5376 << 32 << 128 << 168;
    // The block counts are what llama.cpp goes by: 46 blocks are no 27B in Gemma 3, 62 none in
    // Gemma 2 (key_length then).
    QTest::newRow("gemma3 with 46 blocks") << "gemma3" << 46 << 4608 << 32 << 128 << 128;
    QTest::newRow("gemma2 with 62 blocks") << "gemma2" << 62 << 5376 << 32 << 128 << 128;
}

void GgufDecoderConfigTest::gemmaAttentionScale() {
    QFETCH(QString, arch);
    QFETCH(int, layers);
    QFETCH(int, hidden);
    QFETCH(int, heads);
    QFETCH(int, headDim);
    QFETCH(int, queryPreAttnScalar);
    using namespace fixture;
    const QByteArray a = arch.toLatin1();
    GgufParts parts;
    parts.kvs = {ggufStringKv("general.architecture", a),
                 ggufU32Kv(a + ".embedding_length", quint32(hidden)),
                 ggufU32Kv(a + ".block_count", quint32(layers)),
                 ggufU32Kv(a + ".attention.head_count", quint32(heads)),
                 ggufU32Kv(a + ".attention.head_count_kv", quint32(heads / 2)),
                 ggufU32Kv(a + ".attention.key_length", quint32(headDim)),
                 ggufU32Kv(a + ".attention.value_length", quint32(headDim)),
                 ggufU32Kv(a + ".feed_forward_length", quint32(4 * hidden)),
                 ggufU32Kv(a + ".context_length", 8192),
                 ggufU32Kv(a + ".attention.sliding_window", 4096)};
    const int vocabulary = 2;
    parts.tensorInfos = {ggufTensorInfo("token_embd.weight", {quint64(hidden), quint64(vocabulary)}, 0, 0)};
    parts.data = QByteArray(hidden * vocabulary * 4, '\0');
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("gemma-%1.gguf").arg(++m_files));
    QVERIFY(writeFile(path, gguf(parts)));
    try {
        const GgufFile file(path);
        const DecoderConfig config = ggufDecoderConfig(file);
        QCOMPARE(config.layers, layers);
        QCOMPARE(config.headDim, headDim);
        QCOMPARE(config.scale, float(1.0 / std::sqrt(double(queryPreAttnScalar))));
    } catch (const HeadmapError& error) {
        QFAIL(error.what());
    }
}

// Mixtral's GGUF files are llama files with experts (llama.cpp's convert_hf_to_gguf.py writes
// llama.expert_count and stacked ffn_*_exps tensors), qwen3moe/olmoe files are refused by
// their architecture: until Headmap reads expert tensors, the message names the key and says
// what to open instead, rather than missing blk.0.ffn_gate.weight (#39).
void GgufDecoderConfigTest::expertOptionsAreNamed_data() {
    QTest::addColumn<QByteArray>("arch");
    QTest::addColumn<QList<QByteArray>>("kvs");  // "key=value", UINT32
    QTest::addColumn<bool>("router");            // blk.0.ffn_gate_inp.weight (8 experts)
    QTest::addColumn<QStringList>("expected");   // empty: read without error
    using L = QList<QByteArray>;
    QTest::newRow("Mixtral (llama with experts)") << QByteArray("llama") << L{"expert_count=8", "expert_used_count=2"}
                                                  << true << QStringList{};
    QTest::newRow("llama with experts and no router")
        << QByteArray("llama") << L{"expert_count=8", "expert_used_count=2"} << false
        << QStringList{"'llama.expert_count' is 8", "blk.N.ffn_gate_inp.weight"};
    QTest::newRow("qwen2 has no experts in llama.cpp") << QByteArray("qwen2") << L{"expert_count=8"} << true
                                                       << QStringList{"qwen2.expert_count = 8", "safetensors folder"};
    QTest::newRow("shared experts") << QByteArray("qwen3moe")
                                    << L{"expert_count=8", "expert_used_count=2", "expert_shared_count=1"} << true
                                    << QStringList{"'qwen3moe.expert_shared_count' is 1", "shared experts"};
    QTest::newRow("sigmoid gating") << QByteArray("qwen3moe")
                                    << L{"expert_count=8", "expert_used_count=2", "expert_gating_func=2"} << true
                                    << QStringList{"'qwen3moe.expert_gating_func' is 2", "gating function 1"};
    QTest::newRow("softmax gating, said") << QByteArray("qwen3moe")
                                          << L{"expert_count=8", "expert_used_count=2", "expert_gating_func=1"} << true
                                          << QStringList{};
    QTest::newRow("gpt-oss with softmax before top-k")
        << QByteArray("gpt-oss") << L{"expert_count=8", "expert_used_count=2", "expert_gating_func=1"} << true
        << QStringList{"'gpt-oss.expert_gating_func' is 1", "gating function 3"};
    QTest::newRow("more experts used than exist") << QByteArray("qwen3moe") << L{"expert_count=8", "expert_used_count=9"}
                                                  << true << QStringList{"'qwen3moe.expert_used_count' is 9", "1 to 8"};
    QTest::newRow("no expert count") << QByteArray("olmoe") << L{"expert_used_count=2"} << true
                                     << QStringList{"olmoe.expert_count"};
}

// Synthetic files of 64 wide, 2 blocks, 4 heads: the expert keys of the row and, maybe, layer 0's router.
void GgufDecoderConfigTest::expertOptionsAreNamed() {
    QFETCH(QByteArray, arch);
    QFETCH(QList<QByteArray>, kvs);
    QFETCH(bool, router);
    QFETCH(QStringList, expected);
    using namespace fixture;
    GgufParts parts;
    parts.kvs = {ggufStringKv("general.architecture", arch), ggufU32Kv(arch + ".embedding_length", 64),
                 ggufU32Kv(arch + ".block_count", 2), ggufU32Kv(arch + ".attention.head_count", 4),
                 ggufU32Kv(arch + ".feed_forward_length", 128), ggufU32Kv(arch + ".context_length", 4096)};
    for (const QByteArray& kv : kvs)
        parts.kvs << ggufU32Kv(arch + '.' + kv.split('=').at(0), kv.split('=').at(1).toUInt());
    parts.tensorInfos = {ggufTensorInfo("token_embd.weight", {64, 2}, 0, 0)};
    parts.data = QByteArray(64 * 2 * 4, '\0');
    if (router) {
        parts.tensorInfos << ggufTensorInfo("blk.0.ffn_gate_inp.weight", {64, 8}, 0, quint64(parts.data.size()));
        parts.data += QByteArray(64 * 8 * 4, '\0');
    }
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("experts-%1.gguf").arg(++m_files));
    QVERIFY(writeFile(path, gguf(parts)));
    try {
        const GgufFile file(path);
        const DecoderConfig c = ggufDecoderConfig(file);
        QVERIFY2(expected.isEmpty(), "no ModelError");
        QCOMPARE(c.experts, 8);
        QVERIFY(c.isExpertLayer(0) && !c.isExpertLayer(1));  // a router only in layer 0
        QVERIFY(c.renormaliseTopK);  // llama.cpp's Mixtral and qwen3moe graphs renormalise
    } catch (const HeadmapError& error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(!expected.isEmpty(), qPrintable(message));
        for (const QString& part : expected)
            QVERIFY2(message.contains(part), qPrintable(QStringLiteral("'%1' not in: %2").arg(part, message)));
    }
}

QTEST_GUILESS_MAIN(GgufDecoderConfigTest)
#include "tst_ggufdecoderconfig.moc"
