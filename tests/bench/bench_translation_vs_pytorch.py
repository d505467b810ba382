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

Besides the wall time, each pass's CPU time (the process's, all threads). The ratio of CPU times
with one thread per side is the figure to compare on a machine busy with other work: a one-thread
run's wall time there measures the queue for the cores as well, and a two-thread run's wall time
mostly how often one of its threads was descheduled while the other waited at a barrier. The
summary gives it, each round's own ratio (the two processes ran one after the other), the wall-time
ratios at one thread and at each side's best setting, and the 1-minute load average as each
process started.

Checks that both sides did the same work: the generated ids must be equal, and per stack the sum
over layers, heads, query rows and keys of weight x key index must agree to 1e-4 (relative).
Peak memory: /usr/bin/time -v of one more process per side with one thread.

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
            for side, run in (("Headmap", run_headmap), ("PyTorch", run_torch)):
                load = os.getloadavg()[0]  # the 1-minute load average as the process starts
                result = run(args, n)
                result["load_before"] = load
                results[(side, n)].append(result)
        line = ", ".join(f"{side} {n}t {statistics.median(r[-1]['passes'][p]['cpu'] for p in range(1, args.passes)):.0f}"
                         for (side, n), r in results.items())
        print(f"round {round_number + 1}/{args.rounds} (load {os.getloadavg()[0]:.1f}): "
              f"CPU ms per later pass {line}", flush=True)

    problems = []
    for n in threads:
        for h, p in zip(results[("Headmap", n)], results[("PyTorch", n)]):
            problems += check_same_work(h, p)
    torch_info = results[("PyTorch", threads[0])][0]
    print(f"\ntorch {torch_info['torch']}, BLAS {', '.join(torch_info['blas']) or 'unknown'}; "
          f"{torch_info['source_tokens']} source tokens, {len(torch_info['generated_ids'])} generated")
    print("same work on both sides: " + ("yes (generated ids equal; every stack's attention agrees to 1e-4)"
                                         if not problems else "NO\n" + "\n".join(problems[:5])))

    print(f"\nms per pass: first = the first pass of each process, later = passes 2..{args.passes}; "
          f"{args.rounds} processes per row, the sides alternating")
    print(f"{'side':8} {'threads':>7} {'figure':>10} {'first min':>9} {'median':>8} {'later min':>9} {'median':>8}"
          f"  {'load':>9}")
    keys = {"Headmap": ["generate", "capture", "heads", "total", "cpu"], "PyTorch": ["generate", "total", "cpu"]}
    for (side, n), r in results.items():
        loads = [x["load_before"] for x in r]
        for i, key in enumerate(keys[side]):
            first, later = summarise(r, key)
            load = f"{min(loads):4.1f}-{max(loads):<4.1f}" if i == 0 else ""
            print(f"{side:8} {n:>7} {key:>10} {fmt(first)}  {fmt(later)}  {load:>9}")

    def median_of(side, n, key):
        return statistics.median(summarise(results[(side, n)], key)[1])

    def paired(n, key):
        """Headmap/PyTorch of each round's medians: the two processes ran one after the other."""
        return [statistics.median(p[key] for p in h["passes"][1:]) / statistics.median(p[key] for p in t["passes"][1:])
                for h, t in zip(results[("Headmap", n)], results[("PyTorch", n)])]

    best = {side: min(threads, key=lambda n: median_of(side, n, "total")) for side in ("Headmap", "PyTorch")}
    one = min(threads)
    cpu_ratio = median_of("Headmap", one, "cpu") / median_of("PyTorch", one, "cpu")
    cpu_rounds = paired(one, "cpu")
    wall_one = median_of("Headmap", one, "total") / median_of("PyTorch", one, "total")
    wall_best = median_of("Headmap", best["Headmap"], "total") / median_of("PyTorch", best["PyTorch"], "total")
    first_best = (statistics.median(summarise(results[("Headmap", best["Headmap"])], "total")[0]) /
                  statistics.median(summarise(results[("PyTorch", best["PyTorch"])], "total")[0]))
    loads = [r["load_before"] for rs in results.values() for r in rs]
    print(f"\nHeadmap/PyTorch (goal <= 0.8), medians of the later passes; load average "
          f"{min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores during the rounds:")
    print(f"  CPU time, {one} thread each (the fair figure on a busy machine): {cpu_ratio:.2f}"
          f" (per round {min(cpu_rounds):.2f}-{max(cpu_rounds):.2f})")
    print(f"  wall time, {one} thread each: {wall_one:.2f}")
    print(f"  wall time, each at its best setting (Headmap {best['Headmap']}, PyTorch {best['PyTorch']} threads): "
          f"{wall_best:.2f}; first passes: {first_best:.2f}")
    h_load = statistics.median(r["load_ms"] for r in results[("Headmap", best["Headmap"])])
    p_load = statistics.median(r["load_ms"] for r in results[("PyTorch", best["PyTorch"])])
    print(f"loading the folder: Headmap {h_load:.0f} ms, PyTorch {p_load:.0f} ms (model build and weights)")

    memory = {"Headmap": [], "PyTorch": []}
    run_headmap(args, one, memory["Headmap"])
    run_torch(args, one, memory["PyTorch"])
    print(f"peak resident memory (/usr/bin/time -v, one process of {args.passes} passes, {one} thread): "
          f"Headmap {memory['Headmap'][0]:.0f} MB, PyTorch {memory['PyTorch'][0]:.0f} MB")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine(), "rounds": args.rounds, "passes": args.passes,
                       "results": {f"{side} {n}": r for (side, n), r in results.items()}, "best": best,
                       "ratio_cpu_one_thread": cpu_ratio, "ratio_cpu_per_round": cpu_rounds,
                       "ratio_wall_one_thread": wall_one, "ratio_wall_best": wall_best,
                       "peak_rss_mb": memory, "problems": problems}, f, indent=1)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
