#!/usr/bin/env bash
# bench/hybrid.sh (CPU alone against CPU + GPU, issue 40) end to end on
# tiny inputs, the GPU side on the CPU executor: every part's rows (each
# input solved whole by both runs, answers equal), a part run again
# replacing its rows, --only, folders filled apart copied into one, the
# table and its CSV; then a gts that answers one line wrongly, or drops
# one, with --gpu: the part must fail and name the input.  No timing is
# checked: the seconds are only carried.
#
# usage: test_bench_hybrid.sh GTS_BINARY SOURCE_DIR
#   (rv_make_positions beside GTS_BINARY, as the build puts it)
set -u

GTS=$(realpath "${1:?usage: test_bench_hybrid.sh GTS_BINARY SOURCE_DIR}")
SRC=$(realpath "${2:?usage: test_bench_hybrid.sh GTS_BINARY SOURCE_DIR}")
HYBRID=$SRC/bench/hybrid.sh

. "$(dirname "$0")/cli_lib.sh" bench_hybrid

# Tiny inputs in the layout of ../shared/data: two lines a Connect 4 set
# (Begin-Hard's bundled lines take seconds each in the kernel code on one
# core, so its place holds Middle-Medium's), the mixed set's lines at 17
# and 18 stones, and the FFO files' place three positions at 14 empties
# with their known scores.
DATA=$TMP/data
mkdir -p "$DATA/connect4" "$DATA/othello"
for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2; do
    head -n 2 "$SRC/data/c4/$set" > "$DATA/connect4/$set"
done
cp "$DATA/connect4/Test_L2_R2" "$DATA/connect4/Test_L1_R3"
sed -n 12,13p "$SRC/bench/c4_mixed400.txt" > "$TMP/mixed"
for ffo in 1-19 20-39 40-59; do
    cp "$SRC/data/reversi/ffo-sample.obf" "$DATA/othello/fforum-$ffo.obf"
done
OUT=$TMP/results
ARGS=(--quick --executor cpu --threads 2 --data "$DATA" --mixed "$TMP/mixed" --count 200)

# row NAME: NAME's row of the results-PART.csv files in OUT.
row() { cat "$OUT"/results-*.csv | grep "^[^,]*,$1,"; }
# expect_row NAME POSITIONS: one row, both runs solved every position, a
# ratio, the answers equal.
expect_row() {
    checks=$((checks + 1))
    [ "$(row "$1" | wc -l)" -eq 1 ] &&
        row "$1" | awk -F, -v n="$2" '$3 == n && $7 == n && $8 == n && $6 > 0 && $9 > 0 && $10 > 0 && $11 == "equal" { ok = 1 } END { exit !ok }' ||
        fail "results-*.csv's row of $1: '$(row "$1")' (expected $2 positions, all solved by both, answers equal)"
}

run "part c4" "$HYBRID" --part c4 --gts "$GTS" --out "$OUT" "${ARGS[@]}"
expect_rc 0
for name in c4-end-easy c4-middle-easy c4-middle-medium c4-begin-easy c4-begin-medium c4-mixed; do
    expect_row "$name" 2
    check "$name's CPU + GPU summary kept" test -s "$OUT/$name.gpu.summary"
done
expect_contains out "c4-mixed: 2 positions"

run "part c4-hard" "$HYBRID" --part c4-hard --gts "$GTS" --out "$OUT" "${ARGS[@]}"
expect_rc 0
expect_row c4-begin-hard 2
expect_contains err "the empty board left out"

run "part rv" "$HYBRID" --part rv --gts "$GTS" --out "$OUT" "${ARGS[@]}"
expect_rc 0
expect_row ffo-1-19 3
expect_row ffo-20-39 3
expect_row rv-12-empties 200

