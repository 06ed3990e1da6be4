#!/usr/bin/env bash
# Remakes data/gomoku/gm_eval_weights.c, the Gomoku pattern evaluation's
# weights: self-play positions labelled with their games' results
# (gm_train label, seeds 101-116, 70 games each at depth 4, one process a
# seed), then the fit (gm_train fit 1000).  Deterministic: the games are
# fixed-depth searches from seeded random openings.  About 7 minutes on 16
# cores (the labels), a second for the fit.  docs/notes/gomoku_search.md
# has what the weights changed in play.
#
#   tools/gm_eval_weights.sh [BUILD_DIR] [LABELS_FILE]
#     BUILD_DIR: where gm_train was built (default build/release)
#     LABELS_FILE: where the labels go (default a temporary file)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
labels=${2:-$(mktemp)}
[ -x "$build/gm_train" ] || { echo "gm_eval_weights.sh: no $build/gm_train (make release first)" >&2; exit 1; }
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
seq 101 116 | xargs -P "$(nproc)" -I{} sh -c "'$build/gm_train' label {} 70 4 > '$parts/{}.txt'"
for s in $(seq 101 116); do cat "$parts/$s.txt"; done > "$labels"
"$build/gm_train" fit 1000 data/gomoku/gm_eval_weights.c "$labels"
