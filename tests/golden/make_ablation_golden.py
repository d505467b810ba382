#!/usr/bin/env python3
"""Golden values for head ablation and value norms (issue #12): tests/golden/ablation_golden.json.

Head ablation (TransformerLens's hook_z ablation): in the attention block of the named layer, the
head's output softmax(q·kᵀ)·v (its Dh columns of the concatenation, before W_O) is replaced by
zeros ("zero") or by its mean over the T positions of this input ("mean"); the rest of the network
runs on, so later layers see the change. The head's own attention weights are those it computed.

Value norms (Kobayashi et al. 2020, "Attention is Not Only a Weight", the ‖f(x_j)‖ of their
α·f(x) decomposition): n[l][h][j] = ‖(x_j·W_V,g + b_V,g)·W_O,h‖, where g is the K/V head query
head h reads (transformers' repeat_kv: g = h // (H / KV)) and W_O,h the Dh rows of W_O (oriented
(in, out)) that head h's output columns feed. b_O is left out. They are computed here in numpy
float64 from the v the reference produced and the W_O read from the fixture's safetensors.

The forward passes are the fixtures' own references, imported, not copied:
- BERT and GPT-2: the float64 plain-matmul implementations plain_encoder / plain_gpt2 of
  tests/fixtures/models/make_model_fixtures.py, run on the tensors read back from the fixture
  folders, with their p_attention replaced by the same computation plus the ablation.
- Llama (GQA 4 query heads over 2 K/V heads) and Gemma 2 (softcap, sliding window on layer 0):
  ref_llama / ref_gemma2 of tests/fixtures/models/make_decoder_fixtures.py (written from
  transformers' modeling_llama.py / modeling_gemma2.py: eager_attention_forward returns
  attn_output = (weights·v) per head, which o_proj then reads), in float32, with their
  eager_attention wrapped so that its output is ablated before o_proj.

Self-checks: without ablations the wrapped functions reproduce the unwrapped references exactly;
ablating layer 0 leaves layer 0's attention as it was and moves layer 1's by more than 1e-3 (so the
test can see a wrong ablation); the decoder value norms equal a second computation from the
weights alone (x·W_V recomputed from the recorded block input).

Run from the repository root: /usr/bin/python3 tests/golden/make_ablation_golden.py
It reads the fixture folders and writes only ablation_golden.json (byte-identical on re-runs).
"""

import json
import math
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURES = os.path.join(REPO, "tests", "fixtures", "models")
sys.path.insert(0, FIXTURES)
import make_model_fixtures as mmf  # noqa: E402
import make_decoder_fixtures as mdf  # noqa: E402

GOLDEN_PATH = os.path.join(HERE, "ablation_golden.json")
GENERATOR = "tests/golden/make_ablation_golden.py"


def load_config(fixture):
    with open(os.path.join(FIXTURES, fixture, "config.json")) as f:
        return json.load(f)


def ablate_columns(out, ablations, dh):
    """out: (T, H·Dh) head outputs side by side. ablations: [(head, mode)]."""
    out = out.clone()
    for head, mode in ablations:
        block = out[:, head * dh:(head + 1) * dh]
        if mode == "zero":
            out[:, head * dh:(head + 1) * dh] = 0.0
        else:
            out[:, head * dh:(head + 1) * dh] = block.mean(dim=0, keepdim=True).expand_as(block)
    return out


def norms_of(v_heads, wo_in_out, heads, dh):
    """v_heads: (H, T, Dh) the value vector each query head reads; wo_in_out: (H·Dh, D).
    Returns (H, T) numpy float64 ‖v_j·W_O,h‖."""
    v = np.asarray(v_heads, dtype=np.float64)
    wo = np.asarray(wo_in_out, dtype=np.float64)
    return np.stack([np.linalg.norm(v[h] @ wo[h * dh:(h + 1) * dh], axis=1) for h in range(heads)])


class Recorder:
    """State shared by a wrapped attention function during one forward pass."""

    def __init__(self, ablations):
        self.layer = 0
        self.ablations = ablations  # [(layer, head, mode)]
        self.norms = []             # per layer (H, T)
        self.inputs = []            # per layer, the block input (decoders: for the second check)

    def for_layer(self):
        return [(h, m) for (l, h, m) in self.ablations if l == self.layer]


