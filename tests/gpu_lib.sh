# Helpers of the device tests (sourced by gpu_check.sh, gpu_rv8_check.sh,
# gpu_rv_pvsplit.sh): the skip without a device and the compute-sanitizer
# runs.  The sourcing script sets GTS (the gts binary), SAN (the
# compute-sanitizer, empty when there is none) and fail=0.

# Exits 77 (ctest's skip) when gts sees no CUDA device; else prints its
# gpu line.
gpu_skip_without_device() {
    local line
    line=$("$GTS" info | grep '^gpu:')
    case $line in
    *"no CUDA device"*) echo "SKIP: no CUDA device"; exit 77 ;;
    esac
    echo "$line"
}

# gpu_sanitize_with TOOL COMMAND ARGS...: the command under one
# compute-sanitizer tool, a summary line; fail=1 (and the report's tail)
# on an error.
gpu_sanitize_with() {
    local tool=$1 out
    shift
    if [ -z "$SAN" ]; then
        echo "compute-sanitizer not found: $(basename "$1") ${*:2} not checked"
        return
    fi
    out=$(mktemp)
    if "$SAN" --tool "$tool" --error-exitcode 1 "$@" > "$out" 2>&1; then
        echo "compute-sanitizer $tool: $(grep -E "(ERROR|RACECHECK) SUMMARY" "$out" | sort | uniq -c | tr -s " " | paste -sd";")"
    else
        echo "FAILED: compute-sanitizer $tool on $(basename "$1") ${*:2}" >&2
        tail -30 "$out" >&2
        fail=1
    fi
    rm -f "$out"
}

# gpu_sanitize COMMAND ARGS...: the command under memcheck and racecheck.
gpu_sanitize() {
    gpu_sanitize_with memcheck "$@"
    gpu_sanitize_with racecheck "$@"
}
