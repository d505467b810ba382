#include "gguf/GgufSeq2SeqConfig.h"

#include <optional>

#include "gguf/GgufMetadataReader.h"
#include "hf/ConfigReader.h"  // kMaxVocab
#include "hf/FamilyTraits.h"

namespace headmap {
namespace {

// A token id from tokenizer.ggml.* or {arch}.*: the fallback when absent.
int ggufTokenIdOr(const GgufFile& file, const QString& key, int fallback, int vocab) {
    const quint64 id = file.metadata().uint(key, quint64(fallback));
    if (id >= quint64(vocab))
        throwGgufError(file.path(), QCoreApplication::translate("Engine", "key %1 is %2, expected a token id below %3")
                                        .arg(quotedName(key), QString::number(id), QString::number(vocab)));
    return int(id);
}

}  // namespace

Seq2SeqConfig ggufSeq2SeqConfig(const GgufFile& file, const FamilyTraits& family) {
    const GgufMetadataReader read(file, file.metadata().string(QStringLiteral("general.architecture")));
    const GgufSeq2SeqTensorNames& gguf = *family.gguf.seq2seqNames;
    Seq2SeqConfig c;
    c.path = file.path();
    c.modelType = family.modelType;
    c.names = family.seq2seqNames;
    c.positions = Seq2SeqPositions::RelativeBuckets;
    c.preNorm = true;
    c.rmsNorm = true;
    c.biases = false;
    c.preferStoredHead = true;
    c.finalStackNorms = true;
    c.scaledScores = family.scaledScores;

    c.dModel = read.count("embedding_length", 1, kMaxGgufDim);
    c.encoderLayers = read.count("block_count", 1, kMaxGgufLayers);
    // llama.cpp: decoder_block_count defaults to block_count.
    c.decoderLayers = read.countOr("decoder_block_count", quint64(c.encoderLayers), 1, kMaxGgufLayers);
    c.encoderHeads = c.decoderHeads = read.count("attention.head_count", 1, kMaxGgufDim);
    c.headDim = read.count("attention.key_length", 1, kMaxGgufDim);
    if (read.countOr("attention.value_length", quint64(c.headDim), 1, kMaxGgufDim) != c.headDim)
        read.fail(QCoreApplication::translate("Engine", "%1 differs from %2; Headmap needs them equal")
                      .arg(read.key("attention.value_length"), read.key("attention.key_length")));
    c.encoderFfn = c.decoderFfn = read.count("feed_forward_length", 1, 16 * kMaxGgufDim);
    c.maxPositions = read.countOr("context_length", 512, 1, kMaxGgufPositions);
    if (!read.has("attention.layer_norm_rms_epsilon"))
        read.fail(QCoreApplication::translate("Engine", "has no key %1 (T5's layer_norm_epsilon)")
                      .arg(quotedName(read.key("attention.layer_norm_rms_epsilon"))));
    c.layerNormEps = float(read.number("attention.layer_norm_rms_epsilon", 0.0));
    if (!(c.layerNormEps > 0.0f))
        read.fail(QCoreApplication::translate("Engine", "key %1 must be positive")
                      .arg(quotedName(read.key("attention.layer_norm_rms_epsilon"))));
    c.relativeBuckets = read.count("attention.relative_buckets_count", 2, 1 << 16);
    c.relativeMaxDistance = family.gguf.relativeMaxDistance;
    if (c.relativeMaxDistance <= c.relativeBuckets / 4)
        read.fail(QCoreApplication::translate("Engine", "key %1 is %2: llama.cpp's maximum distance %3 must exceed a "
                                                        "quarter of it")
                      .arg(quotedName(read.key("attention.relative_buckets_count")))
                      .arg(c.relativeBuckets)
                      .arg(c.relativeMaxDistance));

    // umT5 gives every block its own bias (llama.cpp falls back to block 0's only where a block has
    // none); Headmap's T5 shares block 0's, so such a file would be computed wrongly.
    for (const auto& [blk, layers] : {std::pair{gguf.encoderLayer, c.encoderLayers}, std::pair{gguf.decoderLayer, c.decoderLayers}})
        for (int l = 1; l < layers; ++l)
            if (const QString bias = blk.arg(l) + gguf.selfAttention + gguf.relativeBias + QStringLiteral(".weight");
                file.info(bias))
                read.fail(QCoreApplication::translate("Engine", "tensor %1 is a relative position bias of its own in a "
                                                                "later block (umT5), which Headmap does not compute; "
                                                                "it reads T5 and mT5 files, whose blocks share block 0's")
                              .arg(quotedName(bias)));

    const QString embeddings = gguf.embeddings + QStringLiteral(".weight");
    const GgufTensorInfo* table = file.info(embeddings);
    if (!table || table->dims.size() != 2 || table->dims[0] != c.dModel || table->dims[1] < 1 ||
        table->dims[1] > qint64(kMaxVocab))
        read.fail(table ? QCoreApplication::translate("Engine", "tensor %1 has dims %2, expected [%3, vocabulary]")
                              .arg(quotedName(embeddings), table->dimsText(), QString::number(c.dModel))
                        : QCoreApplication::translate("Engine", "has no tensor %1 (the token embeddings)")
                              .arg(quotedName(embeddings)));
    c.vocabSize = c.decoderVocabSize = int(table->dims[1]);

    // feed_forward_proj is not stored: llama.cpp's graph picks GELU for gated layers, else ReLU.
    const QString gate = gguf.encoderLayer.arg(0) + gguf.ffnGate + QStringLiteral(".weight");
    c.gatedFfn = file.info(gate) != nullptr;
    c.activation = c.gatedFfn ? Activation::GeluTanh : Activation::Relu;
    c.tieWordEmbeddings = file.info(gguf.outputHead + QStringLiteral(".weight")) == nullptr;
    c.outputScale = 1.0f;

    GenerationSettings& g = c.generation;
    g.padTokenId = c.padTokenId = ggufTokenIdOr(file, QStringLiteral("tokenizer.ggml.padding_token_id"), 0, c.vocabSize);
    g.eosTokenId = ggufTokenIdOr(file, QStringLiteral("tokenizer.ggml.eos_token_id"), 1 < c.vocabSize ? 1 : 0, c.vocabSize);
    g.decoderStartTokenId = ggufTokenIdOr(file, read.key("decoder_start_token_id"), c.padTokenId, c.vocabSize);
    return c;
}

std::vector<GgufTensorMapping> ggufSeq2SeqTensorMappings(const Seq2SeqConfig& c, const FamilyTraits& family,
                                                         const GgufFile& file) {
    const Seq2SeqTensorNames& hf = *c.names;
    const GgufSeq2SeqTensorNames& gguf = *family.gguf.seq2seqNames;
    const QString weight = QStringLiteral(".weight");
    const qint64 d = c.dModel, inner = qint64(c.encoderHeads) * c.headDim;
    std::vector<GgufTensorMapping> list;
    auto add = [&](const QString& hfName, const QString& ggufName, std::vector<qint64> shape) {
        list.push_back(ggufMapping(hfName + weight, ggufName + weight, std::move(shape), GgufTensorMapping::Transform::None, 0));
    };
    auto attention = [&](const QString& hfBase, const QString& ggufBase) {
        add(hfBase + hf.query, ggufBase + gguf.query, {inner, d});
        add(hfBase + hf.key, ggufBase + gguf.key, {inner, d});
        add(hfBase + hf.value, ggufBase + gguf.value, {inner, d});
        add(hfBase + hf.output, ggufBase + gguf.output, {d, inner});
    };
    auto feedForward = [&](const QString& hfBase, const QString& ggufBlock, qint64 width) {
        if (c.gatedFfn) {
            add(hfBase + hf.ffnGate, ggufBlock + gguf.ffnGate, {width, d});
            add(hfBase + hf.ffnUp, ggufBlock + gguf.ffnUp, {width, d});
        } else {
            add(hfBase + hf.ffnIn, ggufBlock + gguf.ffnIn, {width, d});
        }
        add(hfBase + hf.ffnOut, ggufBlock + gguf.ffnOut, {d, width});
    };
    const QString encoder = QStringLiteral("encoder."), decoder = QStringLiteral("decoder.");
    add(QStringLiteral("shared"), gguf.embeddings, {c.vocabSize, d});
    for (const auto& [stack, blk] : {std::pair{encoder, gguf.encoderLayer}, std::pair{decoder, gguf.decoderLayer}})
        add(stack + QStringLiteral("block.0.") + hf.relativeBias, blk.arg(0) + gguf.selfAttention + gguf.relativeBias,
            {c.relativeBuckets, c.encoderHeads});
    for (int l = 0; l < c.encoderLayers; ++l) {
        const QString base = hf.encoderLayer.arg(l), blk = gguf.encoderLayer.arg(l);
        attention(base + hf.selfAttention, blk + gguf.selfAttention);
        add(base + hf.selfNorm, blk + gguf.selfNorm, {d});
        feedForward(base + hf.encoderFfn, blk, c.encoderFfn);
        add(base + hf.encoderFfnNorm, blk + gguf.ffnNorm, {d});
    }
    add(encoder + hf.finalNorm, gguf.encoderFinalNorm, {d});
    for (int l = 0; l < c.decoderLayers; ++l) {
        const QString base = hf.decoderLayer.arg(l), blk = gguf.decoderLayer.arg(l);
        attention(base + hf.selfAttention, blk + gguf.selfAttention);
        add(base + hf.selfNorm, blk + gguf.selfNorm, {d});
        attention(base + hf.crossAttention, blk + gguf.crossAttention);
        add(base + hf.crossNorm, blk + gguf.crossNorm, {d});
        feedForward(base + hf.decoderFfn, blk, c.decoderFfn);
        add(base + hf.decoderFfnNorm, blk + gguf.ffnNorm, {d});
    }
    add(decoder + hf.finalNorm, gguf.decoderFinalNorm, {d});
    if (file.info(gguf.outputHead + weight))
        add(QStringLiteral("lm_head"), gguf.outputHead, {c.targetVocabSize(), d});
    return list;
}

}  // namespace headmap
