"""The PyTorch side of bench_translation_vs_pytorch.py: transformers' own MarianMTModel and its own
GenerationMixin.generate(), run without the transformers package.

tests/fixtures/seq2seq/hf_extract.py executes transformers' files from a git repository at a
pinned commit with the package's plumbing replaced by stand-ins; the golden fixtures run without
a cache. For a timing the real key/value cache and the real generate() loop matter, so this
module executes three more files of the same commit:
  * cache_utils.py: DynamicCache, EncoderDecoderCache, ... as written (the only stand-ins:
    PreTrainedConfig, logging, and is_hqq_available / is_torch_greater_or_equal answering False);
  * generation/configuration_utils.py: GenerationConfig as written (stand-ins for the Hub
    helpers it imports: create_repo, cached_file, PushToHubMixin, ...; ExplicitEnum is
    utils/generic.py's own);
  * generation/utils.py: the whole GenerationMixin class as written -- generate(), its input,
    length, cache and logits-processor preparation, _sample() with _prefill(),
    prepare_inputs_for_generation() and _update_model_kwargs_for_generation() -- with the
    annotations of its methods removed (they name classes of files not executed here, such as
    the candidate generators of assisted decoding; annotations do nothing at run time).
Stand-ins for what the greedy path does not use (assisted decoding, continuous batching, hub
downloads, torch.compile) are never called; a call would fail with a NameError naming it.
The causal-mask stand-in of hf_extract.py refuses a cache; the one here also takes one: with
past tokens the mask covers past + new keys, 0 where a query may attend and finfo.min where not,
as transformers' eager mask builder does (for one new row it is all zeros).

Debian's torch 1.13 runs this; transformers targets torch >= 2 (hf_extract.py shims the two
differences the model files need).
"""

import ast
import copy
import dataclasses
import enum
import inspect
import json
import os
import sys
import typing
import warnings

import torch
import torch.distributed as dist
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fixtures", "seq2seq"))
import hf_extract  # noqa: E402
import torch_references  # noqa: E402  (the benchmarks' safetensors reader: F32, BF16 as float32)


def _strip_annotations(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            args = node.args
            for arg in args.args + args.kwonlyargs + args.posonlyargs + [args.vararg, args.kwarg]:
                if arg is not None:
                    arg.annotation = None


def execute(src, rel, stubs, keep=None, strip_annotations=False):
    """Executes transformers' file `rel`: every import whose names are all in `stubs` is replaced
    by them, other imports (the standard library, torch) run as written; a relative import with
    a name missing from `stubs` stops with that name. keep: only these top-level definitions and
    assignments (with the module's imports)."""
    tree = ast.parse(src.read(rel), filename=rel)
    body = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name.split(".")[0] for a in node.names]
            if all(n in stubs for n in names):
                continue
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                missing = [n for n in names if n not in stubs]
                if keep is None:
                    raise SystemExit(f"{rel}: no stand-in for {missing}")
                continue
        elif keep is not None:
            names = []
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if not set(names) & set(keep):
                continue
        body.append(node)
    tree.body = body
    if strip_annotations:
        _strip_annotations(tree)
    ns = hf_extract.Namespace(stubs)
    ns["__name__"] = "hf_extract." + rel.replace("/", ".")[:-3]
    exec(compile(tree, filename=f"transformers/{rel}", mode="exec"), ns)
    return ns


def create_causal_mask(config, input_embeds, attention_mask, cache_position, past_key_values,
                       position_ids=None, or_mask_function=None, and_mask_function=None):
    """Eager causal mask (B, 1, Q, K) over past + new keys: query at cache_position p sees keys
    0..p (and no padding)."""
    q = input_embeds.shape[1]
    if past_key_values is not None:
        k = past_key_values.get_mask_sizes(cache_position, 0)[0]
    else:
        k = q if attention_mask is None else attention_mask.shape[-1]
    allowed = cache_position[:, None] >= torch.arange(k)[None, :]        # (Q, K)
    allowed = allowed[None, None].expand(input_embeds.shape[0], 1, q, k)
    if attention_mask is not None:
        allowed = allowed & attention_mask.bool()[:, None, None, -k:]
    return hf_extract._additive(allowed, input_embeds.dtype)


