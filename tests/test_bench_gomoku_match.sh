#!/usr/bin/env bash
# bench/gomoku_match.sh and its summary on stand-ins (c-gomoku-cli and Rapfi are built outside
# the repository): the manager's command line (the opponent, the rule, -sprt), the summary's
# W/D/L, points, Elo and both 95% bands, forfeits by reason for each side, the last LLR and
# the move times; bad settings refused before any run.  Then the openings: the balanced file's
# shape, and bench/gomoku_make_openings.sh giving the same openings twice.  No timing is checked.
#
# usage: test_bench_gomoku_match.sh GTS_BINARY SOURCE_DIR
set -u
[ $# -eq 2 ] || { echo "usage: test_bench_gomoku_match.sh GTS_BINARY SOURCE_DIR" >&2; exit 2; }
. "$(dirname "$0")/cli_lib.sh" bench_gomoku_match
GTS=$(realpath "$1") SRC=$(realpath "$2")
MATCH=$SRC/bench/gomoku_match.sh REF=$TMP/ref
mkdir -p "$REF/c-gomoku-cli" "$REF/rapfi-run"

# The manager's stand-in: its arguments to args.txt, then the games of $TMP/games (one line a
# game "black|white|result|reason"), each followed by an LLR line when -sprt was given, and a
# game record (each move's time) of one game.
cat >"$REF/c-gomoku-cli/c-gomoku-cli" <<EOF
#!/usr/bin/env bash
printf '%s\n' "\$@" > "$TMP/args.txt"
n=0
while IFS='|' read -r b w r why; do
    n=\$((n + 1))
    echo "[1] Finished game \$n (\$b vs \$w): \$r {\$why}"
    case " \$* " in *" -sprt "*) echo "SPRT: LLR = 0.\$n [-2.944,2.944]" ;; esac
done < "$TMP/games"
printf '(;FF[4]PB[gts]PW[rapfi]\n;B[hh]C[opening move];W[ii]C[300ms];B[jj]C[100ms];W[kk]C[500ms])\n' > games.sgf
EOF
printf '#!/bin/sh\nexit 0\n' >"$REF/rapfi-run/pbrain-rapfi"
chmod +x "$REF/c-gomoku-cli/c-gomoku-cli" "$REF/rapfi-run/pbrain-rapfi"
touch "$REF/rapfi-run/config.toml"

# Six games in three pairs: gts wins 1, 2 (white), 4 by rapfi's time loss and 5 by rapfi's
# crash; draws 3; loses 6 by its illegal move.  Points 4.5/6 = 75% (Elo +191).
cat >"$TMP/games" <<'EOF'
gts|rapfi|1-0|Black win by five connection
rapfi|gts|0-1|White win by five connection
gts|rapfi|1/2-1/2|Draw by fullfilled board
rapfi|gts|0-1|White win by time forfeit
gts|rapfi|1-0|Black win by opponent crash
rapfi|gts|1-0|Black win by opponent illegal move
EOF
export REF_DIR=$REF OUT=$TMP/out1
run "against rapfi, fixed" "$MATCH" "$GTS"
expect_rc 0
expect_contains out "== result for gts vs rapfi: 6 games, W 4 / D 1 / L 1, points 75.0%, Elo +191" \
    "gts won 2 of 3 with black, 2 of 3 with white" \
    "games lost by time/crash/illegal/forbidden move: gts 0/0/1/0, rapfi 1/1/0/0" \
    "(trinomial, per-game variance, 6 games)" "(pentanomial, per-pair variance, 3 complete pairs" \
    "move time: gts mean 100 ms max 100 ms, rapfi mean 400 ms max 500 ms"
