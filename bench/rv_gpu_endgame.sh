#!/usr/bin/env bash
# The 8x8 batch endgame target (issue 20): COUNT distinct positions at
# EMPTIES empties, or a mixed batch at EMPTIES-MOST (8-30, say: issue 40;
# tools/rv_make_positions, seeded), solved exactly in one run by
#   - the CPU solver on THREADS threads each solving positions of its own
#     (gts reversi solve --each);
#   - the GPU (gts reversi solve --gpu, a warm-up launch first, the kernel
#     timed by CUDA events) with THREADS CPU threads beside the lanes, the
#     positions of more than 20 empties theirs, a position over the
#     lanes' node budget handed to them after the kernel (the default
#     budget);
#   - the GPU's lanes alone (--gpu-only --gpu-budget 0), for the record
#     (--no-alone: not; a mixed batch's deep positions are then solved one
#     at a time after the lanes, minutes);
#   - with --lane-code, the kernel's lane code on THREADS CPU threads
#     (--executor cpu --gpu-only --gpu-budget 0), a second CPU baseline
#     (minutes).
# --executor cpu runs the kernel's code on one CPU thread (to try the
# script without a device).  Every GPU score must equal the CPU's (exit 1
# if not).  Prints a markdown table row after a header naming the command,
# commit, device and date.
#
#   bench/rv_gpu_endgame.sh [--count 1000000] [--empties 12|8-30] [--seed 1]
#                           [--threads 16] [--build build/release]
#                           [--executor gpu|cpu] [--lane-code] [--no-alone]
set -euo pipefail
# calc DIGITS EXPR: EXPR (numbers, + - * /) with DIGITS decimals (awk: bc is
# not on every machine).
calc() { awk "BEGIN { printf \"%.$1f\", $2 }"; }
cd "$(dirname "$0")/.."

count=1000000 empties=12 seed=1 threads=16 build=build/release executor=gpu lane_code=0 alone=1
cmdline="bench/rv_gpu_endgame.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --empties) empties=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --executor) executor=$2; shift 2 ;;
    --lane-code) lane_code=1; shift ;;
    --no-alone) alone=0; shift ;;
    *) echo "rv_gpu_endgame.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
gts=$build/gts make=$build/rv_make_positions
[ -x "$gts" ] && [ -x "$make" ] || { echo "rv_gpu_endgame.sh: no $gts or $make (build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t0=$(date +%s.%N)
"$make" "$count" "$empties" "$seed" > "$tmp/positions.obf"
made=$(calc 2 "$(date +%s.%N) - $t0")
"$gts" reversi solve --each --threads "$threads" "$tmp/positions.obf" > "$tmp/cpu" 2> "$tmp/cpu.err" || true
"$gts" reversi solve --gpu --executor "$executor" --threads "$threads" "$tmp/positions.obf" > "$tmp/gpu" \
    2> "$tmp/gpu.err" || true
if [ "$alone" = 1 ]; then
    "$gts" reversi solve --gpu --executor "$executor" --gpu-only --gpu-budget 0 "$tmp/positions.obf" > "$tmp/alone" \
        2> /dev/null || true
fi
lanes_s=-
if [ "$lane_code" = 1 ]; then
    "$gts" reversi solve --gpu --executor cpu --gpu-only --gpu-budget 0 --threads "$threads" "$tmp/positions.obf" \
        > "$tmp/lanes" 2> /dev/null || true
fi
summary() { grep '^# ' "$1" | tail -1; }
ms() { summary "$1" | grep -o "$2 [0-9.]*" | cut -d' ' -f2; }
# same FILE: the lines whose score is the CPU solver's.
same() {
    paste -d' ' <(awk '/ empties /{print $1, $6}' "$tmp/cpu") <(awk '/ empties /{print $1, $6}' "$1") |
        awk '$1==$3 && $2==$4' | wc -l
}
same=$(same "$tmp/gpu") same_alone=$count alone_s=-
if [ "$alone" = 1 ]; then
    same_alone=$(same "$tmp/alone") alone_s=$(calc 3 "$(ms "$tmp/alone" end-to-end) / 1000")
fi
cpu_s=$(calc 2 "$(ms "$tmp/cpu" end-to-end) / 1000")
kernel_s=$(calc 3 "$(ms "$tmp/gpu" kernel) / 1000")
handed=$(summary "$tmp/gpu" | grep -o '[0-9]* over the budget' | cut -d' ' -f1)
handed_s=$(calc 3 "$(summary "$tmp/gpu" | grep -o 'cpu threads [0-9.]* ms' | cut -d' ' -f3) / 1000")
gpu_s=$(calc 3 "$(ms "$tmp/gpu" end-to-end) / 1000")
[ "$lane_code" = 1 ] && lanes_s=$(calc 2 "$(ms "$tmp/lanes" end-to-end) / 1000")

echo "# $cmdline"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $("$gts" info | grep '^gpu:'), $(nproc) cpus, $(date -u +%F)"
echo "# positions made in $made s; cpu: $(summary "$tmp/cpu"); gpu: $(summary "$tmp/gpu"); lanes alone: $([ "$alone" = 1 ] && summary "$tmp/alone" || echo not run)"
echo "| positions | empties | CPU $threads-thread s | GPU kernel s | handed back to $threads CPU threads (s) | GPU end-to-end s | CPU / GPU end-to-end | lanes alone (no budget) end-to-end s | lane code on $threads CPU threads s | scores equal (GPU, lanes alone) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
echo "| $count | $empties | $cpu_s | $kernel_s | $handed ($handed_s) | $gpu_s | $(calc 1 "$cpu_s / $gpu_s")x | $alone_s | $lanes_s | $same/$count, $same_alone/$count |"
if [ "$same" -ne "$count" ] || [ "$same_alone" -ne "$count" ]; then
    echo "FAILED: $((count - same)) scores differ or were not solved ($((count - same_alone)) with the lanes alone)" >&2
    head -5 "$tmp/cpu.err" "$tmp/gpu.err" >&2
    exit 1
fi
