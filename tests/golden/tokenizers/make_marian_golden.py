#!/usr/bin/python3
"""Writes marian.json: what transformers' own MarianTokenizer gives for the fixture folders of
tests/fixtures/tokenizers/marian/ (made by make_marian_fixtures.py there).

The reference is transformers' source, run, not re-implemented: MarianTokenizer (every line of
models/marian/tokenization_marian.py but its relative imports) on top of the real methods of its
base classes, copied out of tokenization_python.py (PythonBackend: Trie, tokenize, the added- and
special-token bookkeeping, convert_ids_to_tokens, _decode) and tokenization_utils_base.py
(PreTrainedTokenizerBase: __init__, the special-token attributes, convert_tokens_to_ids,
decode). Only what those methods import from elsewhere is stubbed: the Rust library's AddedToken
(a record of its six fields), a logger, the `requires` decorator, and to_py_obj (tensors to
lists; the ids here are lists). The source comes from a git
directory of transformers (a `fetch` of github:feisenyu/transformers_4573, transformers' history
to 2025-12-24 with the package renamed transformers_4573), read with `git show`, and its commit is
recorded in the output.

Encoding is what `tokenizer(text)` / `tokenizer(text_target=text)` run for one string:
tokenize() → convert_tokens_to_ids() → build_inputs_with_special_tokens() (prepare_for_model
adds nothing else without truncation or padding), with _switch_to_target_mode() around the
target side as PreTrainedTokenizerBase.__call__ does. Decoding is decode(ids,
skip_special_tokens=...).

Needs Debian's python3-sentencepiece (0.1.97) only:

    /usr/bin/python3 tests/golden/tokenizers/make_marian_golden.py /work/.mirror/feisenyu+transformers_4573/repo

Output: tests/golden/tokenizers/marian.json, one case per line. For every folder and text:
  ids          source encoding with </s> (without it: the same minus the last id, checked here)
  pieces       what tokenize() returns (SentencePiece pieces, language code, special tokens)
  tokens       convert_ids_to_tokens(ids) (with separate vocabularies, which it would name
               through the target vocabulary: the source vocabulary's pieces, see source_tokens)
  target_ids   target-side encoding (text_target=) with </s>
  target_tokens  convert_ids_to_tokens(target_ids)
  decode, decode_skip   decode(target_ids) with skip_special_tokens False and True
plus "decodes": random id sequences of each target vocabulary decoded both ways.
"""

import ast
import json
import os
import random
import subprocess
import sys
import unicodedata
import warnings

import sentencepiece

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.normpath(os.path.join(HERE, "..", "..", "fixtures", "tokenizers", "marian"))
PACKAGE = "src/transformers_4573"
FOLDERS = ["en-da", "en-mul", "da-zhen"]


# ---- transformers' source ----

