#pragma once
// What sets one model family apart from another, one row per family (issue #37): which class
// builds it, where its norms sit, which norm, positions and feed-forward it uses, its attention
// switches, how its checkpoint names the tensors, the GGUF architecture llama.cpp gives it and
// what its tokenizer files need. The config readers, the model classes, the GGUF reader and the
// CLI's help read these traits instead of comparing model_type strings, so a family that reuses
// existing parts is one more row in familyTraitsTable() (FamilyTraits.cpp) and nothing else.

#include <initializer_list>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "core/Ops.h"

namespace headmap {

// The class that computes the family and the config reader it needs.
enum class ModelClass {
    Encoder,         // EncoderModel with HfConfig: BERT and its kin
    Gpt2,            // Gpt2Model with HfConfig
    Decoder,         // DecoderModel with DecoderConfig (or ggufDecoderConfig)
    EncoderDecoder,  // EncoderDecoderModel with Seq2SeqConfig: Marian, BART, mBART, M2M100
    RotaryEncoder,   // ModernBertModel with ModernBertConfig: pre-norm, rotary, global and local layers
};

// How config.json spells the sizes (hidden_size / dim / n_embd ...): HfConfig and DecoderConfig.
enum class ConfigSpelling { Bert, DistilBert, Gpt2, Decoder };

// Where the norms sit around a block's attention (Attn) and feed-forward (MLP), x the residual.
enum class BlockLayout {
    PreNorm,            // x += Attn(N₁(x)); x += MLP(N₂(x))                    GPT-2, Llama, Qwen
    Sandwich,           // x += N₂(Attn(N₁(x))); x += N₄(MLP(N₃(x)))            Gemma 2/3
    PostNorm,           // x += N₁(Attn(x)); x += N₂(MLP(x))                    OLMo 2
    Parallel,           // x += Attn(N₁(x)) + MLP(N₂(x)) (use_parallel_residual) GPT-NeoX
    NormAfterResidual,  // x = N₁(x + Attn(x)); x = N₂(x + MLP(x))              BERT (post-LN)
};

enum class NormKind {
    LayerNorm,       // (x - mean) / σ · w + b; its epsilon is config.json's layer_norm_eps
    RmsNorm,         // x / rms · w; rms_norm_eps
    RmsNormPlusOne,  // x / rms · (1 + w), Gemma; GGUF files store 1 + w
};

enum class PositionKind {
    Learned,              // an embedding row per position, counted from 0
    LearnedAfterPadding,  // counted from padding_idx + 1 (RoBERTa), so fewer positions fit
    Rope,                 // rotary, from rope_theta / rope_scaling / rope_parameters
    RopeWithLocalBase,    // rotary, and sliding layers rotate with rope_local_base_freq unscaled
    RopeExceptNoPe,       // rotary, but not on the layers no_rope_layers marks 0 (SmolLM3's NoPE layers)
    SinusoidalHalves,     // Marian: sin in the first half, cos in the second (or a stored table)
    SinusoidalFairseq,    // M2M100: tensor2tensor's table, counted from padding_idx + 1
    LearnedOffsetTwo,     // BART, mBART: embed_positions from position + 2
    RelativeBuckets,      // T5: no position vectors, a bucketed bias on the self-attention scores
};

enum class FeedForwardKind {
    Plain,       // down(act(up(x)))
    Gated,       // down(act(gate(x)) · up(x))
    GatedFused,  // Gated, gate and up stacked in one gate_up_proj (2·FF, D), gate rows first
    MixtureOfExperts,  // a router picks experts per token (FamilyTraits::moe); dense layers Gated
};

// A mixture-of-experts feed-forward (issue #39), as the family's <Family>SparseMoeBlock computes
// it: router logits = x·Wᵣᵀ (+ b) (T, E); then either p = softmax over all E experts in float32
// and torch.topk(p, k) picks the experts (Mixtral, Qwen, OLMoE), or torch.topk(logits, k) picks
// them and the softmax runs over the k chosen logits (gpt-oss); ties go as torch's CPU topk
// orders them; the chosen p are renormalised to sum 1 when `renormalise` says so; the output is
// Σ p_e·expert_e(x). Dense layers (decoder_sparse_step, mlp_only_layers) run the family's Gated
// MLP of intermediate_size.
struct MoeTraits {
    enum class Renormalise {
        Always,       // Mixtral: router_top_value /= sum, whatever the config says
        NormTopKProb, // config.json's norm_topk_prob, false by default (Qwen2/3-MoE, OLMoE)
        Never,        // gpt-oss: the softmax over the chosen k already sums to 1
    };
    enum class Routing {
        SoftmaxThenTopK,  // softmax over all E, top-k of the probabilities
        TopKThenSoftmax,  // top-k of the logits, softmax over those k (GptOssTopKRouter)
    };
    // How an expert turns x into its output.
    enum class ExpertKind {
        SwiGlu,         // down(act(gate(x)) · up(x))
        // gpt-oss (GptOssExperts): gu = x·W_gu + b_gu, gate = gu[..., ::2], up = gu[..., 1::2];
        // gate = min(gate, limit), up = clamp(up, ±limit); glu = gate·σ(α·gate);
        // out = ((up + 1)·glu)·W_down + b_down, α = 1.702, limit = 7.
        ClampedSwiGlu,
    };
    // How the checkpoint stores the experts.
    enum class Storage {
        PerExpert,  // expert.%1.gate/up/down, each (F, D) or (D, F) as torch.nn.Linear
        // One 3-D tensor per projection for all experts: gate_up_proj (E, D, 2F) and down_proj
        // (E, F, D) used as x·W, with _bias (E, 2F) / (E, D); or, quantised, MXFP4 *_blocks
        // (E, out, in/32, 16) and *_scales (E, out, in/32) (integrations/mxfp4.py).
        Stacked,
    };
    Renormalise renormalise = Renormalise::NormTopKProb;
    Routing routing = Routing::SoftmaxThenTopK;
    ExpertKind expertKind = ExpertKind::SwiGlu;
    Storage storage = Storage::PerExpert;
    bool routerBias = false;     // gpt-oss: the router has a bias
    bool readsMxfp4 = false;     // quantization_config.quant_method "mxfp4" is understood
    const char* expertsField = "num_experts";              // Mixtral: num_local_experts
    const char* expertSizeField = "moe_intermediate_size"; // Mixtral, OLMoE: intermediate_size
    bool sparseStep = false;     // decoder_sparse_step and mlp_only_layers choose the MoE layers
    bool sharedExpert = false;   // Qwen2-MoE: + sigmoid(x·w_gate) · SwiGLU of shared_expert_intermediate_size
    // Tensor names within a layer, without ".weight"; %1 is the expert's index.
    QString router;              // "mlp.gate" (E, D)
    QString expert;              // "mlp.experts.%1."; Stacked: "mlp.experts."
    QString expertGate, expertUp, expertDown;  // "gate_proj", "up_proj", "down_proj"; Stacked:
                                               // expertUp "gate_up_proj", expertDown "down_proj"
    QString shared;              // "mlp.shared_expert." (its gate_proj/up_proj/down_proj)
    QString sharedGate;          // "mlp.shared_expert_gate" (1, D)
};

// How the q, k and v projections are stored.
enum class QkvProjection {
    Separate,            // q_proj, k_proj, v_proj
    Fused,               // one qkv_proj ((H + 2·KV)·Dh, D): q rows, then k, then v
    InterleavedPerHead,  // query_key_value (3·D, D) as [q_h; k_h; v_h] per head; KV heads = heads
    FusedColumns,        // GPT-2's Conv1D c_attn (D, 3·D)
};

// Which linear layers carry biases, and which config.json field says so.
enum class BiasRule {
    Always,            // every linear layer (the BERT family, GPT-2)
    AttentionAndMlp,   // attention_bias on q/k/v/o, mlp_bias on the MLP, both false by default
    OneFlagDefaultOn,  // attention_bias on every linear layer, true by default (GPT-NeoX)
    QkvOnly,           // on q/k/v and never on o_proj or the MLP (Qwen2)
    None,              // no biases at all (Phi-3)
    QkvFlag,           // qkv_bias on q/k/v, true by default, never on o_proj or the MLP (Qwen2-MoE)
    AttentionAlways,   // q/k/v/o always, whatever config.json says; no MLP flag (gpt-oss: its
                       // experts carry their own biases)
};

enum class QkNormKind {
    None,
    PerHead,          // RMSNorm of each head's q and k, weights (Dh): Qwen3, Gemma 3
    WholeProjection,  // RMSNorm over the whole q and k projections, weights (H·Dh): OLMo 2
};

// Which tanh softcaps config.json may set (attn_logit_softcapping, final_logit_softcapping).
enum class SoftcapKind {
    None,
    AttentionAndFinal,  // Gemma 2
    FinalOnly,          // Gemma 3: attn_logit_softcapping is refused, it would not be applied
};

// What q·kᵀ is multiplied by.
enum class AttentionScale {
    InverseSqrtHeadDim,       // 1/√Dh
    QueryPreAttnScalar,       // 1/√query_pre_attn_scalar (Gemma); GGUF: see wideScalarBlockCount
};

// Which layers attend through a sliding window when config.json has no layer_types.
struct SlidingLayers {
    enum class Kind {
        None,                  // no window, whatever sliding_window says (Llama, OLMo 2, GPT-NeoX)
        AllLayers,             // every layer slides by sliding_window (Mistral, Phi-3)
        FromMaxWindowLayers,   // layers ≥ max_window_layers, and only with use_sliding_window (Qwen)
        AllButEveryNth,        // all but every period-th layer (Gemma 2: 2; Gemma 3: 6)
        NoPeLayers,            // the layers without rotary, and only with use_sliding_window (SmolLM3)
        Refused,               // use_sliding_window: true is refused (Qwen2/3-MoE: not checked yet)
    };
    Kind kind = Kind::None;
    int period = 0;                 // AllButEveryNth: the full-attention period
    const char* periodKey = nullptr;  // the config.json field that may override period
};

// Tensor names of the BERT family, after the model prefix; %1 in `layer` is the layer index.
struct EncoderTensorNames {
    QString prefix;      // the model prefix a *ForMaskedLM checkpoint adds ("bert.")
    QString embeddings;  // before word_embeddings, position_embeddings, LayerNorm ...
    QString layer;
    QString query, key, value, attentionOut, attentionNorm, ffnIn, ffnOut, outputNorm;
    // The masked-LM head, outside the model prefix. headAltBias: where older checkpoints keep
    // the bias instead (the decoder's own), or "".
    QString headDense, headNorm, headBias, headAltBias;
};

// Tensor names of a decoder family, without ".weight" / ".bias". The block norms follow the
// layout (blockNormNames).
struct DecoderTensorNames {
    QString prefix;      // "model."; a bare *Model checkpoint has none
    QString embeddings;  // "embed_tokens"
    QString finalNorm;   // "norm"
    QString outputHead;  // "lm_head", outside the prefix
    QString attention;   // "self_attn.", within a layer, before the projections below
    QString query, key, value, fusedQkv, output, queryNorm, keyNorm;
    QString up, down, gate, fusedGateUp;  // within a layer ("mlp.up_proj")
    QString sinks;       // after `attention`: the per-head sink logits (heads), with attentionSinks
};

// Tensor names of an encoder–decoder family, after the prefix; %1 is the layer index. The
// feed-forward's names follow `ffnIn` ("fc1") for a plain one, `ffnGate`/`ffnUp` for a gated one.
struct Seq2SeqTensorNames {
    QString prefix;                      // "model." (BART family); T5 has none
    QString probe;                       // a tensor every checkpoint of the family has
    QString encoderLayer, decoderLayer;  // "encoder.layers.%1." / "encoder.block.%1."
    QString selfAttention, selfNorm;     // within a layer
    QString crossAttention, crossNorm;
    QString encoderFfn, encoderFfnNorm;  // within an encoder layer: the feed-forward's prefix
    QString decoderFfn, decoderFfnNorm;
    QString ffnIn, ffnGate, ffnUp, ffnOut;
    QString query, key, value, output;   // within an attention prefix, before ".weight"
    QString relativeBias;                // within block 0's self-attention (T5), or ""
    QString finalNorm;                   // after "encoder." / "decoder." (mBART, M2M100, T5)
    QString embeddingNorm;               // after "encoder." / "decoder." (BART, mBART)
};

// The GGUF names of an encoder–decoder's tensors (gguf-py/gguf/constants.py TENSOR_NAMES, as
// tensor_mapping.py maps T5's to them), without ".weight"; %1 is the layer index.
struct GgufSeq2SeqTensorNames {
    QString embeddings, outputHead;               // "token_embd" (shared), "output" (lm_head)
    QString encoderLayer, decoderLayer;           // "enc.blk.%1." / "dec.blk.%1."
    QString selfAttention, crossAttention;        // "attn_" / "cross_attn_", before the projections
    QString query, key, value, output;            // "q", "k", "v", "o"
    QString relativeBias;                         // "rel_b" after selfAttention, block 0 only
    QString selfNorm, crossNorm, ffnNorm;         // within a layer
    QString ffnIn, ffnGate, ffnUp, ffnOut;        // plain: ffnIn; gated: ffnGate and ffnUp
    QString encoderFinalNorm, decoderFinalNorm;   // "enc.output_norm" / "dec.output_norm"
};

// What a GGUF file of the family looks like (llama.cpp's convert_hf_to_gguf.py).
struct GgufTraits {
    QStringList architectures;  // general.architecture values; empty: Headmap reads no GGUF of it
    bool permutedQk = false;    // LlamaModel.permute reordered q/k rows for ggml's rope
    // Gemma: the block count of the 27B size, whose q·kᵀ scale llama.cpp takes from D / H
    // rather than the key length (GgufDecoderConfig.cpp, gemmaQueryPreAttnScalar).
    int wideScalarBlockCount = 0;
    // Encoder–decoder families: the GGUF names of what seq2seqNames names (T5).
    const GgufSeq2SeqTensorNames* seq2seqNames = nullptr;
    // llama.cpp's fixed relative_attention_max_distance (src/llama-graph.cpp,
    // llama_relative_position_bucket): GGUF keeps no such key.
    int relativeMaxDistance = 0;
    // The model_type a file of these architectures is when it has experts (expert_count > 0):
    // convert_hf_to_gguf.py writes Mixtral as "llama" with stacked ffn_*_exps tensors.
    const char* expertTwin = nullptr;
    // The GGUF names of the block norms when they differ from the layout's usual ones
    // (GgufTensorMap.cpp): gpt-oss's post_attention_layernorm is post_attention_norm
    // (llama-arch.cpp LLM_ARCH_OPENAI_MOE: ATTN_POST_NORM), not ffn_norm.
    QStringList blockNorms;
    // Mixture-of-experts rows: whether the chosen experts' weights are divided by their sum when
    // the file has no expert_weights_norm key. GGUF keeps no norm_topk_prob; llama.cpp's graph
    // for the architecture fixes it (build_moe_ffn's norm_w: true for llama and qwen3moe, false
    // for olmoe and qwen2moe).
    bool renormaliseExperts = false;
    // PositionKind::RopeExceptNoPe: GGUF keeps no no_rope_layers; llama.cpp leaves q and k
    // unrotated on every layer with (layer + 1) % step == 0 (hparams.n_no_rope_layer_step, fixed
    // per architecture and read from no key: SmolLM3 4) and gives it no sliding window.
    int noRopeLayerStep = 0;
    // YaRN: whether the correction range is rounded to whole dimensions (transformers' truncate).
    // GGUF keeps no such key: the family's released config.json decides (gpt-oss: false).
    bool yarnTruncate = true;
};

// The vocab.json + merges.txt flavour transformers' slow tokenizer of the family reads;
// vocab.txt (WordPiece) is read for any family.
enum class LegacyBpe { None, Gpt2, Roberta };

struct FamilyTraits {
    QString modelType;    // config.json's model_type
    QString displayName;  // what users know it as: "Llama 2/3/3.1/3.2, SmolLM/SmolLM2, TinyLlama"
    ModelClass modelClass = ModelClass::Decoder;
    ConfigSpelling spelling = ConfigSpelling::Decoder;

