#!/usr/bin/env bash
# bench/frontend.sh -- time the frontend (clang -> LLVM IR -> instrumentation,
# in gpumc-lower) plus the harness link for a 250-line CUDA kernel: cold
# (empty cache each run) and cached (the same kernel again).
# Usage: bench/frontend.sh [path/to/gpumc] [runs]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpumc=${1:-$here/../build/gpumc}
runs=${2:-5}
kernel=$here/data/stencil250.cu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() {
  GPUMC_CACHE_DIR="$tmp/cache" "$gpumc" --max-executions=1 -q \
      --grid=2 --block=4 --arg n=8 --arg pairs=int[16] "$kernel" >/dev/null || { rc=$?; [ "$rc" -eq 3 ] || [ "$rc" -eq 42 ]; } # 3: the limit, 42: an error
}
seconds() { local s e; s=$(date +%s.%N); "$@"; e=$(date +%s.%N); echo "$e - $s" | bc; }
best_cold= best_warm=
for i in $(seq "$runs"); do
  rm -rf "$tmp/cache"
  cold=$(seconds check)
  warm=$(seconds check)
  echo "run $i: cold ${cold}s (lower + link + 1 execution), cached ${warm}s"
  if [ -z "$best_cold" ] || [ "$(echo "$cold < $best_cold" | bc)" = 1 ]; then best_cold=$cold; fi
  if [ -z "$best_warm" ] || [ "$(echo "$warm < $best_warm" | bc)" = 1 ]; then best_warm=$warm; fi
done
echo "kernel: $(wc -l <"$kernel") lines"
echo "best: cold ${best_cold}s, cached ${best_warm}s"
