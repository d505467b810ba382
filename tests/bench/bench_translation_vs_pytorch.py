#!/usr/bin/python3
"""Translation with every stack's attention, Headmap against PyTorch on the same weights (issue
#37's speed section; the goal there: Headmap/PyTorch <= 0.8).

The model: a Marian of opus-mt-da-en's shape with random weights (make_marian_bench_model.py:
6 + 6 layers, d_model 512, 8 heads, vocabulary 58101), written to --folder when it is not there.
The work, on each side, per pass: tokenize a 60-token Danish source, generate 60 tokens greedily
with a key/value cache, and have every attention weight of the encoder, decoder and cross stacks:
  - PyTorch: transformers' own MarianMTModel and GenerationMixin.generate() (torch_marian_generate.py
    executes them from a transformers git repository: --transformers or $TRANSFORMERS_GIT),
    generate(num_beams=1, do_sample=False, use_cache=True, output_attentions=True,
    return_dict_in_generate=True, max_new_tokens=60): the encoder's attention once, each step's
    decoder and cross rows as it goes. torch.no_grad (generate's own), eval mode, float32.
  - Headmap: bench_translation (C++, one process): Model::generate (key/value cache, no
    attention kept), then the capturing run over what it wrote (Model::run: all three stacks),
    then every head of the three stacks read (the trace computes heads on demand).
Both sides load the folder once per process and run --passes passes in it; the first pass is
reported apart (it pages in the weights), later passes as min and median over every round.
Each round runs Headmap then PyTorch once per thread setting, so that load from other programs
on the machine hits both alike. Thread settings: Headmap OMP_NUM_THREADS=n; PyTorch
torch.set_num_threads(n) with OMP_NUM_THREADS, OPENBLAS_NUM_THREADS and MKL_NUM_THREADS = n (Debian's
torch multiplies through the system BLAS, OpenBLAS here, whose threads torch does not set). Each
side is compared at its best setting.

Besides the wall time, each pass's CPU time (the process's, all threads): with one thread per side
it hardly depends on how busy the machine is, so its ratio checks the wall-time ratio.

Checks that both sides did the same work: the generated ids must be equal, and per stack the sum
over layers, heads, query rows and keys of weight x key index must agree to 1e-4 (relative).
Peak memory: /usr/bin/time -v of one more process per side at its best setting.

    /usr/bin/python3 tests/bench/bench_translation_vs_pytorch.py --transformers /path/to/transformers.git \\
        [--bench build/tests/bench_translation] [--rounds 5] [--passes 4] [--threads 1,2] [--json out.json]
"""

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

# 60 ids with the fixture's SentencePiece model (bench_translation.cpp's default text).
DANISH = ("Opmærksomhed er en mekanisme, hvor hvert element i en sekvens beregner vægte over alle andre "
          "elementer. Flere hoveder gør det")
STACKS = ("encoder", "decoder", "cross")


def key_weighted_sum(weights):
    """Σ weight × key index over a (..., rows, keys) tensor."""
    import torch
    return float((weights.double() * torch.arange(weights.shape[-1], dtype=torch.float64)).sum())


def worker(args):
    """One PyTorch process: load once, --passes passes, JSON on stdout."""
    import torch
    torch.set_num_threads(args.threads)
    import torch_marian_generate
    start = time.perf_counter()
    transformers = torch_marian_generate.Transformers(args.transformers)
    model = transformers.load_model(args.model)
    tokenizer = transformers.tokenizer(args.model)
    load_ms = (time.perf_counter() - start) * 1000
    passes = []
    out = None
    for _ in range(args.passes):
        c0, t0 = time.process_time(), time.perf_counter()
        encoding = tokenizer(args.text)
        ids = torch.tensor([encoding["input_ids"]])
        t1 = time.perf_counter()
        out = model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), num_beams=1, do_sample=False,
                             use_cache=True, output_attentions=True, return_dict_in_generate=True,
                             max_new_tokens=args.max_new_tokens)
        t2, c2 = time.perf_counter(), time.process_time()
        passes.append({"tokenize": (t1 - t0) * 1000, "generate": (t2 - t1) * 1000, "total": (t2 - t0) * 1000,
                       "cpu": (c2 - c0) * 1000})
    sums = {"encoder": sum(key_weighted_sum(a) for a in out.encoder_attentions),
            "decoder": sum(key_weighted_sum(a) for step in out.decoder_attentions for a in step),
            "cross": sum(key_weighted_sum(a) for step in out.cross_attentions for a in step)}
    with open("/proc/self/maps") as maps:
        blas = sorted({line.split()[-1] for line in maps if "blas" in line or "mkl" in line})
    json.dump({"load_ms": load_ms, "passes": passes, "generated_ids": out.sequences[0, 1:].tolist(),
               "source_tokens": int(ids.shape[1]), "key_weighted_sums": sums, "threads": args.threads,
               "torch": torch.__version__, "blas": blas}, sys.stdout)


