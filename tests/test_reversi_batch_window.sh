#!/usr/bin/env bash
# gts reversi solve --each / --gpu read their input in windows (--window):
# with windows far smaller than the input, over two files, the lines and
# scores are those of one window and of the plain solver's; a bad line is
# reported with its number wherever it falls and the rest is solved;
# Ctrl-C keeps every line of the windows solved before it; bad --window.
#
# usage: test_reversi_batch_window.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY
set -u
GTS=${1:?usage: test_reversi_batch_window.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY}
MAKE=${2:?usage: test_reversi_batch_window.sh GTS_BINARY RV_MAKE_POSITIONS_BINARY}

. "$(dirname "$0")/cli_lib.sh" gts_reversi_batch_window

# Two files: 40 positions with their scores, bad lines at a window's first
# line (7: after 6 good ones), inside one, at a file's end, plus a
# comment and a blank line; then 13 more.
"$MAKE" --solve 53 10 5 > "$TMP/all"
{
    head -6 "$TMP/all"
    echo "not a position"
    sed -n 7,20p "$TMP/all"
    echo "# a comment"
    echo
    sed -n 21,30p "$TMP/all"
    echo "XXXX too short X"
    sed -n 31,40p "$TMP/all"
    echo "also not a position"
} > "$TMP/a.obf"
sed -n 41,53p "$TMP/all" > "$TMP/b.obf"
bad_a="a.obf:7: expected 64 board characters"
bad_b="a.obf:34: expected 64 board characters"
bad_c="a.obf:45: expected 64 board characters"

# The plain solver's line numbers and scores: what every window must give.
"$GTS" reversi solve "$TMP/a.obf" "$TMP/b.obf" > "$TMP/plain" 2> /dev/null
awk '/empties/ {print $1, $6}' "$TMP/plain" > "$TMP/plain.scores"
check "the plain solver solved 53 lines" test "$(wc -l < "$TMP/plain.scores")" -eq 53

for mode in "--each" "--each --threads 2" "--gpu --executor cpu" "--gpu --executor cpu --threads 2 --gpu-budget 4096"; do
    # One window holds all of it, as before --window.
    run "solve $mode, one window" "$GTS" reversi solve $mode "$TMP/a.obf" "$TMP/b.obf"
    expect_rc 1
    grep -v '^#' "$TMP/out" > "$TMP/whole"
    check "solve $mode: one window" test "$(grep -c 'windows of' "$TMP/out")" -eq 0
    for w in 1 6 7 50; do
        run "solve $mode --window $w" "$GTS" reversi solve $mode --window $w "$TMP/a.obf" "$TMP/b.obf"
        expect_rc 1
        expect_contains out "# 53 positions" "windows of $w"
        expect_contains err "$bad_a" "$bad_b" "$bad_c" "53 positions, 0 wrong scores, 3 bad lines"
        check "solve $mode --window $w: the lines of one window" cmp -s "$TMP/whole" <(grep -v '^#' "$TMP/out")
        check "solve $mode --window $w: the plain solver's scores" \
            cmp -s "$TMP/plain.scores" <(awk '/empties/ {print $1, $6}' "$TMP/out")
    done
    # The budget hands positions of every window to the CPU threads.
    case $mode in *budget*)
        check "$mode: some positions solved by the CPU threads" test "$(grep -c 'nodes  cpu' "$TMP/out")" -gt 0 ;;
    esac
done

# From stdin too, and a window of the input's size is one window.
run "solve --each --window 13 from stdin" --stdin "$TMP/b.obf" "$GTS" reversi solve --each --window 13
expect_rc 0
expect_contains out "# 13 positions"
check "a window of the input's size: one window" test "$(grep -c 'windows of' "$TMP/out")" -eq 0

# Ctrl-C in the second window: the first window's lines are all printed
# (the sign to send it is that they are), those of the second printed are
# right and in order, none of the third; exit 130.  The second window's
# first position takes minutes (32 empties; for the GPU's lanes, 20
# empties each and no budget), so the second window is never done first.
long="---O------OO-O-----OOOX-OOOOOOX--XXXXOXX--OOOOOO--OOO-------O--- X"
"$MAKE" 8 20 9 > "$TMP/p20"
for mode in "--each --threads 2" "--gpu --executor cpu --gpu-budget 0"; do
    case $mode in
    --each*) { head -4 "$TMP/all"; echo "$long"; sed -n 5,7p "$TMP/all"; sed -n 8,11p "$TMP/all"; } > "$TMP/int.obf" ;;
    *) { head -4 "$TMP/all"; head -4 "$TMP/p20"; sed -n 8,11p "$TMP/all"; } > "$TMP/int.obf" ;;
    esac
    desc="solve $mode --window 4, Ctrl-C in the second window"
    run_interrupted "$desc" "out:   4  $(sed -n 4p "$TMP/int.obf" | awk '{print substr($2, 1, 1)}')  10 empties" \
        "$GTS" reversi solve $mode --window 4 "$TMP/int.obf"
    expect_rc 130
    printed=$(grep -c empties "$TMP/out")
    check "$desc: the first window's 4 lines" test "$(awk '/empties/ {print $1}' "$TMP/out" | head -4 | tr '\n' ' ')" = "1 2 3 4 "
    check "$desc: no line of the third window" test "$(awk '/empties/ && $1 > 8' "$TMP/out" | wc -l)" -eq 0
    check "$desc: in order" sh -c "awk '/empties/ {print \$1}' '$TMP/out' | sort -n -c"
    check "$desc: no wrong score" test "$(grep -c WRONG "$TMP/out")" -eq 0
    expect_contains out "# $printed positions"
    expect_contains err "interrupted after $printed positions"
done

# Bad values, and --window where there is no window.
for w in 0 -1 x 2000000000; do
    run "solve --each --window $w" "$GTS" reversi solve --each --window "$w" "$TMP/b.obf"
    expect_usage_error "--window"
done
run "solve --window without --each or --gpu" "$GTS" reversi solve --window 4 "$TMP/b.obf"
expect_usage_error "--window is for --each and --gpu"
run "solve --gpu --mpi --window" "$GTS" reversi solve --gpu --mpi --window 4 "$TMP/b.obf"
expect_usage_error "--window is for --each and --gpu"

finish
