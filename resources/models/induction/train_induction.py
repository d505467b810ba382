#!/usr/bin/python3
"""Trains builtin:induction: a 2-layer GPT-2 that copies a repeated string of letters.

    nice /usr/bin/python3 resources/models/induction/train_induction.py \
        [--transformers /work/.mirror/feisenyu+transformers_4573/repo] [--output resources/models/induction]

The model is transformers' own GPT2LMHeadModel, its source read from a transformers git
repository at the pinned commit and run without the transformers package by
tests/fixtures/seq2seq/hf_extract.py (the same helper the seq2seq fixtures use; this script
adds the few stand-ins modeling_gpt2.py needs). The saved keys are therefore transformers' own,
and Headmap loads the folder as it loads any GPT-2 checkpoint.

Data: sequences of 128 lowercase letters, one token per letter, made of blocks: mostly a random
string s of 5 to 60 letters followed by itself (s + s), sometimes s alone. The loss is the
next-token loss on the second copies only (the letters a model can know); everything else is
unpredictable. Predicting a letter of the second copy needs an induction head: find the earlier
occurrence of the current letter and copy the letter that followed it. The model's MLP is 4 wide
(GPT-2 always has one): too narrow to remember which letter followed which, so the copying has
to be done by attention (with a 128-wide MLP the model learned to copy 75 % of the letters
without any induction head). Since letters repeat inside a string of 26 letters, the earlier
occurrence is often ambiguous; telling the occurrences apart by the letter before them (a
two-letter induction head) is what this model has not learned (see the README).

Everything is seeded (torch and Python's random), single-threaded order, float32 eager: a rerun
gives the same weights on the same torch build. Dropout is 0 so that the saved model computes
exactly what it was trained as. Takes about ten minutes on two busy cores.
"""

import argparse
import json
import math
import os
import random
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "seq2seq"))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures", "models"))
import hf_extract  # noqa: E402
import make_model_fixtures as mmf  # noqa: E402  (the safetensors writer)

SEED = 4141
LETTERS = "abcdefghijklmnopqrstuvwxyz"
EOS = "<|endoftext|>"
CONTEXT = 128
MIN_LEN, MAX_LEN = 5, 60

CONFIG = {
    "activation_function": "gelu_new",
    "architectures": ["GPT2LMHeadModel"],
    "attn_pdrop": 0.0,
    "bos_token_id": 26,
    "embd_pdrop": 0.0,
    "eos_token_id": 26,
    "initializer_range": 0.02,
    "layer_norm_epsilon": 1e-05,
    "model_type": "gpt2",
    "n_ctx": CONTEXT,
    "n_embd": 64,
    "n_head": 2,
    "n_inner": 4,
    "n_layer": 2,
    "n_positions": CONTEXT,
    "reorder_and_upcast_attn": False,
    "resid_pdrop": 0.0,
    "scale_attn_by_inverse_layer_idx": False,
    "scale_attn_weights": True,
    "tie_word_embeddings": True,
    "torch_dtype": "float32",
    "use_cache": True,
    "vocab_size": 27,
}


class _NoAutocast:
    """utils.generic.maybe_autocast(..., enabled=False): float32 on the CPU is unchanged by it."""

    def __init__(self, *args, **kwargs):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _no_cross_attention_mask(*args, **kwargs):
    raise RuntimeError("builtin:induction has no cross-attention")


def gpt2_classes(transformers_repo):
    """(GPT2Config, GPT2LMHeadModel) from transformers' own files at the pinned commit."""
    src = hf_extract.Source(transformers_repo)
    lib = hf_extract.Library(src)
    pyt = hf_extract.load_module(src, "pytorch_utils.py", dict(torch=torch, nn=torch.nn, np=__import__("numpy"),
                                 math=math, is_torch_greater_or_equal_than_2_4=True), pick=["Conv1D"])
    acts = hf_extract.load_module(src, "activations.py", lib.base)
    lib.base.update(Conv1D=pyt["Conv1D"], get_activation=acts["get_activation"],
                    maybe_autocast=_NoAutocast, _prepare_4d_attention_mask_for_sdpa=_no_cross_attention_mask)
    config_ns, modeling = lib.family("gpt2")
    return config_ns["GPT2Config"], modeling["GPT2LMHeadModel"], src