    BlockLayout layout = BlockLayout::PreNorm;
    NormKind norm = NormKind::RmsNorm;
    PositionKind positions = PositionKind::Rope;
    FeedForwardKind feedForward = FeedForwardKind::Gated;
    QString defaultActivation = QStringLiteral("silu");  // hidden_act's default, transformers' name
    // A field read before hidden_act when present, without default ("hidden_activation"), or null.
    const char* activationField = nullptr;
    bool scaledEmbeddings = false;  // x = E[ids] · √D (Gemma)
    bool tiedByDefault = false;     // tie_word_embeddings' default

    QkvProjection projection = QkvProjection::Separate;
    BiasRule biases = BiasRule::AttentionAndMlp;
    QkNormKind qkNorm = QkNormKind::None;
    SoftcapKind softcap = SoftcapKind::None;
    AttentionScale scale = AttentionScale::InverseSqrtHeadDim;
    SlidingLayers sliding;
    bool refusesBidirectional = false;  // use_bidirectional_attention = true is refused (EmbeddingGemma)
    const MoeTraits* moe = nullptr;     // FeedForwardKind::MixtureOfExperts
    bool refusesClipQkv = false;        // clip_qkv other than null is refused (OLMoE)
    bool attentionSinks = false;        // a learned sink logit per head joins the softmax (gpt-oss)

