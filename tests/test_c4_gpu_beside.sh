#!/usr/bin/env bash
# gts c4 solve --gpu: CPU threads and the GPU's lanes on one queue
# (c4_gpu_solve_beside), run here on the CPU executor (the kernel's code on
# CPU threads).  Whoever answers a line, its score is the CPU solver's and
# the set's, every line comes out once and in input order, and the summary's
# counts add up; --gpu-only keeps the lanes alone.  Nothing here depends on
# which side is faster: either may answer any line.
#
# usage: test_c4_gpu_beside.sh GTS_BINARY DATA_DIR
set -u
USAGE="usage: test_c4_gpu_beside.sh GTS_BINARY DATA_DIR"
GTS=${1:?$USAGE}
DATA=${2:?$USAGE}

. "$(dirname "$0")/cli_lib.sh" gts_c4_gpu_beside

# A mixed file: the first 30 lines of four sample sets, a line of each in
# turn (7 to 33 stones), so that the cheap and the dear ends are both in
# every stretch.
paste -d'\n' <(head -30 "$DATA/Test_L3_R1") <(head -30 "$DATA/Test_L2_R1") <(head -30 "$DATA/Test_L2_R2") \
    <(head -30 "$DATA/Test_L1_R1") > "$TMP/mixed"
n=$(wc -l < "$TMP/mixed")

# The summary's counts: positions, by the GPU, by the CPU threads.
counts() {
    sed -nE 's/^gts: ([0-9]+) positions in .* ([0-9]+) by the GPUs?, ([0-9]+) by the CPU threads.*/\1 \2 \3/p' "$TMP/err"
}
expect_counts_add_up() {
    local all gpu cpu
    read -r all gpu cpu <<< "$(counts)"
    check "a summary with the counts ($(counts))" [ -n "${cpu:-}" ]
    all=${all:-0} gpu=${gpu:-0} cpu=${cpu:-0}
    check "GPU $gpu + CPU $cpu = $1 positions" [ "$all" -eq "$1" -a $((gpu + cpu)) -eq "$1" ]
}
# The moves and scores printed: the input's lines (moves, expected score)
# in their order.
expect_input_order() {
    check "$1: every line once, in input order, with the set's score" \
        cmp -s <(cut -d' ' -f1-2 "$2") <(cut -d' ' -f1-2 "$TMP/out")
}

"$GTS" c4 solve "$TMP/mixed" > "$TMP/cpu" 2> /dev/null
"$GTS" c4 solve -w "$TMP/mixed" > "$TMP/cpu.w" 2> /dev/null

# A device table of 1 MB: cleared for every chunk, the default 256 MB
# would leave the executor's lanes little time to answer anything.
for g in 1 2; do
    run "mixed file, --gpus $g" "$GTS" c4 solve --gpu --executor cpu --threads 3 --gpu-tt-mb 1 --gpus $g "$TMP/mixed"
    expect_rc 0
    expect_lines out "$n"
    expect_input_order "--gpus $g" "$TMP/mixed"
    check "--gpus $g: the CPU solver's scores" cmp -s <(cut -d' ' -f1-2 "$TMP/cpu") <(cut -d' ' -f1-2 "$TMP/out")
    expect_counts_add_up "$n"
done

run "mixed file, weak" "$GTS" c4 solve --gpu --executor cpu --threads 2 --gpu-tt-mb 1 -w "$TMP/mixed"
expect_rc 0
check "-w: the CPU solver's scores" cmp -s <(cut -d' ' -f1-2 "$TMP/cpu.w") <(cut -d' ' -f1-2 "$TMP/out")
expect_counts_add_up "$n"

# Two lines, the first trivial (33 stones), the second a long one: both
# printed, the first first.
{ head -1 "$DATA/Test_L3_R1"; head -1 "$DATA/Test_L1_R1"; } > "$TMP/two"
run "a two-line file" "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 1 "$TMP/two"
expect_rc 0
expect_input_order "two lines" "$TMP/two"
expect_counts_add_up 2

# Fewer lines than CPU threads: each by all the threads, one at a time;
# the device's lanes answer none of them.
run "fewer lines than threads" "$GTS" c4 solve --gpu --executor cpu --threads 3 --gpu-tt-mb 1 "$TMP/two"
expect_rc 0
expect_input_order "fewer lines than threads" "$TMP/two"
check "fewer lines than threads: the CPU's ($(counts))" [ "$(counts)" = "2 0 2" ]
check "fewer lines than threads: the CPU solver's scores" \
    cmp -s <(cut -d' ' -f1-2 "$TMP/out") <("$GTS" c4 solve "$TMP/two" 2>/dev/null | cut -d' ' -f1-2)

# The device started late (--gpu-after; the executor's default is 0):
# the answers are the same whenever the lanes join.
run "--gpu-after 50" "$GTS" c4 solve --gpu --executor cpu --gpu-after 50 --threads 2 --gpu-tt-mb 1 "$TMP/mixed"
expect_rc 0
expect_input_order "--gpu-after 50" "$TMP/mixed"
expect_counts_add_up "$n"
run "--gpu-after without --gpu" "$GTS" c4 solve --gpu-after 50 "$TMP/two"
expect_usage_error "--gpu-after is for --gpu"

# The CPU threads have solve's book, the bundled one by default: the empty
# board is answered from it (a few nodes), as `c4 solve` answers it.
echo - > "$TMP/empty"
run "the empty board, the bundled book" "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 1 "$TMP/empty"
check "the empty board: +1 from the book ($(cat "$TMP/out"))" \
    awk '$1 == "-" && $2 == 1 && $3 < 1000 { ok = 1 } END { exit !ok }' "$TMP/out"
run "--book with --gpu-only" "$GTS" c4 solve --gpu --gpu-only --executor cpu --book none "$TMP/two"
expect_rc 2

# A bad line is said and skipped; the others keep their order.
{ head -2 "$TMP/mixed"; echo 12x4; sed -n 3,6p "$TMP/mixed"; } > "$TMP/bad"
run "a bad line among good ones" "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 1 "$TMP/bad"
expect_rc 1
expect_contains err "bad:3:" "1 bad lines"
expect_input_order "around a bad line" <(grep -v x "$TMP/bad")

# --gpu-only: the lanes alone, as before (the report's path).
run "--gpu-only" "$GTS" c4 solve --gpu --gpu-only --executor cpu --gpu-tt-mb 16 "$TMP/mixed"
expect_rc 0
expect_input_order "--gpu-only" "$TMP/mixed"
expect_contains err "$n positions in" "on 1 GPU (kernels"
check "--gpu-only: no CPU threads' count" [ -z "$(counts)" ]

run "--gpu-only without --gpu" "$GTS" c4 solve --gpu-only "$TMP/two"
expect_usage_error "--gpu-only is for --gpu"

# Ctrl-C once a line is out: what was printed stays, each line whole and
# in input order; status 130.
for _ in $(seq 100); do cat "$TMP/mixed"; done > "$TMP/long"
run_interrupted "interrupted" "out: " "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 1 "$TMP/long"
expect_rc 130
expect_contains err "interrupted"
check "interrupted: the lines printed are the input's first ones, scores the set's" \
    cmp -s <(cut -d' ' -f1-2 "$TMP/out") <(head -n "$(wc -l < "$TMP/out")" "$TMP/long" | cut -d' ' -f1-2)
check "interrupted: not every line" [ "$(wc -l < "$TMP/out")" -lt "$(wc -l < "$TMP/long")" ]

finish
