#!/usr/bin/env bash
# gts reversi gtp, the Go Text Protocol for 8x8 Othello: a session of
# every command with its exact answers (ids kept, errors as '?' lines, the
# session going on after each), a whole game of genmove against itself
# whose moves a second parser (gts reversi best) accepts and whose
# final_score matches the discs of showboard counted here, and bad
# options rejected with one line and status 2.
#
# usage: test_reversi_gtp_cli.sh GTS_BINARY
set -u
GTS=${1:?usage: test_reversi_gtp_cli.sh GTS_BINARY}

. "$(dirname "$0")/cli_lib.sh" gts_reversi_gtp_cli

# The answers without the empty line that ends each.
answers() {
    grep -v '^$' "$TMP/out"
}

printf '%s\n' 'protocol_version' '1 name' 'known_command genmove' 'known_command foo' \
    'play b f5' '2 play W d6' 'showboard' 'play b a1' 'play b f6' 'play x c3' 'play b' 'foo bar' \
    'undo' 'undo' 'undo' 'boardsize 10' 'boardsize 8' 'komi 6.5' 'komi x' '  # a comment only' '' \
    'reg_genmove w' 'genmove w' 'genmove b' 'final_score' 'time_settings 60 0 0' 'time_left b 30 0' \
    'time_left q 3 0' '12' 'quit' 'name' >"$TMP/session"
run "gtp: a session" --stdin "$TMP/session" "$GTS" reversi gtp --depth 3
expect_rc 0
expect_empty_stderr
cat >"$TMP/expected" <<'EOF'
= 2
=1 gts
= true
= false
=
=2
=
  a b c d e f g h
1 . . . . . . . .
2 . . . . . . . .
3 . . . . . . . .
4 . . . O X . . .
5 . . . O X X . .
6 . . . O . . . .
7 . . . . . . . .
8 . . . . . . . .
X (black) 3, O (white) 3, black to move
? illegal move: a1 is illegal for black
? illegal move: f6 is illegal for black
? syntax error: play takes a color (b, w) and a square (a1..h8 or pass)
? syntax error: play takes a color (b, w) and a square (a1..h8 or pass)
? unknown command: foo
=
=
? cannot undo: no move to take back
? unacceptable size: only 8x8 Othello (not 10)
=
=
? syntax error: komi takes a number
EOF
checks=$((checks + 1))
answers | head -n "$(wc -l <"$TMP/expected")" | diff "$TMP/expected" - >&2 || fail "answers differ from the expected ones"
# At the start black is to move (and can): genmove w is refused; the
# answers after the fixed part, one by one.
rest=$(answers | tail -n +$(($(wc -l <"$TMP/expected") + 1)))
checks=$((checks + 1))
[[ $rest =~ ^"? black is to move, not white"$'\n'"? black is to move, not white"$'\n'"= "(c4|d3|e6|f5)$'\n'"? cannot score: the game is not over, and its 59 empty squares are more than --endgame"$'\n'"="$'\n'"="$'\n'"? syntax error: time_left takes a color, seconds and stones"$'\n'"?12 syntax error: an id with no command"$'\n'"="$ ]] ||
    fail "unexpected answers after the fixed part: $rest"

# Lines as a hostile client may send them, one answer each with its id: a
# NUL byte (removed, as GTP's preprocessing removes every control
# character), a line too long (an error), CR LF, a comment too long (no
# answer, as any comment), a last line without its end.
xs=$(head -c 5000 /dev/zero | tr '\0' x)
printf '1 name\n2 na\0me\n3 name\n4 version\n5 %s\n6 name\r\n# %s\n7 name' "$xs" "$xs" >"$TMP/bytes"
run "gtp: NUL bytes, long lines, CR LF, no last end of line" --stdin "$TMP/bytes" "$GTS" reversi gtp
expect_rc 0
expect_empty_stderr
checks=$((checks + 1))
[ "$(answers | sed 's/^=4 .*/=4 VERSION/' | tr '\n' '|')" = \
    "=1 gts|=2 gts|=3 gts|=4 VERSION|?5 line too long (over 4095 bytes): ignored|=6 gts|=7 gts|" ] ||
    fail "not one answer per command with its id: $(answers | tr '\n' '|')"

# A whole game, the engine against itself: strictly alternating genmoves
# (a side with no move answers pass), exact from 10 empties.
{
    echo "time_settings 30 0 0"
    for _ in $(seq 1 64); do
        printf 'genmove b\ngenmove w\n'
    done
    printf 'final_score\nshowboard\nundo\nshowboard\n'
} >"$TMP/game"
run "gtp: a whole game against itself" --stdin "$TMP/game" "$GTS" reversi gtp --depth 2 --endgame 10
expect_rc 0
expect_empty_stderr
checks=$((checks + 1))
! answers | grep -q '^?' || fail "an error in the game"
moves=$(answers | sed -n '2,129p' | grep -v '^= pass$' | sed 's/^= //' | tr -d '\n')
checks=$((checks + 1))
[[ ${#moves} -ge 100 && ${#moves} -le 120 ]] || fail "a game of ${#moves} characters of moves: $moves"
# The moves are legal by the move-list parser, and leave no move to make.
best_out=$("$GTS" reversi best --depth 1 "$moves" 2>&1)
checks=$((checks + 1))
[[ $? -eq 0 && $best_out == *"best --  score"* ]] || fail "gts reversi best on the game's moves: $best_out"
# The score from the final board: discs, the empty squares to the winner.
board=$(answers | awk '/^  a b c d e f g h$/ { n++ } n == 1 && /^[1-8] / { print }')
x=$(grep -o X <<<"$board" | wc -l)
o=$(grep -o O <<<"$board" | wc -l)
empty=$((64 - x - o))
if [ "$x" -gt "$o" ]; then want="B+$((x - o + empty))"; elif [ "$o" -gt "$x" ]; then want="W+$((o - x + empty))"; else want=0; fi
checks=$((checks + 1))
answers | grep -qx "= $want" || fail "final_score is not '$want' ($x X, $o O)"
checks=$((checks + 1))
answers | grep -q "nobody to move" || fail "the final board has a side to move"

run "gtp: help" "$GTS" reversi gtp --help
expect_rc 0
expect_contains out "usage: gts reversi gtp"
for bad in "--depth 0" "--depth x" "--endgame 61" "--threads 0" "--tt-mb 0" "--colour b" "extra"; do
    # shellcheck disable=SC2086
    run "gtp: bad option '$bad'" "$GTS" reversi gtp $bad
    expect_usage_error
done

finish
