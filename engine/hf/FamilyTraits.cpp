#include "hf/FamilyTraits.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// Tensor names, read from each family's modeling_<name>.py in transformers.

const EncoderTensorNames& bertTensorNames() {
    // modeling_bert.py; BertForMaskedLM's head: cls.predictions.transform + bias.
    static const EncoderTensorNames names{
        QStringLiteral("bert."), QStringLiteral("embeddings."), QStringLiteral("encoder.layer.%1."),
        QStringLiteral("attention.self.query"), QStringLiteral("attention.self.key"),
        QStringLiteral("attention.self.value"), QStringLiteral("attention.output.dense"),
        QStringLiteral("attention.output.LayerNorm"), QStringLiteral("intermediate.dense"),
        QStringLiteral("output.dense"), QStringLiteral("output.LayerNorm"),
        QStringLiteral("cls.predictions.transform.dense"), QStringLiteral("cls.predictions.transform.LayerNorm"),
        QStringLiteral("cls.predictions.bias"), QStringLiteral("cls.predictions.decoder.bias")};
    return names;
}

const EncoderTensorNames& robertaTensorNames() {
    // modeling_roberta.py: BERT's layers under "roberta.", RobertaLMHead as lm_head.
    static const EncoderTensorNames names = [] {
        EncoderTensorNames n = bertTensorNames();
        n.prefix = QStringLiteral("roberta.");
        n.headDense = QStringLiteral("lm_head.dense");
        n.headNorm = QStringLiteral("lm_head.layer_norm");
        n.headBias = QStringLiteral("lm_head.bias");
        n.headAltBias = QStringLiteral("lm_head.decoder.bias");
        return n;
    }();
    return names;
}

const EncoderTensorNames& distilbertTensorNames() {
    // modeling_distilbert.py; DistilBertForMaskedLM: vocab_transform, vocab_layer_norm,
    // vocab_projector (whose weight is the word embeddings).
    static const EncoderTensorNames names{
        QStringLiteral("distilbert."), QStringLiteral("embeddings."), QStringLiteral("transformer.layer.%1."),
        QStringLiteral("attention.q_lin"), QStringLiteral("attention.k_lin"), QStringLiteral("attention.v_lin"),
        QStringLiteral("attention.out_lin"), QStringLiteral("sa_layer_norm"), QStringLiteral("ffn.lin1"),
        QStringLiteral("ffn.lin2"), QStringLiteral("output_layer_norm"), QStringLiteral("vocab_transform"),
        QStringLiteral("vocab_layer_norm"), QStringLiteral("vocab_projector.bias"), QString()};
    return names;
}

const DecoderTensorNames& llamaTensorNames() {
    // modeling_llama.py, and every family that copied it (Mistral, Qwen, Gemma, Phi-3, OLMo 2).
    static const DecoderTensorNames names{
        QStringLiteral("model."), QStringLiteral("embed_tokens"), QStringLiteral("norm"),
        QStringLiteral("lm_head"), QStringLiteral("self_attn."), QStringLiteral("q_proj"),
        QStringLiteral("k_proj"), QStringLiteral("v_proj"), QStringLiteral("qkv_proj"), QStringLiteral("o_proj"),
        QStringLiteral("q_norm"), QStringLiteral("k_norm"), QStringLiteral("mlp.up_proj"),
        QStringLiteral("mlp.down_proj"), QStringLiteral("mlp.gate_proj"), QStringLiteral("mlp.gate_up_proj"),
        QString()};
    return names;
}

const DecoderTensorNames& neoxTensorNames() {
    // modeling_gpt_neox.py: GPTNeoXForCausalLM keeps its head as embed_out.
    static const DecoderTensorNames names{
        QStringLiteral("gpt_neox."), QStringLiteral("embed_in"), QStringLiteral("final_layer_norm"),
        QStringLiteral("embed_out"), QStringLiteral("attention."), QString(), QString(), QString(),
        QStringLiteral("query_key_value"), QStringLiteral("dense"), QString(), QString(),
        QStringLiteral("mlp.dense_h_to_4h"), QStringLiteral("mlp.dense_4h_to_h"), QString(), QString(), QString()};
    return names;
}

