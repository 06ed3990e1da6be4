#!/usr/bin/env bash
# gts serve on a free local port: the API's answers against the command
# line's (gts c4 analyze), bad requests answered with a status and a
# one-line JSON error, no file outside the page's folder, the time bound,
# a fast request answered while a slow one runs, a search stopped when its
# client goes away, answers with their progress (progress=1), the port in
# use, a clean stop on SIGTERM, --book, a finished Connect 4 game, Othello's
# symmetric first moves, Gomoku's rules, --threads and the cache of
# answers.  Requests go over bash's /dev/tcp (no curl needed).  Skipped
# (77) where gts was built without libmicrohttpd.
#
# usage: test_serve.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_serve.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_serve.sh GTS_BINARY SOURCE_DIR}
. "$(dirname "$0")/cli_lib.sh" gts_serve

PID=
stop_server() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; PID=; }
trap 'stop_server; rm -rf "$TMP"' EXIT

# start_server ARGS...: gts serve on a free port; sets PID and PORT.  It
# says so in a few milliseconds; 300 s is a hang bound (a loaded machine
# under ThreadSanitizer took more than the 5 s once allowed).
start_server() {
    # The last server's address must not be read for this one's.
    rm -f "$TMP/server.out"
    "$GTS" serve --port 0 --www "$SRC/data/www" --tt-mb 4 "$@" >"$TMP/server.out" 2>"$TMP/server.err" &
    PID=$!
    for _ in $(seq 3000); do
        PORT=$(sed -n 's|^gts serve: listening on http://127.0.0.1:\([0-9]*\)/$|\1|p' "$TMP/server.out")
        [ -n "$PORT" ] && return 0
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    if grep -q "built without libmicrohttpd" "$TMP/server.err"; then
        echo "SKIP: $(cat "$TMP/server.err")"
        exit 77
    fi
    echo "FAILED: the server did not start: $(cat "$TMP/server.err")" >&2
    exit 1
}

# http METHOD PATH: the response into $TMP/resp, its status into status,
# its body into $TMP/out.
http() {
    desc="$1 $2"
    cmd=(http "$1" "$2")
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf '%s %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$1" "$2" >&3
    cat <&3 >"$TMP/resp"
    exec 3<&-
    status=$(head -1 "$TMP/resp" | cut -d' ' -f2)
    rc=$status
    sed '1,/^\r$/d' "$TMP/resp" >"$TMP/out"
    : >"$TMP/err"
}

expect_status() { checks=$((checks + 1)); [ "$status" = "$1" ] || fail "status $status, expected $1"; }
# expect_json_error STATUS PATTERN: the status and one line {"error":"...PATTERN..."}.
expect_json_error() {
    expect_status "$1"
    checks=$((checks + 1))
    [ "$(wc -l <"$TMP/out")" -eq 1 ] && grep -q "^{\"error\":\".*$2" "$TMP/out" || fail "expected one line {\"error\": ...$2}"
}

# The bound is far above what any request here takes, but the empty
# board's analysis (no book), which stays pending until the checks that
# need it.  No cache: the checks of progress below ask positions again.
start_server --max-seconds 30 --book none --cache 0

# An End-Easy position (five full columns): the API's scores are gts c4
# analyze's, null where it prints '.'.
POS=2252576253462244111563365343671351441
want=$("$GTS" c4 analyze "$POS" |
    awk '{ for (i = 2; i <= 8; i++) s = s (i > 2 ? "," : "") ($i == "." ? "null" : $i); print s }')
c4_want=$want
http GET "/api/c4?moves=$POS"
expect_status 200
expect_contains out "\"moves\":\"$POS\"" "\"scores\":[$want]" "null,null"
http GET "/api/c4?moves=44x"
expect_json_error 400 "moves '44x': move 3"
# A game over: no scores, the winner and the four's cells (first player's
# bottom row); a further move is refused.
http GET "/api/c4?moves=1122334"
expect_status 200
expect_contains out '"scores":[null,null,null,null,null,null,null]' '"over":true' '"winner":1' \
    '"line":[[1,0],[2,0],[3,0],[4,0]]'
