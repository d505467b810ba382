#!/usr/bin/python3
"""Write tests/golden/predictions_golden.json: the output heads' logits and probabilities of the
encoder fixtures with a masked-LM head and of the GPT-2 fixtures, at chosen positions.

Regenerate from the repository root with:

    /usr/bin/python3 tests/golden/make_prediction_golden.py

The encoders' and GPT-2's hidden states come from the torch reference modules of
tests/fixtures/models/make_model_fixtures.py (imported, not changed), fed the weights read back
from the fixture files. The heads are written here from the transformers sources
(huggingface/transformers, src/transformers/models/...):

  modeling_bert.py        BertPredictionHeadTransform: dense -> ACT2FN[config.hidden_act] ->
                          LayerNorm(eps=config.layer_norm_eps); BertLMPredictionHead: decoder
                          (tied to the word embeddings) + bias ("cls.predictions.bias").
  modeling_roberta.py     RobertaLMHead: dense -> gelu -> layer_norm(eps=config.layer_norm_eps)
                          -> decoder (tied) + bias ("lm_head.bias").
  modeling_distilbert.py  DistilBertForMaskedLM: vocab_transform -> get_activation(
                          config.activation) -> vocab_layer_norm(eps=1e-12) -> vocab_projector
                          (weight tied to the word embeddings, its own bias).
  modeling_gpt2.py        GPT2LMHeadModel: lm_head(ln_f(x)), no bias, tied to wte.

Tying follows PreTrainedModel.tie_weights: every config here keeps tie_word_embeddings' default
(true), so the decoder IS the word embedding matrix and a stored copy (roberta_bf16's
lm_head.decoder.weight, gpt2_bf16_sharded's lm_head.weight) is ignored.

Self-check: a second implementation in float64 (make_model_fixtures.py's plain_encoder /
plain_gpt2 and plain matmuls here on the tensors by their checkpoint names) must agree on the
logits within 1e-5 relative to the largest logit (about 5 here). Only torch, numpy and the standard library are used; torch runs
single-threaded, so the output is byte-identical from run to run.
"""

import json
import math
import os
import re
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURES_DIR = os.path.join(REPO, "tests", "fixtures", "models")
sys.path.insert(0, FIXTURES_DIR)
import make_model_fixtures as mmf  # noqa: E402  (reference modules, tokenizers, reader)

GOLDEN_PATH = os.path.join(HERE, "predictions_golden.json")
GENERATOR = "tests/golden/make_prediction_golden.py"
SELF_CHECK_TOLERANCE = 1e-5
PREFIXES = {"bert": "bert.", "roberta": "roberta.", "distilbert": "distilbert.", "gpt2": None}


def load_fixture(name):
    """(config, {checkpoint name: float64 tensor}) as stored in the folder."""
    with open(os.path.join(FIXTURES_DIR, name, "config.json")) as f:
        cfg = json.load(f)
    files = mmf.read_folder_tensors(name)
    return cfg, {n: v[2] for n, v in files.items()}


def canonical(tensors, prefix):
    """The model's weights without its prefix, gamma/beta read as weight/bias, float32."""
    sd = {}
    for n, t in tensors.items():
        if prefix and not n.startswith(prefix):
            continue
        key = n[len(prefix):] if prefix else n
        key = re.sub(r"LayerNorm\.gamma$", "LayerNorm.weight", key)
        key = re.sub(r"LayerNorm\.beta$", "LayerNorm.bias", key)
        sd[key] = t.to(torch.float32)
    return sd


# --------------------------------------------------------------------------------------------
# The heads as transformers writes them (float32 torch modules).
# --------------------------------------------------------------------------------------------

ACT2FN = {"gelu": lambda x: F.gelu(x), "relu": F.relu, "gelu_new": lambda x: F.gelu(x, approximate="tanh")}


class BertLMPredictionHead(nn.Module):
    """modeling_bert.py: BertPredictionHeadTransform + decoder + bias."""

    def __init__(self, cfg, t, word_embeddings):
        super().__init__()
        d, V = cfg["hidden_size"], cfg["vocab_size"]
        self.dense = nn.Linear(d, d)
        self.transform_act_fn = ACT2FN[cfg["hidden_act"]]
        self.LayerNorm = nn.LayerNorm(d, eps=cfg["layer_norm_eps"])
        self.decoder = nn.Linear(d, V, bias=False)
        self.bias = nn.Parameter(torch.zeros(V))
        with torch.no_grad():
            self.dense.weight.copy_(t["cls.predictions.transform.dense.weight"])
            self.dense.bias.copy_(t["cls.predictions.transform.dense.bias"])
            self.LayerNorm.weight.copy_(t["cls.predictions.transform.LayerNorm.weight"])
            self.LayerNorm.bias.copy_(t["cls.predictions.transform.LayerNorm.bias"])
            self.decoder.weight.copy_(word_embeddings)
            self.bias.copy_(t["cls.predictions.bias"])

    def forward(self, x):
        x = self.LayerNorm(self.transform_act_fn(self.dense(x)))
        return self.decoder(x) + self.bias