def git_show(git_dir, commit, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def node_source(lines, node):
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return "".join(lines[first - 1:node.end_lineno])


def class_members(source, class_name, names):
    """The source of the named members of a class (functions with their decorators, including
    every definition of a name such as a property and its setter, and class attributes), in the
    order of the file, indented as in the class."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    found, parts = set(), []
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = node.name
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            name = node.target.id
        else:
            continue
        if name in names:
            found.add(name)
            parts.append(node_source(lines, node))
    missing = set(names) - found
    if missing:
        sys.exit(f"{class_name} has no {sorted(missing)} in this transformers version")
    return "".join(parts)


def module_class(source, class_name):
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    return node_source(lines, next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name))


def module_without_relative_imports(source):
    tree = ast.parse(source)
    tree.body = [n for n in tree.body if not (isinstance(n, ast.ImportFrom) and n.level > 0)]
    return ast.unparse(tree)


class AddedToken:
    """The Rust library's tokenizers.AddedToken, as far as the slow tokenizer uses it."""

    def __init__(self, content, single_word=False, lstrip=False, rstrip=False, normalized=True, special=False):
        self.content, self.single_word, self.lstrip, self.rstrip = content, single_word, lstrip, rstrip
        self.normalized, self.special = normalized, special

    def __getstate__(self):
        return dict(self.__dict__)

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __str__(self):
        return self.content

    def __repr__(self):
        return f"AddedToken({self.content!r})"


class Logger:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class Logging:
    @staticmethod
    def get_logger(name):
        return Logger()


BASE_MEMBERS = ["SPECIAL_TOKENS_ATTRIBUTES", "padding_side", "truncation_side", "model_input_names", "__init__",
                "__setattr__", "__getattr__", "_set_model_specific_special_tokens", "all_special_tokens",
                "all_special_ids", "convert_tokens_to_ids", "decode"]
BACKEND_MEMBERS = ["__init__", "added_tokens_encoder", "added_tokens_decoder", "get_added_vocab", "__len__",
                   "_update_total_vocab_size", "_add_tokens", "_update_trie", "prepare_for_tokenization", "tokenize",
                   "_convert_token_to_id_with_added_voc", "convert_ids_to_tokens", "_decode"]


def marian_class(git_dir, commit):
    base = git_show(git_dir, commit, f"{PACKAGE}/tokenization_utils_base.py")
    backend = git_show(git_dir, commit, f"{PACKAGE}/tokenization_python.py")
    marian = git_show(git_dir, commit, f"{PACKAGE}/models/marian/tokenization_marian.py")
    code = ("from __future__ import annotations\n"
            "import copy\nfrom collections import OrderedDict\nfrom typing import overload, Any, Optional, Union\n"
            + module_class(backend, "Trie")
            + "\nclass PreTrainedTokenizerBase:\n" + class_members(base, "PreTrainedTokenizerBase", BASE_MEMBERS)
            + "\nclass PythonBackend(PreTrainedTokenizerBase):\n" + class_members(backend, "PythonBackend", BACKEND_MEMBERS)
            + "\nPreTrainedTokenizer = PythonBackend\n")
    # to_py_obj turns tensors and arrays into lists; the ids here are lists already.
    namespace = {"AddedToken": AddedToken, "logger": Logger(), "VERY_LARGE_INTEGER": int(1e30),
                 "to_py_obj": lambda ids: ids, "__name__": "base"}
    exec(compile(code, "transformers-base", "exec"), namespace)
    marian_namespace = {"PreTrainedTokenizer": namespace["PreTrainedTokenizer"], "logging": Logging(),
                        "requires": lambda **kwargs: (lambda cls: cls), "__name__": "tokenization_marian"}
    exec(compile(module_without_relative_imports(marian), "tokenization_marian.py", "exec"), marian_namespace)
    return marian_namespace["MarianTokenizer"]


def load(cls, folder):
    """What MarianTokenizer.from_pretrained(folder) passes: the files, then tokenizer_config.json
    with special_tokens_map.json over it."""
    directory = os.path.join(FIXTURES, folder)
    kwargs = {}
    for name in ["tokenizer_config.json", "special_tokens_map.json"]:
        file = os.path.join(directory, name)
        if os.path.exists(file):
            with open(file, encoding="utf-8") as f:
                kwargs.update(json.load(f))
    for key in ["tokenizer_class", "special_tokens_map_file", "name_or_path"]:
        kwargs.pop(key, None)
    target_vocab = os.path.join(directory, "target_vocab.json")
    return cls(source_spm=os.path.join(directory, "source.spm"), target_spm=os.path.join(directory, "target.spm"),
               vocab=os.path.join(directory, "vocab.json"),
               target_vocab_file=target_vocab if os.path.exists(target_vocab) else None, **kwargs)


def encode(tokenizer, text, target, add_special_tokens):
    if target:
        tokenizer._switch_to_target_mode()
    try:
        pieces = tokenizer.tokenize(text)
        ids = tokenizer.convert_tokens_to_ids(pieces)
        if add_special_tokens:
            ids = tokenizer.build_inputs_with_special_tokens(ids)
        return pieces, ids
    finally:
        tokenizer._switch_to_input_mode()


# ---- texts ----

FIXED = [
    "", " ", "   ", "\t", "\n", " \t\n ", "a", "Hello", "Hello world", "hello world.", "  leading spaces",
    "trailing spaces   ", "many     spaces    between", "tab\there", "new\nline", "carriage\r\nreturn",
    "The cat sat on the mat.", "the sentence is testing the model", "THE SENTENCE", "Sentence-piece models!",
    "It's 7:15, isn't it?", "e-mail: someone@example.com", "https://huggingface.co/Helsinki-NLP/opus-mt-en-da",
    "42", "3.14159", "1,000,000", "2026-12-07", "123456789012345678901234567890", "x² + y³ = z⁴", "½ ¼ ¾",
    "café", "cafe\u0301", "naïve résumé", "Ångström", "A\u030angstro\u0308m", "æøå ÆØÅ", "Rødgrød med fløde",
    "Øen ligger midt i fjorden.", "straße", "İstanbul", "ﬁnal ﬂow ﬀ ﬃ", "ＡＢＣ ａｂｃ １２３", "Ｈｅｌｌｏ，　ｗｏｒｌｄ！",
    "① ② ③", "㎏ ㎞ ㎡", "™ ℃ №", "…", "‘quotes’ “double”", "— – -", "\u00a0non-breaking\u00a0space",
    "\u3000ideographic space\u3000", "zero\u200bwidth", "joiner\u200dhere", "\ufeffBOM at start", "soft\u00adhyphen",
    "注意力机制", "使用多头注意力机制理解注意力机制", "深入了解Transformer模型的好方法是学习注意机制。", "中文 and English 混合",
    "日本語のテキスト", "한국어 텍스트", "العربية", "עברית", "हिन्दी", "ไทย", "Ελληνικά", "Русский текст",
    "😀", "👍🏽", "👨‍👩‍👧", "🇩🇰", "emoji 😀 in text", "\U0001F9EA test", "𠮷野家", "\ufffd", "a\u0000b", "\u0007bell",
    "\u0301 starts with a combining mark", "ALL CAPS SENTENCE", "mIxEd CaSe",
    ">>dan<< Hello world", ">>dan<<Hello", ">>zho<< 注意力", ">>cmn_Hans<< The model", ">>eng<< test",
    ">>xyz<< unknown code", ">>dan<<", ">>dan<< ", " >>dan<< leading space", "Hello >>dan<< world",
    ">>dan<< >>zho<< two codes", ">>dan<<>>zho<<", ">><< empty code", ">>dan no end", "<<dan>> reversed",
    ">>dan<< a << b", ">>>dan<<<", ">>dan\n<< newline in code", ">>dan<<\nnext line",
    "</s>", "<unk>", "<pad>", "a</s>b", "Hello </s> world", "</s>>>dan<< after eos", "<unk><unk>", "< unk >",
    "</s></s>", "text <pad>", "<s> not special", "<unk>Hello", ">>dan<< </s> >>zho<< x",
    "import torch\nx = torch.zeros(3, 4)\n", "MultiHead(Q,K,V) = Concat(head_1, ..., head_h)W^O",
    "softmax(QK^T/√d_k)V", "a" * 120, "ab " * 40, "Danish: æ, ø, å; Chinese: 注意; emoji: 😀.",
]


def corpus_lines():
    lines = []
    for name in ["en.txt", "da.txt", "da-seed.txt", "zh-seed.txt"]:
        with open(os.path.join(FIXTURES, "corpus", name), encoding="utf-8") as f:
            lines += [line.rstrip("\n") for line in f if line.strip()]
    return lines


def random_texts(count, seed):
    """Strings mixed from the kinds of pieces above, so that runs of spaces, codes, special tokens
    and scripts meet in places no hand-written text puts them."""
    parts = ["the", " ", "  ", "\t", "\n", "model", "Sentence", "æ", "ø", "å", "ﬁ", "Ａ", "１", "注意", "力", "😀",
             "</s>", "<unk>", "<pad>", ">>dan<<", ">>zho<<", ">>", "<<", ".", ",", "!", "'", "-", "42", "é",
             "e\u0301", "\u3000", "\u00a0", "ing", "▁", "hej", "København"]
    rng = random.Random(seed)
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, 12))) for _ in range(count)]


