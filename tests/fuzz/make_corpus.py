#!/usr/bin/env python3
"""Writes the seed corpora of tests/fuzz (corpus/<harness>/) from the test fixtures.

    python3 tests/fuzz/make_corpus.py

Seeds are small (a few files, at most a few hundred KB per harness) so that libFuzzer starts from
valid inputs of every kind and mutates them quickly: fixture files as they are where they are
small, cut-down copies of large fixtures (the first entries of a vocabulary, the tokenizer
metadata of a GGUF tokenizer fixture with its token list shortened), and a few hand-written
files in the formats' own layouts (safetensors: 8-byte little-endian header length, JSON
header, data; GGUF: docs/gguf.md of ggml-org/ggml). Standard library only.
"""

import json
import random
import shutil
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
CORPUS = HERE / "corpus"


def corpus(harness):
    folder = CORPUS / harness
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    return folder


def copy(harness_folder, source, name=None):
    shutil.copyfile(source, harness_folder / (name or source.name))


# --- safetensors -------------------------------------------------------------------------------

def safetensors(tensors, metadata=None):
    """tensors: [(name, dtype, shape, bytes)] laid out in order."""
    header, data = {}, b""
    for name, dtype, shape, payload in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(payload)]}
        data += payload
    if metadata is not None:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the format pads the header to 8 bytes with spaces
    return struct.pack("<Q", len(text)) + text + data


def write_safetensors_corpus():
    out = corpus("safetensors_file")
    f32 = struct.pack("<6f", 0.5, -1.0, 2.0, 3.25, -0.0, 1e-3)
    (out / "f32.safetensors").write_bytes(safetensors([("w", "F32", [2, 3], f32)], {"format": "pt"}))
    f16 = struct.pack("<4e", 1.0, -2.0, 0.5, 65504.0)
    bf16 = bytes.fromhex("803f00c0003f807f")  # 1, -2, 0.5, inf
    (out / "halves.safetensors").write_bytes(safetensors(
        [("a.weight", "F16", [2, 2], f16), ("b.bias", "BF16", [4], bf16), ("empty", "F32", [0, 3], b""),
         ("ids", "I64", [1], struct.pack("<q", 7))]))
    (out / "scalar_u8.safetensors").write_bytes(safetensors([("s", "U8", [], b"\x01"), ("f", "F64", [1], struct.pack("<d", 2.5))]))
    copy(out, FIXTURES / "models/gpt2_bf16_sharded/model-00002-of-00002.safetensors")

    out = corpus("safetensors_index")
    index = FIXTURES / "models/gpt2_bf16_sharded/model.safetensors.index.json"
    copy(out, index)
    weight_map = json.loads(index.read_text())["weight_map"]
    first = {k: v for k, v in weight_map.items() if v.endswith("00001-of-00002.safetensors")}
    (out / "one_shard.json").write_text(json.dumps({"metadata": {"total_size": 1}, "weight_map": dict(list(first.items())[:3])}))


# --- config.json and tokenizer files --------------------------------------------------------------