def run_torch(args, threads, timed=None):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads),
               MKL_NUM_THREADS=str(threads))
    command = [sys.executable, os.path.abspath(__file__), "--worker", "--threads", str(threads),
               "--transformers", args.transformers, "--model", args.model, "--text", args.text,
               "--passes", str(args.passes), "--max-new-tokens", str(args.max_new_tokens)]
    return run_json(command, env, timed)


def run_headmap(args, threads, timed=None):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        command = [args.bench, "--model", args.model, "--text", args.text, "--passes", str(args.passes),
                   "--max-new-tokens", str(args.max_new_tokens), "--json", out.name]
        run_json(command, dict(os.environ, OMP_NUM_THREADS=str(threads)), timed, stdout_json=False)
        with open(out.name) as f:
            result = json.load(f)
    # The per-pass figures in the worker's layout.
    names = {"tokenize": "tokenize", "generate": "generate", "capture": "capturing_run", "heads": "every_head_read",
             "total": "total", "cpu": "cpu"}
    passes = []
    for i in range(args.passes):
        passes.append({k: result[v]["first"] if i == 0 else result[v]["all"][i - 1] for k, v in names.items()})
    result["passes"] = passes
    return result


def run_json(command, env, timed, stdout_json=True):
    """Runs command (under /usr/bin/time -v when timed is a list, which receives the peak RSS in MB)."""
    if timed is not None:
        command = ["/usr/bin/time", "-v"] + command
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    if timed is not None:
        rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
        timed.append(int(rss.group(1)) / 1024 if rss else float("nan"))
    return json.loads(done.stdout) if stdout_json else None


def summarise(results, key):
    """(first passes, later passes) of one figure over every process of a setting."""
    first = [r["passes"][0][key] for r in results]
    later = [p[key] for r in results for p in r["passes"][1:]]
    return first, later


def check_same_work(headmap, pytorch):
    problems = []
    if headmap["generated_ids"] != pytorch["generated_ids"]:
        problems.append(f"generated ids differ:\n  Headmap {headmap['generated_ids']}\n  PyTorch {pytorch['generated_ids']}")
    if headmap["source_tokens"] != pytorch["source_tokens"]:
        problems.append(f"source tokens: Headmap {headmap['source_tokens']}, PyTorch {pytorch['source_tokens']}")
    for stack in STACKS:
        h, p = headmap["key_weighted_sums"][stack], pytorch["key_weighted_sums"][stack]
        if abs(h - p) > 1e-4 * abs(p):
            problems.append(f"{stack} attention: Σ weight·key index {h:.6f} (Headmap) vs {p:.6f} (PyTorch)")
    return problems


def machine():
    model = platform.processor()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        model = re.search(r"Model name:\s*(.+)", lscpu).group(1).strip()
    except (OSError, AttributeError):
        pass
    return f"{model}, {os.cpu_count()} cores"


