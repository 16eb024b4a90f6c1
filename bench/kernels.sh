#!/usr/bin/env bash
# bench/kernels.sh -- gpumc on whole kernels through the command line:
# executions, wall time, executions/s and peak RSS per configuration (the
# kernel table of bench/README.md).  The kernel is lowered once first
# (cached), so the times are exploration, not compilation.
# Usage: bench/kernels.sh [path/to/gpumc]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpumc=${1:-$here/../build/gpumc}
kdir=$here/../kernels/cuda
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GPUMC_CACHE_DIR=$tmp/cache
rand() { python3 -c "import random; random.seed($2); print(','.join(str(random.randint(0, 999)) for _ in range($1)))"; }

run() { # NAME FILE ARGS...
  local name=$1 file=$2
  shift 2
  "$gpumc" -q --max-executions=1 "$file" "$@" >/dev/null 2>&1 # warm the cache
  /usr/bin/time -f "%M" -o "$tmp/rss" "$gpumc" -q "$file" "$@" >"$tmp/out" 2>/dev/null
  local rc=$? execs wall rss
  execs=$(sed -n 's/^Number of complete executions explored: //p' "$tmp/out")
  wall=$(sed -n 's/^Total wall-clock time: \(.*\)s$/\1/p' "$tmp/out")
  rss=$(( $(tail -1 "$tmp/rss") / 1024 ))
  printf '%-28s %4s %10s %9s %10.0f %8s\n' "$name" "$rc" "${execs:-?}" "${wall:-?}" \
    "$(echo "${execs:-0} / (${wall:-1} + 0.0001)" | bc -l)" "$rss"
}

printf '%-28s %4s %10s %9s %10s %8s\n' config exit execs wall-s execs/s RSS-MB
for g in 4 8 16 64 256; do # 256 x 256: 65,536 threads
  run "reduce ${g}x256" "$kdir/reduce.cu" --grid=$g --block=256 \
    --arg in=int[$((g * 256))]:1*$((g * 256)) --arg out=int[$g] -- -DBLOCK=256
done
for g in 16 256; do # barrier(CLK_LOCAL_MEM_FENCE): per-space views
  run "OpenCL reduce ${g}x256" "$kdir/../opencl/reduce.cl" --num-groups=$g --local-size=256 \
    --arg in=int[$((g * 256))]:1*$((g * 256)) --arg out=int[$g] -- -DWG=256
done
for g in 2 8; do
  run "bitonic ${g}x128" "$here/data/bitonic.cu" --grid=$g --block=128 \
    --arg d=int[$((g * 128))]:"$(rand $((g * 128)) $g)"
done
for g in 2 8; do
  run "histogram ${g}x128 (commuting)" "$kdir/atomic_counters.cu" --kernel=histo --grid=$g \
    --block=128 --arg data=int[$((g * 128))]:"$(rand $((g * 128)) $g)"
done
run "atomic sampler 1x3" "$kdir/atomic_sampler.cu" --block=3 --arg c=int[9] --arg u=unsigned[2]
run "histogram 1x6 --no-commute" "$kdir/atomic_counters.cu" --kernel=histo --block=6 --no-commute
