#!/bin/bash
# The summary of a bench/gomoku_match.sh run: score, Elo with its 95% error, forfeits, SPRT.
#
#   usage: bench/gomoku_match_summary.sh OUT NAME OPP [WALL_S]
#
# OUT/results.txt: one line a game, "number|black|white|result|reason", result from black's
# side (1-0, 0-1, 1/2-1/2) as c-gomoku-cli prints it; NAME is the engine the figures are for,
# OPP its opponent.  Also read when there: OUT/games.sgf (each move's time, "C[123ms]") and
# OUT/match.log (c-gomoku-cli's last "SPRT: LLR = ..." line).
#
# Elo = -400 log10(1/p - 1) at the points fraction p; its 95% interval is p +- 1.96 s.e.
# mapped through the same curve, with the s.e. two ways:
#   trinomial: from the variance of the per-game scores (0, 1/2, 1) over all games;
#   pentanomial: from the variance of the per-pair scores, a pair being games 2k-1 and 2k
#     (c-gomoku-cli -repeat: one opening, both colours), over the complete pairs only.
#     Paired openings cancel the opening's bias, so this one is the narrower honest figure;
#     the trinomial one treats the two games of a pair as independent.
set -euo pipefail
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
    sed -n '4p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
OUT=$1 NAME=$2 OPP=$3 WALL=${4:-0}
[ -f "$OUT/results.txt" ] || { echo "gomoku_match_summary.sh: no $OUT/results.txt" >&2; exit 2; }

moves=$( [ -f "$OUT/games.sgf" ] && awk -v me="$NAME" -v opp="$OPP" 'BEGIN { RS = "\\(;FF" }
    NR > 1 {
        g++
        pb = $0; sub(/.*PB\[/, "", pb); sub(/\].*/, "", pb)
        stones += gsub(/;[BW]\[[a-z][a-z]\]/, "&")
        opening += gsub(/C\[opening move\]/, "&")
        rest = $0
        while (match(rest, /;[BW]\[[a-z][a-z]\]C\[[0-9]+ms\]/)) {
            mv = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH)
            side = substr(mv, 2, 1); t = mv; gsub(/.*C\[|ms\]/, "", t)
            e = ((side == "B") == (pb == me)) ? me : opp
            n[e]++; tt[e] += t; if (t + 0 > mx[e]) mx[e] = t + 0
        }
    }
    END {
        if (!g) { print "no games recorded"; exit }
        printf "average game: %.1f stones at the end (%.1f moves played after the opening); ", stones / g, (stones - opening) / g
        printf "move time: %s mean %.0f ms max %d ms, %s mean %.0f ms max %d ms", me,
            n[me] ? tt[me] / n[me] : 0, mx[me], opp, n[opp] ? tt[opp] / n[opp] : 0, mx[opp]
    }' "$OUT/games.sgf" 2> /dev/null || echo "no game record")
sprt=$( [ -f "$OUT/match.log" ] && grep 'SPRT: LLR' "$OUT/match.log" | tail -1 || true)

awk -F'|' -v me="$NAME" -v opp="$OPP" -v wall="$WALL" -v moves="$moves" -v sprt="$sprt" '
    function elo(p) { return p <= 0 ? "-inf" : p >= 1 ? "+inf" : sprintf("%+.0f", -400 * log(1 / p - 1) / log(10) + 0) }
    # the 95% interval of Elo around p, given the standard error of p
    function band(p, se, k,    lo, hi) {
        if (k < 2) return "n/a"
        lo = p - 1.96 * se; hi = p + 1.96 * se
        return sprintf("%s..%s", elo(lo), elo(hi))
    }
    {
        if ($2 != me && $3 != me) next
        gb = ($2 == me); n++
        if ($4 == "1/2-1/2") { x = 0.5; d++ }
        else {
            bw = ($4 == "1-0"); x = (bw == gb) ? 1 : 0
            if (x) w++; else l++
            loser = x ? opp : me
            if ($5 ~ /time forfeit/) tl[loser]++
            else if ($5 ~ /opponent crash/) cr[loser]++
            else if ($5 ~ /illegal move/) il[loser]++
            else if ($5 ~ /forbidden/) fb[loser]++
            if (gb && bw) bgw++
            if (!gb && !bw) wgw++
        }
        if (gb) bg++; else wg++
        s += x; s2 += x * x
        pair = int(($1 - 1) / 2); ps[pair] += x; pn[pair]++
    }
    END {
        if (!n) { print "== no finished games (see match.log)"; exit }
        p = s / n
        se3 = sqrt((s2 / n - p * p) / n)
        for (k in pn) if (pn[k] == 2) { np++; y = ps[k] / 2; q += y; q2 += y * y }
        se5 = np ? sqrt((q2 / np - (q / np) ^ 2) / np) : 0
        printf "== result for %s vs %s: %d games, W %d / D %d / L %d, points %.1f%%, Elo %s, %d s wall\n", me, opp, n, w, d, l, 100 * p, elo(p), wall
        printf "   Elo 95%%: %s (trinomial, per-game variance, %d games); %s (pentanomial, per-pair variance, %d complete pairs of an opening with both colours)\n",
            band(p, se3, n), n, np ? band(q / np, se5, np) : "n/a", np
        printf "   %s won %d of %d with black, %d of %d with white\n", me, bgw, bg, wgw, wg
        printf "   games lost by time/crash/illegal/forbidden move: %s %d/%d/%d/%d, %s %d/%d/%d/%d\n",
            me, tl[me], cr[me], il[me], fb[me], opp, tl[opp], cr[opp], il[opp], fb[opp]
        if (sprt != "") printf "   %s (for %s)\n", sprt, me
        printf "   %s\n", moves
    }' "$OUT/results.txt"
