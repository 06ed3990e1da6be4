#!/usr/bin/env bash
# Remakes data/gomoku/gm_eval_weights.c, the Gomoku pattern evaluation's
# tables (gm_cell_table.h): self-play games labelled by gm_train label in
# shards, one process a shard, then gm_train fit on all of them.
#
# The shards: per rule, seeds 1..S of GAMES games each at NODES nodes a
# move (freestyle S = 24, standard and renju S = 12; GAMES = 400, NODES =
# 10000), each into LABELS_DIR/RULE-SEED.txt.  A shard is the same on any
# machine (a node budget, not a time), so a shard already in LABELS_DIR is
# not made again: shards made elsewhere (a 16-core host) can be dropped
# there.  The dev VM made 12.6 quiet positions (6.5 KB) a game at 0.28 s
# of CPU a game (freestyle): the 48 shards are about 19,200 games, 240,000
# positions, 125 MB, 6 minutes on 16 cores.  The fit: gm_train fit 1000 0.5 20 (the
# target half the game's result, half the search's score; a table entry
# held towards the line-sum model as if 20 positions said so).
#
#   tools/gm_eval_weights.sh [BUILD_DIR [LABELS_DIR]]
#     BUILD_DIR: where gm_train was built (default build/release)
#     LABELS_DIR: the shards (default a temporary directory)
#   JOBS=N: processes at a time (default: the cores)
#   LABEL_ONLY=1: the shards alone, no fit
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
labels=${2:-}
[ -x "$build/gm_train" ] || { echo "gm_eval_weights.sh: no $build/gm_train (make release first)" >&2; exit 1; }
if [ -z "$labels" ]; then
    labels=$(mktemp -d)
    trap 'rm -rf "$labels"' EXIT
fi
mkdir -p "$labels"
games=400 nodes=10000
shards() {
    for seed in $(seq 1 24); do echo "freestyle $seed"; done
    for seed in $(seq 1 12); do echo "standard $seed"; echo "renju $seed"; done
}
# Each shard into a .part file, renamed when whole: an interrupted run
# leaves no half shard that a later run would take as done.
shards | while read -r rule seed; do
    [ -e "$labels/$rule-$seed.txt" ] || echo "$rule $seed"
done | xargs -P "${JOBS:-$(nproc)}" -L 1 sh -c \
    "'$build/gm_train' label \"\$0\" \"\$1\" 0 $games $nodes > '$labels/'\"\$0-\$1\".txt.part 2>/dev/null &&
     mv '$labels/'\"\$0-\$1\".txt.part '$labels/'\"\$0-\$1\".txt"
[ -z "${LABEL_ONLY:-}" ] || exit 0
files=$(shards | while read -r rule seed; do echo "$labels/$rule-$seed.txt"; done)
# shellcheck disable=SC2086
"$build/gm_train" fit 1000 0.5 20 data/gomoku/gm_eval_weights.c $files
