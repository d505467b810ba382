#!/usr/bin/python3
"""Writes t5_spiece.json: what transformers' SentencePiece ("slow") tokenizer gives for the T5
folders of tests/fixtures/tokenizers/t5/ (spiece.model only, made by make_t5_fixtures.py there).

The reference is transformers' source, run, not re-implemented, as make_marian_golden.py runs
MarianTokenizer (whose helpers this script imports): SentencePieceBackend (the members of
tokenization_utils_sentencepiece.py that encoding and decoding use: __init__, _add_tokens,
_update_trie, _tokenize, _convert_token_to_id, _convert_id_to_token, convert_tokens_to_string,
_decode) on top of the real PythonBackend and PreTrainedTokenizerBase methods, with the same
stubs. It is the sentencepiece path: Google's library splits the text (nmt_nfkc, "▁" dummy
prefix), as T5 was trained.

T5's own parts come from the same commit's models/t5/tokenization_t5.py and
convert_slow_tokenizer.py, given to that class as T5Tokenizer gives them:
  * eos "</s>", unk "<unk>", pad "<pad>"; extra_ids sentinels "<extra_id_N>" (default 100) added
    as additional_special_tokens when the settings name none (T5Tokenizer.__init__, including its
    ValueError when the counts differ);
  * the sentinels numbered after the model's pieces from the end, "<extra_id_0>" last
    (T5Converter.convert_from_spm appends them as range(extra_ids - 1, -1, -1)), passed as
    added_tokens_decoder unless tokenizer_config.json has one;
  * the template "$A </s>" (T5Tokenizer's TemplateProcessing), as special_tokens_pattern "eos".
Note: at this commit T5Tokenizer itself is the Rust-backed class, which from spiece.model alone
builds a Unigram with no normalizer (no nmt_nfkc) and ignores `legacy`; Headmap follows the
sentencepiece library, the tokenizer T5 checkpoints were made with (legacy true, the default of
the sentencepiece class and of every Hub T5 folder).

Needs Debian's python3-sentencepiece (0.1.97) only:

    /usr/bin/python3 tests/golden/tokenizers/make_t5_spiece_golden.py /work/.mirror/feisenyu+transformers_4573/repo

Output: tests/golden/tokenizers/t5_spiece.json. Per folder: vocab_size (len(tokenizer)), the
sentinels' ids, eos/unk/pad ids, and cases (text, ids with </s>, pieces = tokenize(),
tokens = convert_ids_to_tokens(ids), decode and decode_skip of ids), plus "decodes": random id
sequences decoded with skip_special_tokens False and True.
"""

import json
import os
import random
import subprocess
import sys
import unicodedata

import sentencepiece

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_marian_golden as mg  # noqa: E402

FIXTURES = os.path.normpath(os.path.join(HERE, "..", "..", "fixtures", "tokenizers", "t5"))
FOLDERS = ["hub", "config", "noextra"]
SP_MEMBERS = ["__init__", "vocab_size", "get_vocab", "_add_tokens", "_update_trie", "_tokenize",
              "_convert_token_to_id", "_convert_id_to_token", "convert_tokens_to_string", "_decode"]


def sentencepiece_class(git_dir, commit):
    base = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/tokenization_utils_base.py")
    backend = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/tokenization_python.py")
    sp = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/tokenization_utils_sentencepiece.py")
    code = ("from __future__ import annotations\n"
            "import copy\nfrom collections import OrderedDict\nfrom typing import overload, Any, Optional, Union\n"
            + mg.module_class(backend, "Trie")
            + "\nclass PreTrainedTokenizerBase:\n" + mg.class_members(base, "PreTrainedTokenizerBase", mg.BASE_MEMBERS)
            + "\nclass PythonBackend(PreTrainedTokenizerBase):\n"
            + mg.class_members(backend, "PythonBackend", mg.BACKEND_MEMBERS + ["build_inputs_with_special_tokens"])
            + "\nPreTrainedTokenizer = PythonBackend\n"
            + "\nclass SentencePieceBackend(PreTrainedTokenizer):\n"
            + mg.class_members(sp, "SentencePieceBackend", SP_MEMBERS))
    namespace = {"AddedToken": mg.AddedToken, "logger": mg.Logger(), "VERY_LARGE_INTEGER": int(1e30),
                 "to_py_obj": lambda ids: ids, "__name__": "base", "spm": sentencepiece,
                 "requires_backends": lambda *args: None, "SPIECE_UNDERLINE": "▁",
                 "import_protobuf": lambda: sys.exit("legacy false needs protobuf; not used here")}
    exec(compile(code, "transformers-base", "exec"), namespace)
    return namespace["SentencePieceBackend"]


