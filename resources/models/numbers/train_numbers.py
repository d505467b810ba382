#!/usr/bin/python3
"""Train builtin:numbers: a tiny BART that turns Danish and Chinese number words for
0..9,999 into digits ("syvoghalvfems" -> "97", "二千三百一十二" -> "2312").

Retrain (from the repository root, a few minutes on two cores):

    nice /usr/bin/python3 resources/models/numbers/train_numbers.py \\
        --transformers /path/to/transformers.git

The model is transformers' own BartForConditionalGeneration, executed from the source of
the pinned transformers commit by tests/fixtures/seq2seq/hf_extract.py (see there), and
trained directly in torch; the weights are written under exactly its state-dict names, so
the folder is an ordinary Hugging Face folder that transformers (and Headmap) load.
Words are the tokens: tokenizer.json is a Unigram model whose pieces are the Danish number
words and word parts (each also with the "▁" of a preceding space) and the Chinese
characters, all of one score, so "syvoghalvfems" is syv · og · halvfems and 二千三百一十二
one token per character.

Held out: a seeded set of numbers (HELD_OUT_SEED) never shown in training in any spelling
or language; numbers.json records the seed and the list. 0..20 and the tens stay in
training (they are the words everything else is made of).

Before saving, the script checks that a fresh BartForConditionalGeneration loaded from the
written model.safetensors (strict key check, transformers' own weight tying) generates,
with transformers' own generation pieces, the same digits as the trained model on every
held-out number; it then prints the held-out accuracy. Headmap's own test
(tests/numbers/tst_numbersmodel) measures the accuracy again with Headmap's engine.

Needs Debian's /usr/bin/python3 with python3-torch (1.13); seeds are fixed.
"""

import argparse
import json
import math
import os
import random
import sys
import time

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tests", "fixtures", "seq2seq"))
sys.path.insert(0, os.path.join(REPO, "tests", "fixtures", "models"))

import hf_extract  # noqa: E402
from make_model_fixtures import read_safetensors, write_json_transformers, write_safetensors, write_text  # noqa: E402
from number_words import (DA_SPELLINGS, chinese, chinese_aligned, chinese_forms, danish,  # noqa: E402
                          danish_aligned, danish_forms)

TRAIN_SEED = 41
HELD_OUT_SEED = 4141
HELD_OUT_COMPOUNDS = 16    # of the 72 two-digit compounds XogYY (21..99 not on a ten)
HELD_OUT_LARGER = 584      # of 100..9,999
SPECIALS = ["<s>", "<pad>", "</s>", "<unk>"]
BOS, PAD, EOS, UNK = 0, 1, 2, 3
SPACE = "\u2581"
MAX_NEW = 8                # generation_config.json's max_length (transformers adds the start token)


def held_out_numbers():
    rng = random.Random(HELD_OUT_SEED)
    compounds = [n for n in range(21, 100) if n % 10]
    return sorted(rng.sample(compounds, HELD_OUT_COMPOUNDS) + rng.sample(range(100, 10000), HELD_OUT_LARGER))


_FORMS = {}


def forms(n):
    if n not in _FORMS:
        _FORMS[n] = {"da": danish_forms(n), "zh": chinese_forms(n)}
    return _FORMS[n]


def word_pieces():
    """The Danish words and word parts (bare and after a space, "▁to"), and the Chinese
    characters: each a piece of its own."""
    from number_words import DA_ONES, DA_SPELLINGS, DA_TEENS, DA_TENS, ZH_DIGITS
    words = DA_ONES + DA_TEENS + [t for t in DA_TENS if t] + ["og"]
    for spelling in DA_SPELLINGS:
        words += [w for w in spelling if w not in words]
    danish = []
    for w in words:
        danish += [w, SPACE + w]
    chinese = list(ZH_DIGITS + "十百千两")
    return danish + chinese


def vocabulary():
    return SPECIALS + [SPACE] + list("0123456789") + word_pieces()


PIECE_SCORE = -1.0   # every piece alike: Viterbi takes the segmentation with the fewest pieces


