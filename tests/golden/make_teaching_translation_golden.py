#!/usr/bin/python3
"""Generate tests/golden/teaching_translation_golden.json: an independent PyTorch
re-implementation of Headmap's built-in teaching encoder-decoder, builtin:translation
(engine/teaching/TeachingTranslationModel), on Danish->English and Chinese->English
sentence pairs.

Regenerate from the repository root with:

    /usr/bin/python3 tests/golden/make_teaching_translation_golden.py

Only torch, numpy and the standard library are used. The weight generator (SplitMix64
streams named by FNV-1a, float32 uniforms, the unit-variance embeddings and the sinusoidal
table) is make_teaching_golden.py's, imported from beside this script.

The model, as specified (d = d_model, L layers per stack, H heads):
  * Tokens: text split into words (letters, digits and marks), single punctuation symbols
    and single CJK ideographs; each piece folded with upper().lower().casefold() and hashed:
    id = 4 + fnv1a64(utf8(folded)) % (2**24 - 4). Specials <pad> 0, <s> 1, </s> 2, <unk> 3.
    Source: words + </s>. Teacher forcing: labels = target words + </s>; the decoder's
    input is <s> + labels[:-1] (shift_tokens_right).
  * Both stacks' input: embedding/<id> (d values, uniform(sqrt(3))) + PE (when positional).
  * Tensors drawn from their own streams, torch (out, in) layout:
      encoder.layer<l>/self.w_q|w_k|w_v|w_o, decoder.layer<l>/self.*, decoder.layer<l>/cross.*:
        (d, d) uniform(sqrt(6 / (2d))) (Xavier-uniform), attention biases zero;
      <stack>.layer<l>/ffn.w1 (4d, d) and ffn.b1 (4d) uniform(1/sqrt(d)),
      ffn.w2 (d, 4d) and ffn.b2 (d) uniform(1/sqrt(4d)).
  * LayerNorm weight 1, bias 0, eps 1e-5. Post-LN blocks:
      encoder: x = LN(x + SelfMHA(x)); x = LN(x + FFN(x))
      decoder: y = LN(y + causal SelfMHA(y)); y = LN(y + MHA(y, x, x)); y = LN(y + FFN(y))
    FFN(x) = W2 relu(W1 x + b1) + b2. No final stack norms.
  * Scores of a word w at a decoder row h: h . embedding(w) / sqrt(d), for the writable words
    (WRITABLE below, in order) and then </s>. Greedy generation: start from <s>, append the
    argmax (first of equal maxima), stop after </s> or 2*S + 8 new tokens.

The blocks are built from torch.nn.MultiheadAttention / LayerNorm / Linear, as the seeds'
PyTorch code builds them (they return the attention weights). Every case is checked against
torch's own torch.nn.TransformerEncoderLayer / TransformerDecoderLayer (norm_first=False,
ReLU, dropout 0) loaded with the same weights: their outputs must agree within 1e-5.
"""

import json
import math
import os
import sys
import unicodedata

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_teaching_golden import draw, embedding, fnv1a64, positional_encoding, self_check  # noqa: E402

OUT_PATH = os.path.join(HERE, "teaching_translation_golden.json")

PAD, START, END, UNK = 0, 1, 2, 3
VOCAB = 1 << 24
FIRST_WORD = 4

# engine/teaching/TeachingTranslationTokenizer.cpp's list, in its order.
WRITABLE = [
    "the", "a", "an", "and", "or", "but", "not", "of", "to", "in", "on", "at", "for", "with",
    "from", "by", "is", "are", "was", "were", "be", "i", "you", "he", "she", "it", "we",
    "they", "me", "him", "her", "us", "them", "my", "your", "his", "its", "our", "their",
    "this", "that", "cat", "dog", "house", "tea", "coffee", "water", "bread", "book", "sofa",
    "street", "city", "day", "night", "morning", "time", "man", "woman", "child", "friend",
    "like", "likes", "drink", "drinks", "eat", "eats", "see", "sees", "go", "goes", "sleep",
    "sleeps", "sleeping", "read", "reads", "write", "writes", "have", "has", "good", "big",
    "small", "new", "old", "every", "very", "today", "here", "there", ".", ",", "?", "!",
]

