#!/usr/bin/env bash
# gts gomoku on the command line: best's output and its exact moves where
# one move is forced, errors and exit codes, whole games (engines and a
# human on stdin), and both benches on small inputs.
#
# usage: test_gomoku_cli.sh GTS_BINARY SOURCE_DIR
set -u

GTS=${1:?usage: test_gomoku_cli.sh GTS_BINARY SOURCE_DIR}
SRC=${2:?usage: test_gomoku_cli.sh GTS_BINARY SOURCE_DIR}
POSITIONS=$SRC/data/gomoku/positions19.txt

. "$(dirname "$0")/cli_lib.sh" gts_gomoku_cli

# expect_line out|err REGEX: a line of the stream matches the ERE.
expect_line() {
    checks=$((checks + 1))
    grep -qE -- "$2" "$TMP/$1" || fail "no line of std$1 matches '$2'"
}

# expect_error STATUS PATTERN: exit STATUS, nothing on stdout, and one line
# "gts: ..." holding PATTERN on stderr.
expect_error() {
    expect_rc "$1"
    expect_empty_stdout
    expect_one_line_error "$2"
}

# expect_lines out|err N: the stream has N lines.
expect_lines() {
    checks=$((checks + 1))
    [ "$(wc -l <"$TMP/$1")" -eq "$2" ] || fail "std$1 has $(wc -l <"$TMP/$1") lines, expected $2"
}

# The moves line of a game's output, without "moves: ".
game_moves() { sed -n 's/^moves: *//p' "$TMP/out"; }

# --- best ---
run "best: the output line" "$GTS" gomoku best h8
expect_rc 0
expect_line out '^best [a-o][0-9]+ \([0-9]+,[0-9]+\) score [-+][0-9]+ depth 4 nodes [0-9]+ time [0-9.]+ ms$'
expect_empty_stderr

# Black has h8-k8 with white on g8: white's one move is the block at l8.
run "best: block a four" "$GTS" gomoku best "h8 g8 i8 a1 j8 a3 k8"
expect_rc 0
expect_line out '^best l8 \(11,7\) '

# The same four with black to move: five at l8, the one cell that makes it.
run "best: win in one" "$GTS" gomoku best --json "h8 g8 i8 a1 j8 a2 k8 a3"
expect_rc 0
expect_contains out '"move":"l8"' "\"score\":999999999"

# Renju (issue 38): h8 is black's double four, which --algo pvs played
# for a win in 3; and in a lost position black's double three, white's
# only five point, which every search played.  Never h8, whatever the
# search.
for algo in pvs alphabeta minimax pattern; do
    run "best: renju's forbidden double four, --algo $algo" "$GTS" gomoku best --rule renju --algo $algo --depth 2 \
        "e8 d8 f8 h4 g8 a1 h5 a3 h6 o15 h7 o13"
    expect_rc 0
    expect_line out '^best ([a-gi-o][0-9]+|h([0-79]|1[0-5])) '
    run "best: renju's lost position, --algo $algo" "$GTS" gomoku best --rule renju --algo $algo --depth 2 \
        "f8 d12 g8 e11 h10 f10 h9 g9 c13 o1"
    expect_rc 0
    expect_line out '^best ([a-gi-o][0-9]+|h([0-79]|1[0-5])) .* score loss in 2 '
done

# Caro: black's h8-k8 lies between white's g8 and m8, so l8 makes a five
# shut at both ends, no win (standard: the win in one); a five against the
# edge (a8-e8, white f8) wins, and so does an overline shut at both ends
# (c8-h8 between b8 and i8) but under caro-exact.
SHUT="h8 g8 i8 a1 j8 a3 k8 m8"
run "best: standard's five" "$GTS" gomoku best --rule standard --depth 1 "$SHUT"
expect_line out '^best l8 \(11,7\) score win in 1 '
for algo in pvs alphabeta minimax pattern; do
    run "best: caro's shut five, --algo $algo" "$GTS" gomoku best --rule caro --algo $algo --depth 1 "$SHUT"
    expect_rc 0
    expect_line out '^best [a-o][0-9]+ .* score [-+][0-9]+ depth 1 '