def t5_kwargs(git_dir, commit, directory):
    """tokenizer_config.json as from_pretrained passes it, with T5Tokenizer's defaults and
    sentinels (checked against this commit's source: the lines quoted must be there)."""
    t5 = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/models/t5/tokenization_t5.py")
    converter = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/convert_slow_tokenizer.py")
    for line in ['eos_token="</s>"', 'unk_token="<unk>"', 'pad_token="<pad>"', "extra_ids=100",
                 'single=["$A", "</s>"]', 'extra_tokens = [f"<extra_id_{i}>" for i in range(extra_ids)]']:
        assert line in t5, line
    assert 'extra_tokens = [f"<extra_id_{i}>" for i in range(extra_ids - 1, -1, -1)]' in converter

    kwargs = {}
    for name in ["tokenizer_config.json", "special_tokens_map.json"]:
        file = os.path.join(directory, name)
        if os.path.exists(file):
            with open(file, encoding="utf-8") as f:
                kwargs.update(json.load(f))
    for key in ["tokenizer_class", "special_tokens_map_file", "name_or_path", "tokenizer_file",
                "model_max_length"]:
        kwargs.pop(key, None)
    kwargs.setdefault("eos_token", "</s>")
    kwargs.setdefault("unk_token", "<unk>")
    kwargs.setdefault("pad_token", "<pad>")
    extra_ids = kwargs.pop("extra_ids", 100)
    additional = kwargs.pop("additional_special_tokens", None)
    if additional is not None:
        extra = [x for x in additional if "<extra_id_" in str(x)]
        if len(extra) < 1:
            additional = additional + [f"<extra_id_{i}>" for i in range(extra_ids)]
        elif extra_ids > 0 and extra_ids != len(extra):
            raise ValueError("extra_ids and additional_special_tokens disagree")
    else:
        additional = [f"<extra_id_{i}>" for i in range(extra_ids)]
    size = sentencepiece.SentencePieceProcessor(model_file=os.path.join(directory, "spiece.model")).get_piece_size()
    if "added_tokens_decoder" in kwargs:
        decoder = {int(k): mg.AddedToken(**{f: v[f] for f in ["content", "single_word", "lstrip", "rstrip",
                                                                "normalized", "special"]})
                   for k, v in kwargs.pop("added_tokens_decoder").items()}
    else:
        decoder = {size + extra_ids - 1 - i: mg.AddedToken(f"<extra_id_{i}>", normalized=False, special=True)
                   for i in range(extra_ids)}
    kwargs["additional_special_tokens"] = additional
    kwargs["added_tokens_decoder"] = decoder
    kwargs["special_tokens_pattern"] = "eos"
    return kwargs


def load(cls, git_dir, commit, folder):
    directory = os.path.join(FIXTURES, folder)
    return cls(vocab_file=os.path.join(directory, "spiece.model"), **t5_kwargs(git_dir, commit, directory))


EXTRA = ["<extra_id_0>", "Hej <extra_id_0> verden <extra_id_1>.", "<extra_id_99> sidste", "<extra_id_4>x",
         "a<extra_id_2>b", "<extra_id_100> for mange", "<extra_id_5>", "translate English to German: The house",
         "oversæt dansk til engelsk: Huset er lille.", "</s> slut", "<pad><unk></s>", "▁▁ marker",
         "summarize: 注意力机制是 Transformer 的核心。"]


def texts():
    seen, result = set(), []
    for text in mg.FIXED + EXTRA + mg.corpus_lines() + mg.random_texts(80, 20261209):
        if text not in seen:
            seen.add(text)
            result.append(text)
    return result


def random_id_lists(tokenizer, count, seed):
    size = len(tokenizer)
    specials = sorted(set(tokenizer.all_special_ids))
    rng = random.Random(seed)
    return [[rng.randrange(size) if rng.random() < 0.8 else rng.choice(specials) for _ in range(rng.randint(0, 15))]
            for _ in range(count)]


def folder_golden(cls, git_dir, commit, folder):
    tokenizer = load(cls, git_dir, commit, folder)
    cases = []
    for i, text in enumerate(texts()):
        pieces = tokenizer.tokenize(text)
        plain = tokenizer.convert_tokens_to_ids(pieces)
        ids = tokenizer.build_inputs_with_special_tokens(plain)
        assert ids == plain + [tokenizer.eos_token_id]
        cases.append({"name": f"{i:03d}", "text": text, "ids": ids, "pieces": pieces,
                      "tokens": tokenizer.convert_ids_to_tokens(ids),
                      "decode": tokenizer.decode(ids, skip_special_tokens=False),
                      "decode_skip": tokenizer.decode(ids, skip_special_tokens=True)})
    decodes = [{"ids": ids, "decode": tokenizer.decode(ids, skip_special_tokens=False),
                "decode_skip": tokenizer.decode(ids, skip_special_tokens=True)}
               for ids in random_id_lists(tokenizer, 60, 7)]
    sentinels = [[t, tokenizer.convert_tokens_to_ids(t)] for t in map(str, tokenizer._extra_special_tokens)
                 if t.startswith("<extra_id_")]
    return {"vocab_size": len(tokenizer), "sentinels": sentinels, "eos_id": tokenizer.eos_token_id,
            "unk_id": tokenizer.unk_token_id, "pad_id": tokenizer.pad_token_id, "cases": cases, "decodes": decodes}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    git_dir = sys.argv[1]
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", sys.argv[2] if len(sys.argv) > 2 else "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cls = sentencepiece_class(git_dir, commit)
    reference = (f"transformers SentencePieceBackend with T5Tokenizer's settings at {commit} "
                 f"(github:feisenyu/transformers_4573), sentencepiece {sentencepiece.__version__}, "
                 f"unicodedata {unicodedata.unidata_version}")
    with open(os.path.join(HERE, "t5_spiece.json"), "w", encoding="utf-8") as f:
        f.write("{\n")
        f.write(f'"reference": {json.dumps(reference)},\n"folders": {{\n')
        for n, folder in enumerate(FOLDERS):
            data = folder_golden(cls, git_dir, commit, folder)
            f.write(f'{json.dumps(folder)}: {{\n')
            for key in ["vocab_size", "sentinels", "eos_id", "unk_id", "pad_id"]:
                f.write(f'{json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},\n')
            for key in ["cases", "decodes"]:
                f.write(f'{json.dumps(key)}: [\n')
                f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in data[key]))
                f.write("\n]" + ("," if key == "cases" else "") + "\n")
            f.write("}" + ("," if n + 1 < len(FOLDERS) else "") + "\n")
        f.write("}\n}\n")


if __name__ == "__main__":
    main()