# (name, d_model, heads, layers, seed, positional, source, target)
CASES = [
    ("da_en_default", 64, 4, 2, 0, True, "Katten sover på sofaen.", "The cat is sleeping on the sofa."),
    ("zh_en_default", 64, 4, 2, 0, True, "我每天早上喝茶。", "I drink tea every morning."),
    ("da_en_d32_h2_l3_seed5", 32, 2, 3, 5, True, "Hunden læser en bog i dag.", "The dog reads a book today."),
    ("zh_en_d24_h3_l1_seed2_nopos", 24, 3, 1, 2, False, "猫喜欢喝水。", "The cat likes water."),
    # Seed 114 (found by trying seeds) writes </s> first: generation stops there.
    ("da_en_d32_h2_l1_seed114_stops", 32, 2, 1, 114, True, "Katten sover på sofaen.", "The cat sleeps on the sofa."),
]


def is_cjk(c):
    o = ord(c)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2A6DF
            or 0xF900 <= o <= 0xFAFF)


def pieces(text):
    """Enough of the teaching tokenizer's splitting for the sentences above."""
    out, word = [], ""
    for c in unicodedata.normalize("NFC", text):
        if c.isspace():
            if word:
                out.append(word)
            word = ""
        elif is_cjk(c) or not (c.isalnum() or unicodedata.category(c).startswith("M")):
            if word:
                out.append(word)
            word = ""
            out.append(c)
        else:
            word += c
    if word:
        out.append(word)
    return out


def fold(piece):
    return piece.upper().lower().casefold()


def word_id(folded):
    return FIRST_WORD + fnv1a64(folded) % (VOCAB - FIRST_WORD)


def encode(text):
    folded = [fold(p) for p in pieces(text)]
    return [word_id(f) for f in folded] + [END], folded + ["</s>"]


def set_mha(mha, w_q, w_k, w_v, w_o):
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([w_q, w_k, w_v], dim=0))
        mha.in_proj_bias.zero_()
        mha.out_proj.weight.copy_(w_o)
        mha.out_proj.bias.zero_()


def draw_attention(prefix, d, seed):
    xavier = math.sqrt(6.0 / (d + d))
    return [draw(prefix + t, seed, (d, d), xavier) for t in ("w_q", "w_k", "w_v", "w_o")]


def draw_ffn(prefix, d, seed):
    return (draw(prefix + "w1", seed, (4 * d, d), 1.0 / math.sqrt(d)),
            draw(prefix + "b1", seed, (4 * d,), 1.0 / math.sqrt(d)),
            draw(prefix + "w2", seed, (d, 4 * d), 1.0 / math.sqrt(4 * d)),
            draw(prefix + "b2", seed, (d,), 1.0 / math.sqrt(4 * d)))


def set_ffn(lin1, lin2, ffn):
    w1, b1, w2, b2 = ffn
    with torch.no_grad():
        lin1.weight.copy_(w1)
        lin1.bias.copy_(b1)
        lin2.weight.copy_(w2)
        lin2.bias.copy_(b2)


def layer_norm(d):
    ln = torch.nn.LayerNorm(d, eps=1e-5)
    with torch.no_grad():
        ln.weight.fill_(1.0)
        ln.bias.zero_()
    return ln


