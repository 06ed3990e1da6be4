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
# A range of empties (a mixed batch): each in it, both ends drawn, the
# same lines for the same seed.
run "make 300 positions at 8-24 empties" "$MAKE" 300 8-24 7
expect_rc 0
awk '{print gsub(/-/, "-", $1)}' "$TMP/out" | sort -n | uniq > "$TMP/counts"
check "8-24 empties: each in the range, both ends drawn" \
    test "$(head -1 "$TMP/counts") $(tail -1 "$TMP/counts") $(wc -l < "$TMP/counts")" = "8 24 17"
check "8-24 empties: the same lines again" cmp -s "$TMP/out" <("$MAKE" 300 8-24 7)
for bad in 24-8 8- -8 8-60; do
    run "make: empties $bad" "$MAKE" 10 "$bad" 7
    expect_rc 2
done

# solve: the batch modes' scores are the CPU solver's (the file's, made by
# it), in file order, with passes and bad lines.
"$MAKE" --solve 150 10 3 > "$TMP/s10"
"$MAKE" --solve 50 6 4 >> "$TMP/s10"
printf 'not a position\n' >> "$TMP/s10"
"$MAKE" 1 21 5 >> "$TMP/s10"
for mode in "--gpu --executor cpu" "--gpu --executor cpu --threads 3" "--gpu --executor cpu --threads 2 --gpu-budget 4096" \
    "--each --threads 2" "--each"; do
    # The lanes take at most 20 empties: the CPU threads the last line.
    run "solve $mode" "$GTS" reversi solve $mode "$TMP/s10"
    expect_rc 1
    expect_contains out "# 201 positions"
    expect_contains err "s10:201: expected 64 board characters" "0 wrong scores, 1 bad lines"
    check "solve $mode: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
    check "solve $mode: lines in file order" test "$(awk '/empties/{print $1}' "$TMP/out" | sort -n -c && echo ok)" = ok
    # The budget hands positions to the CPU threads, marked so.
    case $mode in *budget*)
        check "$mode: some positions solved by the CPU" test "$(grep -c 'nodes  cpu' "$TMP/out")" -gt 10
        expect_contains out "over the budget to 2 cpu threads" ;;
    esac
done
run "solve --gpu --executor cpu: a position of 21 empties" "$GTS" reversi solve --gpu --executor cpu "$TMP/s10"
expect_contains out "200 by the lanes" "1 too deep for the lanes (over 20 empty squares) and 0 too few" \
    "by the cpu (1 by its 1 threads together)"
run "solve --gpu --executor cpu --wld" "$GTS" reversi solve --gpu --executor cpu --wld "$TMP/s10"
check "--wld: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
expect_contains out "# 201 positions"

# A file mixing positions the lanes take with deeper ones (two of
# fforum-20-39 with their known scores, 21 and 26 empties, and sparse
# boards whose game ends at once): every line, in order, with the plain
# CPU solver's scores; who solved what adds up to the positions; with
# the lanes alone (--gpu-only) the deep ones are still the CPU's.
"$MAKE" --solve 30 10 6 > "$TMP/shallow"
{
    head -10 "$TMP/shallow"
    echo "--XXX-----XXXX-OOOXXOOOOOOOOOOXO-OOXXXXO-OOOXXXO---XOXX---X----- O; C7:+0;"
    sed -n 11,20p "$TMP/shallow"
    echo "XO-------------------------------------------------------------O X"
    echo "O-OOOO--XOXXOX--XOOOXXX-XOOOXX--XOOXOX--XOXXX---X-XX------------ O; A8:+64;"
    sed -n 21,30p "$TMP/shallow"
    echo "X-----------------------------------------------------------XO-- O"
} > "$TMP/mixed"
"$GTS" reversi solve "$TMP/mixed" > "$TMP/plain"
awk '/empties/ {print $1, $6}' "$TMP/plain" > "$TMP/plain.scores"
check "the plain solver: 34 lines" test "$(wc -l < "$TMP/plain.scores")" -eq 34
for mode in "--threads 2" "--threads 3 --gpu-budget 4096" "--threads 2 --gpu-only" "--threads 2 --cpu-beside"; do
    run "solve --gpu --executor cpu $mode, a mixed file" "$GTS" reversi solve --gpu --executor cpu $mode "$TMP/mixed"
    expect_rc 0
    expect_contains out "# 34 positions" "4 too deep for the lanes (over 20 empty squares) and 0 too few"
    check "$mode: every line in order, the plain solver's scores" \
        cmp -s "$TMP/plain.scores" <(awk '/empties/ {print $1, $6}' "$TMP/out")
    check "$mode: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
    sum=$(grep '^# ' "$TMP/out" | grep -o '[0-9]* \(by the lanes\|by the cpu threads beside\|over the budget\|too deep\|too few\)' |
        awk '{n += $1} END {print n}')
    check "$mode: who solved what adds up to 34" test "$sum" -eq 34
