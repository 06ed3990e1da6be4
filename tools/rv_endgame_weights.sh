#!/usr/bin/env bash
# Remakes data/reversi/rv_endgame_weights.c, the endgame solver's pattern
# weights, exactly as they are in the repository: the games, labels and fit
# are deterministic, and the labels are made by rv_train as of commit
# LABELLER below, built here from that commit (a label's walk plays the
# solver's best move, and a solver that orders its moves otherwise may
# pick another of equally good ones: rv_train at 8082699, whose solver
# ordered by the weights before these, labelled 215,850 positions of
# seed 1 where the first run had 215,840).  docs/notes/reversi_endgame.md
# has the method and the errors it measured.
#
#   tools/rv_endgame_weights.sh [--jobs N] [BUILD_DIR] [DATA_DIR]
#     --jobs N:  label shards run N at a time (default 1)
#     BUILD_DIR: where rv_train was built, for the fit (default build/release)
#     DATA_DIR:  the Othello test sets checked after the fit
#                (default ../shared/data/othello)
#
# The labels, 245,640 positions: 36,000 games of seed 1 stopped at 12-18
# empties (215,850 positions; 1,100 s of one core, cut here in shards of
# 1,000 games) and the first games of 16 seeds 1001-1016 stopped at 14-24
# empties (29,790 positions: those a shard of 490 s of one core on the
# 16-core host finished, less its last, which the time limit may have
# cut), the game numbers of seed 1000 + s written as s * 1,000,000 + game.
# With --jobs 16 on the 16-core host, projected from those times: about
# 9.5 minutes (the seeds' shards, then seed 1's 36 on the cores they
# free) after rv_train's build, then a fit of under a minute (30 s on
# the 2-core VM).
set -euo pipefail
cd "$(dirname "$0")/.."
LABELLER=4720c6511ab79aef352d7c348b6a5f46a5abcde4
jobs=1
if [ "${1:-}" = --jobs ]; then
    jobs=${2:-}
    shift 2 || shift
fi
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "rv_endgame_weights.sh: --jobs needs a number >= 1, not '$jobs'" >&2; exit 2; }
build=${1:-build/release}
data=${2:-../shared/data/othello}
[ -x "$build/rv_train" ] || { echo "rv_endgame_weights.sh: no $build/rv_train (make release first)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkdir "$dir/src"
git archive "$LABELLER" | tar -x -C "$dir/src"
cmake -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release > "$dir/cmake.log"
make -C "$dir/build" -j "$jobs" rv_train > "$dir/make.log"

# A shard per line: output name, seed, games, first game, empties from, to,
# walk, the number added to its games' numbers; the longest first, so
# that the jobs end together.
{
    s=0
    for games in 331 339 388 274 191 305 305 342 241 309 361 331 272 287 365 326; do
        s=$((s + 1))
        echo "b$(printf %02d $s) $((1000 + s)) $games 0 14 24 5 $((s * 1000000))"
    done
    for first in $(seq 0 1000 35000); do
        echo "a$(printf %05d "$first") 1 $((first + 1000)) $first 12 18 5 0"
    done
} > "$dir/shards"
export dir
xargs -P "$jobs" -L 1 bash -c '
    set -o pipefail
    "$dir/build/rv_train" label "$1" "$2" "$4" "$5" "$6" "$3" |
        awk -v add="$7" "{ \$1 += add; print }" > "$dir/$0.txt"' < "$dir/shards"
cat "$dir"/a*.txt "$dir"/b*.txt > "$dir/labels.txt"
"$build/rv_train" fit 10 1000 300 data/reversi/rv_endgame_weights.c "$dir/labels.txt" \
    "$data/fforum-20-39.obf" "$data/fforum-40-59.obf"
