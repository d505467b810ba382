#!/usr/bin/python3
"""Generate tests/golden/analysis/analysis_golden.json: reference values for
engine/analysis (head statistics, attention rollout, layer mean/max and the
token-hiding transforms), computed here in float64 straight from the written
definitions, not from Headmap's C++.

Regenerate from the repository root with:

    /usr/bin/python3 tests/golden/analysis/make_analysis_golden.py

Only numpy and the standard library are used; the seed is fixed, so the output
is byte-identical from run to run for a given numpy build.

Definitions (W is one head's (T, T) weights, rows are queries q, columns keys k;
every statistic is a mean over the T query rows):
  entropy        -sum_k W[q][k] ln W[q][k]       (0 ln 0 = 0, nats)
  max_weight     max_k W[q][k]
  first_token    W[q][0]
  special_tokens sum over special k of W[q][k]   (0 without special tokens)
  mean_distance  sum_k W[q][k] |q - k|
  previous_token W[q][q-1], mean over q >= 1 only (0 when T = 1)
  self_attention W[q][q]
Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in
Transformers"): A_l = mean over heads; B_l = 0.5 A_l + 0.5 I with rows divided
by their sums; rollout_l = B_l @ rollout_(l-1), rollout_(-1) = I.
"""

import json
import math
import os

import numpy as np

OUT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "analysis_golden.json")
SEED = 20240917


def softmax_rows(scores):
    """Row softmax in float64; -inf entries become exactly 0."""
    shifted = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def random_head(rng, T, causal, zero_fraction=0.0):
    scores = rng.standard_normal((T, T)) * 2.0
    if causal:
        scores[np.triu_indices(T, 1)] = -np.inf
    if zero_fraction > 0.0:
        drop = rng.random((T, T)) < zero_fraction
        np.fill_diagonal(drop, False)  # keep every row non-empty
        scores[drop] = -np.inf
    return softmax_rows(scores)


def previous_token_head(T):
    w = np.zeros((T, T))
    w[0, 0] = 1.0
    for q in range(1, T):
        w[q, q - 1] = 1.0
    return w


def uniform_head(T):
    return np.full((T, T), 1.0 / T)


# name -> (layers, heads, T, special flags, head maker(rng, layer, head, T))
CASES = [
    ("random_L2H3_T5", 2, 3, 5, [False] * 5,
     lambda rng, l, h, T: random_head(rng, T, causal=False)),
    ("causal_bos_L2H2_T6", 2, 2, 6, [True] + [False] * 5,
     lambda rng, l, h, T: random_head(rng, T, causal=True)),
    ("single_token_L2H2_T1", 2, 2, 1, [False],
     lambda rng, l, h, T: random_head(rng, T, causal=False)),
    ("cls_sep_L3H2_T7", 3, 2, 7, [True] + [False] * 5 + [True],
     lambda rng, l, h, T: random_head(rng, T, causal=False)),
    # Exact zeros and one-hot rows: the 0 ln 0 = 0 path, prev-token and identity heads.
    ("sparse_sep_L1H4_T8", 1, 4, 8, [False] * 7 + [True],
     lambda rng, l, h, T: [previous_token_head(T), np.eye(T),
                           random_head(rng, T, causal=False, zero_fraction=0.5),
                           uniform_head(T)][h]),
    # Long enough that the C++ vector loops have remainders (33 is not a multiple of 4 or 8).
    ("causal_cls_sep_L3H4_T33", 3, 4, 33, [True] + [False] * 31 + [True],
     lambda rng, l, h, T: random_head(rng, T, causal=True)),
]


def head_statistics(w, special):
    """One head's statistics from the definitions, with plain loops in float64."""
    T = w.shape[0]
    entropy = max_weight = first = spec = distance = self_att = 0.0
    for q in range(T):
        row = [float(x) for x in w[q]]
        entropy += -sum(p * math.log(p) for p in row if p > 0.0)
        max_weight += max(row)
        first += row[0]
        spec += sum(p for k, p in enumerate(row) if special[k])
        distance += sum(p * abs(q - k) for k, p in enumerate(row))
        self_att += row[q]
    previous = sum(float(w[q, q - 1]) for q in range(1, T)) / (T - 1) if T > 1 else 0.0
    return {"entropy": entropy / T, "max_weight": max_weight / T, "first_token": first / T,
            "special_tokens": spec / T, "mean_distance": distance / T,
            "previous_token": previous, "self_attention": self_att / T}


def rollout(weights):
    """weights: (L, H, T, T) float64 -> list of L (T, T) rollouts."""
    L, _, T, _ = weights.shape
    result, current = [], np.eye(T)
    for l in range(L):
        a = weights[l].mean(axis=0)
        b = 0.5 * a + 0.5 * np.eye(T)
        b = b / b.sum(axis=1, keepdims=True)
        current = b @ current
        result.append(current)
    return result


def without_tokens(w, kept, renormalise):
    out = w[np.ix_(kept, kept)].copy()
    if renormalise:
        sums = out.sum(axis=1, keepdims=True)
        out = np.divide(out, sums, out=np.zeros_like(out), where=sums != 0)
    return out


def rows_by_max(w):
    peaks = np.abs(w).max(axis=1, keepdims=True)
    return np.divide(w, peaks, out=np.zeros_like(w), where=peaks != 0)


def as_list(m):
    return [[float(x) for x in row] for row in m]


def make_case(rng, name, L, H, T, special, maker):
    # The engine stores float32; the reference works on exactly those values, in float64.
    weights = np.array([[maker(rng, l, h, T) for h in range(H)] for l in range(L)])
    weights = weights.astype(np.float32).astype(np.float64)  # (L, H, T, T)
    statistics = []
    for l in range(L):
        for h in range(H):
            s = head_statistics(weights[l, h], special)
            statistics.append({"layer": l, "head": h, **s})
    kept = [i for i in range(T) if not special[i]]
    head0 = weights[0, 0]
    return {
        "name": name, "layers": L, "heads": H, "T": T, "special": special,
        "weights": [[as_list(weights[l, h]) for h in range(H)] for l in range(L)],
        "statistics": statistics,
        "rollout": [as_list(r) for r in rollout(weights)],
        "layer_mean": [as_list(weights[l].mean(axis=0)) for l in range(L)],
        "layer_max": [as_list(weights[l].max(axis=0)) for l in range(L)],
        "kept": kept,
        "head0_without_special": as_list(without_tokens(head0, kept, False)),
        "head0_without_special_renormalised": as_list(without_tokens(head0, kept, True)),
        "head0_rows_by_max": as_list(rows_by_max(head0)),
    }


def main():
    rng = np.random.default_rng(SEED)
    cases = [make_case(rng, *case) for case in CASES]
    document = {
        "generator": "tests/golden/analysis/make_analysis_golden.py",
        "numpy": np.__version__,
        "cases": cases,
    }
    with open(OUT_PATH, "w", encoding="utf-8") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    for case in cases:
        print(f"{case['name']}: {len(case['statistics'])} heads, T={case['T']}")


if __name__ == "__main__":
    main()
