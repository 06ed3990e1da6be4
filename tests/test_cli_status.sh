#!/usr/bin/env bash
# The exit-code rule (src/cli/cli.h) for every Connect 4 command and the top
# level, --help at every level, what a machine without a GPU is told, the
# perft set sized from the depth, and a line per finished bench row on a
# stderr that is no terminal (issue 19).
#
# usage: test_cli_status.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_cli_status.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_cli_status.sh GTS_BINARY SOURCE_DIR}
DATA=$SRC/data/c4

. "$(dirname "$0")/cli_lib.sh" gts_cli_status

printf '4\n' >"$TMP/one"
printf '8\n' >"$TMP/eight"
head -2 "$DATA/Test_L3_R1" >"$TMP/two"

############################################################################
# 2: the command line is wrong.  Each command, each kind of mistake.

usage() {  # usage DESCRIPTION PATTERN COMMAND...: exit 2, one line naming PATTERN
    local what=$1 pattern=$2
    shift 2
    run "$what" --stdin "$TMP/one" "$@"
    expect_usage_error "$pattern"
}
run "gts alone" "$GTS"
expect_rc 2
expect_contains err "usage: gts"
usage "unknown command" "nosuch" "$GTS" nosuch
usage "info with an operand" "info takes no arguments" "$GTS" info extra
usage "info with an option" "--bogus" "$GTS" info --bogus
usage "bench without --signature" "--signature" "$GTS" bench
usage "bench --signature with an operand" "--signature" "$GTS" bench --signature extra
usage "c4 unknown command" "nosuch" "$GTS" c4 nosuch
usage "c4 solve --width 10" "10x6" "$GTS" c4 solve --width 10
usage "c4 solve --book /nope" "cannot open book /nope" "$GTS" c4 solve --book /nope
usage "c4 solve --gpu --split-depth 9" "--split-depth" "$GTS" c4 solve --gpu --split-depth 9
usage "c4 solve --gpu: a device table too small" "too small" \
    "$GTS" c4 solve --gpu --executor cpu --gpu-tt-mb 1 --width 9 --height 6
usage "c4 analyze without MOVES" "MOVES" "$GTS" c4 analyze
usage "c4 book --depth 43" "--depth 43" "$GTS" c4 book --depth 43 -o "$TMP/book"
usage "c4 book without -o" "-o" "$GTS" c4 book --depth 2
usage "c4 play --depth 11" "--depth 11" "$GTS" c4 play --depth 11
usage "c4 play --first nobody" "nobody" "$GTS" c4 play --first nobody
usage "c4 perft 43" "perft depth" "$GTS" c4 perft 43
usage "c4 perft --distinct, a set too small" "--tt-mb 8 holds every position 9 plies on" \
    "$GTS" c4 perft 9 --distinct --tt-mb 1
usage "c4 bench --algo nope" "nope" "$GTS" c4 bench --algo nope --data "$DATA" end-easy
usage "c4 bench --data /nope" "no such directory" "$GTS" c4 bench --data /nope end-easy
usage "c4 bench --algo gpu-s1-tt: a device table too small" "too small" \
    "$GTS" c4 bench --algo gpu-s1-tt --executor cpu --gpu-tt-mb 1 --width 9 --height 6 --data "$DATA" end-easy

############################################################################
# 1: the input is wrong (or the machine fails the command).

input() {  # input DESCRIPTION PATTERN COMMAND...: exit 1, stderr holding PATTERN
    local what=$1 pattern=$2
    shift 2
    run "$what" --stdin "$TMP/one" "$@"
    expect_rc 1
    expect_contains err "$pattern"
}
input "c4 solve a bad line" "$TMP/eight:1: move 1: column 8" "$GTS" c4 solve "$TMP/eight"
input "c4 solve a missing file" "cannot open" "$GTS" c4 solve "$TMP/none"
input "c4 analyze a bad position" "move 2" "$GTS" c4 analyze 48
input "c4 play a finished game" "over" "$GTS" c4 play --executor cpu 1212121
input "c4 perft from a bad position" "move 1" "$GTS" c4 perft 2 8
input "c4 bench a missing set" "no-such-set" "$GTS" c4 bench --data "$DATA" no-such-set
input "c4 book into a missing folder" "No such file or directory" "$GTS" c4 book --depth 1 -o "$TMP/no/book"

