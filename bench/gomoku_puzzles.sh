#!/usr/bin/env bash
# The VCF/VCT puzzle suite (data/gomoku/puzzles.txt, made by
# bench/gomoku_make_puzzles.sh): each puzzle solved by the threat searches
# as the engine's root runs them, with its time, and checked.
#
#   bench/gomoku_puzzles.sh [--gts PATH] [--file FILE]
#
# A puzzle is solved when `gts gomoku best --vcf` (and --vct for a VCT
# puzzle) finds a win of at most the recorded length; the move found is
# then checked by a second method, the pattern search without threat
# searches: after the move the defender, searched to the plies left,
# scores a loss (perhaps a longer one: that search's threats cost no
# depth, so it sees past its depth and need not find the shortest).  Prints one line a puzzle and a summary;
# exits 1 if any puzzle is not solved or its move not confirmed.
set -euo pipefail
cd "$(dirname "$0")/.."

gts=build/release/gts
file=data/gomoku/puzzles.txt
while [ $# -gt 0 ]; do
  case "$1" in
    --gts) gts=$2; shift 2 ;;
    --file) file=$2; shift 2 ;;
    *) echo "gomoku_puzzles.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "gomoku_puzzles.sh: no gts binary at $gts (make release)" >&2; exit 2; }
[ -r "$file" ] || { echo "gomoku_puzzles.sh: cannot read $file" >&2; exit 2; }

win=1000000000
json() { sed -n "s/.*\"$1\":\\([^,}]*\\).*/\\1/p"; }

n=0 solved=0 total_us=0
printf '%-3s %-4s %-9s %5s %5s %6s %9s %10s  %s\n' '#' kind rule plies found move nodes 'ms' result
while read -r kind rule plies move rest; do
  case "$kind" in ''|'#'*) continue ;; esac
  pos=${rest%%#*}
  n=$((n + 1))
  flags=--vcf
  [ "$kind" = vct ] && flags="--vcf --vct"
  out=$("$gts" gomoku best $flags --rule "$rule" --depth 1 --json "$pos")
  score=$(echo "$out" | json score)
  got=$(echo "$out" | sed -n 's/.*"move":"\([a-z0-9]*\)".*/\1/p')
  us=$(echo "$out" | json usec)
  found=$((win - score))
  result=unsolved
  if [ "$found" -ge 1 ] && [ "$found" -le "$plies" ]; then
    left=$((found - 1))
    after=$("$gts" gomoku best --algo pattern --rule "$rule" --depth "$left" --json "$pos $got" | json score)
    if [ "$after" -le $((1000 - win)) ]; then
      result=solved
      solved=$((solved + 1))
    else
      result="move not confirmed ($after)"
    fi
  else
    found=-
  fi
  total_us=$(awk -v a="$total_us" -v b="$us" 'BEGIN { printf "%.1f", a + b }')
  printf '%-3d %-4s %-9s %5d %5s %6s %9s %10.1f  %s\n' "$n" "$kind" "$rule" "$plies" "$found" "$got" \
    "$(echo "$out" | json nodes)" "$(awk -v u="$us" 'BEGIN { print u / 1000 }')" "$result"
done < "$file"
echo "solved $solved of $n in $(awk -v u="$total_us" 'BEGIN { printf "%.1f", u / 1000 }') ms"
[ "$solved" -eq "$n" ] && [ "$n" -gt 0 ]
