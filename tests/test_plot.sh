#!/usr/bin/env bash
# Pictures: each bench's --plot on a small run (a non-empty SVG with the
# series it measured, the table still printed), a bench's picture equal to
# `gts plot` on its --csv, every `gts plot` command under a picture of
# BENCHMARKS.md redrawing the committed SVG, PNG, and the errors: a bad
# extension, no gnuplot and a folder that is not there before any work,
# gnuplot failing after the table was printed (an old picture kept), bad
# `gts plot` input.  Hostile input (issue 38): line ends in a file's name,
# cells and labels run no command; names with commas and quotes go
# through --csv and back (RFC 4180); values of +-1e308; 200 columns.
# Skipped (77) without gnuplot.
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

# The tables' cells are cut by count, never by a clock: no cell of a loaded
# (or sanitized) machine is skipped as too slow.
NO_LIMIT=1000000

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
    --sizes 6,9 --depths 1 --max-seconds "$NO_LIMIT" --plot "$TMP/gomoku_gpu.svg"
expect_rc 0
expect_contains out "gpu naive: seconds"
expect_svg "$TMP/gomoku_gpu.svg" "gpu naive" "gpu pvs" "gpu dynamic" "alphabeta x2"

run "gomoku bench table: seconds" "$GTS" gomoku bench table --algo pvs,alphabeta --sizes 6,9 --depths 1-2 \
    --max-seconds "$NO_LIMIT" --plot "$TMP/gomoku_cpu.svg"
expect_rc 0
expect_svg "$TMP/gomoku_cpu.svg" "pvs" "alphabeta"

run "gomoku bench positions: speed-up of the total" "$GTS" gomoku bench positions "$POSITIONS" --size 19 \
    --depth 2 --threads 1,2 --limit 3 --plot "$TMP/gomoku_positions.svg"
expect_rc 0
expect_contains out "# 3 positions"
expect_svg "$TMP/gomoku_positions.svg" "shared" "ideal"

run "reversi bench table: Figure 4" "$GTS" reversi bench table --sizes 8x8,16x8 --depths 1-2 \
    --player2 pvs:threads=2 --max-seconds "$NO_LIMIT" --plot "$TMP/reversi.svg"
expect_rc 0
expect_contains out "Table 2"
expect_svg "$TMP/reversi.svg" "8x8" "16x8"

# A comma in the file's name: its CSV field quoted.
cp "$SRC/data/reversi/ffo-sample.obf" "$TMP/ffo,sample.obf"
run "rv_threads.sh --plot" "$SRC/bench/rv_threads.sh" --gts "$GTS" --threads "1 2" --designs ybwc --positions none \
    --endgame "$TMP/ffo,sample.obf" --plot "$TMP/rv_threads.svg"
expect_rc 0
expect_contains out "| endgame ffo,sample.obf | solve | 2 |"
expect_svg "$TMP/rv_threads.svg" "solve" "ideal" "Reversi: speed-up over one thread (position endgame ffo,sample.obf)"

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
    --max-seconds "$NO_LIMIT" --plot "$TMP/figure4.svg"
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
    run "$bench --plot in a folder that is not there" "$GTS" "${args[@]}" --plot "$TMP/nodir/x.svg"
    expect_rc 1
    expect_empty_stdout
    expect_one_line_error "cannot write $TMP/nodir/x.svg"
done
run "gts plot -o in a folder that is not there" "$GTS" plot "$TMP/bench.csv" -o "$TMP/nodir/x.svg" --x threads \
    --y AT_us
expect_rc 1
expect_one_line_error "cannot write $TMP/nodir/x.svg"
run "rv_threads.sh --plot in a folder that is not there" "$SRC/bench/rv_threads.sh" --gts "$GTS" --positions none \
    --plot "$TMP/nodir/x.svg"
expect_rc 1
expect_empty_stdout
expect_contains err "cannot write $TMP/nodir/x.svg"
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

# --- the script each style gives gnuplot (a gnuplot on the PATH that keeps
# its input): the axis labels (a speed-up says so, never the time column's
# name), log2 thread axes with the y range of the points alone (the ideal
# line cut at the frame), tick labels as short as their values, and the
# machine of the CSV's "# machine:" note (a bench writes this one's) ---
mkdir -p "$TMP/keeper"
printf '#!/bin/sh\ncat >"$GNUPLOT_SCRIPT"\necho "<svg></svg>"\n' >"$TMP/keeper/gnuplot"
chmod +x "$TMP/keeper/gnuplot"
DOCS=$SRC/docs/benchmarks/data
# script_of DESC ARGS...: runs gts ARGS with the keeper, the script in
# $script and $TMP/script (for expect_contains script).
script_of() {
    local desc=$1
    shift
    rm -f "$TMP/script"
    run "$desc" env PATH="$TMP/keeper:$PATH" GNUPLOT_SCRIPT="$TMP/script" "$GTS" "$@"
    expect_rc 0
    script=$(cat "$TMP/script" 2>/dev/null)
}
expect_script() {  # expect_script LINE...: each a whole line of $script
    local line
    for line in "$@"; do
        checks=$((checks + 1))
        grep -qxF -- "$line" <<<"$script" || fail "the script has no line: $line"
    done
}
not_in_script() {  # not_in_script TEXT: no line of $script holds TEXT
    checks=$((checks + 1))
    ! grep -qF -- "$1" <<<"$script" || fail "the script holds: $1"
}
foot="at screen 0.99, screen 0.015 right font ',8' textcolor rgb 'gray30'"

