#!/usr/bin/env python3
"""Golden values for `headmap-cli predict --ablate` (issue #12): predict_ablation_golden.json.

For each ablated case of make_ablation_golden.py (BERT with its masked-LM head, GPT-2, Llama with
grouped-query attention, Gemma 2 with final-logit softcapping; heads of layer 0 switched off,
zeroed or replaced by their mean over positions), the output head's probabilities at one
position with and without the ablation, and a target token (the unablated favourite).

Nothing is recomputed here that the other generators already do; they are imported:
- the ablated forward passes: make_ablation_golden.py's encoder_like_run / decoder_run (the
  fixtures' own references with the head outputs ablated before W_O; see its docstring);
- BERT's masked-LM head: make_prediction_golden.py's plain_head (modeling_bert.py's
  BertLMPredictionHead: dense -> gelu -> LayerNorm -> tied decoder + bias), float64;
- GPT-2: plain_head too (modeling_gpt2.py: lm_head(ln_f(x)), tied to wte; plain_gpt2's hidden
  already went through ln_f);
- Llama and Gemma 2: the decoders' hidden states are after the final norm; logits =
  hidden · lm_head (the tied embedding when the checkpoint has no lm_head.weight), then Gemma 2's
  final_logit_softcapping tanh(x / cap) · cap, as modeling_gemma2.py's Gemma2ForCausalLM.
Probabilities are softmax in float64 (temperature 1).

Run from the repository root: /usr/bin/python3 tests/golden/make_predict_ablation_golden.py
"""

import json
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_ablation_golden as mag  # noqa: E402  (also puts the fixture scripts on the path)
import make_prediction_golden as mpg  # noqa: E402

OUT = os.path.join(HERE, "predict_ablation_golden.json")
GENERATOR = "tests/golden/make_predict_ablation_golden.py"

# fixture -> (kind, position to predict at; -1 is the last token)
POSITIONS = {
    "bert_f32_prefixed": ("bert", 3),
    "gpt2_f32": ("gpt2", -1),
    "llama_f32_tied": ("decoder", -1),
    "gemma2_f32": ("decoder", -1),
}


def logits_at(fixture, kind, hidden, position):
    if kind in ("bert", "gpt2"):
        files = {n: v[2] for n, v in mag.mmf.read_folder_tensors(fixture).items()}
        cfg = mag.load_config(fixture)
        return mpg.plain_head(kind, files, cfg, hidden.double())[position]
    cfg = mag.load_config(fixture)
    files = mag.mdf.read_folder_tensors(os.path.join(mag.FIXTURES, fixture))
    sd = {n: v[2].double() for n, v in files.items()}
    head = sd.get("lm_head.weight", sd["model.embed_tokens.weight"])
    logits = hidden.double()[position] @ head.t()
    cap = cfg.get("final_logit_softcapping")
    if cap is not None:
        logits = torch.tanh(logits / cap) * cap
    return logits


def main():
    torch.set_num_threads(1)
    cases = []
    for fixture, runner, ids in mag.FIXTURE_RUNS:
        kind, position = POSITIONS[fixture]
        position = position % len(ids)
        _, base_hidden, _ = runner(ids, [])
        before = torch.softmax(logits_at(fixture, kind, base_hidden, position), dim=-1)
        target = int(torch.argmax(before))
        for suffix, ablations in mag.ABLATIONS:
            if not ablations:
                continue
            _, hidden, _ = runner(ids, ablations)
            after = torch.softmax(logits_at(fixture, kind, hidden, position), dim=-1)
            kl = float((before * (before / after).log()).sum())
            print(f"{fixture:18s} {suffix:18s} position {position:2d}  KL {kl:.3e}  "
                  f"target {target}: {float(before[target]):.4f} -> {float(after[target]):.4f}")
            assert kl > 1e-6, "the ablation must change the prediction for the test to see it"
            cases.append({
                "name": f"{fixture}_{suffix}",
                "fixture": fixture,
                "ids": ids,
                "position": position,
                "ablations": mag.spec_text(ablations),
                "target": target,
                "probabilities": after.tolist(),
                "baseline_probabilities": before.tolist(),
            })
    with open(OUT, "w") as f:
        json.dump({"generator": GENERATOR, "torch_version": torch.__version__, "cases": cases}, f,
                  separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
