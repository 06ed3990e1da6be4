#!/usr/bin/env bash
# --threads past what memory allows (issue 38, #24): the message names
# the threads' memory, not a transposition table.  `--threads 1024` under
# a 4 GB limit said "out of memory for a 2097152-byte transposition
# table": it was thread 948's own 2 MB table of near-end positions.
#
# The limits are ulimit -v, the process's address space, the same on any
# machine: 1 GB holds the 64 MB shared table but not 1024 tables of 2 MB
# (2 MB aligned: 4 MB of address space each); 6 GB holds the tables but
# not 1023 thread stacks of 32 MB (ulimit -s).  AddressSanitizer and
# ThreadSanitizer reserve terabytes of address space at the start, so a
# sanitized gts cannot run under ulimit -v at all: skipped there.
#
# usage: test_memory_messages.sh GTS_BINARY SOURCE_DIR SANITIZED(0|1)
set -u
GTS=${1:?usage: test_memory_messages.sh GTS_BINARY SOURCE_DIR SANITIZED}
SRC=${2:?usage: test_memory_messages.sh GTS_BINARY SOURCE_DIR SANITIZED}
if [ "${3:-0}" = 1 ]; then
    echo "test_memory_messages: skipped: a sanitized gts cannot run under ulimit -v (its shadow memory)"
    exit 77
fi

. "$(dirname "$0")/cli_lib.sh" gts_memory_messages

run "c4 solve --threads 1024 in 1 GB" bash -c 'ulimit -v 1000000 && exec "$0" c4 solve 4455 --threads 1024' "$GTS"
expect_usage_error "out of memory for 1024 threads: thread " "table of near-end positions" "use fewer threads"
checks=$((checks + 1))
! grep -q "transposition table" "$TMP/err" || fail "the threads' memory said as a transposition table's"

run "c4 bench --threads 1024 in 1 GB" bash -c 'ulimit -v 1000000 && exec "$0" c4 bench --threads 1024 --data "$1/data/c4" end-easy' \
    "$GTS" "$SRC"
expect_contains err "out of memory for 1024 threads: thread "
expect_lines err 1 "not one error line"

run "c4 solve --threads 1024 with 32 MB stacks in 6 GB" \
    bash -c 'ulimit -v 6000000 -s 32768 && exec "$0" c4 solve 4455 --threads 1024' "$GTS"
expect_usage_error "cannot start 1024 threads: the system started " "use fewer threads"

run "reversi solve --each --threads 1024 in 1 GB" --stdin "$SRC/data/reversi/ffo-sample.obf" \
    bash -c 'ulimit -v 1000000 && exec "$0" reversi solve --each --threads 1024' "$GTS"
expect_rc 1
expect_empty_stdout
expect_one_line_error "out of memory for 1024 threads: thread " "own 64 MB endgame table (65536 MB for all 1024)"

finish