done
run "best: caro's five against the edge" "$GTS" gomoku best --rule caro --depth 1 "a8 f8 b8 o1 c8 o3 d8 o5"
expect_line out '^best e8 \(4,7\) score win in 1 '
OVERLINE="c8 b8 d8 i8 f8 a1 g8 a3 h8 a5"
run "best: caro's overline" "$GTS" gomoku best --rule caro --depth 1 "$OVERLINE"
expect_line out '^best e8 \(4,7\) score win in 1 '
run "best: caro-exact's overline" "$GTS" gomoku best --rule caro-exact --depth 1 "$OVERLINE"
expect_line out '^best [a-o][0-9]+ .* score [-+][0-9]+ depth 1 '
run "best: caro on the GPU" "$GTS" gomoku best --rule caro-exact --backend gpu h8
expect_error 2 "--rule caro-exact: the GPU designs play freestyle or standard"
run "bench table: caro on the GPU" "$GTS" gomoku bench table --gpu --executor cpu --rule caro
expect_error 2 "--rule caro: the GPU designs play freestyle or standard"
run "best: an unknown rule" "$GTS" gomoku best --rule carro h8
expect_error 2 "bad --rule 'carro' (freestyle, standard, renju, caro, caro-exact)"

# Black's h8 makes two open threes: VCT sees the win in 5, VCF none.
THREE_THREE="f8 a1 g8 o1 h6 a15 h7 o15"
run "best: --vct" "$GTS" gomoku best --vct --depth 1 "$THREE_THREE"
expect_rc 0
expect_line out '^best h8 \(7,7\) score win in 5 .* \(VCT\)$'
run "best: --vct --json" "$GTS" gomoku best --vct --json --depth 1 "$THREE_THREE"
expect_rc 0
expect_contains out '"move":"h8"' '"vct":true' '"vcf":false'
run "best: --vcf alone" "$GTS" gomoku best --vcf --json --depth 1 "$THREE_THREE"
expect_rc 0
expect_contains out '"vct":false' '"vcf":false'

# The potential evaluation by direction scans: the cell-by-cell one's move
# and score (its node count too: the same values make the same tree).
SCAN_POSITION="j10 k11 j11 j9 k10 h8 l9"
run "best: --eval potential" "$GTS" gomoku best --eval potential --depth 3 --size 19 "$SCAN_POSITION"
expect_rc 0
potential=$(sed 's/ time .*//' "$TMP/out")
run "best: --eval scan" "$GTS" gomoku best --eval scan --depth 3 --size 19 "$SCAN_POSITION"
expect_rc 0
checks=$((checks + 1))
[ "$(sed 's/ time .*//' "$TMP/out")" = "$potential" ] || fail "--eval scan: '$(cat "$TMP/out")', potential: '$potential'"

# --- errors: 1 for a bad position, 2 for a usage error ---
run "malformed move" "$GTS" gomoku best "h8 zz"
expect_error 1 "move 2: 'z' is not a cell"
run "occupied cell" "$GTS" gomoku best "h8 i9 h8"
expect_error 1 "move 3 'h8': the cell is taken"
run "off-board cell" "$GTS" gomoku best "h8 p16"
expect_error 1 "cell 'p16' is off the 15x15 board"
run "off-board cell, negative (an operand, not an option)" "$GTS" gomoku best "-1,3"
expect_error 1 "move 1: cell '-1,3' is off the 15x15 board"
run "board too small" "$GTS" gomoku best --size 4 h8
expect_error 2 "bad --size '4' (5..32)"
run "board too large" "$GTS" gomoku show --size 33
expect_error 2 "bad --size '33' (5..32)"
run "unknown option" "$GTS" gomoku best --frobnicate h8
expect_error 2 "unknown option --frobnicate"
run "option of another command" "$GTS" gomoku show --depth 3 h8
expect_error 2 "option --depth does not apply to 'gts gomoku show'"
run "unknown player" "$GTS" gomoku play --black robot
expect_error 2 "bad --black 'robot' (engine, human)"
run "game already over" "$GTS" gomoku play --size 9 "a1 b1 a2 b2 a3 b3 a4 b4 a5"
expect_error 1 "the game is already over"
run "bench without a subcommand" "$GTS" gomoku bench
expect_error 2 "usage: gts gomoku bench table | positions FILE"

