#!/usr/bin/env bash
# Fuzzes one target for $FUZZ_SECONDS (default 15) on top of its seed corpus:
#   run.sh FUZZER SEED_DIR WORK_DIR
# Inputs that find new code go to WORK_DIR/corpus (kept from run to run; the
# committed seeds are never written), an input that breaks a rule to
# WORK_DIR/crash-* (and the like).  Exit 0 when nothing broke.  On a failure
# it prints the end of the fuzzer's log and how to run the input again.
set -euo pipefail
fuzzer=$1 seeds=$2 work=$3
seconds=${FUZZ_SECONDS:-15}
name=$(basename "$fuzzer")
mkdir -p "$work/corpus"
log=$work/log.txt
# -timeout: one input may take this long (a protocol session searches);
# -max_len: room for the protocols' longest lines (4096 bytes) and more;
# -rss_limit_mb: the engines' tables are capped well below it.
if "$fuzzer" -max_total_time="$seconds" -timeout=20 -max_len=12000 -rss_limit_mb=3000 \
     -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$seeds" >"$log" 2>&1; then
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "$name: ${runs:-?} inputs in ${seconds} s, no failure"
  exit 0
fi
# The report: from the first line that says what broke (a failed check,
# a sanitizer's or libFuzzer's error), else the log's end.
awk '/fuzz check failed|==ERROR|runtime error|ERROR: libFuzzer/ { on = 1 } on && n++ < 40' "$log" >"$work/report.txt"
if [ -s "$work/report.txt" ]; then cat "$work/report.txt"; else tail -n 40 "$log"; fi
crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
echo "$name: FAILED (whole log: $log)"
if [ -n "$crash" ]; then
  echo "the input: $crash ($(wc -c <"$crash") bytes); run it again: $fuzzer $crash"
  echo "its bytes:"; od -c "$crash" | head -n 20
fi
exit 1
