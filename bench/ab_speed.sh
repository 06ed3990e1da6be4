#!/usr/bin/env bash
# Two builds of gts on the single-thread workloads that guard the hot
# paths, alternating in one run on one machine: Connect 4 End-Easy and
# Middle-Medium (1000 positions each, `gts c4 solve`) and the Reversi
# endgame's fforum-20-39 (`gts reversi solve`).  Each round runs every
# workload on both builds, the order swapped from round to round so that
# drift in the machine's speed falls on both alike.  Prints, per workload,
# the nodes (which must be equal: the builds search alike) and the minimum
# and median wall times, the ratio of the medians (new / old), and every
# run's time.
#
# usage: bench/ab_speed.sh [--rounds N] [--data DIR] OLD_GTS NEW_GTS
#   --rounds  rounds (default 5)
#   --data    a folder holding connect4/ and othello/ as ../shared/data does
#             (default ../shared/data)
# Exit status 1 when the node counts differ.
set -euo pipefail
rounds=5
data=../shared/data
while [ $# -gt 2 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    *) echo "ab_speed.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -eq 2 ] || { echo "usage: bench/ab_speed.sh [--rounds N] [--data DIR] OLD_GTS NEW_GTS" >&2; exit 2; }
old=$1 new=$2
names=(c4-end-easy c4-middle-medium reversi-fforum-20-39)
cmds=("c4 solve $data/connect4/Test_L3_R1" "c4 solve $data/connect4/Test_L2_R2"
      "reversi solve $data/othello/fforum-20-39.obf")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs build $2 (old|new) on workload $1; appends "ms nodes" to its log.
run() {
  local bin=$old
  [ "$2" = new ] && bin=$new
  local t0 t1 nodes
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  "$bin" ${cmds[$1]} >"$tmp/out" 2>/dev/null || { echo "ab_speed.sh: '$bin ${cmds[$1]}' failed" >&2; exit 1; }
  t1=$(date +%s%N)
  if [ "$1" -lt 2 ]; then
    nodes=$(awk '{ s += $3 } END { print s }' "$tmp/out")
  else
    nodes=$(sed -n 's/^# [0-9]* positions, \([0-9]*\) nodes.*/\1/p' "$tmp/out")
  fi
  echo "$(( (t1 - t0) / 1000000 )) $nodes" >>"$tmp/$1.$2"
}

for ((r = 0; r < rounds; r++)); do
  for i in "${!names[@]}"; do
    if ((r % 2)); then run "$i" new; run "$i" old; else run "$i" old; run "$i" new; fi
  done
  echo "round $((r + 1))/$rounds done" >&2
done

status=0
printf '%-22s %14s %9s %9s %9s %9s %7s\n' workload nodes "old min" "old med" "new min" "new med" new/old
for i in "${!names[@]}"; do
  on=$(cut -d' ' -f2 "$tmp/$i.old" | sort -u) nn=$(cut -d' ' -f2 "$tmp/$i.new" | sort -u)
  [ "$on" = "$nn" ] || { echo "${names[$i]}: nodes differ: old $on, new $nn" >&2; status=1; }
  stats() { cut -d' ' -f1 "$1" | sort -n | awk '{ v[NR] = $1 } END { printf "%d %d", v[1], (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
  read -r omin omed <<<"$(stats "$tmp/$i.old")"
  read -r nmin nmed <<<"$(stats "$tmp/$i.new")"
  printf '%-22s %14s %7d ms %6d ms %6d ms %6d ms %7.3f\n' "${names[$i]}" "$nn" "$omin" "$omed" "$nmin" "$nmed" \
    "$(awk -v a="$nmed" -v b="$omed" 'BEGIN { print b ? a / b : 0 }')"
done
# Every run, for a reader who wants the spread behind the medians.
for i in "${!names[@]}"; do
  echo "${names[$i]}: old $(cut -d' ' -f1 "$tmp/$i.old" | tr '\n' ' ')ms; new $(cut -d' ' -f1 "$tmp/$i.new" | tr '\n' ' ')ms"
done
exit $status
