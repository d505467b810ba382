#!/usr/bin/python3
"""Golden head-role scores for tst_cliheads (issue #38), recomputed with numpy.

Every document of a corpus is run on its own through `headmap-cli attention --format json`
(the weights) and `headmap-cli tokenize --format json` (the special flags); the scores of
`headmap-cli heads` are then computed here from those weights alone, following the issue's
definitions (and TransformerLens' head_detector.detect_head, error measure "mul"):

  previous-token, duplicate-token, induction: sum(A * P) / sum(A) for the 0/1 pattern P
  sink: mean_i A[i, 0]   entropy: mean_i -sum_j A ln A   distance: mean_i sum_j A[i, j] |i - j|
  special / punctuation: mean_i sum over special / punctuation keys j of A[i, j]
  a head's score: the mean over documents
  strongest: the highest row value over all documents and rows (stored with every (document,
    position) within 1e-9 of it, since float sums may order near-ties differently)
  divergence (--compare): mean over documents of the mean over rows of the Jensen-Shannon
    divergence (natural log) between the two models' rows
  probe: the ids the CLI reports, each run with `attention --ids`, the stripe A[i, i - L + 1]
    for i in [L, 2L) averaged, and the ordinary scores on those sequences

Documents: one per line whose bytes are not all white space, or per run of such lines (--paragraphs);
the byte-order mark and a trailing CR are dropped. Punctuation: a non-special token whose display
label, without the space mark U+2423 and white space, is non-empty and all of Unicode category P.

Run from the repository root after building headmap-cli:
    /usr/bin/python3 tests/golden/heads/make_heads_golden.py build/app/headmap-cli
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unicodedata

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
ROLES = ["previous-token", "duplicate-token", "induction", "sink", "entropy", "distance", "special",
         "punctuation"]
PATTERNS = {"previous-token", "duplicate-token", "induction"}

# name, model, corpus (relative to tests/fixtures), paragraphs, compare
CASES = [
    ("patterns lines", "builtin:patterns", "heads/corpus.txt", False, None),
    ("patterns paragraphs", "builtin:patterns", "heads/corpus.txt", True, None),
    ("teaching lines", "builtin:teaching", "heads/corpus.txt", False, None),
    ("gpt2 fixture short", "models/gpt2_f32", "heads/short.txt", False, None),
    ("patterns against broad=0", "builtin:patterns", "heads/corpus.txt", False, "builtin:patterns:broad=0"),
    ("teaching against itself", "builtin:teaching", "heads/short.txt", False, "builtin:teaching"),
]
PROBES = [
    ("teaching probe", "builtin:teaching", 12, 3, 7),
    ("patterns probe", "builtin:patterns", 20, 2, 0),
]


def cli(exe, args):
    done = subprocess.run([exe] + args, capture_output=True, check=True)
    return json.loads(done.stdout)


def model_arg(model):
    return os.path.join(FIXTURES, model) if model.startswith("models/") else model


def documents(path, paragraphs):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    lines = [l[:-1] if l.endswith(b"\r") else l for l in lines]
    blank = lambda l: l.strip(b" \t\r\f\v") == b""
    docs, current = [], []
    for line in lines:
        if blank(line):
            if current:
                docs.append(b"\n".join(current))
                current = []
            continue
        current.append(line)
        if not paragraphs:
            docs.append(b"\n".join(current))
            current = []
    if current:
        docs.append(b"\n".join(current))
    return [d.decode("utf-8") for d in docs]


def is_punctuation(label):
    chars = [c for c in label if c != "\u2423" and not c.isspace()]
    return bool(chars) and all(unicodedata.category(c).startswith("P") for c in chars)


def run_document(exe, model, text, ids=None):
    """(ids, special, punctuation, weights [L][H] of (T, T) float64) of one document."""
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
        f.write(text.encode("utf-8") if text is not None else b"")
        name = f.name
    try:
        source = ["--ids", ",".join(map(str, ids)), "--no-special"] if ids is not None else ["--text-file", name]
        att = cli(exe, ["attention", "--model", model, "--format", "json"] + source)
        tok = cli(exe, ["tokenize", "--model", model, "--format", "json"] + source)
    finally:
        os.unlink(name)
    assert att["token_ids"] == tok["token_ids"], "attention and tokenize disagree"
    special = [bool(s) for s in tok["special"]]
    punct = [(not s) and is_punctuation(l) for s, l in zip(special, att["display_tokens"])]
    # The CLI writes float32 weights in their shortest form: read them back as float32, then widen.
    weights = [[np.array(h, dtype=np.float32).astype(np.float64) for h in layer] for layer in att["attention"]]
    return att["token_ids"], special, punct, weights


def patterns(ids):
    t = len(ids)
    prev = np.zeros((t, t))
    for i in range(1, t):
        prev[i, i - 1] = 1
    dup = np.zeros((t, t))
    for i in range(t):
        for j in range(i):
            if ids[i] == ids[j]:
                dup[i, j] = 1
    ind = np.zeros((t, t))
    ind[:, 1:] = dup[:, :-1]  # P[i, j] = Dup[i, j - 1]; j <= i holds since Dup[i, j-1] needs j-1 < i
    return {"previous-token": prev, "duplicate-token": dup, "induction": ind}


def row_values(a, ids, special, punct):
    """Per role: the row values (T,) and the document score."""
    t = a.shape[0]
    pats = patterns(ids)
    out = {}
    for role, p in pats.items():
        rows = (a * p).sum(axis=1)
        total = a.sum()
        out[role] = (rows, rows.sum() / total if total != 0 else 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ent = -np.where(a > 0, a * np.log(np.where(a > 0, a, 1)), 0).sum(axis=1)
    dist = (a * np.abs(np.arange(t)[:, None] - np.arange(t)[None, :])).sum(axis=1)
    sp = a[:, np.array(special, dtype=bool)].sum(axis=1)
    pu = a[:, np.array(punct, dtype=bool)].sum(axis=1)
    for role, rows in (("sink", a[:, 0]), ("entropy", ent), ("distance", dist), ("special", sp),
                       ("punctuation", pu)):
        out[role] = (rows, rows.mean())
    return out


def jsd_rows(a, b):
    m = 0.5 * (a + b)
    def kl(p):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(p > 0, p * np.log(np.where(p > 0, p, 1) / np.where(m > 0, m, 1)), 0).sum(axis=1)
    return (0.5 * (kl(a) + kl(b))).mean()


# Attention weights from another x86-64 processor's kernels agree to this (tst_cliheads): a
# strongest position is any row within what that moves a row value by, so that near-ties on
# another processor still land on a candidate. Row value bounds for a row of T weights: a share
# T*eps/2 (times 2: both rows move), entropy T*eps*(2 + ln(1/eps)) (twice), distance T*T*eps.
WEIGHT_TOLERANCE = 1e-5


def candidate_margin(role, t):
    eps = WEIGHT_TOLERANCE
    if role == "entropy":
        return 2 * t * eps * (2 + math.log(1 / eps))
    if role == "distance":
        return t * t * eps
    return t * eps


def score(runs, compare_runs=None):
    layers, heads = len(runs[0][3]), len(runs[0][3][0])
    sums = {r: np.zeros((layers, heads)) for r in ROLES}
    best = {r: [[None] * heads for _ in range(layers)] for r in ROLES}
    rows_of = {r: [[[] for _ in range(heads)] for _ in range(layers)] for r in ROLES}
    div = np.zeros((layers, heads))
    tokens = 0
    for d, (ids, special, punct, weights) in enumerate(runs):
        tokens += len(ids)
        for l in range(layers):
            for h in range(heads):
                values = row_values(weights[l][h], ids, special, punct)
                for role, (rows, s) in values.items():
                    sums[role][l, h] += s
                    rows_of[role][l][h].append(rows)
                if compare_runs is not None:
                    assert compare_runs[d][0] == ids
                    div[l, h] += jsd_rows(weights[l][h], compare_runs[d][3][l][h])
    n = len(runs)
    strongest = {}
    for role in ROLES:
        entries = []
        for l in range(layers):
            for h in range(heads):
                top = max(float(r.max()) for r in rows_of[role][l][h])
                where = [[d, int(i)] for d, r in enumerate(rows_of[role][l][h])
                         for i in np.nonzero(r >= top - max(1e-9, candidate_margin(role, len(r))))[0]]
                entries.append({"layer": l, "head": h, "value": top, "candidates": where})
        strongest[role] = entries
    result = {"documents": n, "tokens": tokens, "truncated": 0,
              "scores": {r: (sums[r] / n).tolist() for r in ROLES}, "strongest": strongest}
    if compare_runs is not None:
        result["divergence"] = (div / n).tolist()
    return result


def main():
    exe = os.path.abspath(sys.argv[1])
    cases = []
    for name, model, corpus, paragraphs, compare in CASES:
        docs = documents(os.path.join(FIXTURES, corpus), paragraphs)
        runs = [run_document(exe, model_arg(model), d) for d in docs]
        other = [run_document(exe, model_arg(compare), d) for d in docs] if compare else None
        args = ["--model", model, "--corpus", corpus] + (["--paragraphs"] if paragraphs else []) + \
               (["--compare", compare] if compare else [])
        cases.append({"name": name, "args": args, "expected": score(runs, other)})
        print(name, len(docs), "documents", file=sys.stderr)
    for name, model, length, count, seed in PROBES:
        # The ids are the CLI's (random input); everything computed from them is computed here.
        reported = cli(exe, ["heads", "--model", model, "--probe", "induction", "--length", str(length),
                             "--count", str(count), "--seed", str(seed)])["probe"]["ids"]
        runs = [run_document(exe, model, None, ids) for ids in reported]
        expected = score(runs)
        layers, heads = len(runs[0][3]), len(runs[0][3][0])
        stripe = np.zeros((layers, heads))
        for _, _, _, weights in runs:
            for l in range(layers):
                for h in range(heads):
                    a = weights[l][h]
                    stripe[l, h] += np.mean([a[i, i - length + 1] for i in range(length, 2 * length)])
        expected["probe"] = {"ids": reported, "stripe": (stripe / len(runs)).tolist()}
        cases.append({"name": name, "args": ["--model", model, "--probe", "induction", "--length", str(length),
                                             "--count", str(count), "--seed", str(seed)],
                      "expected": expected})
        print(name, file=sys.stderr)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "heads_golden.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"generator": "tests/golden/heads/make_heads_golden.py", "cases": cases}, f, indent=1,
                  ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
