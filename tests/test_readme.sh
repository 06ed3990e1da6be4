#!/usr/bin/env bash
# Every example command of README.md, run from the source folder with the
# built gts first on the PATH, must exit 0.  The commands are read from
# the README's ```sh blocks (a '#' after a blank starts a comment), so a
# new example is tested as soon as it is written.  The few that would take
# minutes, write into the tree or name a placeholder (FILE) run through the
# table below, each entry saying why; those that need a person are
# skipped with the reason; build/release/ stands for the build under
# test.  An entry whose command is no longer in the README fails the
# "table" part, so the table follows the README.
#
# usage: test_readme.sh GTS_BINARY SOURCE_DIR BLOCK|table [release]
#   BLOCK: the number of a ```sh block (from 1); "release" when the build
#   is a plain Release build, where `make run` is run too (RUN_SERIAL).
# A block whose commands are all skipped exits 77 (ctest's skip).

GTS=$(realpath "${1:?usage: test_readme.sh GTS_BINARY SOURCE_DIR BLOCK|table [release]}")
SRC=$(realpath "${2:?source dir}")
PART=${3:?block number or table}
KIND=${4:-}
BUILD=$(dirname "$GTS")
. "$(dirname "$0")/cli_lib.sh" test_readme

# ---- the substitution table ----
declare -A REPLACE WHY
sub() {  # sub README_COMMAND REPLACEMENT WHY (REPLACEMENT "skip": not run)
    REPLACE[$1]=$2
    WHY[$1]=$3
}
# Where there is no CUDA device the GPU examples run the device's code on
# CPU threads (--executor cpu, as the GPU tests do); $EXEC holds that.
GPU_NOTE="; without a device, --executor cpu runs the kernels' code"
sub 'make run' 'make_run' 'all six bundled sets take ~30 s: make run SETS=end-easy, checked to print only what was built and the table'
sub 'make test' skip 'it is what runs this test'
sub 'gts serve' skip 'a server runs until stopped: tests/test_serve.sh starts and stops one'
sub 'gts serve --port 0 --bind 0.0.0.0' skip 'a server runs until stopped (and would listen on every address)'
sub 'gts serve --book c4.book' skip 'a server runs until stopped; tests/test_serve.sh runs it with a book'
sub 'build/release/gts serve' skip 'a server runs until stopped: tests/test_serve.sh and test_browser.py start and stop one'
sub 'gts c4 solve [FILE...]' 'gts c4 solve data/c4/Test_L3_R1 && gts c4 solve <data/c4/Test_L3_R1' \
    'FILE is a placeholder: a bundled set, as a file and on stdin'
sub 'gts c4 solve -w FILE' 'gts c4 solve -w data/c4/Test_L3_R1' 'FILE is a placeholder'
sub 'gts c4 analyze 4453' 'gts c4 analyze 5554224333234511764415115' \
    '4453 takes ~10 s (minutes under the sanitizers): a middle-easy position'
sub 'gts c4 bench end-easy begin-medium --threads 1,2,4 --csv' \
    'gts c4 bench end-easy begin-medium --threads 1,2 --csv --limit 2' 'begin-medium takes minutes: 2 positions a set'
sub 'gts c4 book --width 6 --height 5 --depth 6 -o 6x5.book' \
    'gts c4 book --width 5 --height 4 --depth 4 -o "$TMP/5x4.book"' \
    '6x5 to depth 6 takes 15-25 s: 5x4 to depth 4, written outside the tree'
sub 'gts c4 solve --width 6 --height 5 --book 6x5.book FILE' \
    'gts c4 book --width 5 --height 4 --depth 4 -o "$TMP/5x4b.book" && echo 3344 | gts c4 solve --width 5 --height 4 --book "$TMP/5x4b.book"' \
    'FILE is a placeholder; a book made as above'
sub 'echo - | gts c4 solve' 'echo - | gts c4 solve --width 5 --height 4' \
    'the 7x6 empty board takes about 2 minutes: the empty 5x4 board'
sub 'gts c4 solve --gpu FILE' 'gts c4 solve --gpu $EXEC data/c4/Test_L3_R1' "FILE is a placeholder$GPU_NOTE"
sub 'gts c4 solve --gpu --gpu-only FILE' 'gts c4 solve --gpu --gpu-only $EXEC data/c4/Test_L3_R1' \
    "FILE is a placeholder$GPU_NOTE"
sub 'gts c4 solve --gpu --gpu-only --gpu-budget 16384 FILE' \
    'gts c4 solve --gpu --gpu-only --gpu-budget 16384 $EXEC data/c4/Test_L3_R1' "FILE is a placeholder$GPU_NOTE"
sub 'gts c4 bench --gpu --threads 16 end-easy' 'gts c4 bench --gpu --threads 2 --limit 4 $EXEC end-easy' \
    "the GPU's rows on 4 positions, 2 threads$GPU_NOTE"
