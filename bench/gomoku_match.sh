#!/bin/bash
# gts's Gomocup engine against Rapfi (classical evaluation, one thread) under the c-gomoku-cli manager.
#
#   usage (from the repo root):  [REF_DIR=DIR] bench/gomoku_match.sh GTS_BINARY
#     e.g. REF_DIR=/work/gomoku-ref GAMES=24 MOVE_MS=1000 bench/gomoku_match.sh build/gts
#
# Neither program is part of this repository, and this script never downloads anything:
# it only runs what was fetched and built by hand under REF_DIR (default /work/gomoku-ref):
#   REF_DIR/c-gomoku-cli/c-gomoku-cli   nkg114mc/c-gomoku-cli (the C++ version): its src/*.cpp built with
#        g++ -std=c++17 -O2 -pthread -fpermissive ... -llz4 (Debian liblz4-dev for its extern/ lz4);
#        REF_DIR/c-gomoku-cli/build.sh holds the exact command
#   REF_DIR/rapfi-run/pbrain-rapfi      dhbloo/rapfi, the Rapfi/ folder (0.38.02, commit d17d398), built with
#        cmake -S REF_DIR/rapfi/Rapfi -B REF_DIR/rapfi/build-st -DCMAKE_BUILD_TYPE=Release \
#              -DNO_COMMAND_MODULES=ON -DNO_MULTI_THREADING=ON -DUSE_AVX2=ON -DUSE_BMI2=ON
#        cmake --build REF_DIR/rapfi/build-st -j2
#        with the NNUE evaluators (eval/mix6nnue, mix6Qnnue, mix7nnue, nnuev2) left out of
#        CMakeLists.txt and config.cpp: classical pattern evaluation only; then copied here.
#        NO_MULTI_THREADING: one search thread for sure, and no protocol race: the threaded build
#        prints its move before it is ready for the next command and drops one that comes at once
#        (a START right after its winning move: the next game lost on time; an END: it hangs)
#   REF_DIR/rapfi-run/config.toml       its config: default_thread_num = 1, Rapfi's built-in classical
#        pattern tables as [model] (internalConfig.cpp), no [model.evaluator], no database.
#        Rapfi reads config.toml from its working folder, which the manager sets to the binary's folder.
# REF_DIR/NOTES.md tells how they were fetched and built; the edits are in REF_DIR/*/local-patches.diff.
#
# The match: gts (engine 0, named gts) against Rapfi (named rapfi), every opening played twice with
# the colours swapped (c-gomoku-cli -repeat), openings taken in file order.  Each engine gets
# Gomocup's INFO timeout_turn = MOVE_MS and a generous timeout_match (MATCH_MS), so the turn time is
# what binds; a move later than timeout_turn + min(TOLERANCE_S/2, 1 s) is a time loss.
# gts runs as `GTS_BINARY gomoku pbrain $GTS_ARGS` through a two-line wrapper in OUT/engines/.
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
#   BOARD=15|20        board size (default 15)
#   RULE=0|1           Gomocup INFO rule: 0 freestyle (five or more), 1 standard (exactly five) (default 0)
#   GAMES=N            games in all, an even number: N/2 openings, each with both colours (default 24)
#   MOVE_MS=MS         timeout_turn, milliseconds a move (default 1000)
#   MATCH_MS=MS        timeout_match per game and side (default MOVE_MS * BOARD * BOARD: never binding)
#   TOLERANCE_S=S      c-gomoku-cli's tolerance (default 3); a move is stopped and lost on time
#                      timeout_turn + min(TOLERANCE_S/2, 1 s) after it was asked for
#   GTS_MAX_MEMORY_MB=M  INFO max_memory for gts (default 350, Gomocup's; gts's table is a quarter)
#   RAPFI_MAX_MEMORY_MB=M  INFO max_memory for Rapfi (default 128: a 108 MB table).  Rapfi resizes its
#                      table when INFO max_memory comes, on the clock of its first move: at 350 MB that
#                      took 1.3-1.5 s on a loaded 2-core VM and lost a game on time
#   CONCURRENCY=N      games played at the same time (default 1; each engine searches on one thread)
#   OPENINGS=FILE      openings file (default bench/gomoku_openings_15.txt beside this script)
#   GTS_ARGS="..."     extra arguments for `gts gomoku pbrain` (default none: one thread)
#   OUT=DIR            where the records go (default build/gomoku-match): match.log (the manager's
#                      output), games.pgn, games.sgf (moves and each move's time), messages.txt (the
#                      engines' MESSAGE lines), c-gomoku-cli.N.log (all engine I/O), results.txt (one
#                      line a game: number|black|white|result|reason), summary.txt
set -euo pipefail
if [ $# -ne 1 ]; then
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
GTS=$1
case "$GTS" in /*) ;; *) GTS="$PWD/$GTS" ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
REF_DIR=${REF_DIR:-/work/gomoku-ref}
MANAGER=${MANAGER:-$REF_DIR/c-gomoku-cli/c-gomoku-cli}
RAPFI=${RAPFI:-$REF_DIR/rapfi-run/pbrain-rapfi}
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
case "$RULE" in 0 | 1) ;; *) echo "RULE must be 0 (freestyle) or 1 (standard)" >&2; exit 2 ;; esac
if [ $((GAMES % 2)) -ne 0 ] || [ "$GAMES" -lt 2 ]; then
    echo "GAMES must be even (each opening is played with both colours)" >&2
    exit 2
fi
[ -x "$GTS" ] || { echo "gts binary $GTS not found" >&2; exit 2; }
[ -f "$OPENINGS" ] || { echo "openings file $OPENINGS not found" >&2; exit 2; }
missing=0
for f in "$MANAGER" "$RAPFI"; do
    [ -x "$f" ] || { echo "missing $f" >&2; missing=1; }
done
[ -f "$(dirname "$RAPFI")/config.toml" ] || { echo "missing $(dirname "$RAPFI")/config.toml" >&2; missing=1; }
if [ $missing -ne 0 ]; then
    echo "Build them by hand first (this script never downloads); see the comment at the top of $0:" >&2
    sed -n '7,24p' "$0" | sed 's/^# \{0,1\}/  /' >&2
    exit 2
fi
nopen=$(grep -c . "$OPENINGS" || true)
if [ $((GAMES / 2)) -gt "$nopen" ]; then
    echo "note: $GAMES games need $((GAMES / 2)) openings, $OPENINGS has $nopen; the manager starts over" >&2
fi

mkdir -p "$OUT/engines"
rm -f "$OUT"/match.log "$OUT"/games.pgn "$OUT"/games.sgf "$OUT"/messages.txt "$OUT"/summary.txt "$OUT"/results.txt \
    "$OUT"/c-gomoku-cli.*.log
WRAP="$OUT/engines/pbrain-gts"
printf '#!/bin/sh\nexec "%s" gomoku pbrain %s "$@"\n' "$GTS" "$GTS_ARGS" > "$WRAP"
chmod +x "$WRAP"

secs() { awk -v m="$1" 'BEGIN { printf "%g", m / 1000 }'; }
TC="$(secs "$MATCH_MS")/$(secs "$MOVE_MS")"
about() {
    local s
    s=$(printf 'ABOUT\nEND\n' | timeout 5 "$1" 2> /dev/null | grep -m1 '=' || true)
    echo "${s:-?}"
}

{
    echo "== gomoku match: $(date -u '+%F %T') UTC, host $(hostname), $(nproc) cpus"
    lscpu 2> /dev/null | sed -n 's/^Model name: *//p' | sed 's/^/   cpu: /'
    echo "   gts:   $GTS $GTS_ARGS ($(about "$WRAP"))"
    echo "   rapfi: $RAPFI ($(cd "$(dirname "$RAPFI")" && about "./$(basename "$RAPFI")")), config $(dirname "$RAPFI")/config.toml"
    echo "   board ${BOARD}x$BOARD, rule $RULE ($([ "$RULE" = 0 ] && echo freestyle || echo standard)), $GAMES games," \
        "timeout_turn $MOVE_MS ms, timeout_match $MATCH_MS ms, tolerance $TOLERANCE_S s, concurrency $CONCURRENCY,"
    echo "   max_memory: gts $GTS_MAX_MEMORY_MB MB, rapfi $RAPFI_MAX_MEMORY_MB MB"
    echo "   openings: $OPENINGS (first $((GAMES / 2)), both colours)"
} | tee "$OUT/summary.txt"

