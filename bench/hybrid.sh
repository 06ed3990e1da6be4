#!/usr/bin/env bash
# CPU alone against CPU + GPU on the same inputs, every answer checked
# (issue 40, item 3).  Each input is solved twice on one machine:
#   - the anchor, the CPU alone on THREADS threads: `gts c4 solve --threads
#     N FILE` (one position at a time, the threads sharing it), `gts reversi
#     solve --threads N FILE` for the FFO sets and `gts reversi solve --each
#     --threads N FILE` for the batch of positions at 12 empties;
#   - the same command with --gpu (and the same --threads: the CPU threads
#     working beside the lanes, wherever the solver puts them);
#   - Connect 4 only: the CPU's batch mode alone (`gts c4 bench --algo
#     solver-batch --threads N FILE`), the time in the row's note: --gpu
#     deals positions to threads as it does, so the GPU's own share is
#     CPU + GPU against it, not against solve's threads on one position.
# Connect 4's solves run with --book none: the search is measured, not the
# bundled book's answers (the empty board is in it).
# The wall time of each whole command is taken (process start and device
# set-up included: what a user waits for).  Every answer of the two runs is
# compared line by line, and with the input's known score where it has one
# (the Connect 4 sets' second field, the empty board's +1, the FFO files'
# best scores: the solve prints WRONG where they differ); a part exits 1 if
# an answer differs or a run did not solve every line (refused, failed or
# stopped by --timeout).  Nodes are the sums of the per-line node counts
# each run prints; what each side of the CPU + GPU run solved (positions,
# jobs in flight, speculative nodes wasted) is in the summary the solver
# prints, kept verbatim.
#
# The inputs (--data DIR holds connect4/ and othello/ as ../shared/data
# does):
#   part c4       the Connect 4 standard sets End-Easy, Middle-Easy,
#                 Middle-Medium, Begin-Easy (1000 each) and Begin-Medium
#                 (its first --hard N), and the mixed set (bench/c4_mixed400.txt:
#                 400 positions of 6 to 34 stones, bench/c4_make_mixed.sh)
#   part c4-hard  Begin-Hard (its first --hard N) and the empty board
#   part rv       FFO #1-19 and #20-39, and 1,000,000 positions at 12
#                 empties (rv_make_positions 1000000 12 1, as
#                 bench/rv_gpu_endgame.sh makes them)
#   part ffo      FFO #40-59 (about 140 s on 16 threads alone)
#   part table    the table (table.md, also on stdout; table.csv) and the
#                 picture (hybrid.svg: CPU alone's time over CPU + GPU's per
#                 input, through `gts plot`, which needs gnuplot) from what
#                 the parts wrote
#   part all      every part, in that order
# Each part writes into the one results folder (--out, default
# build/hybrid) files of its own, so that folders filled on different
# machines can be copied into one: results-PART.csv (a row an input; a part
# run again replaces its rows), runs-PART.txt (each run's command, commit,
# machine and date), and per input the runs' summaries (NAME.cpu.summary,
# NAME.gpu.summary) and outputs (cut to their first 2,000 lines past that).
# The anchors: the issue's figures at c7f4377 on the H200 host: FFO #40-59 140 s on 16 threads; the empty board 5.5 s;
# the mixed set 12.9 s on 16 threads, no line from --gpu after 150 s;
# 200,000 positions at 12 empties 22.8 s on 16 threads, 5.94 s on --gpu.
# Each part is a few minutes on the H200 host (16 cores), under the
# device's 10-minute calls; a run past --timeout is stopped (SIGINT: the
# lines it printed are kept) and marked.
#
#   bench/hybrid.sh --part c4|c4-hard|rv|ffo|table|all [--out DIR]
#                   [--gts PATH] [--data DIR] [--mixed FILE] [--threads 16]
#                   [--hard 100] [--count 1000000] [--timeout 200]
#                   [--only "NAME ..."] [--executor cpu] [--quick]
#
# --timeout: 200 s keeps a part under 10 minutes even when every CPU + GPU
# run is stopped (c4-hard: Begin-Hard's CPU run, about 100 s, and two
# stopped runs).  --only: of the part's inputs, those named (c4-mixed,
# c4-empty, ffo-40-59, ...: the table's names), to run one again.
# --count: the positions at 12 empties (rv_make_positions beside --gts
# makes them).  --executor cpu runs the GPU side's kernels on CPU threads
# (no device needed); with --quick (the first 3 lines of each input, 1,000
# positions at 12 empties, no empty board) the whole script takes 46 to
# 94 s on a 2-core machine: bench/hybrid.sh --part all --quick --executor
# cpu --threads 2.  GTS_COMMIT names the commit where the tree has no .git.
set -uo pipefail
# One collation for sort and join, and '.' in every number awk prints.
export LC_ALL=C
# Paths given on the command line are the caller's; the defaults are the
# tree's (the script runs from its top).
here=$PWD
cd "$(dirname "$0")/.." || exit 2
given() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }

