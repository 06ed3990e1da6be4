#!/usr/bin/env bash
# Issue 26: the GPU batch solvers over 1, 2, 4, ... GPUs of one machine
# (--gpus N, a host thread per device), against gts's best CPU search on
# every core of the same machine, in one run:
#   - Reversi 8x8 batch endgame: COUNT positions at 12 empties
#     (rv_make_positions COUNT 12 1): `reversi solve --gpu --gpu-only
#     [--gpus N]` (the positions over the lanes' budget to the CPU
#     threads), and with --cpu-beside (CPU threads solving positions while
#     the lanes run, the default of --gpu since issue 40),
#     against `reversi solve --each --threads CORES`;
#   - Reversi perft PERFT from the start: `--gpu [--gpus N]` against
#     `--threads CORES`;
#   - Connect 4 Middle-Medium and Begin-Medium (1000 each, from DATA):
#     `c4 solve --gpu [--gpus N]` against `c4 bench --algo solver-batch
#     --threads CORES` (each thread its own positions and table); a GPU run
#     longer than C4_TIMEOUT seconds is stopped and said to be.
# Every answer is checked: each GPU count's against one GPU's (Reversi:
# lines, Connect 4: scores) and against the CPU's scores; exit 1 if one
# differs.  Prints one line per run: what, GPUs, wall seconds, the
# command's own time line.
#
#   bench/multi_gpu.sh [--gpus "1 2 4"] [--count 1000000] [--perft 15]
#                      [--data .data] [--c4-timeout 120] [--build build/release]
#                      [--no-c4] [--no-perft]
set -uo pipefail
cd "$(dirname "$0")/.."
gpus="1 2" count=1000000 perft=15 data=.data c4_timeout=120 build=build/release c4=1 perft_runs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --gpus) gpus=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --perft) perft=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --c4-timeout) c4_timeout=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --no-c4) c4=0; shift ;;
    --no-perft) perft_runs=0; shift ;;
    *) echo "multi_gpu.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
g=$build/gts
cores=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
echo "# bench/multi_gpu.sh --gpus '$gpus' --count $count --perft $perft" \
     "· $(nvidia-smi -L | wc -l) x $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $cores cores" \
     "· $(date -u +%F)"

# run LABEL GPUS FILE COMMAND...: the command's stdout to FILE, a line of
# its wall time and its last summary line.
run() {
  local label=$1 n=$2 out=$3
  shift 3
  local a b
  a=$(date +%s.%N)
  "$@" > "$out" 2> "$out.err"
  local rc=$?
  b=$(date +%s.%N)
  printf '%-22s %5s %9.2f s  rc=%d  %s\n' "$label" "$n" "$(awk "BEGIN{print $b - $a}")" "$rc" \
    "$( (grep -h '^#\|^gts: .* positions in\|^perft' "$out" "$out.err" || tail -n 1 "$out") | tail -n 1 | cut -c1-160)"
}
same() {  # same WHAT A B: exit 1 later if the files differ
  if ! cmp -s "$2" "$3"; then
    echo "DIFFERS: $1" >&2
    fail=1
  fi
}

echo "## Reversi, $count positions at 12 empties"
"$build/rv_make_positions" "$count" 12 1 > "$tmp/p12"
run "cpu --each" "-" "$tmp/rv.cpu" "$g" reversi solve --each --threads "$cores" "$tmp/p12"
grep -v '^#' "$tmp/rv.cpu" | awk '{print $1, $6}' > "$tmp/rv.cpu.s"
for n in $gpus; do
  run "gpu" "$n" "$tmp/rv.$n" "$g" reversi solve --gpu --gpu-only --gpus "$n" "$tmp/p12"
  same "reversi scores on $n GPUs" "$tmp/rv.cpu.s" <(grep -v '^#' "$tmp/rv.$n" | awk '{print $1, $6}')
  run "gpu --cpu-beside" "$n" "$tmp/rvb.$n" "$g" reversi solve --gpu --cpu-beside --gpus "$n" "$tmp/p12"
  same "reversi scores on $n GPUs, cpu beside" "$tmp/rv.cpu.s" <(grep -v '^#' "$tmp/rvb.$n" | awk '{print $1, $6}')
done

if [ "$perft_runs" = 1 ]; then
  echo "## Reversi perft $perft (and $((perft - 1)) against the CPU)"
  run "cpu perft $((perft - 1))" "-" "$tmp/pc" "$g" reversi perft $((perft - 1)) --threads "$cores"
  for n in $gpus; do
    run "gpu perft $((perft - 1))" "$n" "$tmp/pg.$n" "$g" reversi perft $((perft - 1)) --gpu --gpus "$n"
    same "perft $((perft - 1)) on $n GPUs" <(awk '{print $3}' "$tmp/pc") <(awk '{print $3}' "$tmp/pg.$n")
  done
  for n in $gpus; do
    run "gpu perft $perft" "$n" "$tmp/pp.$n" "$g" reversi perft "$perft" --gpu --gpus "$n"
    same "perft $perft on $n GPUs" <(awk '{print $3}' "$tmp/pp.${gpus%% *}") <(awk '{print $3}' "$tmp/pp.$n")
  done
fi

sets="Test_L2_R2:Middle-Medium Test_L1_R2:Begin-Medium"
[ "$c4" = 1 ] || sets=
for set in $sets; do
  file=$data/${set%%:*}
  echo "## Connect 4 ${set#*:} ($(wc -l < "$file") positions)"
  run "cpu solver-batch" "-" "$tmp/c4.cpu" "$g" c4 bench --data "$data" --algo solver-batch --threads "$cores" \
    "$(tr 'A-Z' 'a-z' <<<"${set#*:}")"
  for n in $gpus; do
    run "gpu" "$n" "$tmp/c4.$n" timeout -s INT "$c4_timeout" "$g" c4 solve --gpu --gpus "$n" "$file"
    if [ "$(wc -l < "$tmp/c4.$n")" -eq "$(wc -l < "$file")" ]; then
      same "c4 ${set#*:} on $n GPUs" <(cut -d' ' -f1-2 "$file") <(cut -d' ' -f1-2 "$tmp/c4.$n")
    else
      echo "   not finished in $c4_timeout s: $(wc -l < "$tmp/c4.$n") lines"
    fi
  done
done
[ "$fail" -eq 0 ] && echo "# every answer checked: the same"
exit "$fail"