# Per engine, not with -each: c-gomoku-cli's -each would put back its default maxmemory.
CMD=("$MANAGER"
    -engine name=gts "cmd=$WRAP" "tc=$TC" "tolerance=$TOLERANCE_S" "maxmemory=$((GTS_MAX_MEMORY_MB * 1048576))"
    -engine name=rapfi "cmd=$RAPFI" "tc=$TC" "tolerance=$TOLERANCE_S" "maxmemory=$((RAPFI_MAX_MEMORY_MB * 1048576))"
    -rule "$RULE" -boardsize "$BOARD" -games "$GAMES" -repeat -concurrency "$CONCURRENCY"
    -openings "file=$OPENINGS" type=offset order=sequential
    -pgn "$OUT/games.pgn" -sgf "$OUT/games.sgf" -msg "$OUT/messages.txt" -log)
echo "   command (run in $OUT): ${CMD[*]}" | tee -a "$OUT/summary.txt"

T0=$(date +%s)
rc=0
(cd "$OUT" && stdbuf -oL "${CMD[@]}") 2>&1 | tee "$OUT/match.log" || rc=$?
T1=$(date +%s)

# ---------------------------------------------------------------- summary
# "[w] Finished game N (BLACK vs WHITE): 1-0|0-1|1/2-1/2 {reason}", result from black's side.
sed -n 's/^\[[0-9]*\] Finished game \([0-9]*\) (\(.*\) vs \(.*\)): \([^ ]*\) {\(.*\)}$/\1|\2|\3|\4|\5/p' \
    "$OUT/match.log" > "$OUT/results.txt"
