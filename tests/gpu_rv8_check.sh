#!/usr/bin/env bash
# The 8x8 Reversi kernels on a real device (make gpu-test): every GPU count
# or score against the CPU's, then compute-sanitizer memcheck and racecheck
# on a small case.  Prints a short table.  Without a device it is skipped
# (exit 77).
#
# usage: gpu_rv8_check.sh perft|solve GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]
set -u
PART=${1:?usage: gpu_rv8_check.sh perft|solve GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]}
GTS=${2:?usage: gpu_rv8_check.sh perft|solve GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]}
SRC=${3:?usage: gpu_rv8_check.sh perft|solve GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]}
SAN=${4:-}
gpu_line=$("$GTS" info | grep '^gpu:')
case $gpu_line in
*"no CUDA device"*) echo "SKIP: no CUDA device"; exit 77 ;;
esac
echo "$gpu_line"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# sanitize ARGS...: gts ARGS under memcheck and racecheck.
sanitize() {
    if [ -z "$SAN" ]; then
        echo "compute-sanitizer not found: skipped"
        return
    fi
    for tool in memcheck racecheck; do
        if "$SAN" --tool "$tool" --error-exitcode 1 "$GTS" "$@" > "$tmp/san.out" 2>&1; then
            echo "compute-sanitizer $tool: $(grep -E "(ERROR|RACECHECK) SUMMARY" "$tmp/san.out" | sort | uniq -c | tr -s " " | paste -sd";")"
        else
            echo "FAILED: compute-sanitizer $tool on gts $*" >&2
            tail -30 "$tmp/san.out" >&2
            fail=1
        fi
    done
}

perft_part() {
    printf '%-24s %5s %14s %14s %10s %10s\n' from depth gpu cpu "gpu ms" "kernel ms"
    for case in "start 11" "f5d6c3d3c4f4f6f3e6e7 11" "f5f6e6f4e3c5c4e7c6e2f2f3g4 10"; do
        set -- $case
        local moves=$1 depth=$2
        [ "$moves" = start ] && moves=
        g=$("$GTS" reversi perft "$depth" $moves --gpu 2>&1)
        c=$("$GTS" reversi perft "$depth" $moves --threads 4 2>&1)
        gl=$(awk '{print $3}' <<<"$g")
        cl=$(awk '{print $3}' <<<"$c")
        printf '%-24s %5s %14s %14s %10s %10s\n' "${1}" "$depth" "$gl" "$cl" \
            "$(grep -o '[0-9.]* ms' <<<"$g" | head -1)" "$(grep -o 'kernel [0-9.]* ms' <<<"$g")"
        if [ -z "$gl" ] || [ "$gl" != "$cl" ]; then
            echo "FAILED: perft $depth $moves: GPU '$g', CPU '$c'" >&2
            fail=1
        fi
    done
    sanitize reversi perft 7 --gpu
}

case "$PART" in
perft) perft_part ;;
solve) solve_part ;;
*) echo "usage: gpu_rv8_check.sh perft|solve GTS_BINARY SOURCE_DIR [COMPUTE_SANITIZER]" >&2; exit 2 ;;
esac
[ "$fail" -eq 0 ] && echo "gpu $PART check passed"
exit "$fail"
