#!/usr/bin/env bash
# tools/gm_train (issue 43) on a few short games: the label lines' form,
# shards of games that concatenate to one run's set, the fit's weights
# file (every set's table, and C that compiles), bad input refused with
# one line.
#
# usage: test_gm_train.sh GM_TRAIN_BINARY SOURCE_DIR
set -u
[ $# -eq 2 ] || { echo "usage: test_gm_train.sh GM_TRAIN_BINARY SOURCE_DIR" >&2; exit 2; }
. "$(dirname "$0")/cli_lib.sh" gm_train
TRAIN=$(realpath "$1") SRC=$(realpath "$2")

run "label freestyle, games 0-2" "$TRAIN" label freestyle 5 0 3 1500
expect_rc 0
cp "$TMP/out" "$TMP/all.txt"
checks=$((checks + 1))
[ "$(wc -l <"$TMP/all.txt")" -ge 10 ] || fail "only $(wc -l <"$TMP/all.txt") positions from 3 games"
# GAME SET RESULT SCORE then P:N pairs, P a table entry of set 0's columns.
checks=$((checks + 1))
awk '$1 !~ /^[0-2]$/ || $2 != 0 || ($3 != "1.0" && $3 != "0.5" && $3 != "0.0") || $4 !~ /^-?[0-9]+$/ { exit 1 }
     { for (i = 5; i <= NF; i++) { split($i, f, ":"); if (f[1] < 1 || f[1] >= 1430 || f[2] < 1) exit 1 } }' \
    "$TMP/all.txt" || fail "a line out of form"

run "label games 0-0" "$TRAIN" label freestyle 5 0 1 1500
cp "$TMP/out" "$TMP/a.txt"
run "label games 1-2" "$TRAIN" label freestyle 5 1 3 1500
cat "$TMP/a.txt" "$TMP/out" >"$TMP/shards.txt"
checks=$((checks + 1))
cmp -s "$TMP/all.txt" "$TMP/shards.txt" || fail "the shards differ from the one run"

run "label renju" "$TRAIN" label renju 5 0 2 1500
expect_rc 0
checks=$((checks + 1))
# Renju's side to move reads set 2 (black) or 3 (white).
awk '$2 != 2 && $2 != 3 { exit 1 }' "$TMP/out" || fail "a renju line not of set 2 or 3"
cat "$TMP/out" >>"$TMP/all.txt"

run "fit" "$TRAIN" fit 20 0.5 20 "$TMP/w.c" "$TMP/all.txt"
expect_rc 0
expect_contains err "held out"
checks=$((checks + 1))
[ "$(grep -c '^        { ' "$TMP/w.c")" -eq $((4 * 90)) ] || fail "not 4 tables of 715 entries"
checks=$((checks + 1))
"${CC:-cc}" -fsyntax-only -Wall -Werror -I"$SRC/src" -I"$SRC/include" "$TMP/w.c" || fail "the weights do not compile"

echo "1 0 1.0 12 5:x" >"$TMP/bad.txt"
run "fit on a bad line" "$TRAIN" fit 5 0.5 20 "$TMP/w2.c" "$TMP/bad.txt"
expect_rc 1
expect_lines err 1
expect_contains err "bad.txt:1"
run "fit with lambda 2" "$TRAIN" fit 5 2 20 "$TMP/w2.c" "$TMP/all.txt"
expect_rc 2
expect_lines err 1
run "label caro" "$TRAIN" label caro 1 0 1 100
expect_rc 2
expect_lines err 1

finish
