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
fail=0
. "$(dirname "$0")/gpu_lib.sh"
gpu_skip_without_device
"$TEST" device || fail=1
gpu_sanitize "$TEST" device_small
"$GTS" reversi bench table --player2 pvs:backend=gpu --sizes 8x8,16x16,32x32 --depths 1-3 --max-seconds 20 ||
    fail=1
exit $fail
