#!/bin/bash
# gts's Gomocup engine against Rapfi (classical evaluation, one thread) or against another gts
# (self-play: an earlier version, e.g. the issue-43 baseline c7f4377) under the c-gomoku-cli manager.
#
#   usage (from the repo root):  [REF_DIR=DIR] [OPPONENT=rapfi|GTS2] bench/gomoku_match.sh GTS_BINARY
#     e.g. REF_DIR=/work/gomoku-ref GAMES=48 CONCURRENCY=8 bench/gomoku_match.sh build/rel/gts
#          OPPONENT=/work/gomoku-ref/gts-c7f4377 SPRT="0 50" GAMES=400 \
#            OPENINGS=bench/gomoku_openings_balanced.txt bench/gomoku_match.sh build/rel/gts
#
# Neither program is part of this repository, and this script never downloads anything:
# it only runs what was fetched and built by hand under REF_DIR (default /work/gomoku-ref):
#   REF_DIR/c-gomoku-cli/c-gomoku-cli   nkg114mc/c-gomoku-cli (the C++ version, commit cdacd85): its
#        src/*.cpp built with g++ -std=c++17 -O2 -pthread -fpermissive ... and Debian liblz4-dev's
#        liblz4.a for its extern/ lz4, libstdc++ static (nothing beyond libc/libm at run time);
#        src/util.cpp needs <cstring> with g++ 12, and a local patch judges caro (INFO rule 8, 9;
#        checked by REF_DIR/c-gomoku-cli/caro-check.sh); REF_DIR/c-gomoku-cli/build.sh holds the command
#   REF_DIR/rapfi-run/pbrain-rapfi      dhbloo/rapfi, the Rapfi/ folder (0.38.02, commit d17d398), built with
#        cmake -S REF_DIR/rapfi/Rapfi -B REF_DIR/rapfi/build-st -DCMAKE_BUILD_TYPE=Release \
#              -DNO_COMMAND_MODULES=ON -DNO_MULTI_THREADING=ON -DUSE_AVX2=ON -DUSE_BMI2=ON
#        cmake --build REF_DIR/rapfi/build-st -j2
#        with the NNUE evaluators (eval/mix6nnue, mix6Qnnue, mix7nnue, nnuev2) left out of
#        CMakeLists.txt and config.cpp: classical pattern evaluation only; tbb (only for the
#        command modules) not linked, libstdc++ static; then copied here.
#        NO_MULTI_THREADING: one search thread for sure, and no protocol race: the threaded build
#        prints its move before it is ready for the next command and drops one that comes at once
#        (a START right after its winning move: the next game lost on time; an END: it hangs)
#   REF_DIR/rapfi-run/config.toml       its config: default_thread_num = 1, Rapfi's built-in classical
#        pattern tables as [model] (internalConfig.cpp), no [model.evaluator], no database.
#        Rapfi reads config.toml from its working folder, which the manager sets to the binary's folder.
# REF_DIR/NOTES.md tells how they were fetched and built; the edits are in REF_DIR/*/local-patches.diff.
#
# The match: gts (engine 0, named gts) against the opponent (named rapfi, or gts-base: OPP_NAME),
# every opening played twice with the colours swapped (c-gomoku-cli -repeat), in file order.  Each engine gets
# Gomocup's INFO timeout_turn = MOVE_MS and a generous timeout_match (MATCH_MS), so the turn time is
# what binds; a move later than timeout_turn + min(TOLERANCE_S/2, 1 s) is a time loss.
# gts runs as `GTS_BINARY gomoku pbrain $GTS_ARGS` through a two-line wrapper in OUT/engines/, a gts
# opponent as `GTS2 gomoku pbrain $OPP_ARGS` the same way.  Fixed runs of GAMES are the default;
# SPRT="elo0 elo1" runs c-gomoku-cli's own -sprt (trinomial GSPRT, alpha = beta = 0.05) for gts,
# stopping at H0 or H1 or after GAMES.  The summary (bench/gomoku_match_summary.sh) gives the Elo
# with its 95% interval, the forfeits by reason for each side and the last LLR.
#
# bench/gomoku_openings_balanced.txt: 120 four- and five-stone openings for long self-play runs,
# made by bench/gomoku_make_openings.sh (its header says how they were chosen and balanced).
#
# bench/gomoku_openings_15.txt: 26 three-stone openings (black at the centre, white next to it
# straight or diagonally, black's third stone within two of the centre: the 26 classical renju
# shapes, up to symmetry) then 3 two-stone ones, in offsets from the centre ("x,y, x,y, ..."), so the
# same file serves 15x15 and 20x20.  They are ordered by how even Rapfi (this build, 2 s a
# position) found them: the first 12 (the 24 default games) range from +32 to +135 for black
# (Rapfi's scale: 200 is about a 73% win rate), the two-stone ones are +220 to +274.
#
# Environment knobs:
#   REF_DIR=DIR        where the hand-built manager and Rapfi live (default /work/gomoku-ref)
#   MANAGER=PATH       the c-gomoku-cli binary (default REF_DIR/c-gomoku-cli/c-gomoku-cli)
#   RAPFI=PATH         the Rapfi binary, config.toml beside it (default REF_DIR/rapfi-run/pbrain-rapfi)
#   OPPONENT=rapfi|PATH  rapfi (default), or another gts binary: self-play
#   OPP_ARGS="..."     extra arguments for the opponent gts's `gomoku pbrain` (default none)
#   OPP_NAME=NAME      the opponent's name in the records (default rapfi, or gts-base for a gts)
#   SPRT="E0 E1"       an SPRT of H0: Elo = E0 against H1: Elo = E1 for gts (alpha = beta = 0.05),
#                      at most GAMES games; default none: a fixed run of GAMES
#   BOARD=15|20        board size (default 15)
#   RULE=R             Gomocup INFO rule: 0 or freestyle (five or more), 1 or standard (exactly five),
#                      4 or renju, 8 or caro (a five blocked by the opponent at both ends does not
#                      win; an overline does), 9 or caro-exact (caro with exactly five), passed to
#                      both engines as is (default 0).  c-gomoku-cli judges 0, 1 and 4 itself,
#                      8 and 9 with this build's local patch (Piskvork's judgement: the edge does
#                      not block); Rapfi 0.38 has no caro, so caro is for gts against gts
#   GAMES=N            games in all, an even number: N/2 openings, each with both colours (default 24)
#   MOVE_MS=MS         timeout_turn, milliseconds a move (default 1000)
#   MATCH_MS=MS        timeout_match per game and side (default MOVE_MS * BOARD * BOARD: never binding)
#   TOLERANCE_S=S      c-gomoku-cli's tolerance (default 3); a move is stopped and lost on time
#                      timeout_turn + min(TOLERANCE_S/2, 1 s) after it was asked for
#   GTS_MAX_MEMORY_MB=M  INFO max_memory for gts and a gts opponent (default 350, Gomocup's; gts's
#                      table is a quarter)
#   RAPFI_MAX_MEMORY_MB=M  INFO max_memory for Rapfi (default 128: a 108 MB table).  Rapfi resizes its
#                      table when INFO max_memory comes, on the clock of its first move: at 350 MB that
#                      took 1.3-1.5 s on a loaded 2-core VM and lost a game on time; at 128 MB
#                      its first move still took 0.6-1.1 s more than its search there (load 6 on 2
#                      cores, 2026-12-03): at MOVE_MS=300 Rapfi's first game was lost on time twice
#                      in two runs, at 32 MB (a 12 MB table) in none of two: use 32 for smoke runs there
#   CONCURRENCY=N      games played at the same time (default 1; each engine searches on one thread,
#                      so N games load 2N cores at most: N = half the cores leaves room)
#   OPENINGS=FILE      openings file (default bench/gomoku_openings_15.txt beside this script;
#                      bench/gomoku_openings_balanced.txt for runs of more than 58 games)
#   GTS_ARGS="..."     extra arguments for `gts gomoku pbrain` (default none: one thread)
#   OUT=DIR            where the records go (default build/gomoku-match): match.log (the manager's
#                      output), games.pgn, games.sgf (moves and each move's time), messages.txt (the
#                      engines' MESSAGE lines), c-gomoku-cli.N.log (all engine I/O), results.txt (one
#                      line a game: number|black|white|result|reason), summary.txt
set -euo pipefail
if [ $# -ne 1 ]; then
    sed -n '5,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
GTS=$1
case "$GTS" in /*) ;; *) GTS="$PWD/$GTS" ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
REF_DIR=${REF_DIR:-/work/gomoku-ref}
MANAGER=${MANAGER:-$REF_DIR/c-gomoku-cli/c-gomoku-cli}
RAPFI=${RAPFI:-$REF_DIR/rapfi-run/pbrain-rapfi}
OPPONENT=${OPPONENT:-rapfi}
OPP_ARGS=${OPP_ARGS:-}
SPRT=${SPRT:-}
BOARD=${BOARD:-15}
RULE=${RULE:-0}
GAMES=${GAMES:-24}
MOVE_MS=${MOVE_MS:-1000}
MATCH_MS=${MATCH_MS:-$((MOVE_MS * BOARD * BOARD))}
TOLERANCE_S=${TOLERANCE_S:-3}
GTS_MAX_MEMORY_MB=${GTS_MAX_MEMORY_MB:-350}
RAPFI_MAX_MEMORY_MB=${RAPFI_MAX_MEMORY_MB:-128}
CONCURRENCY=${CONCURRENCY:-1}
OPENINGS=${OPENINGS:-$HERE/gomoku_openings_15.txt}
GTS_ARGS=${GTS_ARGS:-}
OUT=${OUT:-build/gomoku-match}
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac
case "$OPENINGS" in /*) ;; *) OPENINGS="$PWD/$OPENINGS" ;; esac

case "$BOARD" in 15 | 20) ;; *) echo "BOARD must be 15 or 20" >&2; exit 2 ;; esac
case "$RULE" in
    0 | freestyle) RULE=0 RULE_NAME=freestyle ;;
    1 | standard) RULE=1 RULE_NAME=standard ;;
    4 | renju) RULE=4 RULE_NAME=renju ;;
    8 | caro) RULE=8 RULE_NAME=caro ;;
    9 | caro-exact) RULE=9 RULE_NAME=caro-exact ;;
    *) echo "RULE must be 0 (freestyle), 1 (standard), 4 (renju), 8 (caro) or 9 (caro-exact)" >&2; exit 2 ;;
esac
if [ $((GAMES % 2)) -ne 0 ] || [ "$GAMES" -lt 2 ]; then
    echo "GAMES must be even (each opening is played with both colours)" >&2
    exit 2
fi
SPRT_ARGS=()
if [ -n "$SPRT" ]; then
    read -r elo0 elo1 extra <<< "$SPRT"
    num='^[+-]?[0-9]+([.][0-9]+)?$'
    if ! [[ ${elo0:-} =~ $num && ${elo1:-} =~ $num ]] || [ -n "${extra:-}" ] ||
        ! awk -v a="$elo0" -v b="$elo1" 'BEGIN { exit !(a < b) }'; then
        echo "SPRT must be two Elo values \"elo0 elo1\" with elo0 < elo1, e.g. SPRT=\"0 50\"" >&2
        exit 2
    fi
    SPRT_ARGS=(-sprt "elo0=$elo0" "elo1=$elo1" alpha=0.05 beta=0.05)
fi
[ -x "$GTS" ] || { echo "gts binary $GTS not found" >&2; exit 2; }
[ -f "$OPENINGS" ] || { echo "openings file $OPENINGS not found" >&2; exit 2; }
missing=0
need=("$MANAGER")
if [ "$OPPONENT" = rapfi ]; then
    OPP_NAME=${OPP_NAME:-rapfi}
    need+=("$RAPFI")
    [ -f "$(dirname "$RAPFI")/config.toml" ] || { echo "missing $(dirname "$RAPFI")/config.toml" >&2; missing=1; }
else
    case "$OPPONENT" in /*) ;; *) OPPONENT="$PWD/$OPPONENT" ;; esac
    OPP_NAME=${OPP_NAME:-gts-base}
    [ -x "$OPPONENT" ] || { echo "OPPONENT must be rapfi or a gts binary: $OPPONENT not found" >&2; exit 2; }
fi
[ "$OPP_NAME" != gts ] || { echo "OPP_NAME must differ from gts" >&2; exit 2; }
for f in "${need[@]}"; do
    [ -x "$f" ] || { echo "missing $f" >&2; missing=1; }
done
if [ $missing -ne 0 ]; then
    echo "Build them by hand first (this script never downloads); see the comment at the top of $0:" >&2
    sed -n '/^# Neither program/,/^# REF_DIR\/NOTES.md/p' "$0" | sed 's/^# \{0,1\}/  /' >&2
    exit 2
fi
nopen=$(grep -c . "$OPENINGS" || true)
if [ $((GAMES / 2)) -gt "$nopen" ]; then
    echo "note: $GAMES games need $((GAMES / 2)) openings, $OPENINGS has $nopen; the manager starts over" >&2
fi

mkdir -p "$OUT/engines"
rm -f "$OUT"/match.log "$OUT"/games.pgn "$OUT"/games.sgf "$OUT"/messages.txt "$OUT"/summary.txt "$OUT"/results.txt \
    "$OUT"/c-gomoku-cli.*.log
# wrap NAME BINARY ARGS: OUT/engines/pbrain-NAME runs `BINARY gomoku pbrain ARGS`.
wrap() {
    printf '#!/bin/sh\nexec "%s" gomoku pbrain %s "$@"\n' "$2" "$3" > "$OUT/engines/pbrain-$1"
    chmod +x "$OUT/engines/pbrain-$1"
    echo "$OUT/engines/pbrain-$1"
}
WRAP=$(wrap gts "$GTS" "$GTS_ARGS")
if [ "$OPPONENT" = rapfi ]; then
    OPP_CMD=$RAPFI OPP_MEMORY_MB=$RAPFI_MAX_MEMORY_MB
else
    OPP_CMD=$(wrap "$OPP_NAME" "$OPPONENT" "$OPP_ARGS") OPP_MEMORY_MB=$GTS_MAX_MEMORY_MB
fi

secs() { awk -v m="$1" 'BEGIN { printf "%g", m / 1000 }'; }
TC="$(secs "$MATCH_MS")/$(secs "$MOVE_MS")"
about() {
    local s
    s=$(cd "$(dirname "$1")" && printf 'ABOUT\nEND\n' | timeout 5 "./$(basename "$1")" 2> /dev/null | grep -m1 '=' || true)
    echo "${s:-?}"
}

{
    echo "== gomoku match: $(date -u '+%F %T') UTC, host $(hostname), $(nproc) cpus"
    lscpu 2> /dev/null | sed -n 's/^Model name: *//p' | sed 's/^/   cpu: /'
    echo "   gts:   $GTS $GTS_ARGS ($(about "$WRAP"))"
    if [ "$OPPONENT" = rapfi ]; then
        echo "   rapfi: $RAPFI ($(about "$RAPFI")), config $(dirname "$RAPFI")/config.toml"
    else
        echo "   $OPP_NAME: $OPPONENT $OPP_ARGS ($(about "$OPP_CMD"))"
    fi
    echo "   board ${BOARD}x$BOARD, rule $RULE ($RULE_NAME), $GAMES games${SPRT:+ at most, SPRT elo0 $elo0 elo1 $elo1 alpha 0.05 beta 0.05}," \
        "timeout_turn $MOVE_MS ms, timeout_match $MATCH_MS ms, tolerance $TOLERANCE_S s, concurrency $CONCURRENCY,"
    echo "   max_memory: gts $GTS_MAX_MEMORY_MB MB, $OPP_NAME $OPP_MEMORY_MB MB"
    echo "   openings: $OPENINGS (first $((GAMES / 2)), both colours)"
} | tee "$OUT/summary.txt"

