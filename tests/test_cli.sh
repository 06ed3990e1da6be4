#!/usr/bin/env bash
# The gts command: exit codes, error messages, output formats.
#
# usage: test_cli.sh GTS_BINARY SOURCE_DIR [fast|slow]
#   slow (the sanitizer build) leaves out the one multi-second 7x6 search.
set -u

GTS=${1:?usage: test_cli.sh GTS_BINARY SOURCE_DIR [fast|slow]}
SRC=${2:?usage: test_cli.sh GTS_BINARY SOURCE_DIR [fast|slow]}
SPEED=${3:-fast}
DATA=$SRC/data/c4

. "$(dirname "$0")/cli_lib.sh" gts_cli

expect_nonzero_rc() {
    checks=$((checks + 1))
    [ "$rc" -ne 0 ] || fail "exit status 0, expected a failure"
}

expect_err_contains() { expect_contains err "$@"; }
expect_out_contains() { expect_contains out "$@"; }

# expect_out_line K REGEX MESSAGE: line K of stdout matches REGEX (ERE).
expect_out_line() {
    checks=$((checks + 1))
    sed -n "$1p" "$TMP/out" | grep -qE -- "$2" || fail "$3"
}

# save_scores FILE: the 'moves score' columns of stdout, for a later
# expect_same_scores FILE MESSAGE (stdout now gives the same scores).
save_scores() { cut -d' ' -f1,2 "$TMP/out" >"$1"; }
expect_same_scores() {
    checks=$((checks + 1))
    cut -d' ' -f1,2 "$TMP/out" | cmp -s - "$1" || fail "$2"
}

# First moves and score of sample lines, the expected values of the tests.
line_of() { sed -n "${2}p" "$DATA/$1"; }

############################################################################
# Usage and option errors.

run "minimax on the empty board" --stdin <(echo -) "$GTS" c4 solve --algo minimax
expect_rc 1
expect_err_contains "minimax visits every line: 42 empty cells is too many"

run "gts --help" "$GTS" --help
expect_rc 0
expect_out_contains "usage: gts"
expect_empty_stderr

run "gts alone" "$GTS"
expect_rc 2
expect_err_contains "usage: gts"

run "gts c4 --help" "$GTS" c4 --help
expect_rc 0
expect_out_contains "usage: gts c4" "exit status"

run "unknown command" "$GTS" nosuchgame
expect_rc 2
expect_one_line_error "nosuchgame"

run "unknown c4 command" "$GTS" c4 nosuchcmd
expect_rc 2
expect_one_line_error "nosuchcmd"

run "unknown option" "$GTS" c4 solve --bogus
expect_rc 2
expect_one_line_error "--bogus"

run "option of another command" "$GTS" c4 solve --depth 3
expect_rc 2
expect_one_line_error "--depth" "solve"

run "width out of range" "$GTS" c4 solve --width 10
expect_nonzero_rc
expect_one_line_error "out of range" "10x6"

run "height too small" "$GTS" c4 analyze --height 3 -
expect_nonzero_rc
expect_one_line_error "out of range" "7x3"

run "bad width value" "$GTS" c4 solve --width x
expect_rc 2
expect_one_line_error "--width"

run "analyze without moves" "$GTS" c4 analyze
expect_rc 2
expect_one_line_error "MOVES"

run "analyze with a bad column" "$GTS" c4 analyze 48
expect_rc 1
expect_one_line_error "move 2" "out of range"

run "book without -o" "$GTS" c4 book --depth 2
expect_rc 2
expect_one_line_error "-o"

run "info with arguments" "$GTS" info extra
expect_rc 2
expect_one_line_error "info"

run "missing input file" "$GTS" c4 solve "$TMP/no-such-file"
expect_rc 1
expect_err_contains "cannot open $TMP/no-such-file"

############################################################################
# solve: good and bad lines.

read -r good1 score1 <<<"$(line_of Test_L2_R1 1)"
read -r good2 score2 <<<"$(line_of Test_L3_R1 2)"
printf '%s\n44x4\n4444444\n%s %s\n' "$good1" "$good2" "$score2" >"$TMP/mixed"

