#!/usr/bin/env bash
# gts c4 solve and analyze with the bundled book, used by default (issue
# 41): every answer the same as the solver's own without it (--book none),
# on a sample of the book's positions chosen to solve in at most 5 M nodes
# without it (a second or so under the sanitizers; the book's deepest
# positions take 1-2 s each in a Release build and are checked by
# bench/c4_book.sh --check), exact and weak; within its depth the answer
# comes from the book (a handful of nodes).  A position given as an operand
# (gts c4 solve 4453) is solved as one given on stdin; an operand naming
# an existing file is read as a file; --book none, another board size and
# `c4 book --book` (a deeper book built on a shallower one, byte for byte
# the book built without it) behave as documented.
#
# usage: test_c4_default_book.sh GTS_BINARY SOURCE_DIR
set -u
GTS=$(realpath "${1:?usage: test_c4_default_book.sh GTS_BINARY SOURCE_DIR}")
SRC=${2:?usage: test_c4_default_book.sh GTS_BINARY SOURCE_DIR}
. "$(dirname "$0")/cli_lib.sh" gts_c4_default_book

book=$(compgen -G "$SRC/data/c4/7x6-depth*.book" | head -n 1)
check "a bundled 7x6 book in data/c4" test -s "$book"
depth=$(od -An -tu4 -j16 -N4 "$book" | tr -d ' ')

# Book positions (4 and 5 plies) that the solver alone answers in 1-5 M
# nodes, and two it answers at once (a double threat), found by trying
# random openings; 36251 must block a three (4.3 M nodes when the forced
# move was played before the book was asked).
positions="4142 55141 57315 42416 4162 16146 36251"
for p in $positions; do
    for weak in "" -w; do
        run "$p $weak with the book" "$GTS" c4 solve $weak "$p"
        expect_rc 0
        read -r _ with_score with_nodes _ <<<"$out"
        run "$p $weak without it" "$GTS" c4 solve $weak --book none "$p"
        expect_rc 0
        read -r _ score _ <<<"$out"
        check "$p $weak: $with_score with the book, $score without" test "$with_score" = "$score"
        if [ "${#p}" -le "$depth" ]; then
            check "$p $weak is answered by the book (depth $depth): $with_nodes nodes" test "$with_nodes" -le 8
        fi
    done
done

run "analyze with the book" "$GTS" c4 analyze --json 4142
expect_rc 0
with=$(grep -o '"scores":\[[^]]*\]' "$TMP/out")
run "analyze without it" "$GTS" c4 analyze --json --book none 4142
expect_rc 0
check "analyze 4142: $with with the book, the same without" grep -qF "$with" "$TMP/out"

# An operand: a position, or a file when one has its name.
run "a position as an operand" "$GTS" c4 solve 4453 4142
expect_rc 0
printf '4453\n4142\n' >"$TMP/lines"
cp "$TMP/out" "$TMP/operands"
run "the same on stdin" --stdin "$TMP/lines" "$GTS" c4 solve
check "operands and stdin give the same positions and scores" \
    cmp -s <(cut -d' ' -f1,2 "$TMP/operands") <(cut -d' ' -f1,2 "$TMP/out")
mkdir "$TMP/here"
echo 4142 >"$TMP/here/4453"
run "an operand naming a file" bash -c "cd '$TMP/here' && '$GTS' c4 solve 4453"
expect_rc 0
check "the file 4453 is read, not solved" grep -q '^4142 ' "$TMP/out"
run "an operand neither a file nor moves" "$GTS" c4 solve 44x
expect_rc 1
expect_one_line_error "cannot open 44x"
run "an illegal position as an operand" "$GTS" c4 solve 11111111
expect_rc 1
expect_contains err "gts: 11111111:1: move 7: column 1 is full"

# Another size: no book by default; a book for 7x6 refused.
run "6x5 without a book" "$GTS" c4 solve --width 6 --height 5 3344
expect_rc 0
expect_contains out "3344 "
run "the 7x6 book on 6x5" "$GTS" c4 solve --width 6 --height 5 --book "$book" 3344
expect_rc 2

# c4 book --book: the same bytes as a build without it.
run "a 5x4 book of depth 3" "$GTS" c4 book --width 5 --height 4 --depth 3 -o "$TMP/d3.book"
expect_rc 0
run "depth 5 alone" "$GTS" c4 book --width 5 --height 4 --depth 5 -o "$TMP/d5.book"
expect_rc 0
run "depth 5 on the depth-3 book" "$GTS" c4 book --width 5 --height 4 --depth 5 --book "$TMP/d3.book" \
    -o "$TMP/d5b.book"
expect_rc 0
check "the two depth-5 books are the same bytes" cmp -s "$TMP/d5.book" "$TMP/d5b.book"
run "c4 book --gpu --book" "$GTS" c4 book --depth 2 --gpu --executor cpu --book "$TMP/d3.book" -o "$TMP/x.book"
expect_usage_error "--book"

finish
