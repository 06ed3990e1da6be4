#!/usr/bin/env bash
# The FFO endgame bench of issue 42: gts reversi solve and the anchors
# (Edax) on the FForum sets, in one run on one host, each problem its own
# process under a time limit (--timeout S: a problem not finished in S s
# is recorded so, with the bounds gts proved by then), each problem's
# score, time, nodes and principal variation into a CSV, every engine's
# log kept, and the summary as markdown tables for BENCHMARKS.md.
#
#   bench/rv_ffo.sh [--runs "20-39:1,16 40-59:1,16 60-79:16"] [--timeout 600]
#                   [--engines "gts edax"] [--data ../shared/data/othello]
#                   [--gts build/release/gts] [--gts-args "--tt-mb 1024"]
#                   [--edax /work/anchors/edax/lEdax-x86-64-v3]
#                   [--edax-eval FILE] [--edax-args "-h 24"] [--out build/rv_ffo]
#   bench/rv_ffo.sh --markdown [--out DIR]       the tables of DIR's CSV again
#   bench/rv_ffo.sh --write-zero-eval FILE        an all-zero Edax weights file
#
# A run is SET:THREADS[,THREADS...]: fforum-SET.obf of --data at each
# thread count, every engine of --engines in turn.  Rows go to
# OUT/rv_ffo.csv as each problem ends (a run killed midway keeps what it
# finished) and a problem already there for the same engine, threads and
# set is not run again: the same command run again carries on where the
# last one stopped (so a long bench fits machines that bound a command's
# time).  Each problem's log is appended to OUT/logs/ENGINE-tTHREADS-SET.log;
# the header (command, commit, machine, date, each engine's build) to
# OUT/header.md.  At the end the tables are printed (and kept in
# OUT/rv_ffo.md): per set, engine and threads the problems solved, wrong,
# not finished, total time, nodes and nodes/s; then per problem each run's
# time and nodes.
#
# gts prints --log's line (gts reversi solve --log): number, depth@100%,
# score, time, nodes, N/s, principal variation; a problem stopped by the
# limit (SIGTERM, as Ctrl-C) prints its bounds.  Edax runs as
#   lEdax -solve ONE.obf -l 60 -n THREADS -eval-file EVAL -book-usage off
# (-l 60: every problem solved exactly, whatever its empties); killed by
# the limit it prints nothing for the problem.
#
# The anchors are built by hand outside the repository, from the public
# snapshots that the fetch tool brings (github:abulmo/edax-reversi, never
# vendored here), and copied along to a machine without network:
#   Edax 4.6 (snapshot 14f048c): git -C MIRROR archive HEAD | tar -x -C SRC;
#     cd SRC/src && mkdir -p ../bin && make build CC=gcc ARCH=x86-64-v3 OS=linux
#     (gcc -Ofast -flto, AVX2: the flags gts's Release build has, -march=x86-64-v3);
#     the binary is SRC/bin/lEdax-x86-64-v3 (0.6 MB, no library beyond libc).
#   Edax's weights (data/eval.dat) are not in its repository (its releases
#   carry them).  Without --edax-eval this script writes an all-zero file
#   (--write-zero-eval): every pattern weight 0, so that Edax runs at its
#   node rate with its move ordering crippled (the shallow searches it
#   sorts moves by see a flat evaluation); its node counts and times are
#   then no measure of Edax as released, and every table says so.  The
#   file, as Edax 4.6's eval_open reads it (src/eval.c): the 32-bit
#   little-endian words 0x45444158 ("EDAX"; the bytes XADE) and 0x4556414c
#   ("EVAL"; LAVE), the version, release and build (three 32-bit words),
#   a double (the date), then for each of 61 plies 114,364 16-bit weights:
#   28 + 61 * 114,364 * 2 = 13,952,436 bytes.
#   Egaroucid (github:Nyanyan/Egaroucid, snapshot 8a98e5a): its weights
#   bin/resources/eval.egev2 are absent from the snapshot (a Git LFS-sized
#   blob the mirror does not hold), so it cannot run with its own weights
#   offline: not an engine here.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="20-39:1,16 40-59:1,16 60-79:16" timeout_s=600 engines="gts edax" data=../shared/data/othello
gts=build/release/gts gts_args="" edax=/work/anchors/edax/lEdax-x86-64-v3 edax_eval="" edax_args="" out=build/rv_ffo
markdown_only=0 zero_eval=""
cmdline="bench/rv_ffo.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --engines) engines=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --gts) gts=$2; shift 2 ;;
    --gts-args) gts_args=$2; shift 2 ;;
    --edax) edax=$2; shift 2 ;;
    --edax-eval) edax_eval=$2; shift 2 ;;
    --edax-args) edax_args=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --markdown) markdown_only=1; shift ;;
    --write-zero-eval) zero_eval=$2; shift 2 ;;
    *) echo "rv_ffo.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