class PieceTokenizer:
    """What tokenizer.json does: NFC, Lowercase, Metaspace ("▁" for a space, split before
    it, nothing prepended), Unigram over pieces of equal score (so the fewest pieces win:
    "syvoghalvfems" is syv · og · halvfems), then "<s> $A </s>"."""

    def __init__(self, vocab):
        self.ids = {t: i for i, t in enumerate(vocab)}
        self.vocab = vocab
        self.longest = max(len(t) for t in vocab)

    def segment(self, word):
        """Viterbi: (pieces, ids), unknown characters as <unk>; raises on a tie."""
        n = len(word)
        best = [(0.0, 1)] + [None] * n      # (score, number of best paths)
        back = [None] * (n + 1)
        for end in range(1, n + 1):
            for start in range(max(0, end - self.longest), end):
                piece = word[start:end]
                if piece not in self.ids and end - start > 1:
                    continue
                if best[start] is None:
                    continue
                score = best[start][0] + (PIECE_SCORE if piece in self.ids else PIECE_SCORE - 10.0)
                if best[end] is None or score > best[end][0] + 1e-9:
                    best[end] = (score, best[start][1])
                    back[end] = start
                elif abs(score - best[end][0]) <= 1e-9:
                    best[end] = (score, best[end][1] + best[start][1])
        if best[n][1] != 1:
            raise SystemExit(f"'{word}' has {best[n][1]} equally good segmentations")
        ids, end = [], n
        while end > 0:
            start = back[end]
            ids.append(self.ids.get(word[start:end], UNK))
            end = start
        return ids[::-1]

    def source(self, text):
        text = text.lower().replace(" ", SPACE)
        words, current = [], ""
        for c in text:
            if c == SPACE and current:
                words.append(current)
                current = ""
            current += c
        if current:
            words.append(current)
        return [BOS] + [i for w in words for i in self.segment(w)] + [EOS]

    def target(self, digits):
        return [self.ids[c] for c in digits] + [EOS]

    def digits(self, ids):
        out = []
        for i in ids:
            if i == EOS:
                break
            out.append(self.vocab[i] if i >= len(SPECIALS) else "?")
        return "".join(out)


def model_config(vocab_size, args):
    return {
        "activation_dropout": 0.0,
        "activation_function": "gelu",
        "add_bias_logits": False,
        "add_final_layer_norm": False,
        "architectures": ["BartForConditionalGeneration"],
        "attention_dropout": 0.0,
        "bos_token_id": BOS,
        "classif_dropout": 0.0,
        "d_model": args.d_model,
        "decoder_attention_heads": args.heads,
        "decoder_ffn_dim": args.ffn,
        "decoder_layerdrop": 0.0,
        "decoder_layers": args.decoder_layers,
        "decoder_start_token_id": EOS,
        "dropout": 0.1,
        "encoder_attention_heads": args.heads,
        "encoder_ffn_dim": args.ffn,
        "encoder_layerdrop": 0.0,
        "encoder_layers": args.encoder_layers,
        "eos_token_id": EOS,
        "init_std": 0.02,
        "is_encoder_decoder": True,
        "max_position_embeddings": 64,
        "model_type": "bart",
        "normalize_before": False,
        "normalize_embedding": True,
        "num_hidden_layers": args.encoder_layers,
        "pad_token_id": PAD,
        "scale_embedding": False,
        "static_position_embeddings": False,
        "torch_dtype": "float32",
        "transformers_version": "5.0.0.dev0",
        "use_cache": True,
        "vocab_size": vocab_size,
    }


GENERATION_CONFIG = {"bos_token_id": BOS, "decoder_start_token_id": EOS, "eos_token_id": EOS,
                     "max_length": 8, "num_beams": 1, "pad_token_id": PAD,
                     "transformers_version": "5.0.0.dev0"}

# The keys a saved BartForConditionalGeneration holds; the embeddings of encoder and decoder
# and lm_head are tied to model.shared and left out, as save_pretrained does.
TIED = {"model.encoder.embed_tokens.weight", "model.decoder.embed_tokens.weight", "lm_head.weight"}


def build_model(lib, cfg, state=None):
    config_mod, modeling = lib.family("bart")
    config = config_mod["BartConfig"](**cfg)
    model = modeling["BartForConditionalGeneration"](config)
    if state is None:   # fresh weights: Xavier for matrices, small normal embeddings
        with torch.no_grad():
            for name, p in model.named_parameters():
                if p.dim() == 2 and "embed" not in name and "shared" not in name:
                    torch.nn.init.xavier_uniform_(p)
                elif p.dim() == 2:
                    torch.nn.init.normal_(p, std=0.1)
                elif name.endswith("bias"):
                    torch.nn.init.zeros_(p)
            model.model.shared.weight[PAD].zero_()
        state = {k: v.detach().clone() for k, v in model.state_dict().items() if k not in TIED}
    hf_extract.load_model(lib, model, state)   # strict names, transformers' own tying
    assert model.lm_head.weight is model.model.shared.weight
    assert model.model.encoder.embed_tokens.weight is model.model.shared.weight
    return model