def fmt(values):
    return f"{min(values):8.0f} {statistics.median(values):8.0f}" if values else f"{'-':>8} {'-':>8}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transformers", default=os.environ.get("TRANSFORMERS_GIT"),
                        help="a transformers git directory (hf_extract.py reads its pinned commit)")
    parser.add_argument("--folder", default="/tmp/headmap-marian-bench")
    parser.add_argument("--dtype", default="f32", choices=["f32", "bf16"])
    parser.add_argument("--bench", default=os.path.join(REPO, "build", "tests", "bench_translation"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=4, help="passes per process, the first included")
    parser.add_argument("--threads", default="1,2", help="thread settings to try on both sides")
    parser.add_argument("--max-new-tokens", type=int, default=60)
    parser.add_argument("--text", default=DANISH)
    parser.add_argument("--json", help="also write every figure to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--model", help=argparse.SUPPRESS)
    args, _ = parser.parse_known_args()
    if args.worker:
        args.threads = int(args.threads)
        return worker(args)
    if not args.transformers:
        parser.error("--transformers (or TRANSFORMERS_GIT): a transformers git directory is needed")
    args.model = os.path.join(args.folder, args.dtype)
    if not os.path.exists(os.path.join(args.model, "model.safetensors")):
        import make_marian_bench_model
        print(f"writing the model to {args.folder} ...", flush=True)
        make_marian_bench_model.write(args.folder)
    threads = [int(n) for n in args.threads.split(",")]

    print(f"{machine()}; load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    results = {("Headmap", n): [] for n in threads}
    results.update({("PyTorch", n): [] for n in threads})
    for round_number in range(args.rounds):
        for n in threads:
            results[("Headmap", n)].append(run_headmap(args, n))
            results[("PyTorch", n)].append(run_torch(args, n))
        line = ", ".join(f"{side} {n}t {statistics.median(summarise(r, 'total')[1]):.0f} ms"
                         for (side, n), r in results.items())
        print(f"round {round_number + 1}/{args.rounds} (load {os.getloadavg()[0]:.1f}): median later pass {line}",
              flush=True)
    load_end = os.getloadavg()[0]

    problems = []
    for n in threads:
        for h, p in zip(results[("Headmap", n)], results[("PyTorch", n)]):
            problems += check_same_work(h, p)
    torch_info = results[("PyTorch", threads[0])][0]
    print(f"\ntorch {torch_info['torch']}, BLAS {', '.join(torch_info['blas']) or 'unknown'}; "
          f"{torch_info['source_tokens']} source tokens, {len(torch_info['generated_ids'])} generated")
    print("same work on both sides: " + ("yes (generated ids equal; every stack's attention agrees to 1e-4)"
                                         if not problems else "NO\n" + "\n".join(problems[:5])))

    print(f"\nms per pass; first = the first pass of each process, later = passes 2..{args.passes}, "
          f"over {args.rounds} processes")
    print(f"{'side':8} {'threads':>7} {'figure':>10} {'first min':>9} {'median':>8} {'later min':>9} {'median':>8}")
    keys = {"Headmap": ["generate", "capture", "heads", "total", "cpu"], "PyTorch": ["generate", "total", "cpu"]}
    for (side, n), r in results.items():
        for key in keys[side]:
            first, later = summarise(r, key)
            print(f"{side:8} {n:>7} {key:>10} {fmt(first)}  {fmt(later)}")
    best = {}
    for side in ("Headmap", "PyTorch"):
        best[side] = min(threads, key=lambda n: statistics.median(summarise(results[(side, n)], "total")[1]))
    h_first, h_later = summarise(results[("Headmap", best["Headmap"])], "total")
    p_first, p_later = summarise(results[("PyTorch", best["PyTorch"])], "total")
    ratio = statistics.median(h_later) / statistics.median(p_later)
    ratio_min = min(h_later) / min(p_later)
    h_cpu, p_cpu = (summarise(results[(side, best[side])], "cpu")[1] for side in ("Headmap", "PyTorch"))
    ratio_cpu = statistics.median(h_cpu) / statistics.median(p_cpu)
    print(f"\nbest settings: Headmap {best['Headmap']} threads, PyTorch {best['PyTorch']} threads")
    print(f"Headmap/PyTorch, later passes: median {ratio:.2f}, min {ratio_min:.2f} (goal <= 0.8); "
          f"first pass: median {statistics.median(h_first) / statistics.median(p_first):.2f}; "
          f"CPU time of later passes: median {ratio_cpu:.2f}")
    h_load = statistics.median(r["load_ms"] for r in results[("Headmap", best["Headmap"])])
    p_load = statistics.median(r["load_ms"] for r in results[("PyTorch", best["PyTorch"])])
    print(f"loading the folder: Headmap {h_load:.0f} ms, PyTorch {p_load:.0f} ms (model build and weights)")

    memory = {"Headmap": [], "PyTorch": []}
    run_headmap(args, best["Headmap"], memory["Headmap"])
    run_torch(args, best["PyTorch"], memory["PyTorch"])
    print(f"peak resident memory (/usr/bin/time -v, one process of {args.passes} passes): "
          f"Headmap {memory['Headmap'][0]:.0f} MB, PyTorch {memory['PyTorch'][0]:.0f} MB")
    print(f"load average {load_end:.1f} at the end of the rounds")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine(), "rounds": args.rounds, "passes": args.passes,
                       "results": {f"{side} {n}": r for (side, n), r in results.items()}, "best": best,
                       "ratio_median": ratio, "ratio_min": ratio_min, "ratio_cpu": ratio_cpu, "peak_rss_mb": memory,
                       "problems": problems}, f, indent=1)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