moves=$(awk 'BEGIN { RS = "\\(;FF" }
    NR > 1 {
        g++
        pb = $0; sub(/.*PB\[/, "", pb); sub(/\].*/, "", pb)
        stones += gsub(/;[BW]\[[a-z][a-z]\]/, "&")
        opening += gsub(/C\[opening move\]/, "&")
        rest = $0
        while (match(rest, /;[BW]\[[a-z][a-z]\]C\[[0-9]+ms\]/)) {
            mv = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            side = substr(mv, 2, 1); t = mv; gsub(/.*C\[|ms\]/, "", t)
            e = ((side == "B") == (pb == "gts")) ? "gts" : "rapfi"
            n[e]++; tt[e] += t; if (t + 0 > mx[e]) mx[e] = t + 0
        }
    }
    END {
        if (!g) { print "no games recorded"; exit }
        printf "average game: %.1f stones at the end (%.1f moves played after the opening); ", stones / g, (stones - opening) / g
        printf "move time: gts mean %.0f ms max %d ms, rapfi mean %.0f ms max %d ms",
            n["gts"] ? tt["gts"] / n["gts"] : 0, mx["gts"], n["rapfi"] ? tt["rapfi"] / n["rapfi"] : 0, mx["rapfi"]
    }' "$OUT/games.sgf" 2> /dev/null || echo "no game record")
awk -F'|' -v wall=$((T1 - T0)) -v moves="$moves" '
    {
        gb = ($2 == "gts"); n++
        if ($4 == "1/2-1/2") { d++; next }
        bw = ($4 == "1-0")
        if (bw == gb) { w++; loser = "rapfi" } else { l++; loser = "gts" }
        if ($5 ~ /time forfeit/) tl[loser]++
        else if ($5 ~ /opponent crash/) cr[loser]++
        else if ($5 ~ /illegal move/) il[loser]++
        else if ($5 ~ /forbidden/) fb[loser]++
        if (gb) { bg++; if (bw) bgw++ } else { wg++; if (!bw) wgw++ }
    }
    END {
        if (!n) { print "== no finished games (see match.log)"; exit }
        p = (w + d / 2) / n
        elo = (p > 0 && p < 1) ? sprintf("%+.0f", -400 * log(1 / p - 1) / log(10)) : (p >= 1 ? "+inf" : "-inf")
        printf "== result for gts vs rapfi: %d games, W %d / D %d / L %d, points %.1f%% (Elo %s), %d s wall\n", n, w, d, l, 100 * p, elo, wall
        printf "   gts won %d of %d with black, %d of %d with white\n", bgw, bg, wgw, wg
        printf "   games lost by time/crash/illegal move: gts %d/%d/%d, rapfi %d/%d/%d", tl["gts"], cr["gts"], il["gts"], tl["rapfi"], cr["rapfi"], il["rapfi"]
        if (fb["gts"] + fb["rapfi"]) printf ", forbidden move: gts %d, rapfi %d", fb["gts"], fb["rapfi"]
        printf "\n   %s\n", moves
    }' "$OUT/results.txt" | tee -a "$OUT/summary.txt"
[ $rc -eq 0 ] || echo "   (the manager exited with status $rc)" | tee -a "$OUT/summary.txt"
echo "== records in $OUT: match.log games.pgn games.sgf messages.txt c-gomoku-cli.*.log results.txt summary.txt"
exit $rc
