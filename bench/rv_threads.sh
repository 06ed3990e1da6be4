#!/usr/bin/env bash
# Times the Reversi searches' thread counts and prints a markdown table
# (--csv: CSV, the one-thread row under each design's name): one row per
# position, design and thread count, with time, nodes and the speed-up
# over one thread.  The midgame search's designs
# (gts reversi best --parallel) on --positions, and with --endgame the
# endgame solver (gts reversi solve --threads, the threads sharing one
# table) on whole .obf files.  The header names the command, commit,
# machine and date.  --plot draws the speed-ups against the ideal with
# gts plot, a panel a position.  With --match, whole two-game matches
# (gts reversi play) follow: each player's search time.
#
#   bench/rv_threads.sh [--threads "1 2 4 8 16"] [--designs "ybwc lazy pvsplit"]
#                       [--positions all|large|none] [--endgame "FILE.obf ..."]
#                       [--csv] [--plot FILE.svg|png]
#                       [--match "32x32:3 64x64:3"] [--match-threads 16]
#                       [--match-opponent SPEC] [--gts PATH]
#
# Positions (all): 8x8 f5d6c3d3c4 at depths 12 and 13; the midgame boards
# of data/reversi (random legal games, see docs/notes/reversi_search.md):
# 16x16 at depth 7, 64x64 after 400 plies at depths 4 and 5; and (large,
# the boards of issue 20's CPU baseline, self-play, see the notes) 32x32
# after 500 plies at depths 3 and 5, 64x64 after 2000 plies at depths 3
# and 4.  Each time is the best of two runs; an endgame file's is its
# whole time (the solve's last line).
#
# A match SIZE:DEPTH plays PVS on --match-threads threads (YBWC) against
# --match-opponent (default serial PVS) from the start, each side black
# once.  On 64x64 a serial side takes minutes: give pvs:threads=16 there
# (the issue's baseline is the threaded player's line either way).  On the
# 16-core host, issue 20's CPU baseline:
#   bench/rv_threads.sh --threads "1 16" --positions large --match "32x32:3"
#   bench/rv_threads.sh --threads 1 --positions large --match "64x64:3" \
#       --match-opponent pvs:threads=16
# The thread curves of BENCHMARKS.md (midgame and endgame):
#   bench/rv_threads.sh --endgame ../shared/data/othello/fforum-20-39.obf --plot rv_threads.svg
set -euo pipefail
cd "$(dirname "$0")/.."

threads="1 2 4 8 16" designs="ybwc lazy pvsplit" gts=build/release/gts set=all matches="" match_threads=16
opponent=pvs endgame="" csv=0 plot=""
cmdline="bench/rv_threads.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --designs) designs=$2; shift 2 ;;
    --positions) set=$2; shift 2 ;;
    --match) matches=$2; shift 2 ;;
    --match-threads) match_threads=$2; shift 2 ;;
    --match-opponent) opponent=$2; shift 2 ;;
    --endgame) endgame=$2; shift 2 ;;
    --csv) csv=1; shift ;;
    --plot) plot=$2; shift 2 ;;
    --gts) gts=$2; shift 2 ;;
    *) echo "rv_threads.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "rv_threads.sh: no $gts (make release first)" >&2; exit 2; }
[ "$csv" = 1 ] && [ -n "$matches" ] && { echo "rv_threads.sh: --csv prints the searches' table only, not --match" >&2; exit 2; }
# The picture is checked before the runs, so that none is lost to it.
if [ -n "$plot" ]; then
  case "$plot" in *.svg | *.png) ;; *) echo "rv_threads.sh: bad --plot '$plot' (a picture: FILE.svg or FILE.png)" >&2; exit 2 ;; esac
  command -v gnuplot >/dev/null || { echo "rv_threads.sh: --plot needs gnuplot, which is not on the PATH (apt-get install gnuplot-nox)" >&2; exit 1; }
  folder=$(dirname -- "$plot")
  [ -d "$folder" ] && [ -w "$folder" ] || { echo "rv_threads.sh: cannot write $plot: no writable folder $folder" >&2; exit 1; }
fi

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
  none) positions=() ;;
  *) echo "rv_threads.sh: --positions all, large or none, not $set" >&2; exit 2 ;;