class EncoderBlock(torch.nn.Module):
    def __init__(self, d, heads, layer, seed):
        super().__init__()
        p = f"encoder.layer{layer}/"
        self.attn_weights = draw_attention(p + "self.", d, seed)
        self.ffn_weights = draw_ffn(p + "ffn.", d, seed)
        self.self_attn = torch.nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
        set_mha(self.self_attn, *self.attn_weights)
        self.lin1, self.lin2 = torch.nn.Linear(d, 4 * d), torch.nn.Linear(4 * d, d)
        set_ffn(self.lin1, self.lin2, self.ffn_weights)
        self.ln1, self.ln2 = layer_norm(d), layer_norm(d)

    def forward(self, x):
        a, w = self.self_attn(x, x, x, need_weights=True, average_attn_weights=False)
        x = self.ln1(x + a)
        x = self.ln2(x + self.lin2(torch.relu(self.lin1(x))))
        return x, w[0]

    def torch_layer(self, d, heads):
        layer = torch.nn.TransformerEncoderLayer(d, heads, dim_feedforward=4 * d, dropout=0.0,
                                                 activation="relu", layer_norm_eps=1e-5,
                                                 batch_first=True, norm_first=False)
        set_mha(layer.self_attn, *self.attn_weights)
        set_ffn(layer.linear1, layer.linear2, self.ffn_weights)
        for ln in (layer.norm1, layer.norm2):
            with torch.no_grad():
                ln.weight.fill_(1.0)
                ln.bias.zero_()
        return layer.eval()


class DecoderBlock(torch.nn.Module):
    def __init__(self, d, heads, layer, seed):
        super().__init__()
        p = f"decoder.layer{layer}/"
        self.self_weights = draw_attention(p + "self.", d, seed)
        self.cross_weights = draw_attention(p + "cross.", d, seed)
        self.ffn_weights = draw_ffn(p + "ffn.", d, seed)
        self.self_attn = torch.nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
        self.cross_attn = torch.nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
        set_mha(self.self_attn, *self.self_weights)
        set_mha(self.cross_attn, *self.cross_weights)
        self.lin1, self.lin2 = torch.nn.Linear(d, 4 * d), torch.nn.Linear(4 * d, d)
        set_ffn(self.lin1, self.lin2, self.ffn_weights)
        self.ln1, self.ln2, self.ln3 = layer_norm(d), layer_norm(d), layer_norm(d)

    def forward(self, y, memory, mask):
        a, w_self = self.self_attn(y, y, y, need_weights=True, attn_mask=mask, average_attn_weights=False)
        y = self.ln1(y + a)
        c, w_cross = self.cross_attn(y, memory, memory, need_weights=True, average_attn_weights=False)
        y = self.ln2(y + c)
        y = self.ln3(y + self.lin2(torch.relu(self.lin1(y))))
        return y, w_self[0], w_cross[0]

    def torch_layer(self, d, heads):
        layer = torch.nn.TransformerDecoderLayer(d, heads, dim_feedforward=4 * d, dropout=0.0,
                                                 activation="relu", layer_norm_eps=1e-5,
                                                 batch_first=True, norm_first=False)
        set_mha(layer.self_attn, *self.self_weights)
        set_mha(layer.multihead_attn, *self.cross_weights)
        set_ffn(layer.linear1, layer.linear2, self.ffn_weights)
        for ln in (layer.norm1, layer.norm2, layer.norm3):
            with torch.no_grad():
                ln.weight.fill_(1.0)
                ln.bias.zero_()
        return layer.eval()


