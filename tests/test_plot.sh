#!/usr/bin/env bash
# Pictures: each bench's --plot on a small run (a non-empty SVG with the
# series it measured, the table still printed), a bench's picture equal to
# `gts plot` on its --csv, every `gts plot` command under a picture of
# BENCHMARKS.md redrawing the committed SVG, PNG, and the errors: a bad
# extension and no gnuplot before any work, gnuplot failing after the
# table was printed, bad `gts plot` input.  Skipped (77) without gnuplot.
#
# usage: test_plot.sh GTS_BINARY SOURCE_DIR
set -u

GTS=$(realpath "${1:?usage: test_plot.sh GTS_BINARY SOURCE_DIR}")
SRC=$(realpath "${2:?usage: test_plot.sh GTS_BINARY SOURCE_DIR}")
POSITIONS=$SRC/data/gomoku/positions19.txt

if ! command -v gnuplot >/dev/null; then
    echo "test_plot: gnuplot is not installed (apt-get install gnuplot-nox): skipped"
    exit 77
fi

. "$(dirname "$0")/cli_lib.sh" gts_plot

# expect_svg FILE SERIES...: FILE is a non-empty SVG whose text holds each
# series name (gnuplot writes a key entry as <text>NAME</text>).
expect_svg() {
    local file=$1 name
    shift
    checks=$((checks + 1))
    [ -s "$file" ] && grep -q '<svg' "$file" || { fail "$file is not a non-empty SVG"; return; }
    for name in "$@"; do
        checks=$((checks + 1))
        grep -qF "<text>$name</text>" "$file" || fail "$file has no series '$name'"
    done
}

# --- each bench's --plot ---
run "c4 bench: threads, speed-up curves" "$GTS" c4 bench --threads 1,2 --limit 3 end-easy middle-easy \
    --plot "$TMP/c4_threads.svg"
expect_rc 0
expect_contains out "end-easy" "middle-easy"
expect_svg "$TMP/c4_threads.svg" "end-easy solver" "middle-easy solver" "ideal"

run "c4 bench: one thread count, bars" "$GTS" c4 bench --algo alphabeta,solver --limit 3 end-easy \
    --plot "$TMP/c4_bars.svg"
expect_rc 0
expect_svg "$TMP/c4_bars.svg" "alphabeta" "solver"

run "gomoku bench table --gpu: speed-ups over naive" "$GTS" gomoku bench table --gpu --executor cpu --threads 2 \
    --sizes 6,9 --depths 1 --plot "$TMP/gomoku_gpu.svg"
expect_rc 0
expect_contains out "gpu naive: seconds"
expect_svg "$TMP/gomoku_gpu.svg" "gpu naive" "gpu pvs" "gpu dynamic" "alphabeta x2"

run "gomoku bench table: seconds" "$GTS" gomoku bench table --algo pvs,alphabeta --sizes 6,9 --depths 1-2 \
    --plot "$TMP/gomoku_cpu.svg"
expect_rc 0
expect_svg "$TMP/gomoku_cpu.svg" "pvs" "alphabeta"

run "gomoku bench positions: speed-up of the total" "$GTS" gomoku bench positions "$POSITIONS" --size 19 \
    --depth 2 --threads 1,2 --limit 3 --plot "$TMP/gomoku_positions.svg"
expect_rc 0
expect_contains out "# 3 positions"
expect_svg "$TMP/gomoku_positions.svg" "shared" "ideal"

run "reversi bench table: Figure 4" "$GTS" reversi bench table --sizes 8x8,16x8 --depths 1-2 \
    --player2 pvs:threads=2 --plot "$TMP/reversi.svg"
expect_rc 0
expect_contains out "Table 2"
expect_svg "$TMP/reversi.svg" "8x8" "16x8"

run "rv_threads.sh --plot" "$SRC/bench/rv_threads.sh" --gts "$GTS" --threads "1 2" --designs ybwc --positions none \
    --endgame "$SRC/data/reversi/ffo-sample.obf" --plot "$TMP/rv_threads.svg"
