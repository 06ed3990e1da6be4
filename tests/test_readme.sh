#!/usr/bin/env bash
# Every example command of README.md, run as a new user would: from the
# top of a fresh clone (a copy of the tree's files git tracks, with no
# ../shared beside it) whose build/release is the build under test, with
# that gts first on the PATH, must exit 0.  The commands are read from the
# README's ```sh blocks (a '#' after a blank starts a comment), so a new
# example is tested as soon as it is written.  The few that would take
# minutes, need a device or a person, or run until stopped run through
# the table below with a smaller input or a checked stand-in, each entry
# saying why; only `make test` (what runs this test) and the device-only
# scripts are skipped.  An entry whose command is no longer in the README
# fails the "table" part, so the table follows the README.
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
sub 'make run' 'make_run' 'all six bundled sets take 12 s (minutes under the sanitizers): make run SETS=end-easy, checked to print only what was built, the table and its legend'
sub 'make test' skip 'it is what runs this test'
sub 'make install PREFIX=$HOME/gts' 'make_install' \
    'into a temporary PREFIX, from the build under test (make -o release: not built again); its gts run'
SERVE_WHY='a server runs until stopped: started on a free port, asked /api/status, stopped with SIGINT'
sub 'gts serve' 'serve_briefly gts serve' "$SERVE_WHY"
sub 'gts serve --port 0 --bind 0.0.0.0' 'serve_briefly gts serve --bind 127.0.0.1' \
    "$SERVE_WHY; bound to 127.0.0.1, not every address"
sub 'gts serve --book none' 'serve_briefly gts serve --book none' "$SERVE_WHY"
sub 'gts serve --threads 4 --cache 0' 'serve_briefly gts serve --threads 4 --cache 0' "$SERVE_WHY"
sub 'build/release/gts serve' 'serve_briefly build/release/gts serve' "$SERVE_WHY"
sub 'gts c4 analyze 4453' 'gts c4 analyze 5554224333234511764415115' \
    '4453 takes seconds (minutes under the sanitizers): a middle-easy position'
sub 'echo - | gts c4 solve --book none' 'echo - | gts c4 solve --book none --width 5 --height 4' \
    'the 7x6 empty board takes minutes without the book: the empty 5x4 board'
sub 'gts c4 bench end-easy begin-medium --threads 1,2,4 --csv' \
    'gts c4 bench end-easy begin-medium --threads 1,2 --csv --limit 2' 'begin-medium takes minutes: 2 positions a set'
sub 'gts c4 book --width 6 --height 5 --depth 6 -o build/6x5.book' \
    'gts c4 book --width 6 --height 5 --depth 3 -o build/6x5.book' \
    '6x5 to depth 6 takes 15-25 s (minutes under the sanitizers): depth 3, the book the next example reads'
sub 'gts c4 solve --gpu data/c4/Test_L3_R1' 'gts c4 solve --gpu $EXEC data/c4/Test_L3_R1' "as written$GPU_NOTE"
sub 'gts c4 solve --gpu --gpu-only data/c4/Test_L3_R1' 'gts c4 solve --gpu --gpu-only $EXEC data/c4/Test_L3_R1' \
    "as written$GPU_NOTE"
sub 'gts c4 solve --gpu --gpu-only --gpu-budget 16384 data/c4/Test_L3_R1' \
    'gts c4 solve --gpu --gpu-only --gpu-budget 16384 $EXEC data/c4/Test_L3_R1' "as written$GPU_NOTE"
sub 'gts c4 bench --gpu --threads 16 end-easy' 'gts c4 bench --gpu --threads 2 --limit 4 $EXEC end-easy' \
    "the GPU's rows on 4 positions, 2 threads$GPU_NOTE"
sub 'gts c4 bench --algo gpu,solver-batch --threads 16 middle-medium' \
    'gts c4 bench --algo gpu,solver-batch --threads 2 --limit 2 $EXEC middle-medium' "2 positions$GPU_NOTE"
sub 'gts c4 play --depth 8' 'gts c4 play --depth 4 $EXEC' "depth 4$GPU_NOTE"
sub 'gts c4 perft 12 --gpu --distinct' 'gts c4 perft $PERFT --gpu --distinct $EXEC' \
    "on a device as written; without one perft 7 on the CPU executor"
sub 'gts gomoku best - --size 24 --candidates all --depth 4 --algo alphabeta' \
    'gts gomoku best - --size 24 --candidates all --depth 3 --algo alphabeta' 'depth 3: depth 4 takes ~20 s under the sanitizers'
sub 'gts gomoku play --black human --time 2000' "printf 'h8\\ni9\\n' | gts gomoku play --black human --time 200" \
    "the person's two moves from a pipe (the game ends with the input), the engine's 200 ms a move"
sub 'gts gomoku play --size 19 --depth 4 --random 6 --seed 7' 'gts gomoku play --size 19 --depth 2 --random 6 --seed 7' \
    'depth 2: a whole game'
sub 'gts gomoku bench table' 'gts gomoku bench table --sizes 6 --depths 1-2' 'the whole table takes 7-8 minutes'
sub 'gts gomoku best h8 --candidates all --algo minimax --depth 4 --backend gpu --design seqpar --split 2' \
    'gts gomoku best h8 --candidates all --algo minimax --depth 3 --backend gpu --design seqpar --split 2 $EXEC' \
    "depth 4 is 2.5 G nodes, minutes on the CPU executor: depth 3$GPU_NOTE"