sub 'gts c4 bench --algo gpu,solver-batch --threads 16 middle-medium' \
    'gts c4 bench --algo gpu,solver-batch --threads 2 --limit 2 $EXEC middle-medium' "2 positions$GPU_NOTE"
sub 'gts c4 play --depth 8' 'gts c4 play --depth 4 $EXEC' "depth 4$GPU_NOTE"
sub 'gts c4 perft 12 --gpu --distinct' 'gts c4 perft $PERFT --gpu --distinct $EXEC' \
    "on a device as written; without one perft 7 on the CPU executor"
sub 'gts gomoku best - --size 24 --candidates all --depth 4 --algo alphabeta' \
    'gts gomoku best - --size 24 --candidates all --depth 3 --algo alphabeta' 'depth 3: depth 4 takes ~20 s under the sanitizers'
sub 'gts gomoku play --black human --time 2000' skip 'needs a person at the terminal'
sub 'gts gomoku play --size 19 --depth 4 --random 6 --seed 7' 'gts gomoku play --size 19 --depth 2 --random 6 --seed 7' \
    'depth 2: a whole game'
sub 'gts gomoku bench table' 'gts gomoku bench table --sizes 6 --depths 1-2' 'the whole table takes 7-8 minutes'
sub 'gts gomoku best h8 --candidates all --algo minimax --depth 4 --backend gpu --design seqpar --split 2' \
    'gts gomoku best h8 --candidates all --algo minimax --depth 3 --backend gpu --design seqpar --split 2 $EXEC' \
    "depth 4 is 2.5 G nodes, minutes on the CPU executor: depth 3$GPU_NOTE"
sub 'gts gomoku bench table --gpu --csv > table.csv' \
    'gts gomoku bench table --gpu $EXEC --sizes 6 --depths 1-2 --threads 2 --csv > "$TMP/table.csv"' \
    "the whole table takes minutes and writes into the tree: 6x6 to depth 2, outside it$GPU_NOTE"
sub 'gts gomoku bench positions data/gomoku/positions19.txt --size 19 --depth 3 --threads 1,2,4,8,16' \
    'gts gomoku bench positions data/gomoku/positions19.txt --size 19 --depth 2 --threads 1,2 --limit 3' \
    'the 60 positions at 5 thread counts take ~5 s (minutes under the sanitizers)'
sub 'gts reversi perft 11' 'gts reversi perft 9' 'perft 11 takes ~10 s under the sanitizers'
sub 'gts reversi best --depth 10 f5d6c3d3c4' 'gts reversi best --depth 7 f5d6c3d3c4' 'depth 7: quick under the sanitizers'
sub 'gts reversi best --size 16x16 --board FILE' 'gts reversi best --size 16x16 --board data/reversi/midgame-16x16.txt' \
    'FILE is a placeholder: the bundled 16x16 board'
sub 'gts reversi solve ../shared/data/othello/fforum-20-39.obf' 'gts reversi solve data/reversi/ffo-sample.obf' \
    'fforum-20-39 takes ~12 s (minutes under the sanitizers): the bundled sample, 14 empties'
sub 'gts reversi solve --threads 16 --wld FILE' 'gts reversi solve --threads 2 --wld data/reversi/ffo-sample.obf' \
    'FILE is a placeholder: the bundled sample'
sub 'gts reversi play --player1 alphabeta:depth=6 --player2 pvs:depth=6,threads=16' \
    'gts reversi play --player1 alphabeta:depth=4 --player2 pvs:depth=4,threads=2' 'depth 4: two whole games'
sub 'gts reversi play --size 32x16 --depth 3 --player2 pvs:threads=4' \
    'gts reversi play --size 16x8 --depth 2 --player2 pvs:threads=2' '32x16 at depth 3 takes ~2 s (a minute under the sanitizers)'
sub 'gts reversi bench table' 'gts reversi bench table --sizes 8x8 --depths 1-2' 'the whole table takes hours'
sub 'gts reversi bench table --sizes 8x8,16x16 --depths 1-6 --player2 pvs:threads=8 --max-seconds 20' \
    'gts reversi bench table --sizes 8x8,16x8 --depths 1-2 --player2 pvs:threads=2 --max-seconds 20' 'depths 1-2'
sub 'gts reversi bench table --plot figure4.svg' \
    'if command -v gnuplot >/dev/null; then gts reversi bench table --sizes 8x8 --depths 1-2 --plot "$TMP/figure4.svg" && test -s "$TMP/figure4.svg"; else echo "gnuplot not installed: the figure is not drawn"; fi' \
    'a small table, the picture written outside the tree (where gnuplot is installed)'
sub 'gts reversi best --size 64x64 --depth 3 --player pvs:backend=gpu start' \
    'gts reversi best --size 16x16 --depth 2 --player pvs:backend=gpu,executor=cpu,layout=rows start' \
    'the GPU player on the CPU executor (no device in CI), a small board'