// Mixture-of-experts blocks, from each family's modeling_<name>.py and the Hub checkpoints'
// per-expert names (transformers' conversion_mapping.py stacks them into 3-D tensors on load).
MoeTraits qwenMoeTraits() {
    // Qwen2MoeSparseMoeBlock / Qwen3MoeSparseMoeBlock: mlp.gate, mlp.experts.N.{gate,up,down}_proj.
    MoeTraits m;
    m.sparseStep = true;
    m.router = QStringLiteral("mlp.gate");
    m.expert = QStringLiteral("mlp.experts.%1.");
    m.expertGate = QStringLiteral("gate_proj");
    m.expertUp = QStringLiteral("up_proj");
    m.expertDown = QStringLiteral("down_proj");
    return m;
}

const MoeTraits& qwen3MoeTraits() {
    static const MoeTraits traits = qwenMoeTraits();
    return traits;
}

const MoeTraits& qwen2MoeTraits() {
    static const MoeTraits traits = [] {
        MoeTraits m = qwenMoeTraits();
        m.sharedExpert = true;
        m.shared = QStringLiteral("mlp.shared_expert.");
        m.sharedGate = QStringLiteral("mlp.shared_expert_gate");
        return m;
    }();
    return traits;
}

const MoeTraits& olmoeTraits() {
    // OlmoeSparseMoeBlock: every layer sparse, experts of intermediate_size.
    static const MoeTraits traits = [] {
        MoeTraits m = qwenMoeTraits();
        m.sparseStep = false;
        m.expertSizeField = "intermediate_size";
        return m;
    }();
    return traits;
}

const MoeTraits& mixtralTraits() {
    // MixtralSparseMoeBlock: block_sparse_moe.gate, experts.N.w1 (gate), w3 (up), w2 (down);
    // the top-k probabilities are always renormalised.
    static const MoeTraits traits = [] {
        MoeTraits m;
        m.renormalise = MoeTraits::Renormalise::Always;
        m.expertsField = "num_local_experts";
        m.expertSizeField = "intermediate_size";
        m.router = QStringLiteral("block_sparse_moe.gate");
        m.expert = QStringLiteral("block_sparse_moe.experts.%1.");
        m.expertGate = QStringLiteral("w1");
        m.expertUp = QStringLiteral("w3");
        m.expertDown = QStringLiteral("w2");
        return m;
    }();
    return traits;
}

const MoeTraits& gptOssTraits() {
    // modeling_gpt_oss.py: GptOssTopKRouter (mlp.router, with bias: top-k of the logits, then
    // softmax over them), GptOssExperts (stacked gate_up_proj with interleaved gate and up
    // columns, down_proj, biases, the clamped SwiGLU); every layer sparse. The Hub's files keep
    // the experts as MXFP4 blocks and scales.
    static const MoeTraits traits = [] {
        MoeTraits m;
        m.renormalise = MoeTraits::Renormalise::Never;
        m.routing = MoeTraits::Routing::TopKThenSoftmax;
        m.expertKind = MoeTraits::ExpertKind::ClampedSwiGlu;
        m.storage = MoeTraits::Storage::Stacked;
        m.routerBias = true;
        m.readsMxfp4 = true;
        m.expertsField = "num_local_experts";
        m.expertSizeField = "intermediate_size";
        m.router = QStringLiteral("mlp.router");
        m.expert = QStringLiteral("mlp.experts.");
        m.expertUp = QStringLiteral("gate_up_proj");
        m.expertDown = QStringLiteral("down_proj");
        return m;
    }();
    return traits;
}

const DecoderTensorNames& gptOssTensorNames() {
    // Llama's names, and self_attn.sinks.
    static const DecoderTensorNames names = [] {
        DecoderTensorNames n = llamaTensorNames();
        n.sinks = QStringLiteral("sinks");
        return n;
    }();
    return names;
}

