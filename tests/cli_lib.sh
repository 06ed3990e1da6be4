# Helpers of the command-line tests (sourced): run a command capturing
# its status and output, and checks that count and report failures.
#
# usage: . cli_lib.sh NAME   (NAME names the temporary directory)
# and at the end: finish

TEST_NAME=$(basename "$0" .sh)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT

checks=0
failures=0
desc=""

fail() {
    failures=$((failures + 1))
    {
        echo "FAILED: $desc: $*"
        echo "  command: ${cmd[*]}"
        echo "  exit status: $rc"
        echo "  stdout: $(head -c 2000 "$TMP/out")"
        echo "  stderr: $(head -c 2000 "$TMP/err")"
    } >&2
}

check() {  # check CONDITION-DESCRIPTION TEST-COMMAND...
    local what=$1
    shift
    checks=$((checks + 1))
    "$@" || fail "$what"
}

# run DESCRIPTION [--stdin FILE] COMMAND...: sets rc, out, err.
run() {
    desc=$1
    shift
    local input=/dev/null
    if [ "$1" = --stdin ]; then
        input=$2
        shift 2
    fi
    cmd=("$@")
    local t0=$EPOCHREALTIME
    "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    # Seconds per command, to keep the test short under the sanitizers.
    echo "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%6.2f", b - a }') s  $desc"
    out=$(cat "$TMP/out")
    err=$(cat "$TMP/err")
}

expect_rc() {
    checks=$((checks + 1))
    [ "$rc" -eq "$1" ] || fail "exit status $rc, expected $1"
}

# expect_contains err|out PATTERN...: the captured stream holds each one.
expect_contains() {
    local stream=$1 p
    shift
    for p in "$@"; do
        checks=$((checks + 1))
        grep -qF -- "$p" "$TMP/$stream" || fail "std$stream lacks '$p'"
    done
}

# expect_lines out|err N [MESSAGE]: the captured stream has N lines.
expect_lines() {
    checks=$((checks + 1))
    [ "$(wc -l <"$TMP/$1")" -eq "$2" ] || fail "${3:-expected $2 lines on std$1}"
}

expect_empty_stderr() {
    checks=$((checks + 1))
    [ ! -s "$TMP/err" ] || fail "stderr is not empty"
}

expect_empty_stdout() {
    checks=$((checks + 1))
    [ ! -s "$TMP/out" ] || fail "stdout is not empty"
}

# expect_one_line_error [PATTERN...]: stderr is one line "gts: ..." holding
# each PATTERN.
expect_one_line_error() {
    checks=$((checks + 1))
    [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q '^gts: ' "$TMP/err" || fail "stderr is not one line 'gts: ...'"
    expect_contains err "$@"
}

# expect_usage_error [PATTERN...]: status 2, nothing on stdout, and one
# line "gts: ..." on stderr holding each PATTERN.
expect_usage_error() {
    expect_rc 2
    expect_empty_stdout
    expect_one_line_error "$@"
}

# finish: the totals, as the C tests print them, and the exit: status 1
# when a check failed or none ran (a test that checks nothing is broken).
finish() {
    if [ "$checks" -eq 0 ]; then
        echo "$TEST_NAME: 0 checks, 0 failed: no check ran, which counts as a failure" >&2
        exit 1
    fi
    if [ "$failures" -ne 0 ]; then
        echo "$TEST_NAME: $checks checks, $failures failed" >&2
        exit 1
    fi
    echo "$TEST_NAME: $checks checks, 0 failed"
    exit 0
}
