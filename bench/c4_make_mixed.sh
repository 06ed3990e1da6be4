#!/usr/bin/env bash
# Makes bench/c4_mixed400.txt, the mixed Connect 4 set of bench/hybrid.sh
# (issue 40): COUNT distinct 7x6 positions, the k-th of 6 + k % 29 stones
# (so 6 to 34 stones, evenly spread), each reached by random moves that
# never complete four (no position is won, none is full), then solved by
# gts's CPU solver: the lines are "moves score" as in the standard sets.
# The scores are checked against a second, weak solve (win / draw / loss
# must be the sign of the exact score); exit 1 if one differs.
#
# The random moves come from a Park-Miller generator written out in awk
# (its products stay below 2^53, so every awk gives the same file for a
# seed), not from awk's rand(), which differs between mawk and gawk.
#
#   bench/c4_make_mixed.sh [--count 400] [--seed 40] [--threads 2]
#                          [--gts build/release/gts] [-o bench/c4_mixed400.txt]
#
# The committed file was made with the defaults (--threads 2 on a 2-core
# machine: about 4 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."

count=400 seed=40 threads=2 gts=build/release/gts out=bench/c4_mixed400.txt
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --gts) gts=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    *) echo "c4_make_mixed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "c4_make_mixed.sh: no gts binary at $gts (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The positions: a move is drawn among the columns that are not full and
# do not complete four for the player; a game with no such column is
# thrown away and drawn again.  A position seen before (the same stones,
# whatever the order) is drawn again too.
awk -v count="$count" -v seed="$seed" '
  function next_random(n) { state = (state * 48271) % 2147483647; return state % n }
  function stone(c, r) { return (c >= 0 && c < 7 && r >= 0 && r < 6) ? cell[c, r] : 0 }
  function run(c, r, dc, dr, p,   n) {
    n = 0
    while (stone(c + dc, r + dr) == p) { n++; c += dc; r += dr }
    return n
  }
  function wins(c, p,   r) {
    r = height[c]
    return run(c, r, 0, -1, p) >= 3 ||
           run(c, r, 1, 0, p) + run(c, r, -1, 0, p) >= 3 ||
           run(c, r, 1, 1, p) + run(c, r, -1, -1, p) >= 3 ||
           run(c, r, 1, -1, p) + run(c, r, -1, 1, p) >= 3
  }
  # One game of STONES random moves; its moves, or "" if it had to stop.
  function play(stones,   c, r, i, p, k, n, moves, open) {
    for (c = 0; c < 7; c++) { height[c] = 0; for (r = 0; r < 6; r++) cell[c, r] = 0 }
    moves = ""
    for (i = 0; i < stones; i++) {
      p = 1 + i % 2
      n = 0
      for (c = 0; c < 7; c++)
        if (height[c] < 6 && !wins(c, p)) open[n++] = c
      if (n == 0) return ""
      c = open[next_random(n)]
      cell[c, height[c]++] = p
      moves = moves (c + 1)
    }
    return moves
  }
  function key(   c, r, k) {
    k = ""
    for (c = 0; c < 7; c++) for (r = 0; r < 6; r++) k = k cell[c, r]
    return k
  }
  BEGIN {
    state = seed % 2147483646 + 1
    for (made = 0; made < count; ) {
      moves = play(6 + made % 29)
      if (moves == "" || (key() in seen)) continue
      seen[key()] = 1
      print moves
      made++
    }
  }' > "$tmp/moves"

"$gts" c4 solve --threads "$threads" "$tmp/moves" > "$tmp/strong"
"$gts" c4 solve --weak --threads "$threads" "$tmp/moves" > "$tmp/weak"
if ! paste -d' ' "$tmp/strong" "$tmp/weak" | awk '
    { s = ($2 > 0) - ($2 < 0) }
    $1 != $5 || s != $6 { print "c4_make_mixed.sh: line " NR " (" $1 "): exact " $2 ", weak " $6 > "/dev/stderr"; bad = 1 }
    END { exit bad }'; then
  exit 1
fi
[ "$(wc -l < "$tmp/strong")" -eq "$count" ] || { echo "c4_make_mixed.sh: not every line solved" >&2; exit 1; }
cut -d' ' -f1-2 "$tmp/strong" > "$out"
echo "c4_make_mixed.sh: $count positions, $(awk '{ n[length($1)]++ } END { for (k in n) m++; print m }' "$out") stone counts, written to $out" >&2
