#!/usr/bin/env bash
# Runs the Connect 4 benchmark suite and writes its results into
# docs/benchmarks/connect4.md (the Connect 4 history) as a section named by
# --id, replacing an earlier section of that id.  The section records the
# command, commit, machine and date; BENCHMARKS.md's headline table is
# updated by hand from it.
#
#   bench/c4_suite.sh --id NAME [--threads 1,2,4] [--sets "end-easy ..."]
#                     [--hard N] [--empty] [--weak] [--gts PATH] [--data DIR]
#
# --threads   thread counts for every set (default 1)
# --sets      set names (default: all six)
# --hard N    positions of Begin-Hard to run (default 40)
# --empty     also solve the empty board (strong) with each thread count
# --weak      also run every set in weak mode
set -euo pipefail
cd "$(dirname "$0")/.."

id="" threads=1 sets="end-easy middle-easy middle-medium begin-easy begin-medium begin-hard"
hard=40 empty=0 weak=0 gts=build/release/gts data=""
cmdline="bench/c4_suite.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --id) id=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --sets) sets=$2; shift 2 ;;
    --hard) hard=$2; shift 2 ;;
    --empty) empty=1; shift ;;
    --weak) weak=1; shift ;;
    --gts) gts=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    *) echo "c4_suite.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$id" ] || { echo "c4_suite.sh: --id NAME is required" >&2; exit 2; }
[ -x "$gts" ] || { echo "c4_suite.sh: no gts binary at $gts (make release)" >&2; exit 2; }
data_arg=()
[ -n "$data" ] && data_arg=(--data "$data")

out=$(mktemp)
trap 'rm -f "$out" "$out.csv"' EXIT

run_bench() {  # $1 = extra flags; each --csv's machine note and header left out
  for set in $sets; do
    limit=()
    [ "$set" = begin-hard ] && limit=(--limit "$hard")
    "$gts" c4 bench "${data_arg[@]}" --csv --threads "$threads" "${limit[@]}" $1 "$set" | tail -n +3
  done
}

{
  echo "set,algo,threads,positions,AT_us,TT_us,ANE,TNE,NEMS,ATH,TTH,correct"
  run_bench ""
} > "$out.csv"

cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
{
  echo "<!-- c4-suite:$id -->"
  echo "### Connect 4 suite: $id"
  echo
  echo "- command: \`$cmdline\`"
  # A copy without .git (as on a remote machine) names its commit in
  # GTS_COMMIT.
  if git rev-parse --short HEAD >/dev/null 2>&1; then
    commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include || echo ' (with uncommitted changes)')"
  else
    commit="${GTS_COMMIT:-unknown}"
  fi
  echo "- commit: $commit"
  echo "- machine: ${cpu:-unknown CPU}, $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- table: 64 MB, cleared between positions; strong solve unless marked weak"
  echo
  echo "| set | algo | threads | positions | AT (us) | TT (us) | ANE | TNE | NEMS | ATH | TTH | correct |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  tail -n +2 "$out.csv" | awk -F, '{printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12}'
  if [ "$weak" = 1 ]; then
    run_bench --weak | awk -F, '{printf "| %s (weak) | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12}'
  fi
  if [ "$empty" = 1 ]; then
    echo
    echo "Empty 7x6 board, strong, no book:"
    echo
    echo "| threads | score | nodes | seconds |"
    echo "|---|---|---|---|"
    for t in ${threads//,/ }; do
      echo "- 1" | "$gts" c4 solve --threads "$t" | awk -v t="$t" '{printf "| %s | %s | %s | %.2f |\n", t, $2, $3, $4/1e6}'
    done
  fi
  echo "<!-- /c4-suite:$id -->"
} > "$out"

history=docs/benchmarks/connect4.md
touch "$history"
if grep -q "<!-- c4-suite:$id -->" "$history"; then
  awk -v id="$id" -v f="$out" '
    $0 == "<!-- c4-suite:" id " -->" { while ((getline l < f) > 0) print l; skip = 1; next }
    $0 == "<!-- /c4-suite:" id " -->" { skip = 0; next }
    !skip' "$history" > "$history.new" && mv "$history.new" "$history"
else
  { echo; cat "$out"; } >> "$history"
fi
cat "$out"
