#!/usr/bin/env bash
# Remakes data/reversi/rv_endgame_weights.c, the endgame solver's pattern
# weights, exactly as they are in the repository (the games, labels and fit
# are deterministic).  About 20 minutes of one core for the labels, a few
# seconds for the fit.  docs/notes/reversi_endgame.md has the method and the
# errors it measured.
#
#   tools/rv_endgame_weights.sh [BUILD_DIR] [DATA_DIR]
#     BUILD_DIR: where rv_train was built (default build/release)
#     DATA_DIR:  the Othello test sets checked after the fit
#                (default ../shared/data/othello)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
data=${2:-../shared/data/othello}
[ -x "$build/rv_train" ] || { echo "rv_endgame_weights.sh: no $build/rv_train (make release first)" >&2; exit 1; }
labels=$(mktemp)
trap 'rm -f "$labels"' EXIT
"$build/rv_train" label 1 36000 12 18 5 > "$labels"
"$build/rv_train" fit 10 300 data/reversi/rv_endgame_weights.c "$labels" \
    "$data/fforum-20-39.obf" "$data/fforum-40-59.obf"