# The exit-code rule at every gomoku command: 2 when the command line is
# wrong, 1 when its input is (a position, a file, a line of it).
run "no command" "$GTS" gomoku
expect_rc 2
expect_empty_stdout
expect_contains err "usage: gts gomoku <command>"
run "unknown command" "$GTS" gomoku frob
expect_error 2 "unknown gomoku command 'frob'"
run "bench: unknown benchmark" "$GTS" gomoku bench tables
expect_error 2 "usage: gts gomoku bench table | positions FILE"
run "bench table: an operand" "$GTS" gomoku bench table 9
expect_error 2 "usage: gts gomoku bench table | positions FILE"
run "bench positions: two files" "$GTS" gomoku bench positions a b
expect_error 2 "usage: gts gomoku bench table | positions FILE"
run "bench positions: two depths" "$GTS" gomoku bench positions --depths 3,4 "$POSITIONS"
expect_error 2 "'gts gomoku bench positions' takes one --depth"
run "bench table: two thread counts" "$GTS" gomoku bench table --threads 1,2
expect_error 2 "'gts gomoku bench table' takes one --threads count"
run "split deeper than the search" "$GTS" gomoku best --parallel split --split-depth 5 h8
expect_error 2 "--split-depth 5 is deeper than --depth 4"
run "pbrain: an operand" "$GTS" gomoku pbrain 15
expect_error 2 "unexpected operand '15'"
run "show: a bad position" "$GTS" gomoku show "h8 h8"
expect_error 1 "move 2 'h8': the cell is taken"
run "play: a bad position" "$GTS" gomoku play "h8 zz"
expect_error 1 "move 2: 'z' is not a cell"
run "best: the game is over" "$GTS" gomoku best --size 9 "a1 b1 a2 b2 a3 b3 a4 b4 a5"
expect_error 1 "the game is over: a five is on the board"

# --help or -h at every level: the usage on stdout, exit 0.
for args in "--help" "-h" "best --help" "best h8 -h" "show --help" "play --help" "bench --help" \
    "bench table --help" "bench table -h" "bench positions --help" "bench positions $POSITIONS --help"; do
    # shellcheck disable=SC2086 # the words of args are the arguments
    run "help: gomoku $args" "$GTS" gomoku $args
    expect_rc 0
    expect_empty_stderr
    expect_contains out "usage: gts gomoku <command>"
done
run "help: gomoku pbrain --help" "$GTS" gomoku pbrain --help
expect_rc 0
expect_empty_stderr
expect_contains out "usage: gts gomoku pbrain"
run "bench table: unknown algorithm" "$GTS" gomoku bench table --algo pvs,magic
expect_error 2 "bad --algo 'pvs,magic'"
run "bench table: --size" "$GTS" gomoku bench table --size 9
expect_error 2 "option --size does not apply to 'gts gomoku bench table'"
run "bench positions: missing file" "$GTS" gomoku bench positions "$TMP/none.txt" --threads 1
expect_error 1 "cannot open $TMP/none.txt: No such file or directory"
run "bench positions: a directory" "$GTS" gomoku bench positions "$TMP" --threads 1
expect_error 1 "cannot read $TMP: Is a directory"

# --- play ---
run "play: engines on 9x9" "$GTS" gomoku play --size 9 --depth 2
expect_rc 0
expect_line out '^# result: (black wins \(five\)|white wins \(five\)|draw \(the board is full\)) after [0-9]+ moves$'
expect_line out '^ +1 black e5 +[-+]?[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +engine$'
expect_line out '^# black \(engine\): [0-9]+ moves, [0-9.]+ ms in all, [0-9.]+ ms a move$'
expect_line out '^moves:( [a-i][1-9])+$'
expect_empty_stderr
moves=$(game_moves)
winner=$(sed -n 's/^# result: \(black\|white\) wins.*/\1/p' "$TMP/out")
run "play: the moves line replays" "$GTS" gomoku show --size 9 "$moves"
expect_rc 0
[ -n "$winner" ] && expect_line out "^$winner \([XO]\) has five$"