const Seq2SeqTensorNames& bartTensorNames() {
    // modeling_bart.py and the families copied from it (Marian, mBART, M2M100).
    static const Seq2SeqTensorNames names{
        QStringLiteral("model."), QStringLiteral("encoder.layers.0.self_attn.q_proj.weight"),
        QStringLiteral("encoder.layers.%1."), QStringLiteral("decoder.layers.%1."),
        QStringLiteral("self_attn."), QStringLiteral("self_attn_layer_norm"),
        QStringLiteral("encoder_attn."), QStringLiteral("encoder_attn_layer_norm"),
        QString(), QStringLiteral("final_layer_norm"), QString(), QStringLiteral("final_layer_norm"),
        QStringLiteral("fc1"), QString(), QString(), QStringLiteral("fc2"),
        QStringLiteral("q_proj"), QStringLiteral("k_proj"), QStringLiteral("v_proj"), QStringLiteral("out_proj"),
        QString(), QStringLiteral("layer_norm"), QStringLiteral("layernorm_embedding")};
    return names;
}

const Seq2SeqTensorNames& t5TensorNames() {
    // modeling_t5.py: blocks of numbered sub-layers, no biases.
    static const Seq2SeqTensorNames names{
        QString(), QStringLiteral("encoder.block.0.layer.0.SelfAttention.q.weight"),
        QStringLiteral("encoder.block.%1."), QStringLiteral("decoder.block.%1."),
        QStringLiteral("layer.0.SelfAttention."), QStringLiteral("layer.0.layer_norm"),
        QStringLiteral("layer.1.EncDecAttention."), QStringLiteral("layer.1.layer_norm"),
        QStringLiteral("layer.1.DenseReluDense."), QStringLiteral("layer.1.layer_norm"),
        QStringLiteral("layer.2.DenseReluDense."), QStringLiteral("layer.2.layer_norm"),
        QStringLiteral("wi"), QStringLiteral("wi_0"), QStringLiteral("wi_1"), QStringLiteral("wo"),
        QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"), QStringLiteral("o"),
        QStringLiteral("layer.0.SelfAttention.relative_attention_bias"), QStringLiteral("final_layer_norm"),
        QString()};
    return names;
}

const GgufSeq2SeqTensorNames& t5GgufTensorNames() {
    // gguf-py/gguf/constants.py: MODEL_TENSOR.ENC_* / DEC_* of MODEL_ARCH.T5. T5's plain "wi" and
    // v1.1's "wi_1" are both ffn_up (tensor_mapping.py).
    static const GgufSeq2SeqTensorNames names{
        QStringLiteral("token_embd"), QStringLiteral("output"),
        QStringLiteral("enc.blk.%1."), QStringLiteral("dec.blk.%1."),
        QStringLiteral("attn_"), QStringLiteral("cross_attn_"),
        QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"), QStringLiteral("o"),
        QStringLiteral("rel_b"),
        QStringLiteral("attn_norm"), QStringLiteral("cross_attn_norm"), QStringLiteral("ffn_norm"),
        QStringLiteral("ffn_up"), QStringLiteral("ffn_gate"), QStringLiteral("ffn_up"), QStringLiteral("ffn_down"),
        QStringLiteral("enc.output_norm"), QStringLiteral("dec.output_norm")};
    return names;
}

