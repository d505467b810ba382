#!/usr/bin/env bash
# Remakes the README's screenshots with the program itself (no display needed):
#   bash resources/screenshots/make_screenshots.sh [build/app/headmap]
# headmap-cli is taken from the same folder as headmap.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
headmap=${1:-$here/../../build/app/headmap}
cli=$(dirname "$headmap")/headmap-cli
gpt2=$here/../../tests/fixtures/models/gpt2_f32
export QT_QPA_PLATFORM=offscreen
# A scratch settings folder, so the pictures do not depend on this machine's preferences.
export XDG_CONFIG_HOME=$(mktemp -d)
scratch=$(mktemp -d)
trap 'rm -rf "$XDG_CONFIG_HOME" "$scratch"' EXIT
sentence="The animal didn't cross the street because it was too tired."
"$headmap" --text "$sentence" --layer 1 --head 3 --screenshot "$here/main-window.png"
"$headmap" --text "$sentence" --view grid --screenshot "$here/all-heads.png"
"$headmap" --text "$sentence" --view compare --screenshot "$here/compare.png"
"$headmap" --text "$sentence" --view statistics --screenshot "$here/statistics.png"
"$headmap" --text "深入了解Transformer模型的好方法是学习注意机制。" --view rollout --layer 1 --screenshot "$here/rollout-chinese.png"
"$headmap" --text "$sentence" --view steps --step 5 --layer 1 --head 2 --screenshot "$here/step-by-step.png"
# A long input (520 tokens): thinned labels with positions and the per-row scale hint.
"$headmap" --text "$(cat "$here/long-input.txt")" --layer 0 --head 1 --screenshot "$here/long-input.png"
# Byte-level pieces of Chinese text in the tiny GPT-2 fixture: labels like 多¹⁄₃ and the
# legend line under the views; the causal mask drawn as masked.
"$headmap" --model "$gpt2" --text "多头注意力是Transformer中的一个中心机制。" --layer 1 --head 2 \
  --screenshot "$here/cjk-bytes.png"
# #12's views: the lines view (BertViz's head view), the token pair across every head, what the
# model predicts with a head switched off (the panel's before/after), weight × value norm, and
# the walk-through's switch-off page.
patterns="the cat sat on the mat because the cat was tired"
"$headmap" --model builtin:patterns --text "$patterns" --view lines --head 4 --screenshot "$here/lines.png"
"$headmap" --text "$sentence" --view token-pair --screenshot "$here/token-pair.png"
"$headmap" --model builtin:patterns --text "$patterns" --view grid --ablate 0.0 --screenshot "$here/predictions.png"
"$headmap" --model builtin:patterns --text "$patterns" --head 4 --measure value-norm --screenshot "$here/value-norm.png"
"$headmap" --model builtin:patterns --text "the cat sat on the mat" --view steps --step 10 --ablate 0.0 \
  --screenshot "$here/walk-through-switch-off.png"
# The interface in Danish and in Chinese (--lang), each with a sentence from the text the
# project grew from: the Danish glossary entry and the Chinese tutorial.
"$headmap" --lang da --view steps --step 5 --layer 1 --head 2 \
  --text "BERT anvender multi-head self-attention med 12 hoveder i sin base-version." \
  --screenshot "$here/interface-danish.png"
"$headmap" --lang zh_CN --view steps --step 5 --layer 1 --head 2 \
  --text "深入了解Transformer模型的好方法是学习注意机制。" --screenshot "$here/interface-chinese.png"
# The exported grid figure, as export-all writes it (PNG scale 2 = 192 dpi).
"$cli" export-all --model builtin:teaching --text "$sentence" --outdir "$scratch/export" --scale 2 >/dev/null
cp "$scratch/export/grid.png" "$here/grid-figure.png"
# Presentation mode fills a real screen, so it is shot on a virtual X display when there is one.
if command -v xvfb-run >/dev/null; then
  QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$headmap" --presentation \
    --model builtin:patterns --text "the cat saw the dog and the cat ran" --head 4 \
    --screenshot "$here/presentation.png"
fi
echo "screenshots written to $here"
