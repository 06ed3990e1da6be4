#!/usr/bin/env bash
# --gpus N on a machine with several devices (make gpu-test): every batch
# dealt over all of them against one device's answers and the CPU's, then
# compute-sanitizer memcheck and racecheck on small runs over all of them.
# Prints a short table.  Skipped (exit 77) with fewer than two devices.
#
# usage: gpu_multi_check.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]
set -u
USAGE="usage: gpu_multi_check.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]"
GTS=${1:?$USAGE}
MAKE=${2:?$USAGE}
SRC=${3:?$USAGE}
SAN=${4:-}
. "$(dirname "$0")/gpu_lib.sh"
gpu_skip_without_device
n=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "${CUDA_VISIBLE_DEVICES+set}" ]; then
    n=$(tr ',' '\n' <<<"$CUDA_VISIBLE_DEVICES" | grep -c .)
fi
if [ "$n" -lt 2 ]; then
    echo "SKIP: $n GPU visible, --gpus needs two or more"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
printf '%-36s %8s %10s %12s\n' check gpus answers "same as"

# row NAME GPUS COUNT REFERENCE SAME: one line of the table; SAME is 1 or 0.
row() {
    printf '%-36s %8s %10s %12s\n' "$1" "$2" "$3" "$4"
    if [ "$5" != 1 ]; then
        echo "FAILED: $1 on $2 GPUs differs from $4" >&2
        fail=1
    fi
}

# Reversi: 20,000 positions at 12 empties.  On the lanes alone (no budget)
# every line (move, score, nodes) is one device's; with the budget (the
# longest handed to the CPU threads) every score is the CPU solver's.
"$MAKE" 20000 12 11 > "$tmp/p"
"$GTS" reversi solve --gpu --gpu-only --gpu-budget 0 "$tmp/p" | grep -v '^#' > "$tmp/one"
"$GTS" reversi solve --each --threads "$(nproc)" "$tmp/p" | grep -v '^#' | awk '{print $1, $6}' > "$tmp/cpu"
for g in $(seq 2 "$n"); do
    "$GTS" reversi solve --gpu --gpu-only --gpu-budget 0 --gpus "$g" "$tmp/p" | grep -v '^#' > "$tmp/m"
    row "reversi solve, lanes alone" "$g" "$(wc -l < "$tmp/m")" "one GPU" \
        "$(cmp -s "$tmp/one" "$tmp/m" && [ -s "$tmp/m" ] && echo 1 || echo 0)"
    "$GTS" reversi solve --gpu --gpu-only --gpus "$g" "$tmp/p" | grep -v '^#' > "$tmp/m"
    row "reversi solve, with the budget" "$g" "$(wc -l < "$tmp/m")" "CPU scores" \
        "$(cmp -s "$tmp/cpu" <(awk '{print $1, $6}' "$tmp/m") && echo 1 || echo 0)"
done

# CPU threads beside the lanes (--cpu-beside), from one device to all:
# every score the CPU solver's, whichever side solved it.
for g in $(seq 1 "$n"); do
    "$GTS" reversi solve --gpu --cpu-beside --gpus "$g" "$tmp/p" > "$tmp/b"
    grep -v '^#' "$tmp/b" > "$tmp/m"
    row "reversi solve --cpu-beside ($(grep -o '[0-9]* by the cpu threads beside' "$tmp/b" | cut -d' ' -f1) cpu)" "$g" \
        "$(wc -l < "$tmp/m")" "CPU scores" "$(cmp -s "$tmp/cpu" <(awk '{print $1, $6}' "$tmp/m") && echo 1 || echo 0)"
done

# Perft 12 from the start: the CPU's count on every number of devices.
want=$("$GTS" reversi perft 12 --threads "$(nproc)" | awk '{print $3}')
for g in $(seq 2 "$n"); do
    got=$("$GTS" reversi perft 12 --gpu --gpus "$g" | awk '{print $3}')
    row "reversi perft 12" "$g" "$got" "CPU $want" "$([ "$got" = "$want" ] && echo 1 || echo 0)"
done

# Connect 4: the sample sets' scores (each device its own table).
for set in Test_L2_R2 Test_L1_R2; do
    for g in $(seq 2 "$n"); do
        "$GTS" c4 solve --gpu --gpus "$g" "$SRC/data/c4/$set" > "$tmp/c4" 2> "$tmp/c4.err"
        row "c4 solve $set" "$g" "$(wc -l < "$tmp/c4")" "the set" \
            "$(cmp -s <(cut -d' ' -f1-2 "$SRC/data/c4/$set") <(cut -d' ' -f1-2 "$tmp/c4") && echo 1 || echo 0)"
    done
done

"$MAKE" 300 10 4 > "$tmp/small"
gpu_sanitize "$GTS" reversi solve --gpu --gpus "$n" "$tmp/small"
gpu_sanitize_with memcheck "$GTS" reversi solve --gpu --cpu-beside --gpus "$n" "$tmp/small"
gpu_sanitize "$GTS" reversi perft 8 --gpu --gpus "$n"
gpu_sanitize "$GTS" c4 solve --gpu --gpus "$n" --gpu-tt-mb 16 "$SRC/data/c4/Test_L3_R1"
[ "$fail" -eq 0 ] && echo "gpu multi check passed"
exit "$fail"