http GET "/api/c4?moves=12123232"
expect_status 200
expect_contains out '"over":true' '"winner":2' '"line":[[2,0],[2,1],[2,2],[2,3]]'
http GET "/api/c4?moves=11223344"
expect_json_error 400 "already won"
http GET "/api/c4?moves=$POS"
expect_contains out '"over":false' '"winner":0' '"line":null' '"book":null'
http GET "/api/c4"
expect_json_error 400 "missing the argument moves"
http GET "/api/c4?moves=$(printf '1%.0s' {1..50})"
expect_json_error 400 "at most 42"
http GET "/api/chess"
expect_json_error 404 "no such API"
http POST "/api/c4?moves=4"
expect_json_error 405 "only GET"

# Othello: every legal move's value D plies past it, in discs; the best
# is the command line's alpha-beta score at depth D + 1 with the standard
# weights (in hundredths there).
want=$("$GTS" reversi best --depth 5 --wpc standard --algo alphabeta f5d6c3 |
    sed -n 's/^best \([a-h][1-8]\)  score \([-+0-9]*\) .*/\1 \2/p' | awk '{ print $1, $2 + 0 }')
http GET "/api/othello?moves=f5d6c3&depth=4"
expect_status 200
expect_contains out '"to_move":"white"' '"over":false' '"exact":false'
desc="othello: the best move's value"
checks=$((checks + 1))
got=$(grep -o '"move":"[a-h][1-8]","value":-*[0-9.]*' "$TMP/out" | sed 's/"move":"\(..\)","value":\(.*\)/\2 \1/' |
    sort -s -k1,1gr | head -1 | awk '{ printf "%s %d\n", $2, ($1 < 0 ? $1 * 100 - 0.5 : $1 * 100 + 0.5) }')
[ -n "$want" ] && [ "$got" = "$want" ] || fail "best '$got', the command line's '$want'"
# The four first moves are one move under the board's symmetries: equal
# values at every depth (the CTDL weights gave +0.04 +0.04 -0.25 -0.25),
# and depth 1 and 2 differ (they once searched alike).
for d in 1 2 3; do
    http GET "/api/othello?moves=&depth=$d"
    expect_status 200
    desc="othello: the symmetric first moves at depth $d"
    checks=$((checks + 1))
    grep -o '"value":[-0-9.]*' "$TMP/out" | sort -u >"$TMP/first.$d"
    [ "$(grep -o '"move"' "$TMP/out" | wc -l)" -eq 4 ] && [ "$(wc -l <"$TMP/first.$d")" -eq 1 ] ||
        fail "not one value for the four first moves: $(tr '\n' ' ' <"$TMP/first.$d")"
done
desc="othello: depth 1 and 2"
checks=$((checks + 1))
! cmp -s "$TMP/first.1" "$TMP/first.2" || fail "the same values at depth 1 and 2"
# A game played to 21 empties (each side its first legal move; a side
# without one passes by itself): every move's value is then exact.
game=""
for _ in $(seq 39); do
    http GET "/api/othello?moves=$game&depth=1"
    move=$(grep -o '"move":"[a-h][1-8]"' "$TMP/out" | head -1 | cut -d'"' -f4)
    game="$game$move"
done
http GET "/api/othello?moves=$game&depth=2"
expect_status 200
expect_contains out '"exact":true'
checks=$((checks + 1))
! grep -q '"exact":false' "$TMP/out" || fail "a move at 20 empties or fewer is not exact"
http GET "/api/othello?moves=f5zz"
expect_json_error 400 "moves 'f5zz': move 2"
http GET "/api/othello?depth=99"
expect_json_error 400 "depth '99': 1..12"
http GET "/api/othello?exact=21"
expect_json_error 400 "exact '21': 0..20"
# exact=E: exact values from E empties; a game's end within the search is
# exact at any E (here the 21-empty game's values at E 0 are not all exact).
http GET "/api/othello?moves=$game&depth=2&exact=0"
expect_status 200
expect_contains out '"exact":false'

