#!/bin/bash
# gts against the two public Connect 4 reference solvers, one thread each, same inputs.
#
#   usage (from the repo root):  REF_SRC=DIR bench/c4_references.sh GTS_BINARY DATA_DIR LIMIT_HARD
#     e.g. REF_SRC=/tmp/refs bench/c4_references.sh build/release/gts ../shared/data/connect4 20
#
# The references are never part of this repository: fetch their public
# sources by hand into REF_SRC/pons (PascalPons/connect4: Solver.cpp and its
# headers, main.cpp) and REF_SRC/steininger (ChristopheSteininger/c4: its
# src/ tree); BENCHMARKS.md row 30 names the commits used.  Our drivers for
# them are in bench/c4_references/.
#
# Builds, from those sources (no network needed):
#   build/ref-steininger/steininger_bench  ChristopheSteininger/c4 (C++20) + c4_references/steininger_driver.cpp,
#        its settings.h edited for the run: 1 thread, 8388617-entry (64 MB) table, no move jitter;
#        flags of its CMake OPTIMISE mode (-O3 -flto -DNDEBUG) + -march=native
#   build/ref-pons/pons_bench              PascalPons/connect4 + c4_references/pons_driver.cpp (never loads a book);
#        table 2^24 entries (next prime, 4+1 bytes each: ~80 MB, upstream TABLE_SIZE=24);
#        flags of its Makefile (-O3 -DNDEBUG) + -march=native
#   build/ref-pons/c4solver                upstream main (sanity check only, run in an empty folder: no book)
# All three solvers read "moves [expected]" lines and print "moves score nodes microseconds";
# all three clear their table before every position, inside the timed span.
#
# Then, per set (Test_L3_R1 End-Easy, Test_L2_R1 Middle-Easy, Test_L2_R2 Middle-Medium,
# Test_L1_R1 Begin-Easy, Test_L1_R2 Begin-Medium, Test_L1_R3 Begin-Hard: first LIMIT_HARD lines)
# and solver: positions, wall seconds of the whole run (process start and table allocation
# included), wall us/position, the solver's own mean us/position, wrong scores. Then the empty
# board (strong, one thread) and a summary table.
#
# Environment knobs:
#   LIMIT_ALL=N       first N lines of every set (default: all 1000; Begin-Hard: min(N, LIMIT_HARD))
#   SETS="..."        subset of set names, e.g. SETS="Test_L3_R1 Test_L1_R3" (default: all six)
#   SOLVERS="..."     subset of: gts steininger pons (default: all three)
#   SKIP_EMPTY=1      skip the empty board
#   SKIP_BUILD=1      reuse build/ref-* from an earlier run
#   RUN_TIMEOUT=S     timeout per solver and set, seconds (default 1200); a timed-out run is reported
#                     with the positions it finished
#   EMPTY_TIMEOUT_GTS=S, EMPTY_TIMEOUT_STEININGER=S (default 300), EMPTY_TIMEOUT_PONS=S (default 120)
#   JOBS=3            run the three solvers of a set at the same time (default 1: one after another)
#   PIN_CORES="2 4 6" pin solver runs to these cores with taskset (round robin; default: no pinning)
#   REF_NO_RESET=1    the references keep their table between positions (default: cleared per
#                     position like gts; their clear is a full 64/80 MB memset, ~2-5 ms, which
#                     dominates their time on the easy sets)
#   GTS_ARGS="..."    extra arguments for `gts c4 solve` (default none: one thread, 64 MB table)
#   GTS_BENCH=1       also print `gts c4 bench --data DATA_DIR SET --limit N` (its AT(us)) per set
#   OUT=DIR           where inputs and outputs are kept (default build/ref-run)
set -u
if [ $# -ne 3 ]; then
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
GTS=$1
DATA=$2
LIMIT_HARD=$3
case "$GTS" in /*) ;; *) GTS="$PWD/$GTS" ;; esac
case "$DATA" in /*) ;; *) DATA="$PWD/$DATA" ;; esac
REF=${REF_SRC:?set REF_SRC to the folder holding the references\' sources (pons/, steininger/)}
DRIVERS=$(cd "$(dirname "$0")/c4_references" && pwd)
ROOT=$PWD
OUT=${OUT:-build/ref-run}
case "$OUT" in /*) ;; *) OUT="$ROOT/$OUT" ;; esac
BST=$ROOT/build/ref-steininger
BPO=$ROOT/build/ref-pons
LIMIT_ALL=${LIMIT_ALL:-}
SETS=${SETS:-Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3}
SOLVERS=${SOLVERS:-gts steininger pons}
RUN_TIMEOUT=${RUN_TIMEOUT:-1200}
JOBS=${JOBS:-1}
PIN_CORES=${PIN_CORES:-}
GTS_ARGS=${GTS_ARGS:-}
REF_ARGS=""
[ "${REF_NO_RESET:-0}" = 1 ] && REF_ARGS="--no-reset"
T0=$(date +%s.%N)
elapsed() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }

set_label() {
    case "$1" in
        Test_L3_R1) echo End-Easy ;; Test_L2_R1) echo Middle-Easy ;; Test_L2_R2) echo Middle-Medium ;;
        Test_L1_R1) echo Begin-Easy ;; Test_L1_R2) echo Begin-Medium ;; Test_L1_R3) echo Begin-Hard ;;
        *) echo "$1" ;;
    esac
}

echo "== side_by_side: $(date -u '+%F %T') UTC, host $(hostname), $(nproc) cpus"
lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | sed 's/^/   cpu: /'
echo "   gts: $GTS"
echo "   data: $DATA, LIMIT_HARD=$LIMIT_HARD${LIMIT_ALL:+, LIMIT_ALL=$LIMIT_ALL}"
echo "   tables: cleared before every position for gts$([ -n "$REF_ARGS" ] && echo " only (REF_NO_RESET=1: the references keep theirs)" || echo " and both references")"
[ -x "$GTS" ] || case " $SOLVERS " in *" gts "*) echo "gts binary $GTS not found" >&2; exit 2 ;; esac
for f in 7x6.book "$OUT/7x6.book"; do
    [ -e "$f" ] && echo "   note: $f exists; pons_bench never loads a book, upstream c4solver runs in an empty folder"
done

# ---------------------------------------------------------------- (a) build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "== build ($(elapsed) s)"
    rm -rf "$BST" "$BPO"
    mkdir -p "$BST/obj" "$BPO"
    cp -r "$REF/steininger/src" "$BST/src"
    # One thread, a 64 MB table, no move jitter (which one thread requires).
    sed -i -e 's/\(NUM_THREADS = \)[0-9]*/\11/' -e 's/\(NUM_TABLE_ENTRIES = \)[0-9]*/\18388617/' \
        -e 's/\(MOVE_SCORE_JITTER = \)[0-9.]*f/\10.0f/' "$BST/src/solver/settings.h"
    STFLAGS="-std=c++20 -O3 -march=native -flto=auto -DNDEBUG -pthread -Wall"
    POFLAGS="--std=c++11 -W -Wall -O3 -march=native -DNDEBUG"
    (
        cd "$BST" || exit 1
        srcs=$(cd src && find solver -name '*.cpp' | sort)
        echo "$srcs" | sed 's/^/src\//' | xargs -P 16 -I{} sh -c \
            'o=obj/$(echo "{}" | sed "s|^src/||; s|/|_|g; s|\.cpp$|.o|"); g++ '"$STFLAGS"' -Isrc -c "{}" -o "$o"' &&
        g++ $STFLAGS -Isrc -c "$DRIVERS/steininger_driver.cpp" -o obj/driver.o &&
        g++ $STFLAGS -o steininger_bench obj/*.o
    ) > "$BST/build.log" 2>&1 &
    pst=$!
    (
        g++ $POFLAGS -I"$REF/pons" -o "$BPO/pons_bench" "$DRIVERS/pons_driver.cpp" "$REF/pons/Solver.cpp" &
        g++ $POFLAGS -o "$BPO/c4solver" "$REF/pons/main.cpp" "$REF/pons/Solver.cpp" &
        wait
    ) > "$BPO/build.log" 2>&1 &
    ppo=$!
    wait $pst; rs=$?
    wait $ppo
    if [ $rs -ne 0 ] || [ ! -x "$BST/steininger_bench" ]; then
        echo "steininger build FAILED:"; cat "$BST/build.log"; exit 1
    fi
    if [ ! -x "$BPO/pons_bench" ] || [ ! -x "$BPO/c4solver" ]; then
        echo "pons build FAILED:"; cat "$BPO/build.log"; exit 1
    fi
    [ -s "$BST/build.log" ] && { echo "   steininger build messages:"; sed 's/^/     /' "$BST/build.log" | head -20; }
    [ -s "$BPO/build.log" ] && { echo "   pons build messages:"; sed 's/^/     /' "$BPO/build.log" | head -20; }
    echo "   steininger: g++ $STFLAGS ($("$BST/steininger_bench" --settings | tr -d '\n'))"
    echo "   pons:       g++ $POFLAGS (TABLE_SIZE=24: 16777259 entries, ~80 MB)"
    echo "   built in $(elapsed) s"
fi
for b in "$BST/steininger_bench" "$BPO/pons_bench" "$BPO/c4solver"; do
    [ -x "$b" ] || { echo "missing $b (run without SKIP_BUILD)"; exit 1; }
done
mkdir -p "$OUT"
rm -f "$OUT"/*.out "$OUT"/*.err "$OUT"/*.in "$OUT"/*.time "$OUT"/*.rc "$OUT"/*.gtsbench

# Sanity: the drivers agree with the upstream Pons main on a few positions (empty folder: no book).
if [ -f "$DATA/Test_L2_R2" ]; then
    rm -rf "$OUT/nobook"; mkdir -p "$OUT/nobook"
    head -5 "$DATA/Test_L2_R2" | cut -d' ' -f1 > "$OUT/nobook/sanity.in"
    up=$(cd "$OUT/nobook" && "$BPO/c4solver" < sanity.in 2>/dev/null | awk '{print $2}' | tr '\n' ' ')
    dr=$("$BPO/pons_bench" < "$OUT/nobook/sanity.in" | awk '{print $2}' | tr '\n' ' ')
    st=$("$BST/steininger_bench" < "$OUT/nobook/sanity.in" | awk '{print $2}' | tr '\n' ' ')
    ex=$(head -5 "$DATA/Test_L2_R2" | awk '{print $2}' | tr '\n' ' ')
    echo "   sanity, Middle-Medium first 5: expected [$ex] upstream pons main (no book) [$up] pons_bench [$dr] steininger_bench [$st]"
fi

# ---------------------------------------------------------------- (b) the sets
# next_core: sets PIN to "taskset -c C" (round robin over PIN_CORES) or to nothing
core_i=0
PIN=""
next_core() {
    PIN=""
    if [ -z "$PIN_CORES" ] || ! command -v taskset >/dev/null; then return; fi
    local cores=($PIN_CORES)
    PIN="taskset -c ${cores[$(( core_i % ${#cores[@]} ))]}"
    core_i=$(( core_i + 1 ))
}

# run_one SOLVER INPUT TAG: writes $OUT/TAG.SOLVER.{out,err,time,rc}
run_one() {
    local s=$1 in=$2 tag=$3 pin=$4
    local o="$OUT/$tag.$s"
    local a b rc
    a=$(date +%s.%N)
    case $s in
        gts)        timeout "$RUN_TIMEOUT" $pin "$GTS" c4 solve $GTS_ARGS "$in" > "$o.out" 2> "$o.err"; rc=$? ;;
        steininger) timeout "$RUN_TIMEOUT" $pin "$BST/steininger_bench" $REF_ARGS "$in" > "$o.out" 2> "$o.err"; rc=$? ;;
        pons)       timeout "$RUN_TIMEOUT" $pin "$BPO/pons_bench" $REF_ARGS "$in" > "$o.out" 2> "$o.err"; rc=$? ;;
    esac
    b=$(date +%s.%N)
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.6f\n", b - a }' > "$o.time"
    echo $rc > "$o.rc"
}

# report SOLVER INPUT TAG -> prints one line, sets R_US (wall us/pos), R_SELF (own us/pos), R_NOTE
report() {
    local s=$1 in=$2 tag=$3
    local o="$OUT/$tag.$s"
    local n done wall rc wrong self
    n=$(wc -l < "$in")
    done=$(grep -c . "$o.out")
    wall=$(cat "$o.time")
    rc=$(cat "$o.rc")
    wrong=$(paste -d' ' "$in" "$o.out" | awk 'NF >= 4 { if ($1 != $3 || $2 != $4) w++ } END { print w + 0 }')
    self=$(awk '{ s += $4 } END { if (NR) printf "%.1f", s / NR; else print "-" }' "$o.out")
    R_NOTE=""
    if [ "$done" -lt "$n" ]; then
        R_NOTE=" UNFINISHED ($done/$n done, rc=$rc)"
        [ "$rc" = 124 ] && R_NOTE=" TIMEOUT after ${RUN_TIMEOUT} s ($done/$n done)"
    elif [ "$rc" != 0 ] && [ "$s" != gts -o "$rc" != 1 ]; then
        R_NOTE=" (exit $rc)"
    fi
    if [ "$done" -gt 0 ]; then
        R_US=$(awk -v w="$wall" -v d="$done" 'BEGIN { printf "%.1f", w * 1e6 / d }')
    else
        R_US="-"
    fi
    R_SELF=$self
    [ "$done" -lt "$n" ] && R_US="$R_US*" && R_SELF="$R_SELF*"
    printf "   %-11s positions %5d  wall %10.3f s  %12s us/pos (wall)  %12s us/pos (own)  wrong %d%s\n" \
        "$s" "$done" "$wall" "$R_US" "$R_SELF" "$wrong" "$R_NOTE"
}

declare -A SUM
ran_sets=""
for set in $SETS; do
    label=$(set_label "$set")
    if [ ! -f "$DATA/$set" ]; then
        echo "== $label ($set): $DATA/$set missing, skipped"
        continue
    fi
    n=""
    [ "$set" = Test_L1_R3 ] && n=$LIMIT_HARD
    if [ -n "$LIMIT_ALL" ]; then
        if [ -z "$n" ] || [ "$LIMIT_ALL" -lt "$n" ]; then n=$LIMIT_ALL; fi
    fi
    in="$OUT/$set.in"
    if [ -n "$n" ]; then head -n "$n" "$DATA/$set" | grep . > "$in"; else grep . "$DATA/$set" > "$in"; fi
    npos=$(wc -l < "$in")
    echo "== $label ($set): $npos positions ($(elapsed) s)"
    if [ "$JOBS" -gt 1 ]; then
        for s in $SOLVERS; do next_core; run_one "$s" "$in" "$set" "$PIN" & done
        wait
    else
        for s in $SOLVERS; do next_core; run_one "$s" "$in" "$set" "$PIN"; done
    fi
    for s in $SOLVERS; do
        report "$s" "$in" "$set"
        SUM[$set.$s]=$R_US
        SUM[$set.$s.self]=$R_SELF
    done
    if [ "${GTS_BENCH:-0}" = 1 ]; then
        echo "   gts c4 bench (table cleared per position):"
        timeout "$RUN_TIMEOUT" "$GTS" c4 bench --data "$DATA" "$set" --limit "$npos" $GTS_ARGS > "$OUT/$set.gtsbench" 2>&1
        rc=$?
        sed 's/^/     /' "$OUT/$set.gtsbench"
        [ $rc = 124 ] && echo "     (gts c4 bench: timeout after ${RUN_TIMEOUT} s)"
    fi
    ran_sets="$ran_sets $set"
done

# ---------------------------------------------------------------- (c) the empty board
if [ "${SKIP_EMPTY:-0}" != 1 ]; then
    echo "== empty board, strong, one thread (expected score 1) ($(elapsed) s)"
    for s in $SOLVERS; do
        case $s in
            gts)        to=${EMPTY_TIMEOUT_GTS:-300} ;;
            steininger) to=${EMPTY_TIMEOUT_STEININGER:-300} ;;
            pons)       to=${EMPTY_TIMEOUT_PONS:-120} ;;
        esac
        next_core; pin=$PIN
        a=$(date +%s.%N)
        case $s in
            gts)        line=$(echo - | timeout "$to" $pin "$GTS" c4 solve --json $GTS_ARGS 2>"$OUT/empty.gts.err"); rc=$? ;;
            steininger) line=$(echo - | timeout "$to" $pin "$BST/steininger_bench" 2>"$OUT/empty.steininger.err"); rc=$? ;;
            pons)       line=$(echo - | timeout "$to" $pin "$BPO/pons_bench" 2>"$OUT/empty.pons.err"); rc=$? ;;
        esac
        b=$(date +%s.%N)
        wall=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b - a }')
        if [ $rc = 124 ] || [ -z "$line" ]; then
            [ $rc = 124 ] && note="UNFINISHED (timeout ${to} s)" || note="no result (exit $rc)"
            printf "   %-11s %s\n" "$s" "$note"
            SUM[empty.$s]="timeout>${to}s"
            continue
        fi
        if [ "$s" = gts ]; then
            score=$(echo "$line" | sed -n 's/.*"score":\(-\{0,1\}[0-9]*\).*/\1/p')
            nodes=$(echo "$line" | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p')
            us=$(echo "$line" | sed -n 's/.*"usec":\([0-9.]*\).*/\1/p')
        else
            read -r _ score nodes us <<< "$line"
        fi
        own=$(awk -v u="$us" 'BEGIN { printf "%.3f", u / 1e6 }')
        ok=$([ "$score" = 1 ] && echo ok || echo WRONG)
        printf "   %-11s score %3s (%s)  nodes %14s  own %9s s  wall %9s s\n" "$s" "$score" "$ok" "$nodes" "$own" "$wall"
        SUM[empty.$s]="${own}s"
    done
fi

# ---------------------------------------------------------------- summary
echo "== summary: mean us per position, wall clock of the whole run / positions (own per-position mean in brackets);"
echo "   gts/best = gts over the faster reference (< 1: gts faster); * = run unfinished, mean over finished positions"
has() { case " $SOLVERS " in *" $1 "*) return 0 ;; esac; return 1; }
printf "   %-14s %22s %22s %22s %9s\n" set gts steininger pons gts/best
for set in $ran_sets; do
    row=""
    for s in gts steininger pons; do
        if has $s; then row="$row$(printf ' %22s' "${SUM[$set.$s]} (${SUM[$set.$s.self]})")"; else row="$row$(printf ' %22s' -)"; fi
    done
    ratio=$(awk -v g="${SUM[$set.gts]:--}" -v a="${SUM[$set.steininger]:--}" -v b="${SUM[$set.pons]:--}" 'BEGIN {
        gsub(/\*/, "", g); gsub(/\*/, "", a); gsub(/\*/, "", b)
        best = ""
        if (a != "-" && a != "") best = a + 0
        if (b != "-" && b != "" && (best == "" || b + 0 < best)) best = b + 0
        if (g == "-" || g == "" || best == "" || best == 0) print "-"; else printf "%.2f", g / best }')
    printf "   %-14s%s %9s\n" "$(set_label "$set")" "$row" "$ratio"
done
if [ "${SKIP_EMPTY:-0}" != 1 ]; then
    printf "   %-14s %22s %22s %22s\n" "empty board" "${SUM[empty.gts]:--}" "${SUM[empty.steininger]:--}" "${SUM[empty.pons]:--}"
fi
echo "== done in $(elapsed) s; outputs in $OUT"
