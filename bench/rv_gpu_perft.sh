#!/usr/bin/env bash
# The 8x8 perft target (issue 20): gts reversi perft on THREADS CPU
# threads and on the GPU (a warm-up launch first, the kernel timed by CUDA
# events), in one run, from the start; the counts must be equal (exit 1 if
# not).  Prints a markdown table after a header naming the command,
# commit, device and date.
#
#   bench/rv_gpu_perft.sh [--depths "13 14"] [--gpu-depths "15"]
#                         [--threads 16] [--build build/release]
#                         [--executor gpu|cpu]
#
# --executor cpu: the kernel's code on one CPU thread (to try the script
# without a device).  --gpu-depths: depths counted on the GPU alone (the CPU would take minutes).
set -euo pipefail
# calc DIGITS EXPR: EXPR (numbers, + - * /) with DIGITS decimals (awk: bc is
# not on every machine).
calc() { awk "BEGIN { printf \"%.$1f\", $2 }"; }
cd "$(dirname "$0")/.."

depths="13 14" gpu_depths="15" threads=16 build=build/release executor=gpu
cmdline="bench/rv_gpu_perft.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --depths) depths=$2; shift 2 ;;
    --gpu-depths) gpu_depths=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --executor) executor=$2; shift 2 ;;
    *) echo "rv_gpu_perft.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
gts=$build/gts
[ -x "$gts" ] || { echo "rv_gpu_perft.sh: no $gts (build first)" >&2; exit 2; }

# field LINE NAME: the number before NAME in a perft line ("123.4 ms").
num() { grep -o "[0-9.]* $2" <<<"$1" | head -1 | cut -d' ' -f1; }
echo "# $cmdline"
echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $("$gts" info | grep '^gpu:'), $(nproc) cpus, $(date -u +%F)"
echo "| depth | leaves | CPU $threads-thread s | CPU G leaves/s | GPU kernel s | GPU end-to-end s | GPU G leaves/s (kernel) | GPU / CPU |"
echo "|---|---|---|---|---|---|---|---|"
fail=0
for d in $depths $gpu_depths; do
    g=$("$gts" reversi perft "$d" --gpu --executor "$executor")
    leaves=$(awk '{print $3}' <<<"$g")
    gpu_ms=$(num "$g" "ms,")
    kernel_ms=$(grep -o 'kernel [0-9.]* ms' <<<"$g" | cut -d' ' -f2)
    cpu_cols="- | -" ratio="-"
    if [[ " $depths " == *" $d "* ]]; then
        c=$("$gts" reversi perft "$d" --threads "$threads")
        [ "$(awk '{print $3}' <<<"$c")" = "$leaves" ] || { echo "FAILED: perft $d: GPU '$g', CPU '$c'" >&2; fail=1; }
        cpu_ms=$(num "$c" "ms,")
        cpu_cols="$(calc 3 "$cpu_ms / 1000") | $(calc 2 "$leaves / $cpu_ms / 1000000")"
        ratio="$(calc 1 "$cpu_ms / $gpu_ms")x"
    fi
    echo "| $d | $leaves | $cpu_cols | $(calc 3 "$kernel_ms / 1000") | $(calc 3 "$gpu_ms / 1000") | $(calc 1 "$leaves / $kernel_ms / 1000000") | $ratio |"
done
exit "$fail"
