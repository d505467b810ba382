"""PyTorch models for bench_vs_pytorch.py, written from the transformers sources with their eager
attention and every layer's attention weights returned (output_attentions=True), in inference
mode (dropout off). The weights are read from the model folder's model.safetensors, F32 or BF16
(BF16 is widened to float32, as Headmap computes in float32).

  Qwen2Reference follows src/transformers/models/qwen2/modeling_qwen2.py: Qwen2RMSNorm,
    Qwen2RotaryEmbedding (default rope: inv_freq = 1 / theta^(2i/d), cos/sin of cat(freqs, freqs)),
    apply_rotary_pos_emb with rotate_half, Qwen2Attention (q/k/v_proj with bias, o_proj without),
    repeat_kv + eager_attention_forward (matmul · scaling + causal mask, softmax in float32,
    matmul with V), Qwen2MLP (down(silu(gate(x)) * up(x))), Qwen2DecoderLayer (pre-norm
    residuals), Qwen2Model (embed_tokens, layers, norm). No lm_head: Headmap's bench does not
    compute logits either.
  BertReference follows src/transformers/models/bert/modeling_bert.py: BertEmbeddings (word +
    absolute position + token type, LayerNorm), BertSelfAttention eager path (transpose_for_scores,
    matmul / sqrt(d_head), softmax, matmul with V), BertSelfOutput, BertIntermediate (gelu),
    BertOutput, BertEncoder.
"""

import json
import math
import os
import struct

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def read_safetensors(path):
    """{name: float32 torch tensor} of a model.safetensors holding F32 or BF16 tensors."""
    with open(path, "rb") as f:
        length = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(length))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + length)
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        raw = data[begin:end]
        if entry["dtype"] == "F32":
            values = np.frombuffer(raw, "<f4").copy()
        elif entry["dtype"] == "BF16":
            values = (np.frombuffer(raw, "<u2").astype(np.uint32) << 16).view(np.float32)
        else:
            raise ValueError(f"{path}: tensor {name} has dtype {entry['dtype']}")
        tensors[name] = torch.from_numpy(values.reshape(entry["shape"]))
    return tensors


def linear_from(tensors, name, bias=True):
    weight = tensors[name + ".weight"]
    layer = nn.Linear(weight.shape[1], weight.shape[0], bias=bias)
    layer.weight.data = weight
    if bias:
        layer.bias.data = tensors[name + ".bias"]
    return layer


# ----------------------------------------------------------------------------------------------
# Qwen2 (modeling_qwen2.py)
# ----------------------------------------------------------------------------------------------

class Qwen2RMSNorm(nn.Module):
    def __init__(self, weight, eps):
        super().__init__()
        self.weight = nn.Parameter(weight, requires_grad=False)
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin):
    cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def eager_attention_forward(query, key, value, attention_mask, scaling, groups):
    key_states = repeat_kv(key, groups)
    value_states = repeat_kv(value, groups)
    attn_weights = torch.matmul(query, key_states.transpose(2, 3)) * scaling
    attn_weights = attn_weights + attention_mask
    attn_weights = F.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query.dtype)
    attn_output = torch.matmul(attn_weights, value_states)
    return attn_output.transpose(1, 2).contiguous(), attn_weights