# Gomoku: the engine completes its four; a five on the board is shown.
http GET "/api/gomoku?moves=h8a1h9a2h10a3h11a4&ms=100"
expect_status 200
expect_contains out '"move":"h12"' '"winner":"black"' '"five":["h12","h11","h10","h9","h8"]'
http GET "/api/gomoku?moves=h8i9&ms=100"
expect_status 200
expect_contains out '"winner":null' '"five":[]'
# The rules: renju's and caro's answers say so; an unknown rule is refused.
http GET "/api/gomoku?moves=h8i9&ms=100&rule=renju"
expect_status 200
expect_contains out '"rule":"renju"' '"winner":null'
# Caro: white's stones at both ends of black's h8..l8 (g8, m8): no win.
http GET "/api/gomoku?moves=h8g8i8a1j8a3k8m8l8&ms=100&rule=caro"
expect_status 200
expect_contains out '"rule":"caro"' '"winner":null'
http GET "/api/gomoku?moves=h8g8i8a1j8a3k8m8l8&ms=100&rule=standard"
expect_status 200
expect_contains out '"winner":"black"'
http GET "/api/gomoku?rule=caro5"
expect_json_error 400 "rule 'caro5': freestyle, standard, renju, caro or caro-exact"
http GET "/api/gomoku?size=99"
expect_json_error 400 "size '99': 5..32"
http GET "/api/gomoku?moves=h8h8"
expect_json_error 400 "moves 'h8h8'"

# With progress=1 the answer comes as lines of JSON: progress, then the
# answer itself, the same as without progress (but its time).
http GET "/api/c4?moves=$POS"
plain=$(sed 's/,"ms":[0-9.]*//' "$TMP/out")
http GET "/api/c4?moves=$POS&progress=1"
expect_status 200
expect_contains resp "Content-Type: application/x-ndjson"
desc="c4 with progress: the last line is the answer"
checks=$((checks + 1))
[ "$(tail -1 "$TMP/out" | sed 's/,"ms":[0-9.]*//')" = "$plain" ] || fail "last line '$(tail -1 "$TMP/out")', without progress '$plain'"
desc="c4 with progress: a line per column as it is solved"
checks=$((checks + 1))
cols=$(grep -o '^{"col":[0-9],"score":-*[0-9]*}$' "$TMP/out" | sed 's/{"col":\([0-9]\),"score":\(.*\)}/\1 \2/' |
    awk '{ s[$1] = $2 } END { for (c = 1; c <= 7; c++) printf "%s%s", (c > 1 ? "," : ""), (c in s ? s[c] : "null") }')
[ "$cols" = "$c4_want" ] || fail "columns '$cols', gts c4 analyze's '$c4_want'"
http GET "/api/othello?moves=f5d6c3&depth=4&progress=1"
expect_status 200
desc="othello with progress: a line per legal move, then the board"
checks=$((checks + 1))
legal=$(tail -1 "$TMP/out" | grep -o '"move":' | wc -l)
[ "$legal" -ge 1 ] && [ "$(grep -c '^{"move":"[a-h][1-8]","value":-*[0-9.]*,"exact":false}$' "$TMP/out")" -eq "$legal" ] &&
    tail -1 "$TMP/out" | grep -q '^{"board":' || fail "expected a line per legal move ($legal) and the board last"
http GET "/api/gomoku?moves=h8i9&ms=100&progress=1"
expect_status 200
expect_contains out '{"depth":1,"move":"'
desc="gomoku with progress: the move last"
checks=$((checks + 1))
tail -1 "$TMP/out" | grep -q '^{"size":15,"move":"' || fail "the last line is not the answer"
http GET "/api/c4?moves=44&progress=2"
expect_json_error 400 "progress '2': 1"
http GET "/api/c4?moves=4x&progress=1"
expect_json_error 400 "moves '4x': move 2"

