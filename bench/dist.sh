#!/usr/bin/env bash
# bench/dist.sh -- one exploration in one process, in two worker processes
# (--threads=2), and across MPI ranks (mpirun -np 1 and 2 gpumc
# --distributed, loopback, ranks not bound to cores) on the rows of
# docs/distributed.md: LB-20 and LB-22, the CAS and ticket locks 4x2 and the
# TTAS lock 3x2.  Prints executions, gpumc's wall time and peak RSS of the
# whole job; every row must count the same executions.
# Usage: bench/dist.sh [path/to/gpumc] [path/to/mpirun]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gpumc=${1:-$here/../build/gpumc}
mpirun=${2:-mpirun}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GPUMC_CACHE_DIR=$tmp/cache
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
locks=$here/data/locks.c
lb=$here/../tests/scopedc/lb_host.c

one() { # HOW FILE -- CFLAGS: prints "complete wall rss"
  local how=$1 file=$2 launch=()
  shift 3
  case $how in
    single) launch=("$gpumc") ;;
    threads2) launch=("$gpumc" --threads=2) ;;
    np1|np2) launch=("$mpirun" -np "${how#np}" --oversubscribe --bind-to none "$gpumc" --distributed) ;;
  esac
  /usr/bin/time -f "%M" -o "$tmp/rss" "${launch[@]}" -q "$file" -- "$@" >"$tmp/out" 2>/dev/null
  printf '%s %s %s' "$(sed -n 's/^Number of complete executions explored: //p' "$tmp/out")" \
    "$(sed -n 's/^Total wall-clock time: \(.*\)s$/\1/p' "$tmp/out")" \
    "$(( $(tail -1 "$tmp/rss") / 1024 ))"
}

row() { # NAME FILE -- CFLAGS
  local name=$1 file=$2
  shift 3
  "$gpumc" -q --max-executions=1 "$file" -- "$@" >/dev/null 2>&1 # warm the cache
  printf '%-16s' "$name"
  for how in single threads2 np1 np2; do
    read -r c w r <<<"$(one "$how" "$file" -- "$@")"
    printf ' %10s %7ss %5sMB' "${c:-?}" "${w:-?}" "${r:-?}"
  done
  printf '\n'
}

printf '%-16s %27s %27s %27s %27s\n' program "one process" "--threads=2" "1 rank" "2 ranks"
row "LB-20" "$lb" -- -DN=20
row "LB-22" "$lb" -- -DN=22
row "caslock 4x2" "$locks" -- -DCAS -DGROUPS=4 -DTPB=2
row "ticketlock 4x2" "$locks" -- -DTICKET -DGROUPS=4 -DTPB=2
row "ttaslock 3x2" "$locks" -- -DTTAS -DGROUPS=3 -DTPB=2