run "solve with bad lines (stdin)" --stdin "$TMP/mixed" "$GTS" c4 solve
expect_rc 1
expect_lines out 2 "expected 2 result lines"
expect_out_line 1 "^$good1 $score1 [0-9]+ [0-9]+\$" "first line is not '$good1 $score1 nodes usec'"
expect_out_line 2 "^$good2 $score2 [0-9]+ [0-9]+\$" "second line is not '$good2 $score2 nodes usec'"
expect_err_contains "gts: -:2: move 3: 'x' is not a column digit" "gts: -:3: move 7: column 4 is full" \
    "2 positions, 0 wrong scores, 2 bad lines"
expect_lines err 3

run "solve with bad lines (file)" "$GTS" c4 solve "$TMP/mixed"
expect_rc 1
expect_err_contains "$TMP/mixed:2: move 3" "$TMP/mixed:3: move 7"

run "wrong expected score" --stdin <(printf '%s %d\n' "$good1" $((score1 + 1))) "$GTS" c4 solve
expect_rc 1
expect_err_contains "$good1 scored $score1, expected $((score1 + 1))" "1 wrong scores"
expect_out_contains "$good1 $score1 "

run "right expected scores" "$GTS" c4 solve "$DATA/Test_L3_R1"
expect_rc 0
expect_empty_stderr
expect_lines out 60 "expected 60 result lines"

run "weak scores" --stdin <(head -5 "$DATA/Test_L2_R1") "$GTS" c4 solve --weak
expect_rc 0
expect_empty_stderr
checks=$((checks + 1))
paste -d' ' <(head -5 "$DATA/Test_L2_R1") "$TMP/out" |
    awk '{ s = ($2 > 0) - ($2 < 0); if ($1 != $3 || $4 != s) bad = 1 } END { exit bad }' ||
    fail "weak scores are not the signs of the expected ones"

# Comments, blank lines, CRLF line ends and '-' for the empty board.
printf '# a comment\n\n%s %s\r\n   \n- 0\n' "$good1" "$score1" >"$TMP/comments"
run "comments and blank lines" --stdin "$TMP/comments" "$GTS" c4 solve --width 4 --height 4
expect_rc 1
expect_err_contains "-:3: position too long (${#good1} moves, max 16 on 4x4)" "1 positions, 0 wrong scores, 1 bad lines"
run "comments and blank lines (7x6)" --stdin <(grep -v '^- ' "$TMP/comments") "$GTS" c4 solve
expect_rc 0
expect_empty_stderr
checks=$((checks + 1))
[ "$(wc -l <"$TMP/out")" -eq 1 ] && grep -qE "^$good1 $score1 [0-9]+ [0-9]+\$" "$TMP/out" ||
    fail "expected the one result line '$good1 $score1 ...'"

# Threads: the same scores, checked against the expected ones.
run "solve on 3 threads" --stdin <(head -20 "$DATA/Test_L2_R2") "$GTS" c4 solve --threads 3
expect_rc 0
expect_empty_stderr
expect_lines out 20 "expected 20 result lines"

# More threads than the cores (nproc: this process's, as gts counts them):
# one warning on stderr, however many counts the list holds; none at the
# cores' count.
cores=$(nproc)
run "bench on more threads than cores" "$GTS" c4 bench --threads "$((cores + 1)),$((cores + 2))" --limit 3 \
    --data "$DATA" end-easy
expect_rc 0
check "one warning for --threads $((cores + 1)),$((cores + 2)) on $cores cores" \
    test "$warn" = "gts: warning: --threads $((cores + 2)) is more than the $cores core$([ "$cores" = 1 ] || echo s) this process may run on: the threads take turns"
run "solve on as many threads as cores" --stdin <(head -1 "$DATA/Test_L2_R2") "$GTS" c4 solve --threads "$cores"
expect_rc 0
check "no warning at --threads $cores on $cores cores" test -z "$warn"

# Small positions never wake the helpers (c4_threads.c's solo start): on
# 2 and 4 threads end-easy's first 50 take the one thread's nodes exactly
# (TNE; helpers that ran would add theirs).
run "end-easy on 1, 2 and 4 threads" "$GTS" c4 bench --threads 1,2,4 --limit 50 --csv --data "$DATA" end-easy
expect_rc 0
check "the same nodes on 1, 2 and 4 threads" \
    test "$(grep -v "^#" <<<"$out" | cut -d, -f3,8 | tail -n +2 | tr '\n' ' ')" = "1,2121 2,2121 4,2121 "

run "threads with alpha-beta" --stdin <(echo 4) "$GTS" c4 solve --threads 2 --algo alphabeta
expect_rc 2
expect_one_line_error "--threads" "alphabeta"

