#!/usr/bin/env bash
# The 8x8 Reversi kernels on a real device (make gpu-test): every GPU count
# or score against the CPU's, then compute-sanitizer memcheck and racecheck
# on a small case.  Prints a short table.  Without a device it is skipped
# (exit 77).
#
# The solver's answers are checked twice: every score against the CPU
# solver's (gts reversi solve --each), and every line (move, score, nodes)
# against the CPU executor's, which runs the same search: its moves are
# checked by the score they reach in test_reversi_gpu.
#
# usage: gpu_rv8_check.sh perft|solve GTS_BINARY RV_MAKE_POSITIONS_BINARY [COMPUTE_SANITIZER]
set -u
USAGE="usage: gpu_rv8_check.sh perft|solve GTS_BINARY RV_MAKE_POSITIONS_BINARY [COMPUTE_SANITIZER]"
PART=${1:?$USAGE}
GTS=${2:?$USAGE}
MAKE=${3:?$USAGE}
SAN=${4:-}
. "$(dirname "$0")/gpu_lib.sh"
gpu_skip_without_device
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

perft_part() {
    printf '%-24s %5s %14s %14s %10s %10s\n' from depth gpu cpu "gpu ms" "kernel ms"
    local threads
    threads=$(nproc)
    for case in "start 11" "f5d6c3d3c4f4f6f3e6e7 9" "f5f6e6f4e3 9"; do
        set -- $case
        local moves=$1 depth=$2
        [ "$moves" = start ] && moves=
        g=$("$GTS" reversi perft "$depth" $moves --gpu 2>&1)
        c=$("$GTS" reversi perft "$depth" $moves --threads "$threads" 2>&1)
        gl=$(awk '{print $3}' <<<"$g")
        cl=$(awk '{print $3}' <<<"$c")
        printf '%-24s %5s %14s %14s %10s %10s\n' "${1}" "$depth" "$gl" "$cl" \
            "$(grep -o '[0-9.]* ms' <<<"$g" | head -1)" "$(grep -o 'kernel [0-9.]* ms' <<<"$g")"
        if ! [[ $gl =~ ^[0-9]+$ ]] || [ "$gl" != "$cl" ]; then
            echo "FAILED: perft $depth $moves: GPU '$g', CPU '$c'" >&2
            fail=1
        fi
    done
    gpu_sanitize "$GTS" reversi perft 7 --gpu
}

# answers FILE: "line score" of each solved line.
answers() {
    awk '/ empties /{print $1, $6}' "$1"
}

solve_part() {
    local threads
    threads=$(nproc)
    # gpu: the defaults (a batch under --gpu-least the CPU threads', a
    # position over the budget too, CPU threads beside the lanes); lanes:
    # --gpu-only (--gpu-least 1, no CPU thread beside) and no budget, every
    # position on the lanes, line for line (move and nodes too) the
    # executor's.
    printf '%-8s %7s %8s %10s %10s %10s %12s %10s\n' empties lines wld "gpu=cpu" "lanes=cpu" "lanes=exec" \
        "gpu kernel ms" "cpu ms"
    for case in "20000 12 1" "5000 6 2" "500 16 3"; do
        set -- $case
        local n=$1 e=$2 seed=$3
        "$MAKE" "$n" "$e" "$seed" > "$tmp/p"
        for wld in "" --wld; do
            "$GTS" reversi solve --gpu $wld "$tmp/p" > "$tmp/gpu" 2> "$tmp/gpu.err"
            local rc=$?
            "$GTS" reversi solve --gpu --gpu-only --gpu-budget 0 $wld "$tmp/p" > "$tmp/lanes" 2>> "$tmp/gpu.err"
            rc=$((rc | $?))
            "$GTS" reversi solve --each --threads "$threads" $wld "$tmp/p" > "$tmp/cpu" 2>&1
            "$GTS" reversi solve --gpu --gpu-only --executor cpu --gpu-budget 0 --threads "$threads" $wld "$tmp/p" \
                > "$tmp/exec" 2>&1
            local same lanes exact
            same=$(paste -d' ' <(answers "$tmp/gpu") <(answers "$tmp/cpu") | awk '$1==$3 && $2==$4' | wc -l)
            lanes=$(paste -d' ' <(answers "$tmp/lanes") <(answers "$tmp/cpu") | awk '$1==$3 && $2==$4' | wc -l)
            exact=$(cmp -s <(grep empties "$tmp/lanes") <(grep empties "$tmp/exec") && echo "$n" || echo 0)
            printf '%-8s %7s %8s %10s %10s %10s %12s %10s\n' "$e" "$n" "${wld:-exact}" "$same/$n" "$lanes/$n" \
                "$exact/$n" "$(grep -o 'kernel [0-9.]*' "$tmp/gpu" | cut -d' ' -f2)" \
                "$(grep -o 'end-to-end [0-9.]*' "$tmp/cpu" | cut -d' ' -f2)"
            if [ "$rc" -ne 0 ] || [ "$same" -ne "$n" ] || [ "$lanes" -ne "$n" ] || [ "$exact" -ne "$n" ]; then
                echo "FAILED: $n positions at $e empties $wld: GPU and CPU answers differ or a run failed" >&2
                cat "$tmp/gpu.err" >&2
                fail=1
            fi
        done
    done
    "$MAKE" 300 10 4 > "$tmp/small"
    # The lanes with CPU threads beside (a batch under --gpu-least would
    # never start the device).
    gpu_sanitize "$GTS" reversi solve --gpu --gpu-least 1 "$tmp/small"
}

case "$PART" in
perft) perft_part ;;
solve) solve_part ;;
*) echo "$USAGE" >&2; exit 2 ;;
esac
[ "$fail" -eq 0 ] && echo "gpu $PART check passed"
exit "$fail"
