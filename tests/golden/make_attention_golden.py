#!/usr/bin/python3
"""Generate tests/golden/attention_golden.json: reference values for one
multi-head self-attention block, computed with torch.nn.MultiheadAttention
(bias=True, batch_first=True, need_weights=True, average_attn_weights=False)
plus all intermediate matrices recomputed with plain torch ops.

Regenerate from the repository root with:

    /usr/bin/python3 tests/golden/make_attention_golden.py

Only torch, numpy and the standard library are used. Seeds are fixed, so the
output is reproducible for a given torch build.

Weight orientation in the JSON: w_q, w_k, w_v, w_o are (in, out), i.e. the
TRANSPOSE of torch's (out, in) layout, so that q = x @ w_q + b_q.
"""

import json
import math
import os

import numpy as np
import torch

OUT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "attention_golden.json")

# (name, heads, d_head, T, causal); d_model = heads * d_head
CASES = [
    ("h1_dh16_T1", 1, 16, 1, False),
    ("h1_dh1_T2", 1, 1, 2, False),
    ("h1_dh16_T37_causal", 1, 16, 37, True),
    ("h4_dh16_T37", 4, 16, 37, False),
    ("h4_dh16_T37_causal", 4, 16, 37, True),
    ("h8_dh1_T37_causal", 8, 1, 37, True),
    ("h2_dh16_T2_causal", 2, 16, 2, True),
    ("h3_dh1_T1_causal", 3, 1, 1, True),
    ("h6_dh4_T5", 6, 4, 5, False),
]

BASE_SEED = 20240601


def max_abs(a, b):
    if a.numel() == 0:
        return 0.0
    return float((a - b).abs().max())


def make_case(index, name, heads, d_head, T, causal, report):
    d = heads * d_head
    gen = torch.Generator().manual_seed(BASE_SEED + index)
    torch.manual_seed(BASE_SEED + index)  # module init (overwritten below)

    x = torch.randn(T, d, generator=gen, dtype=torch.float32)
    in_w = torch.randn(3 * d, d, generator=gen, dtype=torch.float32) * 0.3
    in_b = torch.randn(3 * d, generator=gen, dtype=torch.float32) * 0.1
    out_w = torch.randn(d, d, generator=gen, dtype=torch.float32) * 0.3
    out_b = torch.randn(d, generator=gen, dtype=torch.float32) * 0.1

    mha = torch.nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
    mha.eval()
    with torch.no_grad():
        mha.in_proj_weight.copy_(in_w)
        mha.in_proj_bias.copy_(in_b)
        mha.out_proj.weight.copy_(out_w)
        mha.out_proj.bias.copy_(out_b)

    # True where key j > query i (masked out).
    bool_mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1) if causal else None

    with torch.no_grad():
        xb = x.unsqueeze(0)
        out, attn = mha(xb, xb, xb, need_weights=True, attn_mask=bool_mask,
                        average_attn_weights=False)
        out = out[0]          # (T, d)
        attn = attn[0]        # (heads, T, T)

        float_mask_diff = None
        if causal:
            float_mask = torch.zeros(T, T, dtype=torch.float32).masked_fill(bool_mask, float("-inf"))
            out_f, attn_f = mha(xb, xb, xb, need_weights=True, attn_mask=float_mask,
                                average_attn_weights=False)
            float_mask_diff = max(max_abs(out_f[0], out), max_abs(attn_f[0], attn))

        # Manual computation with plain torch ops, weights oriented (in, out).
        w_q = in_w[0:d].t().contiguous()
        w_k = in_w[d:2 * d].t().contiguous()
        w_v = in_w[2 * d:3 * d].t().contiguous()
        w_o = out_w.t().contiguous()
        b_q = in_b[0:d]
        b_k = in_b[d:2 * d]
        b_v = in_b[2 * d:3 * d]
        b_o = out_b

        q = x @ w_q + b_q
        k = x @ w_k + b_k
        v = x @ w_v + b_v

        qh = q.view(T, heads, d_head).transpose(0, 1)  # (heads, T, d_head)
        kh = k.view(T, heads, d_head).transpose(0, 1)
        vh = v.view(T, heads, d_head).transpose(0, 1)

        scores = qh @ kh.transpose(1, 2)               # (heads, T, T), unscaled, unmasked
        scaled = scores / math.sqrt(d_head)
        masked = scaled.masked_fill(bool_mask, float("-inf")) if causal else scaled
        manual_weights = torch.softmax(masked, dim=-1)

        weights = attn                                 # as returned by the module
        head_output = weights @ vh                     # (heads, T, d_head)
        concat = head_output.transpose(0, 1).reshape(T, d)
        manual_out = concat @ w_o + b_o

    w_diff = max_abs(manual_weights, weights)
    o_diff = max_abs(manual_out, out)
    report.append((name, w_diff, o_diff, float_mask_diff))
    print(f"{name:22s} max|softmax-module weights|={w_diff:.3e}  "
          f"max|concat@w_o+b_o - module out|={o_diff:.3e}"
          + (f"  max|float-mask - bool-mask|={float_mask_diff:.3e}" if causal else ""))
    assert w_diff <= 1e-6, (name, w_diff)
    assert o_diff <= 1e-5, (name, o_diff)
    if causal:
        assert float_mask_diff <= 1e-6, (name, float_mask_diff)

    for t in (x, q, k, v, scores, scaled, weights, head_output, concat, out):
        assert t.dtype == torch.float32
        assert torch.isfinite(t).all()

    return {
        "name": name,
        "heads": heads,
        "d_model": d,
        "d_head": d_head,
        "T": T,
        "causal": causal,
        "x": x.tolist(),
        "w_q": w_q.tolist(),
        "w_k": w_k.tolist(),
        "w_v": w_v.tolist(),
        "w_o": w_o.tolist(),
        "b_q": b_q.tolist(),
        "b_k": b_k.tolist(),
        "b_v": b_v.tolist(),
        "b_o": b_o.tolist(),
        "q": q.tolist(),
        "k": k.tolist(),
        "v": v.tolist(),
        "scores": scores.tolist(),
        "scaled": scaled.tolist(),
        "weights": weights.tolist(),
        "head_output": head_output.tolist(),
        "concat": concat.tolist(),
        "output": out.tolist(),
    }


def main():
    torch.set_num_threads(1)
    report = []
    cases = [make_case(i, *c, report) for i, c in enumerate(CASES)]
    doc = {
        "generator": "tests/golden/make_attention_golden.py",
        "torch_version": str(torch.__version__),
        "cases": cases,
    }
    with open(OUT_PATH, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print("overall max weight diff: %.3e" % max(r[1] for r in report))
    print("overall max output diff: %.3e" % max(r[2] for r in report))
    fm = [r[3] for r in report if r[3] is not None]
    print("overall max float-vs-bool mask diff: %.3e" % max(fm))
    print(f"wrote {OUT_PATH} (torch {torch.__version__}, numpy {np.__version__})")


if __name__ == "__main__":
    main()
