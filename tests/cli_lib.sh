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

# run DESCRIPTION [--stdin FILE] COMMAND...: sets rc, out, err, and warn:
# the warning that --threads is more than the cores (cli_options.c), kept
# out of err (and $TMP/err), since how many cores a test machine has is
# no part of what a test checks.
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
    warn=$(grep '^gts: warning: --threads' "$TMP/err")
    sed -i '/^gts: warning: --threads/d' "$TMP/err"
    out=$(cat "$TMP/out")
    err=$(cat "$TMP/err")
}

# Ctrl-C without a race (issue 38: a SIGINT after a fixed second came,
# on a loaded machine, before the program had started its work, or even
# before it could catch the signal).  SIGINT goes to the command only once
# it has installed its handler (bit 2 of SigCgt in /proc/PID/status) and
# shown a sign that its work began:
#   out:TEXT, err:TEXT  a line holding TEXT on its stdout, stderr;
#   cpu:SECONDS         that much CPU time used: work done, whatever the
#                       load (for a command that prints nothing until a
#                       long search ends);
#   handler             the handler alone (a command waiting for input).
# Nothing is bounded by a clock but the hang bounds: 600 s for the sign
# and 600 s from the SIGINT to the exit (then SIGKILL and a failure).
#
# run_interrupted DESCRIPTION SIGN [--stdin FILE] COMMAND...: as run, the
# command interrupted once SIGN holds (by SIGINT, or the signal named in
# RUN_SIGNAL, e.g. TERM: its handler then is the one waited for); sets rc,
# out, err, and stop_cpu:
# the CPU seconds the command used after the SIGINT (how soon it stopped,
# counted in work, which a loaded machine does not stretch).
run_interrupted() {
    desc=$1
    local sign=$2 input=/dev/null
    shift 2
    if [ "$1" = --stdin ]; then
        input=$2
        shift 2
    fi
    cmd=("$@")
    local t0=$EPOCHREALTIME
    "$@" <"$input" >"$TMP/out" 2>"$TMP/err" &
    local pid=$! polls=0 ready=0 mask key value stat cpu_at_signal signal=${RUN_SIGNAL:-INT} handled
    handled=$((1 << ($(kill -l "$signal") - 1)))   # its bit in SigCgt
    # The polls sleep in read -t on a FIFO nobody writes: a builtin, so
    # that no process of the shell's adds to the children's CPU time
    # measured below.
    local nap shell arg0
    [ -p "$TMP/nap" ] || mkfifo "$TMP/nap"
    exec {nap}<>"$TMP/nap"
    read -r -d '' shell <"/proc/$$/cmdline"
    while [ "$ready" = 0 ] && kill -0 "$pid" 2>/dev/null && [ "$polls" -lt 12000 ]; do
        polls=$((polls + 1))
        read -r -t 0.05 -u "$nap" _
        # Until it runs the command, the child is this shell, which catches
        # SIGINT too and would run the EXIT trap (rm -rf $TMP): 1 SIGINT in
        # 36 sent at once came before the exec.  Its command line tells.
        arg0=$shell
        read -r -d '' arg0 <"/proc/$pid/cmdline" 2>/dev/null
        [ "$arg0" != "$shell" ] || continue
        mask=0
        while read -r key value; do
            [ "$key" = SigCgt: ] && mask=$value
        done <"/proc/$pid/status" 2>/dev/null
        (((16#$mask & handled) != 0)) || continue
        case $sign in
        out:* | err:*) grep -qF -- "${sign#*:}" "$TMP/${sign%%:*}" && ready=1 ;;
        cpu:*) read -r stat <"/proc/$pid/stat" 2>/dev/null &&
            awk -v s="$stat" -v need="${sign#cpu:}" -v hz="$(getconf CLK_TCK)" \
                'BEGIN { sub(/.*\) /, "", s); split(s, f, " "); exit !((f[12] + f[13]) / hz >= need) }' && ready=1 ;;
        handler) ready=1 ;;
        *) echo "run_interrupted: unknown sign '$sign'" >&2; exit 2 ;;
        esac
    done
    # What the command has used, and what the shell's children have, at
    # the SIGINT: the command is reaped only later, so its whole CPU time
    # is the children's difference then.
    read -r stat <"/proc/$pid/stat" 2>/dev/null
    times >"$TMP/times.0"
    kill -"$signal" "$pid" 2>/dev/null
    polls=0
    while kill -0 "$pid" 2>/dev/null && [ "$polls" -lt 12000 ]; do
        polls=$((polls + 1))
        read -r -t 0.05 -u "$nap" _
    done
    exec {nap}<&-
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    wait "$pid"
    rc=$?
    times >"$TMP/times.1"
    echo "$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%6.2f", b - a }') s  $desc"
    out=$(cat "$TMP/out")
    err=$(cat "$TMP/err")
    [ "$ready" = 1 ] || fail "no sign '$sign' that the work began before the command ended or 600 s passed"
    [ "$polls" -lt 12000 ] || fail "still running 600 s after SIGINT"
    # CPU seconds from /proc (ticks) and from times ("0m1.250s 0m0.040s").
    stop_cpu=$(awk -v s="$stat" -v hz="$(getconf CLK_TCK)" -v f0="$TMP/times.0" -v f1="$TMP/times.1" '
        function secs(t,  p) { split(t, p, /[ms]/); return p[1] * 60 + p[2] }
        function kids(file,  line) { getline line <file; getline line <file; split(line, w, " ");
                                     return secs(w[1]) + secs(w[2]) }
        BEGIN { sub(/.*\) /, "", s); split(s, f, " "); at = (f[12] + f[13]) / hz
                printf "%.2f", kids(f1) - kids(f0) - at }')
}

# expect_stopped_within CPU_SECONDS: the interrupted command used at most
# that much CPU after the SIGINT.
expect_stopped_within() {
    checks=$((checks + 1))
    awk -v a="$stop_cpu" -v b="$1" 'BEGIN { exit !(a <= b) }' ||
        fail "it went on for $stop_cpu s of CPU after SIGINT (at most $1)"
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
