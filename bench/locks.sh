#!/usr/bin/env bash
# bench/locks.sh -- gpumc through the command line on the scoped-C rows of
# docs/performance.md: spin locks (bench/data/locks.c: CAS 4x2, ticket 4x2,
# TTAS 3x2) and the load-buffering ring LB-n (tests/scopedc/lb_host.c),
# printing executions (complete + blocked), wall time, executions/s and
# peak RSS.  The file is lowered once first (cached), so the times are
# exploration.
#
# With GENMC_REF (and/or GPUMC_REF) set to a GenMC (GPUMC) binary, the same
# inputs run through it too, as `$GENMC_REF -- CFLAGS FILE`, and the line
# ends with its wall time and the ratio reference/gpumc.
# Usage: bench/locks.sh [path/to/gpumc] [--quick]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpumc=${1:-$here/../build/gpumc}
quick=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GPUMC_CACHE_DIR=$tmp/cache
locks=$here/data/locks.c
lb=$here/../tests/scopedc/lb_host.c

reference() { # NAME BINARY CFLAGS... FILE -> " name wall ratio"
  local name=$1 bin=$2 s e
  shift 2
  s=$(date +%s.%N)
  "$bin" -- "$@" >/dev/null 2>&1
  e=$(date +%s.%N)
  printf ' %s %.2fs' "$name" "$(echo "$e - $s" | bc)"
  echo "$e - $s" >"$tmp/refwall"
}

run() { # NAME FILE GPUMC-OPTIONS -- CFLAGS
  local name=$1 file=$2 opts=() cflags=()
  shift 2
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  cflags=("$@")
  "$gpumc" -q --max-executions=1 "${opts[@]}" "$file" -- "${cflags[@]}" >/dev/null 2>&1 # warm the cache
  /usr/bin/time -f "%M" -o "$tmp/rss" "$gpumc" -q "${opts[@]}" "$file" -- "${cflags[@]}" \
      >"$tmp/out" 2>/dev/null
  local rc=$? execs blocked wall rss
  execs=$(sed -n 's/^Number of complete executions explored: //p' "$tmp/out")
  blocked=$(sed -n 's/^Number of blocked executions seen: //p' "$tmp/out")
  wall=$(sed -n 's/^Total wall-clock time: \(.*\)s$/\1/p' "$tmp/out")
  rss=$(( $(tail -1 "$tmp/rss") / 1024 ))
  printf '%-26s %4s %10s %8s %8s %10.0f %7s' "$name" "$rc" "${execs:-?}" "${blocked:-?}" \
    "${wall:-?}" "$(echo "(${execs:-0} + ${blocked:-0}) / (${wall:-1} + 0.0001)" | bc -l)" "$rss"
  for ref in GENMC_REF GPUMC_REF; do
    [ -n "${!ref:-}" ] || continue
    reference "${ref%_REF}" "${!ref}" "${cflags[@]}" "$file"
    printf ' x%.1f' "$(echo "$(cat "$tmp/refwall") / (${wall:-1} + 0.0001)" | bc -l)"
  done
  printf '\n'
}

printf '%-26s %4s %10s %8s %8s %10s %7s\n' config exit complete blocked wall-s execs/s RSS-MB
run "caslock 4x2" "$locks" -- -DCAS -DGROUPS=4 -DTPB=2
run "ticketlock 4x2" "$locks" -- -DTICKET -DGROUPS=4 -DTPB=2
run "ttaslock 2x2" "$locks" -- -DTTAS -DGROUPS=2 -DTPB=2
[ "$quick" = --quick ] && exit 0
run "ttaslock 3x2" "$locks" -- -DTTAS -DGROUPS=3 -DTPB=2
for n in 14 16 18 20; do
  run "LB-$n" "$lb" -- -DN=$n
done
run "LB-20 --threads=2" "$lb" --threads=2 -- -DN=20