die() { echo "rv_ffo.sh: $*" >&2; exit 2; }

# The all-zero weights file (the format above).
write_zero_eval() {
  { printf 'XADELAVE'; printf '\004\0\0\0\006\0\0\0\0\0\0\0'; head -c $((8 + 61 * 114364 * 2)) /dev/zero; } >"$1"
}
if [ -n "$zero_eval" ]; then
  write_zero_eval "$zero_eval"
  exit 0
fi

csv=$out/rv_ffo.csv
CSV_HEADER="engine,threads,set,problem,empties,score,expected,status,time_s,nodes,nodes_per_s,pv"

# The tables from the CSV: per set, engine and threads; then per problem.
summarize() {
  [ -f "$csv" ] || die "no $csv: nothing run yet"
  [ -f "$out/header.md" ] && cat "$out/header.md"
  echo
  echo "| set | engine | threads | solved | wrong | not finished | time (s) | nodes | nodes/s |"
  echo "|---|---|---|---|---|---|---|---|---|"
  tail -n +2 "$csv" | awk -F, '
    { k = $3 SUBSEP $1 SUBSEP $2
      if (!(k in n)) order[++runs] = k
      n[k]++; ok[k] += $8 == "ok"; bad[k] += $8 == "wrong"; late[k] += $8 == "timeout"
      if ($8 != "timeout") { t[k] += $9; nodes[k] += $10 } }
    END { for (i = 1; i <= runs; i++) { k = order[i]; split(k, f, SUBSEP)
            name = f[2] == "edax" ? "Edax" : f[2] == "edax-zero-weights" ? "Edax, all-zero weights" : f[2]
            printf "| FFO #%s | %s | %d | %d/%d | %d | %d | %.2f | %.0f | %.0f |\n", f[1], name, f[3],
              ok[k] + bad[k], n[k], bad[k], late[k], t[k], nodes[k], (t[k] > 0 ? nodes[k] / t[k] : 0) } }'
  echo
  echo "Per problem, each run's time in seconds and nodes (not finished: > the limit):"
  echo
  tail -n +2 "$csv" | awk -F, '
    { run = ($1 == "edax" ? "Edax" : $1 == "edax-zero-weights" ? "Edax (zero weights)" : $1) " " $2 "t"; if (!(run in seen)) { seen[run] = 1; cols[++ncols] = run }
      p = $4; if (!(p in has)) { has[p] = 1; probs[++nprobs] = p; empties[p] = $5 }
      if ($8 == "timeout") cell[p, run] = "> " $9 " s"
      else cell[p, run] = sprintf("%s s, %s%s", $9, $10, $8 == "wrong" ? " WRONG" : "") }
    END { printf "| FFO # | empties |"; for (c = 1; c <= ncols; c++) printf " %s |", cols[c]; print ""
          printf "|---|---|"; for (c = 1; c <= ncols; c++) printf "---|"; print ""
          for (i = 1; i <= nprobs; i++) { p = probs[i]; printf "| %s | %s |", p, empties[p]
            for (c = 1; c <= ncols; c++) printf " %s |", ((p, cols[c]) in cell) ? cell[p, cols[c]] : ""
            print "" } }'
}
if [ "$markdown_only" = 1 ]; then
  summarize
  exit 0
