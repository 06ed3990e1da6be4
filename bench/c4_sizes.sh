#!/usr/bin/env bash
# The strong value of the empty board for every Connect 4 board size with
# width + height <= --max-sum (default 13) that gts's bitboard holds
# (width <= 9, width * (height + 1) <= 64, both sides at least 4), solved by
# gts and checked against the published outcomes: who wins and on which
# move with perfect play (John Tromp's results for width + height <= 15,
# as tabled by Christophe Steininger's solver's readme).  Prints a markdown
# table with the command, commit, machine and date; exits 1 when a result
# disagrees with the published one, 3 when a board did not finish.
#
#   bench/c4_sizes.sh [--max-sum N] [--sizes "4x4 5x4 ..."] [--threads N]
#                     [--tt-mb MB] [--timeout S] [--gts PATH]
#
# --sizes     these boards (WxH) instead of every one up to --max-sum
# --timeout   seconds a board may take (default 600); past it the row says so
set -euo pipefail
cd "$(dirname "$0")/.."

max_sum=13 sizes="" threads=1 tt_mb=64 timeout_s=600 gts=build/release/gts
cmdline="bench/c4_sizes.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --max-sum) max_sum=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --tt-mb) tt_mb=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --gts) gts=$2; shift 2 ;;
    *) echo "c4_sizes.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "c4_sizes.sh: no gts binary at $gts (make release)" >&2; exit 2; }

# The published results, "WxH outcome last-move": 1st / 2nd (that player
# wins, on that move of the game) or draw (the board fills up).
published() {
  case "$1" in
    4x4) echo "draw 16" ;; 5x4) echo "draw 20" ;; 6x4) echo "2nd 24" ;; 7x4) echo "draw 28" ;;
    8x4) echo "2nd 32" ;; 9x4) echo "2nd 36" ;;
    4x5) echo "draw 20" ;; 5x5) echo "draw 25" ;; 6x5) echo "draw 30" ;; 7x5) echo "draw 35" ;;
    8x5) echo "1st 39" ;; 9x5) echo "1st 41" ;;
    4x6) echo "draw 24" ;; 5x6) echo "draw 30" ;; 6x6) echo "2nd 36" ;; 7x6) echo "1st 41" ;;
    8x6) echo "2nd 48" ;; 9x6) echo "2nd 52" ;;
    4x7) echo "draw 28" ;; 5x7) echo "draw 35" ;; 6x7) echo "1st 41" ;; 7x7) echo "draw 49" ;;
    8x7) echo "1st 53" ;;
    4x8) echo "draw 32" ;; 5x8) echo "draw 40" ;; 6x8) echo "2nd 48" ;; 7x8) echo "1st 55" ;;
    4x9) echo "draw 36" ;; 5x9) echo "draw 45" ;; 6x9) echo "1st 53" ;;
    4x10) echo "draw 40" ;; 5x10) echo "draw 50" ;; 4x11) echo "draw 44" ;; 5x11) echo "draw 55" ;;
    4x12) echo "draw 48" ;; 5x12) echo "draw 60" ;; 4x13) echo "draw 52" ;;
    *) echo "- -" ;;
  esac
}

if [ -z "$sizes" ]; then
  for sum in $(seq 8 "$max_sum"); do
    for w in $(seq 4 9); do
      h=$((sum - w))
      [ "$h" -ge 4 ] && [ $((w * (h + 1))) -le 64 ] && sizes="$sizes ${w}x$h"
    done
  done
fi

# The outcome and the move the game ends on, from the first player's
# score (gts's convention: a win on the k-th stone of the game scores
# (cells + 2 - k) / 2 for the winner, rounded down).
outcome() {  # cells score
  local cells=$1 s=$2
  if [ "$s" -gt 0 ]; then echo "1st $((cells + 1 - 2 * s - (cells % 2 == 0 ? 0 : -1)))"
  elif [ "$s" -lt 0 ]; then echo "2nd $((cells + 2 + 2 * s - (cells % 2 == 0 ? 0 : 1)))"
  else echo "draw $cells"; fi
}

cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
echo "Command: \`$cmdline\` ($threads thread(s), $tt_mb MB table, no book) ·"
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown) · ${cpu:-unknown CPU}, $(nproc) cores ·"
echo "$(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "| board | published | gts: score | gts: outcome | nodes | seconds | agrees |"
echo "|---|---|---:|---|---:|---:|---|"
bad=0
for size in $sizes; do
  w=${size%x*} h=${size#*x}
  want=$(published "$size")
  if line=$(echo - | timeout "$timeout_s" "$gts" c4 solve --width "$w" --height "$h" --threads "$threads" \
      --tt-mb "$tt_mb" 2>/dev/null); then
    read -r _ score nodes usec <<<"$line"
    secs=$(awk -v u="$usec" 'BEGIN { printf "%.2f", u / 1e6 }')
    got=$(outcome $((w * h)) "$score")
    agrees=yes
    if [ "$want" = "- -" ]; then agrees="(none published)"
    elif [ "$got" != "$want" ]; then agrees=NO; bad=1; fi
    [ "$score" -gt 0 ] && score="+$score"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$size" "$want" "$score" "$got" "$nodes" "$secs" "$agrees"
  else
    printf '| %s | %s | — | not finished in %s s | — | — | — |\n' "$size" "$want" "$timeout_s"
    [ "$bad" = 1 ] || bad=3
  fi
done
exit "$bad"
