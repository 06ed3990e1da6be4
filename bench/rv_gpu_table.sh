#!/usr/bin/env bash
# The report's GPU Reversi player (pvs:backend=gpu, PV-split with a thread
# block per sibling) against gts's best CPU search on 16 threads, in one
# run on the device machine; markdown tables, the header naming the
# command, commit, device and date.
#
#   bench/rv_gpu_table.sh [--gts PATH] [--layout bytes|rows] [--split 1|2]
#                         [--unit block|warp] [--threads N] [--parallel P]
#                         [--match-seconds S]
#                         [--table [--against alphabeta|pvs|both] [--max-seconds S]
#                                  [--row-seconds S] [--out DIR]]
#
# 1. Single searches (gts reversi best) of the midgame boards of
#    data/reversi, 64x64 at depths 3 and 4 (400 random plies, sparse) and
#    at depth 3 after 2000 plies of a real game, 16x16 at depth 5: both layouts,
#    a block per sibling (split=1, the report's) and per sibling's child
#    (split=2; rows also with blocks of one warp, block=32, and with each
#    warp of a block its own node, unit=warp), against PVS on N
#    threads and serial alpha-beta; the scores
#    must agree (a search cut at 60 s shows "over 60 s").  About 30 s.  The
#    matches take the layout, split and unit given (default: bytes, 1,
#    block, the report's design): pick the fastest here.
# 2. The issue's targets: the report's two-game match (each player black
#    once) at depth 3 on 32x32, 64x32 and 64x64, player 1 PVS on N threads,
#    player 2 the GPU: each player's search time (end to end), the GPU's
#    kernel time (CUDA events) and the factor (targets: 64x64 and 64x32 at
#    least 10, 32x32 at least 3).  A match is cut at --match-seconds
#    (default 200).  About 3 minutes, most of it the CPU's 64x64 games.
# 3. With --table (instead of 1 and 2): Table 2 and Table 1 (gts reversi
#    bench table --csv) with the GPU as player 2 against serial alpha-beta
#    (the report's) and/or against PVS on N threads (--against), each cell
#    cut at --max-seconds (default 30) and each board's row at
#    --row-seconds (default 300), the report's cells (8x8 depths 1-6, 8,
#    10 ... 64x64 1-3), plus 32x32 to 5 and 64x64 to 4; Figure 4 from the
#    CSVs (gts plot) when gnuplot is there.  The CSVs and rv_gpu_figure4.svg
#    go to --out (default build/rv_gpu_table).  Tens of minutes: the
#    serial player's deep cells dominate (64x32 depth 3 alone is 100 s
#    serial); run each --against as its own call.
set -uo pipefail
cd "$(dirname "$0")/.."

gts=build/release/gts layout=bytes split=1 unit=block threads=16 parallel=lazy match_seconds=200 table=0 max_seconds=30
against=both row_seconds=300
outdir=build/rv_gpu_table
cmdline="bench/rv_gpu_table.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --gts) gts=$2; shift 2 ;;
    --layout) layout=$2; shift 2 ;;
    --split) split=$2; shift 2 ;;
    --unit) unit=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --parallel) parallel=$2; shift 2 ;;
    --match-seconds) match_seconds=$2; shift 2 ;;
    --table) table=1; shift ;;
    --against) against=$2; shift 2 ;;
    --row-seconds) row_seconds=$2; shift 2 ;;
    --max-seconds) max_seconds=$2; shift 2 ;;
    --out) outdir=$2; shift 2 ;;
    *) echo "rv_gpu_table.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$gts" ] || { echo "rv_gpu_table.sh: no $gts (make release first)" >&2; exit 2; }
"$gts" info | grep -q '^gpu: no CUDA device' && { echo "rv_gpu_table.sh: $("$gts" info | grep '^gpu:')" >&2; exit 1; }
gpu="pvs:backend=gpu,layout=$layout,split=$split,unit=$unit"
# The CPU baseline: PVS on N threads, Lazy SMP by default (the fastest
# 16-thread design at depths 3-4 on the big boards, docs/benchmarks/reversi.md).
cpu="pvs:threads=$threads,parallel=$parallel"

echo "\`$cmdline\`, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $("$gts" info | grep '^gpu:')," \
     "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(date -u +%F)"
# Warm-up: the CUDA context and the kernel's load, outside every timing.
"$gts" reversi best --depth 3 --player "$gpu" start > /dev/null

field() { sed -n "s/.*$1 *\\([-+0-9.]*\\).*/\\1/p" <<<"$2" | head -1; }

if [ "$table" = 0 ]; then

