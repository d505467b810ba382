#include "gguf/GgufExperts.h"

#include <algorithm>

#include <QCoreApplication>

namespace headmap {
namespace {

using Transform = GgufTensorMapping::Transform;

// llama.cpp's llama_expert_gating_func_type (src/llama-hparams.h), as {arch}.expert_gating_func
// stores it; a file without the key uses the architecture's own, which is what Headmap runs.
constexpr quint64 kGatingNone = 0;
constexpr quint64 kGatingSoftmax = 1;        // softmax over all experts, then top-k
constexpr quint64 kGatingSoftmaxWeight = 3;  // top-k of the logits, softmax over the k (gpt-oss)

// stored: the GGUF tensor's shape, row-major, where it differs from the Hugging Face `shape`.
GgufTensorMapping mapping(const QString& hf, const QString& gguf, std::vector<qint64> shape,
                          std::vector<qint64> stored, Transform transform, int expert = -1) {
    GgufTensorMapping m = ggufMapping(hf, gguf, std::move(shape), transform);
    m.storedShape = std::move(stored);
    m.expert = expert;
    return m;
}

}  // namespace

void readGgufExperts(const GgufMetadataReader& read, const FamilyTraits& family, DecoderConfig& c) {
    const MoeTraits& moe = *family.moe;
    c.experts = read.count("expert_count", 1, 1 << 16);
    c.expertsPerToken = read.count("expert_used_count", 1, quint64(c.experts));
    c.expertSize = read.countOr("expert_feed_forward_length", quint64(c.intermediateSize), 1, 16 * kMaxGgufDim);
    if (moe.sharedExpert)  // Qwen2-MoE: one shared expert (ffn_*_shexp), its own width
        c.sharedExpertSize = read.count("expert_shared_feed_forward_length", 1, 16 * kMaxGgufDim);
    else if (read.countOr("expert_shared_count", 0, 0, 1 << 16) > 0)
        read.fail(QCoreApplication::translate("Engine", "key %1 is %2: Headmap does not read shared experts from "
                                                        "GGUF files; open the model's safetensors folder instead")
                      .arg(quotedName(read.key("expert_shared_count")),
                           QString::number(read.countOr("expert_shared_count", 0, 0, 1 << 16))));
    const quint64 gating = read.file().metadata().uint(read.key("expert_gating_func"), kGatingNone);
    const quint64 expected =
        moe.routing == MoeTraits::Routing::TopKThenSoftmax ? kGatingSoftmaxWeight : kGatingSoftmax;
    if (gating != kGatingNone && gating != expected)
        read.fail(QCoreApplication::translate("Engine", "key %1 is %2; %3 routes with gating function %4 only")
                      .arg(quotedName(read.key("expert_gating_func")), QString::number(gating), family.displayName,
                           QString::number(expected)));
    c.renormaliseTopK = read.file().metadata().boolean(read.key("expert_weights_norm"),
                                                       family.gguf.renormaliseExperts);
    c.attentionSinks = family.attentionSinks;

    c.expertLayer.assign(size_t(c.layers), false);
    for (int l = 0; l < c.layers; ++l)
        c.expertLayer[size_t(l)] = read.tensor(QStringLiteral("blk.%1.ffn_gate_inp.weight").arg(l));
    if (std::find(c.expertLayer.begin(), c.expertLayer.end(), true) == c.expertLayer.end())
        read.fail(QCoreApplication::translate("Engine", "key %1 is %2, but no layer has a router tensor "
                                                        "('blk.N.ffn_gate_inp.weight')")
                      .arg(quotedName(read.key("expert_count")), QString::number(c.experts)));
}

void appendGgufExpertMappings(const DecoderConfig& c, int layer, std::vector<GgufTensorMapping>& list) {
    const MoeTraits& moe = *c.traits().moe;
    const QString hf = c.traits().decoderNames->prefix + QStringLiteral("layers.%1.").arg(layer);
    const QString blk = QStringLiteral("blk.%1.").arg(layer);
    const qint64 e = c.experts;
    const qint64 d = c.hiddenSize;
    const qint64 f = c.expertSize;
    const QString gate = blk + QStringLiteral("ffn_gate_exps");
    const QString up = blk + QStringLiteral("ffn_up_exps");
    const QString down = blk + QStringLiteral("ffn_down_exps");
    const QString weight = QStringLiteral(".weight");
    const QString bias = QStringLiteral(".bias");

    list.push_back(mapping(hf + moe.router + weight, blk + QStringLiteral("ffn_gate_inp.weight"), {e, d}, {},
                           Transform::None));
    if (moe.routerBias)
        list.push_back(mapping(hf + moe.router + bias, blk + QStringLiteral("ffn_gate_inp.bias"), {e}, {},
                               Transform::None));
    if (moe.sharedExpert) {
        // Qwen2MoeModel: mlp.shared_expert.{gate,up,down}_proj -> ffn_{gate,up,down}_shexp and
        // mlp.shared_expert_gate (1, D) -> ffn_gate_inp_shexp.
        const qint64 sf = c.sharedExpertSize;
        const QString shared = hf + moe.shared;
        list.push_back(ggufMapping(shared + moe.expertGate + weight, blk + QStringLiteral("ffn_gate_shexp.weight"), {sf, d}));
        list.push_back(ggufMapping(shared + moe.expertUp + weight, blk + QStringLiteral("ffn_up_shexp.weight"), {sf, d}));
        list.push_back(ggufMapping(shared + moe.expertDown + weight, blk + QStringLiteral("ffn_down_shexp.weight"), {d, sf}));
        list.push_back(ggufMapping(hf + moe.sharedGate + weight, blk + QStringLiteral("ffn_gate_inp_shexp.weight"), {1, d}));
    }
    if (moe.storage == MoeTraits::Storage::PerExpert) {
        // Expert x of ffn_gate_exps is Hugging Face's experts.x.gate_proj (F, D), one slice.
        for (int x = 0; x < e; ++x) {
            const QString expert = hf + moe.expert.arg(x);
            list.push_back(mapping(expert + moe.expertGate + weight, gate + weight, {f, d}, {e, f, d},
                                   Transform::ExpertSlice, x));
            list.push_back(mapping(expert + moe.expertUp + weight, up + weight, {f, d}, {e, f, d},
                                   Transform::ExpertSlice, x));
            list.push_back(mapping(expert + moe.expertDown + weight, down + weight, {d, f}, {e, d, f},
                                   Transform::ExpertSlice, x));
        }
        return;
    }
    // gpt-oss: the Hub's stacked gate_up_proj (E, D, 2F) and down_proj (E, F, D), used as x·W,
    // rebuilt per expert from the split, transposed GGUF tensors (StackedExperts reads them).
    const QString experts = hf + moe.expert;
    GgufTensorMapping gateUp = mapping(experts + moe.expertUp, gate + weight, {e, d, 2 * f}, {e, f, d},
                                       Transform::InterleaveGateUp);
    gateUp.ggufSecond = up + weight;
    list.push_back(gateUp);
    GgufTensorMapping gateUpBias = mapping(experts + moe.expertUp + QStringLiteral("_bias"), gate + bias,
                                           {e, 2 * f}, {e, f}, Transform::InterleaveGateUp);
    gateUpBias.ggufSecond = up + bias;
    list.push_back(gateUpBias);
    list.push_back(mapping(experts + moe.expertDown, down + weight, {e, f, d}, {e, d, f}, Transform::TransposeExperts));
    list.push_back(mapping(experts + moe.expertDown + QStringLiteral("_bias"), down + bias, {e, d}, {}, Transform::None));
}

}  // namespace headmap
