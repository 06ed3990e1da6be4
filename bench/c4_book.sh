#!/usr/bin/env bash
# The bundled Connect 4 book (data/c4/7x6-depthK.book), built one or more
# plies deeper than a shallower book (whose positions the solver then
# answers at once: only the new deepest plies are solved), and checked:
# random positions of the new book's deepest ply solved with it and with
# --book none must score the same.  Prints the command, its time, the
# positions and the file's size (docs/notes/c4_book.md has the figures).
#
# usage: bench/c4_book.sh [--gts PATH] [--depth K] [--from BOOK] [--threads N]
#                         [--tt-mb MB] [--mpi NP] [--check N] [-o FILE]
#   --depth K    the new book's depth (default: the bundled book's + 1)
#   --from BOOK  the shallower book (default the bundled one; none: solve
#                every ply)
#   --mpi NP     the build under mpirun -np NP, one thread a rank
#   --check N    N random positions of ply K checked (default 10; 0: none)
#   -o FILE      default build/book/7x6-depthK.book (copy it to data/c4/
#                and remove the old one to bundle it)
set -euo pipefail
gts=build/release/gts depth="" from="" threads=$(nproc) tt_mb=1024 np=0 check=10 out=""
while [ $# -gt 0 ]; do
    case $1 in
        --gts) gts=$2 ;;
        --depth) depth=$2 ;;
        --from) from=$2 ;;
        --threads) threads=$2 ;;
        --tt-mb) tt_mb=$2 ;;
        --mpi) np=$2 ;;
        --check) check=$2 ;;
        -o) out=$2 ;;
        *) echo "usage: see the head of $0" >&2; exit 2 ;;
    esac
    shift 2
done
bundled=$(compgen -G "data/c4/7x6-depth*.book" | head -n 1)
[ -n "$from" ] || from=$bundled
if [ -z "$depth" ]; then
    depth=$(($(od -An -tu4 -j16 -N4 "$bundled") + 1))
fi
[ -n "$out" ] || out=build/book/7x6-depth$depth.book
mkdir -p "$(dirname "$out")"

cmd=("$gts" c4 book --depth "$depth" --tt-mb "$tt_mb" -o "$out")
[ "$from" = none ] || cmd+=(--book "$from")
if [ "$np" -gt 0 ]; then
    root=()
    [ "$(id -u)" != 0 ] || root=(--allow-run-as-root)
    cmd=(mpirun -np "$np" "${root[@]}" "${cmd[@]}" --mpi --threads 1)
else
    cmd+=(--threads "$threads")
fi
echo "command: ${cmd[*]}"
start=$EPOCHREALTIME
"${cmd[@]}"
echo "time: $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f s", b - a }')"
echo "book: $out, $(od -An -tu8 -j20 -N8 "$out" | tr -d ' ') positions, $(stat -c %s "$out") bytes"

# The check: random openings of the book's depth (a position whose side to
# move wins at once is not in the book; the solver answers it all the same).
bad=0
for i in $(seq "$check"); do
    moves=""
    while [ ${#moves} -lt "$depth" ]; do moves+=$((RANDOM % 7 + 1)); done
    with=$("$gts" c4 solve --book "$out" "$moves" 2>/dev/null | cut -d' ' -f2) || continue   # an illegal opening
    without=$("$gts" c4 solve --book none --threads "$threads" "$moves" | cut -d' ' -f2)
    echo "check $i/$check: $moves $with (book) $without (solver)"
    [ "$with" = "$without" ] || bad=$((bad + 1))
done
[ "$bad" = 0 ] || { echo "$bad positions score otherwise in the book" >&2; exit 1; }
