#!/usr/bin/env bash
# Times the Reversi search's thread designs (gts reversi best --parallel)
# and prints a markdown table: one row per position, design and thread
# count, with time, nodes and the speed-up over one thread.  The header
# names the command, commit, machine and date.  With --match, whole
# two-game matches (gts reversi play) follow: each player's search time.
#
#   bench/rv_threads.sh [--threads "1 2 4 8 16"] [--designs "ybwc lazy pvsplit"]
#                       [--positions all|large] [--match "32x32:3 64x64:3"]
#                       [--match-threads 16] [--match-opponent SPEC] [--gts PATH]
#
# Positions (all): 8x8 f5d6c3d3c4 at depths 12 and 13; the midgame boards
# of data/reversi (random legal games, see docs/notes/reversi_search.md):
# 16x16 at depth 7, 64x64 after 400 plies at depths 4 and 5; and (large,
# the boards of issue 20's CPU baseline, self-play, see the notes) 32x32
# after 500 plies at depths 3 and 5, 64x64 after 2000 plies at depths 3
# and 4.  Each time is the best of two runs.
#
# A match SIZE:DEPTH plays PVS on --match-threads threads (YBWC) against
# --match-opponent (default serial PVS) from the start, each side black
# once.  On 64x64 a serial side takes minutes: give pvs:threads=16 there
# (the issue's baseline is the threaded player's line either way).  On the
# 16-core host, issue 20's CPU baseline:
#   bench/rv_threads.sh --threads "1 16" --positions large --match "32x32:3"
#   bench/rv_threads.sh --threads 1 --positions large --match "64x64:3" \
#       --match-opponent pvs:threads=16
set -euo pipefail
cd "$(dirname "$0")/.."

threads="1 2 4 8 16" designs="ybwc lazy pvsplit" gts=build/release/gts set=all matches="" match_threads=16
opponent=pvs
cmdline="bench/rv_threads.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --designs) designs=$2; shift 2 ;;
    --positions) set=$2; shift 2 ;;
    --match) matches=$2; shift 2 ;;
    --match-threads) match_threads=$2; shift 2 ;;
    --match-opponent) opponent=$2; shift 2 ;;
    --gts) gts=$2; shift 2 ;;
    *) echo "rv_threads.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "rv_threads.sh: no $gts (make release first)" >&2; exit 2; }

large=(
  "--size 32x32 --depth 3 --board data/reversi/midgame-32x32.txt"
  "--size 32x32 --depth 5 --board data/reversi/midgame-32x32.txt"
  "--size 64x64 --depth 3 --board data/reversi/midgame-64x64-ply2000.txt"
  "--size 64x64 --depth 4 --board data/reversi/midgame-64x64-ply2000.txt"
)
case "$set" in
  all) positions=(
         "--depth 12 f5d6c3d3c4"
         "--depth 13 f5d6c3d3c4"
         "--size 16x16 --depth 7 --board data/reversi/midgame-16x16.txt"
         "--size 64x64 --depth 4 --board data/reversi/midgame-64x64.txt"
         "--size 64x64 --depth 5 --board data/reversi/midgame-64x64.txt"
         "${large[@]}") ;;
  large) positions=("${large[@]}") ;;
  *) echo "rv_threads.sh: --positions all or large, not $set" >&2; exit 2 ;;
esac

# Prints "ms nodes score" of the faster of two runs.
measure() {
  local best="" line ms
  for _ in 1 2; do
    line=$("$gts" reversi best "$@" | tail -1)
    ms=$(sed 's/.*time *\([0-9.]*\) ms.*/\1/' <<<"$line")
    if [ -z "$best" ] || awk -v a="$ms" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$ms $(sed 's/.*nodes *\([0-9]*\) .*/\1/' <<<"$line") $(sed 's/.*score *\([-+0-9]*\) .*/\1/' <<<"$line")"
    fi
  done
  echo "$best"
}

echo "\`$cmdline\`, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
     "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(date -u +%F)"
echo
echo "| position | design | threads | ms | nodes | score | speed-up |"
echo "|---|---|---|---|---|---|---|"
for pos in "${positions[@]}"; do
  read -r serial nodes score <<<"$(measure $pos --threads 1)"
  echo "| $pos | serial | 1 | $serial | $nodes | $score | 1.00 |"
  for design in $designs; do
    for t in $threads; do
      [ "$t" = 1 ] && continue
      read -r ms nodes score <<<"$(measure $pos --threads "$t" --parallel "$design")"
      echo "| $pos | $design | $t | $ms | $nodes | $score | $(awk -v s="$serial" -v m="$ms" 'BEGIN { printf "%.2f", s / m }') |"
    done
  done
done

[ -z "$matches" ] && exit 0
echo
echo "| match | player | search time, s (both games) | searches | nodes |"
echo "|---|---|---|---|---|"
for m in $matches; do
  size=${m%%:*} depth=${m##*:}
  "$gts" reversi play --size "$size" --depth "$depth" --player1 "pvs:threads=$match_threads" --player2 "$opponent" |
    sed -n 's/^player \([12]\): \([0-9.]*\) s in \([0-9]*\) searches, \([0-9]*\) nodes$/\1 \2 \3 \4/p' |
    while read -r who s searches nodes; do
      [ "$who" = 1 ] && name="1: pvs:threads=$match_threads" || name="2: $opponent"
      echo "| $size depth $depth | $name | $s | $searches | $nodes |"
    done
done