done

# A batch of fewer positions than --gpu-least: all the CPU's, the lanes'
# as the deep ones (a thread each, the last few together).
run "solve --gpu --executor cpu --gpu-least 31, a mixed file" "$GTS" reversi solve --gpu --executor cpu --threads 2 \
    --gpu-least 31 "$TMP/mixed"
expect_rc 0
expect_contains out "0 by the lanes" "4 too deep for the lanes (over 20 empty squares) and 30 too few (under 31 a batch)" \
    "the gpu solved none: the cpu did the work"
check "--gpu-least 31: every line in order, the plain solver's scores" \
    cmp -s "$TMP/plain.scores" <(awk '/empties/ {print $1, $6}' "$TMP/out")
run "solve --gpu --executor cpu --gpu-least 30, a mixed file" "$GTS" reversi solve --gpu --executor cpu --threads 2 \
    --gpu-least 30 "$TMP/mixed"
expect_contains out "0 too few (under 30 a batch)"

# Lines are printed as soon as they and those before them are solved:
# the three before a position of minutes (32 empties, the CPU's) are out
# while it is solved, and Ctrl-C keeps them (and prints those after it
# that were solved, in order).
long="---O------OO-O-----OOOX-OOOOOOX--XXXXOXX--OOOOOO--OOO-------O--- X"
{ head -3 "$TMP/shallow"; echo "$long"; sed -n 4,6p "$TMP/shallow"; } > "$TMP/slow"
run_interrupted "solve --gpu --executor cpu, Ctrl-C on a deep line" \
    "out:   3  $(sed -n 3p "$TMP/slow" | awk '{print substr($2, 1, 1)}')  10 empties" \
    "$GTS" reversi solve --gpu --executor cpu --threads 2 "$TMP/slow"
expect_rc 130
check "Ctrl-C on a deep line: the three lines before it, not it" \
    test "$(awk '/empties/ && $1 <= 4 {print $1}' "$TMP/out" | tr '\n' ' ')" = "1 2 3 "
check "Ctrl-C on a deep line: in order" sh -c "awk '/empties/ {print \$1}' '$TMP/out' | sort -n -c"

# Where the lanes solve less than half, the summary says the CPU worked.
sed -n '11p;22p;23p;34p' "$TMP/mixed" > "$TMP/deep"
run "solve --gpu --executor cpu: deep lines only" "$GTS" reversi solve --gpu --executor cpu --threads 2 "$TMP/deep"
expect_rc 0
expect_contains out "0 by the lanes" "the gpu solved none: the cpu did the work"
run "solve: --gpu-only without --gpu" "$GTS" reversi solve --each --gpu-only "$TMP/deep"
expect_usage_error "--gpu-only is for --gpu"
run "solve: --gpu-only with --cpu-beside" "$GTS" reversi solve --gpu --executor cpu --gpu-only --cpu-beside "$TMP/deep"
expect_usage_error "--cpu-beside (the default) and --gpu-only: one of them"

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
