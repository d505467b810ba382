#!/usr/bin/python3
"""Writes a Qwen3-30B-A3B-shaped GGUF at Q4_K_M with random weights, for #39's memory benchmark.

    /usr/bin/python3 tests/bench/make_gguf_moe_bench_model.py FILE.gguf [--layers 48]
    /usr/bin/time -v build/app/headmap-cli bench --model FILE.gguf --lengths 512 --repeat 1 --warmup 0

The shape is Qwen3-30B-A3B's (arch qwen3moe: 48 layers, hidden 2048, 32 query / 4 key-value heads
of 128 with QK-norm, 128 experts of 768, top-8, vocab 151,936), the tensors and metadata as
convert_hf_to_gguf.py and llama-quantize write them (tensor names and experts stacked in 3-D as
tests/fixtures/gguf/models/make_gguf_moe.py writes the qwen3moe fixture; metadata by its
metadata()). Q4_K_M as llama-quantize makes it, simplified: attn_v, ffn_down_exps and the output
head in Q6_K, the other matrices in Q4_K, norms and the router in F32 (about 19 GB).

The blocks are random bytes with fixed, small scales (Q4_K: d = dmin = 2^-11; Q6_K: d = 2^-12),
so every value is finite and moderate; written in slices, never held in memory.
"""

import argparse
import os
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "formats"))
sys.path.insert(0, os.path.join(REPO, "tests", "fixtures", "gguf", "models"))
import make_gguf_fixtures as gg  # noqa: E402  (GGUF value encoding, type table)
import make_gguf_moe as moe  # noqa: E402  (qwen3moe metadata as the converter writes it)

D, H, KV, HD, E, TOP, F, V = 2048, 32, 4, 128, 128, 8, 768, 151936
SLICE_BLOCKS = 1 << 16


def config(layers):
    return {"model_type": "qwen3_moe", "num_attention_heads": H, "num_key_value_heads": KV, "head_dim": HD,
            "hidden_size": D, "num_hidden_layers": layers, "intermediate_size": 6144, "moe_intermediate_size": F,
            "num_experts": E, "num_experts_per_tok": TOP, "max_position_embeddings": 40960,
            "rope_theta": 1000000.0, "rms_norm_eps": 1e-6, "vocab_size": V, "eos_token_id": 288}


def tensors(layers):
    """(name, ggml dims, type)."""
    t = [("token_embd.weight", [D, V], "Q4_K"), ("output_norm.weight", [D], "F32"),
         ("output.weight", [D, V], "Q6_K")]
    for i in range(layers):
        b = f"blk.{i}."
        t += [(b + "attn_norm.weight", [D], "F32"), (b + "ffn_norm.weight", [D], "F32"),
              (b + "attn_q.weight", [D, H * HD], "Q4_K"), (b + "attn_k.weight", [D, KV * HD], "Q4_K"),
              (b + "attn_v.weight", [D, KV * HD], "Q6_K"), (b + "attn_output.weight", [H * HD, D], "Q4_K"),
              (b + "attn_q_norm.weight", [HD], "F32"), (b + "attn_k_norm.weight", [HD], "F32"),
              (b + "ffn_gate_inp.weight", [D, E], "F32"),
              (b + "ffn_gate_exps.weight", [D, F, E], "Q4_K"), (b + "ffn_up_exps.weight", [D, F, E], "Q4_K"),
              (b + "ffn_down_exps.weight", [F, D, E], "Q6_K")]
    return t


def blocks(type_name, count, rng):
    """count random blocks of Q4_K (144 bytes) or Q6_K (210 bytes) with fixed small scales."""
    if type_name == "Q4_K":
        out = np.empty(count, dtype=[("d", "<f2"), ("dmin", "<f2"), ("scales", "u1", 12), ("qs", "u1", 128)])
        out["d"], out["dmin"] = np.float16(2.0 ** -11), np.float16(2.0 ** -11)
        out["scales"] = rng.integers(0, 256, (count, 12), dtype=np.uint8)
        out["qs"] = rng.integers(0, 256, (count, 128), dtype=np.uint8)
    else:
        out = np.empty(count, dtype=[("ql", "u1", 128), ("qh", "u1", 64), ("scales", "i1", 16), ("d", "<f2")])
        out["ql"] = rng.integers(0, 256, (count, 128), dtype=np.uint8)
        out["qh"] = rng.integers(0, 256, (count, 64), dtype=np.uint8)
        out["scales"] = rng.integers(-32, 32, (count, 16), dtype=np.int8)
        out["d"] = np.float16(2.0 ** -12)
    return out.tobytes()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("path")
    ap.add_argument("--layers", type=int, default=48)
    args = ap.parse_args()
    rng = np.random.default_rng(30)
    moe.FILE_TYPE.setdefault("Q4_K_M", 15)  # LlamaFileType MOSTLY_Q4_K_M
    kvs = moe.metadata(config(args.layers), "qwen3moe", "qwen3-30b-a3b-shaped random", "Q4_K_M",
                       os.path.join(REPO, "tests", "fixtures", "moe", "qwen3_moe_f32"))
    infos = tensors(args.layers)
    header = bytearray(b"GGUF" + struct.pack("<IQQ", 3, len(infos), len(kvs)))
    for key, value_type, value in kvs:
        header += gg.gguf_string(key) + struct.pack("<I", value_type) + gg.encode_value(value_type, value)
    offset, offsets = 0, []
    for name, dims, type_name in infos:
        _, per_block, size = gg.TYPES[type_name]
        offsets.append(offset)
        header += gg.gguf_string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        header += struct.pack("<IQ", gg.TYPES[type_name][0], offset)
        offset = gg.align(offset + int(np.prod(dims)) // per_block * size, 32)
    header += bytes(gg.align(len(header), 32) - len(header))
    with open(args.path, "wb") as f:
        f.write(header)
        start = len(header)
        for (name, dims, type_name), tensor_offset in zip(infos, offsets):
            f.write(bytes(start + tensor_offset - f.tell()))
            count = int(np.prod(dims))
            if type_name == "F32":
                f.write(np.ones(count, "<f4").tobytes() if "norm" in name
                        else (rng.standard_normal(count, np.float32) * np.float32(0.02)).astype("<f4").tobytes())
                continue
            total = count // 256
            for first in range(0, total, SLICE_BLOCKS):
                f.write(blocks(type_name, min(SLICE_BLOCKS, total - first), rng))
    print(f"wrote {args.path}: {os.path.getsize(args.path) / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