run "unknown algorithm" --stdin <(echo 4) "$GTS" c4 solve --algo negamax
expect_rc 2
expect_one_line_error "negamax"

run "minimax" --stdin <(head -3 "$DATA/Test_L3_R1") "$GTS" c4 solve --algo minimax
expect_rc 0
expect_empty_stderr

############################################################################
# analyze, and '-' for the empty board.

run "analyze the empty 4x4 board" "$GTS" c4 analyze --width 4 --height 4 -
expect_rc 0
read -r moves a1 a2 a3 a4 rest <<<"$out"
checks=$((checks + 1))
[ "$moves" = "-" ] || fail "first field '$moves', expected '-'"
checks=$((checks + 1))
[[ "$a1 $a2 $a3 $a4" =~ ^-?[0-9]+\ -?[0-9]+\ -?[0-9]+\ -?[0-9]+$ ]] || fail "four scores expected"
# The empty board is its own mirror image.
checks=$((checks + 1))
[ "$a1" = "$a4" ] && [ "$a2" = "$a3" ] || fail "scores not symmetric: $a1 $a2 $a3 $a4"
best=$a1
for v in $a2 $a3 $a4; do [ "$v" -gt "$best" ] && best=$v; done

run "solve the empty 4x4 board with alpha-beta" --stdin <(echo -) "$GTS" c4 solve --width 4 --height 4 --algo alphabeta
expect_rc 0
read -r moves ab_score rest <<<"$out"
checks=$((checks + 1))
[ "$moves" = "-" ] && [ "$ab_score" = "$best" ] || fail "alphabeta scores '$ab_score', analyze's best is $best"

run "analyze with an empty string" "$GTS" c4 analyze --width 4 --height 4 ""
expect_rc 0
expect_out_contains "- $a1 $a2 $a3 $a4 "

# A sample position whose column 4 is full: its best move scores the
# expected score.
read -r l2moves l2score <<<"$(grep -E '^[0-9]+ ' "$DATA/Test_L2_R1" | awk '{ if (gsub(/4/, "4", $1) == 6) { print; exit } }')"
run "analyze $l2moves" "$GTS" c4 analyze "$l2moves"
expect_rc 0
read -r -a f <<<"$out"
checks=$((checks + 1))
[ "${f[0]}" = "$l2moves" ] && [ "${f[4]}" = "." ] || fail "column 4 should be '.'"
max=-100
for i in 1 2 3 4 5 6 7; do
    checks=$((checks + 1))
    stones=$(tr -cd "$i" <<<"$l2moves" | wc -c)
    if [ "$stones" -eq 6 ]; then
        [ "${f[$i]}" = "." ] || fail "column $i is full but shows '${f[$i]}'"
    else
        [[ "${f[$i]}" =~ ^-?[0-9]+$ ]] || fail "column $i: '${f[$i]}' is not a score"
        [[ "${f[$i]}" =~ ^-?[0-9]+$ ]] && [ "${f[$i]}" -gt "$max" ] && max=${f[$i]}
    fi
done
checks=$((checks + 1))
[ "$max" = "$l2score" ] || fail "best move scores $max, expected $l2score"

if [ "$SPEED" = fast ]; then
    # Four seconds of search in Release, too long under the sanitizers.
    run "analyze 444444" "$GTS" c4 analyze 444444
    expect_rc 0
    read -r -a f <<<"$out"
    checks=$((checks + 1))
    [ "${f[0]}" = 444444 ] && [ "${f[4]}" = "." ] || fail "column 4 should be '.'"
    for i in 1 2 3 5 6 7; do
        checks=$((checks + 1))
        [[ "${f[$i]}" =~ ^-?[0-9]+$ ]] || fail "column $i: '${f[$i]}' is not a score"
    done
    # 444444 is symmetric: so are its scores.
    checks=$((checks + 1))
    [ "${f[1]}" = "${f[7]}" ] && [ "${f[2]}" = "${f[6]}" ] && [ "${f[3]}" = "${f[5]}" ] ||
        fail "scores not symmetric"
    expect_out_contains "best "
fi

############################################################################
# --json