part="" out=build/hybrid gts=build/release/gts data=../shared/data mixed=bench/c4_mixed400.txt
threads=16 hard=100 count=1000000 timeout=200 only="" executor=gpu quick=0
cmdline="bench/hybrid.sh $*"
usage() { echo "usage: bench/hybrid.sh --part c4|c4-hard|rv|ffo|table|all [--out DIR] [--gts PATH] [--data DIR] [--mixed FILE] [--threads N] [--hard N] [--count N] [--timeout S] [--only NAMES] [--executor cpu] [--quick]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; shift; continue ;;
    --part|--out|--gts|--data|--mixed|--threads|--hard|--count|--timeout|--only|--executor)
      [ $# -ge 2 ] || { echo "hybrid.sh: $1 needs a value" >&2; usage; } ;;
    *) echo "hybrid.sh: unknown option $1" >&2; usage ;;
  esac
  case "$1" in
    --part) part=$2; shift 2 ;;
    --out) out=$(given "$2"); shift 2 ;;
    --gts) gts=$(given "$2"); shift 2 ;;
    --data) data=$(given "$2"); shift 2 ;;
    --mixed) mixed=$(given "$2"); shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hard) hard=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --only) only=" $2 "; shift 2 ;;
    --executor) executor=$2; shift 2 ;;
  esac
done
case "$part" in c4|c4-hard|rv|ffo|table|all) ;; *) usage ;; esac
case "$executor" in gpu|cpu) ;; *) echo "hybrid.sh: --executor gpu or cpu" >&2; exit 2 ;; esac
[ -x "$gts" ] || { echo "hybrid.sh: no gts binary at $gts (build first)" >&2; exit 2; }
mkdir -p "$out" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gpu_flags=(--gpu)
[ "$executor" = cpu ] && gpu_flags+=(--executor cpu)
cpu_label="CPU $threads threads" gpu_label="CPU $threads threads + GPU"
[ "$executor" = cpu ] && gpu_label="CPU $threads threads + GPU (CPU executor)"
header="part,input,positions,cpu_s,gpu_s,speedup,cpu_solved,gpu_solved,cpu_nodes,gpu_nodes,answers,note"
failed=0

# wanted NAME: NAME is one of --only's, or --only was not given.
wanted() { [ -z "$only" ] || [[ "$only" == *" $1 "* ]]; }

# seconds A B: B - A with 2 decimals.
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# The commit, the machine and the date, for runs-PART.txt and the table.
machine() {
  local cpu gpu
  cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
  if command -v nvidia-smi >/dev/null 2>&1; then
    gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  fi
  echo "${cpu:-unknown CPU}, $(nproc) cpus, GPU: ${gpu:-none (no nvidia-smi)}"
}
# GTS_COMMIT first: the device's copy of the tree carries the .git of the
# session's start, not of the tree it runs.
commit() {
  if [ -n "${GTS_COMMIT:-}" ]; then
    echo "$GTS_COMMIT"
  elif git rev-parse --short HEAD >/dev/null 2>&1; then
    echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include bench || echo ' (with uncommitted changes)')"
  else
    echo unknown
  fi
}

