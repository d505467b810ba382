#!/usr/bin/python3
"""Headmap against PyTorch on the same BERT-base-shaped weights, side by side in one run.

Writes a checkpoint in the Hugging Face layout (12 layers, d_model 768, 12 heads, random F32
weights, model.safetensors + config.json + vocab.txt) into a scratch folder, then times a
forward pass that returns all 144 heads' attention weights:
  - PyTorch: nn.MultiheadAttention(need_weights=True, average_attn_weights=False) in the
    reference encoder of tests/fixtures/models/make_model_fixtures.py, torch.no_grad(), eval;
  - Headmap: `headmap-cli bench` on the folder (the same weights, memory-mapped).
Prints the best-of-N time of each at T = 16, 128, 512 and the ratio, plus what opening the
folder cost Headmap. Run from the repository root after building:
  /usr/bin/python3 tests/bench/bench_vs_pytorch.py [--cli build/app/headmap-cli] [--repeat 5]
Needs Debian's python3-torch. PyTorch gets its best chance: Debian's torch multiplies matrices
with the system BLAS, which is the slow reference BLAS unless an optimised one is installed
(apt-get install libopenblas0-pthread); the script says which one it found, and it runs
without OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE, which pin OpenBLAS to older, slower kernels.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fixtures", "models"))
import make_model_fixtures as fx  # noqa: E402  (weights writer and PyTorch reference)
import torch  # noqa: E402


def bert_base_config(vocab_size):
    config = fx.bert_config(vocab_size, ["BertModel"], "float32")
    config.update({"hidden_size": 768, "num_attention_heads": 12, "num_hidden_layers": 12,
                   "intermediate_size": 3072, "max_position_embeddings": 512})
    return config


def write_checkpoint(folder):
    vocab = ["[PAD]"] + [f"[unused{i}]" for i in range(99)] + ["[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    vocab += [f"w{i}" for i in range(30522 - len(vocab))]
    config = bert_base_config(len(vocab))
    tensors = fx.bert_like_tensors(fx.WeightMaker(2026), config, "", False, 2)
    fx.write_safetensors(os.path.join(folder, "model.safetensors"), [(n, t, "F32") for n, t in tensors])
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
    with open(os.path.join(folder, "vocab.txt"), "w") as f:
        f.write("\n".join(vocab) + "\n")
    return config, {name: t for name, t in tensors}


def synthetic_ids(length, vocab):
    # The same ids `headmap-cli bench` uses.
    return [min(vocab - 1, 1000 + (i * 7919) % max(1, vocab - 1000)) for i in range(length)]


def time_pytorch(reference, length, vocab, repeat):
    ids = torch.tensor([synthetic_ids(length, vocab)])
    positions = torch.arange(length).unsqueeze(0)
    types = torch.zeros_like(ids)
    with torch.no_grad():
        reference(ids, positions, types)  # warm-up
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            _, attention, _ = reference(ids, positions, types)
            times.append((time.perf_counter() - start) * 1000)
    assert attention.shape == (1, 12, 12, length, length)
    return min(times)


def blas_in_use():
    """The BLAS library torch has loaded, from the process's own memory map."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if ".so" in line}
    blas = sorted(p for p in paths if "libblas" in p or "libopenblas" in p or "mkl" in p)
    return ", ".join(blas) or "unknown"


def main():
    pinned = [v for v in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if v in os.environ]
    if pinned:  # OpenBLAS reads them when it loads: start again without them
        env = {k: v for k, v in os.environ.items() if k not in pinned}
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=os.path.join("build", "app", "headmap-cli"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lengths", default="16,128,512")
    args = parser.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    torch.set_num_threads(os.cpu_count() or 1)

    with tempfile.TemporaryDirectory(prefix="headmap-bench-") as folder:
        print(f"writing a BERT-base-shaped checkpoint to {folder} ...", flush=True)
        config, tensors = write_checkpoint(folder)
        reference = fx.build_encoder_reference("bert", tensors, config)
        del tensors

        headmap = json.loads(subprocess.run(
            [args.cli, "bench", "--model", folder, "--lengths", args.lengths,
             "--repeat", str(args.repeat), "--format", "json"],
            check=True, capture_output=True, text=True).stdout)
        headmap_ms = {run["length"]: run["best_ms"] for run in headmap["runs"]}

        print(f"BLAS used by torch: {blas_in_use()}")
        print(f"torch {torch.__version__}, {torch.get_num_threads()} threads; "
              f"best of {args.repeat}; all {headmap['heads_captured']} heads captured")
        print(f"{'tokens':>8} {'PyTorch ms':>12} {'Headmap ms':>12} {'PyTorch/Headmap':>16}")
        for length in lengths:
            torch_ms = time_pytorch(reference, length, config["vocab_size"], args.repeat)
            print(f"{length:>8} {torch_ms:>12.2f} {headmap_ms[length]:>12.2f} "
                  f"{torch_ms / headmap_ms[length]:>16.2f}")
        print(f"Headmap opened the folder in {headmap['load_ms']:.1f} ms, adding "
              f"{headmap['load_anonymous_memory_bytes'] / 1e6:.1f} MB beyond the mapped file")


if __name__ == "__main__":
    main()