script_of "threads: a speed-up without --ylabel" plot "$DOCS/c4_threads_h200.csv" -o "$TMP/s.svg" --style threads \
    --x threads --y AT_us --series set --speedup-over first
expect_script "set logscale x 2" "set logscale y 2" "set format x '%g'" "set format y '%g'" "set xlabel 'threads'" \
    "set ylabel 'speed-up (AT_us at the least threads / AT_us)'" "set xtics (1, 2, 4, 8, 16)" \
    "set label 1 'machine: Intel(R) Xeon(R) Processor, 16 cores, 125 GiB' $foot"
not_in_script "set ylabel 'AT_us'"
# The y range ends above the best speed-up (4.3 on 16 threads), below the
# ideal's 16: the ideal line leaves through the frame.
top=$(sed -n 's/^set yrange \[[^:]*:\([^]]*\)\]$/\1/p' <<<"$script")
check "threads: the y range is the points' (top '$top')" awk -v t="$top" 'BEGIN { exit !(t > 4.3 && t < 8) }'
expect_contains script "x / 1 with lines dashtype 2 linecolor rgb 'gray40' title 'ideal'"

script_of "lines: a speed-up over a named series" plot "$DOCS/gomoku_gpu_table.csv" -o "$TMP/s.svg" --x size \
    --y seconds --series variant --panel depth --speedup-over "gpu naive" --logy
expect_script "set logscale y" "set format y '%g'" "set ylabel 'speed-up (seconds of gpu naive / seconds)'"
not_in_script "set logscale x"
# Several panels: the machine in the picture's title, not at the foot.
expect_contains script "title '  (machine: Intel(R) Xeon(R) Processor, 16 cores, one NVIDIA H200)' font 'Sans,13'"
not_in_script "set label 1"

script_of "bars: the y column's name, log scale" plot "$DOCS/c4_gpu_table1.csv" -o "$TMP/s.svg" --style bars \
    --x set --y AT_us --series algo --logy
expect_script "set logscale y" "set ylabel 'AT_us'" "set format y '%g'" \
    "set label 1 'machine: Intel(R) Xeon(R) Processor, 16 cores, one NVIDIA H200 (sm_90, 132 SMs)' $foot"

printf 'x,y\n1,0.000001\n2,0.000002\n' >"$TMP/plain.csv"
script_of "lines without a machine note" plot "$TMP/plain.csv" -o "$TMP/s.svg" --x x --y y
expect_script "set ylabel 'y'" "set format y '%g'"
not_in_script "set label 1"
not_in_script "set logscale"

cores=$(nproc)
script_of "a bench's own --plot: this machine" c4 bench --threads 1,2 --limit 2 end-easy --plot "$TMP/s.svg"
expect_contains script "set label 1 'machine: " ", $cores core" "set logscale x 2" \
    "set ylabel 'speed-up (mean time per position)'"
run "a bench's --csv starts with the machine" "$GTS" c4 bench --limit 2 end-easy --csv
expect_rc 0
check "the first line is the machine note" grep -qE "^# machine: .+, $cores cores?\$" <(head -1 "$TMP/out")

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
printf 'an old picture\n' >"$TMP/keep.svg"
cp "$TMP/keep.svg" "$TMP/keep.orig"
for command in "c4 bench --limit 2 end-easy --plot" "plot $TMP/bench.csv --x threads --y AT_us -o"; do
    read -r -a args <<<"$command"
    run "gnuplot failing over an old picture: gts ${args[0]}" env PATH="$TMP/badbin:$PATH" "$GTS" "${args[@]}" \
        "$TMP/keep.svg"
    expect_rc 1
    expect_contains err "gts: gnuplot failed drawing $TMP/keep.svg (exit status 3)"
    check "the old picture is kept" cmp -s "$TMP/keep.svg" "$TMP/keep.orig"
    check "no file left beside it" [ "$(echo "$TMP"/keep.svg?*)" = "$TMP/keep.svg?*" ]
done

# --- no input runs a command: line ends in a file's name, cells, labels and
# titles (gnuplot is run in the folder where its `touch` would leave PWNED) ---
mkdir -p "$TMP/hostile"
cd "$TMP/hostile" || exit 2
nl=$'\nsystem("touch PWNED")\n#'
printf 'x,y,s\n1,2,c\n2,3,c\n' >"r${nl}x.csv"
printf 'x,y,s\n1,2,a\n2,4,"b\nsystem(""touch PWNED"")\n#"\n' >cells.csv
run "gts plot: line ends in a file's name, a cell and the titles" "$GTS" plot "r${nl}x.csv" cells.csv \
    -o hostile.svg --x x --y y --series s --title "t$nl" --xlabel "x'$nl" --ylabel "y\\$nl"