run "solve --json" --stdin <(head -3 "$DATA/Test_L3_R1") "$GTS" c4 solve --json
expect_rc 0
expect_lines out 3 "expected 3 lines"
checks=$((checks + 1))
! grep -qv '^{.*"score":-\{0,1\}[0-9][0-9]*.*}$' "$TMP/out" || fail "a line is not a JSON object with a score"
expect_out_contains '"ok":true'
# The nodes that searched children: at most all the nodes.
checks=$((checks + 1))
awk -F'[:,]' '{ for (i = 1; i < NF; i++) { if ($i == "\"nodes\"") n = $(i + 1); if ($i == "\"searched\"") s = $(i + 1) } }
    s == "" || s + 0 > n + 0 { bad = 1 } END { exit bad }' "$TMP/out" || fail "a line lacks searched, or it exceeds nodes"

run "analyze --json" "$GTS" c4 analyze --json --width 4 --height 4 -
expect_rc 0
checks=$((checks + 1))
grep -q '^{.*"scores":\[.*\].*}$' "$TMP/out" || fail "not a JSON object with scores"
if command -v python3 >/dev/null 2>&1; then
    checks=$((checks + 1))
    python3 -c 'import json,sys; o=json.loads(sys.stdin.read()); assert o["moves"] == "-" and len(o["scores"]) == 4' \
        <"$TMP/out" || fail "analyze --json is not valid JSON with 4 scores"
fi

############################################################################
# bench

# Options before the set name (options after it: see
# test_cli_option_order.sh).
run "bench --csv end-easy" "$GTS" c4 bench --csv --data "$DATA" end-easy
expect_rc 0
expect_lines out 3 "expected the machine's note, a header and one row"
expect_out_line 1 '^# machine: .*, [0-9]+ cores?$' "no machine note"
expect_out_line 2 '^set,algo,threads,positions,' "no CSV header"
expect_out_line 3 '^end-easy,solver,1,60,.*,60/60,-$' "row is not end-easy ... 60/60"

run "bench two algorithms, --limit, --json" "$GTS" c4 bench --json --limit 7 --algo solver,alphabeta --data "$DATA" end-easy
expect_rc 0
expect_lines out 2 "expected two JSON rows"
checks=$((checks + 1))
grep -q '^{"set":"end-easy","algo":"solver",.*"positions":7,.*"correct":7,"checked":7}$' "$TMP/out" &&
    grep -q '^{"set":"end-easy","algo":"alphabeta",.*"positions":7,.*"correct":7,"checked":7}$' "$TMP/out" ||
    fail "rows for solver and alphabeta with 7/7 correct expected"

head -5 "$DATA/Test_L3_R1" > "$TMP/badset"
echo "12x4 3" >> "$TMP/badset"
run "bench with a bad line in the set" "$GTS" c4 bench --csv "$TMP/badset"
expect_rc 1
expect_err_contains "$TMP/badset:6: move 3"
expect_out_line 3 ',5,.*,5/5,-$' "the other 5 positions are still run"

run "bench with an unknown set" "$GTS" c4 bench --data "$DATA" no-such-set
expect_rc 1
expect_err_contains "no-such-set"

# --threads and --algo take the one list syntax of every bench (core's
# gts_int_list and gts_each_item): counts and ranges, each count once, in
# order.
run "bench --threads 2,1-2" "$GTS" c4 bench --csv --limit 3 --threads 2,1-2 --data "$DATA" end-easy
expect_rc 0
expect_lines out 4 "expected the machine's note, a header and a row per thread count"
expect_out_line 3 '^end-easy,solver,1,3,.*,3/3,-$' "first row: 1 thread"
expect_out_line 4 '^end-easy,solver,2,3,.*,3/3,-$' "second row: 2 threads"

run "bench --threads with an empty item" "$GTS" c4 bench --threads 1,,2 --data "$DATA" end-easy
expect_usage_error "--threads" "empty item"

run "bench --algo with an empty item" "$GTS" c4 bench --algo solver, --data "$DATA" end-easy
expect_usage_error "--algo" "empty item"

run "gts bench without --signature" "$GTS" bench
expect_usage_error "--signature"

############################################################################
# GPU: the device's code on the CPU executor (everywhere), and a clear
# error where there is no device

run "solve --gpu --executor cpu" --stdin <(head -20 "$DATA/Test_L2_R1") "$GTS" c4 solve --gpu --executor cpu --threads 2 --gpu-tt-mb 16
expect_rc 0
expect_lines out 20 "expected 20 result lines"
save_scores "$TMP/gpu.scores"
head -20 "$DATA/Test_L2_R1" | "$GTS" c4 solve >"$TMP/out" 2>/dev/null
expect_same_scores "$TMP/gpu.scores" "GPU-executor scores differ from the CPU solver's"
expect_err_contains "20 positions in"