check "no -sprt in a fixed run" bash -c "! grep -qx -- -sprt '$TMP/args.txt'"
check "rapfi is the second engine" grep -qx "cmd=$REF/rapfi-run/pbrain-rapfi" "$TMP/args.txt"
check "summary.txt has the result" grep -q "points 75.0%" "$TMP/out1/summary.txt"
# p = 0.75 over 6 games: per-game s.e. sqrt((4.25/6 - 0.5625)/6) = 0.156, so 0.444..1.06: -39..+inf;
# pairs (1, 0.75, 0.5): s.e. sqrt((0.604 - 0.5625)/3) = 0.118, so 0.519..0.981: +13..+685.
expect_contains out "Elo 95%: -39..+inf (trinomial" "; +13..+685 (pentanomial"

# Self-play with an SPRT, caro: the opponent wrapped as gts-base, the rule and -sprt passed on.
sed -i 's/rapfi/gts-base/g' "$TMP/games"
export OUT=$TMP/out2
run "self-play, SPRT, caro" env OPPONENT="$GTS" OPP_ARGS="--threads 1" SPRT="0 50" RULE=caro "$MATCH" "$GTS"
expect_rc 0
expect_contains out "== result for gts vs gts-base: 6 games" "SPRT: LLR = 0.6 [-2.944,2.944] (for gts)" "rule 8 (caro)"
check "the manager got -sprt" grep -qzF -- $'-sprt\nelo0=0\nelo1=50\nalpha=0.05\nbeta=0.05' "$TMP/args.txt"
check "the manager got rule 8" grep -qzF -- $'-rule\n8\n' "$TMP/args.txt"
check "the opponent's wrapper runs the gts with OPP_ARGS" \
    grep -qF "exec \"$GTS\" gomoku pbrain --threads 1" "$TMP/out2/engines/pbrain-gts-base"

# Bad settings: one line, status 2, the manager never started.
rm -f "$TMP/args.txt"
for bad in "RULE=2" "RULE=renjuu" "GAMES=3" "SPRT=50" "SPRT=50 0" "SPRT=a b" "SPRT=0 50 9" \
    "OPPONENT=$TMP/none" "BOARD=19"; do
    run "refused: $bad" env "$bad" "$MATCH" "$GTS"
    expect_rc 2
    expect_lines err 1 "not one line on stderr for $bad"
done
run "no gts binary" "$MATCH" "$TMP/none"
expect_rc 2
check "the manager never ran" test ! -e "$TMP/args.txt"
unset REF_DIR OUT

# The balanced openings: at least 100, 4 or 5 stones within 3 of the centre, no cell twice,
# no line twice.
OPEN=$SRC/bench/gomoku_openings_balanced.txt
check "at least 100 openings" test "$(grep -c . "$OPEN")" -ge 100
check "no opening twice" test -z "$(sort "$OPEN" | uniq -d)"
check "4 or 5 stones within 3 of the centre, each cell once" awk -F', *' '
    { if (NF != 8 && NF != 10) exit 1
      delete seen
      for (i = 1; i <= NF; i += 2) {
          if ($i < -3 || $i > 3 || $(i + 1) < -3 || $(i + 1) > 3 || ($i, $(i + 1)) in seen) exit 1
          seen[$i, $(i + 1)] = 1 } }' "$OPEN"

# The generator: deterministic, and its argument errors.
GEN=$SRC/bench/gomoku_make_openings.sh
run "generator, twice the same" "$GEN" --gts "$GTS" --count 2 --depth 2 --lo -100000 --hi 100000
expect_rc 0
expect_lines out 2 "not 2 openings"
cp "$TMP/out" "$TMP/first"
run "generator again" "$GEN" --gts "$GTS" --count 2 --depth 2 --lo -100000 --hi 100000
check "the same openings" cmp -s "$TMP/out" "$TMP/first"
run "generator, a band nothing falls in" "$GEN" --gts "$GTS" --count 1 --depth 1 --lo 99999 --hi 99999
expect_rc 1
expect_contains err "only 0 of 1 openings in [99999, 99999]"
run "generator, an empty band" "$GEN" --lo 5 --hi 4
expect_rc 2
expect_lines err 1
run "generator, bad number" "$GEN" --count x
expect_rc 2
expect_lines err 1
finish