def pad_batch(rows, value):
    width = max(len(r) for r in rows)
    return torch.tensor([r + [value] * (width - len(r)) for r in rows], dtype=torch.long)


def aligned_spellings(n):
    """{"da": [(text, words)], "zh": [...]} in the order of forms(n), words as number_words'
    *_aligned give them."""
    out = {"da": [], "zh": []}
    for spelling in DA_SPELLINGS:
        if danish(n, spelling) not in [t for t, _ in out["da"]]:
            out["da"].append((danish(n, spelling), danish_aligned(n, spelling)))
    for bai, qian in ((False, False), (True, False), (False, True), (True, True)):
        if chinese(n, bai, qian) not in [t for t, _ in out["zh"]]:
            out["zh"].append((chinese(n, bai, qian), chinese_aligned(n, bai, qian)))
    return out


def token_places(tok, text, words):
    """The digit places each source token says (specials none); checks the pieces are the
    tokenizer's."""
    pieces, places = [], []
    for k, word in enumerate(words):
        for j, (piece, said) in enumerate(word):
            pieces.append((SPACE if k > 0 and j == 0 else "") + piece)
            places.append(said)
    ids = [BOS] + [tok.ids[p] for p in pieces] + [EOS]
    if ids != tok.source(text):
        raise SystemExit(f"'{text}': alignment pieces {pieces} are not the tokenizer's")
    return [set()] + places + [set()]


def encoded_forms(tok, numbers):
    """{n: {"da": [(ids, places) per spelling], "zh": [...]}}; every text segments one way only."""
    out = {}
    for n in numbers:
        out[n] = {}
        for lang, spellings in aligned_spellings(n).items():
            out[n][lang] = [(tok.source(text), token_places(tok, text, words)) for text, words in spellings]
    return out


def alignment_targets(n, places, width):
    """(T, S) rows: for the row that writes each digit, uniform over the source tokens that say
    its place; rows without such tokens (a zero, the end token) all zero."""
    digits = str(n)
    rows = torch.zeros(len(digits) + 1, width)
    for r in range(len(digits)):
        place = len(digits) - 1 - r
        cols = [c for c, said in enumerate(places) if place in said]
        if cols and digits[r] != "0":
            rows[r, cols] = 1.0 / len(cols)
    return rows


def sample_batch(rng, tok, numbers, encoded, size):
    src, tgt, chosen = [], [], []
    small = [n for n in numbers if n < 100]
    for _ in range(size):
        # A quarter of the batch below 100: the words everything else is made of, and what a
        # class types first, would otherwise come up once in a hundred.
        n = rng.choice(small) if rng.random() < 0.25 else rng.choice(numbers)
        spellings = encoded[n][rng.choice(("da", "zh"))]
        # the canonical spelling half the time, else any accepted variant
        ids, places = spellings[0] if rng.random() < 0.5 else rng.choice(spellings)
        src.append(ids)
        tgt.append(tok.target(str(n)))
        chosen.append((n, places))
    source = pad_batch(src, PAD)
    labels = pad_batch(tgt, -100)
    decoder_in = torch.cat([torch.full((size, 1), EOS), labels[:, :-1].clamp(min=0)], dim=1)
    decoder_in[:, 1:][labels[:, :-1] == -100] = PAD
    align = torch.zeros(size, labels.shape[1], source.shape[1])
    for b, (n, places) in enumerate(chosen):
        rows = alignment_targets(n, places, source.shape[1])
        align[b, :rows.shape[0]] = rows
    return source, (source != PAD).long(), decoder_in, labels, align


