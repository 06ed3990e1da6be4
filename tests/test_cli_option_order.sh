#!/usr/bin/env bash
# KNOWN BUG (left failing on purpose until the CLI is fixed): options given
# after a positional argument are not parsed as options.
#
# src/cli/c4_cmd.c parses with getopt_long(argc, argv, "+who:", ...): the
# leading '+' stops option parsing at the first non-option argument, so in
#     gts c4 bench --data DIR end-easy --csv
# '--csv' is taken as a second set name ("cannot find set '--csv'", exit 1,
# table printed without --csv), and `gts c4 solve FILE --weak` tries to open
# a file named '--weak'.  The documented synopsis is
# "gts c4 <command> [options]" with operands such as SET... or MOVES, and
# the expected behaviour is the usual GNU one: options anywhere.
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
    ! grep -qE '^end-easy,solver,1,60,.*,60/60$' <<<"$table"; then
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
