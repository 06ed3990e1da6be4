#!/usr/bin/env bash
# make test's stages, each run even when one before it failed (issue 38: the
# first failing stage ended make, and the sanitizer stages and the fuzzers
# were never run nor reported), then a summary of all of them ending in one
# line "N passed, N failed"; the exit status is 1 when a stage failed.
#
#   release  the Release build and every test in it
#   asan     the Debug build with ASan + UBSan and every test in it
#   tsan     the Debug build with ThreadSanitizer and the tests labelled
#            tsan (tests/CMakeLists.txt: the threads, the split, the
#            server); a report in any process fails the stage
#   fuzz     each libFuzzer target for FUZZ_SECONDS (15) on its seeds;
#            skipped, and said, where clang cannot link one
#
# usage: tests/stages.sh [STAGE...]   (all four by default; make test runs
# it with MAKE, JOBS and the build folders RELEASE, ASAN, TSAN set)

cd "$(dirname "$0")/.." || exit 2
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
FUZZ_SECONDS=${FUZZ_SECONDS:-15}
FUZZ_CC=${FUZZ_CC:-clang}    # named in the skip's message
RELEASE=${RELEASE:-build/release}
ASAN=${ASAN:-build/asan}
TSAN=${TSAN:-build/tsan}
LOGS=build/stages
mkdir -p "$LOGS"

# ctest_in DIR [ARGS...]: every test of DIR's build (or those ARGS pick).
ctest_in() {
    local dir=$1
    shift
    (cd "$dir" && ctest --output-on-failure -j "$JOBS" "$@")
}

stage_release() {
    $MAKE --no-print-directory release RELEASE="$RELEASE" && ctest_in "$RELEASE"
}

stage_asan() {
    $MAKE --no-print-directory asan ASAN="$ASAN" && ctest_in "$ASAN"
}

# A report goes to a file of its own (log_path), not only to a test's
# stderr: a server's or a rank's report fails the stage even where the
# test that started it did not look.  halt_on_error: the first report ends
# the process, so that it is not buried under the ones it causes.
stage_tsan() {
    $MAKE --no-print-directory tsan TSAN="$TSAN" || return 1
    local reports
    reports=$(cd "$TSAN" && pwd)/reports
    rm -rf "$reports"
    mkdir -p "$reports"
    local rc=0
    TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path=$reports/tsan ${TSAN_OPTIONS:-}" \
        ctest_in "$TSAN" -L '^tsan$' || rc=1
    if compgen -G "$reports/tsan*" >/dev/null; then
        echo "ThreadSanitizer reports ($reports):"
        cat "$reports"/tsan*
        rc=1
    fi
    return $rc
}

stage_fuzz() {
    if ! $MAKE --no-print-directory -s have-libfuzzer 2>/dev/null; then
        echo "SKIPPED: $FUZZ_CC cannot link a libFuzzer target (apt-get install clang libclang-rt-dev)"
        return 77
    fi
    $MAKE --no-print-directory fuzz FUZZ_SECONDS="$FUZZ_SECONDS"
}

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(release asan tsan fuzz)
for s in "${stages[@]}"; do
    declare -F "stage_$s" >/dev/null || { echo "stages.sh: no stage '$s' (release asan tsan fuzz)" >&2; exit 2; }
done

passed=0
failed=0
summary=()
for s in "${stages[@]}"; do
    echo "=== stage $s (log: $LOGS/$s.log)"
    t0=$SECONDS
    # The stage's output goes to the terminal as it comes, and to its log,
    # from which the summary takes the names of the failed tests.
    "stage_$s" 2>&1 | tee "$LOGS/$s.log"
    rc=${PIPESTATUS[0]}
    took=$(printf '%3dm%02ds' $(((SECONDS - t0) / 60)) $(((SECONDS - t0) % 60)))
    if [ "$rc" -eq 77 ]; then
        summary+=("$(printf '%-8s skipped %s  %s' "$s" "$took" "$(grep -m1 '^SKIPPED: ' "$LOGS/$s.log")")")
    elif [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
        summary+=("$(printf '%-8s passed  %s' "$s" "$took")")
    else
        failed=$((failed + 1))
        tests=$(sed -n '/^The following tests FAILED:/,$ s/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' "$LOGS/$s.log" |
            tr '\n' ' ')
        summary+=("$(printf '%-8s FAILED  %s  %s' "$s" "$took" "${tests:-(see $LOGS/$s.log)}")")
    fi
done

echo
echo "=== summary (logs: $LOGS/)"
printf '%s\n' "${summary[@]}"
[ -s "$RELEASE/missing.txt" ] && sed 's/^/without /' "$RELEASE/missing.txt"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