// A row starts from its class's usual parts; `change` sets what the family does differently.
template <typename Change>
FamilyTraits tableRow(ModelClass modelClass, const char* modelType, const char* displayName, Change change) {
    FamilyTraits f;
    f.modelType = QLatin1String(modelType);
    f.displayName = QString::fromUtf8(displayName);
    f.modelClass = modelClass;
    if (modelClass == ModelClass::Decoder) {  // the Llama recipe
        f.decoderNames = &llamaTensorNames();
    } else if (modelClass == ModelClass::Encoder || modelClass == ModelClass::Gpt2) {
        // The BERT recipe; GPT-2 differs in layout, spelling and projection.
        f.spelling = ConfigSpelling::Bert;
        f.layout = BlockLayout::NormAfterResidual;
        f.norm = NormKind::LayerNorm;
        f.positions = PositionKind::Learned;
        f.feedForward = FeedForwardKind::Plain;
        f.defaultActivation = QStringLiteral("gelu");
        f.tiedByDefault = true;
        f.biases = BiasRule::Always;
    } else if (modelClass == ModelClass::EncoderDecoder) {  // the BART recipe, post-norm
        f.layout = BlockLayout::NormAfterResidual;
        f.norm = NormKind::LayerNorm;
        f.positions = PositionKind::LearnedOffsetTwo;
        f.feedForward = FeedForwardKind::Plain;
        f.defaultActivation = QStringLiteral("gelu");
        f.tiedByDefault = true;
        f.biases = BiasRule::Always;
        f.seq2seqNames = &bartTensorNames();
    }
    change(f);
    return f;
}

}  // namespace

