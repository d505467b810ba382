#!/usr/bin/python3
"""Generate tests/golden/teaching_golden.json: an independent PyTorch
re-implementation of Headmap's built-in "teaching" model (deterministic
SplitMix64 weights, post-LN transformer encoder blocks built from
torch.nn.MultiheadAttention / LayerNorm / Linear), fed token ids directly.

Regenerate from the repository root with:

    /usr/bin/python3 tests/golden/make_teaching_golden.py

Only torch, numpy and the standard library are used. All weights come from the
SplitMix64 generator specified below, so the output is fully deterministic.

Generator spec (all integer math mod 2^64):
  * SplitMix64 next(): state += 0x9E3779B97F4A7C15; z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
    return z ^ (z >> 31).
  * uniform01() = (next() >> 11) * 2**-53 (double);
    uniform(b) = float32((2 * uniform01() - 1) * b), computed in double.
  * stream(name): state = fnv1a64(utf8(name)) ^ (seed * 0x9E3779B97F4A7C15);
    each tensor gets its own fresh stream, values drawn in row-major order.
  * "embedding/<id>": d_model values, uniform(sqrt(3.0)).
  * PE: angle = pos / 10000 ** (2*(i//2)/d_model) (double); sin for even i,
    cos for odd i; rounded to float32; x0 = float32(embedding + PE).
  * "layer<l>/attn.w_q|w_k|w_v|w_o": (d_model, d_model) torch (out, in) layout,
    uniform(sqrt(6/(2*d_model))); attention biases zero.
  * "layer<l>/ffn.w1": (4d, d) uniform(1/sqrt(d)); "ffn.b1": (4d) uniform(1/sqrt(d));
    "ffn.w2": (d, 4d) uniform(1/sqrt(4d)); "ffn.b2": (d) uniform(1/sqrt(4d)).
  * LayerNorm weight 1, bias 0, eps 1e-5.
  * Block (post-LN): a = MHA(x); x = LN1(x + a); f = W2(ReLU(W1 x + b1)) + b2;
    x = LN2(x + f).
"""

import json
import math
import os

import numpy as np
import torch

OUT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "teaching_golden.json")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

# (name, d_model, heads, layers, seed, causal, positional, ids)
CASES = [
    ("default_d64_h4_l2", 64, 4, 2, 0, False, True, [1, 4711, 123456, 99, 5000000, 7, 2]),
    ("causal_d32_h2_l1_seed7", 32, 2, 1, 7, True, True, [1, 10, 20, 30, 40, 2]),
    ("single_token_d16_h4_l3", 16, 4, 3, 42, False, True, [5]),
    ("no_positional_d24_h3_l2", 24, 3, 2, 3, False, False, [1, 300, 301, 302, 303, 2]),
]


def fnv1a64(name):
    h = 0xCBF29CE484222325
    for byte in name.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK64
    return h


class SplitMix64:
    def __init__(self, state):
        self.state = state & MASK64

    def next(self):
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def uniform01(self):
        return (self.next() >> 11) * 2.0 ** -53

    def uniform(self, bound):
        return np.float32((2.0 * self.uniform01() - 1.0) * bound)


def stream(name, seed):
    return SplitMix64(fnv1a64(name) ^ ((seed * GOLDEN) & MASK64))


def draw(name, seed, shape, bound):
    rng = stream(name, seed)
    n = int(np.prod(shape))
    vals = np.empty(n, dtype=np.float32)
    for i in range(n):
        vals[i] = rng.uniform(bound)
    return torch.from_numpy(vals.reshape(shape))


def embedding(token_id, d_model, seed):
    return draw(f"embedding/{token_id}", seed, (d_model,), math.sqrt(3.0))