def shortened_tokenizer_json(path, keep, later_added=8):
    """A tokenizer.json with its vocabulary cut to the ids below `keep`, the first merges among
    the pieces kept, and the first added tokens below `keep` plus up to `later_added` later
    non-special and as many special ones, renumbered from `keep` on, post-processor ids
    following them."""
    tokenizer = json.loads(path.read_text(encoding="utf-8"))
    model = tokenizer["model"]
    model["vocab"] = {piece: i for piece, i in model["vocab"].items() if i < keep}
    pieces = set(model["vocab"])
    if model.get("merges"):
        def kept(merge):
            left, right = merge.split(" ", 1) if isinstance(merge, str) else merge
            return left in pieces and right in pieces and left + right in pieces
        model["merges"] = [merge for merge in model["merges"] if kept(merge)][:keep // 2]
    added = tokenizer.get("added_tokens") or []
    later = [a for a in added if a["id"] >= keep]
    later = [a for a in later if not a["special"]][:later_added] + [a for a in later if a["special"]][:later_added]
    new_id = {a["id"]: keep + n for n, a in enumerate(later)}
    for a in later:
        a["id"] = new_id[a["id"]]
    tokenizer["added_tokens"] = [a for a in added if a["id"] < keep][:40] + later
    post = tokenizer.get("post_processor") or {}
    for token in (post.get("special_tokens") or {}).values():
        token["ids"] = [new_id.get(i, i) for i in token["ids"]]
    for key in ("sep", "cls"):
        if key in post:
            post[key][1] = new_id.get(post[key][1], post[key][1])
    return json.dumps(tokenizer, ensure_ascii=False, separators=(",", ":")).encode()


def write_tokenizer_json_variants(out):
    """The components no shipped fixture has, on cut-down real tokenizers: Mistral's Metaspace
    pre-tokenizer, Llama 3.1's Sequence of ByteLevel and TemplateProcessing, and the remaining
    normalizers, pre-tokenizers and Split behaviours. Without a seed of each, a fuzzer mutating
    JSON bytes never builds one (a coverage report of 10 M executions showed them untouched)."""
    def cut(name, keep):
        return json.loads(shortened_tokenizer_json(FIXTURES / "tokenizers" / name / "tokenizer.json", keep))

    def write(name, tokenizer):
        (out / ("variant_%s.json" % name)).write_bytes(
            json.dumps(tokenizer, ensure_ascii=False, separators=(",", ":")).encode())

    mistral = cut("llama2", 1200)
    metaspace = {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "first", "split": False}
    mistral.update(normalizer=None, pre_tokenizer=metaspace, decoder=dict(metaspace))
    write("mistral_metaspace", mistral)
    t5 = dict(mistral, pre_tokenizer={"type": "Metaspace", "replacement": "\u2581", "add_prefix_space": True})
    write("legacy_metaspace", t5)

    llama31 = cut("llama3", 1200)
    begin = next(a["id"] for a in llama31["added_tokens"] if a["content"] == "<|begin_of_text|>")
    special = {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}}
    llama31["post_processor"] = {"type": "Sequence", "processors": [
        {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
        {"type": "TemplateProcessing",
         "single": [special, {"Sequence": {"id": "A", "type_id": 0}}],
         "pair": [special, {"Sequence": {"id": "A", "type_id": 0}},
                  {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 1}}, {"Sequence": {"id": "B", "type_id": 1}}],
         "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [begin],
                                                  "tokens": ["<|begin_of_text|>"]}}}]}
    write("llama31_sequence", llama31)

    bert = cut("bert-base-uncased", 2100)
    vocab = bert["model"]["vocab"]
    bert["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "NFD"}, {"type": "Lowercase"}, {"type": "StripAccents"},
        {"type": "Replace", "pattern": {"Regex": "\\s+"}, "content": " "}]}
    bert["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "WhitespaceSplit"}, {"type": "Digits", "individual_digits": True}]}
    bert["post_processor"] = {"type": "BertProcessing", "sep": ["[SEP]", vocab["[SEP]"]], "cls": ["[CLS]", vocab["[CLS]"]]}
    write("bert_sequences", bert)

    cased = cut("bert-base-cased", 1200)
    cased["normalizer"] = {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "NFKD"}, {"type": "NFC"},
                                                             {"type": "Prepend", "prepend": "-"}]}
    cased["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Whitespace"},
        {"type": "Split", "pattern": {"String": "-"}, "behavior": "Removed", "invert": False},
        {"type": "Split", "pattern": {"Regex": "\\d+"}, "behavior": "Contiguous", "invert": True},
        {"type": "Split", "pattern": {"String": "."}, "behavior": "MergedWithNext", "invert": False},
        {"type": "Digits", "individual_digits": False}]}
    write("bert_splits", cased)


