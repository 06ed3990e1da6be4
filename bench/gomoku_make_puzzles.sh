#!/usr/bin/env bash
# Makes data/gomoku/puzzles.txt: forced wins by continuous fours (VCF) and
# by threats (VCT) cut from the pattern engine's own games, for
# bench/gomoku_puzzles.sh and the tests.
#
#   bench/gomoku_make_puzzles.sh [--gts PATH] [--games N] > data/gomoku/puzzles.txt
#
# Game g (1..N, default 24) is `gts gomoku play --algo pattern --time 50
# --random 4 --seed g` on 15x15, freestyle, or standard for every third.
# From its 9th ply to its 80th, each position is asked `best --vcf` and then
# `best --vcf --vct`; the game gives its first VCF of 5 plies or more and
# its first win that only VCT finds (5 plies or more), each kept only if a
# second method agrees: the pattern search without threat searches,
# `--depth P`, scores it a win within P plies.  A line:
#   vcf|vct RULE PLIES MOVE POSITION      # game G ply K
# Deterministic but for the 50 ms moves of the games (the file is kept).
set -euo pipefail
cd "$(dirname "$0")/.."

gts=build/release/gts
games=24
while [ $# -gt 0 ]; do
  case "$1" in
    --gts) gts=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    *) echo "gomoku_make_puzzles.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "gomoku_make_puzzles.sh: no gts binary at $gts (make release)" >&2; exit 2; }

win=1000000000
json() { sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p"; }

echo "# Forced wins cut from gts's own games (bench/gomoku_make_puzzles.sh)."
echo "# kind rule plies move position"
for g in $(seq 1 "$games"); do
  rule=freestyle
  [ $((g % 3)) -eq 0 ] && rule=standard
  mapfile -t moves < <("$gts" gomoku play --algo pattern --time 50 --random 4 --seed "$g" --rule "$rule" |
    awk '/^ *[0-9]/ { print $3 }')
  found_vcf='' found_vct=''
  for ((k = 8; k < ${#moves[@]} - 1 && k < 80; k++)); do
    pos="${moves[*]:0:k}"
    for kind in vcf vct; do
      [ "$kind" = vcf ] && [ -n "$found_vcf" ] && continue
      [ "$kind" = vct ] && [ -n "$found_vct" ] && continue
      flags=--vcf
      [ "$kind" = vct ] && flags="--vcf --vct"
      out=$("$gts" gomoku best $flags --rule "$rule" --depth 1 --json "$pos") || continue
      [ "$(echo "$out" | json "$kind")" = true ] || continue
      plies=$((win - $(echo "$out" | json score)))
      [ "$plies" -ge 5 ] || continue
      move=$(echo "$out" | sed -n 's/.*"move":"\([a-z0-9]*\)".*/\1/p')
      check=$("$gts" gomoku best --algo pattern --rule "$rule" --depth "$plies" --json "$pos" | json score) || continue
      [ "$check" -ge $((win - plies)) ] || { echo "game $g ply $k: $kind win in $plies not confirmed" >&2; continue; }
      echo "$kind $rule $plies $move $pos      # game $g ply $((k + 1))"
      [ "$kind" = vcf ] && found_vcf=1 || found_vct=1
    done
    [ -n "$found_vcf" ] && [ -n "$found_vct" ] && break
  done
done
