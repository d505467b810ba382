#!/usr/bin/python3
"""Writes a large checkpoint with random weights in the Hugging Face layout, for measuring how
much memory Headmap needs to open and run a billion-parameter model (README, "Memory") and for
the speed comparison with PyTorch (bench_vs_pytorch.py).

    /usr/bin/python3 tests/bench/make_large_checkpoint.py OUTDIR [--shape SHAPE] [--dtype BF16|F32]
    /usr/bin/time -v build/app/headmap-cli bench --model OUTDIR --lengths 128 --repeat 1

Shapes follow the published config.json of meta-llama/Llama-3.2-1B (16 layers, hidden 2048,
32 heads, 8 K/V heads, head_dim 64, MLP 8192, vocab 128256, tied embeddings, rope llama3),
meta-llama/Meta-Llama-3-8B (32 layers, hidden 4096, 32/8 heads, head_dim 128, MLP 14336, vocab
128256, untied; 8.03 B parameters, 16.1 GB in BF16) and Qwen/Qwen2.5-0.5B (24 layers, hidden
896, 14/2 heads, head_dim 64, MLP 4864, vocab 151936, q/k/v biases, tied embeddings, rope theta
1e6). Weights are N(0, 0.02) and norms 1, so the numbers mean nothing; only sizes and layout
matter. To write 16 GB in minutes rather than in an hour of random-number generation, every
chunk is a slice, at a random offset, of one pool of 2^24 normal draws. The tokenizer is the
small byte-level one of the llama_f32_tied / qwen2_bf16 fixtures (ids stay below vocab_size).
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
FIXTURES = os.path.join(HERE, "..", "fixtures", "models")
POOL = 1 << 24  # normal draws every chunk is cut from

SHAPES = {
    "llama-3.2-1b": dict(layers=16, hidden=2048, heads=32, kv=8, head_dim=64, ff=8192, vocab=128256,
                         tied=True, theta=500000.0,
                         rope_scaling={"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0,
                                       "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}),
    "llama-3-8b": dict(layers=32, hidden=4096, heads=32, kv=8, head_dim=128, ff=14336, vocab=128256,
                       tied=False, theta=500000.0, rope_scaling=None),
    "qwen2.5-0.5b": dict(layers=24, hidden=896, heads=14, kv=2, head_dim=64, ff=4864, vocab=151936,
                         tied=True, theta=1000000.0, rope_scaling=None, qkv_bias=True, model_type="qwen2"),
}


def tensors(s):
    d, hd, ff = s["hidden"], s["head_dim"], s["ff"]
    yield "model.embed_tokens.weight", (s["vocab"], d), "normal"
    for l in range(s["layers"]):
        p = f"model.layers.{l}."
        yield p + "input_layernorm.weight", (d,), "ones"
        yield p + "post_attention_layernorm.weight", (d,), "ones"
        for proj, out in (("q", s["heads"] * hd), ("k", s["kv"] * hd), ("v", s["kv"] * hd)):
            yield p + f"self_attn.{proj}_proj.weight", (out, d), "normal"
            if s.get("qkv_bias"):
                yield p + f"self_attn.{proj}_proj.bias", (out,), "normal"
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


def config_of(s, dtype):
    if s.get("model_type") == "qwen2":
        return {
            "architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_size": s["hidden"],
            "intermediate_size": s["ff"], "num_hidden_layers": s["layers"], "num_attention_heads": s["heads"],
            "num_key_value_heads": s["kv"], "max_position_embeddings": 32768, "max_window_layers": s["layers"],
            "rms_norm_eps": 1e-6, "rope_theta": s["theta"], "rope_scaling": None, "sliding_window": 32768,
            "use_sliding_window": False, "tie_word_embeddings": s["tied"], "vocab_size": s["vocab"],
            "hidden_act": "silu", "torch_dtype": "float32" if dtype == "F32" else "bfloat16",
            "bos_token_id": 151643, "eos_token_id": 151643,
        }
    return {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": s["hidden"],
        "intermediate_size": s["ff"], "num_hidden_layers": s["layers"], "num_attention_heads": s["heads"],
        "num_key_value_heads": s["kv"], "head_dim": s["head_dim"], "max_position_embeddings": 131072,
        "rms_norm_eps": 1e-5, "rope_theta": s["theta"], "rope_scaling": s["rope_scaling"],
        "tie_word_embeddings": s["tied"], "vocab_size": s["vocab"], "hidden_act": "silu",
        "attention_bias": False, "mlp_bias": False, "torch_dtype": "float32" if dtype == "F32" else "bfloat16",
        "bos_token_id": 128000,
    }


def write(outdir, shape, dtype="BF16"):
    """Writes the checkpoint; returns (its config.json as a dict, bytes of tensor data)."""
    s = SHAPES[shape]
    width = 2 if dtype == "BF16" else 4
    os.makedirs(outdir, exist_ok=True)

    header, offset, plan = {}, 0, []
    for name, shape, kind in tensors(s):
        size = int(np.prod(shape)) * width
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + size]}
        plan.append((name, shape, kind))
        offset += size
    header["__metadata__"] = {"format": "pt"}
    blob = json.dumps(header, separators=(",", ":")).encode()
    blob += b" " * (-len(blob) % 8)
    rng = np.random.default_rng(0)
    pool = rng.normal(0, 0.02, POOL).astype(np.float32)
    pool = np.frombuffer(bf16_bytes(pool), "<u2") if dtype == "BF16" else pool.astype("<f4")
    pool = np.concatenate([pool, pool])  # a slice at any offset below POOL is contiguous
    one = np.frombuffer(bf16_bytes(np.ones(1, np.float32)), "<u2")[0] if dtype == "BF16" else np.float32(1)
    with open(os.path.join(outdir, "model.safetensors"), "wb") as out:
        out.write(struct.pack("<Q", len(blob)) + blob)
        for name, shape, kind in plan:
            total = int(np.prod(shape))
            for start in range(0, total, POOL):
                n = min(POOL, total - start)
                if kind == "ones":
                    out.write(np.full(n, one, pool.dtype).tobytes())
                else:
                    at = int(rng.integers(POOL))
                    out.write(pool[at:at + n].tobytes())

    config = config_of(s, dtype)
    with open(os.path.join(outdir, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    tokenizer = "qwen2_bf16" if s.get("model_type") == "qwen2" else "llama_f32_tied"
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(os.path.join(FIXTURES, tokenizer, name), os.path.join(outdir, name))
    return config, offset


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="llama-3.2-1b")
    parser.add_argument("--dtype", choices=["BF16", "F32"], default="BF16")
    args = parser.parse_args()
    _, offset = write(args.outdir, args.shape, args.dtype)
    print(f"wrote {args.outdir}: {offset / 1e9:.2f} GB of {args.dtype} weights")


if __name__ == "__main__":
    main()