fi

# Checks before any run, so that none is lost to a bad option.
[[ "$timeout_s" =~ ^[1-9][0-9]*$ ]] || die "bad --timeout '$timeout_s' (whole seconds, at least 1)"
command -v timeout >/dev/null || die "no timeout(1) on the PATH (coreutils)"
for e in $engines; do
  case "$e" in
    gts) [ -x "$gts" ] || die "no $gts (make release first, or --gts PATH)" ;;
    edax) [ -x "$edax" ] || die "no Edax at $edax (build it as the header says, or --edax PATH)" ;;
    *) die "unknown engine '$e' (gts edax)" ;;
  esac
done
for r in $runs; do
  [[ "$r" =~ ^[0-9]+-[0-9]+:[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "bad run '$r' (SET:THREADS[,THREADS...], e.g. 40-59:1,16)"
  [ -r "$data/fforum-${r%%:*}.obf" ] || die "no $data/fforum-${r%%:*}.obf"
done
mkdir -p "$out/logs" "$out/problems"
[ -f "$csv" ] || echo "$CSV_HEADER" >"$csv"

# Edax's weights: the given file, else the all-zero one written here.
edax_weights="real weights: $edax_eval" edax_name=edax
if [[ " $engines " == *" edax "* ]] && [ -z "$edax_eval" ]; then
  edax_eval=$out/edax-zero-eval.dat
  [ -f "$edax_eval" ] || write_zero_eval "$edax_eval"
  edax_weights="WITHOUT its real weights: an all-zero eval.dat (its node rate; its move ordering crippled)"
  edax_name="edax-zero-weights"   # the rows' engine, so that no table drops it
fi

# The header of this run, appended to OUT/header.md (once: the same
# command again carries on the same run).
grep -qxF -- "- command: \`$cmdline\`" "$out/header.md" 2>/dev/null || {
  cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
  if git rev-parse --short HEAD >/dev/null 2>&1; then
    commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src include || echo ' (with uncommitted changes)')"
  else
    commit="${GTS_COMMIT:-unknown}"   # a copy without .git names it so
  fi
  echo "### FFO bench: $runs"
  echo
  echo "- command: \`$cmdline\`"
  echo "- commit: $commit"
  echo "- machine: ${cpu:-unknown CPU}, $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- each problem its own process, stopped after $timeout_s s"
  [[ " $engines " == *" gts "* ]] && echo "- gts: \`$gts reversi solve --log --threads N $gts_args\`"
  [[ " $engines " == *" edax "* ]] && echo "- Edax: \`$(basename "$edax") -solve -l 60 -n N -book-usage off $edax_args\`, $edax_weights"
  echo "- Egaroucid: not run (its snapshot lacks its weights, bin/resources/eval.egev2)"
} >>"$out/header.md"

# Seconds of an [[h:]m:]s.mmm time.
seconds() { awk -v t="$1" 'BEGIN { n = split(t, f, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + f[i]; printf "%.3f", s }'; }

# A score as a plain integer: +08 -> 8, -08 -> -8, +0 -> 0 ("" stays "").
number() {
  local s=${1#+} sign=""
  [ -n "$s" ] || return 0
  [[ "$s" == -* ]] && sign=- s=${s#-}
  [[ "$s" =~ ^[0-9]+$ ]] || { echo "?"; return 0; }
  s=$((10#$s))
  [ "$s" = 0 ] && sign=""
  echo "$sign$s"
}

# A solved row's status: ok when the score is the file's.
verdict() { [ "$1" = "$2" ] && echo ok || echo wrong; }

# row ENGINE THREADS SET PROBLEM EMPTIES SCORE EXPECTED STATUS TIME NODES NPS PV
row() { local IFS=,; echo "$*" >>"$csv"; }

# One problem on gts: its --log line, or its bounds when the limit stopped it.
run_gts() {  # threads set number file empties expected log
  local line rc=0
  # shellcheck disable=SC2086
  timeout -k 10 "$timeout_s" "$gts" reversi solve --log --threads "$1" $gts_args "$4" >"$out/last.log" 2>&1 || rc=$?
  cat "$out/last.log" >>"$7"
  line=$(grep -E '^ +1\|' "$out/last.log" | head -1 || true)
  IFS='|' read -r _ _ score time nodes nps pv <<<"$line"
  score=$(number "${score// /}") pv=${pv# } pv=${pv%%  *}   # the line alone, not "  WRONG: ..."
  # A line with a score was solved, whatever the exit status (1: a wrong
  # score; 124: the limit came as it ended).
  if [ -n "$line" ] && [ "$score" != "?" ]; then
    row gts "$1" "$2" "$3" "$5" "$score" "$6" "$(verdict "$score" "$6")" "$(seconds "${time// /}")" "${nodes// /}" \
        "${nps// /}" "$pv"
  else
    pv=${pv//,/;}   # the bounds "[-4, +8]" in a CSV field
    row gts "$1" "$2" "$3" "$5" "" "$6" timeout "$timeout_s" "${nodes// /}" "" "not finished in $timeout_s s${pv:+: $pv}"
  fi
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 124 ] || echo "rv_ffo.sh: gts ended with status $rc (see $7)" >&2
}

# One problem on Edax: its line (after "  1|": depth score time nodes N/s PV).
run_edax() {  # threads set number file empties expected log
  local line rc=0
  # shellcheck disable=SC2086
  timeout -k 10 "$timeout_s" "$edax" -solve "$4" -l 60 -n "$1" -eval-file "$edax_eval" -book-usage off -width 400 \
      $edax_args >"$out/last.log" 2>&1 || rc=$?
  cat "$out/last.log" >>"$7"
  line=$(grep -E '^ +1\|' "$out/last.log" | head -1 || true)
  if [ -n "$line" ] && [ "$rc" = 0 ]; then
    read -r _ score time nodes nps pv <<<"${line#*|}"
    score=$(number "$score")
    # Edax writes the opponent's moves in capitals and a pass "pa".
    pv=$(tr 'A-H' 'a-h' <<<"$pv" | sed 's/\<pa\>/ps/g; s/  .*//; s/ *$//')   # the line alone
    row "$edax_name" "$1" "$2" "$3" "$5" "$score" "$6" "$(verdict "$score" "$6")" "$(seconds "$time")" "$nodes" "$nps" "$pv"
  else
    row "$edax_name" "$1" "$2" "$3" "$5" "" "$6" timeout "$timeout_s" "" "" "not finished in $timeout_s s"
  fi
}

for r in $runs; do
  set=${r%%:*} first=${r%%-*}
  file=$data/fforum-$set.obf
  threads_list=${r#*:}
  for threads in ${threads_list//,/ }; do
    for e in $engines; do
      name=$e
      [ "$e" = edax ] && name=$edax_name
      log=$out/logs/$name-t$threads-$set.log
      n=0
      while IFS= read -r line || [ -n "$line" ]; do
        [[ "$line" =~ ^[-XOxo]{64}\ +[XOxo] ]] || continue
        number=$((first + n)) n=$((n + 1))
        grep -q "^$name,$threads,$set,$number," "$csv" && continue   # done by an earlier run
        one=$out/problems/$number.obf
        echo "$line" >"$one"
        empties=$(tr -cd '-' <<<"${line:0:64}" | wc -c)
        expected=$(number "$(sed -n 's/^[^;]*; *[A-Ha-h][1-8]:\([-+]*[0-9]*\).*/\1/p' <<<"$line")")
        echo "rv_ffo.sh: $e, $threads threads, FFO #$number ($empties empties)" >&2
        "run_$e" "$threads" "$set" "$number" "$one" "$empties" "$expected" "$log"
      done <"$file"
    done
  done
done
rm -f "$out/last.log"
summarize | tee "$out/rv_ffo.md"