############################################################################
# --help at every level: the usage on stdout, exit 0.

help() {  # help PATTERN COMMAND...
    local pattern=$1
    shift
    run "${*:2}" "$@"
    expect_rc 0
    expect_contains out "$pattern"
    expect_empty_stderr
}
help "usage: gts" "$GTS" --help
help "usage: gts info" "$GTS" info --help
help "usage: gts info" "$GTS" info -h
help "usage: gts bench --signature" "$GTS" bench --help
help "usage: gts bench --signature" "$GTS" bench --signature --help
help "usage: gts c4" "$GTS" c4 --help
for command in solve analyze book play perft bench; do
    help "usage: gts c4" "$GTS" c4 "$command" --help
    help "usage: gts c4" "$GTS" c4 "$command" -h
done
run "bench --help names every game's bench" "$GTS" bench --help
expect_contains out "gts c4 bench" "gts gomoku bench" "gts reversi bench"

############################################################################
# Without a GPU: what to do instead, and why there is none.

if "$GTS" info | grep -q '^gpu: no CUDA device'; then
    hint="; --executor cpu runs the same code on the CPU"
    run "solve --gpu without a device" --stdin "$TMP/two" "$GTS" c4 solve --gpu
    expect_rc 1
    expect_one_line_error "no CUDA device" "$hint"
    run "play without a device" "$GTS" c4 play --depth 8
    expect_rc 1
    expect_one_line_error "no CUDA device" "$hint"
    run "perft --gpu without a device" "$GTS" c4 perft 5 --gpu
    expect_rc 1
    expect_one_line_error "no CUDA device" "$hint"
    run "book --gpu without a device" "$GTS" c4 book --gpu --depth 1 -o "$TMP/book"
    expect_rc 1
    expect_one_line_error "no CUDA device" "$hint"
    run "bench --gpu without a device" "$GTS" c4 bench --gpu --data "$DATA" end-easy
    expect_rc 1
    expect_one_line_error "no CUDA device" "$hint"
    expect_empty_stdout
    # The other games' GPU commands (cli_gpu_check): the same line before
    # any work, so none of the rows or positions a CPU would do first (a
    # bench's rows each say so on stderr, which is a file here).
    echo "h8 i9 h9" >"$TMP/gomoku"
    obf=$SRC/data/reversi/ffo-sample.obf
    for args in "gomoku best --backend gpu h8" "gomoku bench table --gpu" "gomoku bench positions $TMP/gomoku --gpu" \
        "reversi perft 5 --gpu" "reversi solve --gpu $obf" "reversi solve --gpu --hybrid $obf"; do
        # shellcheck disable=SC2086  # the arguments are words
        run "$args without a device" "$GTS" $args
        expect_rc 1
        expect_one_line_error "no CUDA device" "$hint"
        expect_empty_stdout
    done
    # A build with the CUDA backends on a machine without the driver's
    # library: "no NVIDIA driver", not the runtime's "driver version is
    # insufficient".
    if "$GTS" info | grep -q '^cuda backends: built' && ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
        run "info without a driver" "$GTS" info
        expect_rc 0
        expect_contains out "gpu: no CUDA device: no NVIDIA driver (libcuda.so.1 not found)"
    fi
fi

############################################################################
# perft --distinct: the set sized from the depth (the README's 12 plies
# need 12.2 M positions: a 64 MB set held 6.3 M).  Here 8 plies from the
# empty board and 12 from a late position, on threads and the CPU executor.

run "perft 8 --distinct" "$GTS" c4 perft 8 --distinct --threads 2
expect_rc 0
expect_contains out "perft 8: 5673234 sequences, 184275 positions "
run "perft 6 --distinct (CPU executor)" "$GTS" c4 perft 6 --distinct --executor cpu
expect_rc 0
expect_contains out "perft 6: 117649 sequences, 16422 positions "

############################################################################
# bench: a line per finished row on stderr when it is no terminal (here a
# file), a row being a set with one configuration.

run "bench rows, stderr a file" "$GTS" c4 bench --csv --limit 2 --threads 1,2 --data "$DATA" end-easy middle-easy
expect_rc 0
for row in "end-easy solver x1" "middle-easy solver x1" "end-easy solver x2" "middle-easy solver x2"; do
    expect_contains err "gts: $row: 2 positions in "
done
expect_lines err 4 "expected 4 lines on stderr, one a row"

finish
