#!/usr/bin/env bash
# gts c4 book's file (issue 38, #17 and #21).  A build over a complete
# book, stopped by SIGINT or SIGTERM, leaves it byte for byte and no
# temporary file; SIGKILL leaves at most one of a unique name; a user's
# FILE.tmp is never touched; a book whose scores no position can have is
# refused with one line naming the file and the entry.
#
# Each signal is sent once a file beside the book has come or changed (the
# build opens its temporary file after its handlers are in place and
# before it solves; the gts of the issue truncated FILE.tmp): a sign that
# the work began, not a fixed wait.  A 7x6 book of depth 4 takes
# minutes on the CPU (the bundled one took `--threads 16`), so it is still
# running when the signal comes.
#
# usage: test_c4_book_cli.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_c4_book_cli.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_c4_book_cli.sh GTS_BINARY SOURCE_DIR}
BOOK=$SRC/data/c4/7x6-depth5.book

. "$(dirname "$0")/cli_lib.sh" gts_c4_book_cli

# temps FILE: the names of the temporary files beside FILE.
temps() {
    compgen -G "$1.??????"
}

# beside FILE: the files FILE.* with their sizes and times.
beside() {
    ls -l --time-style=full-iso "$1".* 2>/dev/null
}

# signalled DESCRIPTION SIGNAL FILE COMMAND...: as run, the command sent
# SIGNAL once the files beside FILE have changed.
signalled() {
    desc=$1
    local sig=$2 file=$3
    shift 3
    cmd=("$@")
    local before
    before=$(beside "$file")
    "$@" </dev/null >"$TMP/out" 2>"$TMP/err" &
    local pid=$!
    while kill -0 "$pid" 2>/dev/null && [ "$(beside "$file")" = "$before" ]; do
        sleep 0.05
    done
    checks=$((checks + 1))
    kill "-$sig" "$pid" 2>/dev/null || fail "the command ended before a file beside $file came"
    wait "$pid"
    rc=$?
    echo "$desc"
}

# unchanged FILE: FILE is the bundled book, byte for byte.
unchanged() {
    checks=$((checks + 1))
    cmp -s "$BOOK" "$1" || fail "$1 is not the book it was"
}

cp "$BOOK" "$TMP/good.book"
for sig in INT TERM; do
    signalled "SIG$sig to a build over a complete book" "$sig" "$TMP/good.book" \
        "$GTS" c4 book --depth 4 -o "$TMP/good.book"
    expect_rc 130
    expect_one_line_error "interrupted after" "$TMP/good.book left as it was"
    unchanged "$TMP/good.book"
    checks=$((checks + 1))
    [ -z "$(temps "$TMP/good.book")" ] || fail "a temporary file left: $(temps "$TMP/good.book")"
done

echo "the user's own file" >"$TMP/good.book.tmp"
signalled "SIGKILL to a build over a complete book" KILL "$TMP/good.book" "$GTS" c4 book --depth 4 -o "$TMP/good.book"
expect_rc 137
unchanged "$TMP/good.book"
checks=$((checks + 1))
[ "$(temps "$TMP/good.book" | wc -l)" -eq 1 ] || fail "not one temporary file of a unique name: $(temps "$TMP/good.book")"
rm -f "$(temps "$TMP/good.book")"
checks=$((checks + 1))
[ "$(cat "$TMP/good.book.tmp")" = "the user's own file" ] || fail "the user's good.book.tmp was changed"

echo "the user's own file" >"$TMP/small.book.tmp"
run "a small book beside a user's FILE.tmp" "$GTS" c4 book --width 4 --height 4 --depth 3 -o "$TMP/small.book"
expect_rc 0
expect_contains err "wrote "
checks=$((checks + 1))
[ "$(cat "$TMP/small.book.tmp")" = "the user's own file" ] || fail "the user's small.book.tmp was changed"
checks=$((checks + 1))
[ -z "$(temps "$TMP/small.book")" ] || fail "a temporary file left: $(temps "$TMP/small.book")"
checks=$((checks + 1))
[ "$(stat -c %a "$TMP/small.book")" = "$(printf '%o' $((0666 & ~$(umask))))" ] ||
    fail "the book's mode is $(stat -c %a "$TMP/small.book"), not 0666 less the umask"

run "a book into a folder that is not there" "$GTS" c4 book --width 4 --height 4 --depth 3 -o "$TMP/no/such.book"
expect_rc 1
expect_empty_stdout
expect_one_line_error "cannot write $TMP/no/such.book"

# Every score byte of the bundled book set to 100 (offset 28 + 8 * count),
# as the issue did: 4453 then scored 100.
count=$(od -An -tu8 -j20 -N8 "$BOOK" | tr -d ' ')
cp "$BOOK" "$TMP/bad.book"
head -c "$count" /dev/zero | tr '\0' 'd' |
    dd of="$TMP/bad.book" bs=1 seek=$((28 + 8 * count)) conv=notrunc status=none
run "a book scoring 100" --stdin <(echo 4453) "$GTS" c4 solve --book "$TMP/bad.book"
expect_usage_error "book $TMP/bad.book: entry 0 scores 100, impossible after 0 moves on 7x6"
# One score just past what its position can have: the last entry (5 moves
# in, the book's depth) scores at most (42 - 1 - 5) / 2 = 18.
cp "$BOOK" "$TMP/bad.book"
printf '\023' | dd of="$TMP/bad.book" bs=1 seek=$((28 + 9 * count - 1)) conv=notrunc status=none
run "a book scoring 19 at depth 5" --stdin <(echo 4453) "$GTS" c4 solve --book "$TMP/bad.book"
expect_usage_error "entry $((count - 1)) scores 19, impossible after"
run "the bundled book" --stdin <(echo 4453) "$GTS" c4 solve --book "$BOOK"
expect_rc 0
expect_contains out "4453 -2"

finish
