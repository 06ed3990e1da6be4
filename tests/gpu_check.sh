#!/usr/bin/env bash
# The GPU solver on a real device: every GPU score against the CPU solver's
# on the first 30 lines of the bundled samples of five sets (strong and
# weak; Begin-Hard takes minutes per position on one GPU thread, see
# docs/notes/c4_gpu.md), the CUDA
# report's designs through `gts c4 bench --gpu`, then compute-sanitizer
# memcheck and racecheck on a small batch.  Prints a short table.  Without
# a device it is skipped (exit 77).
#
# usage: gpu_check.sh GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]
set -u
GTS=${1:?usage: gpu_check.sh GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]}
SRC=${2:?usage: gpu_check.sh GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]}
SAN=${3:-}
DATA=$SRC/data/c4
fail=0
. "$(dirname "$0")/gpu_lib.sh"
gpu_skip_without_device
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { awk '/positions in/{for(i=1;i<=NF;i++) if($i=="in"){print $(i+1); exit}}' "$1"; }

printf '%-12s %5s %9s %9s %11s %11s\n' set lines strong weak "gpu ms" "cpu ms"
for f in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2; do
    head -30 "$DATA/$f" > "$tmp/$f"
    n=$(grep -c . "$tmp/$f")
    t0=$(date +%s%N)
    "$GTS" c4 solve "$tmp/$f" > "$tmp/cpu" 2>/dev/null
    cpu_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    "$GTS" c4 solve -w "$tmp/$f" > "$tmp/cpuw" 2>/dev/null
    "$GTS" c4 solve --gpu --gpu-only "$tmp/$f" > "$tmp/gpu" 2> "$tmp/gpu.err"
    rc=$?
    "$GTS" c4 solve --gpu --gpu-only -w "$tmp/$f" > "$tmp/gpuw" 2> "$tmp/gpuw.err"
    rcw=$?
    same=$(paste -d' ' <(cut -d' ' -f1,2 "$tmp/cpu") <(cut -d' ' -f1,2 "$tmp/gpu") | awk '$1==$3 && $2==$4' | wc -l)
    samew=$(paste -d' ' <(cut -d' ' -f1,2 "$tmp/cpuw") <(cut -d' ' -f1,2 "$tmp/gpuw") | awk '$1==$3 && $2==$4' | wc -l)
    printf '%-12s %5d %5d/%-3d %5d/%-3d %11s %11s\n' "$f" "$n" "$same" "$n" "$samew" "$n" "$(ms "$tmp/gpu.err")" "$cpu_ms"
    if [ "$rc" -ne 0 ] || [ "$rcw" -ne 0 ] || [ "$same" -ne "$n" ] || [ "$samew" -ne "$n" ]; then
        echo "FAILED: $f: GPU and CPU scores differ or a run failed" >&2
        cat "$tmp/gpu.err" "$tmp/gpuw.err" >&2
        fail=1
    fi
done

# The CPU threads beside the lanes (the default): the five samples as one
# file, every score the CPU solver's, whichever side answered it; the
# device opened at once (--gpu-after 0: by default it starts after 400 ms,
# when 16 threads have nearly done), two CPU threads so that the lanes
# have a share (how much is a matter of speed: shown, not checked).
cat "$tmp"/Test_L* > "$tmp/all"
"$GTS" c4 solve --gpu --gpu-after 0 --threads 2 "$tmp/all" > "$tmp/beside" 2> "$tmp/beside.err"
rc=$?
"$GTS" c4 solve --threads "$(nproc)" "$tmp/all" > "$tmp/cpu" 2>/dev/null
same=$(paste -d' ' <(cut -d' ' -f1,2 "$tmp/cpu") <(cut -d' ' -f1,2 "$tmp/beside") | awk '$1==$3 && $2==$4' | wc -l)
n=$(grep -c . "$tmp/all")
echo "beside the CPU threads: $same/$n equal to the CPU, $(ms "$tmp/beside.err") ms; $(grep -o '[0-9]* by the GPU.*both' "$tmp/beside.err")"
if [ "$rc" -ne 0 ] || [ "$same" -ne "$n" ]; then
    echo "FAILED: c4 solve --gpu beside the CPU threads" >&2
    cat "$tmp/beside.err" >&2
    fail=1
