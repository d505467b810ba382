#!/usr/bin/python3
"""Writes the BERT-base-shaped checkpoint of bench_vs_pytorch.py (12 layers, d_model 768,
12 heads, random F32 weights, model.safetensors + config.json + vocab.txt) into OUTDIR, for
benchmarks that need a real-sized model folder (bench_gui_stall):

    /usr/bin/python3 tests/bench/make_bert_base_checkpoint.py /tmp/headmap-bert-base
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_vs_pytorch  # noqa: E402  (write_checkpoint: the same weights as the PyTorch comparison)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    config, _ = bench_vs_pytorch.write_checkpoint(args.outdir)
    print(f"wrote {config['num_hidden_layers']} layers x {config['num_attention_heads']} heads, "
          f"d_model {config['hidden_size']} to {args.outdir}")


if __name__ == "__main__":
    main()
