#!/usr/bin/env bash
# Regression: options given after a positional argument are parsed as
# options, the usual GNU behaviour (the parser once stopped at the first
# operand, so `gts c4 bench --data DIR end-easy --csv` took '--csv' for a
# set name and `gts c4 solve FILE --weak` tried to open '--weak').
#
# usage: test_cli_option_order.sh GTS_BINARY SOURCE_DIR
set -u
GTS=${1:?usage: test_cli_option_order.sh GTS_BINARY SOURCE_DIR}
DATA=${2:?usage: test_cli_option_order.sh GTS_BINARY SOURCE_DIR}/data/c4
failures=0

out=$("$GTS" c4 bench --data "$DATA" end-easy --csv 2>&1 >/dev/null)
rc=$?
table=$("$GTS" c4 bench --data "$DATA" end-easy --csv 2>/dev/null)
if [ "$rc" -ne 0 ]; then
    echo "FAILED: 'gts c4 bench --data DATA end-easy --csv' exited $rc: $out" >&2
    failures=$((failures + 1))
fi
if ! grep -q '^set,algo,threads,positions,' <<<"$table" ||
    ! grep -qE '^end-easy,solver,1,60,.*,60/60,-$' <<<"$table"; then
    echo "FAILED: 'gts c4 bench --data DATA end-easy --csv' did not print the CSV table:" >&2
    echo "$table" >&2
    failures=$((failures + 1))
fi

head -3 "$DATA/Test_L2_R1" >"${TMPDIR:-/tmp}/gts_option_order.$$"
trap 'rm -f "${TMPDIR:-/tmp}/gts_option_order.$$"' EXIT
weak=$("$GTS" c4 solve "${TMPDIR:-/tmp}/gts_option_order.$$" --weak 2>&1)
rc=$?
if [ "$rc" -ne 0 ] || [ "$(grep -c '^[0-9]* -\{0,1\}[01] ' <<<"$weak")" -ne 3 ]; then
    echo "FAILED: 'gts c4 solve FILE --weak' (exit $rc) did not print 3 weak scores:" >&2
    echo "$weak" >&2
    failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || exit 1
echo "options after operands: ok"