const std::vector<FamilyTraits>& familyTraitsTable() {
    using C = ModelClass;
    using Sliding = SlidingLayers::Kind;
    static const std::vector<FamilyTraits> table = {
        tableRow(C::Encoder, "bert", "BERT", [](FamilyTraits& f) {
            f.encoderNames = &bertTensorNames();
        }),
        tableRow(C::Encoder, "roberta", "RoBERTa", [](FamilyTraits& f) {
            f.encoderNames = &robertaTensorNames();
            f.positions = PositionKind::LearnedAfterPadding;
            f.defaultPadTokenId = 1;
            f.maskedLmActivation = Activation::GeluErf;  // RobertaLMHead calls gelu whatever hidden_act says
            f.legacyBpe = LegacyBpe::Roberta;
        }),
        tableRow(C::Encoder, "xlm-roberta", "XLM-RoBERTa", [](FamilyTraits& f) {
            // modeling_xlm_roberta.py: RoBERTa's blocks and names; a SentencePiece tokenizer.json.
            f.encoderNames = &robertaTensorNames();
            f.positions = PositionKind::LearnedAfterPadding;
            f.defaultPadTokenId = 1;
            f.maskedLmActivation = Activation::GeluErf;  // XLMRobertaLMHead calls gelu too
        }),
        tableRow(C::Encoder, "distilbert", "DistilBERT", [](FamilyTraits& f) {
            f.spelling = ConfigSpelling::DistilBert;  // its layer_norm eps, head's too, is always 1e-12
            f.encoderNames = &distilbertTensorNames();
        }),
        tableRow(C::RotaryEncoder, "modernbert", "ModernBERT", [](FamilyTraits& f) {
            // modeling_modernbert.py: pre-norm LayerNorms (none before layer 0's attention), an
            // embedding norm and a final norm, fused Wqkv, GeGLU in one Wi (activated half
            // first), rotary with a base for global and one for local layers, no biases by default.
            f.norm = NormKind::LayerNorm;
            f.layout = BlockLayout::PreNorm;
            f.positions = PositionKind::RopeWithLocalBase;
            f.feedForward = FeedForwardKind::GatedFused;
            f.projection = QkvProjection::Fused;
            f.defaultActivation = QStringLiteral("gelu");
            f.activationField = "hidden_activation";
            f.tiedByDefault = true;
            f.embeddingNorm = f.finalStackNorms = true;
        }),
        tableRow(C::Gpt2, "gpt2", "GPT-2", [](FamilyTraits& f) {
            f.spelling = ConfigSpelling::Gpt2;
            f.layout = BlockLayout::PreNorm;
            f.defaultActivation = QStringLiteral("gelu_new");
            f.projection = QkvProjection::FusedColumns;
            f.legacyBpe = LegacyBpe::Gpt2;
            f.fixedBosToken = QStringLiteral("<|endoftext|>");
        }),
        tableRow(C::Decoder, "llama", "Llama 2/3/3.1/3.2, SmolLM/SmolLM2, TinyLlama", [](FamilyTraits& f) {
            f.gguf.architectures = {QStringLiteral("llama")};  // Mistral's GGUF files too
            f.gguf.permutedQk = true;
            f.gguf.expertTwin = "mixtral";
        }),
        tableRow(C::Decoder, "smollm3", "SmolLM3", [](FamilyTraits& f) {
            // modeling_smollm3.py: Llama's blocks; no rotary on the layers no_rope_layers marks 0.
            f.positions = PositionKind::RopeExceptNoPe;
            f.sliding = {Sliding::NoPeLayers};
            f.gguf.architectures = {QStringLiteral("smollm3")};  // SmolLM3Model is LlamaModel
            f.gguf.permutedQk = true;
            f.gguf.noRopeLayerStep = 4;
        }),
        tableRow(C::Decoder, "mistral", "Mistral", [](FamilyTraits& f) {
            f.sliding = {Sliding::AllLayers};
        }),
        tableRow(C::Decoder, "qwen2", "Qwen2, Qwen2.5", [](FamilyTraits& f) {
            f.biases = BiasRule::QkvOnly;
            f.sliding = {Sliding::FromMaxWindowLayers};
            f.gguf.architectures = {QStringLiteral("qwen2")};
        }),
        tableRow(C::Decoder, "qwen3", "Qwen3", [](FamilyTraits& f) {
            f.qkNorm = QkNormKind::PerHead;
            f.sliding = {Sliding::FromMaxWindowLayers};
            f.gguf.architectures = {QStringLiteral("qwen3")};
        }),
        tableRow(C::Decoder, "gemma2", "Gemma 2", [](FamilyTraits& f) {
            f.layout = BlockLayout::Sandwich;
            f.norm = NormKind::RmsNormPlusOne;
            f.defaultActivation = QStringLiteral("gelu_pytorch_tanh");
            f.activationField = "hidden_activation";
            f.scaledEmbeddings = f.tiedByDefault = true;
            f.softcap = SoftcapKind::AttentionAndFinal;
            f.scale = AttentionScale::QueryPreAttnScalar;
            f.sliding = {Sliding::AllButEveryNth, 2};
            f.gguf.architectures = {QStringLiteral("gemma2")};
            f.gguf.wideScalarBlockCount = 46;
        }),
        tableRow(C::Decoder, "gemma3_text", "Gemma 3 (text models: 270M, 1B)", [](FamilyTraits& f) {
            f.layout = BlockLayout::Sandwich;
            f.norm = NormKind::RmsNormPlusOne;
            f.positions = PositionKind::RopeWithLocalBase;
            f.defaultActivation = QStringLiteral("gelu_pytorch_tanh");
            f.activationField = "hidden_activation";
            f.scaledEmbeddings = f.tiedByDefault = true;
            f.qkNorm = QkNormKind::PerHead;
            f.softcap = SoftcapKind::FinalOnly;
            f.scale = AttentionScale::QueryPreAttnScalar;
            f.sliding = {Sliding::AllButEveryNth, 6, "sliding_window_pattern"};
            f.refusesBidirectional = true;
            f.gguf.architectures = {QStringLiteral("gemma3")};
            f.gguf.wideScalarBlockCount = 62;
        }),
        tableRow(C::Decoder, "phi3", "Phi-3, Phi-3.5, Phi-4-mini", [](FamilyTraits& f) {
            f.feedForward = FeedForwardKind::GatedFused;
            f.projection = QkvProjection::Fused;
            f.biases = BiasRule::None;
            f.sliding = {Sliding::AllLayers};
            f.gguf.architectures = {QStringLiteral("phi3")};
        }),
        tableRow(C::Decoder, "olmo2", "OLMo 2", [](FamilyTraits& f) {
            f.layout = BlockLayout::PostNorm;
            f.qkNorm = QkNormKind::WholeProjection;
        }),
        tableRow(C::Decoder, "mixtral", "Mixtral 8x7B, 8x22B", [](FamilyTraits& f) {
            f.feedForward = FeedForwardKind::MixtureOfExperts;
            f.moe = &mixtralTraits();
            f.sliding = {Sliding::AllLayers};
            // GGUF: "llama" files with experts (the llama row's expertTwin), q/k permuted.
            f.gguf.permutedQk = true;
            f.gguf.renormaliseExperts = true;
        }),
        tableRow(C::Decoder, "qwen2_moe", "Qwen1.5-MoE, Qwen2-MoE", [](FamilyTraits& f) {
            f.feedForward = FeedForwardKind::MixtureOfExperts;
            f.moe = &qwen2MoeTraits();
            f.biases = BiasRule::QkvFlag;
            f.sliding = {Sliding::Refused};
            f.gguf.architectures = {QStringLiteral("qwen2moe")};
        }),
        tableRow(C::Decoder, "qwen3_moe", "Qwen3-MoE (Qwen3-30B-A3B, 235B-A22B)", [](FamilyTraits& f) {
            f.feedForward = FeedForwardKind::MixtureOfExperts;
            f.moe = &qwen3MoeTraits();
            f.qkNorm = QkNormKind::PerHead;
            f.sliding = {Sliding::Refused};
            f.gguf.architectures = {QStringLiteral("qwen3moe")};
            f.gguf.renormaliseExperts = true;
        }),
        tableRow(C::Decoder, "olmoe", "OLMoE", [](FamilyTraits& f) {
            f.feedForward = FeedForwardKind::MixtureOfExperts;
            f.moe = &olmoeTraits();
            f.qkNorm = QkNormKind::WholeProjection;
            f.refusesClipQkv = true;
            f.gguf.architectures = {QStringLiteral("olmoe")};
        }),
        tableRow(C::Decoder, "gpt_oss", "gpt-oss (20b, 120b)", [](FamilyTraits& f) {
            // modeling_gpt_oss.py: Llama's blocks with biases on q/k/v/o (attention_bias is
            // always true), a learned sink per head, sliding and full layers by layer_types
            // (alternating from a sliding layer 0 when absent), YaRN rotary, experts as above.
            f.feedForward = FeedForwardKind::MixtureOfExperts;
            f.moe = &gptOssTraits();
            f.biases = BiasRule::AttentionAlways;
            f.attentionSinks = true;
            f.decoderNames = &gptOssTensorNames();
            f.sliding = {Sliding::AllButEveryNth, 2};
            f.gguf.architectures = {QStringLiteral("gpt-oss")};
            f.gguf.blockNorms = {QStringLiteral("attn_norm"), QStringLiteral("post_attention_norm")};
            f.gguf.yarnTruncate = false;
        }),
        tableRow(C::Decoder, "gpt_neox", "GPT-NeoX, Pythia", [](FamilyTraits& f) {
            f.layout = BlockLayout::Parallel;
            f.norm = NormKind::LayerNorm;
            f.feedForward = FeedForwardKind::Plain;
            f.defaultActivation = QStringLiteral("gelu");
            f.projection = QkvProjection::InterleavedPerHead;
            f.biases = BiasRule::OneFlagDefaultOn;
            f.decoderNames = &neoxTensorNames();
            f.gguf.architectures = {QStringLiteral("gptneox")};
        }),
        tableRow(C::EncoderDecoder, "marian", "MarianMT (Helsinki-NLP opus-mt-*)", [](FamilyTraits& f) {
            f.positions = PositionKind::SinusoidalHalves;
            f.defaultActivation = QStringLiteral("swish");
            f.finalLogitsBias = true;
        }),
        tableRow(C::EncoderDecoder, "bart", "BART, distilbart", [](FamilyTraits& f) {
            f.embeddingNorm = true;
            f.finalLogitsBias = true;
        }),
        tableRow(C::EncoderDecoder, "mbart", "mBART-25/50", [](FamilyTraits& f) {
            f.layout = BlockLayout::PreNorm;
            f.embeddingNorm = f.finalStackNorms = true;
            f.finalLogitsBias = true;
        }),
        tableRow(C::EncoderDecoder, "m2m_100", "M2M100, NLLB-200", [](FamilyTraits& f) {
            f.layout = BlockLayout::PreNorm;
            f.positions = PositionKind::SinusoidalFairseq;
            f.defaultActivation = QStringLiteral("relu");
            f.finalStackNorms = true;
        }),
        tableRow(C::EncoderDecoder, "t5", "T5, Flan-T5", [](FamilyTraits& f) {
            f.layout = BlockLayout::PreNorm;
            f.norm = NormKind::RmsNorm;
            f.positions = PositionKind::RelativeBuckets;
            f.defaultActivation = QStringLiteral("relu");  // feed_forward_proj decides
            f.biases = BiasRule::None;
            f.finalStackNorms = true;
            f.scaledScores = false;
            f.scaledTiedOutput = true;
            f.seq2seqNames = &t5TensorNames();
            // convert_hf_to_gguf.py's T5Model writes T5, Flan-T5, mT5 and umT5 alike.
            f.gguf.architectures = {QStringLiteral("t5")};
            f.gguf.seq2seqNames = &t5GgufTensorNames();
            f.gguf.relativeMaxDistance = 128;
        }),
        tableRow(C::EncoderDecoder, "mt5", "mT5", [](FamilyTraits& f) {
            f.layout = BlockLayout::PreNorm;
            f.norm = NormKind::RmsNorm;
            f.positions = PositionKind::RelativeBuckets;
            f.defaultActivation = QStringLiteral("relu");  // feed_forward_proj decides
            f.biases = BiasRule::None;
            f.finalStackNorms = true;
            f.scaledScores = false;
            f.seq2seqNames = &t5TensorNames();
        }),
    };
    return table;
}