# run NAME SIDE LINES COMMAND...: runs COMMAND (stopped after --timeout
# seconds), its stdout to NAME.SIDE.out and stderr to NAME.SIDE.err in the
# scratch folder; sets run_s (wall seconds) and run_note (empty, or why the
# run is not whole).
run() {
  local name=$1 side=$2 lines=$3 a b rc
  shift 3
  a=$(date +%s.%N)
  timeout -s INT -k 30 "$timeout" "$@" > "$tmp/$name.$side.out" 2> "$tmp/$name.$side.err"
  rc=$?
  b=$(date +%s.%N)
  run_s=$(seconds "$a" "$b") run_note=""
  [ "$rc" -eq 124 ] && run_note="stopped after $timeout s"
  [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && run_note="exit $rc"
  # What the solver says of the run: its '#' lines and the end of stderr
  # (progress lines, drawn with carriage returns, left out).
  { grep '^#' "$tmp/$name.$side.out"; tr '\r' '\n' < "$tmp/$name.$side.err" | grep -v '^ *$' | tail -n 8; } |
    sed "s|$tmp/||g" > "$out/$name.$side.summary"
  echo "hybrid.sh: $name, $side: $run_s s${run_note:+, $run_note} ($lines lines)" >&2
}

# keep NAME SIDE: the output into the results folder, cut past 2,000 lines
# (the batch of 1,000,000 would be 80 MB a side).
keep() {
  head -n 2000 "$tmp/$1.$2.out" > "$out/$1.$2.out"
  head -n 2000 "$tmp/$1.$2.err" | head -c 1000000 > "$out/$1.$2.err"
}

# row PART NAME POSITIONS CPU_S GPU_S CPU_SOLVED GPU_SOLVED CPU_NODES
# GPU_NODES ANSWERS NOTE: NAME's row of results-PART.csv, replacing an
# earlier one; a run that is not whole, or an answer that differs, fails
# the part.
row() {
  local speedup="" results=$out/results-$1.csv
  [ "$6" = "$3" ] && [ "$7" = "$3" ] && speedup=$(awk -v c="$4" -v g="$5" 'BEGIN { if (g > 0) printf "%.2f", c / g }')
  [ -s "$results" ] || echo "$header" > "$results"
  grep -v "^[^,]*,$2," "$results" > "$tmp/results" || true
  echo "$1,$2,$3,$4,$5,$speedup,$6,$7,$8,$9,${10},${11}" >> "$tmp/results"
  cp "$tmp/results" "$results"
  if [ "${10}" != equal ] || [ "$6" != "$3" ] || [ "$7" != "$3" ]; then
    echo "hybrid.sh: FAILED $2: answers ${10}; solved $6 and $7 of $3${11:+; ${11}}" >&2
    failed=1
  fi
  echo "$2: $3 positions, $cpu_label $4 s, $gpu_label $5 s${speedup:+ (${speedup}x)}, answers ${10}${11:+; ${11}}"
}

# Connect 4 ------------------------------------------------------------------

# c4_input NAME FILE LIMIT: solves FILE's first LIMIT lines both ways and
# compares them with each other and with the lines' known scores.
c4_input() {
  local name=$1 file=$2 limit=$3 note cpu_s
  wanted "$name" || return 0
  [ -r "$file" ] || { echo "hybrid.sh: cannot read $file" >&2; failed=1; return; }
  [ "$quick" = 1 ] && [ "$limit" -gt 3 ] && limit=3
  head -n "$limit" "$file" > "$tmp/$name.in"
  local n
  n=$(wc -l < "$tmp/$name.in")
  run "$name" cpu "$n" "$gts" c4 solve --book none --threads "$threads" "$tmp/$name.in"
  cpu_s=$run_s note=${run_note:+CPU: $run_note}
  run "$name" gpu "$n" "$gts" c4 solve --book none "${gpu_flags[@]}" --threads "$threads" "$tmp/$name.in"
  [ -n "$run_note" ] && note="${note:+$note; }CPU + GPU: $run_note"
  local gpu_s=$run_s
  # The CPU's best on a batch is its batch mode (each thread a position of
  # its own, then helping the last ones), not solve's threads on one
  # position at a time: the GPU's own share is CPU + GPU against it.
  run "$name" batch "$n" "$gts" c4 bench --algo solver-batch --threads "$threads" "$tmp/$name.in"
  note="${note:+$note; }CPU batch mode alone (c4 bench --algo solver-batch) $run_s s${run_note:+ ($run_note)}"
  run_s=$gpu_s
  keep "$name" cpu
  keep "$name" gpu
  # A line differs if its moves or score differ between the runs, or its
  # score from the known one; only lines both runs printed are compared.
  local differ
  differ=$(paste -d' ' <(cut -d' ' -f1-2 "$tmp/$name.in") <(cut -d' ' -f1-2 "$tmp/$name.cpu.out") \
             <(cut -d' ' -f1-2 "$tmp/$name.gpu.out") |
           awk 'NF == 6 && ($1 != $3 || $1 != $5 || $2 != $4 || $2 != $6) { n++ } END { print n + 0 }')
  row "$current" "$name" "$n" "$cpu_s" "$run_s" "$(wc -l < "$tmp/$name.cpu.out")" "$(wc -l < "$tmp/$name.gpu.out")" \
    "$(awk '{ s += $3 } END { printf "%.0f", s }' "$tmp/$name.cpu.out")" \
    "$(awk '{ s += $3 } END { printf "%.0f", s }' "$tmp/$name.gpu.out")" \
    "$([ "$differ" -eq 0 ] && echo equal || echo "$differ differ")" "$note"
}

part_c4() {
  local c4=$data/connect4
  c4_input c4-end-easy "$c4/Test_L3_R1" 1000
  c4_input c4-middle-easy "$c4/Test_L2_R1" 1000
  c4_input c4-middle-medium "$c4/Test_L2_R2" 1000
  c4_input c4-begin-easy "$c4/Test_L1_R1" 1000
  c4_input c4-begin-medium "$c4/Test_L1_R2" "$hard"
  c4_input c4-mixed "$mixed" 400
}

part_c4_hard() {
  c4_input c4-begin-hard "$data/connect4/Test_L1_R3" "$hard"
  if [ "$quick" = 1 ]; then
    echo "hybrid.sh: --quick: the empty board left out" >&2
    return
  fi
  # The empty board's score is +1 (the first player wins): the known score
  # of this one-line input.
  wanted c4-empty || return 0
  echo "- 1" > "$tmp/empty"
  c4_input c4-empty "$tmp/empty" 1
}

# Reversi ---------------------------------------------------------------------

# rv_scores FILE: "index score" of each solved line.
rv_scores() { awk '/ empties /{ print $1, $6 }' "$1"; }
# rv_nodes FILE: the sum of the per-line node counts.
rv_nodes() { awk '/ empties /{ for (i = 2; i <= NF; i++) if ($i == "nodes") s += $(i - 1) } END { printf "%.0f", s }' "$1"; }

# rv_input NAME FILE LIMIT CPU_FLAGS: FILE's first LIMIT positions both
# ways, the scores compared with each other and (WRONG) with the file's.
rv_input() {
  local name=$1 file=$2 limit=$3 cpu_flags=$4 note cpu_s n
  wanted "$name" || return 0
  [ -r "$file" ] || { echo "hybrid.sh: cannot read $file" >&2; failed=1; return; }
  [ "$quick" = 1 ] && [ "$limit" -gt 3 ] && [ "$name" != rv-12-empties ] && limit=3
  head -n "$limit" "$file" > "$tmp/$name.in"
  n=$(wc -l < "$tmp/$name.in")
  # shellcheck disable=SC2086 # CPU_FLAGS is one flag or none
  run "$name" cpu "$n" "$gts" reversi solve $cpu_flags --threads "$threads" "$tmp/$name.in"
  cpu_s=$run_s note=${run_note:+CPU: $run_note}
  run "$name" gpu "$n" "$gts" reversi solve "${gpu_flags[@]}" --threads "$threads" "$tmp/$name.in"
  [ -n "$run_note" ] && note="${note:+$note; }CPU + GPU: $run_note"
  keep "$name" cpu
  keep "$name" gpu
  local differ wrong
  differ=$(join <(rv_scores "$tmp/$name.cpu.out" | sort) <(rv_scores "$tmp/$name.gpu.out" | sort) |
           awk '$2 != $3 { n++ } END { print n + 0 }')
  wrong=$(cat "$tmp/$name.cpu.out" "$tmp/$name.gpu.out" | grep -c WRONG)
  local answers=""
  [ "$differ" -ne 0 ] && answers="$differ differ"
  [ "$wrong" -ne 0 ] && answers="${answers:+$answers, }$wrong WRONG against the file"
  row "$current" "$name" "$n" "$cpu_s" "$run_s" "$(rv_scores "$tmp/$name.cpu.out" | wc -l)" \
    "$(rv_scores "$tmp/$name.gpu.out" | wc -l)" "$(rv_nodes "$tmp/$name.cpu.out")" \
    "$(rv_nodes "$tmp/$name.gpu.out")" "${answers:-equal}" "$note"
}

part_rv() {
  rv_input ffo-1-19 "$data/othello/fforum-1-19.obf" 19 ""
  rv_input ffo-20-39 "$data/othello/fforum-20-39.obf" 20 ""
  local make
  make=$(dirname "$gts")/rv_make_positions
  [ "$quick" = 1 ] && [ "$count" -gt 1000 ] && count=1000
  wanted rv-12-empties || return 0
  [ -x "$make" ] || { echo "hybrid.sh: no $make (built with gts)" >&2; failed=1; return; }
  "$make" "$count" 12 1 > "$tmp/positions12.obf"
  rv_input rv-12-empties "$tmp/positions12.obf" "$count" --each
}

part_ffo() { rv_input ffo-40-59 "$data/othello/fforum-40-59.obf" 20 ""; }

# The table and the picture -------------------------------------------------

# table_csv: the rows of every results-PART.csv in the parts' order (rows
# of names this script no longer makes last) into table.csv.
table_csv() {
  local order="c4-end-easy c4-middle-easy c4-middle-medium c4-begin-easy c4-begin-medium c4-mixed c4-begin-hard c4-empty ffo-1-19 ffo-20-39 ffo-40-59 rv-12-empties"
  cat "$out"/results-*.csv | grep -v '^part,' > "$tmp/rows"
  { echo "$header"
    for name in $order; do grep "^[^,]*,$name," "$tmp/rows"; done
    grep -v -E "^[^,]*,($(tr ' ' '|' <<<"$order"))," "$tmp/rows" || true
  } > "$out/table.csv"
}

# picture: hybrid.svg, each input's CPU alone time over its CPU + GPU time
# (inputs both runs solved whole), the machine in its note; 0 if drawn.
picture() {
  # The machine each part ran on (its header's "host: ..."), in the
  # picture's note; where parts ran on different machines, each is named.
  local hosts
  hosts=$(cat "$out"/runs-*.txt 2>/dev/null | sed -n 's/.* · host: \(.*\) · [0-9-]* [0-9:]* UTC$/\1/p' | sort -u | paste -sd ';' -)
  { [ -n "$hosts" ] && echo "# machine: ${hosts//;/; }"
    echo "input,run,seconds"
    tail -n +2 "$out/table.csv" | awk -F, '$6 != "" { print $2 ",CPU alone," $4; print $2 ",CPU + GPU," $5 }'
  } > "$out/plot.csv"
  if ! command -v gnuplot >/dev/null 2>&1; then
    echo "hybrid.sh: no gnuplot (apt-get install gnuplot-nox): the picture left out" >&2
    return 1
  fi
  [ "$(wc -l < "$out/plot.csv")" -gt 1 ] || { echo "hybrid.sh: no input solved whole by both runs: no picture" >&2; return 1; }
  "$gts" plot "$out/plot.csv" -o "$out/hybrid.svg" --style bars --x input --y seconds --series run \
    --speedup-over "CPU alone" --logy --hline 1 --title "CPU alone against CPU + GPU, per input (bench/hybrid.sh)" \
    --ylabel "CPU alone's time / CPU + GPU's (log scale)" || { failed=1; return 1; }
}

# The table (table.md, also on stdout), table.csv and the picture.
part_table() {
  compgen -G "$out/results-*.csv" > /dev/null ||
    { echo "hybrid.sh: no results-*.csv in $out: run the parts first" >&2; exit 1; }
  table_csv
  local drawn=0
  picture && drawn=1
  {
    echo "CPU alone against CPU + GPU, answers checked (bench/hybrid.sh, issue 40); the runs:"
    echo
    for p in c4 c4-hard rv ffo; do [ -f "$out/runs-$p.txt" ] && sed 's/^/- /' "$out/runs-$p.txt"; done
    echo
    echo "| input | positions | CPU alone s | CPU + GPU s | CPU alone / CPU + GPU | solved (CPU alone, CPU + GPU) | nodes CPU alone | nodes CPU + GPU | answers |"
    echo "|---|---|---|---|---|---|---|---|---|"
    tail -n +2 "$out/table.csv" | awk -F, '{
        printf "| %s | %s | %s | %s | %s | %s, %s | %s | %s | %s%s |\n", $2, $3, $4, $5, $6 == "" ? "-" : $6 "x",
               $7, $8, $9, $10, $11, $12 == "" ? "" : "; " $12 }'
    echo
    echo "What each CPU + GPU run said (its summary lines):"
    echo
    for name in $(tail -n +2 "$out/table.csv" | cut -d, -f2); do
      [ -s "$out/$name.gpu.summary" ] && echo "- $name: $(sed 's/$/ ·/' "$out/$name.gpu.summary" | paste -sd' ' | sed 's/ ·$//')"
    done
    if [ "$drawn" = 1 ]; then
      echo
      echo "![CPU alone's time over CPU + GPU's, per input](hybrid.svg)"
    fi
  } > "$out/table.md"
  cat "$out/table.md"
}

# ---------------------------------------------------------------------------

# do_part PART: PART's header (command, commit, host, date) into
# runs-PART.txt and on stdout, then its inputs.
do_part() {
  current=$1
  echo "part $1: \`$cmdline\` · commit $(commit) · host: $(machine) · $(date -u '+%Y-%m-%d %H:%M UTC')" |
    tee -a "$out/runs-$1.txt" | sed 's/^/# /'
  case "$1" in
    c4) part_c4 ;;
    c4-hard) part_c4_hard ;;
    rv) part_rv ;;
    ffo) part_ffo ;;
  esac
}

case "$part" in
  table) part_table ;;
  all) for p in c4 c4-hard rv ffo; do do_part "$p"; done; part_table ;;
  *) do_part "$part" ;;
esac
exit "$failed"