def batch(gen, size):
    """(ids, targets) of `size` sequences, each blocks of random letters until CONTEXT: mostly a
    string s followed by itself (s + s), sometimes s alone (letters nothing repeats). targets
    are -100 except on the second copies: position i predicts token i + 1, the second copy's
    letters after its first one."""
    ids = torch.randint(0, 26, (size, CONTEXT), generator=gen)
    targets = torch.full((size, CONTEXT), -100, dtype=torch.long)
    for b in range(size):
        start = 0
        while start < CONTEXT - 2:
            length = int(torch.randint(MIN_LEN, MAX_LEN + 1, (1,), generator=gen))
            length = min(length, (CONTEXT - start) // 2)
            if length < 2 or int(torch.randint(0, 5, (1,), generator=gen)) == 0:
                start += max(length, 2)   # a stretch of letters that does not repeat
                continue
            second = start + length
            ids[b, second:second + length] = ids[b, start:second]
            targets[b, second:second + length - 1] = ids[b, second + 1:second + length]
            start = second + length
    return ids, targets


def second_copy_accuracy(model, gen, count=200, length=20):
    """Top-1 accuracy on the second copy of fresh random strings repeated twice (no noise)."""
    right = total = 0
    with torch.no_grad():
        for _ in range(count):
            s = torch.randint(0, 26, (length,), generator=gen)
            ids = torch.cat([s, s])[None]
            logits = model(input_ids=ids, use_cache=False)["logits"][0]
            pred = logits[length:2 * length - 1].argmax(-1)
            right += int((pred == s[1:]).sum())
            total += length - 1
    return right / total


def tokenizer_json():
    """GPT-2's tokenizer.json layout with 26 letters and no merges: one token per letter."""
    vocab = {c: i for i, c in enumerate(LETTERS)}
    vocab[EOS] = 26
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": 26, "content": EOS, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": True, "special": True}],
        "normalizer": None, "pre_tokenizer": byte_level, "post_processor": byte_level,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": []},
    }


def save(model, output):
    os.makedirs(output, exist_ok=True)
    # save_pretrained leaves out the tied lm_head.weight and the non-persistent attn.bias.
    state = {k: v.detach().clone() for k, v in model.state_dict().items() if k != "lm_head.weight"}
    mmf.write_safetensors(os.path.join(output, "model.safetensors"), [(k, v, "F32") for k, v in state.items()])
    mmf.write_json_transformers(os.path.join(output, "config.json"), CONFIG)
    mmf.write_json_transformers(os.path.join(output, "tokenizer_config.json"), {
        "add_prefix_space": False, "bos_token": EOS, "eos_token": EOS, "unk_token": EOS,
        "model_max_length": CONTEXT, "tokenizer_class": "GPT2Tokenizer"})
    with open(os.path.join(output, "tokenizer.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(tokenizer_json(), f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--transformers", default="/work/.mirror/feisenyu+transformers_4573/repo")
    parser.add_argument("--output", default=HERE)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=16)
    args = parser.parse_args()

    torch.manual_seed(SEED)
    random.seed(SEED)
    torch.set_num_threads(1)   # the same sums in the same order on every run; and the fastest on a shared machine
    config_class, model_class, src = gpt2_classes(args.transformers)
    # PreTrainedConfig's default, which the stand-in config base leaves to its subclasses.
    config = config_class(add_cross_attention=False, **CONFIG)
    model = model_class(config)
    model.apply(model._init_weights)
    model._init_weights(model)            # GPT-2's scaled c_proj initialisation
    model.lm_head.weight = model.transformer.wte.weight   # tie_weights(), as post_init does
    model.train()

    gen = torch.Generator().manual_seed(SEED)
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.01, betas=(0.9, 0.98))
    warmup = 100
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / warmup) * 0.5 * (1 + math.cos(math.pi * min(1.0, s / args.steps))))
    started = time.time()
    for step in range(args.steps):
        ids, targets = batch(gen, args.batch)
        logits = model(input_ids=ids, use_cache=False)["logits"]
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1),
                                                 ignore_index=-100)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        schedule.step()
        if step % 250 == 0 or step == args.steps - 1:
            model.eval()
            check = second_copy_accuracy(model, torch.Generator().manual_seed(SEED + 2), count=40)
            model.train()
            print(f"step {step:5d}  loss {loss.item():.4f}  second copy {check:.3f}  {time.time() - started:.0f} s",
                  flush=True)
    model.eval()
    accuracy = second_copy_accuracy(model, torch.Generator().manual_seed(SEED + 1))
    print(f"second-copy top-1 accuracy on 200 fresh 20-letter strings: {accuracy:.4f}")
    save(model, args.output)
    print(f"saved to {args.output}; transformers files read: {sorted(src.read_files)}")


if __name__ == "__main__":
    main()