# ---------------------------------------------------------------------------------------------
# BERT / GPT-2: mmf.p_attention, float64.
# ---------------------------------------------------------------------------------------------

def encoder_like_run(fixture, kind, prefix, ids, ablations):
    cfg = load_config(fixture)
    files = mmf.read_folder_tensors(fixture)
    t = {n[len(prefix):]: v[2] for n, v in files.items() if n.startswith(prefix)}
    rec = Recorder(ablations)
    original = mmf.p_attention

    def p_attention(x, wq, bq, wk, bk, wv, bv, wo, bo, heads, causal):
        # mmf.p_attention with the ablation between the heads and W_O.
        T, d = x.shape
        dh = d // heads
        q = (x @ wq + bq).view(T, heads, dh).transpose(0, 1)
        k = (x @ wk + bk).view(T, heads, dh).transpose(0, 1)
        v = (x @ wv + bv).view(T, heads, dh).transpose(0, 1)
        s = q @ k.transpose(1, 2) / math.sqrt(dh)
        if causal:
            s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float("-inf"))
        w = mmf.p_softmax(s)
        concat = ablate_columns((w @ v).transpose(0, 1).reshape(T, d), rec.for_layer(), dh)
        rec.norms.append(norms_of(v.numpy(), wo.numpy(), heads, dh))
        rec.layer += 1
        return concat @ wo + bo, w

    ids_t = torch.tensor(ids, dtype=torch.int64)
    zeros = torch.zeros_like(ids_t)
    pos = torch.arange(len(ids))
    mmf.p_attention = p_attention
    try:
        if kind == "gpt2":
            hidden, attn, _ = mmf.plain_gpt2(t, cfg, ids_t)
        else:
            hidden, attn, _ = mmf.plain_encoder(kind, t, cfg, ids_t, pos, zeros, False)
    finally:
        mmf.p_attention = original
    if not ablations:  # the wrapper without ablations is the fixture's own reference
        if kind == "gpt2":
            h0, a0, _ = mmf.plain_gpt2(t, cfg, ids_t)
        else:
            h0, a0, _ = mmf.plain_encoder(kind, t, cfg, ids_t, pos, zeros, False)
        assert torch.equal(h0, hidden) and torch.equal(a0, attn), fixture
    return attn, hidden, np.stack(rec.norms)


# ---------------------------------------------------------------------------------------------
# Llama / Gemma 2: mdf.eager_attention inside ref_llama / ref_gemma2, float32.
# ---------------------------------------------------------------------------------------------

