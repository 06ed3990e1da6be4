#!/usr/bin/env bash
# gts reversi play, bench table and nboard on the command line: whole
# matches at small depths, the tables' layout, every malformed player spec
# and option rejected with one line and status 2.  (The NBoard protocol
# itself is tested session by session by test_nboard.)
#
# usage: test_reversi_play_cli.sh GTS_BINARY
set -u
GTS=${1:?usage: test_reversi_play_cli.sh GTS_BINARY}

. "$(dirname "$0")/cli_lib.sh" gts_reversi_play_cli

run "play: two games at depth 1" "$GTS" reversi play --depth 1
expect_rc 0
expect_contains out "player 1: alphabeta (alphabeta, serial backend" "game 1: black player 1" \
    "game 2: black player 2" "time player 1 / player 2: "
checks=$((checks + 1))
[ "$(grep -c '^  result  black [0-9]* - white [0-9]*: ' "$TMP/out")" -eq 2 ] || fail "not two results"
expect_empty_stderr

# Both players search the same tree at depth 2 (alpha-beta and PVS agree):
# each game's moves are legal (the engine checks) and both games finish.
run "play: specs with their own depths" "$GTS" reversi play --player1 alphabeta:depth=2 \
    --player2 pvs:depth=2,threads=2,tt-mb=8
expect_rc 0
expect_contains out "(pvs, threads backend, 2 threads (ybwc), ctdl weights, depth 2)" "player 2: "
checks=$((checks + 1))
[ "$(grep -c '^  moves   [a-h1-8]*$' "$TMP/out")" -eq 2 ] || fail "not two move lists"

run "play: 16x8" "$GTS" reversi play --size 16x8 --depth 1 --player2 minimax:wpc=standard,mobility=0
expect_rc 0
expect_contains out "16x8" "standard weights, depth 1"

for spec in "" "negamax" "pvs:" "pvs:depth" "pvs:depth=0" "pvs:depth=61" "pvs:depth=x" "pvs:threads=0" \
    "pvs:threads=2,backend=serial" "pvs:backend=tpu" "pvs:wpc=mine" "pvs:colour=red" "pvs:depth=2,,threads=2" \
    "pvs:=3"; do
    run "play: bad player '$spec'" "$GTS" reversi play --player2 "$spec"
    expect_usage_error
    expect_contains err "--player2: bad player '$spec'"
done
run "play: bad size" "$GTS" reversi play --size 12x8
expect_usage_error
run "play: bad depth" "$GTS" reversi play --depth 0
expect_usage_error
run "play: an argument" "$GTS" reversi play 8x8
expect_usage_error
run "play: unknown option" "$GTS" reversi play --colour
expect_usage_error
run "play --help" "$GTS" reversi play --help
expect_rc 0
expect_contains out "usage: gts reversi play" "--player1 SPEC"

run "bench table: tiny" "$GTS" reversi bench table --sizes 8x8,16x8 --depths 1-2 --player2 pvs:threads=2 \
    --max-seconds 30
expect_rc 0
expect_contains out "Table 2: time of player 1 / time of player 2" "board          1        2" \
    "Table 1: average branching factor" "player 2: pvs:threads=2 (pvs, threads backend, 2 threads"
checks=$((checks + 1))
grep -Eq '^8x8 +[0-9.]+ +[0-9.]+$' "$TMP/out" && grep -Eq '^16x8 +[0-9.]+ +[0-9.]+$' "$TMP/out" &&
    grep -Eq '^8x8 +[0-9]+\.[0-9]{2} +120$' "$TMP/out" || fail "rows of the tables"
# stderr is not a terminal: a line per finished row, a sign of life in a
# log of a table that takes minutes.
expect_contains err "gts: reversi bench table: 8x8 done (1 of 2 boards, " \
    "gts: reversi bench table: 16x8 done (2 of 2 boards, "
checks=$((checks + 1))
[ "$(wc -l <"$TMP/err")" -eq 2 ] || fail "not one line per row on stderr"

# A cell predicted or found over the limit is '—', and so are the deeper
# ones of its row.
run "bench table: cells over the limit" "$GTS" reversi bench table --sizes 8x8 --depths 1,2,9,10 \
    --player2 pvs --max-seconds 0.001
expect_rc 0
checks=$((checks + 1))
grep -q '^8x8 .* — *—$' "$TMP/out" || fail "no '—' cells at the deepest depths"

run "bench table --csv" "$GTS" reversi bench table --sizes 8x8 --depths 2 --player2 pvs --csv
expect_rc 0
expect_contains out "board,width,height,depth,status,player1_seconds,player2_seconds,factor,positions,branching" \
    "8x8,8,8,2,ok,"
checks=$((checks + 1))
[ "$(wc -l <"$TMP/out")" -eq 3 ] || fail "not the machine's note, the header and one line per cell"
expect_contains err "gts: reversi bench table: 8x8 done (1 of 1 boards, "

for args in "--depths 0" "--depths 1-x" "--depths 3-1" "--sizes 8x9" "--sizes 8x8," "--max-seconds 0" \
    "--max-seconds x" "--player1 pvs:depth=3" "--player2 nothing"; do
    # shellcheck disable=SC2086
    run "bench table: bad $args" "$GTS" reversi bench table $args
    expect_usage_error
done
run "bench: no table" "$GTS" reversi bench
expect_usage_error
run "bench: other" "$GTS" reversi bench tables
expect_usage_error

# nboard on the command line; a short session piped in (test_nboard does
# the rest).
printf 'nboard 2\nset depth 2\nping 1\ngo\nmove F5\nhint 2\n' >"$TMP/session"
run "nboard: a piped session" --stdin "$TMP/session" "$GTS" reversi nboard --threads 2 --tt-mb 4
expect_rc 0
expect_contains out "set myname gts" "pong 1" "=== " "search "
expect_empty_stderr
for args in "--depth 0" "--endgame 61" "--threads 0" "--tt-mb x" "--colour" "extra"; do
    # shellcheck disable=SC2086
    run "nboard: bad $args" "$GTS" reversi nboard $args
    expect_usage_error
done

finish