esac

# Prints "ms nodes score" of the faster of two runs of `gts reversi KIND
# ARGS...`: best (its last line), or solve (its last line, "# N positions,
# NODES nodes, MS ms, ..."; "-" for the score).
measure() {
  local kind=$1 best="" line ms nodes score
  shift
  for _ in 1 2; do
    line=$("$gts" reversi "$kind" "$@" | tail -1)
    if [ "$kind" = best ]; then
      ms=$(sed 's/.*time *\([0-9.]*\) ms.*/\1/' <<<"$line")
      nodes=$(sed 's/.*nodes *\([0-9]*\) .*/\1/' <<<"$line")
      score=$(sed 's/.*score *\([-+0-9]*\) .*/\1/' <<<"$line")
    else
      ms=$(sed 's/.*nodes, *\([0-9.]*\) ms.*/\1/' <<<"$line")
      nodes=$(sed 's/.*positions, *\([0-9]*\) nodes.*/\1/' <<<"$line")
      score=-
    fi
    if [ -z "$best" ] || awk -v a="$ms" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best="$ms $nodes $score"
    fi
  done
  echo "$best"
}

# row POSITION DESIGN THREADS MS NODES SCORE SERIAL_MS: a line of the
# markdown table, or of the CSV, which is also the picture's: there the
# one-thread row stands under each design's name (on one thread every
# design is the serial search), so that each design's line starts at 1.
rows_csv=$(mktemp)
trap 'rm -f "$rows_csv"' EXIT
# The machine's note first, as gts's own --csv writes it: the picture's foot.
echo "# machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores" >"$rows_csv"
echo "position,design,threads,ms,nodes,score,speedup" >>"$rows_csv"
# The position (a file's name) as one CSV field, quoted as gts's own --csv
# quotes (RFC 4180) where it holds a comma or a quote.
csv_field() {
  if [[ $1 == *[,\"]* || $1 == '#'* ]]; then printf '"%s"' "${1//\"/\"\"}"; else printf '%s' "$1"; fi
}
row() {
  local speedup d
  speedup=$(awk -v s="$7" -v m="$4" 'BEGIN { printf "%.2f", s / m }')
  [ "$csv" = 1 ] || echo "| $1 | $2 | $3 | $4 | $5 | $6 | $speedup |"
  for d in $([ "$2" = serial ] && echo "$designs_of_row" || echo "$2"); do
    echo "$(csv_field "$1"),$d,$3,$4,$5,$6,$speedup" >>"$rows_csv"
    [ "$csv" = 0 ] || echo "$(csv_field "$1"),$d,$3,$4,$5,$6,$speedup"
  done
}

header="\`$cmdline\`, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(date -u +%F)"
if [ "$csv" = 1 ]; then
  echo "# $header"
  head -2 "$rows_csv"
else
  echo "$header"
  echo
  echo "| position | design | threads | ms | nodes | score | speed-up |"
  echo "|---|---|---|---|---|---|---|"
fi
for pos in "${positions[@]}"; do
  read -r serial nodes score <<<"$(measure best $pos --threads 1)"
  designs_of_row=$designs row "$pos" serial 1 "$serial" "$nodes" "$score" "$serial"
  for design in $designs; do
    for t in $threads; do
      [ "$t" = 1 ] && continue
      read -r ms nodes score <<<"$(measure best $pos --threads "$t" --parallel "$design")"
      row "$pos" "$design" "$t" "$ms" "$nodes" "$score" "$serial"
    done
  done
done
for file in $endgame; do
  read -r serial nodes score <<<"$(measure solve --threads 1 "$file")"
  designs_of_row=solve row "endgame $(basename "$file")" serial 1 "$serial" "$nodes" "$score" "$serial"
  for t in $threads; do
    [ "$t" = 1 ] && continue
    read -r ms nodes score <<<"$(measure solve --threads "$t" "$file")"
    row "endgame $(basename "$file")" solve "$t" "$ms" "$nodes" "$score" "$serial"
  done
done
if [ -n "$plot" ]; then
  "$gts" plot "$rows_csv" -o "$plot" --x threads --y speedup --series design --panel position --style threads \
      --title "Reversi: speed-up over one thread" --ylabel "speed-up" >&2
fi

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