def write_text_corpora():
    models = sorted((FIXTURES / "models").iterdir())

    out = corpus("hf_config")
    seen = set()
    for model in models:
        config = model / "config.json"
        if config.exists() and config.read_bytes() not in seen:
            seen.add(config.read_bytes())
            copy(out, config, model.name + ".json")

    out = corpus("tokenizer_json")
    seen = set()
    for model in models:
        tokenizer = model / "tokenizer.json"
        if tokenizer.exists() and tokenizer.read_bytes() not in seen:
            seen.add(tokenizer.read_bytes())
            copy(out, tokenizer, model.name + ".json")
    # The model fixtures' tokenizers are all byte-level BPE; the real ones bring WordPiece,
    # Metaspace-style Replace/Prepend normalizers, NFC, Split + ByteLevel sequences, byte
    # fallback, and the template, BERT and RoBERTa post-processors.
    for name, keep in (("bert-base-uncased", 2100), ("bert-base-cased", 1200), ("roberta", 1200),
                       ("llama2", 1200), ("llama3", 1200), ("qwen3", 1200), ("gemma3", 1200)):
        (out / ("real_%s.json" % name)).write_bytes(
            shortened_tokenizer_json(FIXTURES / "tokenizers" / name / "tokenizer.json", keep))
    write_tokenizer_json_variants(out)

    out = corpus("vocab_txt")
    copy(out, FIXTURES / "models/bert_f32_prefixed/vocab.txt", "bert_f32_prefixed.txt")
    for name in ("bert-base-cased-legacy", "bert-base-uncased-legacy"):
        lines = (FIXTURES / "tokenizers" / name / "vocab.txt").read_bytes().split(b"\n")
        # The special tokens and [unused] entries, then a stretch of real pieces and ## pieces.
        (out / (name + ".txt")).write_bytes(b"\n".join(lines[:110] + lines[1000:1300] + lines[-300:]))

    separator = b"\n#merges.txt\n"
    out = corpus("vocab_merges")
    for model in ("gpt2_f32", "roberta_bf16"):
        folder = FIXTURES / "models" / model
        both = (folder / "vocab.json").read_bytes() + separator + (folder / "merges.txt").read_bytes()
        (out / (model + ".txt")).write_bytes(both)
        (out / (model + "_odd.txt")).write_bytes(both + b"\n")  # the other model type (length parity)

    separator = b"\n#special_tokens_map.json\n"
    out = corpus("tokenizer_config")
    legacy = FIXTURES / "tokenizers/bert-base-cased-legacy"
    configs = {
        "bert_cased": (legacy / "tokenizer_config.json").read_bytes() + separator
                      + (legacy / "special_tokens_map.json").read_bytes(),
        "gpt2": (FIXTURES / "tokenizers/gpt2-legacy/tokenizer_config.json").read_bytes(),
        "roberta_objects": json.dumps({
            "model_max_length": 512, "do_lower_case": False, "add_prefix_space": True,
            "bos_token": {"content": "<s>", "lstrip": False, "rstrip": False, "single_word": False, "normalized": True},
            "mask_token": {"content": "<mask>", "lstrip": True},
            "additional_special_tokens": ["<extra_0>", {"content": "<extra_1>"}]}).encode(),
        "gpt2_bos": json.dumps({"add_bos_token": True, "add_prefix_space": True, "bos_token": "<|endoftext|>"}).encode(),
        "bert_flags": json.dumps({"do_lower_case": True, "tokenize_chinese_chars": False,
                                  "strip_accents": None, "cls_token": "[CLS]", "sep_token": None}).encode(),
    }
    for name, text in configs.items():
        (out / (name + "_even.json")).write_bytes(text if len(text) % 2 == 0 else text + b" ")
        (out / (name + "_odd.json")).write_bytes(text if len(text) % 2 == 1 else text + b" ")


# --- GGUF --------------------------------------------------------------------------------------

U8, I8, U16, I16, U32, I32, F32, BOOL, STRING, ARRAY, U64, I64, F64 = range(13)
SCALARS = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f", BOOL: "<?",
           U64: "<Q", I64: "<q", F64: "<d"}


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, fmt):
        value = struct.unpack_from(fmt, self.data, self.at)
        self.at += struct.calcsize(fmt)
        return value[0]

    def string(self):
        n = self.take("<Q")
        self.at += n
        return self.data[self.at - n:self.at]

    def value(self, kind):
        if kind == STRING:
            return self.string()
        if kind == ARRAY:
            element, n = self.take("<I"), self.take("<Q")
            return (element, [self.value(element) for _ in range(n)])
        return self.take(SCALARS[kind])


def read_gguf_metadata(path):
    r = Reader(path.read_bytes())
    assert r.data[:4] == b"GGUF"
    r.at = 4
    r.take("<I")
    r.take("<Q")
    keys = r.take("<Q")
    metadata = []
    for _ in range(keys):
        key = r.string().decode()
        kind = r.take("<I")
        metadata.append((key, kind, r.value(kind)))
    return metadata


def pack_value(kind, value):
    if kind == STRING:
        return struct.pack("<Q", len(value)) + value
    if kind == ARRAY:
        element, items = value
        return struct.pack("<IQ", element, len(items)) + b"".join(pack_value(element, v) for v in items)
    return struct.pack(SCALARS[kind], value)