const FamilyTraits* findFamily(const QString& modelType) {
    for (const FamilyTraits& row : familyTraitsTable())
        if (row.modelType == modelType)
            return &row;
    return nullptr;
}

const FamilyTraits* findFamilyByGguf(const QString& architecture) {
    for (const FamilyTraits& row : familyTraitsTable())
        if (row.gguf.architectures.contains(architecture))
            return &row;
    return nullptr;
}

const FamilyTraits& requireFamily(const QString& path, const QString& modelType, const QStringList& allowed) {
    const FamilyTraits* row = findFamily(modelType);
    if (!row || !allowed.contains(modelType))
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2")
                             .arg(path, QCoreApplication::translate("Engine", "model_type '%1' is not one of %2")
                                            .arg(modelType, allowed.join(QStringLiteral(", ")))));
    return *row;
}

QStringList supportedModelTypes() {
    QStringList types;
    for (const FamilyTraits& row : familyTraitsTable())
        types << row.modelType;
    return types;
}

QStringList modelTypesOf(std::initializer_list<ModelClass> classes) {
    QStringList types;
    for (const FamilyTraits& row : familyTraitsTable())
        if (std::find(classes.begin(), classes.end(), row.modelClass) != classes.end())
            types << row.modelType;
    return types;
}

QStringList supportedGgufArchitectures() {
    QStringList architectures;
    for (const FamilyTraits& row : familyTraitsTable())
        architectures << row.gguf.architectures;
    return architectures;
}

QStringList blockNormNames(BlockLayout layout) {
    switch (layout) {
    case BlockLayout::Sandwich:
        return {QStringLiteral("input_layernorm"), QStringLiteral("post_attention_layernorm"),
                QStringLiteral("pre_feedforward_layernorm"), QStringLiteral("post_feedforward_layernorm")};
    case BlockLayout::PostNorm:
        return {QStringLiteral("post_attention_layernorm"), QStringLiteral("post_feedforward_layernorm")};
    case BlockLayout::PreNorm:
    case BlockLayout::Parallel:
        return {QStringLiteral("input_layernorm"), QStringLiteral("post_attention_layernorm")};
    case BlockLayout::NormAfterResidual:
        break;  // the BERT family names its norms in EncoderTensorNames
    }
    return {};
}

}  // namespace headmap
