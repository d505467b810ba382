#!/usr/bin/python3
"""Writes a Llama-3.2-1B-shaped checkpoint with random BF16 weights, for measuring how much
memory Headmap needs to open and run a billion-parameter model (README, "Memory").

    /usr/bin/python3 tests/bench/make_large_checkpoint.py OUTDIR [--shape llama-3.2-1b|llama-3-8b]
    /usr/bin/time -v build/app/headmap-cli bench --model OUTDIR --lengths 128 --repeat 1

Shapes follow the published config.json of meta-llama/Llama-3.2-1B (16 layers, hidden 2048,
32 heads, 8 K/V heads, head_dim 64, MLP 8192, vocab 128256, tied embeddings, rope llama3) and
meta-llama/Meta-Llama-3-8B (32 layers, hidden 4096, 32/8 heads, MLP 14336, untied). Weights are
N(0, 0.02) and norms 1, so the numbers mean nothing; only sizes and layout matter. The tokenizer
is the small byte-level one of tests/fixtures/models/llama_f32_tied (ids stay below vocab_size).
numpy and the standard library only; the safetensors file is written in chunks, so memory stays
small whatever the size.
"""

import argparse
import json
import os
import shutil
import struct

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
TOKENIZER = os.path.join(HERE, "..", "fixtures", "models", "llama_f32_tied", "tokenizer.json")

SHAPES = {
    "llama-3.2-1b": dict(layers=16, hidden=2048, heads=32, kv=8, head_dim=64, ff=8192, vocab=128256,
                         tied=True, theta=500000.0,
                         rope_scaling={"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0,
                                       "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}),
    "llama-3-8b": dict(layers=32, hidden=4096, heads=32, kv=8, head_dim=128, ff=14336, vocab=128256,
                       tied=False, theta=500000.0, rope_scaling=None),
}


def tensors(s):
    d, hd, ff = s["hidden"], s["head_dim"], s["ff"]
    yield "model.embed_tokens.weight", (s["vocab"], d), "normal"
    for l in range(s["layers"]):
        p = f"model.layers.{l}."
        yield p + "input_layernorm.weight", (d,), "ones"
        yield p + "post_attention_layernorm.weight", (d,), "ones"
        yield p + "self_attn.q_proj.weight", (s["heads"] * hd, d), "normal"
        yield p + "self_attn.k_proj.weight", (s["kv"] * hd, d), "normal"
        yield p + "self_attn.v_proj.weight", (s["kv"] * hd, d), "normal"
        yield p + "self_attn.o_proj.weight", (d, s["heads"] * hd), "normal"
        yield p + "mlp.gate_proj.weight", (ff, d), "normal"
        yield p + "mlp.up_proj.weight", (ff, d), "normal"
        yield p + "mlp.down_proj.weight", (d, ff), "normal"
    yield "model.norm.weight", (d,), "ones"
    if not s["tied"]:
        yield "lm_head.weight", (s["vocab"], d), "normal"


def bf16_bytes(values):
    bits = values.astype(np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2").tobytes()  # round to nearest even


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="llama-3.2-1b")
    args = parser.parse_args()
    s = SHAPES[args.shape]
    os.makedirs(args.outdir, exist_ok=True)

    header, offset, plan = {}, 0, []
    for name, shape, kind in tensors(s):
        size = int(np.prod(shape)) * 2
        header[name] = {"dtype": "BF16", "shape": list(shape), "data_offsets": [offset, offset + size]}
        plan.append((name, shape, kind))
        offset += size
    header["__metadata__"] = {"format": "pt"}
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)
    rng = np.random.default_rng(0)
    with open(os.path.join(args.outdir, "model.safetensors"), "wb") as out:
        out.write(struct.pack("<Q", len(blob)) + blob)
        for name, shape, kind in plan:
            rows = shape[0]
            cols = int(np.prod(shape[1:])) if len(shape) > 1 else 1
            step = max(1, (1 << 24) // cols)
            for start in range(0, rows, step):
                n = min(step, rows - start)
                chunk = np.ones(n * cols, np.float32) if kind == "ones" else rng.normal(0, 0.02, n * cols).astype(np.float32)
                out.write(bf16_bytes(chunk))

    config = {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": s["hidden"],
        "intermediate_size": s["ff"], "num_hidden_layers": s["layers"], "num_attention_heads": s["heads"],
        "num_key_value_heads": s["kv"], "head_dim": s["head_dim"], "max_position_embeddings": 131072,
        "rms_norm_eps": 1e-5, "rope_theta": s["theta"], "rope_scaling": s["rope_scaling"],
        "tie_word_embeddings": s["tied"], "vocab_size": s["vocab"], "hidden_act": "silu",
        "attention_bias": False, "mlp_bias": False, "torch_dtype": "bfloat16", "bos_token_id": 128000,
    }
    with open(os.path.join(args.outdir, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    shutil.copy(TOKENIZER, os.path.join(args.outdir, "tokenizer.json"))
    print(f"wrote {args.outdir}: {offset / 1e9:.2f} GB of BF16 weights")


if __name__ == "__main__":
    main()
