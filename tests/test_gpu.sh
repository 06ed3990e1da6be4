#!/usr/bin/env bash
# `gts info` works everywhere; with a CUDA device it describes it, without
# one the test is skipped (exit 77, the test's SKIP_RETURN_CODE).
#
# usage: test_gpu.sh GTS_BINARY
set -u
GTS=${1:?usage: test_gpu.sh GTS_BINARY}

out=$("$GTS" info)
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "FAILED: 'gts info' exited with status $rc" >&2
    exit 1
fi
echo "$out"
if ! grep -qE '^gts [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out"; then
    echo "FAILED: no 'gts VERSION' line" >&2
    exit 1
fi
if ! grep -qE '^cuda backends: (built|not built)' <<<"$out"; then
    echo "FAILED: no 'cuda backends:' line" >&2
    exit 1
fi
gpu=$(grep '^gpu: ' <<<"$out")
if [ -z "$gpu" ]; then
    echo "FAILED: no 'gpu:' line" >&2
    exit 1
fi
if [[ $gpu == "gpu: no CUDA device"* ]]; then
    echo "SKIP: no CUDA device"
    exit 77
fi
# A device: "gpu: NAME, sm_XY, N SMs, M GiB", from a build with the backends.
if ! [[ $gpu =~ ^gpu:\ .+,\ sm_[0-9]+,\ [0-9]+\ SMs,\ [0-9]+\ GiB$ ]]; then
    echo "FAILED: unexpected device line '$gpu'" >&2
    exit 1
fi
if ! grep -q '^cuda backends: built' <<<"$out"; then
    echo "FAILED: a device is described by a build without the CUDA backends" >&2
    exit 1
fi
echo "gpu test passed: $gpu"