# The page, and nothing outside its folder.
http GET "/"
expect_status 200
expect_contains out "<title>gts: play and analyse</title>"
for page in c4 othello gomoku; do
    http GET "/$page.html"
    expect_status 200
    http GET "/$page.js"
    expect_status 200
done
for path in /../CMakeLists.txt /%2e%2e/CMakeLists.txt /..%2fCMakeLists.txt /data/www/index.html /index.html.bak \
    /.hidden.html //etc/passwd; do
    http GET "$path"
    expect_json_error 404 "no such page"
done

# A fast request answered while a slow one (the empty board, streamed)
# runs: once the slow one has sent its first progress line, the fast one
# is answered and the slow one still searches.
desc="a slow request and a fast one"
exec 4<>"/dev/tcp/127.0.0.1/$PORT"
printf 'GET /api/c4?moves=&progress=1 HTTP/1.0\r\nHost: localhost\r\n\r\n' >&4
line=
while read -r -t 30 -u 4 line && [ "${line#\{}" = "$line" ]; do :; done
http GET "/api/c4?moves=$POS"
expect_status 200

# expect_no_search: /api/status counts no search within 10 s.
expect_no_search() {
    for _ in $(seq 100); do
        http GET "/api/status"
        grep -q '{"searches":0,' "$TMP/out" && break
        sleep 0.1
    done
    expect_contains out '{"searches":0,'
}

# The client of the slow request goes away (as a page's new request
# closes the one it replaces): its search stops long before its bound
# (the next line written to it fails).
http GET "/api/status"
expect_status 200
expect_contains out '{"searches":1,"running":1,"waiting":0}'
exec 4<&-
desc="a search whose client went away"
expect_no_search
# The same with progress: the page's Cancel closes a streamed answer.
exec 4<>"/dev/tcp/127.0.0.1/$PORT"
printf 'GET /api/c4?moves=&progress=1 HTTP/1.0\r\nHost: localhost\r\n\r\n' >&4
desc="a streamed search whose client went away"
checks=$((checks + 1))
line=
while read -r -t 30 -u 4 line && [ "${line#\{}" = "$line" ]; do :; done
[ "${line#\{\"col\":1,\"min\":}" != "$line" ] || fail "no progress line before the client went away: '$line'"
exec 4<&-
expect_no_search
exec 4<>"/dev/tcp/127.0.0.1/$PORT"
printf 'GET /api/c4?moves=&progress=1 HTTP/1.0\r\nHost: localhost\r\n\r\n' >&4

# The port in use: a one-line error, exit 1.
run "port in use" "$GTS" serve --port "$PORT" --www "$SRC/data/www"
expect_rc 1
expect_one_line_error "cannot listen on 127.0.0.1:$PORT"
run "bad address" "$GTS" serve --bind 300.1.2.3 --port 0
expect_rc 1
expect_one_line_error "--bind 300.1.2.3: not an IPv4 address"
run "bad port" "$GTS" serve --port 70000
expect_usage_error "--port"

# SIGTERM while the slow search runs (its answer streamed): the server stops well before the
# search's 30 s bound (it stops every search), exit 0.
desc="SIGTERM"
kill -TERM "$PID"
for _ in $(seq 100); do
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
done
checks=$((checks + 1))
if kill -0 "$PID" 2>/dev/null; then
    fail "still running 10 s after SIGTERM"
else
    wait "$PID"
    rc=$?
    checks=$((checks + 1))
    [ "$rc" -eq 0 ] || fail "exit status $rc after SIGTERM"
fi
PID=
exec 4<&-

