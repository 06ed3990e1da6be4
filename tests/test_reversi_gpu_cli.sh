#!/usr/bin/env bash
# gts reversi perft --threads / --gpu and solve --gpu / --each on the command
# line, without a device: the CPU executor's and the threads' answers
# against the CPU's, bad options (exit 2), Ctrl-C (exit 130).
#
# usage: test_reversi_gpu_cli.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_reversi_gpu_cli.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_reversi_gpu_cli.sh GTS_BINARY SOURCE_DIR}

. "$(dirname "$0")/cli_lib.sh" gts_reversi_gpu_cli

# perft: the threads and the GPU's code count as the serial perft.
for moves in "" f5d6c3d3c4f4f6f3e6e7; do
    want=$("$GTS" reversi perft 7 $moves | awk '{print $3}')
    run "perft 7 --threads 3 $moves" "$GTS" reversi perft 7 $moves --threads 3
    expect_rc 0
    expect_contains out "perft 7: $want  (cpu, 3 threads"
    run "perft 7 --gpu --executor cpu $moves" "$GTS" reversi perft 7 $moves --gpu --executor cpu
    expect_rc 0
    expect_contains out "perft 7: $want  (gpu code on 1 cpu thread" "kernel"
done

run "perft: --threads 0" "$GTS" reversi perft 5 --threads 0
expect_rc 2
run "perft: --executor without --gpu" "$GTS" reversi perft 5 --executor cpu
expect_rc 2
expect_contains err "--executor needs --gpu"
run "perft: --executor bogus" "$GTS" reversi perft 5 --gpu --executor bogus
expect_rc 2
run "perft: --gpu with --threads" "$GTS" reversi perft 5 --gpu --threads 2
expect_rc 2
run "perft: an option of another command" "$GTS" reversi perft 5 --wld
expect_rc 2

# Ctrl-C: exit 130 within a few seconds (the sanitizer build is slow).
for args in "--threads 2" "--gpu --executor cpu"; do
    t0=$EPOCHREALTIME
    run "perft 16 $args, Ctrl-C" timeout -k 60 --preserve-status -s INT 1 "$GTS" reversi perft 16 $args
    expect_rc 130
    expect_contains err "gts: interrupted"
    checks=$((checks + 1))
    awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { exit !(b - a < 9) }' || fail "took more than 8 s to stop"
done

finish
