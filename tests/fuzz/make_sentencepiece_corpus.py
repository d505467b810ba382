#!/usr/bin/python3
"""Writes the seed corpus of the sentencepiece_model harness (corpus/sentencepiece_model/).

    /usr/bin/python3 tests/fuzz/make_sentencepiece_corpus.py

Needs Debian's python3-sentencepiece (the trainer of the library Headmap links), which
make_corpus.py, standard library only, does without; hence a script of its own.

Seeds are small models (1-8 KB) of every kind the library reads, trained on the English fixture
text (tests/fixtures/tokenizers/marian/corpus/en.txt): unigram, BPE, word and char models, byte
fallback, user-defined and control symbols, self-test samples, and normalization rules of their
own (a precompiled character map built from a few rules instead of nmt_nfkc's 240 KB, so that
libFuzzer mutates a double array it can afford to copy), also for decoding (denormalizer_spec).
Then hand-made variants of the rule blob that the engine must refuse before the library sees them
(SentencePieceModelCheck.h): replacement offsets far outside the strings, a trie size past the
blob, a root whose children lie outside the array, a piece that starts with NUL.
Output is deterministic.
"""

import os
import shutil
import struct
import tempfile
from pathlib import Path

import sentencepiece as spm

HERE = Path(__file__).resolve().parent
TEXT = HERE.parent / "fixtures" / "tokenizers" / "marian" / "corpus" / "en.txt"
OUT = HERE / "corpus" / "sentencepiece_model"

RULES = """FF21\t41
FF22\t42
FB01\t66 69
3000\t20
41 42 43\t61 62 63
"""
DECODE_RULES = """2581\t20
61 62\t41 42
"""


def train(folder, name, **options):
    """Trains in `folder` (the current directory) with relative names: the trainer keeps its
    input and output names in the model, and these stay the same wherever the script runs."""
    spm.set_random_generator_seed(1234)
    defaults = dict(input="en.txt", model_prefix=name, vocab_size=80, hard_vocab_limit=False,
                    num_threads=1, shuffle_input_sentence=False, input_sentence_size=0, minloglevel=2,
                    normalization_rule_name="identity")
    defaults.update(options)
    spm.SentencePieceTrainer.train(**defaults)
    return (folder / (name + ".model")).read_bytes()


def varint(n):
    out = b""
    while True:
        byte, n = n & 0x7F, n >> 7
        out += bytes([byte | (0x80 if n else 0)])
        if not n:
            return out


def read_varint(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def fields(data):
    i, out = 0, []
    while i < len(data):
        key, i = read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, j = read_varint(data, i)
        elif wire == 2:
            length, i = read_varint(data, i)
            j = i + length
        else:
            j = i + (8 if wire == 1 else 4)
        out.append((number, wire, data[i:j]))
        i = j
    return out


def build(items):
    out = b""
    for number, wire, payload in items:
        out += varint(number << 3 | wire) + (varint(len(payload)) if wire == 2 else b"") + payload
    return out


def change_charsmap(model, change, spec=3):
    """The model with its rule blob (ModelProto field `spec`, NormalizerSpec field 2) changed."""
    top = []
    for number, wire, payload in fields(model):
        if number == spec and wire == 2:
            payload = build([(n, w, change(p) if n == 2 else p) for n, w, p in fields(payload)])
        top.append((number, wire, payload))
    return build(top)


def far_values(blob):
    size = struct.unpack("<I", blob[:4])[0]
    data = bytearray(blob)
    for unit in range(size // 4):
        if struct.unpack_from("<I", data, 4 + 4 * unit)[0] & (1 << 31):
            struct.pack_into("<I", data, 4 + 4 * unit, 0xFFFFFFFF)
    return bytes(data)


def root_outside(blob):
    data = bytearray(blob)
    struct.pack_into("<I", data, 4, struct.unpack_from("<I", data, 4)[0] | (0x3FFFFF << 10))
    return bytes(data)


def trie_past_blob(blob):
    return struct.pack("<I", len(blob) - 1) + blob[4:]


def nul_piece(model):
    """A piece "\\0x" added after the others."""
    items = fields(model)
    last = max(i for i, (n, _, _) in enumerate(items) if n == 1)
    piece = build([(1, 2, b"\0x"), (2, 5, struct.pack("<f", -20.0)), (3, 0, varint(1))])
    return build(items[:last + 1] + [(1, 2, piece)] + items[last + 1:])


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    seeds = {}
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        os.chdir(folder)
        shutil.copyfile(TEXT, folder / "en.txt")
        (folder / "rules.tsv").write_text(RULES, encoding="utf-8")
        (folder / "decode.tsv").write_text(DECODE_RULES, encoding="utf-8")
        rules, decode_rules = "rules.tsv", "decode.tsv"
        seeds["unigram.model"] = train(folder, "unigram")
        seeds["bpe.model"] = train(folder, "bpe", model_type="bpe")
        seeds["word.model"] = train(folder, "word", model_type="word")
        seeds["char.model"] = train(folder, "char", model_type="char")
        seeds["byte_fallback.model"] = train(folder, "byte", byte_fallback=True, vocab_size=340)
        seeds["symbols.model"] = train(folder, "symbols", user_defined_symbols=">>dan<<,<sep>",
                                       control_symbols="<2da>", add_dummy_prefix=False)
        seeds["self_test.model"] = train(folder, "selftest", self_test_sample_size=3)
        seeds["rules.model"] = train(folder, "rules", normalization_rule_tsv=rules)
        seeds["rules_decode.model"] = train(folder, "decode", normalization_rule_tsv=rules,
                                            denormalization_rule_tsv=decode_rules, remove_extra_whitespaces=False)
        os.chdir(here)
    rules_model = seeds["rules.model"]
    seeds["refused_far_values.model"] = change_charsmap(rules_model, far_values)
    seeds["refused_root_outside.model"] = change_charsmap(rules_model, root_outside)
    seeds["refused_trie_past_blob.model"] = change_charsmap(rules_model, trie_past_blob)
    seeds["refused_decode_far_values.model"] = change_charsmap(seeds["rules_decode.model"], far_values, spec=5)
    seeds["refused_nul_piece.model"] = nul_piece(seeds["unigram.model"])
    for name, data in seeds.items():
        (OUT / name).write_bytes(data)


if __name__ == "__main__":
    main()