class RobertaLMHead(nn.Module):
    """modeling_roberta.py: dense -> gelu -> layer_norm -> decoder (+ bias)."""

    def __init__(self, cfg, t, word_embeddings):
        super().__init__()
        d, V = cfg["hidden_size"], cfg["vocab_size"]
        self.dense = nn.Linear(d, d)
        self.layer_norm = nn.LayerNorm(d, eps=cfg["layer_norm_eps"])
        self.decoder = nn.Linear(d, V)
        with torch.no_grad():
            self.dense.weight.copy_(t["lm_head.dense.weight"])
            self.dense.bias.copy_(t["lm_head.dense.bias"])
            self.layer_norm.weight.copy_(t["lm_head.layer_norm.weight"])
            self.layer_norm.bias.copy_(t["lm_head.layer_norm.bias"])
            self.decoder.weight.copy_(word_embeddings)
            self.decoder.bias.copy_(t["lm_head.bias"])

    def forward(self, features):
        x = self.dense(features)
        x = F.gelu(x)
        x = self.layer_norm(x)
        return self.decoder(x)


class DistilBertMlmHead(nn.Module):
    """modeling_distilbert.py, DistilBertForMaskedLM after the encoder."""

    def __init__(self, cfg, t, word_embeddings):
        super().__init__()
        d, V = cfg["dim"], cfg["vocab_size"]
        self.activation = ACT2FN[cfg["activation"]]
        self.vocab_transform = nn.Linear(d, d)
        self.vocab_layer_norm = nn.LayerNorm(d, eps=1e-12)
        self.vocab_projector = nn.Linear(d, V)
        with torch.no_grad():
            self.vocab_transform.weight.copy_(t["vocab_transform.weight"])
            self.vocab_transform.bias.copy_(t["vocab_transform.bias"])
            self.vocab_layer_norm.weight.copy_(t["vocab_layer_norm.weight"])
            self.vocab_layer_norm.bias.copy_(t["vocab_layer_norm.bias"])
            self.vocab_projector.weight.copy_(word_embeddings)
            self.vocab_projector.bias.copy_(t["vocab_projector.bias"])

    def forward(self, hidden_states):
        x = self.vocab_transform(hidden_states)
        x = self.activation(x)
        x = self.vocab_layer_norm(x)
        return self.vocab_projector(x)


def plain_head(kind, t, cfg, hidden):
    """float64 second implementation, by checkpoint names."""
    def ln(x, w, b, eps):
        mu = x.mean(-1, keepdim=True)
        var = ((x - mu) ** 2).mean(-1, keepdim=True)
        return (x - mu) / torch.sqrt(var + eps) * w + b

    def gelu(x):
        return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))

    def gelu_tanh(x):
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))

    if kind == "gpt2":
        prefix = "transformer." if "transformer.wte.weight" in t else ""
        return hidden @ t[prefix + "wte.weight"].t()
    if kind == "distilbert":
        x = hidden @ t["vocab_transform.weight"].t() + t["vocab_transform.bias"]
        x = ln(gelu(x), t["vocab_layer_norm.weight"], t["vocab_layer_norm.bias"], 1e-12)
        return x @ t["distilbert.embeddings.word_embeddings.weight"].t() + t["vocab_projector.bias"]
    if kind == "roberta":
        x = hidden @ t["lm_head.dense.weight"].t() + t["lm_head.dense.bias"]
        x = ln(gelu(x), t["lm_head.layer_norm.weight"], t["lm_head.layer_norm.bias"], cfg["layer_norm_eps"])
        return x @ t["roberta.embeddings.word_embeddings.weight"].t() + t["lm_head.bias"]
    x = hidden @ t["cls.predictions.transform.dense.weight"].t() + t["cls.predictions.transform.dense.bias"]
    act = gelu_tanh if cfg["hidden_act"] == "gelu_new" else gelu
    x = ln(act(x), t["cls.predictions.transform.LayerNorm.weight"],
           t["cls.predictions.transform.LayerNorm.bias"], cfg["layer_norm_eps"])
    return x @ t["bert.embeddings.word_embeddings.weight"].t() + t["cls.predictions.bias"]


# --------------------------------------------------------------------------------------------
# Cases.
# --------------------------------------------------------------------------------------------

def bert_tokens(text_before, text_after):
    """[CLS] before [MASK] after [SEP], as BertTokenizer keeps [MASK] whole."""
    v = mmf.BERT_VOCAB
    return ["[CLS]"] + mmf.bert_tokenize(text_before, v) + ["[MASK]"] + mmf.bert_tokenize(text_after, v) + ["[SEP]"]


