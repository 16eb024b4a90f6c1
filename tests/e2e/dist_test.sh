#!/usr/bin/env bash
# dist_test.sh -- `mpirun -np 2 gpumc --distributed` on this machine
# (loopback) against the single-process run: the same report (counts,
# verdict, findings, exit code; only the wall-clock line may differ) on
# LB-16, the CAS lock 4x2, racy kernels, an execution limit and a restart
# of the exploration; and a rank killed mid-run makes the run incomplete,
# never "No errors".  docs/distributed.md.
#
#   dist_test.sh GPUMC MPIRUN HAVE_FRONTEND(0|1)
set -u
GPUMC=$1
MPIRUN=$2
HAVE_FE=${3:-0}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-dist-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
# CI runs as root, which Open MPI refuses unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPI=("$MPIRUN" -np 2 --oversubscribe --bind-to none)
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok   $*"; }

# same DESCRIPTION EXPECTED_EXIT GPUMC-ARGS...: one process, then two
# ranks; exit codes and reports (without the wall-clock line) must agree.
same() {
    local what=$1 want=$2
    shift 2
    "$GPUMC" "$@" >"$WORK/one" 2>"$WORK/one.err"
    local one=$?
    "${MPI[@]}" "$GPUMC" --distributed "$@" >"$WORK/two" 2>"$WORK/two.err"
    local two=$?
    if [ "$one" -ne "$want" ] || [ "$two" -ne "$want" ]; then
        fail "$what: exit $one (one process) and $two (two ranks), expected $want"
        sed 's/^/    stderr: /' "$WORK/two.err" | head -10
        return 1
    fi
    if ! diff <(grep -v '^Total wall-clock time' "$WORK/one") \
              <(grep -v '^Total wall-clock time' "$WORK/two") >"$WORK/diff"; then
        fail "$what: the reports differ"
        sed 's/^/    /' "$WORK/diff" | head -20
        return 1
    fi
    ok "$what"
}

counted() { sed -n 's/^Number of complete executions explored: //p' "$1"; }

same "LB-16" 0 -q tests/scopedc/lb_host.c -- -DN=16
[ "$(counted "$WORK/two")" = 65535 ] || fail "LB-16: $(counted "$WORK/two") executions, expected 65535"
same "LB-16, two workers per rank" 0 -q --threads=2 tests/scopedc/lb_host.c -- -DN=16
same "CAS lock 4x2" 0 -q bench/data/locks.c -- -DCAS -DGROUPS=4 -DTPB=2
[ "$(counted "$WORK/two")" = 40320 ] || fail "CAS lock: $(counted "$WORK/two") executions, expected 40320"
same "racy kernel, every error" 42 --keep-going kernels/harness/barrier.c -- -DNO_BARRIER
grep -q '^Error detected: ' "$WORK/two" || fail "racy kernel: no error reported"
same "racy lock, every error" 42 --keep-going tests/scopedc/counter_race.c
# Races deep in the tree, found by both ranks: the same findings in the same
# order with the same traces (the earliest in search order).
same "LB ring with races, traces" 42 -v --keep-going tests/e2e/data/lb_race.c -- -DN=12
[ "$(grep -c '^Error [0-9]*: Data race' "$WORK/two")" = 3 ] || fail "LB race: expected 3 races"
# At the first error every rank stops: exactly one error, whoever found it.
"${MPI[@]}" "$GPUMC" --distributed kernels/harness/barrier.c -- -DNO_BARRIER >"$WORK/two" 2>/dev/null
rc=$?
[ "$rc" = 42 ] && [ "$(grep -c '^Error [0-9]*:' "$WORK/two")" = 1 ] &&
    ok "the first error stops every rank" ||
    fail "first error: exit $rc, $(grep -c '^Error [0-9]*:' "$WORK/two") errors (expected 42 and 1)"
# An execution limit holds across ranks exactly.
same "--max-executions=1000" 3 -q --max-executions=1000 tests/scopedc/lb_host.c -- -DN=16
[ "$(counted "$WORK/two")" = 1000 ] || fail "limit: $(counted "$WORK/two") executions, expected 1000"
grep -q '^Verification incomplete: --max-executions=1000 reached$' "$WORK/two" ||
    fail "limit: not reported as incomplete"
# Limits near the end of the tree: allowance a rank asked for ahead and did
# not use must reach the others, and a limit the tree does not exceed
# leaves the run explored.
same "--max-executions=1020 of LB-10's 1023" 3 -q --max-executions=1020 tests/scopedc/lb_host.c -- -DN=10
same "--max-executions=1023 of LB-10's 1023" 0 -q --max-executions=1023 tests/scopedc/lb_host.c -- -DN=10
same "--max-executions=40300 of the CAS lock's 40320, two workers per rank" 3 -q --threads=2 \
    --max-executions=40300 bench/data/locks.c -- -DCAS -DGROUPS=4 -DTPB=2
[ "$(counted "$WORK/two")" = 40300 ] || fail "CAS limit: $(counted "$WORK/two") executions, expected 40300"
if [ "$HAVE_FE" = 1 ]; then
    # The observed counter restarts the exploration (commuting atomics
    # learned something) on every rank.  --keep-going: explored whole, the
    # counts are the same; stopped at the first error they depend on how far
    # each rank got by then (CI saw 0 against 2 once).
    same "restart: observed counter" 42 --keep-going --kernel=observe --block=3 \
        kernels/cuda/atomic_counters.cu
    same "histogram, every order" 0 -q --no-commute --kernel=histo --block=3 kernels/cuda/atomic_counters.cu
fi
# Without mpirun gpumc is one rank of its own.
"$GPUMC" --distributed -q tests/scopedc/lb_host.c -- -DN=10 >"$WORK/solo" 2>&1 &&
    [ "$(counted "$WORK/solo")" = 1023 ] && ok "--distributed without mpirun" ||
    fail "--distributed without mpirun: $(head -3 "$WORK/solo")"
"$GPUMC" --distributed --repair kernels/harness/barrier.c >/dev/null 2>"$WORK/err"
[ $? = 17 ] && grep -q 'do not run --distributed' "$WORK/err" && ok "--repair is refused" ||
    fail "--distributed --repair: $(cat "$WORK/err")"

# ---- a rank dies mid-run ---------------------------------------------------
# LB-22 runs for seconds; rank 1 is killed once it explores.  mpirun then
# stops rank 0, which must call the run incomplete.
"${MPI[@]}" "$GPUMC" --distributed tests/scopedc/lb_host.c -- -DN=22 >"$WORK/killed" 2>/dev/null &
job=$!
victim=""
for _ in $(seq 100); do
    sleep 0.1
    for p in $(pgrep -x gpumc); do
        if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' &&
           [ -n "$(pgrep -P "$p" -x gpumc)" ]; then # its worker runs: it explores
            victim=$p
        fi
    done
    [ -n "$victim" ] && break
done
[ -n "$victim" ] && sleep 1 && kill -9 "$victim"
wait "$job"
rc=$?
if [ -z "$victim" ]; then
    fail "rank 1 never started exploring"
elif [ "$rc" = 0 ] || grep -q 'No errors were detected' "$WORK/killed"; then
    fail "a lost rank: exit $rc, $(grep -E '^(No errors|Verification)' "$WORK/killed")"
elif ! grep -q '^Verification incomplete: 1 of 2 ranks were lost$' "$WORK/killed"; then
    fail "a lost rank: the report does not say so: $(head -3 "$WORK/killed")"
else
    ok "a killed rank makes the run incomplete (exit $rc)"
fi

echo "$fails failed"
[ "$fails" = 0 ]
