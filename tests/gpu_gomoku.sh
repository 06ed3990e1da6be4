#!/usr/bin/env bash
# The Gomoku GPU designs on a real device: their values against serial
# search's on random positions (test_gomoku_gpu device), compute-sanitizer
# memcheck and racecheck on a small case, then a short table of every
# design.  Without a device it is skipped (exit 77).
#
# usage: gpu_gomoku.sh TEST_GOMOKU_GPU GTS_BINARY [COMPUTE_SANITIZER]
set -u
TEST=${1:?usage: gpu_gomoku.sh TEST_GOMOKU_GPU GTS_BINARY [COMPUTE_SANITIZER]}
GTS=${2:?usage: gpu_gomoku.sh TEST_GOMOKU_GPU GTS_BINARY [COMPUTE_SANITIZER]}
SAN=${3:-}
fail=0
. "$(dirname "$0")/gpu_lib.sh"
gpu_skip_without_device
"$TEST" device || fail=1
# racecheck cannot follow device-side launches (the dynamic design).
gpu_sanitize_with memcheck "$TEST" device_small
gpu_sanitize_with racecheck "$TEST" device_small_static
"$GTS" gomoku bench table --gpu --sizes 6,9,12,15 --depths 1-3 --max-seconds 5 || fail=1
exit $fail
