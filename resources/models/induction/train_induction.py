#!/usr/bin/python3
"""Trains builtin:induction: a 2-layer GPT-2 that copies a repeated string of letters.

    nice /usr/bin/python3 resources/models/induction/train_induction.py \
        [--transformers /work/.mirror/feisenyu+transformers_4573/repo] [--output resources/models/induction]

The model is transformers' own GPT2LMHeadModel, its source read from a transformers git
repository at the pinned commit and run without the transformers package by
tests/fixtures/seq2seq/hf_extract.py (the same helper the seq2seq fixtures use; this script
adds the few stand-ins modeling_gpt2.py needs). The saved keys are therefore transformers' own,
and Headmap loads the folder as it loads any GPT-2 checkpoint.

Data (dense_batch, the default): sequences of 128 random lowercase letters, one token per
letter, filled with repeats: filler of 0 to 10 letters, a segment s of 5 to 60 letters, filler,
s again, and so on. The segment's length, its offset and the gap vary, so no rule on absolute
positions ("look 20 back") can copy; only finding the earlier occurrence of the current letter
and copying the letter after it (an induction head) can. Each sequence draws its letters from an
alphabet of its own of 6 to 26 letters (--alphabet-min): with few letters most letters repeat
within a segment, so following the earlier occurrence of the current letter alone copies the
wrong continuation, and the loss rewards matching the previous letter too (a two-letter
induction head, which a previous-token head in layer 0 makes possible). The loss is the
next-token loss on the second copies only (the letters a model can know). --no-dense uses one
repeated segment per sequence (batch()). The model has 2 layers of 2 heads, d_model 64, a
64-wide MLP. The checks print the second-copy accuracy on 20-letter strings typed twice and the
best induction-probe stripe (induction_scores, what `heads --probe induction` computes), on seeds
of their own; training stops at the first check past 98.5 % and 0.7.

What was tried (#41): 4 heads of width 64 on 26 letters became one-letter induction heads (stripe
about 0.3 each) and levelled off near 76-80 % copied, even at 3,300 steps; 4 heads of width 128
with small alphabets copied 99.5 % by step 2,250 but spread the copying over all four layer-1
heads (best stripe 0.18 at 50 letters). With 2 heads, small alphabets and segments up to 60
letters (the probe repeats 50), the defaults stop at step 1,000: second copy 98.8 %, and both
layer-1 heads are two-letter induction heads (stripe 0.92 and 0.92); both layer-0 heads attend to
the previous letter.

Everything is seeded (torch and Python's random), single-threaded order, float32 eager: a rerun
gives the same weights on the same torch build. Dropout is 0 so that the saved model computes
exactly what it was trained as. Takes about ten minutes on two busy cores.
"""

import argparse
import json
import math
import os
import random
import signal
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
    "n_inner": 64,
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
    """(ids, targets) of `size` sequences of CONTEXT random letters in which one segment s of
    MIN_LEN..MAX_LEN letters, placed at a random offset, is repeated after a random gap of filler
    (often none). targets are -100 except on the second copy: position i predicts token i + 1,
    the second copy's letters after its first one. Since the segment's length and both offsets
    vary, no rule on absolute positions ("look 20 back") can copy; only finding the earlier
    occurrence of the current letters can."""
    ids = torch.randint(0, 26, (size, CONTEXT), generator=gen)
    targets = torch.full((size, CONTEXT), -100, dtype=torch.long)
    for b in range(size):
        length = int(torch.randint(MIN_LEN, MAX_LEN + 1, (1,), generator=gen))
        gap = 0 if int(torch.randint(0, 2, (1,), generator=gen)) == 0 else \
            int(torch.randint(0, CONTEXT - 2 * length + 1, (1,), generator=gen))
        first = int(torch.randint(0, CONTEXT - 2 * length - gap + 1, (1,), generator=gen))
        second = first + length + gap
        ids[b, second:second + length] = ids[b, first:first + length]
        targets[b, second:second + length - 1] = ids[b, second + 1:second + length]
    return ids, targets


def letters_from_small_alphabets(gen, size, alphabet_min):
    """(size, CONTEXT) random letters, each sequence drawn from an alphabet of its own: between
    alphabet_min and 26 letters picked at random. With few letters, most letters repeat within a
    segment, so finding the earlier occurrence of the current letter alone (a one-letter induction
    head) copies the wrong continuation; matching the current and the previous letter (a
    two-letter induction head) is what the loss rewards. alphabet_min 26: plain random letters."""
    ids = torch.empty((size, CONTEXT), dtype=torch.long)
    for b in range(size):
        count = int(torch.randint(alphabet_min, 27, (1,), generator=gen))
        alphabet = torch.randperm(26, generator=gen)[:count]
        ids[b] = alphabet[torch.randint(0, count, (CONTEXT,), generator=gen)]
    return ids