fi

# Long items split with their windows kept (a small node budget).
for f in Test_L2_R2 Test_L1_R2; do
    "$GTS" c4 solve --gpu --gpu-only --gpu-budget 2048 "$tmp/$f" > "$tmp/gpub" 2> "$tmp/gpub.err"
    rc=$?
    "$GTS" c4 solve "$tmp/$f" > "$tmp/cpu" 2>/dev/null
    same=$(paste -d' ' <(cut -d' ' -f1,2 "$tmp/cpu") <(cut -d' ' -f1,2 "$tmp/gpub") | awk '$1==$3 && $2==$4' | wc -l)
    n=$(grep -c . "$tmp/$f")
    echo "$f with --gpu-budget 2048: $same/$n equal to the CPU, $(ms "$tmp/gpub.err") ms"
    if [ "$rc" -ne 0 ] || [ "$same" -ne "$n" ]; then
        echo "FAILED: $f with a node budget" >&2
        cat "$tmp/gpub.err" >&2
        fail=1
    fi
done

# The brute-force player: the GPU's moves are the CPU executor's, over a
# whole game at depth 6.
"$GTS" c4 play --depth 6 --first brute --second brute > "$tmp/play.gpu" 2>&1
rc=$?
"$GTS" c4 play --depth 6 --first brute --second brute --executor cpu > "$tmp/play.cpu" 2>&1
if [ "$rc" -ne 0 ] || ! diff <(grep -v '^#' "$tmp/play.gpu" | cut -d' ' -f1-4) \
                              <(grep -v '^#' "$tmp/play.cpu" | cut -d' ' -f1-4) > /dev/null; then
    echo "FAILED: the brute-force player's GPU moves differ from the CPU's" >&2
    fail=1
else
    echo "brute force, depth 6, a whole game: GPU moves = CPU moves ($(grep -vc '^#' "$tmp/play.gpu") moves)"
fi

# Perft: the device's counts are the CPU's.
g=$("$GTS" c4 perft 9 --gpu --distinct --json 2>&1)
c=$("$GTS" c4 perft 9 --distinct --threads 4 --json 2>&1)
if [ "$(grep -o '"sequences":[0-9]*,"positions":[0-9]*' <<<"$g")" != "$(grep -o '"sequences":[0-9]*,"positions":[0-9]*' <<<"$c")" ] ||
   ! grep -q '"sequences":39394572,"positions":558186' <<<"$g"; then
    echo "FAILED: perft 9 on the GPU: $g (CPU: $c)" >&2
    fail=1
else
    echo "perft 9 --distinct: GPU = CPU = 39394572 sequences, 558186 positions"
fi

echo
echo "The CUDA report's designs (Table 1 rows), first 20 positions of two samples:"
if ! "$GTS" c4 bench --gpu --limit 20 --threads 4 --data "$DATA" end-easy middle-easy; then
    echo "FAILED: gts c4 bench --gpu" >&2
    fail=1
fi

head -12 "$DATA/Test_L2_R1" > "$tmp/small"
gpu_sanitize "$GTS" c4 solve --gpu --gpu-after 0 --threads 2 --gpu-tt-mb 16 "$tmp/small"
gpu_sanitize "$GTS" c4 solve --gpu --gpu-only --gpu-tt-mb 16 "$tmp/small"
gpu_sanitize "$GTS" c4 bench --algo gpu-s1-tt,gpu-s4 --gpu-tt-mb 16 --limit 4 --data "$DATA" end-easy
gpu_sanitize "$GTS" c4 play --depth 4 4444
gpu_sanitize "$GTS" c4 perft 9 --gpu --distinct
[ "$fail" -eq 0 ] && echo "gpu check passed"
exit "$fail"
