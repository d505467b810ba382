#!/usr/bin/python3
"""Writes a gpt-oss-20b-shaped checkpoint with random weights for the memory benchmark of #39.

    /usr/bin/python3 tests/bench/make_gpt_oss_bench_model.py FOLDER [--layers 24]

The shape and layout are gpt-oss-20b's on the Hub: 24 layers alternating sliding (128) and full
attention, hidden 2880, 64 query and 8 key-value heads of 64 with biases and sinks, 32 experts
of 2880, top-4, clamped SwiGLU (limit 7), YaRN RoPE (factor 32 over 4,096, theta 150,000), vocab
201,088; the experts in MXFP4 (`*_blocks` U8 (E, rows, columns / 32, 16), `*_scales` U8
(E, rows, columns / 32)) and their biases, the attention, router and embeddings in BF16, as
the published model.safetensors stores them (about 13.8 GB). The tokenizer is the gpt_oss test
fixture's (300 tokens; the benchmark feeds token ids).

Random values, seeded: every nibble of the blocks (each of MXFP4's 16 codes is a valid value),
scales 2^-9 .. 2^-6 (E8M0 bytes 118-121) so that the experts' outputs stay moderate, and BF16
weights drawn from N(0, 0.02²). The file is written tensor by tensor without holding it in
memory.
"""

import argparse
import json
import os
import shutil
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURE = os.path.join(REPO, "tests", "fixtures", "gpt_oss", "gpt_oss_mxfp4")

D, HEADS, KV, HD, E, F, VOCAB = 2880, 64, 8, 64, 32, 2880, 201088


def config(layers):
    return {
        "architectures": ["GptOssForCausalLM"], "attention_bias": True, "attention_dropout": 0.0,
        "eos_token_id": 288, "experts_per_token": 4, "head_dim": HD, "hidden_act": "silu",
        "hidden_size": D, "initial_context_length": 4096, "initializer_range": 0.02,
        "intermediate_size": F,
        "layer_types": ["sliding_attention" if l % 2 == 0 else "full_attention" for l in range(layers)],
        "max_position_embeddings": 131072, "model_type": "gpt_oss", "num_attention_heads": HEADS,
        "num_experts_per_tok": 4, "num_hidden_layers": layers, "num_key_value_heads": KV,
        "num_local_experts": E, "output_router_logits": False, "pad_token_id": 287,
        "quantization_config": {"modules_to_not_convert": ["model.layers.*.self_attn", "model.layers.*.mlp.router",
                                                           "model.embed_tokens", "lm_head"],
                                "quant_method": "mxfp4"},
        "rms_norm_eps": 1e-05,
        "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                         "original_max_position_embeddings": 4096, "rope_type": "yarn", "truncate": False},
        "rope_theta": 150000, "router_aux_loss_coef": 0.9, "sliding_window": 128, "swiglu_limit": 7.0,
        "tie_word_embeddings": False, "torch_dtype": "bfloat16", "use_cache": True, "vocab_size": VOCAB,
    }


def tensors(layers):
    """(name, dtype, shape, kind) in the order written."""
    out = [("model.embed_tokens.weight", "BF16", [VOCAB, D], "normal"),
           ("lm_head.weight", "BF16", [VOCAB, D], "normal"), ("model.norm.weight", "BF16", [D], "ones")]
    for l in range(layers):
        p = f"model.layers.{l}."
        out += [(p + "input_layernorm.weight", "BF16", [D], "ones"),
                (p + "post_attention_layernorm.weight", "BF16", [D], "ones"),
                (p + "self_attn.q_proj.weight", "BF16", [HEADS * HD, D], "normal"),
                (p + "self_attn.q_proj.bias", "BF16", [HEADS * HD], "normal"),
                (p + "self_attn.k_proj.weight", "BF16", [KV * HD, D], "normal"),
                (p + "self_attn.k_proj.bias", "BF16", [KV * HD], "normal"),
                (p + "self_attn.v_proj.weight", "BF16", [KV * HD, D], "normal"),
                (p + "self_attn.v_proj.bias", "BF16", [KV * HD], "normal"),
                (p + "self_attn.o_proj.weight", "BF16", [D, HEADS * HD], "normal"),
                (p + "self_attn.o_proj.bias", "BF16", [D], "normal"),
                (p + "self_attn.sinks", "BF16", [HEADS], "normal"),
                (p + "mlp.router.weight", "BF16", [E, D], "normal"),
                (p + "mlp.router.bias", "BF16", [E], "normal"),
                (p + "mlp.experts.gate_up_proj_blocks", "U8", [E, 2 * F, D // 32, 16], "nibbles"),
                (p + "mlp.experts.gate_up_proj_scales", "U8", [E, 2 * F, D // 32], "scales"),
                (p + "mlp.experts.gate_up_proj_bias", "BF16", [E, 2 * F], "normal"),
                (p + "mlp.experts.down_proj_blocks", "U8", [E, D, F // 32, 16], "nibbles"),
                (p + "mlp.experts.down_proj_scales", "U8", [E, D, F // 32], "scales"),
                (p + "mlp.experts.down_proj_bias", "BF16", [E, D], "normal")]
    return out


def data(kind, dtype, count, rng):
    if kind == "nibbles":
        return rng.integers(0, 256, count, dtype=np.uint8).tobytes()
    if kind == "scales":
        return rng.integers(118, 122, count, dtype=np.uint8).tobytes()
    values = np.ones(count, np.float32) if kind == "ones" else rng.standard_normal(count, np.float32) * 0.02
    return (values.view(np.uint32) >> 16).astype("<u2").tobytes()  # BF16: the top half of each float


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--layers", type=int, default=24)
    args = ap.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    with open(os.path.join(args.folder, "config.json"), "w") as f:
        json.dump(config(args.layers), f, indent=2)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copyfile(os.path.join(FIXTURE, name), os.path.join(args.folder, name))

    entries = tensors(args.layers)
    header, offset = {"__metadata__": {"format": "pt"}}, 0
    for name, dtype, shape, _ in entries:
        size = int(np.prod(shape)) * (2 if dtype == "BF16" else 1)
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}
        offset += size
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * ((8 - len(raw) % 8) % 8)
    rng = np.random.default_rng(20)
    chunk = 1 << 26
    with open(os.path.join(args.folder, "model.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(raw)))
        f.write(raw)
        for name, dtype, shape, kind in entries:
            count = int(np.prod(shape))
            for first in range(0, count, chunk):
                f.write(data(kind, dtype, min(chunk, count - first), rng))
    print(f"{args.folder}: {args.layers} layers, {offset / 2**30:.2f} GiB of tensors")


if __name__ == "__main__":
    main()
