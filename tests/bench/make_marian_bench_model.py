#!/usr/bin/python3
"""Writes a Marian-sized random translation model for bench_translation_vs_pytorch.py and
bench_translation (issue #37's speed section): the shape of Helsinki-NLP/opus-mt-da-en.

    /usr/bin/python3 tests/bench/make_marian_bench_model.py [/tmp/headmap-marian-bench]

writes FOLDER/f32 (model.safetensors in F32, 298 MB) and FOLDER/bf16 (the same weights rounded
to BF16), each in the Hub layout of an opus-mt folder:
  - config.json: the keys of tests/fixtures/seq2seq/marian_f32/config.json (those of real
    opus-mt configs) with opus-mt-da-en's sizes: 6 encoder and 6 decoder layers, d_model 512,
    8 heads, feed-forward 2048, swish, vocab 58101 shared by both sides and the output head
    (share_encoder_decoder_embeddings, tied), scale_embedding, sinusoidal positions computed
    (not stored), max_position_embeddings 512, pad = decoder start = 58100, eos 0;
  - generation_config.json as opus-mt's: max_length 512, num_beams 4 (the benchmark asks for
    num_beams 1), bad_words_ids [[pad]], forced_eos_token_id 0, renormalize_logits;
  - source.spm, target.spm, tokenizer_config.json from tests/fixtures/seq2seq/marian_f32 (a
    small unigram model trained on Danish and English), and its vocab.json padded with
    synthetic pieces ("▁hmbench<i>") to 58101 entries, <pad> last as in opus-mt.
Weights: seeded normal values, 0.02 × N(0, 1) for matrices and embeddings (init_std), small
random biases, LayerNorm weights 1 + 0.02 N(0, 1).

Making both sides do the same work: greedy search on random weights could pick eos at any step
and stop early, at a different step on each side if their last bits differ. final_logits_bias is
therefore 0 except -100 for eos, far below any logit (their spread is about ±2), so eos never
wins on its own; both sides generate with max_new_tokens 60, and forced_eos_token_id makes the
60th token eos. Every other token is the model's argmax, which both sides must agree on (the
benchmark compares the ids).
"""

import argparse
import json
import os
import shutil
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "fixtures", "models"))
from make_model_fixtures import write_json_transformers, write_safetensors  # noqa: E402

FIXTURE = os.path.join(REPO, "tests", "fixtures", "seq2seq", "marian_f32")
VOCAB, D, HEADS, FFN, LAYERS, POSITIONS = 58101, 512, 8, 2048, 6, 512
PAD, EOS = VOCAB - 1, 0
EOS_BIAS = -100.0
SEED = 2037


def padded_vocab():
    """The fixture's vocab.json with synthetic pieces before <pad>, so that <pad> is the last id."""
    with open(os.path.join(FIXTURE, "vocab.json"), encoding="utf-8") as f:
        vocab = json.load(f)
    pieces = [p for p, _ in sorted(vocab.items(), key=lambda item: item[1]) if p != "<pad>"]
    assert vocab["<pad>"] == len(vocab) - 1, "the fixture's <pad> is expected last"
    pieces += [f"\u2581hmbench{i}" for i in range(VOCAB - 1 - len(pieces))]
    pieces.append("<pad>")
    return {p: i for i, p in enumerate(pieces)}


def config():
    with open(os.path.join(FIXTURE, "config.json"), encoding="utf-8") as f:
        cfg = json.load(f)
    cfg.update({
        "_name_or_path": "headmap/marian-bench-da-en",
        "bad_words_ids": [[PAD]], "decoder_start_token_id": PAD, "pad_token_id": PAD,
        "eos_token_id": EOS, "forced_eos_token_id": EOS, "bos_token_id": EOS,
        "d_model": D, "encoder_attention_heads": HEADS, "decoder_attention_heads": HEADS,
        "encoder_ffn_dim": FFN, "decoder_ffn_dim": FFN, "encoder_layers": LAYERS,
        "decoder_layers": LAYERS, "num_hidden_layers": LAYERS, "max_length": 512,
        "max_position_embeddings": POSITIONS, "vocab_size": VOCAB, "decoder_vocab_size": VOCAB,
        "share_encoder_decoder_embeddings": True,
    })
    return cfg


