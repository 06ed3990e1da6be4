#!/usr/bin/env bash
# How long the Gomocup engine takes to answer, the first move of a game
# against the later ones (issue 38, #15: the first TURN took 489-1256 ms
# with timeout_turn 200 on a loaded machine, later ones at most 272 ms).
#
#   usage: bench/gomoku_pbrain_reply.sh GTS_BINARY
#     e.g. GAMES=10 TURN_MS=200 LOAD=6 bench/gomoku_pbrain_reply.sh build/release/gts
#
# Each game is a fresh `gts gomoku pbrain` (the first move pays for what a
# session starts with), told INFO timeout_turn TURN_MS and max_memory
# MEMORY, then START 15 and MOVES turns of an opponent who plays the
# first free cell of a fixed walk over the board.  A reply is timed from
# the TURN's write to the move's read.  Prints each game's first and
# slowest later reply, then the slowest of each over all games; exits 1
# when a reply took longer than TURN_MS, the time the manager allows.
#
# Environment knobs:
#   GAMES=N      games, each a fresh engine (default 10)
#   MOVES=N      turns a game (default 6)
#   TURN_MS=N    INFO timeout_turn (default 200)
#   MEMORY=N     INFO max_memory in bytes (default 350000000, as Gomocup gives; 0: no limit)
#   LOAD=N       N busy loops beside, killed at the end (default 0), to load the machine
#   ARGS="..."   more arguments for `gts gomoku pbrain` (e.g. --threads 2)
set -u
GTS=${1:?usage: bench/gomoku_pbrain_reply.sh GTS_BINARY}
GAMES=${GAMES:-10}
MOVES=${MOVES:-6}
TURN_MS=${TURN_MS:-200}
MEMORY=${MEMORY:-350000000}
LOAD=${LOAD:-0}
ARGS=${ARGS:-}

loaders=()
stop_load() { for pid in "${loaders[@]}"; do kill "$pid" 2>/dev/null; done; }
trap stop_load EXIT
for ((i = 0; i < LOAD; i++)); do
    (while :; do :; done) &
    loaders+=($!)
done

now_us() { local t; t=$(date +%s%N); echo $((t / 1000)); }

first_max=0 later_max=0 late=0
for ((game = 1; game <= GAMES; game++)); do
    # shellcheck disable=SC2086
    coproc ENGINE { exec "$GTS" gomoku pbrain $ARGS; }
    send() { printf '%s\r\n' "$1" >&"${ENGINE[1]}"; }
    reply() { IFS= read -r -t 10 line <&"${ENGINE[0]}" || line=""; line=${line%$'\r'}; }
    send "INFO timeout_turn $TURN_MS"
    send "INFO max_memory $MEMORY"
    send "START 15"
    reply
    [ "$line" = OK ] || { echo "game $game: START answered '$line'" >&2; exit 2; }
    declare -A taken=()
    walk=0 first=0 worst=0
    for ((move = 1; move <= MOVES; move++)); do
        while :; do
            cell=$(((walk * 37 + 112) % 225)); walk=$((walk + 1))
            [ -z "${taken[$cell]:-}" ] && break
        done
        taken[$cell]=1
        t0=$(now_us)
        send "TURN $((cell % 15)),$((cell / 15))"
        reply
        ms=$((($(now_us) - t0) / 1000))
        case $line in
        [0-9]*,[0-9]*) taken[$((${line#*,} * 15 + ${line%,*}))]=1 ;;
        *) break ;;   # the game is over
        esac
        if [ "$move" -eq 1 ]; then first=$ms; elif [ "$ms" -gt "$worst" ]; then worst=$ms; fi
        [ "$ms" -gt "$TURN_MS" ] && late=$((late + 1))
    done
    unset taken
    send END
    wait "$ENGINE_PID" 2>/dev/null
    printf 'game %2d: first move %4d ms, slowest later move %4d ms\n' "$game" "$first" "$worst"
    [ "$first" -gt "$first_max" ] && first_max=$first
    [ "$worst" -gt "$later_max" ] && later_max=$worst
done
printf 'slowest first move %d ms, slowest later move %d ms, timeout_turn %d ms, load %d: %d replies late\n' \
    "$first_max" "$later_max" "$TURN_MS" "$LOAD" "$late"
[ "$late" -eq 0 ]