# FFO #40-59 into a folder of its own (as on a machine of its own), then
# copied beside the others.
run "part ffo" "$HYBRID" --part ffo --gts "$GTS" --out "$TMP/other" "${ARGS[@]}"
expect_rc 0
run "part ffo again: its row replaced" "$HYBRID" --part ffo --gts "$GTS" --out "$TMP/other" "${ARGS[@]}"
expect_rc 0
cp "$TMP/other"/* "$OUT"/
expect_row ffo-40-59 3
check "runs-PART.txt: a line a part run" test "$(cat "$OUT"/runs-*.txt | wc -l)" -eq 5
check "runs-ffo.txt names the command, commit, host and date" \
    grep -q '^part ffo: `bench/hybrid.sh --part ffo .*` · commit .* · host: .* cpus, GPU: .* · 20' "$OUT/runs-ffo.txt"

run "part table" "$HYBRID" --part table --gts "$GTS" --out "$OUT"
expect_rc 0
expect_contains out "| input | positions | CPU alone s | CPU + GPU s |" "| c4-mixed | 2 |" "| rv-12-empties | 200 |" \
    "- c4-end-easy: gts: 2 positions"
check "the table: a row an input, in the parts' order" \
    test "$(grep '^| [a-z]' "$TMP/out" | cut -d' ' -f2 | paste -sd' ')" = \
    "input c4-end-easy c4-middle-easy c4-middle-medium c4-begin-easy c4-begin-medium c4-mixed c4-begin-hard ffo-1-19 ffo-20-39 ffo-40-59 rv-12-empties"
check "table.md is what was printed" cmp -s "$OUT/table.md" "$TMP/out"
check "table.csv: the header and 11 rows" test "$(wc -l < "$OUT/table.csv")" -eq 12
check "plot.csv: two runs an input" test "$(grep -c ',CPU + GPU,' "$OUT/plot.csv")" -eq 11
if command -v gnuplot >/dev/null; then
    check "the picture drawn" grep -q '<svg' "$OUT/hybrid.svg"
    expect_contains out "](hybrid.svg)"
fi

# A gts whose --gpu runs answer their first line wrongly (Connect 4: the
# score one more; Reversi: +99), or print only it.
fake() {  # fake NAME AWK_PROGRAM: $TMP/NAME/gts
    mkdir -p "$TMP/$1"
    ln -sf "$(dirname "$GTS")/rv_make_positions" "$TMP/$1/rv_make_positions"
    cat > "$TMP/$1/gts" <<EOF
#!/usr/bin/env bash
case " \$* " in
  *" --gpu "*) "$GTS" "\$@" | awk '$2'; exit "\${PIPESTATUS[0]}" ;;
esac
exec "$GTS" "\$@"
EOF
    chmod +x "$TMP/$1/gts"
}
fake wrong 'NR == 1 && NF == 4 { $2 = $2 + 1 } / empties / && !done { $6 = "+99"; done = 1 } { print }'
fake short 'NR == 1 || /^#/ { print }'

run "c4 with a wrong GPU answer" "$HYBRID" --part c4 --gts "$TMP/wrong/gts" --out "$TMP/wrong/out" "${ARGS[@]}"
expect_rc 1
expect_contains err "FAILED c4-end-easy: answers 1 differ" "FAILED c4-mixed: answers 1 differ"
check "the row says so" grep -q '^c4,c4-end-easy,2,.*,1 differ,' "$TMP/wrong/out/results-c4.csv"
run "ffo with a wrong GPU answer" "$HYBRID" --part ffo --gts "$TMP/wrong/gts" --out "$TMP/wrong/out" "${ARGS[@]}"
expect_rc 1
expect_contains err "FAILED ffo-40-59: answers 1 differ"
run "c4 with a GPU line missing" "$HYBRID" --part c4 --gts "$TMP/short/gts" --out "$TMP/short/out" "${ARGS[@]}"
expect_rc 1
expect_contains err "FAILED c4-end-easy: answers equal; solved 2 and 1 of 2"
check "no ratio for an input not solved whole" grep -q '^c4,c4-end-easy,2,[0-9.]*,[0-9.]*,,2,1,' "$TMP/short/out/results-c4.csv"
run "ffo with a GPU line missing" "$HYBRID" --part ffo --gts "$TMP/short/gts" --out "$TMP/short/out" "${ARGS[@]}"
expect_rc 1
expect_contains err "FAILED ffo-40-59: answers equal; solved 3 and 1 of 3"

run "--only: one input of the part" "$HYBRID" --part c4 --only "c4-middle-easy" --gts "$GTS" --out "$TMP/only" "${ARGS[@]}"
expect_rc 0
check "--only: its row alone" test "$(tail -n +2 "$TMP/only/results-c4.csv" | cut -d, -f2)" = c4-middle-easy

run "no part" "$HYBRID" --gts "$GTS"
expect_rc 2
expect_contains err "usage: bench/hybrid.sh --part"
run "an unknown option" "$HYBRID" --part c4 --fast
expect_rc 2
expect_contains err "unknown option --fast"
run "table before any part" "$HYBRID" --part table --gts "$GTS" --out "$TMP/empty"
expect_rc 1
expect_contains err "run the parts first"

finish