echo
echo "## Single searches (ms; gpu: kernels ms / end to end)"
echo
echo "| position | depth | gpu bytes | gpu rows | gpu bytes split=2 | gpu rows split=2 | rows split=2 block=32 |" \
     "rows split=2 unit=warp | pvs $threads threads ($parallel) | alpha-beta | scores |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for pos in "64x64 3 midgame-64x64" "64x64 4 midgame-64x64" "64x64 3 midgame-64x64-ply2000" "16x16 5 midgame-16x16"; do
  read -r size depth file <<<"$pos"
  board="--size $size --depth $depth --board data/reversi/$file.txt"
  cells="" scores=""
  for who in pvs:backend=gpu,layout=bytes pvs:backend=gpu,layout=rows pvs:backend=gpu,layout=bytes,split=2 \
             pvs:backend=gpu,layout=rows,split=2 pvs:backend=gpu,layout=rows,split=2,block=32 \
             pvs:backend=gpu,layout=rows,split=2,unit=warp "$cpu" alphabeta; do
    out=$(timeout 60 "$gts" reversi best $board --player "$who" 2>&1)
    line=$(grep '^best ' <<<"$out")
    kernel=$(sed -n 's/.*kernels \([0-9.]*\) ms.*/\1/p' <<<"$out")
    time=$(field 'time' "$line")
    cells="$cells | ${kernel:+$kernel / }${time:-over 60 s}"
    scores="$scores $(field 'score' "$line")"
  done
  same=$(tr ' ' '\n' <<<"$scores" | grep . | sort -u | wc -l)
  echo "| $file | $depth$cells | $([ "$same" = 1 ] && echo equal || echo "DIFFER:$scores") |"
done

echo
echo "## Two-game matches at depth 3: PVS on $threads threads, $parallel (player 1) against the GPU ($layout layout, split=$split, unit=$unit, player 2)"
echo
echo "| board | pvs $threads threads, s | gpu end to end, s | gpu kernels, s | launches | factor | target |"
echo "|---|---|---|---|---|---|---|"
for row in "32x32 3" "64x32 10" "64x64 10"; do
  read -r size target <<<"$row"
  out=$(timeout "$match_seconds" "$gts" reversi play --size "$size" --depth 3 --player1 "$cpu" \
        --player2 "$gpu" 2>&1)
  rc=$?
  p1=$(grep '^player 1: [0-9.]* s in' <<<"$out") p2=$(grep '^player 2: [0-9.]* s in' <<<"$out")
  if [ "$rc" -ne 0 ] || [ -z "$p2" ]; then
    echo "| $size | not finished in ${match_seconds} s (exit $rc) | | | | | $target |"
    continue
  fi
  cpu_s=$(field 'player 1:' "$p1") gpu_s=$(field 'player 2:' "$p2")
  echo "| $size | $cpu_s | $gpu_s | $(field 'kernels' "$p2") | $(field 'gpu:' "$p2") |" \
       "$(awk -v a="$cpu_s" -v b="$gpu_s" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }') | $target |"
done

exit 0
fi

mkdir -p "$outdir" || exit 1
case $against in
  alphabeta) players=(alphabeta) ;;
  pvs) players=("$cpu") ;;
  both) players=(alphabeta "$cpu") ;;
  *) echo "rv_gpu_table.sh: --against takes alphabeta, pvs or both" >&2; exit 2 ;;
esac
echo
for p1 in "${players[@]}"; do
  csv="$outdir/rv_gpu_table_${p1%%:*}.csv"
  echo "## Table 2 and Table 1: $p1 (player 1) against the GPU (player 2), cells over $max_seconds s cut ($csv)"
  echo
  # The report's cells, row by row, then 32x32 to depth 5 and 64x64 to 4;
  # the machine's note and the header once (each row's --csv starts with
  # both).
  first=1
  for row in 8x8:1-6,8,10 16x8:1-6,8 16x16:1-6 32x16:1-5 32x32:1-5 64x32:1-3 64x64:1-4; do
    timeout "$row_seconds" "$gts" reversi bench table --player1 "$p1" --player2 "$gpu" --sizes "${row%%:*}" \
        --depths "${row#*:}" --max-seconds "$max_seconds" --csv | tail -n +$((first ? 1 : 3))
    [ "${PIPESTATUS[0]}" = 124 ] && echo "rv_gpu_table.sh: the ${row%%:*} row cut at $row_seconds s" >&2
    first=0
  done > "$csv"
  cat "$csv"
  echo
  echo "Table 1 (branching: legal moves where a player had a move to choose, depth-2 games)"
  echo
  echo "| board | b |"
  echo "|---|---|"
  awk -F, '$4 == 2 && $5 == "ok" { print "| " $1 " | " $10 " |" }' "$csv"
  echo
done
# Figure 4 from the CSVs there (of this run or an earlier one), with gts
# plot: the factor against the depth, a line per board and table.
files=() labels=()
[ -s "$outdir/rv_gpu_table_alphabeta.csv" ] && files+=("$outdir/rv_gpu_table_alphabeta.csv") && labels+=("vs alpha-beta")
[ -s "$outdir/rv_gpu_table_pvs.csv" ] && files+=("$outdir/rv_gpu_table_pvs.csv") && labels+=("vs pvs $threads threads")
if command -v gnuplot > /dev/null && [ ${#files[@]} -gt 0 ]; then
  "$gts" plot "${files[@]}" --labels "$(IFS=,; echo "${labels[*]}")" -o "$outdir/rv_gpu_figure4.svg" \
      --x depth --y factor --series board --logy --hline 1 --xlabel "search depth" \
      --ylabel "player 1's time / the GPU's (log scale)" --title "Reversi: the report's Figure 4, the GPU as player 2" &&
    echo "Figure 4: $outdir/rv_gpu_figure4.svg"
fi