def generation_config():
    return {"bad_words_ids": [[PAD]], "bos_token_id": EOS, "decoder_start_token_id": PAD,
            "eos_token_id": EOS, "forced_eos_token_id": EOS, "max_length": 512, "num_beams": 4,
            "pad_token_id": PAD, "renormalize_logits": True, "transformers_version": "4.34.0.dev0"}


def weights():
    """{name: float32 tensor} in the names of a converted opus-mt checkpoint."""
    rng = np.random.default_rng(SEED)

    def matrix(*shape):
        return torch.from_numpy((rng.standard_normal(shape, dtype=np.float32) * 0.02).astype(np.float32))

    def bias(n):
        return torch.from_numpy((rng.standard_normal(n, dtype=np.float32) * 0.01).astype(np.float32))

    def norm(st, name):
        st[name + ".weight"] = torch.from_numpy(1 + rng.standard_normal(D, dtype=np.float32) * 0.02)
        st[name + ".bias"] = bias(D)

    def linear(st, name, n_out, n_in):
        st[name + ".weight"] = matrix(n_out, n_in)
        st[name + ".bias"] = bias(n_out)

    def attention(st, name):
        for p in ("q_proj", "k_proj", "v_proj", "out_proj"):
            linear(st, f"{name}.{p}", D, D)

    st = {}
    shared = matrix(VOCAB, D)
    shared[PAD] = 0.0  # nn.Embedding(padding_idx=pad) keeps that row at zero
    st["model.shared.weight"] = shared
    for stack in ("encoder", "decoder"):
        for i in range(LAYERS):
            base = f"model.{stack}.layers.{i}"
            attention(st, base + ".self_attn")
            norm(st, base + ".self_attn_layer_norm")
            if stack == "decoder":
                attention(st, base + ".encoder_attn")
                norm(st, base + ".encoder_attn_layer_norm")
            linear(st, base + ".fc1", FFN, D)
            linear(st, base + ".fc2", D, FFN)
            norm(st, base + ".final_layer_norm")
    logits_bias = torch.zeros(1, VOCAB)
    logits_bias[0, EOS] = EOS_BIAS
    st["final_logits_bias"] = logits_bias
    return st


def write_folder(folder, state, dtype, vocab, cfg):
    os.makedirs(folder, exist_ok=True)
    for name in ("source.spm", "target.spm", "tokenizer_config.json"):
        shutil.copyfile(os.path.join(FIXTURE, name), os.path.join(folder, name))
    with open(os.path.join(folder, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, indent=2)  # as tokenization_marian.save_json writes it
    write_json_transformers(os.path.join(folder, "config.json"),
                            dict(cfg, torch_dtype={"F32": "float32", "BF16": "bfloat16"}[dtype]))
    write_json_transformers(os.path.join(folder, "generation_config.json"), generation_config())
    write_safetensors(os.path.join(folder, "model.safetensors"), [(n, t, dtype) for n, t in state.items()])


def write(folder):
    """Writes folder/f32 and folder/bf16; returns their paths."""
    vocab, cfg, state = padded_vocab(), config(), weights()
    assert len(vocab) == VOCAB and vocab["<pad>"] == PAD and vocab["</s>"] == EOS
    paths = {}
    for dtype in ("F32", "BF16"):
        paths[dtype] = os.path.join(folder, dtype.lower())
        write_folder(paths[dtype], state, dtype, vocab, cfg)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="/tmp/headmap-marian-bench")
    args = parser.parse_args()
    for dtype, path in write(args.folder).items():
        size = os.path.getsize(os.path.join(path, "model.safetensors"))
        print(f"{dtype}: {path} ({size / 1e6:.0f} MB)")


if __name__ == "__main__":
    main()
