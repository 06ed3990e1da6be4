#!/usr/bin/env bash
# gts reversi on the command line: perft's output and errors, solve's
# scores against the file's, wrong scores and bad lines.
#
# usage: test_reversi_cli.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_reversi_cli.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_reversi_cli.sh GTS_BINARY SOURCE_DIR}
SAMPLE=$SRC/data/reversi/ffo-sample.obf

. "$(dirname "$0")/cli_lib.sh" gts_reversi_cli

run "perft 6" "$GTS" reversi perft 6
expect_rc 0
expect_contains out "perft 6: 8200 "

run "perft after moves" "$GTS" reversi perft 1 f5
expect_rc 0
expect_contains out "perft 1: 3 "

run "perft: bad depth" "$GTS" reversi perft x
expect_rc 2
run "perft: illegal move" "$GTS" reversi perft 2 a1
expect_rc 1
expect_contains err "move 1 'a1' is illegal"

run "solve: the sample's scores" "$GTS" reversi solve "$SAMPLE"
expect_rc 0
expect_contains out "g8 +18  expected +18" "a4 +10  expected +10" "d1  +2  expected  +2" "# 3 positions"

run "solve --threads 2" "$GTS" reversi solve --threads 2 "$SAMPLE"
expect_rc 0
expect_contains out "g8 +18  expected +18" "a4 +10  expected +10" "d1  +2  expected  +2"

run "solve: bad --threads" "$GTS" reversi solve --threads 0 "$SAMPLE"
expect_rc 2
expect_contains err "bad --threads '0'"

run "solve --wld" "$GTS" reversi solve --wld "$SAMPLE"
expect_rc 0
expect_contains out "+1  expected  +1"

# A wrong expected score and a bad line: both reported, the rest solved.
{ sed -n 1p "$SAMPLE" | sed 's/G8:+18/G8:+16/'; echo "not a board X"; sed -n 2p "$SAMPLE"; } >"$TMP/bad.obf"
run "solve: wrong score and bad line" "$GTS" reversi solve "$TMP/bad.obf"
expect_rc 1
expect_contains out "WRONG" "a4 +10"
expect_contains err "bad.obf:2:"

# Score fields that are no number, or overflow an int: each an error naming
# the field and the line; the rest of the file is still solved.
board=$(sed -n 1p "$SAMPLE" | cut -c1-66)
{ echo "$board; G8:+99999999999999999999;"; echo "$board; G8:abc;"; sed -n 2p "$SAMPLE"; } >"$TMP/fields.obf"
run "solve: bad score fields" "$GTS" reversi solve "$TMP/fields.obf"
expect_rc 1
expect_contains err "fields.obf:1: field 'G8:+99999999999999999999': the score is not a whole number in -64..64" \
    "fields.obf:2: field 'G8:abc': the score is not a whole number in -64..64" "2 bad lines"
expect_contains out "a4 +10  expected +10" "# 1 positions"

run "solve: missing file" "$GTS" reversi solve "$TMP/none.obf" "$SAMPLE"
expect_rc 1
expect_contains out "# 3 positions"

# Ctrl-C during a long solve (fforum #76, 32 empties), once its search
# has used a second of CPU time (a fixed second of a clock came, on a
# loaded machine, before the first position started): the position shows
# the bounds proved so far, the next line is not started, status 130, and
# soon: the search for the first guess, which alone took 10 s here
# (minutes under the sanitizers), stops too: at most 2 s of CPU time after
# the signal, where it takes 0.02 s.
{ echo "---O------OO-O-----OOOX-OOOOOOX--XXXXOXX--OOOOOO--OOO-------O--- X"; sed -n 1p "$SAMPLE"; } >"$TMP/long.obf"
run_interrupted "solve: interrupted" cpu:1 "$GTS" reversi solve "$TMP/long.obf"
expect_rc 130
expect_contains out "32 empties  interrupted: score in ["
expect_contains err "interrupted after 0 positions"
checks=$((checks + 1))
! grep -q "expected" "$TMP/out" || fail "a position after the interrupted one was solved"
expect_stopped_within 2

# --log: Edax's columns, each line's principal variation (played out to
# its score by test_reversi_pv), the totals; a wrong score said and
# counted; the options it does not go with refused.
run "solve --log" "$GTS" reversi solve --log "$SAMPLE"
expect_rc 0
expect_contains out "    #|   depth| score|        time|           nodes|          N/s| principal variation" \
    "    1| 14@100%|  +18 |" "| g8 h7 a8 a6 a4 a7 b6 a2 h8 a3 a1 b1 h1 g2" "    2| 14@100%|  +10 |" \
    "    3| 14@100%|   +2 |" "total|    3 positions|"
expect_lines out 7
{ sed -n 1p "$SAMPLE" | sed 's/G8:+18/G8:+20/'; } >"$TMP/wrong.obf"
run "solve --log: a wrong score" "$GTS" reversi solve --log "$TMP/wrong.obf"
expect_rc 1
expect_contains out "| g8 h7 a8 a6 a4 a7 b6 a2 h8 a3 a1 b1 h1 g2  WRONG: expected +20"
for other in --wld --each --mpi "--mpi-split 2" --gpu; do
    # shellcheck disable=SC2086
    run "solve --log $other" "$GTS" reversi solve --log $other "$SAMPLE"
    expect_rc 2
done
expect_contains err "--log prints exact solves one position at a time"

# A time limit's SIGTERM (timeout(1), bench/rv_ffo.sh) in a --log run:
# the lines solved before it kept, the stopped one's bounds printed.
{ sed -n 1p "$SAMPLE"; echo "---O------OO-O-----OOOX-OOOOOOX--XXXXOXX--OOOOOO--OOO-------O--- X"; } >"$TMP/then-long.obf"
RUN_SIGNAL=TERM run_interrupted "solve --log: SIGTERM" "out:    1| 14@100%" "$GTS" reversi solve --log "$TMP/then-long.obf"
expect_rc 130
expect_contains out "| g8 h7 a8 a6 a4 a7 b6 a2 h8 a3 a1 b1 h1 g2" "    2| 32@100%|     ? |" "| interrupted: score in ["
expect_stopped_within 2

run "unknown command" "$GTS" reversi frobnicate
expect_rc 2

# --help and -h at every level: the usage on stdout, exit 0.
for level in "" perft solve best play nboard gtp bench "bench table"; do
    for h in --help -h; do
        # shellcheck disable=SC2086
        run "$level $h" "$GTS" reversi $level "$h"
        expect_rc 0
        expect_empty_stderr
        expect_contains out "usage: gts reversi"
    done
done

finish
