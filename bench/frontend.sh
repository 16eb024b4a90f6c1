#!/usr/bin/env bash
# bench/frontend.sh -- time the frontend (libclang lowering) plus the harness
# compile for a 250-line CUDA kernel, with an empty harness cache each run.
# Usage: bench/frontend.sh [path/to/gpumc] [runs]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpumc=${1:-$here/../build/gpumc}
runs=${2:-5}
kernel=$here/data/stencil250.cu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
best=
for i in $(seq "$runs"); do
  rm -rf "$tmp/cache"
  start=$(date +%s.%N)
  GPUMC_CACHE_DIR="$tmp/cache" "$gpumc" --emit-harness="$tmp/h.c" --max-executions=1 -q \
      --grid=2 --block=4 --arg n=8 --arg pairs=int[16] "$kernel" >/dev/null || [ $? -eq 42 ]
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc)
  echo "run $i: ${t}s (lower + compile + 1 execution)"
  if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
done
echo "kernel: $(wc -l <"$kernel") lines, harness: $(wc -l <"$tmp/h.c") lines"
echo "best: ${best}s"