class Model:
    def __init__(self, d, heads, layers, seed, positional):
        self.d, self.heads, self.seed, self.positional = d, heads, seed, positional
        self.encoder = [EncoderBlock(d, heads, l, seed).eval() for l in range(layers)]
        self.decoder = [DecoderBlock(d, heads, l, seed).eval() for l in range(layers)]
        self.writable = [word_id(w) for w in WRITABLE] + [END]
        self.writable_embeddings = torch.stack([embedding(i, d, seed) for i in self.writable])

    def embed(self, ids):
        x = torch.stack([embedding(i, self.d, self.seed) for i in ids])  # (T, d) float32
        if self.positional:
            x = x + positional_encoding(len(ids), self.d)
        return x.unsqueeze(0)

    def encode(self, ids):
        x = self.embed(ids)
        weights = []
        for block in self.encoder:
            x, w = block(x)
            weights.append(w)
        return x, weights

    def decode(self, ids, memory):
        t = len(ids)
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        y = self.embed(ids)
        self_weights, cross_weights = [], []
        for block in self.decoder:
            y, w_self, w_cross = block(y, memory, mask)
            self_weights.append(w_self)
            cross_weights.append(w_cross)
        return y, self_weights, cross_weights

    def scores(self, row):
        return (self.writable_embeddings @ row) / math.sqrt(self.d)  # (words + 1)

    def generate(self, source_ids):
        memory, _ = self.encode(source_ids)
        limit = 1 + 2 * len(source_ids) + 8
        sequence, generated = [START], []
        while len(sequence) < limit:
            y, _, _ = self.decode(sequence, memory)
            best = int(torch.argmax(self.scores(y[0, -1])))  # the first of equal maxima
            sequence.append(self.writable[best])
            generated.append(self.writable[best])
            if self.writable[best] == END:
                break
        return generated

    def check_against_torch_layers(self, source_ids, decoder_ids, memory, hidden):
        """torch's own Transformer layers, same weights: the same outputs."""
        x = self.embed(source_ids)
        for block in self.encoder:
            x = block.torch_layer(self.d, self.heads)(x)
        t = len(decoder_ids)
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        y = self.embed(decoder_ids)
        for block in self.decoder:
            y = block.torch_layer(self.d, self.heads)(y, x, tgt_mask=mask)
        return float((x - memory).abs().max()), float((y - hidden).abs().max())


def make_case(name, d, heads, layers, seed, positional, source, target):
    assert d % heads == 0
    model = Model(d, heads, layers, seed, positional)
    source_ids, source_tokens = encode(source)
    labels, label_tokens = encode(target)
    decoder_ids = [START] + labels[:-1]
    with torch.no_grad():
        memory, encoder_weights = model.encode(source_ids)
        hidden, decoder_weights, cross_weights = model.decode(decoder_ids, memory)
        encoder_diff, decoder_diff = model.check_against_torch_layers(source_ids, decoder_ids, memory, hidden)
        assert encoder_diff < 1e-5 and decoder_diff < 1e-5, (encoder_diff, decoder_diff)
        s, t = len(source_ids), len(decoder_ids)
        for w in cross_weights:
            assert w.shape == (heads, t, s)
            assert float((w.sum(-1) - 1).abs().max()) < 1e-5
        for w in decoder_weights:
            assert float(torch.triu(w, diagonal=1).abs().max() if t > 1 else 0.0) == 0.0
        scores = model.scores(hidden[0, -1])
        generated = model.generate(source_ids)
    print(f"{name:30s} S={s} T={t} torch layers differ by {encoder_diff:.2g}/{decoder_diff:.2g} "
          f"generated {len(generated)}: {' '.join(WRITABLE[model.writable.index(i)] if i != END else '</s>' for i in generated)}")
    return {
        "name": name,
        "d_model": d,
        "heads": heads,
        "layers": layers,
        "seed": seed,
        "positional": positional,
        "source": source,
        "target": target,
        "source_tokens": source_tokens,
        "source_ids": source_ids,
        "target_tokens": label_tokens,
        "decoder_ids": decoder_ids,
        "encoder_attentions": [w.tolist() for w in encoder_weights],
        "decoder_attentions": [w.tolist() for w in decoder_weights],
        "cross_attentions": [w.tolist() for w in cross_weights],
        "encoder_output": memory[0].tolist(),
        "hidden": hidden[0].tolist(),
        "writable_ids": model.writable,
        "last_row_scores": scores.tolist(),
        "generated": generated,
    }


def main():
    torch.set_num_threads(1)
    self_check()
    assert word_id("the") == FIRST_WORD + fnv1a64("the") % (VOCAB - FIRST_WORD)
    assert len(set(word_id(w) for w in WRITABLE)) == len(WRITABLE)
    cases = [make_case(*c) for c in CASES]
    doc = {
        "generator": "tests/golden/make_teaching_translation_golden.py",
        "torch_version": str(torch.__version__),
        "cases": cases,
    }
    with open(OUT_PATH, "w") as f:
        json.dump(doc, f, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")
    print(f"wrote {OUT_PATH} (torch {torch.__version__}, numpy {np.__version__})")


if __name__ == "__main__":
    main()