expect_rc 0
expect_contains out "| endgame ffo-sample.obf | solve | 2 |"
expect_svg "$TMP/rv_threads.svg" "solve" "ideal"

run "a PNG by the extension" "$GTS" c4 bench --limit 2 end-easy --plot "$TMP/c4.png"
expect_rc 0
checks=$((checks + 1))
[ "$(head -c 4 "$TMP/c4.png" | tail -c 3)" = PNG ] || fail "$TMP/c4.png is not a PNG"

# --- the same drawing from the bench's --csv ---
run "c4 bench --csv --plot" "$GTS" c4 bench --threads 1,2 --limit 3 end-easy --csv --plot "$TMP/bench.svg"
expect_rc 0
cp "$TMP/out" "$TMP/bench.csv"
run "gts plot on that --csv" "$GTS" plot "$TMP/bench.csv" -o "$TMP/redrawn.svg" --x threads --y AT_us \
    --series set,algo --style threads --speedup-over first --title "Connect 4: speed-up over the fewest threads" \
    --ylabel "speed-up (mean time per position)"
expect_rc 0
expect_empty_stdout
checks=$((checks + 1))
cmp -s "$TMP/bench.svg" "$TMP/redrawn.svg" || fail "the bench's picture differs from gts plot's on its --csv"

run "reversi bench table --csv --plot" "$GTS" reversi bench table --sizes 8x8 --depths 1-2 --csv \
    --plot "$TMP/figure4.svg"
expect_rc 0
cp "$TMP/out" "$TMP/figure4.csv"
run "gts plot on that --csv (stdin)" --stdin "$TMP/figure4.csv" "$GTS" plot - -o "$TMP/figure4_redrawn.svg" \
    --x depth --y factor --series board --logy --hline 1 \
    --title "Reversi: time of player 1 / time of player 2 (the report's Figure 4)" --xlabel "search depth" \
    --ylabel "factor (log scale)"
expect_rc 0
checks=$((checks + 1))
cmp -s "$TMP/figure4.svg" "$TMP/figure4_redrawn.svg" || fail "the bench's Figure 4 differs from gts plot's"

# --- BENCHMARKS.md: each command under a picture draws the committed SVG ---
ndrawn=0
while IFS= read -r command; do
    svg=$(sed -n 's/.* -o \(docs\/benchmarks\/[^ ]*\.svg\) .*/\1/p' <<<"$command")
    # The command's words as the shell reads its quotes, the picture drawn
    # into $TMP.
    eval "words=(${command/-o $svg /-o \"\$TMP/redrawn.svg\" })"
    (cd "$SRC" && "$GTS" "${words[@]:1}") >"$TMP/out" 2>"$TMP/err"
    rc=$? desc="BENCHMARKS.md: $svg" cmd=("${words[@]}")
    expect_rc 0
    expect_svg "$TMP/redrawn.svg"
    checks=$((checks + 1))
    diff <(grep -o '<text>[^<]*</text>' "$SRC/$svg") <(grep -o '<text>[^<]*</text>' "$TMP/redrawn.svg") >/dev/null ||
        fail "$svg: the committed picture's text differs from the command's (redraw it)"
    ndrawn=$((ndrawn + 1))
done < <(grep '^gts plot ' "$SRC/BENCHMARKS.md")
checks=$((checks + 1))
[ "$ndrawn" -ge 8 ] || { desc="BENCHMARKS.md" rc=0 cmd=(); fail "only $ndrawn gts plot commands under its pictures"; }

