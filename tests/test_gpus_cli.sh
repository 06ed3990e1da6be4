#!/usr/bin/env bash
# --gpus N without a device: each "GPU" a CPU executor of the kernels'
# code, so that the batch dealt over N devices and put back together is
# checked where CI runs.  Answers against one device's (line for line
# where the search is the same: Reversi's lanes, perft) and against the
# CPU solver's scores (Connect 4, whose tables differ by device); the
# options' errors.
#
# usage: test_gpus_cli.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY DATA_DIR
set -u
USAGE="usage: test_gpus_cli.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY DATA_DIR"
GTS=${1:?$USAGE}
MAKE=${2:?$USAGE}
DATA=${3:?$USAGE}

. "$(dirname "$0")/cli_lib.sh" gts_gpus_cli

# Reversi: 301 positions (not a multiple of 2 or 3, so the shares differ
# in size), no budget: every line the lanes' own, so equal to one device's.
"$MAKE" 301 8 5 > "$TMP/p8"
run "reversi solve --gpu --executor cpu, one device" "$GTS" reversi solve --gpu --executor cpu --gpu-budget 0 \
    "$TMP/p8"
expect_rc 0
grep -v '^#' "$TMP/out" > "$TMP/one"
check "301 answers from one device" [ "$(wc -l < "$TMP/one")" -eq 301 ]
for g in 2 3; do
    run "reversi solve --gpus $g (CPU executor)" "$GTS" reversi solve --gpu --executor cpu --gpu-budget 0 --gpus $g \
        "$TMP/p8"
    expect_rc 0
    expect_contains out "($g GPUs, the first done at"
    check "--gpus $g: every line as one device's" cmp -s "$TMP/one" <(grep -v '^#' "$TMP/out")
done
# With a budget, the positions handed back from every share come back,
# solved by the CPU threads: the scores the CPU solver's.
"$MAKE" 40 12 6 > "$TMP/p12"
"$GTS" reversi solve --each "$TMP/p12" | grep -v '^#' | awk '{print $1, $6 + 0}' > "$TMP/cpu12"
run "reversi solve --gpus 2 --gpu-budget 4096" "$GTS" reversi solve --gpu --executor cpu --gpu-budget 4096 --gpus 2 \
    --threads 2 "$TMP/p12"
expect_rc 0
check "--gpus 2 with hand-backs: 40 scores, the CPU solver's" cmp -s "$TMP/cpu12" \
    <(grep -v '^#' "$TMP/out" | awk '{print $1, $6 + 0}')
check "some positions went over the budget" grep -qE ', [1-9][0-9]* over the budget' "$TMP/out"

# CPU threads beside the lanes (--cpu-beside): they take positions from the
# far end of each share while the lanes take them from the near end; every
# position answered once, the scores the CPU solver's.  How many the CPU
# threads get depends on timing: the merge is checked whatever it is.
for g in 1 3; do
    run "reversi solve --cpu-beside --gpus $g" "$GTS" reversi solve --gpu --executor cpu --cpu-beside --threads 4 \
        --gpus $g "$TMP/p12"
    expect_rc 0
    expect_contains out "by the cpu threads beside"
    check "--cpu-beside on $g: 40 scores, the CPU solver's" cmp -s "$TMP/cpu12" \
        <(grep -v '^#' "$TMP/out" | awk '{print $1, $6 + 0}')
done
run "--cpu-beside without --gpu" "$GTS" reversi solve --cpu-beside "$TMP/p12"
expect_usage_error "--cpu-beside is for --gpu"

# Perft: the same count on 1, 2 and 5 devices.
want=$("$GTS" reversi perft 8 | awk '{print $3}')
for g in 2 5; do
    run "reversi perft 8 --gpus $g (CPU executor)" "$GTS" reversi perft 8 --gpu --executor cpu --gpus $g
    expect_rc 0
    expect_contains out "perft 8: $want  (gpu code on 1 cpu thread x$g"
done

# Connect 4: the Middle-Easy sample (60 lines), its scores the set's.
cp "$DATA/Test_L2_R1" "$TMP/c4"
for g in 1 3; do
    run "c4 solve --gpu --gpus $g (CPU executor)" "$GTS" c4 solve --gpu --executor cpu --threads 2 --gpu-tt-mb 16 \
        --gpus $g "$TMP/c4"
    expect_rc 0
    check "c4 --gpus $g: the set's scores" cmp -s <(cut -d' ' -f1-2 "$TMP/c4") <(cut -d' ' -f1-2 "$TMP/out")
done
expect_contains err "on 3 GPUs"

# The options' errors: one line, exit 2 (or 1 where the machine lacks GPUs).
run "--gpus without --gpu" "$GTS" reversi solve --gpus 2 "$TMP/p8"
expect_usage_error "--gpus needs --gpu"
run "--gpus with --gpu-device" "$GTS" reversi perft 5 --gpu --gpus 2 --gpu-device 1
expect_usage_error "--gpus takes the first N GPUs, --gpu-device one of them"
run "--gpus with --mpi" "$GTS" reversi solve --gpu --gpus 2 --mpi "$TMP/p8"
expect_usage_error "under --mpi each rank takes one of its own"
run "c4 --gpus with --mpi" "$GTS" c4 solve --gpu --gpus 2 --mpi "$TMP/c4"
expect_usage_error "under --mpi each rank takes one of its own"
run "c4 --gpus without --gpu" "$GTS" c4 solve --gpus 2 "$TMP/c4"
expect_usage_error "--gpus is for --gpu"
run "--gpus 0" "$GTS" reversi perft 5 --gpu --gpus 0
expect_usage_error "--gpus"
run "--gpus 65" "$GTS" c4 solve --gpu --gpus 65 "$TMP/c4"
expect_usage_error "--gpus"
run "--gpus of another command" "$GTS" c4 perft 5 --gpus 2
expect_usage_error "--gpus"
# More GPUs than the machine has (none here, or fewer than 64 on a device).
run "--gpus 64 on this machine" "$GTS" reversi solve --gpu --gpus 64 "$TMP/p8"
expect_rc 1
expect_one_line_error "--gpus 64: " "visible to this process"
run "--gpu-device 9 for reversi" "$GTS" reversi perft 5 --gpu --gpu-device 9
expect_rc 1
expect_one_line_error "no GPU 9: "

finish