    const EncoderTensorNames* encoderNames = nullptr;  // ModelClass::Encoder
    const DecoderTensorNames* decoderNames = nullptr;  // ModelClass::Decoder
    const Seq2SeqTensorNames* seq2seqNames = nullptr;  // ModelClass::EncoderDecoder
    // The masked-LM head's activation when it ignores hidden_act (RobertaLMHead: gelu).
    std::optional<Activation> maskedLmActivation;
    int defaultPadTokenId = 0;  // pad_token_id's default (RoBERTa: 1, which also offsets positions)

    // Encoder–decoder rows: LayerNorm after the embeddings (layernorm_embedding), a LayerNorm
    // at the end of each stack (encoder.layer_norm), the final_logits_bias buffer.
    bool embeddingNorm = false;
    bool finalStackNorms = false;
    bool finalLogitsBias = false;
    bool scaledScores = true;  // q·kᵀ/√Dh; T5 folds the scale into its initialisation instead
    // T5: a config.json without tie_word_embeddings: false scales the decoder's output by
    // d_model^-0.5 before lm_head (T5Config.scale_decoder_outputs); mT5 never does, and ties
    // lm_head only when the file has none.
    bool scaledTiedOutput = false;

    LegacyBpe legacyBpe = LegacyBpe::None;
    QString fixedBosToken;  // what --bos prepends for a family whose config.json names none (GPT-2)
    GgufTraits gguf;

