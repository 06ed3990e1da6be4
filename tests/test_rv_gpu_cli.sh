#!/usr/bin/env bash
# The report's GPU player (pvs:backend=gpu) on the command line, through
# the CPU executor (executor=cpu) so that it runs without a GPU: best's
# score equals the serial alpha-beta's, play and bench table take it as
# player 2 (the CSV with the kernel columns), bad specs are rejected with
# one line and status 2, Ctrl-C ends its search, and without a device the
# GPU executor fails with the reason and status 1.
#
# usage: test_rv_gpu_cli.sh GTS_BINARY
set -u
GTS=${1:?usage: test_rv_gpu_cli.sh GTS_BINARY}

. "$(dirname "$0")/cli_lib.sh" gts_rv_gpu_cli

score() { sed -n 's/^best [^ ]*  score \([-+0-9]*\) .*/\1/p' "$TMP/out"; }

for size in 8x8 16x16 32x16 64x64; do
    for layout in bytes rows; do
        run "best: $size $layout" "$GTS" reversi best --size $size --depth 2 \
            --player pvs:backend=gpu,executor=cpu,layout=$layout start
        expect_rc 0
        expect_contains out "pv-split, gpu backend on the cpu executor, $layout layout" "gpu: "
        gpu=$(score)
        run "best: $size serial" "$GTS" reversi best --size $size --depth 2 --algo alphabeta start
        check "$size $layout: gpu score $gpu = serial $(score)" [ "$gpu" = "$(score)" ]
    done
done

run "play: the GPU player as player 2" "$GTS" reversi play --depth 2 --player2 pvs:backend=gpu,executor=cpu,layout=rows
expect_rc 0
expect_contains out "player 2: " "(gpu: " "time player 1 / player 2: "

run "bench table: the GPU player" "$GTS" reversi bench table --sizes 8x8 --depths 1-2 --csv \
    --player2 pvs:backend=gpu,executor=cpu
expect_rc 0
expect_contains out "player1_kernel_seconds,player2_kernel_seconds" "8x8,8,8,2,ok,"

for spec in "minimax:backend=gpu" "pvs:backend=gpu,threads=2" "pvs:backend=gpu,tt-mb=8" "pvs:layout=rows" \
    "pvs:backend=gpu,executor=tpu" "pvs:backend=gpu,layout=cols" "pvs:backend=gpu,block=33" \
    "pvs:backend=gpu,block=2048" "pvs:backend=gpu,depth=17" "pvs:backend=gpu,split=3" "pvs:split=2"; do
    run "play: bad player '$spec'" "$GTS" reversi play --player2 "$spec"
    expect_usage_error
    expect_contains err "--player2: bad player '$spec'"
done
run "best: bad player" "$GTS" reversi best --player pvs:backend=gpu,block=0 start
expect_usage_error

# Ctrl-C inside the GPU player's searches, once half a second of CPU time
# is spent: exit 130 within a second of CPU time (it takes 0.0x s), the
# moves played kept.
run_interrupted "play interrupted" cpu:0.5 "$GTS" reversi play --size 64x64 --depth 3 \
    --player2 pvs:backend=gpu,executor=cpu
expect_rc 130
expect_stopped_within 1
expect_contains out 'interrupted after'


if "$GTS" info | grep -q '^gpu: no CUDA device'; then
    run "best: no device" "$GTS" reversi best --player pvs:backend=gpu start
    expect_rc 1
    expect_contains err "no CUDA device"
fi

finish