# Per engine, not with -each: c-gomoku-cli's -each would put back its default maxmemory.
CMD=("$MANAGER"
    -engine name=gts "cmd=$WRAP" "tc=$TC" "tolerance=$TOLERANCE_S" "maxmemory=$((GTS_MAX_MEMORY_MB * 1048576))"
    -engine "name=$OPP_NAME" "cmd=$OPP_CMD" "tc=$TC" "tolerance=$TOLERANCE_S" "maxmemory=$((OPP_MEMORY_MB * 1048576))"
    -rule "$RULE" -boardsize "$BOARD" -games "$GAMES" -repeat -concurrency "$CONCURRENCY" "${SPRT_ARGS[@]}"
    -openings "file=$OPENINGS" type=offset order=sequential
    -pgn "$OUT/games.pgn" -sgf "$OUT/games.sgf" -msg "$OUT/messages.txt" -log)
echo "   command (run in $OUT): ${CMD[*]}" | tee -a "$OUT/summary.txt"

T0=$(date +%s)
rc=0
(cd "$OUT" && stdbuf -oL "${CMD[@]}") 2>&1 | tee "$OUT/match.log" || rc=$?
T1=$(date +%s)

# "[w] Finished game N (BLACK vs WHITE): 1-0|0-1|1/2-1/2 {reason}", result from black's side.
sed -n 's/^\[[0-9]*\] Finished game \([0-9]*\) (\(.*\) vs \(.*\)): \([^ ]*\) {\(.*\)}$/\1|\2|\3|\4|\5/p' \
    "$OUT/match.log" > "$OUT/results.txt"
"$HERE/gomoku_match_summary.sh" "$OUT" gts "$OPP_NAME" $((T1 - T0)) | tee -a "$OUT/summary.txt"
[ $rc -eq 0 ] || echo "   (the manager exited with status $rc)" | tee -a "$OUT/summary.txt"
echo "== records in $OUT: match.log games.pgn games.sgf messages.txt c-gomoku-cli.*.log results.txt summary.txt"
exit $rc