CASES = [
    # (case name, fixture, tokens, positions (None: the mask), temperature for an extra row)
    ("bert_f32_prefixed_mask", "bert_f32_prefixed", bert_tokens("The cat", "on the mat."), [None, 1], 0.5),
    ("distilbert_f32_mask", "distilbert_f32", bert_tokens("The dog", "to the river bank."), [None, 0], 2.0),
    # RoBERTa's <mask> takes the space before it (lstrip), so " on" keeps its own.
    ("roberta_bf16_mask", "roberta_bf16",
     ["<s>"] + mmf.bpe_tokenize("The cat") + ["<mask>"] + mmf.bpe_tokenize(" on the mat.") + ["</s>"], [None, 2], 0.5),
    ("gpt2_f32_text", "gpt2_f32", mmf.bpe_tokenize("The cat sat on the mat."), [-1, 2], 0.7),
    ("gpt2_bf16_sharded_text", "gpt2_bf16_sharded", mmf.bpe_tokenize("Hej søster, hello world"), [-1, 0], 0.7),
]


def run_case(name, fixture, tokens, positions, temperature, checks):
    cfg, tensors = load_fixture(fixture)
    kind = cfg["model_type"]
    vocab = mmf.GPT2_VOCAB if kind == "gpt2" else (mmf.ROBERTA_VOCAB if kind == "roberta" else mmf.BERT_VOCAB)
    index = {tok: i for i, tok in enumerate(vocab)}
    ids = [index[tok] for tok in tokens]
    T = len(ids)
    ids_t = torch.tensor(ids, dtype=torch.int64)
    type_t = torch.zeros(T, dtype=torch.int64)
    pos = [cfg["pad_token_id"] + 1 + i for i in range(T)] if kind == "roberta" else list(range(T))
    pos_t = torch.tensor(pos, dtype=torch.int64)

    prefix = PREFIXES[kind]
    if kind == "gpt2":
        prefix = "transformer." if "transformer.wte.weight" in tensors else ""
    sd = canonical(tensors, prefix)
    head_t = {n: v.to(torch.float32) for n, v in tensors.items()}
    with torch.no_grad():
        if kind == "gpt2":
            sd = {n: v for n, v in sd.items() if ".attn.bias" not in n and "masked_bias" not in n}
            hidden = mmf.build_gpt2_reference(sd, cfg)(ids_t.unsqueeze(0))[0][0]
            logits_all = hidden @ sd["wte.weight"].t()  # GPT2LMHeadModel.lm_head, tied
        else:
            hidden = mmf.build_encoder_reference(kind, sd, cfg)(
                ids_t.unsqueeze(0), pos_t.unsqueeze(0), type_t.unsqueeze(0))[0][0]
            head = {"bert": BertLMPredictionHead, "roberta": RobertaLMHead,
                    "distilbert": DistilBertMlmHead}[kind](cfg, head_t, sd["embeddings.word_embeddings.weight"])
            logits_all = head.eval()(hidden)

        # The float64 second implementation.
        files = tensors
        stripped = {n[len(prefix):]: v for n, v in files.items() if n.startswith(prefix)} if prefix else files
        if kind == "gpt2":
            p_hidden = mmf.plain_gpt2(stripped, cfg, ids_t)[0]
        else:
            p_hidden = mmf.plain_encoder(kind, stripped, cfg, ids_t, pos_t, type_t, False)[0]
        p_logits = plain_head(kind, files, cfg, p_hidden)
    diff = float((logits_all.double() - p_logits).abs().max()) / max(1.0, float(p_logits.abs().max()))
    checks.append(diff)
    print(f"{name:24s} T={T:2d} vocab={logits_all.shape[-1]:3d} max|logits - float64| / max|logit| = {diff:.2e}")
    assert diff < SELF_CHECK_TOLERANCE, (name, diff)

    mask_id = index.get("[MASK]", index.get("<mask>"))
    rows = []
    for p in positions:
        position = ids.index(mask_id) if p is None else (p % T)
        logits = logits_all[position]
        row = {
            "position": position,
            "logits": logits.tolist(),
            "probabilities": torch.softmax(logits, dim=-1).tolist(),
            "top5": torch.argsort(logits, descending=True)[:5].tolist(),
        }
        rows.append(row)
    # The first position once more at another temperature: softmax(logits / temperature).
    rows[0]["temperature"] = temperature
    scaled = logits_all[rows[0]["position"]] / temperature
    rows[0]["probabilities_at_temperature"] = torch.softmax(scaled, dim=-1).tolist()
    return {
        "name": name,
        "fixture": fixture,
        "model_type": kind,
        "tokens": tokens,
        "ids": ids,
        "mask_position": ids.index(mask_id) if mask_id in ids else None,
        "predictions": rows,
    }


def main():
    torch.set_num_threads(1)
    checks = []
    cases = [run_case(*c, checks) for c in CASES]
    doc = {
        "generator": GENERATOR,
        "torch_version": str(torch.__version__),
        "self_check_tolerance": SELF_CHECK_TOLERANCE,
        "self_check_max_diff": max(checks),
        "cases": cases,
    }
    with open(GOLDEN_PATH, "w") as f:
        json.dump(doc, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")
    print(f"wrote {GOLDEN_PATH}: {len(cases)} cases, max self-check difference {max(checks):.2e}")


if __name__ == "__main__":
    main()