run "solve --gpu with a budget, bad line, weak" --stdin <(printf '%s\n' "$(line_of Test_L2_R2 1)" 12x4 "$(line_of Test_L2_R2 2)") \
    "$GTS" c4 solve --gpu --executor cpu --gpu-budget 200 --gpu-tt-mb 16 -w
expect_rc 1
expect_lines out 2 "expected 2 result lines"
expect_err_contains "-:2: move" "1 bad lines"

head -3 "$DATA/Test_L3_R1" > "$TMP/three"
run "solve --gpu: a missing file, then a good one" "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 16 \
    "$TMP/no-such-file" "$TMP/three"
expect_rc 1
expect_lines out 3 "the good file's 3 lines are still solved"
expect_err_contains "cannot open $TMP/no-such-file"

run "bench --gpu --executor cpu" "$GTS" c4 bench --gpu --executor cpu --threads 2 --gpu-tt-mb 16 --limit 6 --csv --data "$DATA" middle-easy
expect_rc 0
expect_lines out 9 "expected the machine's note, a header and 7 rows"
for v in alphabeta gpu-s1 gpu-s1-tt gpu-s4 gpu-s4-tt gpu solver-batch; do
    checks=$((checks + 1))
    grep -qE "^middle-easy,$v,[0-9]+,6,.*,6/6,[-0-9.]+\$" "$TMP/out" || fail "no correct $v row"
done

run "bench --algo gpu-s9" "$GTS" c4 bench --algo gpu-s9 --data "$DATA" end-easy
expect_rc 2
expect_one_line_error "gpu-s9"

run "solve --split-depth 9" "$GTS" c4 solve --gpu --split-depth 9
expect_rc 2
expect_one_line_error "--split-depth"

run "solve --executor tpu" "$GTS" c4 solve --gpu --executor tpu
expect_rc 2
expect_one_line_error "--executor"

if "$GTS" info | grep -q '^gpu: no CUDA device'; then
    run "solve --gpu without a device" --stdin <(head -2 "$DATA/Test_L3_R1") "$GTS" c4 solve --gpu
    expect_rc 1
    expect_one_line_error "no CUDA device"
fi

############################################################################
# play: the depth-limited players, the brute force on the CPU executor

run "play --depth 3" "$GTS" c4 play --executor cpu --depth 3
expect_rc 0
checks=$((checks + 1))
tail -1 "$TMP/out" | grep -qE '^# (draw|first player wins|second player wins) after [0-9]+ moves; .* same move [0-9]+ of [0-9]+$' ||
    fail "no summary line"
checks=$((checks + 1))
[ "$(grep -cv '^#' "$TMP/out")" -ge 7 ] || fail "fewer than 7 moves played"

run "play alphabeta against itself from 4444" "$GTS" c4 play --executor cpu --depth 2 --first alphabeta 4444
expect_rc 0
expect_out_line 2 '^5 first ' "the game does not go on from ply 5"

run "play --depth 11" "$GTS" c4 play --depth 11
expect_rc 2
expect_one_line_error "--depth 11"

run "play --first nobody" "$GTS" c4 play --first nobody
expect_rc 2
expect_one_line_error "nobody"

run "play a finished game" "$GTS" c4 play --executor cpu 1212121
expect_rc 1
expect_one_line_error "over"

############################################################################
# perft

run "perft 5 --distinct" "$GTS" c4 perft 5 --distinct --threads 2
expect_rc 0
expect_out_line 1 '^perft 5: 16807 sequences, 4263 positions ' "perft 5 from the empty board"

run "perft 4 on the GPU code (CPU executor), from 44" "$GTS" c4 perft 4 44 --executor cpu --json
expect_rc 0
expect_out_contains '"depth":4,"sequences":2401,'

run "perft 0" "$GTS" c4 perft 0
expect_rc 2
expect_one_line_error "perft depth"

############################################################################
# book

run "book 4x4 depth 3" "$GTS" c4 book --width 4 --height 4 --depth 3 -o "$TMP/book"
expect_rc 0
expect_err_contains "wrote " "$TMP/book"
checks=$((checks + 1))
[ -s "$TMP/book" ] || fail "no book written"

run "book 4x4 depth 5 on the GPU code (CPU executor)" "$GTS" c4 book --width 4 --height 4 --depth 5 -o "$TMP/book.gpu" \
    --executor cpu --threads 2 --gpu-tt-mb 16