def write_gguf(metadata):
    """A GGUF v3 file with metadata only (no tensors)."""
    body = b"GGUF" + struct.pack("<IQQ", 3, 0, len(metadata))
    for key, kind, value in metadata:
        body += pack_value(STRING, key.encode()) + struct.pack("<I", kind) + pack_value(kind, value)
    return body


def shortened_tokenizer(path, keep, pre=None, specials=8):
    """The tokenizer.ggml.* metadata of a GGUF tokenizer fixture with its token list cut to the
    first `keep` tokens plus a few special ones from further on (user-defined tokens first, then
    control tokens), renumbered, and the merges among the kept tokens; `pre` replaces
    tokenizer.ggml.pre. A merge naming a token that is gone would make the loader refuse the file."""
    metadata = read_gguf_metadata(path)
    values = {key: value for key, _, value in metadata}
    tokens = values["tokenizer.ggml.tokens"][1]
    types = values.get("tokenizer.ggml.token_type", (I32, [1] * len(tokens)))[1]
    later = [i for i in range(keep, len(tokens)) if types[i] == 4] + \
            [i for i in range(keep, len(tokens)) if types[i] == 3]
    kept = list(range(min(keep, len(tokens)))) + later[:specials]
    new_id = {old: new for new, old in enumerate(kept)}
    pieces = {tokens[i] for i in kept}

    def merge_kept(merge):
        left, _, right = merge.partition(b" ")
        return left in pieces and right in pieces and left + right in pieces

    out = []
    for key, kind, value in metadata:
        if not key.startswith(("tokenizer.ggml.", "general.architecture")):
            continue
        if kind == ARRAY and key in ("tokenizer.ggml.tokens", "tokenizer.ggml.scores", "tokenizer.ggml.token_type"):
            value = (value[0], [value[1][i] for i in kept])
        if kind == ARRAY and key == "tokenizer.ggml.merges":
            value = (value[0], [merge for merge in value[1] if merge_kept(merge)][:keep // 2])
        if key.endswith("_token_id"):
            value = new_id.get(value, 1)
        if key == "tokenizer.ggml.pre" and pre is not None:
            value = pre.encode()
        out.append((key, kind, value))
    return write_gguf(out)


# ggml type → (elements, bytes) per block, for the types of the GGUF model fixtures.
BLOCKS = {0: (1, 4), 1: (1, 2), 8: (32, 34), 12: (256, 144), 14: (256, 210), 30: (1, 2)}


def model_skeleton(path, vocab_rows=8, metadata_changes=(), extra_tensors=(), layer_prefixes=("blk.0.",),
                   drop_key_prefix=None):
    """A GGUF model fixture with everything ggufDecoderConfig reads and little else: all its
    metadata, token_embd.weight cut to `vocab_rows` rows, the rope factor tensors as they are,
    and output.weight and layer 0's tensors (whose presence sets biases, tying and the layout)
    as single F32 values, all zero but the rope factors. The fixtures themselves hold up to 456 KB of
    weights a fuzzer would spend its mutations on. metadata_changes: (key, kind, value) that
    replace or add keys; extra_tensors: (name, dims, F32 values); layer_prefixes: the layer-0
    tensors kept (T5: enc.blk.0. and dec.blk.0.); drop_key_prefix: keys left out (a T5 file's
    240 KB precompiled charsmap)."""
    r = Reader(path.read_bytes())
    assert r.data[:4] == b"GGUF"
    r.at = 4
    version, tensor_count, key_count = r.take("<I"), r.take("<Q"), r.take("<Q")
    metadata = []
    for _ in range(key_count):
        key = r.string().decode()
        kind = r.take("<I")
        metadata.append((key, kind, r.value(kind)))
    tensors = []
    for _ in range(tensor_count):
        name = r.string().decode()
        dims = [r.take("<Q") for _ in range(r.take("<I"))]
        kind = r.take("<I")
        at = r.take("<Q")
        if name == "token_embd.weight":
            tensors.append((name, dims[:1] + [vocab_rows], kind, None))
        elif name.startswith("rope_"):
            tensors.append((name, dims, kind, at))
        elif name == "output.weight" or name.startswith(layer_prefixes):
            tensors.append((name, [1], 0, None))
    data_start = r.at + (-r.at % 32)  # the fixtures keep ggml's default alignment
    if drop_key_prefix:
        metadata = [entry for entry in metadata if not entry[0].startswith(drop_key_prefix)]
    for key, kind, value in metadata_changes:
        metadata = [entry for entry in metadata if entry[0] != key] + [(key, kind, value)]
    payloads = {}
    for name, dims, values in extra_tensors:
        tensors.append((name, dims, 0, None))
        payloads[name] = struct.pack("<%df" % len(values), *values)
    body = write_gguf(metadata)
    body = body[:8] + struct.pack("<Q", len(tensors)) + body[16:]
    alignment, table, data = 32, b"", b""
    for name, dims, kind, at in tensors:
        elements, block_bytes = BLOCKS[kind]
        count = 1
        for d in dims:
            count *= d
        size = count // elements * block_bytes
        table += pack_value(STRING, name.encode()) + struct.pack("<I", len(dims))
        table += b"".join(struct.pack("<Q", d) for d in dims) + struct.pack("<IQ", kind, len(data))
        if name in payloads:
            data += payloads[name]
        elif at is not None:
            data += r.data[data_start + at:data_start + at + size]
        else:
            data += b"\0" * size
        data += b"\0" * (-len(data) % alignment)
    body += table
    return body + b"\0" * (-len(body) % alignment) + data


def write_gguf_corpora():
    out = corpus("gguf_file")
    for path in (FIXTURES / "gguf/types.gguf", FIXTURES / "gguf/v2.gguf", FIXTURES / "gguf/models/qwen3_q8_0.gguf"):
        copy(out, path)
    # Every architecture ggufDecoderConfig reads (the corpus had only llama, qwen2 and qwen3),
    # with llama's rope_freqs, linear rope scaling and a K-quant embedding.
    for name in ("gemma2_f32", "gemma3_f32", "phi3_f32", "gpt_neox_f16", "llama_f32", "llama_linear_f16",
                 "llama256_q4_k_m"):
        (out / (name + "_skeleton.gguf")).write_bytes(model_skeleton(FIXTURES / "gguf/models" / (name + ".gguf")))
    # The mixture-of-experts architectures and SmolLM3 (issue #39): the expert keys, layer 0's
    # router (its presence makes a layer sparse), gpt-oss's YaRN and sliding window.
    for name in ("qwen3moe_f32", "mixtral_f32", "olmoe_f32", "qwen2moe_f32", "gpt_oss_mxfp4", "smollm3_f32"):
        (out / (name + "_skeleton.gguf")).write_bytes(model_skeleton(FIXTURES / "gguf/models" / (name + ".gguf")))
    # YaRN rope scaling, and Phi-3's long-context rope factors (rotary dimension 8: 4 factors).
    yarn = [("llama.rope.scaling.type", STRING, b"yarn"), ("llama.rope.scaling.factor", F32, 4.0),
            ("llama.rope.scaling.original_context_length", U32, 64),
            ("llama.rope.scaling.yarn_beta_fast", F32, 32.0), ("llama.rope.scaling.yarn_beta_slow", F32, 1.0)]
    (out / "llama_yarn_skeleton.gguf").write_bytes(
        model_skeleton(FIXTURES / "gguf/models/llama_linear_f16.gguf", metadata_changes=yarn))
    # llama.cpp's t5 (ggufSeq2SeqConfig): relu and tied, gated with its own head.
    for name in ("t5_relu_f32", "t5_gated_bf16"):
        (out / (name + "_skeleton.gguf")).write_bytes(model_skeleton(
            FIXTURES / "gguf/models" / (name + ".gguf"), layer_prefixes=("enc.blk.0.", "dec.blk.0."),
            drop_key_prefix="tokenizer."))
    longrope = [("rope_factors_long.weight", [4], [1.0, 1.5, 2.0, 4.0]),
                ("rope_factors_short.weight", [4], [1.0, 1.0, 1.25, 1.5])]
    (out / "phi3_longrope_skeleton.gguf").write_bytes(model_skeleton(
        FIXTURES / "gguf/models/phi3_f32.gguf", extra_tensors=longrope,
        metadata_changes=[("phi3.rope.scaling.attn_factor", F32, 1.19),
                          ("phi3.rope.scaling.original_context_length", U32, 32)]))

    out = corpus("gguf_tokenizer")
    copy(out, FIXTURES / "gguf/models/qwen3_q8_0.gguf")
    # llama2.gguf: SentencePiece ("llama"): <unk> <s> </s>, the 256 byte pieces, then real ones.
    (out / "llama2_spm.gguf").write_bytes(shortened_tokenizer(FIXTURES / "gguf/tokenizers/llama2.gguf", 1200))
    (out / "gpt2_bpe.gguf").write_bytes(shortened_tokenizer(FIXTURES / "gguf/tokenizers/gpt2.gguf", 1200))
    # Each pre-tokenizer family of GgufPreTokenizers.cpp: libFuzzer seldom turns "gpt-2" into
    # another name (its length is stored in front of it), and 2.8 M executions from the seeds
    # above never reached the Llama 3 or Qwen 2 regexes. An unknown name checks the refusal.
    (out / "llama3_bpe.gguf").write_bytes(shortened_tokenizer(FIXTURES / "gguf/tokenizers/llama3.gguf", 1200))
    (out / "qwen3_bpe.gguf").write_bytes(shortened_tokenizer(FIXTURES / "gguf/tokenizers/qwen3.gguf", 1200))
    # EOS added as well as BOS (llama.cpp's add_eos_token), on the SentencePiece tokenizer.
    (out / "llama2_spm_add_eos.gguf").write_bytes(write_gguf(
        read_gguf_metadata(out / "llama2_spm.gguf") + [("tokenizer.ggml.add_eos_token", BOOL, True)]))
    for pre in ("default", "smollm", "deepseek-llm", "deepseek-coder", "falcon", "no-such-pre"):
        (out / ("gpt2_bpe_%s.gguf" % pre)).write_bytes(
            shortened_tokenizer(FIXTURES / "gguf/tokenizers/gpt2.gguf", 300, pre=pre))

    # Two blocks of each dequantisable type (the first byte picks the type by its position in
    # the list of dequantisable types, see fuzz_ggml_dequant.cpp), from a fixed random stream.
    out = corpus("ggml_dequant")
    rng = random.Random(14)
    # In ggml type number order: F32 F16 Q4_0 Q4_1 Q5_0 Q5_1 Q8_0 Q2_K Q3_K Q4_K Q5_K Q6_K BF16 MXFP4.
    block_bytes = [4, 2, 18, 20, 22, 24, 34, 84, 110, 144, 176, 210, 2, 17]
    for index, size in enumerate(block_bytes):
        (out / ("type%02d.bin" % index)).write_bytes(bytes([index]) + bytes(rng.getrandbits(8) for _ in range(2 * size)))


# --- sessions ----------------------------------------------------------------------------------

def write_session_corpus():
    out = corpus("session")
    full = {
        "format": "headmap-session", "version": 1,
        "model": {"source": "builtin:teaching",
                  "teaching": {"d_model": 64, "heads": 4, "layers": 2, "max_positions": 2048,
                               "seed": "0", "causal": False, "positional": True}},
        "text": "Hej verden", "pair_text": "", "comparison_text": "Hello world",
        "compare": {"mode": "heads", "layer_b": 0, "head_b": 1},
        "view": "heatmap", "layer": 0, "head": 0, "selected_token": -1, "step": 0,
        "heatmap": {"colormap": "viridis", "scale": "fixed", "show_values": False,
                    "hide_special_tokens": False, "merge_words": False, "measure": "weights"},
        "ablations": "", "presentation": False,
    }
    (out / "full.headmap").write_text(json.dumps(full, indent=4, ensure_ascii=False) + "\n")
    minimal = {"format": "headmap-session", "version": 1, "model": {"source": "builtin:patterns"}, "text": "多语言 😀"}
    (out / "minimal.headmap").write_text(json.dumps(minimal, ensure_ascii=False))
    other = dict(full, view="steps", step=3, ablations="1.0,0.2:mean", presentation=True,
                 compare={"mode": "sentences", "layer_b": 1, "head_b": 3},
                 heatmap={"colormap": "magma", "scale": "log", "show_values": True, "hide_special_tokens": True,
                          "merge_words": True, "measure": "value-norm"})
    other["model"] = {"source": "/models/bert-base-uncased"}
    (out / "steps.headmap").write_text(json.dumps(other, indent=2))


if __name__ == "__main__":
    write_safetensors_corpus()
    write_text_corpora()
    write_gguf_corpora()
    write_session_corpus()
    for folder in sorted(CORPUS.iterdir()):
        files = list(folder.iterdir())
        print("%-20s %2d files %7d bytes" % (folder.name, len(files), sum(f.stat().st_size for f in files)))