class Qwen2DecoderLayer(nn.Module):
    def __init__(self, tensors, prefix, cfg):
        super().__init__()
        eps = cfg["rms_norm_eps"]
        self.head_dim = cfg.get("head_dim", cfg["hidden_size"] // cfg["num_attention_heads"])
        self.groups = cfg["num_attention_heads"] // cfg["num_key_value_heads"]
        self.scaling = self.head_dim ** -0.5
        self.q_proj = linear_from(tensors, prefix + "self_attn.q_proj")
        self.k_proj = linear_from(tensors, prefix + "self_attn.k_proj")
        self.v_proj = linear_from(tensors, prefix + "self_attn.v_proj")
        self.o_proj = linear_from(tensors, prefix + "self_attn.o_proj", bias=False)
        self.gate_proj = linear_from(tensors, prefix + "mlp.gate_proj", bias=False)
        self.up_proj = linear_from(tensors, prefix + "mlp.up_proj", bias=False)
        self.down_proj = linear_from(tensors, prefix + "mlp.down_proj", bias=False)
        self.input_layernorm = Qwen2RMSNorm(tensors[prefix + "input_layernorm.weight"], eps)
        self.post_attention_layernorm = Qwen2RMSNorm(tensors[prefix + "post_attention_layernorm.weight"], eps)

    def forward(self, hidden_states, cos, sin, mask):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        query = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        key = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        value = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        query, key = apply_rotary_pos_emb(query, key, cos, sin)
        attn_output, attn_weights = eager_attention_forward(query, key, value, mask, self.scaling, self.groups)
        attn_output = self.o_proj(attn_output.reshape(*input_shape, -1).contiguous())
        hidden_states = residual + attn_output
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.down_proj(F.silu(self.gate_proj(hidden_states)) * self.up_proj(hidden_states))
        return residual + hidden_states, attn_weights


class Qwen2Reference(nn.Module):
    """forward(ids (1, T)) -> (last hidden state (1, T, D), [attention weights (1, H, T, T)] × L)."""

    def __init__(self, folder):
        super().__init__()
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        tensors = read_safetensors(os.path.join(folder, "model.safetensors"))
        self.embed_tokens = nn.Embedding.from_pretrained(tensors["model.embed_tokens.weight"])
        self.layers = nn.ModuleList(Qwen2DecoderLayer(tensors, f"model.layers.{i}.", cfg)
                                    for i in range(cfg["num_hidden_layers"]))
        self.norm = Qwen2RMSNorm(tensors["model.norm.weight"], cfg["rms_norm_eps"])
        head_dim = cfg.get("head_dim", cfg["hidden_size"] // cfg["num_attention_heads"])
        self.inv_freq = 1.0 / (cfg["rope_theta"] ** (torch.arange(0, head_dim, 2, dtype=torch.int64).float() / head_dim))
        self.eval()

    def forward(self, ids):
        t = ids.shape[1]
        hidden_states = self.embed_tokens(ids)
        position_ids = torch.arange(t).unsqueeze(0)
        freqs = (self.inv_freq[None, :, None].float() @ position_ids[:, None, :].float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        # masking_utils.create_causal_mask for eager attention: 0 where kv <= q, else finfo.min.
        allowed = torch.arange(t)[None, :] <= torch.arange(t)[:, None]
        mask = torch.where(allowed, 0.0, torch.finfo(torch.float32).min)[None, None]
        attentions = []
        for layer in self.layers:
            hidden_states, weights = layer(hidden_states, cos, sin, mask)
            attentions.append(weights)
        return self.norm(hidden_states), attentions


# ----------------------------------------------------------------------------------------------
# BERT (modeling_bert.py)
# ----------------------------------------------------------------------------------------------

class BertLayer(nn.Module):
    def __init__(self, tensors, prefix, cfg):
        super().__init__()
        d = cfg["hidden_size"]
        self.heads = cfg["num_attention_heads"]
        self.head_size = d // self.heads
        eps = cfg["layer_norm_eps"]
        self.query = linear_from(tensors, prefix + "attention.self.query")
        self.key = linear_from(tensors, prefix + "attention.self.key")
        self.value = linear_from(tensors, prefix + "attention.self.value")
        self.attention_dense = linear_from(tensors, prefix + "attention.output.dense")
        self.attention_norm = nn.LayerNorm(d, eps=eps)
        self.attention_norm.weight.data = tensors[prefix + "attention.output.LayerNorm.weight"]
        self.attention_norm.bias.data = tensors[prefix + "attention.output.LayerNorm.bias"]
        self.intermediate = linear_from(tensors, prefix + "intermediate.dense")
        self.output_dense = linear_from(tensors, prefix + "output.dense")
        self.output_norm = nn.LayerNorm(d, eps=eps)
        self.output_norm.weight.data = tensors[prefix + "output.LayerNorm.weight"]
        self.output_norm.bias.data = tensors[prefix + "output.LayerNorm.bias"]

    def transpose_for_scores(self, x):
        return x.view(x.size()[:-1] + (self.heads, self.head_size)).permute(0, 2, 1, 3)

    def forward(self, hidden_states):
        query = self.transpose_for_scores(self.query(hidden_states))
        key = self.transpose_for_scores(self.key(hidden_states))
        value = self.transpose_for_scores(self.value(hidden_states))
        scores = torch.matmul(query, key.transpose(-1, -2)) / math.sqrt(self.head_size)
        probs = F.softmax(scores, dim=-1)
        context = torch.matmul(probs, value).permute(0, 2, 1, 3).contiguous()
        context = context.view(context.size()[:-2] + (self.heads * self.head_size,))
        attention_output = self.attention_norm(self.attention_dense(context) + hidden_states)
        intermediate = F.gelu(self.intermediate(attention_output))
        return self.output_norm(self.output_dense(intermediate) + attention_output), probs


class BertReference(nn.Module):
    """forward(ids (1, T)) -> (last hidden state (1, T, D), [attention weights (1, H, T, T)] × L)."""

    def __init__(self, folder):
        super().__init__()
        with open(os.path.join(folder, "config.json")) as f:
            cfg = json.load(f)
        tensors = read_safetensors(os.path.join(folder, "model.safetensors"))
        self.word = nn.Embedding.from_pretrained(tensors["embeddings.word_embeddings.weight"])
        self.position = nn.Embedding.from_pretrained(tensors["embeddings.position_embeddings.weight"])
        self.token_type = nn.Embedding.from_pretrained(tensors["embeddings.token_type_embeddings.weight"])
        self.norm = nn.LayerNorm(cfg["hidden_size"], eps=cfg["layer_norm_eps"])
        self.norm.weight.data = tensors["embeddings.LayerNorm.weight"]
        self.norm.bias.data = tensors["embeddings.LayerNorm.bias"]
        self.layers = nn.ModuleList(BertLayer(tensors, f"encoder.layer.{i}.", cfg)
                                    for i in range(cfg["num_hidden_layers"]))
        self.eval()

    def forward(self, ids):
        t = ids.shape[1]
        positions = torch.arange(t).unsqueeze(0)
        hidden_states = self.norm(self.word(ids) + self.position(positions) + self.token_type(torch.zeros_like(ids)))
        attentions = []
        for layer in self.layers:
            hidden_states, probs = layer(hidden_states)
            attentions.append(probs)
        return hidden_states, attentions