def positional_encoding(T, d_model):
    pe = np.empty((T, d_model), dtype=np.float32)
    for pos in range(T):
        for i in range(d_model):
            angle = pos / (10000.0 ** (2 * (i // 2) / d_model))
            pe[pos, i] = np.float32(math.sin(angle) if i % 2 == 0 else math.cos(angle))
    return torch.from_numpy(pe)


class Block(torch.nn.Module):
    def __init__(self, d, heads, layer, seed):
        super().__init__()
        p = f"layer{layer}/"
        xavier = math.sqrt(6.0 / (d + d))
        w_q = draw(p + "attn.w_q", seed, (d, d), xavier)
        w_k = draw(p + "attn.w_k", seed, (d, d), xavier)
        w_v = draw(p + "attn.w_v", seed, (d, d), xavier)
        w_o = draw(p + "attn.w_o", seed, (d, d), xavier)
        w1 = draw(p + "ffn.w1", seed, (4 * d, d), 1.0 / math.sqrt(d))
        b1 = draw(p + "ffn.b1", seed, (4 * d,), 1.0 / math.sqrt(d))
        w2 = draw(p + "ffn.w2", seed, (d, 4 * d), 1.0 / math.sqrt(4 * d))
        b2 = draw(p + "ffn.b2", seed, (d,), 1.0 / math.sqrt(4 * d))

        self.mha = torch.nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
        self.ln1 = torch.nn.LayerNorm(d, eps=1e-5)
        self.lin1 = torch.nn.Linear(d, 4 * d)
        self.lin2 = torch.nn.Linear(4 * d, d)
        self.ln2 = torch.nn.LayerNorm(d, eps=1e-5)
        with torch.no_grad():
            self.mha.in_proj_weight.copy_(torch.cat([w_q, w_k, w_v], dim=0))
            self.mha.in_proj_bias.zero_()
            self.mha.out_proj.weight.copy_(w_o)
            self.mha.out_proj.bias.zero_()
            self.ln1.weight.fill_(1.0)
            self.ln1.bias.zero_()
            self.ln2.weight.fill_(1.0)
            self.ln2.bias.zero_()
            self.lin1.weight.copy_(w1)
            self.lin1.bias.copy_(b1)
            self.lin2.weight.copy_(w2)
            self.lin2.bias.copy_(b2)

    def forward(self, x, mask):
        # x: (1, T, d)
        a, w = self.mha(x, x, x, need_weights=True, attn_mask=mask, average_attn_weights=False)
        x = self.ln1(x + a)
        f = self.lin2(torch.relu(self.lin1(x)))
        x = self.ln2(x + f)
        return x, w[0]  # w: (heads, T, T)


def make_case(name, d, heads, layers, seed, causal, positional, ids):
    assert d % heads == 0
    T = len(ids)
    x = torch.stack([embedding(i, d, seed) for i in ids])  # (T, d) float32
    emb0 = x[0, :8].clone()
    if positional:
        x = x + positional_encoding(T, d)
    assert x.dtype == torch.float32

    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1) if causal else None
    blocks = [Block(d, heads, l, seed).eval() for l in range(layers)]
    attention = []
    with torch.no_grad():
        h = x.unsqueeze(0)
        for blk in blocks:
            h, w = blk(h, mask)
            attention.append(w.tolist())
            rowsum_err = float((w.sum(-1) - 1).abs().max())
            assert rowsum_err < 1e-5, rowsum_err
            if causal:
                assert float(w.masked_select(mask.expand_as(w)).abs().max() if T > 1 else 0.0) == 0.0
        out = h[0]
    assert torch.isfinite(out).all()
    print(f"{name:26s} T={T} out[0,:4]={[round(v, 6) for v in out[0, :4].tolist()]}")
    return {
        "name": name,
        "d_model": d,
        "heads": heads,
        "layers": layers,
        "seed": seed,
        "causal": causal,
        "positional": positional,
        "ids": list(ids),
        "embedding_0_first8": emb0.tolist(),
        "attention": attention,
        "output": out.tolist(),
    }


def self_check():
    # SplitMix64 reference: seed 1234567 -> first output 6457827717110365317.
    assert SplitMix64(1234567).next() == 6457827717110365317
    # FNV-1a 64 reference values.
    assert fnv1a64("") == 0xCBF29CE484222325
    assert fnv1a64("a") == 0xAF63DC4C8601EC8C
    assert fnv1a64("foobar") == 0x85944171F73967E8


def main():
    torch.set_num_threads(1)
    self_check()
    cases = [make_case(*c) for c in CASES]
    doc = {
        "generator": "tests/golden/make_teaching_golden.py",
        "torch_version": str(torch.__version__),
        "cases": cases,
    }
    with open(OUT_PATH, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print("embedding of id 1, seed 0, d_model 64, first 8:",
          embedding(1, 64, 0)[:8].tolist())
    print(f"wrote {OUT_PATH} (torch {torch.__version__}, numpy {np.__version__})")


if __name__ == "__main__":
    main()