def decoder_run(fixture, ids, ablations):
    cfg = load_config(fixture)
    files = mdf.read_folder_tensors(os.path.join(FIXTURES, fixture))
    sd = {n: v[2].to(torch.float32) for n, v in files.items()}
    H, KV, hd = cfg["num_attention_heads"], cfg["num_key_value_heads"], mdf.head_dim_of(cfg)
    rec = Recorder(ablations)
    original = mdf.eager_attention

    def eager_attention(q, k, v, scaling, mask, softcap=None):
        out, w, s0 = original(q, k, v, scaling, mask, softcap)
        out = ablate_columns(out, rec.for_layer(), hd)
        wo = sd[f"model.layers.{rec.layer}.self_attn.o_proj.weight"].t()  # (in, out)
        rec.norms.append(norms_of(v.repeat_interleave(H // KV, dim=0).numpy(), wo.numpy(), H, hd))
        rec.layer += 1
        return out, w, s0

    mdf.eager_attention = eager_attention
    try:
        with torch.no_grad():
            hidden, _, tr = mdf.REFERENCE[cfg["model_type"]](sd, cfg, torch.tensor(ids))
    finally:
        mdf.eager_attention = original
    attn = torch.stack(tr.attn)
    norms = np.stack(rec.norms)
    if not ablations:
        with torch.no_grad():
            h0, _, tr0 = mdf.REFERENCE[cfg["model_type"]](sd, cfg, torch.tensor(ids))
        assert torch.equal(h0, hidden) and torch.equal(torch.stack(tr0.attn), attn), fixture
        # Second computation of layer 0's norms from the weights: x·W_V (no v_proj bias in
        # these families) for each query head's K/V head, then the W_O rows of that head.
        x = tr0.layer0["x"].double().numpy()
        wv = sd["model.layers.0.self_attn.v_proj.weight"].double().numpy().T  # (D, KV·hd)
        wo = sd["model.layers.0.self_attn.o_proj.weight"].double().numpy().T  # (H·hd, D)
        for h in range(H):
            g = h // (H // KV)
            n = np.linalg.norm((x @ wv[:, g * hd:(g + 1) * hd]) @ wo[h * hd:(h + 1) * hd], axis=1)
            assert np.max(np.abs(n - norms[0, h]) / np.maximum(1.0, n)) < 1e-5, (fixture, h)
    return attn, hidden, norms


# ---------------------------------------------------------------------------------------------
# Cases.
# ---------------------------------------------------------------------------------------------

def text_ids(kind, text):
    vocab = mmf.BERT_VOCAB if kind == "bert" else mmf.GPT2_VOCAB
    _, ids, _ = mmf.encode_case({"kind": kind, "vocab": vocab}, text)
    return ids


def random_ids(T, seed, high=286):
    gen = torch.Generator().manual_seed(seed)
    return torch.randint(0, high, (T,), generator=gen).tolist()


FIXTURE_RUNS = [
    # (fixture, runner, ids)
    ("bert_f32_prefixed", lambda ids, ab: encoder_like_run("bert_f32_prefixed", "bert", "bert.", ids, ab),
     text_ids("bert", "The cats sat on the mat.")),
    ("gpt2_f32", lambda ids, ab: encoder_like_run("gpt2_f32", "gpt2", "", ids, ab),
     text_ids("gpt2", "The cat sat on the mat.")),
    ("llama_f32_tied", lambda ids, ab: decoder_run("llama_f32_tied", ids, ab), random_ids(12, 5101)),
    ("gemma2_f32", lambda ids, ab: decoder_run("gemma2_f32", ids, ab), random_ids(14, 5102)),
]

ABLATIONS = [
    # (case suffix, [(layer, head, mode)])
    ("none", []),
    ("zero_0.1", [(0, 1, "zero")]),
    ("mean_0.2", [(0, 2, "mean")]),
    ("zero_0.0_mean_0.3", [(0, 0, "zero"), (0, 3, "mean")]),
]


def spec_text(ablations):
    return ",".join(f"{l}.{h}" + (":mean" if m == "mean" else "") for l, h, m in ablations)


def main():
    torch.set_num_threads(1)
    cases = []
    for fixture, run, ids in FIXTURE_RUNS:
        base_attn = None
        for suffix, ablations in ABLATIONS:
            attn, hidden, norms = run(ids, ablations)
            attn, hidden = attn.to(torch.float32), hidden.to(torch.float32)
            if base_attn is None:
                base_attn = attn
            else:
                assert torch.equal(attn[0], base_attn[0]), (fixture, suffix)
                moved = float((attn[1:] - base_attn[1:]).abs().max())
                assert moved > 1e-3, (fixture, suffix, moved)
            assert torch.isfinite(attn).all() and torch.isfinite(hidden).all() and np.isfinite(norms).all()
            name = f"{fixture}_{suffix}"
            print(f"{name:40s} T={len(ids):2d} layers={attn.shape[0]} "
                  f"max norm {norms.max():.3f}")
            cases.append({
                "name": name,
                "fixture": fixture,
                "ids": ids,
                "T": len(ids),
                "ablations": spec_text(ablations),
                "attention": attn.tolist(),
                "hidden": hidden.tolist(),
                "value_norms": norms.astype(np.float32).tolist(),
            })
    doc = {
        "generator": GENERATOR,
        "torch_version": str(torch.__version__),
        "cases": cases,
    }
    with open(GOLDEN_PATH, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {GOLDEN_PATH}: {len(cases)} cases, {os.path.getsize(GOLDEN_PATH)} bytes "
          f"(torch {torch.__version__}, numpy {np.__version__})")


if __name__ == "__main__":
    main()