expect_rc 0
expect_svg hostile.svg "a cells" "b system(\"touch PWNED\") # cells"
check "no command ran (PWNED)" [ ! -e PWNED ]
rm -f PWNED
run "gts plot: line ends in the labels" "$GTS" plot "r${nl}x.csv" cells.csv -o hostile.svg --x x --y y \
    --labels "one$nl,two'$nl"
expect_rc 0
expect_svg hostile.svg "y one system(\"touch PWNED\") #"
check "no command ran (PWNED)" [ ! -e PWNED ]
rm -f PWNED
printf 'x,y\n"a\nEOD\nsystem(""touch PWNED"")\n#",1\nb,2\n' >bars.csv
run "gts plot: a bar's name ending the data" "$GTS" plot bars.csv -o hostile.svg --x x --y y --style bars
expect_rc 0
expect_svg hostile.svg
check "no command ran (PWNED)" [ ! -e PWNED ]
cd - >/dev/null || exit 2

# --- CSV quoted as RFC 4180 has it: a set named with a comma and a quote,
# through a bench's --csv and --plot and gts plot ---
cp "$SRC/data/c4/Test_L3_R1" "$TMP/my,\"set"
run "c4 bench 'my,\"set' --csv --plot" "$GTS" c4 bench "$TMP/my,\"set" --algo alphabeta,solver --limit 2 --csv \
    --plot "$TMP/quoted.svg"
expect_rc 0
expect_contains out "\"$TMP/my,\"\"set\",alphabeta,1,2," "\"$TMP/my,\"\"set\",solver,1,2,"
cp "$TMP/out" "$TMP/quoted.csv"
run "gts plot on that --csv" "$GTS" plot "$TMP/quoted.csv" -o "$TMP/quoted_redrawn.svg" --x set --y AT_us \
    --series algo --style bars --logy --title "Connect 4: mean time per position" --ylabel "AT (us, log scale)"
expect_rc 0
check "the bench's picture differs from gts plot's on its --csv" cmp -s "$TMP/quoted.svg" "$TMP/quoted_redrawn.svg"
run "gts plot: the set's name read back, as a series" "$GTS" plot "$TMP/quoted.csv" -o "$TMP/quoted_redrawn.svg" \
    --x positions --y AT_us --series set,threads
expect_rc 0
expect_svg "$TMP/quoted_redrawn.svg" "$TMP/my,\"set 1"
printf 'x,y\n"1,2\n' >"$TMP/open.csv"
run "gts plot: a quoted field not closed" "$GTS" plot "$TMP/open.csv" -o "$TMP/y.svg" --x x --y y
expect_rc 1
expect_one_line_error "open.csv:2: a quoted field is not closed"

# --- extremes: values of +-1e308 and inf or nan, 200 columns ---
printf 'x,y\n-1e308,1e308\n1e308,-1e308\n0,1\n1,nan\n2,inf\n3,-inf\n' >"$TMP/huge.csv"
run "gts plot: values of +-1e308 (and nan, inf left out)" "$GTS" plot "$TMP/huge.csv" -o "$TMP/huge.svg" --x x \
    --y y --hline 1e308
expect_rc 0
expect_svg "$TMP/huge.svg"
printf 'x,y\n1,1e308\n1,1e308\n2,1e-308\n3,1\n' >"$TMP/sum.csv"
run "gts plot: a sum past 1e308, divided" "$GTS" plot "$TMP/sum.csv" -o "$TMP/huge.svg" --x x --y y \
    --speedup-over first --logy
expect_rc 0
expect_svg "$TMP/huge.svg"
printf 'x,y\ninf,1\n' >"$TMP/inf.csv"
run "gts plot: x of inf" "$GTS" plot "$TMP/inf.csv" -o "$TMP/y.svg" --x x --y y
expect_rc 1
expect_one_line_error "inf.csv:2: x 'inf' is not a number"
# A header c0..c199, then 3 rows of numbers.
awk 'BEGIN { for (r = 0; r < 4; r++) for (i = 0; i < 200; i++) printf "%s%s", r ? r + i : "c" i, i < 199 ? "," : "\n" }' \
    >"$TMP/wide.csv"
run "gts plot: 200 columns" "$GTS" plot "$TMP/wide.csv" -o "$TMP/wide.svg" --x c198 --y c199
expect_rc 0
expect_svg "$TMP/wide.svg" "c199"
run "gts plot: 200 columns, no 201st" "$GTS" plot "$TMP/wide.csv" -o "$TMP/y.svg" --x c0 --y c200
expect_rc 1
expect_one_line_error "no column 'c200' (its 200 columns: c0, c1,"

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
