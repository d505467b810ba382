#!/usr/bin/env python3
"""Checks the Unigram goldens against a second reference: SentencePiece itself (Debian's
python3-sentencepiece) on the .model files the fixtures were converted from, and writes what it
found to tests/golden/tokenizers/unigram/sentencepiece_check.json.

The goldens are the Rust tokenizers library's output for the tokenizer.json files, which is what
Headmap follows. SentencePiece runs its own pipeline on the same pieces and scores, so the two
agree on most texts, not all; every disagreement is listed with both tokenizations. The kinds
found (tests/golden/tokenizers/README.md has examples):
  * the Precompiled normalizer replaces a whole grapheme cluster by the shortest rule matching its
    start ("A\u030a" with case folding: "a", the ring dropped), SentencePiece takes the longest
    rule ("å");
  * the older layout (nllb: Precompiled alone) keeps runs of spaces and trailing spaces, which
    SentencePiece squeezes; the converters' Strip removes trailing tabs and newlines that
    SentencePiece keeps without normalization rules (unigram-bytes);
  * the Rust library matches any vocabulary piece in the text, "<unk>" too, and fuses adjacent
    unknown pieces before looking them up; SentencePiece never matches its unknown piece;
  * pieces of equal total score ("0" + "00" or "00" + "0"): the Viterbi searches break the tie
    differently.

Texts holding an added token's text ("<s>", "<extra_id_0>", "en_XX") are skipped: the fast
and slow tokenizers cut those out before SentencePiece sees the text.

Run after make_unigram_fixtures.py (which leaves the .model files in --models):
    /usr/bin/python3 tests/golden/tokenizers/check_unigram_sentencepiece.py [--models /tmp/unigram-models]
"""

import argparse
import json
import os

import sentencepiece as spm

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["t5", "xlm-roberta", "mbart-50", "nllb", "unigram-bytes"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", default="/tmp/unigram-models")
    args = parser.parse_args()
    report = {"reference": f"sentencepiece {spm.__version__} (python3-sentencepiece)",
              "generator": "tests/golden/tokenizers/check_unigram_sentencepiece.py", "tokenizers": {}}
    for name in NAMES:
        with open(os.path.join(HERE, "unigram", f"{name}.json"), encoding="utf-8") as f:
            golden = json.load(f)
        fixture = os.path.join(HERE, "../../fixtures/tokenizers/unigram", name, "tokenizer.json")
        with open(fixture, encoding="utf-8") as f:
            tokenizer = json.load(f)
        vocab = {}
        for i, (piece, _) in enumerate(tokenizer["model"]["vocab"]):
            vocab[piece] = i
        unk_id = tokenizer["model"]["unk_id"]
        added = [t["content"] for t in tokenizer["added_tokens"]]
        sp = spm.SentencePieceProcessor(model_file=os.path.join(args.models, f"{name}.model"))
        byte_fallback = tokenizer["model"]["byte_fallback"]

        compared, agree, differences = 0, 0, []
        for case in golden["cases"]:
            text = case["text"]
            if any(token in text for token in added):
                continue
            compared += 1
            pieces = sp.encode(text, out_type=str)
            if byte_fallback:
                ids = [vocab.get(sp.id_to_piece(i), unk_id) for i in sp.encode(text)]
            else:
                ids = [vocab.get(p, unk_id) for p in pieces]
            if ids == case["ids_no_special"]:
                agree += 1
                continue
            differences.append({"name": case["name"], "text": text, "rust_tokens": case["tokens_no_special"],
                                "sentencepiece_pieces": pieces})
        report["tokenizers"][name] = {"compared": compared, "agree": agree, "differences": differences}
        print(f"{name}: {agree}/{compared} agree")
    out = os.path.join(HERE, "unigram", "sentencepiece_check.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