# The time bound: 503 and a one-line error once the search passes it.
start_server --max-seconds 1 --book none
http GET "/api/c4?moves="
expect_json_error 503 "was stopped (its bound is 1 s"
stop_server

# --book: a 7x6 book (partial: its build interrupted after 2 s of CPU
# time, not of a clock, which under ThreadSanitizer on a loaded machine
# came before a position was written) changes no answer; a missing book,
# or one of another size, is refused at start.
run_interrupted "a partial book" cpu:2 "$GTS" c4 book --depth 8 -o "$TMP/c4.book"
expect_rc 130
start_server --max-seconds 30 --book none
for pos in 5554224333234511764415115 52753311433677442422121 $POS; do
    http GET "/api/c4?moves=$pos"
    grep -o '"scores":\[[-0-9,null]*\]' "$TMP/out" >"$TMP/scores.$pos"
done
stop_server
start_server --max-seconds 30 --book "$TMP/c4.book"
for pos in 5554224333234511764415115 52753311433677442422121 $POS; do
    http GET "/api/c4?moves=$pos"
    expect_status 200
    expect_contains out "$(cat "$TMP/scores.$pos")"
done
stop_server
# The bundled book (the default): the empty board's scores at once, the
# published ones (the first player wins by playing the centre column).
start_server --max-seconds 5
http GET "/api/c4?moves="
expect_status 200
expect_contains out '"scores":[-2,-1,0,1,0,-1,-2]' "\"book\":{\"file\":\"$("$GTS" serve --help |
    sed -n 's|.*bundled c4/\([^:]*\.book\).*|\1|p')\",\"depth\":"
stop_server
# --threads and the cache: the same answers with several threads, and a
# position asked again answered from the cache byte for byte.
start_server --max-seconds 30 --book none --threads 2
http GET "/api/c4?moves=$POS"
expect_status 200
expect_contains out "\"scores\":[$c4_want]"
cp "$TMP/out" "$TMP/first"
http GET "/api/c4?moves=$POS"
checks=$((checks + 1))
cmp -s "$TMP/first" "$TMP/out" || fail "a position asked again answered otherwise"
stop_server
# A kept answer needs no place among the searches: with one place, taken
# by the empty board's search (streamed, past its first line), and one
# waiting (a position not kept, which waits, as the queue allows), the
# kept one is still answered, with progress asked or not.
start_server --max-seconds 60 --book none --searches 1
http GET "/api/c4?moves=$POS"
cp "$TMP/out" "$TMP/first"
exec 4<>"/dev/tcp/127.0.0.1/$PORT"
printf 'GET /api/c4?moves=&progress=1 HTTP/1.0\r\nHost: localhost\r\n\r\n' >&4
while read -r -t 30 -u 4 line && [ "${line#\{}" = "$line" ]; do :; done
exec 5<>"/dev/tcp/127.0.0.1/$PORT"
printf 'GET /api/c4?moves=4&progress=1 HTTP/1.0\r\nHost: localhost\r\n\r\n' >&5
while read -r -t 30 -u 5 line && [ "${line#\{\"queued}" = "$line" ]; do :; done
for progress in 0 1; do
    http GET "/api/c4?moves=$POS&progress=$progress"
    expect_status 200
    checks=$((checks + 1))
    cmp -s "$TMP/first" "$TMP/out" || fail "a kept answer while the searches are taken: $(cat "$TMP/out")"
done
exec 4<&- 5<&-
stop_server
run "bad --threads" "$GTS" serve --port 0 --threads 0
expect_usage_error "--threads"
run "missing book" "$GTS" serve --port 0 --book "$TMP/no-such-book"
expect_usage_error "--book $TMP/no-such-book: cannot open book"
"$GTS" c4 book --width 4 --height 4 --depth 2 -o "$TMP/4x4.book" >/dev/null 2>&1
run "book of another size" "$GTS" serve --port 0 --book "$TMP/4x4.book"
expect_usage_error "is for 4x4, not 7x6"

finish