sub 'gts reversi play --size 32x32 --depth 3 --player1 pvs:threads=16 --player2 pvs:backend=gpu' \
    'gts reversi play --size 16x8 --depth 2 --player1 pvs:threads=2 --player2 pvs:backend=gpu,executor=cpu,layout=rows' \
    'the GPU player on the CPU executor, two small games'
sub 'bench/rv_gpu_table.sh' skip 'needs a CUDA device and minutes'
sub 'gts reversi perft 14 --gpu' 'gts reversi perft 8 --gpu $EXEC' "perft 8$GPU_NOTE"
sub 'gts reversi perft 13 --threads 16' 'gts reversi perft 9 --threads 2' 'perft 9 on 2 threads: quick under the sanitizers'
sub 'build/release/rv_make_positions 1000 12 1 | gts reversi solve --gpu' \
    'build/release/rv_make_positions 100 10 1 | gts reversi solve --gpu $EXEC' "100 positions at 10 empties$GPU_NOTE"
sub 'gts reversi solve --each --threads 16 FILE' 'gts reversi solve --each --threads 2 data/reversi/ffo-sample.obf' \
    'FILE is a placeholder; 2 threads'
sub 'bench/rv_gpu_perft.sh && bench/rv_gpu_endgame.sh' skip 'needs a CUDA device and minutes'

# ---- the README's commands: "BLOCK<TAB>COMMAND" lines ----
readme_commands() {
    awk '/^```sh/ { block++; on = 1; next } /^```/ { on = 0; next }
         on {
             # Cut a comment: a # after a blank, outside quotes.
             q = ""; out = ""
             for (i = 1; i <= length($0); i++) {
                 c = substr($0, i, 1)
                 if (q == "" && c == "#" && (i == 1 || substr($0, i - 1, 1) ~ /[ \t]/)) break
                 if (q == "" && (c == "\x27" || c == "\"")) q = c; else if (c == q) q = ""
                 out = out c
             }
             sub(/[ \t]+$/, "", out); sub(/^[ \t]+/, "", out)
             if (out != "") print block "\t" out
         }' "$SRC/README.md"
}

if [ "$PART" = table ]; then
    commands=$(readme_commands | cut -f2-)
    for key in "${!REPLACE[@]}"; do
        checks=$((checks + 1))
        grep -qxF -- "$key" <<<"$commands" || { failures=$((failures + 1)); echo "FAILED: the table has '$key', which is no longer in README.md" >&2; }
    done
    finish
fi

# ---- running them ----
export BUILD TMP SRC
mkdir -p "$TMP/bin"
ln -s "$GTS" "$TMP/bin/gts"
export PATH="$TMP/bin:$PATH"
if "$GTS" info | grep -q '^gpu: no CUDA device'; then
    export EXEC='--executor cpu' PERFT=7
else
    export EXEC='' PERFT=12
fi

# `make run` on this build (a Release build, up to date: nothing is
# rebuilt): stdout must be the one line of what was built and the table,
# stderr must hold none of make's or the build's lines.
make_run() {
    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$SRC" run RELEASE="$BUILD" SETS=end-easy CUDA_ARG= \
        >"$TMP/run.out" 2>"$TMP/run.err" || { cat "$TMP/run.out" "$TMP/run.err"; return 1; }
    local lines
    lines=$(wc -l <"$TMP/run.out")
    if ! head -n 1 "$TMP/run.out" | grep -q "^building $BUILD \.\.\. done: Release" ||
        ! sed -n 2p "$TMP/run.out" | grep -q '^set  *algo' || [ "$lines" -ne 3 ] ||
        grep -qE 'make|cmake|Entering|Building|Linking|\[ *[0-9]+%\]' "$TMP/run.err"; then
        echo "make run is not quiet: stdout:"; cat "$TMP/run.out"; echo "stderr:"; cat "$TMP/run.err"
        return 1
    fi
    cat "$TMP/run.out"
}
export -f make_run

cd "$SRC" || exit 2
ran=0
while IFS=$'\t' read -r block command; do
    [ "$block" = "$PART" ] || continue
    actual=$command
    if [ -n "${REPLACE[$command]+set}" ]; then
        actual=${REPLACE[$command]}
        if [ "$actual" = skip ] || { [ "$actual" = make_run ] && [ "$KIND" != release ]; }; then
            why=${WHY[$command]}
            [ "$actual" = make_run ] && why="a Release build's test runs it"
            echo "  skipped  $command  ($why)"
            continue
        fi
        echo "  README: $command"
        echo "    runs: $actual  (${WHY[$command]})"
    fi
    # build/release/ (pbrain-gts) is the build under test.
    actual=${actual//build\/release\//\$BUILD/}
    ran=$((ran + 1))
    run "$command" bash -c "set -o pipefail; $actual"
    expect_rc 0
done < <(readme_commands)
[ "$ran" -gt 0 ] || { echo "block $PART: every command skipped"; exit 77; }
finish