# --- errors before any work: nothing printed but the error ---
mkdir -p "$TMP/nognuplot"
# What rv_threads.sh runs before its check of --plot.
ln -s "$(command -v bash)" "$TMP/nognuplot/bash"
ln -s "$(command -v dirname)" "$TMP/nognuplot/dirname"
for bench in "c4 bench --limit 1 end-easy" "gomoku bench table --sizes 6 --depths 1" \
    "gomoku bench positions $POSITIONS --limit 1" "reversi bench table --sizes 8x8 --depths 1"; do
    read -r -a args <<<"$bench"
    run "$bench --plot x.pdf" "$GTS" "${args[@]}" --plot "$TMP/x.pdf"
    expect_usage_error "bad --plot" "FILE.svg or FILE.png"
    run "$bench --plot without gnuplot" env PATH="$TMP/nognuplot" "$GTS" "${args[@]}" --plot "$TMP/x.svg"
    expect_rc 1
    expect_empty_stdout
    expect_one_line_error "--plot needs gnuplot" "apt-get install gnuplot-nox"
done
run "gts plot without gnuplot" env PATH="$TMP/nognuplot" "$GTS" plot "$TMP/bench.csv" -o "$TMP/x.svg" \
    --x threads --y AT_us
expect_rc 1
expect_one_line_error "needs gnuplot"
run "rv_threads.sh without gnuplot" env PATH="$TMP/nognuplot" "$SRC/bench/rv_threads.sh" --gts "$GTS" \
    --positions none --plot "$TMP/x.svg"
expect_rc 1
expect_empty_stdout
expect_contains err "--plot needs gnuplot"
checks=$((checks + 1))
[ ! -e "$TMP/x.svg" ] && [ ! -e "$TMP/x.pdf" ] || fail "a picture was written after an error"

# --- gnuplot failing after the bench: the table is printed, no picture ---
mkdir -p "$TMP/badbin"
printf '#!/bin/sh\ncat >/dev/null\necho "fake gnuplot: failing" >&2\nexit 3\n' >"$TMP/badbin/gnuplot"
chmod +x "$TMP/badbin/gnuplot"
run "gnuplot failing" env PATH="$TMP/badbin:$PATH" "$GTS" c4 bench --limit 2 end-easy --plot "$TMP/failed.svg"
expect_rc 1
expect_contains out "end-easy       solver"
expect_contains err "fake gnuplot: failing" "gts: gnuplot failed drawing $TMP/failed.svg (exit status 3)"
checks=$((checks + 1))
[ ! -e "$TMP/failed.svg" ] || fail "the failed picture was left"

# --- gts plot's own errors ---
run "gts plot: no such column" "$GTS" plot "$TMP/bench.csv" -o "$TMP/y.svg" --x threads --y bogus
expect_rc 1
expect_one_line_error "no column 'bogus'" "AT_us"
run "gts plot: no reference series" "$GTS" plot "$TMP/bench.csv" -o "$TMP/y.svg" --x threads --y AT_us \
    --speedup-over nosuch
expect_rc 1
expect_one_line_error "no series named 'nosuch'"
run "gts plot: x not a number" "$GTS" plot "$TMP/bench.csv" -o "$TMP/y.svg" --x set --y AT_us
expect_rc 1
expect_one_line_error "set 'end-easy' is not a number"
run "gts plot: no file" "$GTS" plot "$TMP/none.csv" -o "$TMP/y.svg" --x a --y b
expect_rc 1
expect_one_line_error "cannot open $TMP/none.csv"
run "gts plot: no -o" "$GTS" plot "$TMP/bench.csv" --x threads --y AT_us
expect_usage_error "needs -o PICTURE"
run "gts plot: bad style" "$GTS" plot "$TMP/bench.csv" -o "$TMP/y.svg" --x threads --y AT_us --style pie
expect_usage_error "bad --style 'pie' (lines, bars, threads)"
checks=$((checks + 1))
[ ! -e "$TMP/y.svg" ] || fail "a picture was written after an error"

# --- the help texts ---
for help in "c4 --help" "gomoku --help" "reversi bench table --help" "plot --help" "--help"; do
    read -r -a args <<<"$help"
    run "gts $help" "$GTS" "${args[@]}"
    expect_rc 0
    expect_contains out "plot"
done

finish
