#!/usr/bin/python3
"""Reference for engine/analysis/WordAggregation: sub-word pieces merged into words.

The pieces are Hugging Face's own (tests/golden/tokenizers/*.json, made with Tokenizers.js), so
the grouping here does not rest on Headmap's tokenizers. Word boundaries, written independently
of the C++ code from the rules in WordAggregation.h:
  - special tokens are words of their own;
  - WordPiece: a "##" piece continues the word before;
  - byte-level BPE / SentencePiece: pieces are read as bytes (GPT-2's bytes_to_unicode, or "▁" =
    space and "<0xE5>" = a byte) and decoded together; a piece continues the word before unless it
    starts with white space; a piece holding the rest of a character always continues; a lone
    space piece belongs to the word after it; punctuation (P*), symbols (S*) and CJK ideographs
    (BERT's _is_chinese_char) stand alone.
Attention: seeded random softmax rows (causal for the decoders), rounded to float32; the word
matrix is Clark et al. 2019's: sum over a key word's pieces, mean over a query word's pieces.

Run from the repository root: /usr/bin/python3 tests/golden/analysis/make_word_golden.py
"""
import json
import unicodedata

import numpy as np

HEADS = 2
CASES = [
    # (tokenizer, case name in tests/golden/tokenizers/<tokenizer>.json, kind, causal)
    ("bert-base-uncased", "long words 2", "cases", False),
    ("bert-base-uncased", "danish 8", "cases", False),
    ("bert-base-uncased", "chinese 4", "cases", False),
    ("bert-base-uncased", "pair 0", "pairs", False),
    ("gpt2", "chinese 5", "cases", True),
    ("gpt2", "danish 8", "cases", True),
    ("gpt2", "emoji 0", "cases", True),
    ("gpt2", "punctuation 10", "cases", True),
    ("gpt2", "whitespace 5", "cases", True),
    ("llama2", "chinese 4", "cases", True),
    ("llama2", "emoji 0", "cases", True),
    ("llama2", "danish 1", "cases", True),
    ("llama2", "pair 1", "pairs", True),
]
SPECIAL = {"[CLS]", "[SEP]", "<s>", "</s>", "<|endoftext|>"}


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {chr(c): b for b, c in zip(bs, cs)}


BYTE_OF = bytes_to_unicode()


def piece_bytes(piece, style):
    if style == "bytelevel":
        return bytes(BYTE_OF[c] if c in BYTE_OF else None for c in piece) if all(c in BYTE_OF for c in piece) \
            else piece.encode("utf-8")
    if len(piece) == 6 and piece.startswith("<0x") and piece.endswith(">"):
        return bytes([int(piece[3:5], 16)])
    return piece.replace("\u2581", " ").encode("utf-8")


def is_cjk(c):
    cp = ord(c)
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def stands_alone(c):
    return c is not None and (unicodedata.category(c)[0] in "PS" or is_cjk(c))


def is_space(c):
    return c is not None and c.isspace()


def char_info(pieces, special, style):
    """Per token: (first char, last char, continues a character of an earlier token, bytes)."""
    info = [None] * len(pieces)
    i = 0
    while i < len(pieces):
        if special[i]:
            i += 1
            continue
        j = i
        while j < len(pieces) and not special[j]:
            j += 1
        flat, owner = b"", []
        for t in range(i, j):
            b = piece_bytes(pieces[t], style)
            flat += b
            owner += [t] * len(b)
        first, last, cont = {}, {}, set()
        k = 0
        while k < len(flat):
            lead = flat[k]
            length = 1 if lead < 0x80 else 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else 4 if 0xF0 <= lead <= 0xF4 else 0
            ch = None
            if length:
                try:
                    ch = flat[k:k + length].decode("utf-8")
                    if len(ch) != 1:
                        ch = None
                except UnicodeDecodeError:
                    ch = None
            if ch is None:
                length = 1
            owners = owner[k:k + length]
            for t in sorted(set(owners)):
                first.setdefault(t, ch)
                last[t] = ch
                if t != owners[0]:
                    cont.add(t)
            k += length
        for t in range(i, j):
            info[t] = (first.get(t), last.get(t), t in cont, piece_bytes(pieces[t], style))
        i = j
    return info


def words_of(pieces, special, style):
    word = [0] * len(pieces)
    info = char_info(pieces, special, style) if style != "wordpiece" else None
    for i in range(1, len(pieces)):
        joins = False
        if not special[i] and not special[i - 1]:
            if style == "wordpiece":
                joins = pieces[i].startswith("##")
            else:
                pf, pl, _, pb = info[i - 1]
                nf, _, ncont, _ = info[i]
                if ncont:
                    joins = True
                elif is_space(nf):
                    joins = False
                elif pb and pb.decode("utf-8", "replace").isspace():
                    joins = True
                elif is_space(pl):
                    joins = False
                else:
                    joins = not stands_alone(pl) and not stands_alone(nf)
        word[i] = word[i - 1] + (0 if joins else 1)
    return word


def display(text):
    out = ""
    for c in text:
        out += {" ": "\u2423", "\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c, c)
    return out


def word_labels(pieces, special, style, word):
    labels = []
    for w in range(word[-1] + 1):
        members = [t for t in range(len(pieces)) if word[t] == w]
        if special[members[0]]:
            labels.append(pieces[members[0]])
        elif style == "wordpiece":
            labels.append(pieces[members[0]] + "".join(pieces[t][2:] if pieces[t].startswith("##") else pieces[t]
                                                       for t in members[1:]))
        else:
            labels.append(display(b"".join(piece_bytes(pieces[t], style) for t in members).decode("utf-8")))
    return labels


def main():
    rng = np.random.default_rng(20191101)
    out = {"generator": "tests/golden/analysis/make_word_golden.py", "heads": HEADS, "cases": []}
    for tokenizer, name, kind, causal in CASES:
        golden = json.load(open(f"tests/golden/tokenizers/{tokenizer}.json", encoding="utf-8"))
        case = next(c for c in golden[kind] if c["name"] == name)
        pieces = case["tokens"]
        special = [p in SPECIAL for p in pieces]
        style = {"bert-base-uncased": "wordpiece", "gpt2": "bytelevel", "llama2": "sentencepiece"}[tokenizer]
        t = len(pieces)
        logits = rng.normal(size=(HEADS, t, t)) * 2.0
        if causal:
            logits = np.where(np.tril(np.ones((t, t), dtype=bool)), logits, -np.inf)
        weights = np.exp(logits - logits.max(axis=-1, keepdims=True))
        weights = (weights / weights.sum(axis=-1, keepdims=True)).astype(np.float32)
        word = words_of(pieces, special, style)
        n = word[-1] + 1
        to_word = np.zeros((t, n))
        to_word[np.arange(t), word] = 1.0                  # (T, W): sums over a key word's pieces
        mean = to_word.T / to_word.sum(axis=0)[:, None]    # (W, T): means over a query word's pieces
        merged = np.einsum("wt,htu,uv->hwv", mean, weights.astype(np.float64), to_word)
        assert np.allclose(merged.sum(axis=-1), 1.0, atol=1e-5)
        out["cases"].append({
            "name": f"{tokenizer} {name}", "tokenizer": tokenizer, "text": case["text"],
            "pair": case.get("text_pair"), "tokens": pieces, "special": special, "word_of_token": word,
            "words": word_labels(pieces, special, style, word),
            "attention": [[[float(x) for x in row] for row in head] for head in weights],
            "word_attention": [[[round(float(x), 9) for x in row] for row in head] for head in merged],
        })
    with open("tests/golden/analysis/word_aggregation_golden.json", "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
