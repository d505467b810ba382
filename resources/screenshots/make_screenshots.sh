#!/usr/bin/env bash
# Remakes the README's screenshots with the program itself (no display needed):
#   bash resources/screenshots/make_screenshots.sh [build/app/headmap]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
headmap=${1:-$here/../../build/app/headmap}
export QT_QPA_PLATFORM=offscreen
# A scratch settings folder, so the pictures do not depend on this machine's preferences.
export XDG_CONFIG_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
sentence="The animal didn't cross the street because it was too tired."
"$headmap" --text "$sentence" --layer 1 --head 3 --screenshot "$here/main-window.png"
"$headmap" --text "$sentence" --view grid --screenshot "$here/all-heads.png"
"$headmap" --text "$sentence" --view compare --screenshot "$here/compare.png"
"$headmap" --text "$sentence" --view statistics --screenshot "$here/statistics.png"
"$headmap" --text "深入了解Transformer模型的好方法是学习注意机制。" --view rollout --layer 1 --screenshot "$here/rollout-chinese.png"
"$headmap" --text "$sentence" --view steps --step 5 --layer 1 --head 2 --screenshot "$here/step-by-step.png"
# Presentation mode fills a real screen, so it is shot on a virtual X display when there is one.
if command -v xvfb-run >/dev/null; then
  QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$headmap" --presentation \
    --model builtin:patterns --text "the cat saw the dog and the cat ran" --head 4 \
    --screenshot "$here/presentation.png"
fi
echo "screenshots written to $here"
