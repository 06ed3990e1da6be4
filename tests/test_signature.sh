#!/usr/bin/env bash
# The node count of `gts bench --signature` must match the one recorded in
# tests/bench_signature.txt: any change to the search's behaviour (pruning,
# move order, table use) changes it.
#
# usage: test_signature.sh GTS_BINARY SIGNATURE_FILE
set -u
GTS=${1:?usage: test_signature.sh GTS_BINARY SIGNATURE_FILE}
FILE=${2:?usage: test_signature.sh GTS_BINARY SIGNATURE_FILE}

expected=$(tr -d ' \t\r\n' <"$FILE") || exit 1
if ! [[ $expected =~ ^[0-9]+$ ]]; then
    echo "FAILED: $FILE should hold a single node count, not '$expected'" >&2
    exit 1
fi

out=$("$GTS" bench --signature 2>/dev/null)
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "FAILED: '$GTS bench --signature' exited with status $rc" >&2
    exit 1
fi
if ! [[ $out =~ ^signature:\ ([0-9]+)\ nodes$ ]]; then
    echo "FAILED: unexpected output of '$GTS bench --signature': '$out'" >&2
    exit 1
fi
actual=${BASH_REMATCH[1]}
if [ "$actual" != "$expected" ]; then
    cat >&2 <<MSG
FAILED: bench signature mismatch
  expected (tests/bench_signature.txt): $expected nodes
  actual   (gts bench --signature):     $actual nodes
The search now visits a different number of nodes on the signature
positions.  If the search behaviour was changed on purpose (pruning, move
ordering, table policy), update tests/bench_signature.txt to $actual in the
same commit and say why; otherwise this is a regression.
MSG
    exit 1
fi
echo "bench signature: $actual nodes, as recorded"