def texts():
    seen, result = set(), []
    for text in FIXED + corpus_lines() + random_texts(120, 20261207):
        if text not in seen:
            seen.add(text)
            result.append(text)
    return result


def source_tokens(tokenizer, ids):
    """The source pieces of ids. convert_ids_to_tokens names ids through the decoder, which is the
    target vocabulary when the vocabularies are separate; the source side's names are then the
    tokenizer's own encoder (vocab.json) read backwards, added tokens first as convert_ids_to_tokens
    takes them."""
    if not tokenizer.separate_vocabs:
        return tokenizer.convert_ids_to_tokens(ids)
    names = {v: k for k, v in tokenizer.encoder.items()}
    return [tokenizer._added_tokens_decoder[i].content if i in tokenizer._added_tokens_decoder else names[i]
            for i in ids]


def random_id_lists(tokenizer, count, seed):
    size = len(tokenizer.target_encoder) if tokenizer.separate_vocabs else len(tokenizer.encoder)
    specials = sorted(set(tokenizer.all_special_ids))
    rng = random.Random(seed)
    lists = []
    for _ in range(count):
        ids = [rng.randrange(size) if rng.random() < 0.8 else rng.choice(specials) for _ in range(rng.randint(0, 15))]
        lists.append(ids)
    return lists


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    git_dir = sys.argv[1]
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", sys.argv[2] if len(sys.argv) > 2 else "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    cls = marian_class(git_dir, commit)
    # _setup_normalizer asks for sacremoses; its normalizer is never called when encoding.
    warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")
    out = {
        "reference": f"transformers MarianTokenizer at {commit} (github:feisenyu/transformers_4573), "
                     f"sentencepiece {sentencepiece.__version__}, unicodedata {unicodedata.unidata_version}",
        "folders": {},
    }
    for folder in FOLDERS:
        tokenizer = load(cls, folder)
        cases = []
        for i, text in enumerate(texts()):
            pieces, ids = encode(tokenizer, text, target=False, add_special_tokens=True)
            _, plain = encode(tokenizer, text, target=False, add_special_tokens=False)
            assert ids == plain + [tokenizer.eos_token_id]
            _, target_ids = encode(tokenizer, text, target=True, add_special_tokens=True)
            cases.append({
                "name": f"{i:03d}", "text": text, "ids": ids, "pieces": pieces,
                "tokens": source_tokens(tokenizer, ids), "target_ids": target_ids,
                "target_tokens": tokenizer.convert_ids_to_tokens(target_ids),
                "decode": tokenizer.decode(target_ids, skip_special_tokens=False),
                "decode_skip": tokenizer.decode(target_ids, skip_special_tokens=True),
            })
        decodes = [{"ids": ids, "decode": tokenizer.decode(ids, skip_special_tokens=False),
                    "decode_skip": tokenizer.decode(ids, skip_special_tokens=True)}
                   for ids in random_id_lists(tokenizer, 60, 7)]
        out["folders"][folder] = {
            "vocab_size": tokenizer.vocab_size,
            "language_codes": tokenizer.supported_language_codes,
            "eos_id": tokenizer.eos_token_id, "unk_id": tokenizer.unk_token_id, "pad_id": tokenizer.pad_token_id,
            "cases": cases, "decodes": decodes,
        }
    with open(os.path.join(HERE, "marian.json"), "w", encoding="utf-8") as f:
        f.write("{\n")
        f.write(f'"reference": {json.dumps(out["reference"])},\n"folders": {{\n')
        for n, folder in enumerate(FOLDERS):
            data = out["folders"][folder]
            f.write(f'{json.dumps(folder)}: {{\n')
            for key in ["vocab_size", "language_codes", "eos_id", "unk_id", "pad_id"]:
                f.write(f'{json.dumps(key)}: {json.dumps(data[key], ensure_ascii=False)},\n')
            for key in ["cases", "decodes"]:
                f.write(f'{json.dumps(key)}: [\n')
                f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in data[key]))
                f.write("\n]" + ("," if key == "cases" else "") + "\n")
            f.write("}" + ("," if n + 1 < len(FOLDERS) else "") + "\n")
        f.write("}\n}\n")


if __name__ == "__main__":
    main()