expect_rc 0
"$GTS" c4 book --width 4 --height 4 --depth 5 -o "$TMP/book.cpu" 2>/dev/null
checks=$((checks + 1))
cmp -s "$TMP/book.gpu" "$TMP/book.cpu" || fail "the GPU-built book differs from the CPU-built one"

# Random 4x4 positions: the same scores with the book as by alpha-beta.
printf '%s\n' - 1 2 23 41 232 114 1234 4411 23322 >"$TMP/small"
run "4x4 alpha-beta" "$GTS" c4 solve --width 4 --height 4 --algo alphabeta "$TMP/small"
expect_rc 0
save_scores "$TMP/small.ab"
run "solve with the book" "$GTS" c4 solve --width 4 --height 4 --book "$TMP/book" "$TMP/small"
expect_rc 0
expect_empty_stderr
expect_same_scores "$TMP/small.ab" "scores with the book differ from alpha-beta's"

run "book of another size" --stdin <(echo 4) "$GTS" c4 solve --book "$TMP/book"
expect_rc 2
expect_one_line_error "4x4" "7x6"

run "missing book" --stdin <(echo 4) "$GTS" c4 solve --book "$TMP/no-such-book"
expect_rc 2
expect_one_line_error "cannot open"

############################################################################
# Interrupted by SIGINT: complete lines, a message, status 130.

for _ in $(seq 30); do cat "$DATA/Test_L1_R2"; done >"$TMP/long"
run_interrupted "interrupted solve" out: "$GTS" c4 solve "$TMP/long"
expect_rc 130
expect_err_contains "interrupted"
checks=$((checks + 1))
! grep -qvE '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+$' "$TMP/out" || fail "an incomplete line on stdout"
checks=$((checks + 1))
[ ! -s "$TMP/out" ] || [ "$(tail -c 1 "$TMP/out" | od -An -c | tr -d ' ')" = '\n' ] ||
    fail "stdout does not end with a newline"
checks=$((checks + 1))
[ "$(wc -l <"$TMP/out")" -lt 1800 ] || fail "nothing was interrupted"

# The GPU solver alone on the CPU executor stops too, between its items: the
# whole file is one batch that would take minutes (beside the CPU threads,
# test_c4_gpu_beside.sh).
run_interrupted "interrupted GPU solve" cpu:0.5 "$GTS" c4 solve --gpu --gpu-only --executor cpu "$TMP/long"
expect_rc 130
expect_err_contains "interrupted after 0 positions"
checks=$((checks + 1))
[ ! -s "$TMP/out" ] || fail "an interrupted GPU batch printed scores"

# Interrupted while waiting for input.
mkfifo "$TMP/input"
exec {input}<>"$TMP/input"
run_interrupted "interrupted while reading" handler --stdin "$TMP/input" "$GTS" c4 solve
exec {input}<&-
checks=$((checks + 1))
grep -q "interrupted after 0 positions" "$TMP/err" || fail "no 'interrupted after 0 positions'"

# An interrupted book build writes the positions solved so far (5.5 s of
# work on 6x5 at depth 4 in the Release build, 430 positions), and the
# partial book gives right scores.  Interrupted after 2 s of CPU time: the
# Release build has written about 150 positions by then, the sanitizer
# build (about 20 times slower) a few; after 1 s of a clock a loaded
# machine had written none.
run_interrupted "interrupted book" cpu:2 "$GTS" c4 book --width 6 --height 5 --depth 4 -o "$TMP/partial"
expect_rc 130
expect_err_contains "partial book"
written=$(sed -n 's/^gts: wrote \([0-9]*\) positions.*/\1/p' "$TMP/err")
checks=$((checks + 1))
[ -n "$written" ] && [ "$written" -ge 1 ] && [ "$(wc -c <"$TMP/partial")" -eq $((28 + 9 * written)) ] ||
    fail "partial book of '$written' positions should be 28 + 9 * $written bytes"
printf '%s\n' 1111 1121 1122 >"$TMP/ply4"
run "6x5 without a book" "$GTS" c4 solve --width 6 --height 5 "$TMP/ply4"
expect_rc 0
save_scores "$TMP/ply4.plain"
run "6x5 with the partial book" "$GTS" c4 solve --width 6 --height 5 --book "$TMP/partial" "$TMP/ply4"
expect_rc 0
expect_empty_stderr
expect_same_scores "$TMP/ply4.plain" "scores with the partial book differ"

############################################################################

finish
