#!/usr/bin/env bash
# gts reversi perft --threads / --gpu and solve --gpu / --each on the command
# line, without a device: the CPU executor's and the threads' answers
# against the CPU's, bad options (exit 2), Ctrl-C (exit 130).
#
# usage: test_reversi_gpu_cli.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY
set -u
GTS=${1:?usage: test_reversi_gpu_cli.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY}
MAKE=${2:?usage: test_reversi_gpu_cli.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY}

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
    # --split: the host's plies, any of them the same count.
    for s in 1 3 6; do
        run "perft 7 --split $s --threads 2 $moves" "$GTS" reversi perft 7 $moves --split $s --threads 2
        expect_rc 0
        expect_contains out "perft 7: $want  (cpu, 2 threads" "split $s: "
    done
    run "perft 7 --split 2 --gpu --executor cpu $moves" "$GTS" reversi perft 7 $moves --split 2 --gpu --executor cpu
    expect_rc 0
    expect_contains out "perft 7: $want  (gpu code" "tasks of 5 plies"
done
run "perft: --split at the depth" "$GTS" reversi perft 5 --split 5
expect_rc 2
expect_contains err "--split 5: perft 5 splits at 1..4 plies"
run "perft --gpu: a task deeper than a lane's stack" "$GTS" reversi perft 12 --split 4 --gpu --executor cpu
expect_rc 2
expect_contains err "--split 4: perft 12 --gpu splits at 5..11 plies"
run "perft 1 --split 1" "$GTS" reversi perft 1 --split 1
expect_rc 2

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

# Tasks deeper than 7 plies (--split 1 of perft 10: 9 plies) count the
# same, walked down to 7 plies where the stop is read.
want=$("$GTS" reversi perft 10 | awk '{print $3}')
run "perft 10 --split 1 --threads 2" "$GTS" reversi perft 10 --split 1 --threads 2
expect_rc 0
expect_contains out "perft 10: $want  (cpu, 2 threads" "split 1: 4 tasks of 9 plies"

# Ctrl-C once half a second of CPU time is spent: exit 130 within 4 s of
# CPU time (the sanitizer build is slow); --split 1: tasks of 15 plies,
# which once read no stop and ran on for hours.
for args in "--threads 2" "--gpu --executor cpu" "--split 1 --threads 2"; do
    run_interrupted "perft 16 $args, Ctrl-C" cpu:0.5 "$GTS" reversi perft 16 $args
    expect_rc 130
    expect_contains err "gts: interrupted"
    expect_stopped_within 4
done

# rv_make_positions: the same lines for the same seed, distinct, none over.
run "make 2000 positions at 12 empties" "$MAKE" 2000 12 7
expect_rc 0
cp "$TMP/out" "$TMP/p12"
"$MAKE" 2000 12 7 > "$TMP/again"
"$MAKE" 2000 12 8 > "$TMP/other"
check "the same seed gives the same lines" cmp -s "$TMP/p12" "$TMP/again"
check "another seed gives other lines" test "$(comm -12 <(sort "$TMP/p12") <(sort "$TMP/other") | wc -l)" -lt 10
check "2000 distinct lines" test "$(sort -u "$TMP/p12" | wc -l)" -eq 2000
check "12 empties each" test "$(awk '{print $1}' "$TMP/p12" | tr -cd '\n-' | tr -d '\n' | wc -c)" -eq 24000
run "make: bad count" "$MAKE" 0 12 7
expect_rc 2

# solve: the batch modes' scores are the CPU solver's (the file's, made by
# it), in file order, with passes and bad lines.
"$MAKE" --solve 150 10 3 > "$TMP/s10"
"$MAKE" --solve 50 6 4 >> "$TMP/s10"
printf 'not a position\n' >> "$TMP/s10"
"$MAKE" 1 21 5 >> "$TMP/s10"
for mode in "--gpu --executor cpu" "--gpu --executor cpu --threads 3" "--gpu --executor cpu --threads 2 --gpu-budget 4096" \
    "--each --threads 2" "--each"; do
    # The GPU takes at most 20 empties: the last line is a bad one there.
    case $mode in --gpu*) solved=200 bad=2 ;; *) solved=201 bad=1 ;; esac
    run "solve $mode" "$GTS" reversi solve $mode "$TMP/s10"
    expect_rc 1
    expect_contains out "# $solved positions"
    expect_contains err "s10:201: expected 64 board characters" "0 wrong scores, $bad bad lines"
    check "solve $mode: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
    check "solve $mode: lines in file order" test "$(awk '/empties/{print $1}' "$TMP/out" | sort -n -c && echo ok)" = ok
    # The budget hands positions to the CPU threads, marked so.
    case $mode in *budget*)
        check "$mode: some positions solved by the CPU" test "$(grep -c 'nodes  cpu' "$TMP/out")" -gt 10
        expect_contains out "over the budget to 2 cpu threads" ;;
    esac
done
run "solve --gpu --executor cpu: a position of 21 empties" "$GTS" reversi solve --gpu --executor cpu "$TMP/s10"
expect_contains err "s10:202: 21 empties, more than the GPU solver's 20"
run "solve --gpu --executor cpu --wld" "$GTS" reversi solve --gpu --executor cpu --wld "$TMP/s10"
check "--wld: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
expect_contains out "# 200 positions"

# A wrong expected score is counted and the exit status is 1.
head -1 "$TMP/s10" | sed 's/:[-+][0-9]*;/:+65;/; s/:+65;/:+64;/' > "$TMP/wrong"
run "solve --gpu --executor cpu: a wrong score" "$GTS" reversi solve --gpu --executor cpu "$TMP/wrong"
expect_rc 1
expect_contains out "WRONG"
expect_contains err "1 wrong scores"

run "solve: --executor without --gpu" "$GTS" reversi solve --executor cpu "$TMP/wrong"
expect_rc 2
run "solve: --gpu with --each" "$GTS" reversi solve --gpu --each "$TMP/wrong"
expect_rc 2
expect_contains err "--each is the CPU's batch"
run "solve: --gpu-budget without --gpu" "$GTS" reversi solve --each --gpu-budget 4096 "$TMP/wrong"
expect_rc 2
expect_contains err "--gpu-budget is for --gpu"
run "solve: --gpu-budget -1" "$GTS" reversi solve --gpu --executor cpu --gpu-budget -1 "$TMP/wrong"
expect_rc 2

# Ctrl-C stops a batch of minutes once half a second of CPU time is
# spent: exit 130 within 4 s of CPU time.
"$MAKE" 3000 18 9 > "$TMP/s18"
for mode in "--gpu --executor cpu" "--each --threads 2"; do
    run_interrupted "solve $mode, Ctrl-C" cpu:0.5 "$GTS" reversi solve $mode "$TMP/s18"
    expect_rc 130
    expect_contains err "gts: interrupted"
    expect_stopped_within 4
done

finish