run "play: random opening" "$GTS" gomoku play --size 9 --depth 1 --random 3 --random-radius 2 --seed 7
expect_rc 0
expect_line out '^ +3 black [a-i][1-9] +- +- +- +- +random$'
first=$(game_moves)
run "play: the same seed, the same game" "$GTS" gomoku play --size 9 --depth 1 --random 3 --random-radius 2 --seed 7
checks=$((checks + 1))
[ "$(game_moves)" = "$first" ] || fail "the moves differ from the first run's"

# A human as black: a malformed line and a taken cell are refused, the end
# of the input ends the game after black's a1 (white's replies stay near
# e5 with the default candidates near:2).
printf 'zz\ne5\n\ne5\na1\n' >"$TMP/human.txt"
run "play: a human on stdin" --stdin "$TMP/human.txt" "$GTS" gomoku play --size 9 --depth 1 --black human
expect_rc 0
expect_contains out "# result: none, the input ended after 4 moves" "# black (human): 2 moves"
expect_line out '^moves: e5 [a-i][1-9] a1 [a-i][1-9]$'
checks=$((checks + 1))
[ "$(wc -l <"$TMP/err")" -eq 2 ] || fail "stderr should hold the two refusals and no prompt"
expect_contains err "gts: 'zz' is not a cell" "gts: e5 is taken"

# Standard input that cannot be read (a directory): said, exit 1, the game
# so far printed.
run "play: a human's moves unreadable" --stdin "$TMP" "$GTS" gomoku play --size 9 --black human
expect_rc 1
expect_contains out "# result: none, the input ended after 0 moves"
expect_one_line_error "cannot read the human's moves: Is a directory"
run "pbrain: the manager's input unreadable" --stdin "$TMP" "$GTS" gomoku pbrain
expect_error 1 "cannot read the manager's input: Is a directory"

# --- bench table ---
# stderr is not a terminal: a line per finished row (board size of an
# algorithm), so that a log shows the run alive.
run "bench table: three algorithms agree" "$GTS" gomoku bench table --sizes 6,9 --depths 1-2 \
    --algo minimax,alphabeta,pvs
expect_rc 0
expect_lines err 6
expect_contains err "gts: minimax 6x6 done (row 1 of 6)" "gts: pvs 9x9 done (row 6 of 6)"
expect_contains out "minimax: seconds" "alphabeta: the report's serial seconds / ours" "pvs: nodes" \
    "root score (white's view)"
expect_line out '^9x9 +[0-9.e-]+ +[0-9.e-]+$'

# --- bench positions ---
grep -v '^#' "$POSITIONS" | head -3 >"$TMP/three.txt"
run "bench positions: three positions, 1 and 2 threads" "$GTS" gomoku bench positions "$TMP/three.txt" \
    --size 19 --threads 1,2 --depth 2
expect_rc 0
expect_lines err 3
expect_contains err "gts: position 1 ($TMP/three.txt:1) done" "gts: position 3 ($TMP/three.txt:3) done"
checks=$((checks + 1))
[ "$(grep -cE '^ +[1-3] +[1-3] +[0-9]+ ' "$TMP/out")" -eq 3 ] || fail "expected three position rows"
expect_line out '^ +2 +[0-9.]+ +[0-9.]+ +[0-9.]+$'

# The size from the file's header; a bad line reported with its place and
# the others searched.
{ echo "# size 19"; sed -n 1p "$TMP/three.txt"; echo "j10 k11 zz  # bad"; sed -n 2p "$TMP/three.txt"; } >"$TMP/bad.txt"
run "bench positions: a bad line" "$GTS" gomoku bench positions "$TMP/bad.txt" --threads 1,2 --depth 2 --json
expect_rc 1
expect_contains err "gts: $TMP/bad.txt:3: move 3: 'z' is not a cell" "2 positions, 0 wrong scores, 1 bad lines" \
    "gts: position 2 ($TMP/bad.txt:4) done"