sub 'gts gomoku bench table --gpu --csv > build/gomoku_table.csv' \
    'gts gomoku bench table --gpu $EXEC --sizes 6 --depths 1-2 --threads 2 --csv > build/gomoku_table.csv' \
    "the whole table takes minutes: 6x6 to depth 2$GPU_NOTE"
sub 'gts gomoku bench positions data/gomoku/positions19.txt --size 19 --depth 3 --threads 1,2,4,8,16' \
    'gts gomoku bench positions data/gomoku/positions19.txt --size 19 --depth 2 --threads 1,2 --limit 3' \
    'the 60 positions at 5 thread counts take ~5 s (minutes under the sanitizers)'
sub 'gts reversi perft 11' 'gts reversi perft 9' 'perft 11 takes ~10 s under the sanitizers'
sub 'gts reversi best --depth 10 f5d6c3d3c4' 'gts reversi best --depth 7 f5d6c3d3c4' 'depth 7: quick under the sanitizers'
sub 'gts reversi solve --threads 16 --wld data/reversi/ffo-sample.obf' \
    'gts reversi solve --threads 2 --wld data/reversi/ffo-sample.obf' '2 threads'
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
sub 'gts reversi solve --each --threads 16 data/reversi/ffo-sample.obf' \
    'gts reversi solve --each --threads 2 data/reversi/ffo-sample.obf' '2 threads'
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
    # The build's line, the table (a header and end-easy's row), the
    # legend: a line for each column of the header.
    local lines legend column
    lines=$(wc -l <"$TMP/run.out")
    legend=$(tail -n +4 "$TMP/run.out")
    for column in $(sed -n 2p "$TMP/run.out"); do
        grep -qF -- "$column" <<<"$legend" || { echo "make run's legend does not explain $column"; return 1; }
    done
    if ! head -n 1 "$TMP/run.out" | grep -q "^building $BUILD \.\.\. done: Release" ||
        ! sed -n 2p "$TMP/run.out" | grep -q '^set  *algo' || [ "$lines" -lt 4 ] ||
        ! cmp -s <(sed -n 2,3p "$TMP/run.out") "$SRC/build/run/c4_bench.txt" ||
        grep -qE 'make|cmake|Entering|Building|Linking|\[ *[0-9]+%\]' "$TMP/run.err"; then
        echo "make run is not quiet: stdout:"; cat "$TMP/run.out"; echo "stderr:"; cat "$TMP/run.err"
        return 1
    fi
    cat "$TMP/run.out"
}
export -f make_run

# `make install PREFIX=...` of this build into a prefix of its own, without
# building again: its gts must be there and run, with the bundled data.
make_install() {
    env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -C "$SRC" -o release install \
        PREFIX="$TMP/prefix" RELEASE="$BUILD" >"$TMP/install.out" 2>&1 || { cat "$TMP/install.out"; return 1; }
    "$TMP/prefix/bin/gts" info | grep -qF "$TMP/prefix/share/gts" &&
        "$TMP/prefix/bin/gts" c4 solve 4453 | grep -q '^4453 -2 '
}
export -f make_install

# A server on a free port, until it says where it listens and answers
# /api/status; then SIGINT, which it must end on with status 0.
serve_briefly() {
    local out=$TMP/serve.$$ port
    "$@" --port 0 >"$out" 2>&1 &
    local pid=$!
    for _ in $(seq 600); do
        port=$(sed -n 's|.*listening on http://[^:]*:\([0-9]*\)/.*|\1|p' "$out")
        [ -n "$port" ] || ! kill -0 "$pid" 2>/dev/null && break
        sleep 0.1
    done
    [ -n "$port" ] && python3 -c 'import sys, urllib.request
print(urllib.request.urlopen("http://127.0.0.1:%s/api/status" % sys.argv[1], timeout=60).read().decode())' "$port"
    local asked=$?
    kill -INT "$pid" 2>/dev/null
    if grep -q "built without libmicrohttpd" "$out"; then
        wait "$pid"
        echo "not run: $(cat "$out")"
        return 0
    fi
    wait "$pid"
    local rc=$?
    cat "$out"
    [ "$asked" = 0 ] && [ "$rc" = 0 ]
}
export -f serve_briefly

# A fresh clone: the files git tracks (as they are in the tree), without
# ../shared beside them; build/release is the build under test.
CLONE=$TMP/clone/gts
mkdir -p "$CLONE/build"
if git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$SRC" && git ls-files -z | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$CLONE"
else
    (cd "$SRC" && tar --exclude=./build -cf - .) | tar -xf - -C "$CLONE"
fi
ln -s "$BUILD" "$CLONE/build/release"
[ -s "$CLONE/README.md" ] || { echo "the copy of the tree in $CLONE has no README.md"; exit 2; }

cd "$CLONE" || exit 2
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
    ran=$((ran + 1))
    run "$command" bash -c "set -o pipefail; $actual"
    expect_rc 0
done < <(readme_commands)
[ "$ran" -gt 0 ] || { echo "block $PART: every command skipped"; exit 77; }
finish