class _Unused:
    """For names on paths the greedy search never takes (assisted decoding, static and
    quantized caches, continuous batching)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"{self.name} is not extracted: the benchmark's generate() should not reach it")

    def __getattr__(self, attr):
        raise RuntimeError(f"{self.name}.{attr} is not extracted")


class Transformers:
    """MarianMTModel, MarianTokenizer and GenerationMixin of one transformers commit."""

    def __init__(self, git_dir):
        src = hf_extract.Source(git_dir)
        self.lib = lib = hf_extract.Library(src)
        base = lib.base
        self.source = src

        # cache_utils.py
        cache_stubs = dict(base, torch=torch, is_hqq_available=lambda: False,
                           is_quanto_greater=lambda *a, **k: False,
                           is_torch_greater_or_equal=lambda *a, **k: False,
                           PreTrainedConfig=hf_extract.PreTrainedConfig)
        self.cache = cache = execute(src, "cache_utils.py", cache_stubs)

        # generation/configuration_utils.py
        generic = execute(src, "utils/generic.py", dict(base, Enum=enum.Enum), keep=["ExplicitEnum"])
        config_stubs = dict(base, create_repo=_Unused("create_repo"), __version__="5.0.0.dev0",
                            GENERATION_CONFIG_NAME="generation_config.json", ExplicitEnum=generic["ExplicitEnum"],
                            PushToHubMixin=object, cached_file=_Unused("cached_file"),
                            extract_commit_hash=_Unused("extract_commit_hash"), is_torch_available=lambda: False)
        self.generation_config = gc = execute(src, "generation/configuration_utils.py", config_stubs)

        # generation/utils.py: GenerationMixin and the output classes.
        mixin_stubs = dict(base)
        mixin_stubs.update({k: v for k, v in lib.logits_process.items() if not k.startswith("__")})
        mixin_stubs.update({k: v for k, v in lib.stopping.items() if isinstance(v, type)})
        for name in ("Cache", "DynamicCache", "EncoderDecoderCache", "QuantizedCache", "StaticCache"):
            mixin_stubs[name] = cache[name]
        for name in ("GenerationConfig", "GenerationMode", "ALL_STATIC_CACHE_IMPLEMENTATIONS",
                     "DEPRECATED_STATIC_CACHE_IMPLEMENTATIONS", "STATIC_CACHE_IMPLEMENTATIONS"):
            mixin_stubs[name] = gc[name]
        unused = ["check_python_requirements", "get_cached_module_file", "get_class_in_module",
                  "resolve_trust_remote_code", "create_masks_for_generate", "ExtensionsTrie",
                  "AssistantVocabTranslatorCache", "AssistedCandidateGenerator",
                  "AssistedCandidateGeneratorDifferentTokenizers", "CandidateGenerator",
                  "EarlyExitCandidateGenerator", "PromptLookupCandidateGenerator",
                  "UniversalSpeculativeDecodingGenerator", "_prepare_attention_mask", "_prepare_token_type_ids"]
        mixin_stubs.update({n: _Unused(n) for n in unused})
        mixin_stubs.update(copy=copy, inspect=inspect, warnings=warnings, os=os, torch=torch, dist=dist, nn=nn,
                           dataclass=dataclasses.dataclass, ContinuousMixin=object,
                           is_accelerate_available=lambda: False, is_optimum_quanto_available=lambda: False,
                           is_hqq_available=lambda: False, is_torchdynamo_exporting=lambda: False,
                           Any=typing.Any, Optional=typing.Optional, Union=typing.Union, Callable=typing.Callable,
                           TYPE_CHECKING=False)
        gen = execute(src, "generation/utils.py", mixin_stubs, strip_annotations=True,
                      keep=["GenerationMixin", "ALL_CACHE_NAMES", "GENERATION_MODES_MAPPING", "logger",
                            "GenerateDecoderOnlyOutput", "GenerateEncoderDecoderOutput",
                            "GenerateBeamDecoderOnlyOutput", "GenerateBeamEncoderDecoderOutput",
                            "GenerateNonBeamOutput", "GenerateBeamOutput", "GenerateOutput"])
        self.GenerationMixin = gen["GenerationMixin"]

        # The model file sees the real caches, the cache-aware mask and the real mixin.
        for name in ("Cache", "DynamicCache", "EncoderDecoderCache"):
            base[name] = cache[name]
        base["GenerationMixin"] = self.GenerationMixin
        base["create_causal_mask"] = create_causal_mask
        # The config stand-in drops generation keys (they live in generation_config.json), so none
        # is set on the model config: what upstream's _get_generation_parameters then returns.
        hf_extract.PreTrainedConfig._get_generation_parameters = lambda self: {}
        # Class attributes of upstream's PreTrainedModel that generate() reads, at their defaults.
        hf_extract.PreTrainedModel._is_stateful = False
        self.config_module, self.modeling = lib.family("marian")

    def load_model(self, folder):
        """MarianMTModel with the folder's weights (F32 or BF16 widened to float32, as Headmap
        computes) and its generation_config.json; eval mode."""
        with open(os.path.join(folder, "config.json")) as f:
            config_json = json.load(f)
        state = torch_references.read_safetensors(os.path.join(folder, "model.safetensors"))
        config = self.config_module["MarianConfig"](**config_json)
        torch.manual_seed(0)  # __init__ draws weights that the checkpoint then replaces
        model = self.modeling["MarianMTModel"](config)
        hf_extract.load_model(self.lib, model, state)
        with open(os.path.join(folder, "generation_config.json")) as f:
            model.generation_config = self.generation_config["GenerationConfig"].from_dict(json.load(f))
        model.eval()
        return model

    def tokenizer(self, folder):
        """transformers' MarianTokenizer on the folder's files."""
        with open(os.path.join(folder, "tokenizer_config.json")) as f:
            tok_cfg = json.load(f)
        cls = self.lib.marian_tokenizer_class(hf_extract.PreTrainedTokenizer)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Recommended: pip install sacremoses."
            return cls(source_spm=os.path.join(folder, "source.spm"), target_spm=os.path.join(folder, "target.spm"),
                       vocab=os.path.join(folder, "vocab.json"), **tok_cfg)