checks=$((checks + 1))
[ "$(grep -c '"position":' "$TMP/out")" -eq 4 ] || fail "expected 2 positions x 2 thread counts"
expect_contains out '{"threads":2,"positions":2,'


# --- the GPU designs on the CPU executor: serial alpha-beta's move and
# score on the same tree, the same output line with the design after it ---
GPU_POSITION="h8 i9 h9"
run "best: alpha-beta, depth 3" "$GTS" gomoku best --algo alphabeta --depth 3 "$GPU_POSITION"
expect_rc 0
serial=$(sed 's/ nodes .*//' "$TMP/out")
for design in naive seqpar batch; do
    run "best: --backend gpu --design $design" "$GTS" gomoku best --backend gpu --executor cpu --design $design \
        --algo alphabeta --depth 3 "$GPU_POSITION"
    expect_rc 0
    expect_line out "\\[$design on the cpu executor: [0-9]+ launches, [0-9]+ jobs, kernel [0-9.]+ ms\\]$"
    checks=$((checks + 1))
    [ "$(sed 's/ nodes .*//' "$TMP/out")" = "$serial" ] || fail "$design: '$(cat "$TMP/out")', serial: '$serial'"
done
for design in pvs dynamic; do
    run "best: --design $design, the score" "$GTS" gomoku best --backend gpu --executor cpu --design $design --depth 3 \
        --json "$GPU_POSITION"
    expect_rc 0
    expect_contains out "\"score\":$(sed -n 's/.* score \([-+]*[0-9]*\) depth.*/\1/p' <<<"$serial" | tr -d +)"
done
run "gpu: a thread's depth" "$GTS" gomoku best --backend gpu --executor cpu --design seqpar --split 1 --depth 14 h8
expect_error 1 "a GPU thread searches at most 12 plies: split 1 leaves 13 of depth 14"
run "gpu: split deeper than the depth" "$GTS" gomoku best --backend gpu --executor cpu --design seqpar --split 4 --depth 3 h8
expect_error 1 "split 4 out of range (1..3, the depth)"
run "gpu: pvs with the potential evaluation" "$GTS" gomoku best --backend gpu --executor cpu --eval scan h8
expect_error 1 "the pvs design evaluates by shapes only"
run "gpu: a time limit" "$GTS" gomoku best --backend gpu --time 100 h8
expect_error 2 "--backend gpu searches a fixed --depth: --time is the CPU's"
run "gpu: vct" "$GTS" gomoku best --backend gpu --vct h8
expect_error 2 "--backend gpu searches a fixed --depth: --vct is the CPU's"
run "gpu: unknown design" "$GTS" gomoku best --backend gpu --design magic h8
expect_error 2 "--design"
if "$GTS" info | grep -q '^gpu:.*no CUDA device'; then
    run "gpu: no device" "$GTS" gomoku best --backend gpu h8
    expect_error 1 "no CUDA device"
fi
run "bench table --gpu on the CPU executor" "$GTS" gomoku bench table --gpu --executor cpu --sizes 6 --depths 1-2 \
    --threads 2 --csv
expect_rc 0
expect_line out '^variant,size,depth,split,seconds,kernel_seconds,nodes,score,move,report_seconds$'
expect_line out '^gpu dynamic,6,2,0,[0-9.]+,'
checks=$((checks + 1))
[ "$(grep -c ',6,2,' "$TMP/out")" -eq 8 ] || fail "expected 8 variants at 6x6 depth 2"
run "bench positions --gpu" "$GTS" gomoku bench positions --gpu --executor cpu --design seqpar --depth 2 --threads 2 \
    --limit 2 "$POSITIONS"
expect_rc 0
expect_line out '^ +gpu +[0-9.]+ '

finish
