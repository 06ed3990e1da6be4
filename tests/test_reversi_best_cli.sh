#!/usr/bin/env bash
# gts reversi best: positions in each form, the algorithms' equal scores,
# threads, time limits, and an error for each malformed input.
#
# usage: test_reversi_best_cli.sh GTS_BINARY
set -u
GTS=${1:?usage: test_reversi_best_cli.sh GTS_BINARY}

. "$(dirname "$0")/cli_lib.sh" gts_reversi_best_cli

score() { sed -n 's/^best .* score \([-+0-9]*\) .*/\1/p' "$TMP/out"; }

run "start, depth 4" "$GTS" reversi best --depth 4 start
expect_rc 0
expect_contains out "# 8x8, X (black) to move, 60 empties" "depth  1 " "depth  4 " "best " "depth 4  nodes"
expect_empty_stderr

# The three algorithms agree on the score.
scores=""
for algo in minimax alphabeta pvs; do
    run "f5d6c3 --algo $algo" "$GTS" reversi best --depth 5 --algo "$algo" f5d6c3
    expect_rc 0
    expect_contains out "# 8x8, O (white) to move"
    scores="$scores $(score)"
done
set -- $scores
check "minimax = alphabeta = pvs ($scores)" [ "$1" = "$2" ] && check "alphabeta = pvs" [ "$2" = "$3" ]

run "threads" "$GTS" reversi best --depth 5 --threads 2 f5d6c3
expect_rc 0
check "2 threads = serial" [ "$(score)" = "$3" ]
for par in ybwc pvsplit lazy; do
    run "threads, $par" "$GTS" reversi best --depth 5 --threads 3 --parallel "$par" f5d6c3
    expect_rc 0
    check "3 threads, $par = serial" [ "$(score)" = "$3" ]
    run "threads, $par, split depth 1" "$GTS" reversi best --depth 5 --threads 3 --parallel "$par" --split-depth 1 f5d6c3
    expect_rc 0
    check "3 threads, $par, split depth 1 = serial" [ "$(score)" = "$3" ]
done

# The 64-square board with its side, in one word or two; the standard WPC.
BOARD=---------------------------OX------XO---------------------------
run "board and side" "$GTS" reversi best --depth 3 --wpc standard --mobility 0 "$BOARD" O
expect_rc 0
expect_contains out "O (white) to move"
run "board and side in one word" "$GTS" reversi best --depth 3 "$BOARD X"
expect_rc 0
expect_contains out "X (black) to move"

# Larger boards: a move list, a text board file, a time limit.
run "16x8 moves" "$GTS" reversi best --size 16x8 --depth 3 j5
expect_rc 0
expect_contains out "# 16x8, O (white) to move"
{
    for y in $(seq 1 16); do
        case $y in
        8) echo "-------OX-------" ;;
        9) echo "-------XO-------" ;;
        *) echo "----------------" ;;
        esac
    done
    echo X
} >"$TMP/b16.txt"
run "--board" "$GTS" reversi best --size 16 --depth 3 --board "$TMP/b16.txt"
expect_rc 0
expect_contains out "# 16x16, X (black) to move, 252 empties"
run "--time-ms" "$GTS" reversi best --size 32x32 --depth 60 --time-ms 200 start
expect_rc 0
expect_contains out "best "
run "64x64" "$GTS" reversi best --size 64 --depth 3 -
expect_rc 0
expect_contains out "# 64x64" "best "

run "a finished game" "$GTS" reversi best --depth 3 d3c3b3d2e1d6d7e3f4
expect_rc 0
expect_contains out "best --  score -1000064"

# Errors: one line; the usage status for a wrong command line, 1 for a
# bad position (as every command of every game).
bad() {  # bad DESCRIPTION MESSAGE ARGS...
    local what=$1 msg=$2
    shift 2
    run "$what" "$GTS" reversi best "$@"
    expect_usage_error "$msg"
}
bad_position() {  # bad_position DESCRIPTION MESSAGE ARGS...
    local what=$1 msg=$2
    shift 2
    run "$what" "$GTS" reversi best "$@"
    expect_rc 1
    expect_empty_stdout
    expect_one_line_error "$msg"
}
bad "no position" "a POSITION is needed" --depth 3
bad "bad size" "must each be 8, 16, 32 or 64" --size 12x8 start
bad "bad size text" "is not WxH or N" --size big start
bad "depth 0" "bad --depth '0'" --depth 0 start
bad "depth 61" "bad --depth '61'" --depth 61 start
bad "bad algo" "bad --algo 'mtdf'" --algo mtdf start
bad "bad threads" "bad --threads '0'" --threads 0 start
bad "bad parallel" "bad --parallel 'abdada'" --parallel abdada start
bad "split depth 0" "bad --split-depth '0'" --split-depth 0 start
bad "bad wpc" "bad --wpc 'x'" --wpc x start
bad "bad mobility" "bad --mobility '-1'" --mobility -1 start
bad "bad time" "bad --time-ms '0'" --time-ms 0 start
bad "bad tt" "bad --tt-mb 'x'" --tt-mb x start
bad "unknown option" "unknown option --fast" --fast start
bad "two positions" "unexpected argument 'c4'" f5 c4
bad "--board and a position" "--board FILE takes no POSITION" --board "$TMP/b16.txt" start
bad_position "a1 (issue 19)" "move 1 'a1' is illegal here" a1
bad_position "illegal move" "move 2 'f5' is illegal here" f5f5
bad_position "off the board" "move 1: square 'i4' is off the 8x8 board" i4
bad_position "not a square" "move 1: '#' is not a square" '#'
bad_position "board without side" "side to move (X or O) is missing" "$BOARD"
bad_position "board bad side" "side to move 'Q' is not X or O" "$BOARD" Q
bad_position "board on 16x8" "a 64-square board is 8x8, not 16x8" --size 16x8 "$BOARD" X
bad_position "board bad square" "square 13 of the board is 'Z'" "------------Z${BOARD:13}" X
bad_position "--board of the wrong size" "row 1 ends after 16 of its 32 squares" --size 32 --board "$TMP/b16.txt"
bad_position "missing board file" "cannot read $TMP/none.txt: No such file or directory" --board "$TMP/none.txt"
bad_position "a directory as the board file" "cannot read $TMP: Is a directory" --board "$TMP"
{ head -c 70000 /dev/zero | tr '\0' -; echo; } >"$TMP/huge.txt"
bad_position "a board file too long" "huge.txt: longer than 65536 bytes: not a board" --size 16 --board "$TMP/huge.txt"
{ cat "$TMP/b16.txt"; printf 'X\0more\n'; } >"$TMP/nul.txt"
bad_position "a NUL byte in the board file" "nul.txt: a NUL byte at byte 276: not a board" --size 16 --board "$TMP/nul.txt"

run "help" "$GTS" reversi best --help
expect_rc 0
expect_contains out "usage: gts reversi best"
run "listed in reversi --help" "$GTS" reversi --help
expect_contains out "best POSITION"

finish