@torch.no_grad()
def greedy_batch(model, tok, texts):
    """Greedy decoding of a batch (full recomputation, no cache): digits per text."""
    model.eval()
    source = pad_batch([tok.source(t) for t in texts], PAD)
    mask = (source != PAD).long()
    enc = model.get_encoder()(input_ids=source, attention_mask=mask, return_dict=True)
    dec = torch.full((len(texts), 1), EOS, dtype=torch.long)
    for _ in range(MAX_NEW):
        out = model(encoder_outputs=enc, attention_mask=mask, decoder_input_ids=dec, use_cache=False,
                    return_dict=True)
        dec = torch.cat([dec, out.logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        if bool((dec[:, 1:] == EOS).any(dim=1).all()):
            break
    return [tok.digits(row[1:].tolist()) for row in dec]


def evaluate(model, tok, numbers, all_forms):
    """(correct, total, misses) over the numbers in both languages."""
    items = []
    for n in numbers:
        for texts in forms(n).values():
            for text in (texts if all_forms else texts[:1]):
                items.append((text, str(n)))
    got = []
    for i in range(0, len(items), 256):
        got += greedy_batch(model, tok, [t for t, _ in items[i:i + 256]])
    misses = [(t, want, g) for (t, want), g in zip(items, got) if g != want]
    return len(items) - len(misses), len(items), misses


def train(model, tok, train_numbers, held_out, args):
    rng = random.Random(args.seed)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    encoded = encoded_forms(tok, train_numbers)
    start = time.time()
    for step in range(1, args.steps + 1):
        model.train()
        lr = args.lr * min(1.0, step / args.warmup) * 0.5 * (1 + math.cos(math.pi * step / args.steps))
        for group in opt.param_groups:
            group["lr"] = lr
        source, mask, decoder_in, labels, align = sample_batch(rng, tok, train_numbers, encoded, args.batch)
        out = model(input_ids=source, attention_mask=mask, decoder_input_ids=decoder_in, use_cache=False,
                    output_attentions=args.align_head is not None, return_dict=True)
        loss = F.cross_entropy(out.logits.reshape(-1, out.logits.shape[-1]), labels.reshape(-1), ignore_index=-100)
        if args.align_head is not None:
            # Garg et al. 2019, "Jointly Learning to Align and Translate with Transformer Models":
            # one cross-attention head is also trained towards the word that says each digit.
            layer, head = args.align_head
            weights = out.cross_attentions[layer][:, head]                  # (B, T, S)
            supervised = align.sum(-1) > 0                                   # (B, T)
            cross_entropy = -(align * torch.log(weights + 1e-9)).sum(-1)     # (B, T)
            loss = loss + args.align_weight * cross_entropy[supervised].mean()
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        if step % args.report == 0 or step == args.steps:
            ok, total, _ = evaluate(model, tok, held_out[::4], all_forms=False)
            print(f"step {step:5d}  loss {loss.item():.4f}  lr {lr:.2e}  held-out sample {ok}/{total}  "
                  f"{time.time() - start:.0f}s", flush=True)


def cross_alignment(model, tok, numbers):
    """Per cross-attention head, the share of two-digit compounds XogYY whose tens digit's row
    (the row that writes it: the start token's) has its argmax on the tens word and whose
    units digit's row on the units word. For information only; Headmap's test decides."""
    from number_words import DA_ONES, DA_TENS
    model.eval()
    hits = None
    for n in numbers:
        units, tens = DA_ONES[n % 10], DA_TENS[n // 10]
        text = units + "og" + tens
        src = torch.tensor([tok.source(text)])
        dec = torch.tensor([[EOS] + tok.target(str(n))[:-1]])
        with torch.no_grad():
            out = model(input_ids=src, decoder_input_ids=dec, use_cache=False, output_attentions=True,
                        return_dict=True)
        cross = torch.stack([a[0] for a in out.cross_attentions])     # (L, H, T, S)
        if hits is None:
            hits = torch.zeros(cross.shape[:2])
        units_cols, tens_cols = (1,), (3,)          # <s> syv og halvfems </s>
        assert len(tok.source(text)) == 5, text
        arg = cross.argmax(-1)                                          # (L, H, T)
        hits += torch.tensor([[float(int(arg[l, h, 0]) in tens_cols and int(arg[l, h, 1]) in units_cols)
                               for h in range(cross.shape[1])] for l in range(cross.shape[0])])
    return hits / len(numbers)


def tokenizer_json(vocab):
    def special(token):
        return {"id": token, "type_id": 0}
    meta = {"type": "Metaspace", "replacement": SPACE, "prepend_scheme": "never", "split": True}
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for i, t in enumerate(SPECIALS)],
        "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFC"}, {"type": "Lowercase"}]},
        "pre_tokenizer": meta,
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": special("<s>")}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": special("</s>")}],
            "pair": [{"SpecialToken": special("<s>")}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": special("</s>")}, {"Sequence": {"id": "B", "type_id": 0}},
                     {"SpecialToken": special("</s>")}],
            "special_tokens": {t: {"id": t, "ids": [SPECIALS.index(t)], "tokens": [t]} for t in ("<s>", "</s>")},
        },
        "decoder": meta,
        "model": {"type": "Unigram", "unk_id": UNK, "byte_fallback": False,
                  "vocab": [[t, 0.0 if i < len(SPECIALS) else PIECE_SCORE] for i, t in enumerate(vocab)]},
    }


