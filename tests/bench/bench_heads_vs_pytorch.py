#!/usr/bin/python3
"""headmap-cli heads against PyTorch computing the same head-role scores (issue #38, "Speed").

Writes a GPT-2-small-shaped checkpoint in the Hugging Face layout (12 layers x 12 heads,
d_model 768, MLP 3072, 1,024 positions; random F32 weights N(0, 0.02), LayerNorm weights 1 +
N(0, 0.02)) with the small byte-level tokenizer of the gpt2_f32 fixture (its vocabulary of 285
ids, so wte is 285 x 768: the number of tokens, not the vocabulary, is what the scores cost), and
a corpus of lines of 50-500 tokens of English, Danish and Chinese words until --tokens tokens.
Then, in one run and taking turns:
  - Headmap: `headmap-cli heads --model DIR --corpus FILE` (reading, tokenizing, running and
    scoring every document: everything the command does), under /usr/bin/time for the peak
    resident memory, with each OMP_NUM_THREADS of --headmap-threads;
  - PyTorch: an eager GPT-2 (the formulas of transformers' modeling_gpt2.py: ln_1, c_attn as
    Conv1D, scaled causal softmax, c_proj, ln_2, gelu_new MLP) on the same weights, torch.no_grad,
    returning every layer's attention, and the eight scores of `heads` per document computed
    with vectorised torch ops (pattern masks, xlogy, row argmax for the strongest rows), with
    each torch.set_num_threads of --torch-threads. Its token ids come from `headmap-cli tokenize`
    beforehand, untimed: PyTorch's time holds only the forward passes and the scores.
The best time of each side is compared (the issue's goal: Headmap / PyTorch <= 0.8), and
Headmap's peak memory against the weights' size + 300 MB.
First both sides are checked to compute the same thing: the scores of the first 3 documents, by
`heads` and by the PyTorch code, must agree to 1e-4.

    /usr/bin/python3 tests/bench/bench_heads_vs_pytorch.py [--cli build/app/headmap-cli]
        [--tokens 250000] [--rounds 1] [--headmap-threads 1,2] [--torch-threads 1,2] [--dir DIR]
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "models"))
import make_model_fixtures as fx  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

ROLES = ["previous-token", "duplicate-token", "induction", "sink", "entropy", "distance", "special",
         "punctuation"]
SHAPE = dict(n_embd=768, n_head=12, n_layer=12, n_positions=1024, n_ctx=1024)
WORDS = ("the cat saw a dog and ran after it while the bird sang in the old tree , . ; "
         "opmærksomhed hoved sætning ord og på øen mellem alle andre elementer i sekvensen "
         "注意 机制 模型 学习 神经 网络 层 。 ，").split()


class SmallWeights(fx.WeightMaker):
    def w(self, *shape):
        return torch.randn(*shape, generator=self.gen, dtype=torch.float32) * 0.02

    def b(self, *shape):
        return torch.randn(*shape, generator=self.gen, dtype=torch.float32) * 0.02

    def ln_w(self, n):
        return 1.0 + torch.randn(n, generator=self.gen, dtype=torch.float32) * 0.02


def write_model(folder):
    fixture = os.path.join(ROOT, "tests", "fixtures", "models", "gpt2_f32")
    os.makedirs(folder, exist_ok=True)
    for name in ("vocab.json", "merges.txt", "tokenizer_config.json"):
        shutil.copy(os.path.join(fixture, name), folder)
    cfg = fx.gpt2_config(len(fx.GPT2_VOCAB), "float32")
    cfg.update(SHAPE)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2, sort_keys=True)
    tensors = fx.gpt2_tensors(SmallWeights(38), cfg, "", "F32")
    fx.save_single(folder, tensors, "F32")
    return cfg, {n: t for n, t in tensors if t.dtype == torch.float32}


def tokenize(cli, model, text):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(text)
    try:
        out = subprocess.run([cli, "tokenize", "--model", model, "--text-file", f.name, "--format", "json"],
                             capture_output=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out)


def write_corpus(cli, model, path, tokens, seed=38):
    """Lines of random words, each cut to a random target of 50-500 tokens (by tokenizing)."""
    rng = random.Random(seed)
    docs, total = [], 0
    while total < tokens:
        target = rng.randint(50, 500)
        words = [rng.choice(WORDS) for _ in range(max(1, target // 3))]  # about 3 tokens a word
        text = " ".join(words)
        tok = tokenize(cli, model, text)
        # cut to the target: keep the words whose tokens fit
        while len(tok["token_ids"]) > target and len(words) > 1:
            words = words[: max(1, int(len(words) * target / len(tok["token_ids"])) - 1)]
            text = " ".join(words)
            tok = tokenize(cli, model, text)
        docs.append((text, tok))
        total += len(tok["token_ids"])
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(text + "\n" for text, _ in docs))
    return docs


def is_punctuation(label):
    chars = [c for c in label if c != "\u2423" and not c.isspace()]
    return bool(chars) and all(unicodedata.category(c).startswith("P") for c in chars)


class TorchGpt2(torch.nn.Module):
    def __init__(self, cfg, sd):
        super().__init__()
        self.cfg, self.sd = cfg, sd

    def forward(self, ids):
        c, t = self.cfg, self.sd
        d, H, eps = c["n_embd"], c["n_head"], c["layer_norm_epsilon"]
        T = ids.shape[0]
        x = t["wte.weight"][ids] + t["wpe.weight"][:T]
        mask = torch.ones(T, T, dtype=torch.bool).tril()
        attentions = []
        for i in range(c["n_layer"]):
            p = f"h.{i}."
            h = F.layer_norm(x, (d,), t[p + "ln_1.weight"], t[p + "ln_1.bias"], eps)
            qkv = h @ t[p + "attn.c_attn.weight"] + t[p + "attn.c_attn.bias"]  # Conv1D (in, out)
            q, k, v = qkv.split(d, dim=-1)
            q, k, v = (z.view(T, H, d // H).transpose(0, 1) for z in (q, k, v))  # (H, T, dh)
            s = (q @ k.transpose(-1, -2)) / math.sqrt(d // H)
            s = s.masked_fill(~mask, torch.finfo(s.dtype).min)
            a = torch.softmax(s, dim=-1)  # (H, T, T)
            attentions.append(a)
            o = (a @ v).transpose(0, 1).reshape(T, d)
            x = x + o @ t[p + "attn.c_proj.weight"] + t[p + "attn.c_proj.bias"]
            h2 = F.layer_norm(x, (d,), t[p + "ln_2.weight"], t[p + "ln_2.bias"], eps)
            m = F.gelu(h2 @ t[p + "mlp.c_fc.weight"] + t[p + "mlp.c_fc.bias"], approximate="tanh")
            x = x + m @ t[p + "mlp.c_proj.weight"] + t[p + "mlp.c_proj.bias"]
        return torch.stack(attentions)  # (L, H, T, T)


def torch_scores(model, docs):
    """The eight scores (mean over documents) and strongest rows, as `heads` defines them."""
    L, H = model.cfg["n_layer"], model.cfg["n_head"]
    sums = torch.zeros(len(ROLES), L, H, dtype=torch.float64)
    best = torch.full((len(ROLES), L, H), -1.0, dtype=torch.float64)
    where = torch.zeros(len(ROLES), L, H, 2, dtype=torch.long)
    for d, (ids, special, punct) in enumerate(docs):
        T = len(ids)
        a = model(ids)  # (L, H, T, T)
        idv = ids
        dup = (idv[:, None] == idv[None, :]) & torch.ones(T, T, dtype=torch.bool).tril(-1)
        ind = torch.zeros_like(dup)
        ind[:, 1:] = dup[:, :-1]
        dist = (torch.arange(T)[:, None] - torch.arange(T)[None, :]).abs().to(a.dtype)
        rows = torch.stack([
            F.pad(a.diagonal(offset=-1, dim1=-2, dim2=-1), (1, 0)),
            (a * dup).sum(-1),
            (a * ind).sum(-1),
            a[..., 0],
            -torch.special.xlogy(a, a).sum(-1),
            (a * dist).sum(-1),
            a[..., special].sum(-1),
            a[..., punct].sum(-1),
        ]).double()  # (roles, L, H, T)
        total = a.double().sum((-2, -1))
        doc = rows.mean(-1)
        doc[:3] = rows[:3].sum(-1) / total
        sums += doc
        top, arg = rows.max(-1)
        better = top > best
        best = torch.where(better, top, best)
        where[..., 0] = torch.where(better, torch.full_like(arg, d), where[..., 0])
        where[..., 1] = torch.where(better, arg, where[..., 1])
    return sums / len(docs), best, where


def torch_docs(docs):
    out = []
    for _, tok in docs:
        ids = torch.tensor(tok["token_ids"], dtype=torch.long)
        special = torch.tensor([bool(s) for s in tok["special"]], dtype=torch.bool)
        punct = torch.tensor([(not s) and is_punctuation(l) for s, l in zip(tok["special"], tok["display_tokens"])],
                             dtype=torch.bool)
        out.append((ids, special, punct))
    return out


def run_headmap(cli, model, corpus, threads):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "peak-kb %M", cli, "heads", "--model", model, "--corpus", corpus],
                          capture_output=True, env=env, check=True)
    seconds = time.perf_counter() - start
    peak = int(re.search(rb"peak-kb (\d+)", done.stderr).group(1)) * 1024
    return seconds, peak, json.loads(done.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "headmap-cli"))
    parser.add_argument("--tokens", type=int, default=250000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--headmap-threads", default="1,2")
    parser.add_argument("--torch-threads", default="1,2")
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    cli = os.path.abspath(args.cli)
    folder = args.dir or tempfile.mkdtemp(prefix="heads-bench-")
    model_dir = os.path.join(folder, "gpt2-small-shaped")
    cfg, sd = write_model(model_dir)
    weights_bytes = os.path.getsize(os.path.join(model_dir, "model.safetensors"))
    corpus = os.path.join(folder, "corpus.txt")
    docs = write_corpus(cli, model_dir, corpus, args.tokens)
    tokens = sum(len(t["token_ids"]) for _, t in docs)
    print(f"corpus: {len(docs)} documents, {tokens} tokens, {os.path.getsize(corpus)} bytes; "
          f"weights {weights_bytes / 2**20:.0f} MiB", flush=True)
    # Debian's torch multiplies through the system BLAS; the reference one would be slow.
    blas = "/usr/lib/x86_64-linux-gnu/libblas.so.3"
    print(f"PyTorch {torch.__version__}, BLAS {os.path.realpath(blas) if os.path.exists(blas) else 'unknown'}",
          flush=True)
    model = TorchGpt2(cfg, sd).eval()
    tdocs = torch_docs(docs)

    # Both compute the same scores (first 3 documents).
    check = os.path.join(folder, "check.txt")
    with open(check, "w", encoding="utf-8") as f:
        f.write("".join(text + "\n" for text, _ in docs[:3]))
    _, _, ours = run_headmap(cli, model_dir, check, 2)
    with torch.no_grad():
        theirs, _, _ = torch_scores(model, tdocs[:3])
    worst = max(abs(ours["scores"][r][l][h] - float(theirs[i, l, h]))
                for i, r in enumerate(ROLES) for l in range(cfg["n_layer"]) for h in range(cfg["n_head"]))
    print(f"check: largest score difference Headmap - PyTorch over 3 documents: {worst:.2e}", flush=True)
    assert worst < 1e-4, "the two sides do not compute the same scores"

    results = {"headmap": {}, "torch": {}}
    peak = 0
    for _ in range(args.rounds):
        for threads in map(int, args.headmap_threads.split(",")):
            seconds, rss, out = run_headmap(cli, model_dir, corpus, threads)
            peak = max(peak, rss)
            results["headmap"][threads] = min(results["headmap"].get(threads, 1e30), seconds)
            print(f"Headmap, {threads} thread(s): {seconds:.1f} s, peak {rss / 2**20:.0f} MiB", flush=True)
            assert out["tokens"] == tokens, (out["tokens"], tokens)
        for threads in map(int, args.torch_threads.split(",")):
            torch.set_num_threads(threads)
            start = time.perf_counter()
            with torch.no_grad():
                torch_scores(model, tdocs)
            seconds = time.perf_counter() - start
            results["torch"][threads] = min(results["torch"].get(threads, 1e30), seconds)
            print(f"PyTorch {torch.__version__}, {threads} thread(s): {seconds:.1f} s", flush=True)
    best_h = min(results["headmap"].values())
    best_t = min(results["torch"].values())
    print(f"\nbest: Headmap {best_h:.1f} s, PyTorch {best_t:.1f} s, Headmap/PyTorch = {best_h / best_t:.2f} "
          f"(goal <= 0.8); {tokens / best_h:.0f} vs {tokens / best_t:.0f} tokens/s")
    print(f"Headmap peak resident memory {peak / 2**20:.0f} MiB; weights + 300 MB = "
          f"{(weights_bytes + 300e6) / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