def dense_batch(gen, size, alphabet_min=26):
    """Like batch(), but each sequence is filled with repeats: filler of 0 to 10 letters (none half
    the time), a segment s of MIN_LEN..MAX_LEN letters, filler of 0 to 10 letters (none half the
    time), s again; then the next, until CONTEXT. More of each sequence is learnable, and the
    distance between the copies varies with the segment's length and the filler."""
    ids = letters_from_small_alphabets(gen, size, alphabet_min)
    targets = torch.full((size, CONTEXT), -100, dtype=torch.long)

    def filler():
        return 0 if int(torch.randint(0, 2, (1,), generator=gen)) == 0 else int(torch.randint(1, 11, (1,), generator=gen))

    for b in range(size):
        start = filler()
        while True:
            length = int(torch.randint(MIN_LEN, MAX_LEN + 1, (1,), generator=gen))
            gap = filler()
            length = min(length, (CONTEXT - start - gap) // 2)
            if length < 3:
                break
            second = start + length + gap
            ids[b, second:second + length] = ids[b, start:start + length]
            targets[b, second:second + length - 1] = ids[b, second + 1:second + length]
            start = second + length + filler()
    return ids, targets


def induction_scores(model, gen, count=10, length=50):
    """heads --probe induction on the torch side: (n_layer, n_head) mean attention of queries in
    the second copy of a random string of `length` letters typed twice on key i - length + 1."""
    total = None
    with torch.no_grad():
        for _ in range(count):
            s = torch.randint(0, 26, (length,), generator=gen)
            ids = torch.cat([s, s])[None]
            attentions = model(input_ids=ids, use_cache=False, output_attentions=True)["attentions"]
            rows = torch.arange(length, 2 * length)
            per_layer = torch.stack([a[0][:, rows, rows - length + 1].mean(-1) for a in attentions])
            total = per_layer if total is None else total + per_layer
    return total / count


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


def _stop(signum, frame):
    raise KeyboardInterrupt


def _train(model, optimiser, schedule, gen, args, started):
    for step in range(args.steps):
        ids, targets = dense_batch(gen, args.batch, args.alphabet_min) if args.dense else batch(gen, args.batch)
        logits = model(input_ids=ids, use_cache=False)["logits"]
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1),
                                                 ignore_index=-100)
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        schedule.step()
        if step % args.check_every == 0 or step == args.steps - 1:
            model.eval()
            # Checked on seeds the tests do not use; the tests measure on their own held-out strings.
            check = second_copy_accuracy(model, torch.Generator().manual_seed(SEED + 2), count=50)
            probe = induction_scores(model, torch.Generator().manual_seed(SEED + 3))
            model.train()
            best = probe.max().item()
            print(f"step {step:5d}  loss {loss.item():.4f}  second copy {check:.3f}  probe {best:.3f} "
                  f"(layer {probe.argmax().item() // probe.shape[1]})  {time.time() - started:.0f} s", flush=True)
            # Stop at the first check that meets #41's targets with margin: deterministic, so a
            # rerun with the same defaults stops at the same step with the same weights.
            if check >= 0.985 and best >= 0.7:
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--transformers", default="/work/.mirror/feisenyu+transformers_4573/repo")
    parser.add_argument("--output", default=HERE)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--dense", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--heads", type=int, default=CONFIG["n_head"])
    parser.add_argument("--width", type=int, default=CONFIG["n_embd"])
    parser.add_argument("--check-every", type=int, default=100)
    parser.add_argument("--max-len", type=int, default=MAX_LEN,
                        help="longest repeated segment (the probe repeats 50 letters)")
    parser.add_argument("--alphabet-min", type=int, default=6,
                        help="each training sequence uses between this many and 26 letters")
    args = parser.parse_args()

    globals()["MAX_LEN"] = args.max_len
    CONFIG.update(n_head=args.heads, n_embd=args.width)
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
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    warmup = 200
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lambda s: min(1.0, (s + 1) / warmup))
    started = time.time()
    signal.signal(signal.SIGTERM, _stop)   # stopped early (out of time): save what there is
    try:
        _train(model, optimiser, schedule, gen, args, started)
    except KeyboardInterrupt:
        print("stopped early; saving the weights as they are", flush=True)
    model.eval()

    model.eval()
    accuracy = second_copy_accuracy(model, torch.Generator().manual_seed(SEED + 1))
    print(f"second-copy top-1 accuracy on 200 fresh 20-letter strings: {accuracy:.4f}")
    print("induction scores (layer x head):", induction_scores(model, torch.Generator().manual_seed(SEED + 1)))
    save(model, args.output)
    print(f"saved to {args.output}; transformers files read: {sorted(src.read_files)}")


if __name__ == "__main__":
    main()
