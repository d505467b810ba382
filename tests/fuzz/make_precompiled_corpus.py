#!/usr/bin/env python3
"""Writes the seeds of the precompiled_charsmap harness (corpus/precompiled_charsmap/) and the
Unigram seeds of tokenizer_json (corpus/tokenizer_json/unigram_*.json). Run it after
make_corpus.py, which clears corpus/tokenizer_json:

    /usr/bin/python3 tests/fuzz/make_precompiled_corpus.py

Needs python3-sentencepiece and python3-protobuf. A real nmt_nfkc map is 240 KB, which would
make libFuzzer's inputs that long; the seeds are small maps in the same format instead:
  sentencepiece_rules.bin  compiled by SentencePiece itself from eight rules of our own
                           (normalization_rule_tsv: ﬁ, Ａ, e + U+0301, tab, U+3000, ①, U+200B, Å),
                           1 KB;
  mini_rules.bin           the map tst_precompiledcharsmap builds rule by rule (one 256-unit
                           block per trie node), with a rule to nothing and one never reached;
  cut_trie.bin             sentencepiece_rules.bin cut inside its trie (refused).
The tokenizer_json seeds are the xlm-roberta fixture with the 1 KB map and its vocabulary cut to
300 pieces (<mask> renumbered after them), and the unigram-bytes fixture (byte_fallback, no
Precompiled) cut to 400 pieces, both written compactly.
"""

import base64
import io
import json
import os
import struct
import tempfile

import sentencepiece as spm
from sentencepiece import sentencepiece_model_pb2

HERE = os.path.dirname(os.path.abspath(__file__))
UNIGRAM = os.path.join(HERE, "..", "fixtures", "tokenizers", "unigram")
RULES = [("FB01", "66 69"), ("FF21", "41"), ("65 301", "E9"), ("9", "20"), ("3000", "20"), ("2460", "31"),
         ("200B", ""), ("C5", "61 30A")]


def sentencepiece_rules_map():
    lines = []
    for name in ("da.txt", "en.txt", "zh.txt"):
        with open(os.path.join(UNIGRAM, "corpus", name), encoding="utf-8") as f:
            lines += [line.strip() for line in f if line.strip()]
    with tempfile.TemporaryDirectory() as scratch:
        tsv = os.path.join(scratch, "rules.tsv")
        with open(tsv, "w", encoding="utf-8") as f:
            f.write("".join(f"{source}\t{target}\n" for source, target in RULES))
        model = io.BytesIO()
        spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, vocab_size=800,
                                       normalization_rule_tsv=tsv, model_type="unigram", hard_vocab_limit=False,
                                       character_coverage=0.9995, num_threads=1, minloglevel=2)
    proto = sentencepiece_model_pb2.ModelProto()
    proto.ParseFromString(model.getvalue())
    return proto.normalizer_spec.precompiled_charsmap


def mini_map(rules):
    """MiniCharsMap of tst_precompiledcharsmap.cpp: one 256-unit block per trie node."""
    units, strings, bases, next_block = [0] * 512, b"", {b"": 256}, 2
    units[0] = 256 << 10
    for key, value in rules:
        key, base, position = key.encode(), 256, 0
        for i, byte in enumerate(key):
            position = base ^ byte
            prefix = key[:i + 1]
            if prefix not in bases:
                child = 256 * next_block
                next_block += 1
                units.extend([0] * (child + 256 - len(units)))
                bases[prefix] = child
                units[position] = byte | ((position ^ child) << 10)
            base = bases[prefix]
        units[position] |= 1 << 8
        units[base] = (1 << 31) | len(strings)
        strings += value.encode() + b"\0"
    return struct.pack("<I", len(units) * 4) + b"".join(struct.pack("<I", u) for u in units) + strings


def cut_tokenizer(name, pieces, charsmap=None):
    with open(os.path.join(UNIGRAM, name, "tokenizer.json"), encoding="utf-8") as f:
        tokenizer = json.load(f)
    vocab = tokenizer["model"]["vocab"]
    kept = vocab[:pieces]
    renumbered = {}
    for token in tokenizer["added_tokens"]:
        if token["id"] >= pieces:  # <mask> and language codes: after the kept pieces
            renumbered[token["id"]] = len(kept)
            kept.append([token["content"], 0.0])
            token["id"] = renumbered[token["id"]]
    tokenizer["model"]["vocab"] = kept
    processor = tokenizer["post_processor"]
    if processor:
        for special in processor["special_tokens"].values():
            special["ids"] = [renumbered.get(i, i) for i in special["ids"]]
    if charsmap is not None:
        tokenizer["normalizer"]["normalizers"][0]["precompiled_charsmap"] = base64.b64encode(charsmap).decode("ascii")
    return json.dumps(tokenizer, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    print(f"{os.path.join(folder, name)}: {len(data)} bytes")


def main():
    rules_map = sentencepiece_rules_map()
    seeds = os.path.join(HERE, "corpus", "precompiled_charsmap")
    write(seeds, "sentencepiece_rules.bin", rules_map)
    write(seeds, "mini_rules.bin", mini_map([("a", "b"), ("e", "E"), ("é", "e"), ("e\u0301", "é"), ("ﬁ", "fi"),
                                             ("x", "")]))
    write(seeds, "cut_trie.bin", rules_map[:600])
    json_seeds = os.path.join(HERE, "corpus", "tokenizer_json")
    write(json_seeds, "unigram_xlm-roberta_small_map.json", cut_tokenizer("xlm-roberta", 300, rules_map))
    write(json_seeds, "unigram_bytes.json", cut_tokenizer("unigram-bytes", 400))


if __name__ == "__main__":
    main()
