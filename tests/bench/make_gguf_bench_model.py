#!/usr/bin/python3
"""Writes a large random GGUF model to measure what Headmap holds in memory while it runs one.

Shaped like Qwen2.5-0.5B (qwen2: 24 layers, hidden 896, 14 query heads of 64, 2 K/V heads,
feed-forward 4864, q/k/v biases, vocabulary 151936, tied embeddings), weights random
(normal * 0.02, norms 1), stored as Q8_0 (--type Q8_0, about 0.5 GB) or F16 (--type F16). The
tokenizer is the tiny byte-level BPE of tests/fixtures/models/qwen3_f32, padded with [PADn]
tokens to the vocabulary size, as convert_hf_to_gguf.py pads. Written tensor by tensor in slices
of rows, so the script itself never holds more than a few MB of weights.

    /usr/bin/python3 tests/bench/make_gguf_bench_model.py /tmp/qwen2.5-0.5b-shaped-q8_0.gguf
    /usr/bin/time -v build/app/headmap-cli attention --model /tmp/qwen2.5-0.5b-shaped-q8_0.gguf \\
        --text "the cat sat on the mat" --format json > /dev/null

Compare "Maximum resident set size" with the file size. Needs numpy.
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

L, D, H, KV, HD, FF, V = 24, 896, 14, 2, 64, 4864, 151936
SLICE_ROWS = 1024


def q8_0_rows(x):
    """quantize_row_q8_0_ref, vectorised: per block of 32, d = max|x| / 127, q = round(x / d)."""
    blocks = x.astype(np.float32).reshape(-1, 32)
    d = (np.abs(blocks).max(axis=1) / np.float32(127)).astype(np.float32)
    inv = np.where(d != 0, np.float32(1) / np.where(d != 0, d, 1), 0).astype(np.float32)
    q = np.rint(blocks * inv[:, None]).astype(np.int8)
    out = np.empty(len(blocks), dtype=[("d", "<f2"), ("q", "i1", 32)])
    out["d"] = d.astype(np.float16)
    out["q"] = q
    return out.tobytes()


def tensors():
    """(name, ggml dims, kind): kind 'matrix' (random), 'bias' (random, F32), 'norm' (ones, F32)."""
    t = [("token_embd.weight", [D, V], "matrix")]
    for i in range(L):
        b = f"blk.{i}."
        t += [(b + "attn_norm.weight", [D], "norm"),
              (b + "attn_q.weight", [D, H * HD], "matrix"), (b + "attn_q.bias", [H * HD], "bias"),
              (b + "attn_k.weight", [D, KV * HD], "matrix"), (b + "attn_k.bias", [KV * HD], "bias"),
              (b + "attn_v.weight", [D, KV * HD], "matrix"), (b + "attn_v.bias", [KV * HD], "bias"),
              (b + "attn_output.weight", [H * HD, D], "matrix"),
              (b + "ffn_norm.weight", [D], "norm"),
              (b + "ffn_gate.weight", [D, FF], "matrix"), (b + "ffn_up.weight", [D, FF], "matrix"),
              (b + "ffn_down.weight", [FF, D], "matrix")]
    t.append(("output_norm.weight", [D], "norm"))
    return t


def type_of(kind, weight_type):
    return weight_type if kind == "matrix" else "F32"


def byte_size(dims, type_name):
    _, block, size = gg.TYPES[type_name]
    return int(np.prod(dims)) // block * size


def metadata():
    with open(os.path.join(REPO, "tests", "fixtures", "models", "qwen3_f32", "tokenizer.json")) as f:
        import json
        tok = json.load(f)
    by_id = {i: t for t, i in tok["model"]["vocab"].items()}
    special = {a["id"] for a in tok["added_tokens"]}
    for a in tok["added_tokens"]:
        by_id[a["id"]] = a["content"]
    tokens = [by_id.get(i, f"[PAD{i}]") for i in range(V)]
    types = [3 if i in special else (1 if i in by_id else 5) for i in range(V)]
    merges = [" ".join(m) if isinstance(m, list) else m for m in tok["model"]["merges"]]
    a = "qwen2"
    return [("general.architecture", gg.STRING, a), ("general.name", gg.STRING, "qwen2.5-0.5b-shaped random"),
            (f"{a}.context_length", gg.UINT32, 32768), (f"{a}.embedding_length", gg.UINT32, D),
            (f"{a}.block_count", gg.UINT32, L), (f"{a}.feed_forward_length", gg.UINT32, FF),
            (f"{a}.attention.head_count", gg.UINT32, H), (f"{a}.attention.head_count_kv", gg.UINT32, KV),
            (f"{a}.attention.layer_norm_rms_epsilon", gg.FLOAT32, 1e-6),
            (f"{a}.rope.freq_base", gg.FLOAT32, 1000000.0),
            ("tokenizer.ggml.model", gg.STRING, "gpt2"), ("tokenizer.ggml.pre", gg.STRING, "qwen2"),
            ("tokenizer.ggml.tokens", gg.ARRAY, (gg.STRING, tokens)),
            ("tokenizer.ggml.token_type", gg.ARRAY, (gg.INT32, types)),
            ("tokenizer.ggml.merges", gg.ARRAY, (gg.STRING, merges)),
            ("tokenizer.ggml.add_bos_token", gg.BOOL, False)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--type", default="Q8_0", choices=["Q8_0", "F16"])
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    kvs = metadata() + [("general.file_type", gg.UINT32, 7 if args.type == "Q8_0" else 1)]
    infos = tensors()
    header = bytearray(b"GGUF" + struct.pack("<IQQ", 3, len(infos), len(kvs)))
    for key, value_type, value in kvs:
        header += gg.gguf_string(key) + struct.pack("<I", value_type) + gg.encode_value(value_type, value)
    offset, offsets = 0, []
    for name, dims, kind in infos:
        type_name = type_of(kind, args.type)
        offsets.append(offset)
        header += gg.gguf_string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        header += struct.pack("<IQ", gg.TYPES[type_name][0], offset)
        offset = gg.align(offset + byte_size(dims, type_name), 32)
    header += bytes(gg.align(len(header), 32) - len(header))
    with open(args.path, "wb") as f:
        f.write(header)
        start = len(header)
        for (name, dims, kind), tensor_offset in zip(infos, offsets):
            f.write(bytes(start + tensor_offset - f.tell()))
            type_name = type_of(kind, args.type)
            columns, rows = dims[0], (dims[1] if len(dims) > 1 else 1)
            for first in range(0, rows, SLICE_ROWS):
                n = min(SLICE_ROWS, rows - first)
                if kind == "norm":
                    x = np.ones((n, columns), np.float32)
                else:
                    x = (rng.standard_normal((n, columns), dtype=np.float32) * np.float32(0.02))
                if type_name == "F32":
                    f.write(x.astype("<f4").tobytes())
                elif type_name == "F16":
                    f.write(x.astype("<f2").tobytes())
                else:
                    f.write(q8_0_rows(x))
    print(f"wrote {args.path}: {os.path.getsize(args.path) / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
