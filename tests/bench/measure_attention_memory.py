#!/usr/bin/python3
"""Peak resident memory of `headmap-cli attention --layer L --head H` at long inputs (#10).

The trace of such a run keeps every layer's queries and keys, so every head stays explorable,
and the CLI computes and writes the one head asked for. Runs /usr/bin/time -v per length on the
Qwen2.5-0.5B-shaped GGUF of make_gguf_bench_model.py (made first when missing) and prints the
"Maximum resident set size" next to what the old full capture (L·H·T² floats) would need:

    /usr/bin/python3 tests/bench/measure_attention_memory.py build/app/headmap-cli \\
        /tmp/qwen2.5-0.5b-shaped-q8_0.gguf --lengths 2048,4096,8192 [--format npy]

The input is token ids (--ids), spread over the tokenizer's real pieces; the figures depend only
on the length. No timing or memory is asserted anywhere: this is a measurement for the README.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
L, H, KV, HD = 24, 14, 2, 64  # make_gguf_bench_model.py's shape


def peak_rss_kb(command):
    done = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(command[:6])} ...\n{done.stderr[-2000:]}")
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    seconds = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", done.stderr)
    return int(found.group(1)), seconds.group(1) if seconds else "?"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("model")
    parser.add_argument("--lengths", default="2048,4096,8192")
    parser.add_argument("--layer", type=int, default=L - 1)
    parser.add_argument("--head", type=int, default=H - 1)
    parser.add_argument("--format", default="npy", choices=["npy", "json"])
    args = parser.parse_args()
    if not os.path.exists(args.model):
        subprocess.run([sys.executable, os.path.join(HERE, "make_gguf_bench_model.py"), args.model], check=True)
    size_mb = os.path.getsize(args.model) / 2**20
    print(f"model {args.model}: {size_mb:.0f} MiB on disk")
    print("tokens  peak RSS MiB  q/k kept MiB  one head MiB  full capture MiB  wall")
    with tempfile.TemporaryDirectory() as out:
        for t in [int(x) for x in args.lengths.split(",")]:
            ids = ",".join(str(3 + (i * 37) % 250) for i in range(t))  # the BPE's own pieces
            command = [args.cli, "attention", "--model", args.model, "--ids", ids,
                       "--layer", str(args.layer), "--head", str(args.head),
                       "--format", args.format, "--output", os.path.join(out, "head." + args.format)]
            rss, wall = peak_rss_kb(command)
            qk = L * t * (H + KV) * HD * 4 / 2**20
            head = t * t * 4 / 2**20
            full = L * H * t * t * 4 / 2**20
            print(f"{t:6d}  {rss / 1024:12.0f}  {qk:12.0f}  {head:12.0f}  {full:16.0f}  {wall}")


if __name__ == "__main__":
    main()