def save(folder, model, cfg, vocab, held_out):
    state = {k: v.detach().clone() for k, v in model.state_dict().items() if k not in TIED}
    write_safetensors(os.path.join(folder, "model.safetensors"), [(k, v, "F32") for k, v in state.items()])
    write_json_transformers(os.path.join(folder, "config.json"), cfg)
    write_json_transformers(os.path.join(folder, "generation_config.json"), GENERATION_CONFIG)
    write_text(os.path.join(folder, "tokenizer.json"),
               json.dumps(tokenizer_json(vocab), ensure_ascii=False, indent=1) + "\n")
    write_json_transformers(os.path.join(folder, "tokenizer_config.json"), {
        "tokenizer_class": "PreTrainedTokenizerFast", "model_max_length": 64, "bos_token": "<s>",
        "eos_token": "</s>", "pad_token": "<pad>", "unk_token": "<unk>", "clean_up_tokenization_spaces": False})
    write_json_transformers(os.path.join(folder, "numbers.json"), {
        "about": "builtin:numbers (issue #41): numbers never shown in training, in any spelling or language. "
                 "Written by train_numbers.py.",
        "held_out_seed": HELD_OUT_SEED,
        "held_out": held_out,
    })


def check_with_transformers(lib, folder, cfg, tok, model, numbers):
    """A fresh transformers model from the written file generates what the trained one does."""
    import make_seq2seq_fixtures as fx
    state = {name: tensor.float() for name, (_, _, tensor) in
             read_safetensors(os.path.join(folder, "model.safetensors")).items()}
    fresh = build_model(lib, cfg, state)
    texts = [t for n in numbers[::2] for texts in forms(n).values() for t in texts[:1]]
    ours = greedy_batch(model, tok, texts)
    for text, mine in zip(texts, ours):
        ids = torch.tensor([tok.source(text)])
        generated, _ = fx.greedy_generate(lib, fresh, GENERATION_CONFIG, ids, torch.ones_like(ids))
        theirs = tok.digits(generated[1:])
        if theirs != mine:
            raise SystemExit(f"'{text}': transformers' generate() from the saved file gives {theirs}, "
                             f"the trained model {mine}")
    print(f"transformers' generate() from model.safetensors agrees on {len(texts)} held-out inputs "
          f"(every other held-out number, both languages)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--transformers", default=os.environ.get(
        "TRANSFORMERS_GIT", "/work/.mirror/feisenyu+transformers_4573/repo"))
    parser.add_argument("--out", default=HERE)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--d-model", type=int, default=64)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--ffn", type=int, default=256)
    parser.add_argument("--encoder-layers", type=int, default=2)
    parser.add_argument("--decoder-layers", type=int, default=2)
    parser.add_argument("--report", type=int, default=500)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=TRAIN_SEED)
    parser.add_argument("--align-head", default=(1, 0), type=lambda v: tuple(int(x) for x in v.split(".")),
                        help="LAYER.HEAD of the cross-attention head also trained to align")
    parser.add_argument("--align-weight", type=float, default=0.5)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    lib = hf_extract.Library(hf_extract.Source(args.transformers))
    vocab = vocabulary()
    tok = PieceTokenizer(vocab)
    cfg = model_config(len(vocab), args)
    held_out = held_out_numbers()
    held = set(held_out)
    train_numbers = [n for n in range(10000) if n not in held]
    model = build_model(lib, cfg)
    print(f"vocabulary {len(vocab)}, parameters {sum(p.numel() for p in model.parameters())}, "
          f"training numbers {len(train_numbers)}, held out {len(held_out)}", flush=True)
    train(model, tok, train_numbers, held_out, args)

    ok, total, misses = evaluate(model, tok, held_out, all_forms=True)
    print(f"held-out exact match, every spelling: {ok}/{total} = {100.0 * ok / total:.2f} %")
    for text, want, got in misses[:20]:
        print(f"  miss: {text!r} -> {got} (want {want})")
    compounds = [n for n in held_out if n < 100]
    probe = [n for n in range(21, 100) if n % 10 and n not in held]
    print("cross-attention alignment per head (layer rows), probe set:")
    print(cross_alignment(model, tok, probe))
    print("held-out compounds:")
    print(cross_alignment(model, tok, compounds))

    os.makedirs(args.out, exist_ok=True)
    save(args.out, model, cfg, vocab, held_out)
    check_with_transformers(lib, args.out, cfg, tok, model, held_out)


if __name__ == "__main__":
    main()
