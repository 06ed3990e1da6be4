#!/usr/bin/env bash
# Makes data/gomoku/positions19.txt: 60 test positions on 19x19 for
# `gts gomoku bench positions`, after the Connect-5 report's experiment
# (60 positions from engine-vs-engine games, from early in the game to 40
# stones, sparse and dense).
#
#   bench/gomoku_make_positions.sh [--gts PATH] > data/gomoku/positions19.txt
#
# Twenty engine-vs-engine games, three positions cut from each:
#   gts gomoku play --size 19 --depth 4 --random K --random-radius R --seed S
# Even games open densely (K = 4..6 random moves within 1 of a stone or of
# the centre), odd games sparsely (K = 6..24 within 6).  The 60 stone counts
# spread evenly from 4 to 40; game g is cut at the g-th, (g+20)-th and
# (g+40)-th, so that every game gives an early, a middle and a late one.
# A game's seed is the first from 1000 g + 1 on whose game lasts past its
# last cut and whose cuts are all fit: the game not over and the side to
# move with no five to make (checked with `gts gomoku best --depth 1`).
# Deterministic: the same gts gives the same file (about 30 s on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

gts=build/release/gts
while [ $# -gt 0 ]; do
  case "$1" in
    --gts) gts=$2; shift 2 ;;
    *) echo "gomoku_make_positions.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "gomoku_make_positions.sh: no gts binary at $gts (make release)" >&2; exit 2; }

games=20 depth=4
# The 60 stone counts: 4 .. 40 evenly, ascending.
counts=()
for i in $(seq 0 59); do counts+=($((4 + (36 * i + 29) / 59))); done

# fit MOVES...: the position is not over and its side to move has no five.
fit() {
  local best
  best=$("$gts" gomoku best --size 19 --depth 1 "$*" 2>/dev/null) || return 1
  case $best in *"win in 1"*) return 1 ;; esac
}

echo "# size 19"
echo "# 60 Gomoku / Connect-5 test positions on 19x19 (freestyle), made by"
echo "# bench/gomoku_make_positions.sh: positions cut from engine-vs-engine games"
echo "#   gts gomoku play --size 19 --depth $depth --random K --random-radius R --seed S"
echo "# opened with K random moves within R of a stone (R 1: dense, R 6: sparse);"
echo "# each line: the moves from black's first, then the game and the cut."
for g in $(seq 0 $((games - 1))); do
  if [ $((g % 2)) -eq 0 ]; then
    kind=dense radius=1 k=$((4 + g / 2 % 3))
  else
    kind=sparse radius=6 k=$((6 + 6 * (g / 2 % 4)))
  fi
  cuts=("${counts[g]}" "${counts[g + 20]}" "${counts[g + 40]}")
  found=""
  for seed in $(seq $((1000 * g + 1)) $((1000 * g + 200))); do
    moves=$("$gts" gomoku play --size 19 --depth $depth --random $k --random-radius $radius --seed "$seed" |
      sed -n 's/^moves: //p')
    read -r -a cells <<<"$moves"
    ok=1
    for n in "${cuts[@]}"; do
      if [ "${#cells[@]}" -le "$n" ] || ! fit "${cells[@]:0:n}"; then ok=0; break; fi
    done
    if [ $ok -eq 1 ]; then found=$seed; break; fi
  done
  [ -n "$found" ] || { echo "gomoku_make_positions.sh: no fit game for game $g" >&2; exit 1; }
  for n in "${cuts[@]}"; do
    echo "${cells[*]:0:n}  # game $g ($kind): --random $k --random-radius $radius --seed $found, $n of ${#cells[@]} moves"
  done
done
