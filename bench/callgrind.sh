#!/bin/sh
# callgrind.sh -- run one benchmark configuration under callgrind and print
# the total instruction count (Ir).  Deterministic, unlike wall time, so it
# is the number to compare across engine changes.
#
# usage: bench/callgrind.sh [CONFIG] [gpumc-bench options...]
#   CONFIG  lb-N | sb-N | lock-N   (default lb-12)
#   env GPUMC_BUILD   build directory holding bench/gpumc-bench (default: build)
#   env KEEP=1        keep the callgrind.out file (for callgrind_annotate)
set -eu

cfg=${1:-lb-12}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GPUMC_BUILD:-$root/build}
bin=$build/bench/gpumc-bench
if [ ! -x "$bin" ]; then
    echo "callgrind.sh: $bin not found; build first (cmake --build $build)" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind not installed" >&2; exit 2; }

out=$(mktemp "${TMPDIR:-/tmp}/callgrind.out.XXXXXX")
# --no-fork: the run stays in the process valgrind instruments.
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --no-fork "$@" "$cfg" >&2
total=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1)
echo "$cfg: total instructions (Ir): $total"
if [ "${KEEP:-0}" = 1 ]; then
    echo "callgrind output kept in $out (callgrind_annotate $out)"
else
    rm -f "$out"
fi