    bool causal() const { return modelClass == ModelClass::Gpt2 || modelClass == ModelClass::Decoder; }
    bool isEncoderDecoder() const { return modelClass == ModelClass::EncoderDecoder; }
    // GPT-NeoX's per-head fusion has one key and value head per query head.
    bool readsKeyValueHeads() const { return projection != QkvProjection::InterleavedPerHead; }
};

// One row per family, in the order listings show them.
const std::vector<FamilyTraits>& familyTraitsTable();
const FamilyTraits* findFamily(const QString& modelType);  // nullptr when unsupported
const FamilyTraits* findFamilyByGguf(const QString& architecture);

// The row of modelType when it is one of `allowed`; else throws ModelError naming the file and
// listing them ("PATH: model_type 'mamba' is not one of bert, roberta").
const FamilyTraits& requireFamily(const QString& path, const QString& modelType, const QStringList& allowed);

// Every model_type, in table order; and those of some classes only.
QStringList supportedModelTypes();
QStringList modelTypesOf(std::initializer_list<ModelClass> classes);
// Every GGUF general.architecture Headmap reads, in table order.
QStringList supportedGgufArchitectures();

// The config.json names of a decoder layer's norms, as DecoderModel numbers them (N₁, N₂, ...).
QStringList blockNormNames(BlockLayout layout);

}  // namespace headmap
