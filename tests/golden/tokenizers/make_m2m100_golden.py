#!/usr/bin/python3
"""Writes m2m100.json: what transformers' own M2M100Tokenizer gives for the fixture folders of
tests/fixtures/tokenizers/m2m100/ (made by make_m2m100_fixtures.py there).

The reference is transformers' source, run, not re-implemented, exactly as make_marian_golden.py
runs MarianTokenizer (whose helpers this script imports): M2M100Tokenizer (every line of
models/m2m_100/tokenization_m2m_100.py but its relative imports) on top of the real methods of its
base classes copied out of tokenization_python.py and tokenization_utils_base.py, with the same
stubs (the Rust library's AddedToken as a record, a logger, the `requires` decorator, to_py_obj).

Encoding is what `tokenizer(text)` / `tokenizer(text_target=text)` run for one string:
tokenize() → convert_tokens_to_ids() → build_inputs_with_special_tokens(), with
_switch_to_target_mode() around the target side as PreTrainedTokenizerBase.__call__ does.
For every folder the source is encoded with each source language of "languages" (null: the
folder's own src_lang, as from_pretrained leaves it) and the target with each target language.

Needs Debian's python3-sentencepiece (0.1.97) only:

    /usr/bin/python3 tests/golden/tokenizers/make_m2m100_golden.py /work/.mirror/feisenyu+transformers_4573/repo

Output: tests/golden/tokenizers/m2m100.json. Per folder: vocab_size, the language codes in id
order with their tokens and ids (lang_code_to_id), src_lang / tgt_lang after loading, eos/unk/pad
ids, and cases:
  text, src_lang (null: the folder's default)   ids (with special tokens), pieces (tokenize()),
                                                 tokens (convert_ids_to_tokens(ids))
  tgt_lang                                       target_ids (text_target=), decode and decode_skip of
                                                 target_ids (skip_special_tokens False / True)
plus "decodes": random id sequences decoded both ways.
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

FIXTURES = os.path.normpath(os.path.join(HERE, "..", "..", "fixtures", "tokenizers", "m2m100"))
# folder: (source languages, target languages) the cases use besides the default.
FOLDERS = {
    "hub": ([None, "da", "zh"], [None, "en", "zh"]),
    "da-zh": ([None, "en"], [None, "da"]),
    "wmt21": ([None, "zh"], [None, "en"]),
}


def m2m100_class(git_dir, commit):
    base = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/tokenization_utils_base.py")
    backend = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/tokenization_python.py")
    m2m = mg.git_show(git_dir, commit, f"{mg.PACKAGE}/models/m2m_100/tokenization_m2m_100.py")
    code = ("from __future__ import annotations\n"
            "import copy\nfrom collections import OrderedDict\nfrom typing import overload, Any, Optional, Union\n"
            + mg.module_class(backend, "Trie")
            + "\nclass PreTrainedTokenizerBase:\n" + mg.class_members(base, "PreTrainedTokenizerBase", mg.BASE_MEMBERS)
            + "\nclass PythonBackend(PreTrainedTokenizerBase):\n"
            + mg.class_members(backend, "PythonBackend", mg.BACKEND_MEMBERS)
            + "\nPreTrainedTokenizer = PythonBackend\nBatchEncoding = dict\n")
    namespace = {"AddedToken": mg.AddedToken, "logger": mg.Logger(), "VERY_LARGE_INTEGER": int(1e30),
                 "to_py_obj": lambda ids: ids, "__name__": "base"}
    exec(compile(code, "transformers-base", "exec"), namespace)
    m2m_namespace = {"PreTrainedTokenizer": namespace["PreTrainedTokenizer"], "BatchEncoding": dict,
                     "logging": mg.Logging(), "requires": lambda **kwargs: (lambda cls: cls),
                     "__name__": "tokenization_m2m_100"}
    exec(compile(mg.module_without_relative_imports(m2m), "tokenization_m2m_100.py", "exec"), m2m_namespace)
    return m2m_namespace["M2M100Tokenizer"]


def load(cls, folder):
    """What M2M100Tokenizer.from_pretrained(folder) passes: the files, then tokenizer_config.json
    with special_tokens_map.json over it."""
    directory = os.path.join(FIXTURES, folder)
    kwargs = {}
    for name in ["tokenizer_config.json", "special_tokens_map.json"]:
        file = os.path.join(directory, name)
        if os.path.exists(file):
            with open(file, encoding="utf-8") as f:
                kwargs.update(json.load(f))
    for key in ["tokenizer_class", "special_tokens_map_file", "name_or_path", "tokenizer_file"]:
        kwargs.pop(key, None)
    return cls(vocab_file=os.path.join(directory, "vocab.json"),
               spm_file=os.path.join(directory, "sentencepiece.bpe.model"), **kwargs)


def encode(tokenizer, text, target):
    if target:
        tokenizer._switch_to_target_mode()
    try:
        pieces = tokenizer.tokenize(text)
        ids = tokenizer.build_inputs_with_special_tokens(tokenizer.convert_tokens_to_ids(pieces))
        return pieces, ids
    finally:
        tokenizer._switch_to_input_mode()


EXTRA = ["__da__ Hej verden", "__zh__注意力", "Hello __en__ world", "__xx__ unknown code", "__da____zh__",
         "</s>__da__", "<s> start", "madeupword0000", "__ast__ three letters", "▁the"]


def texts():
    seen, result = set(), []
    for text in mg.FIXED + EXTRA + mg.corpus_lines() + mg.random_texts(80, 20261208):
        if text not in seen:
            seen.add(text)
            result.append(text)
    return result


def random_id_lists(tokenizer, count, seed):
    size = len(tokenizer.encoder) + len(tokenizer.lang_code_to_id)
    specials = sorted(set(tokenizer.all_special_ids))
    rng = random.Random(seed)
    return [[rng.randrange(size) if rng.random() < 0.8 else rng.choice(specials) for _ in range(rng.randint(0, 15))]
            for _ in range(count)]


def folder_golden(cls, folder):
    sources, targets = FOLDERS[folder]
    cases = []
    all_texts = texts()
    for lang_index, (src, tgt) in enumerate(zip(sources + [sources[-1]] * len(targets),
                                                targets + [targets[-1]] * len(sources))):
        if lang_index >= max(len(sources), len(targets)):
            break
        tokenizer = load(cls, folder)
        if src is not None:
            tokenizer.src_lang = src
        if tgt is not None:
            tokenizer.tgt_lang = tgt
        # Every language pair sees a share of the texts (all texts with the defaults).
        chosen = all_texts if lang_index == 0 else all_texts[lang_index::4]
        for text in chosen:
            pieces, ids = encode(tokenizer, text, target=False)
            case = {"name": f"{lang_index}-{len(cases):03d}", "text": text, "src_lang": src, "ids": ids,
                    "pieces": pieces, "tokens": tokenizer.convert_ids_to_tokens(ids)}
            if tokenizer.tgt_lang is not None:
                _, target_ids = encode(tokenizer, text, target=True)
                case.update({"tgt_lang": tgt, "target_ids": target_ids,
                             "decode": tokenizer.decode(target_ids, skip_special_tokens=False),
                             "decode_skip": tokenizer.decode(target_ids, skip_special_tokens=True)})
            cases.append(case)
    tokenizer = load(cls, folder)
    decodes = [{"ids": ids, "decode": tokenizer.decode(ids, skip_special_tokens=False),
                "decode_skip": tokenizer.decode(ids, skip_special_tokens=True)}
               for ids in random_id_lists(tokenizer, 60, 7)]
    return {
        "vocab_size": len(tokenizer.encoder),
        "languages": [[code, tokenizer.get_lang_token(code), tokenizer.lang_code_to_id[code]]
                      for code in tokenizer.lang_code_to_id],
        "src_lang": tokenizer.src_lang, "tgt_lang": tokenizer.tgt_lang,
        "eos_id": tokenizer.eos_token_id, "unk_id": tokenizer.unk_token_id, "pad_id": tokenizer.pad_token_id,
        "cases": cases, "decodes": decodes,
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    git_dir = sys.argv[1]
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", sys.argv[2] if len(sys.argv) > 2 else "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cls = m2m100_class(git_dir, commit)
    reference = (f"transformers M2M100Tokenizer at {commit} (github:feisenyu/transformers_4573), "
                 f"sentencepiece {sentencepiece.__version__}, unicodedata {unicodedata.unidata_version}")
    with open(os.path.join(HERE, "m2m100.json"), "w", encoding="utf-8") as f:
        f.write("{\n")
        f.write(f'"reference": {json.dumps(reference)},\n"folders": {{\n')
        for n, folder in enumerate(FOLDERS):
            data = folder_golden(cls, folder)
            f.write(f'{json.dumps(folder)}: {{\n')
            for key in ["vocab_size", "languages", "src_lang", "tgt_lang", "eos_id", "unk_id", "pad_id"]:
                f.write(f'{json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},\n')
            for key in ["cases", "decodes"]:
                f.write(f'{json.dumps(key)}: [\n')
                f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in data[key]))
                f.write("\n]" + ("," if key == "cases" else "") + "\n")
            f.write("}" + ("," if n + 1 < len(FOLDERS) else "") + "\n")
        f.write("}\n}\n")


if __name__ == "__main__":
    main()
