#!/usr/bin/env bash
# bench/rv_ffo.sh (the FFO bench of issue 42) end to end on tiny inputs:
# each problem's row from gts's --log line (score, published score, time,
# nodes, principal variation), a wrong score marked, a problem stopped by
# --timeout recorded with its bounds, the same command again running
# nothing twice, the markdown tables; Edax's lines read as Edax 4.6 prints
# them (a stand-in printing such a line, its moves in both cases and "pa"
# for a pass: Edax itself is built outside the repository), one killed by
# the limit recorded so; the all-zero weights file's size and header; bad
# options refused before any run.  No timing is checked: a 1 s limit only
# stops a position of 32 empties, which takes minutes.
#
# usage: test_bench_rv_ffo.sh GTS_BINARY SOURCE_DIR
set -u
[ $# -eq 2 ] || { echo "usage: test_bench_rv_ffo.sh GTS_BINARY SOURCE_DIR" >&2; exit 2; }
. "$(dirname "$0")/cli_lib.sh" bench_rv_ffo
GTS=$(realpath "$1") SRC=$(realpath "$2")
FFO=$SRC/bench/rv_ffo.sh DATA=$TMP/othello

# Sets in the layout of ../shared/data/othello: #1-3 the first three FFO
# problems, #9-9 FFO #1 with a wrong score, #76-76 FFO #76 (32 empties).
mkdir -p "$DATA"
head -3 "$SRC/data/reversi/fforum-1-19.obf" >"$DATA/fforum-1-3.obf"
head -1 "$SRC/data/reversi/fforum-1-19.obf" | sed 's/G8:+18/G8:+20/' >"$DATA/fforum-9-9.obf"
echo "---O------OO-O-----OOOX-OOOOOOX--XXXXOXX--OOOOOO--OOO-------O--- X; A3:+32;" >"$DATA/fforum-76-76.obf"

# The Edax stand-in: FFO #1's line as Edax 4.6 printed it, or (SLEEP set)
# a wait past the limit.
cat >"$TMP/edax" <<'EOF'
#!/usr/bin/env bash
[ -n "${SLEEP:-}" ] && exec sleep "$SLEEP"
echo " # | depth|score|       time   |  nodes (N)  |   N/s    | principal variation"
echo "---+------+-----+--------------+-------------+----------+---------------------"
echo "  1|   14   +18        0:00.002         53952   26976000 g8 H7 a8 pa a4 A7 b6                 "
echo "---+------+-----+--------------+-------------+----------+---------------------"
EOF
chmod +x "$TMP/edax"

OUT=$TMP/results
ARGS=(--gts "$GTS" --edax "$TMP/edax" --data "$DATA" --out "$OUT")
CSV=$OUT/rv_ffo.csv

# expect_row PREFIX: one row of the CSV starts so.
expect_row() {
    checks=$((checks + 1))
    awk -v p="$1" 'index($0, p) == 1 { n++ } END { exit n != 1 }' "$CSV" || fail "no one row starting '$1' in $CSV"
}

run "rv_ffo.sh: #1-3 at 1 and 2 threads, #9-9" "$FFO" "${ARGS[@]}" --runs "1-3:1,2 9-9:1" --timeout 600
expect_rc 0
expect_row "gts,1,1-3,1,14,18,18,ok,"
expect_row "gts,2,1-3,3,14,2,2,ok,"
expect_contains out "| FFO #1-3 | gts | 1 | 3/3 | 0 | 0 |" "| FFO #1-3 | gts | 2 | 3/3 | 0 | 0 |" \
    "| FFO #1-3 | Edax, all-zero weights | 1 |" "| FFO #9-9 | gts | 1 | 1/1 | 1 | 0 |" \
    "WITHOUT its real weights" "| FFO # | empties | gts 1t | Edax (zero weights) 1t | gts 2t |"
checks=$((checks + 1))
grep -q '^gts,1,1-3,1,14,18,18,ok,[0-9.]*,13636,[0-9]*,g8 h7 a8 a6 a4 a7 b6 a2 h8 a3 a1 b1 h1 g2$' "$CSV" ||
    fail "FFO #1's row lacks its nodes or line: $(grep '^gts,1,1-3,1,' "$CSV")"
expect_row "gts,1,9-9,9,14,18,20,wrong,"
checks=$((checks + 1))
grep -q '^gts,1,9-9,9,.*,g8 h7 a8 a6 a4 a7 b6 a2 h8 a3 a1 b1 h1 g2$' "$CSV" || fail "the wrong row's line is not the line alone"
expect_row "edax-zero-weights,1,1-3,1,14,18,18,ok,0.002,53952,26976000,g8 h7 a8 ps a4 a7 b6"
expect_row "edax-zero-weights,1,9-9,9,14,18,20,wrong,"
checks=$((checks + 1))
[ "$(wc -l <"$CSV")" -eq 15 ] || fail "$(wc -l <"$CSV") lines in the CSV, expected 15 (a header, 3 * 2 * 2 + 2 rows)"
checks=$((checks + 1))
[ "$(stat -c %s "$OUT/edax-zero-eval.dat")" -eq 13952436 ] || fail "the all-zero weights file is not 13,952,436 bytes"
checks=$((checks + 1))
grep -q "principal variation" "$OUT/logs/gts-t2-1-3.log" 2>/dev/null ||
    fail "no log of gts at 2 threads on #1-3"

run "rv_ffo.sh: the same command again runs nothing" "$FFO" "${ARGS[@]}" --runs "1-3:1,2 9-9:1" --timeout 600
expect_rc 0
checks=$((checks + 1))
[ "$(wc -l <"$CSV")" -eq 15 ] || fail "a run again added rows: $(wc -l <"$CSV") lines"
expect_empty_stderr
checks=$((checks + 1))
[ "$(grep -c '^- command: ' "$OUT/header.md")" -eq 1 ] || fail "the same command's header written twice"

# The limit: gts's bounds at the SIGTERM, Edax's silence.
run "rv_ffo.sh: #76 with a 1 s limit" env SLEEP=60 "$FFO" "${ARGS[@]}" --runs "76-76:1" --timeout 1
expect_rc 0
expect_row "gts,1,76-76,76,32,,32,timeout,1,"
checks=$((checks + 1))
grep -q '^gts,1,76-76,.*,not finished in 1 s: interrupted: score in \[[-+][0-9]*; [-+][0-9]*\]$' "$CSV" ||
    fail "the stopped row lacks its bounds: $(grep '^gts,1,76-76' "$CSV")"
expect_row "edax-zero-weights,1,76-76,76,32,,32,timeout,1,,,not finished in 1 s"
expect_contains out "| FFO #76-76 | gts | 1 | 0/1 | 0 | 1 |" "| 76 | 32 | > 1 s | > 1 s |"

run "rv_ffo.sh --markdown" "$FFO" --markdown --out "$OUT"
expect_rc 0
expect_contains out "| FFO #1-3 | gts | 1 | 3/3 |" "| FFO #76-76 | gts | 1 | 0/1 | 0 | 1 |" "- command: "

run "rv_ffo.sh --write-zero-eval" "$FFO" --write-zero-eval "$TMP/zero.dat"
expect_rc 0
checks=$((checks + 1))
[ "$(head -c 20 "$TMP/zero.dat" | od -An -tx1 | tr -d ' \n')" = 584144454c415645040000000600000000000000 ] ||
    fail "the header is $(head -c 20 "$TMP/zero.dat" | od -An -tx1)"

for bad in "--timeout 0" "--runs 1-3" "--runs 1-3:0" "--engines egaroucid" "--runs 5-6:1"; do
    # shellcheck disable=SC2086
    run "rv_ffo.sh $bad" "$FFO" "${ARGS[@]}" --out "$TMP/bad" $bad
    expect_rc 2
    checks=$((checks + 1))
    [ ! -e "$TMP/bad" ] || fail "a bad option left $TMP/bad"
done

finish
