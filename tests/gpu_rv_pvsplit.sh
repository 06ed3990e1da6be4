#!/usr/bin/env bash
# The Reversi PV-split GPU player on a real device: its values against the
# serial alpha-beta's on random positions of every board size, both
# layouts, several block sizes (test_rv_gpu device, a table), then
# compute-sanitizer memcheck and racecheck on a small case, then a short
# Table 2 (GPU as player 2).  Without a device it is skipped (exit 77).
#
# usage: gpu_rv_pvsplit.sh TEST_RV_GPU GTS_BINARY [COMPUTE_SANITIZER]
set -u
TEST=${1:?usage: gpu_rv_pvsplit.sh TEST_RV_GPU GTS_BINARY [COMPUTE_SANITIZER]}
GTS=${2:?usage: gpu_rv_pvsplit.sh TEST_RV_GPU GTS_BINARY [COMPUTE_SANITIZER]}
SAN=${3:-}
if "$GTS" info | grep -q '^gpu: no CUDA device'; then
    echo "SKIP: no CUDA device"
    exit 77
fi
"$GTS" info | grep '^gpu:'
fail=0
"$TEST" device || fail=1
if [ -n "$SAN" ]; then
    for tool in memcheck racecheck; do
        out=$("$SAN" --tool "$tool" --error-exitcode 9 "$TEST" device_small 2>&1)
        rc=$?
        echo "$out" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|checks'
        if [ "$rc" -ne 0 ]; then
            echo "FAILED: compute-sanitizer $tool (exit $rc)" >&2
            echo "$out" | head -40 >&2
            fail=1
        fi
    done
else
    echo "compute-sanitizer not found: memcheck and racecheck not run"
fi
"$GTS" reversi bench table --player2 pvs:backend=gpu --sizes 8x8,16x16,32x32 --depths 1-3 --max-seconds 20 ||
    fail=1
exit $fail
