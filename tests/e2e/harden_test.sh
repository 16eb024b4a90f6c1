#!/usr/bin/env bash
# harden_test.sh -- regression tests of issue 12 (hardening): signals,
# parallel workers that must not outlive gpumc, the harness cache as
# trusted code, --apply keeping the user's file intact, option and config
# input, the repair re-check, --timeout inside long work, and deeply
# nested expressions.
#
#   harden_test.sh GPUMC KERNELS_DIR HAVE_FRONTEND(0|1) SECTION
#
# SECTION: signals, orphans, cache, apply, options, repair, timeout, deep.
# Exit 0 when every check of the section passed.
set -u
GPUMC=$1
KDIR=$2
HAVE_FE=${3:-0}
SECTION=$4
H=$KDIR/harness
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=$HERE/data
SIG="python3 $HERE/harden_sig.py"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-harden.XXXXXX")
trap 'chmod -R u+w "$WORK"; rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
fails=0
OUT=$WORK/out
ERR=$WORK/err

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok   $*"; }

# An ASan build reserves terabytes of shadow memory up front: it cannot run
# under a virtual memory limit (the timeout still bounds it there).
ASAN_BUILD=
ldd "$GPUMC" 2>/dev/null | grep -q libasan && ASAN_BUILD=1

# run EXPECTED_EXIT DESCRIPTION -- ARGS...: runs gpumc, checks the exit code.
# RUN_TIMEOUT (seconds, default 120) and RUN_VMEM (KiB) bound a gpumc that
# would hang or read without end.
run() {
    local want=$1 what=$2
    shift 3
    ( [ -n "${RUN_VMEM:-}" ] && [ -z "$ASAN_BUILD" ] && ulimit -v "$RUN_VMEM"
      exec timeout "${RUN_TIMEOUT:-120}" "$GPUMC" "$@" ) >"$OUT" 2>"$ERR"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$what: exit $got, expected $want (gpumc $*)"
        sed 's/^/    stderr: /' "$ERR" | head -20
        return 1
    fi
    ok "$what"
}

# expect_in FILE PATTERN DESCRIPTION (grep -E)
expect_in() {
    grep -Eq -- "$2" "$1" || { fail "$3: /$2/ not in $(basename "$1")"; sed 's/^/    /' "$1" | head -20; }
}

# expect_line N FILE TEXT DESCRIPTION: the N-th line from the end is TEXT.
expect_line() {
    local got
    got=$(tail -n "$1" "$2" | sed -n 1p)
    [ "$got" = "$3" ] || fail "$4: line -$1 is '$got', expected '$3'"
}

# within SECONDS GOT DESCRIPTION: GOT (a number) is at most SECONDS.
within() {
    python3 -c "import sys; sys.exit(0 if float('$2') <= float('$1') else 1)" ||
        fail "$3: took $2 s, more than $1 s"
}

# first the harnesses the sections use (compiled once, cached)
"$GPUMC" --max-events-per-thread=10000000 "$DATA/longpsc.c" --max-executions=1 --timeout=0.01 -- -DN=12000 >/dev/null 2>&1

section_signals() {
    local res
    for s in SIGINT:130 SIGTERM:143 SIGHUP:129; do
        res=$($SIG clean "${s%%:*}" 1 "$OUT" -- "$GPUMC" --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000)
        [ "${res%% *}" = "${s##*:}" ] || fail "${s%%:*}: exit ${res%% *}, expected ${s##*:}"
        within 1.5 "${res##* }" "${s%%:*} ends the run"
        expect_line 4 "$OUT" "Verification incomplete: interrupted by ${s%%:*}" "${s%%:*} verdict line"
        expect_in "$OUT" "^1 complete execution, no error among them\.$" "${s%%:*}: what was explored (the first execution needs no long check)"
        expect_line 1 "$OUT" "$(tail -n 1 "$OUT" | grep -E '^Total wall-clock time: [0-9]+\.[0-9]{2}s$')" "${s%%:*} time line"
        ok "${s%%:*}: report printed, exit ${s##*:}"
    done
    res=$($SIG clean SIGINT 1 "$OUT" -- "$GPUMC" --format=json --sarif="$WORK/int.sarif" --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000)
    [ "${res%% *}" = 130 ] || fail "SIGINT with --format=json: exit ${res%% *}"
    python3 - "$OUT" "$WORK/int.sarif" <<'PY' || fail "JSON/SARIF of an interrupted run"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "incomplete" and d["exploration"] == "interrupted", d
assert d["exit_code"] == 130, d
assert d["incomplete_reason"] == "interrupted by SIGINT", d["incomplete_reason"]
s = json.load(open(sys.argv[2]))
inv = s["runs"][0]["invocations"][0]
assert inv["exitCode"] == 130 and inv["executionSuccessful"] is False, inv
assert "interrupted by SIGINT" in json.dumps(inv["toolExecutionNotifications"])
PY
    python3 "$HERE/json_schema_check.py" docs/gpumc-report.schema.json "$OUT" >/dev/null ||
        fail "the JSON of an interrupted run does not match docs/gpumc-report.schema.json"
    ok "JSON and SARIF of an interrupted run"
    res=$($SIG clean SIGINT 1.5 "$OUT" -- "$GPUMC" --threads=2 --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000)
    [ "${res%% *}" = 130 ] || fail "SIGINT with --threads=2: exit ${res%% *}"
    within 1.5 "${res##* }" "SIGINT with --threads=2 ends the run"
    expect_line 4 "$OUT" "Verification incomplete: interrupted by SIGINT" "--threads=2 verdict line"
    # timeout(1) signals the process and its group: one request, one clean report
    res=$($SIG dup SIGTERM 1 "$OUT" -- "$GPUMC" --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000)
    [ "${res%% *}" = 143 ] || fail "SIGTERM twice back to back: exit ${res%% *}"
    expect_line 4 "$OUT" "Verification incomplete: interrupted by SIGTERM" "a doubled SIGTERM still reports"
    ok "a doubled SIGTERM is one request"
    # no stop point in a native loop: the second SIGINT ends it at once
    res=$($SIG twice 1 "$OUT" -- "$GPUMC" "$DATA/spin.c")
    [ "${res%% *}" = 130 ] || fail "second SIGINT: exit ${res%% *}, expected 130"
    within 1 "${res##* }" "second SIGINT ends at once"
    ok "second SIGINT"
}

section_orphans() {
    local res
    for s in SIGTERM SIGKILL; do
        res=$($SIG orphans $s 1.5 "$OUT" -- "$GPUMC" --threads=2 --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000)
        [ "${res%% *}" = 2 ] || fail "$s: saw ${res%% *} workers, expected 2"
        [ "${res##* }" = 0 ] || fail "$s: ${res##* } worker(s) outlived the parent"
        ok "$s to the parent: no worker survives"
    done
}

section_timeout() {
    local t0 t1
    t0=$(date +%s.%N)
    run 3 "--timeout inside one long psc check" -- --timeout=1 --max-events-per-thread=10000000 "$DATA/longpsc.c" -- -DN=12000
    t1=$(date +%s.%N)
    within 2 "$(python3 -c "print($t1 - $t0)")" "--timeout=1, one long consistency check"
    expect_in "$OUT" "^Verification incomplete: timeout of 1 s reached$" "timeout verdict (psc)"
    t0=$(date +%s.%N)
    run 3 "--timeout inside one long execution" -- --timeout=0.2 --max-events-per-thread=10000000 "$DATA/deep.c" -- -DN=200000
    t1=$(date +%s.%N)
    within 1.5 "$(python3 -c "print($t1 - $t0)")" "--timeout=0.2, one long execution"
    expect_in "$OUT" "^Verification incomplete: timeout of 0.2 s reached$" "timeout verdict (execution)"
    # plain accesses on shadow state make no events: the loop itself polls
    "$GPUMC" -q --grid=1 --block=2 --arg n=90000000 --max-events-per-thread=100 "$DATA/plainloop.cu" \
        >/dev/null 2>&1 # compiled and cached (the small budget ends the loop at once)
    t0=$(date +%s.%N)
    run 3 "--timeout inside a loop of plain accesses" -- --timeout=0.5 --grid=1 --block=2 --arg n=90000000 "$DATA/plainloop.cu"
    t1=$(date +%s.%N)
    within 2 "$(python3 -c "print($t1 - $t0)")" "--timeout=0.5, a loop that makes no events"
    expect_in "$OUT" "^Verification incomplete: timeout of 0.5 s reached$" "timeout verdict (plain loop)"
    # an execution deeper than the explorer's stack (made small here): an
    # internal error that says so, not a process killed by SIGSEGV; events
    # that are no choice take no stack (longexec's 200,000 stores)
    GPUMC_EXPLORER_STACK_MB=16 run 0 "200,000 events without a choice in a small explorer stack" -- \
        --max-events-per-thread=1000000 "$DATA/longexec.c" -- -DN=200000
    GPUMC_EXPLORER_STACK_MB=16 run 7 "an execution too deep for the explorer's stack" -- \
        --max-events-per-thread=1000000 "$DATA/deep.c"
    expect_in "$ERR" "internal error: the exploration ran out of stack at [0-9]+ events in one execution" "the explorer's stack limit is reported"
}

# apply_run DIR FILE: gpumc --apply on the repair case hetero_add.cu
apply_run() {
    (cd "$1" && "$GPUMC" -q --apply --grid=2 --block=1 "$2" >"$OUT" 2>"$ERR")
}

section_apply() {
    local src=$PWD/tests/repair/data/hetero_add.cu a=$WORK/apply
    mkdir -p "$a/real" && cp "$src" "$a/real/k.cu" && chmod 640 "$a/real/k.cu"
    ln -s real/k.cu "$a/link.cu"
    echo "keep me" >"$a/link.cu.orig"
    apply_run "$a" link.cu
    [ $? -eq 42 ] || fail "--apply through a symlink: exit code"
    [ -L "$a/link.cu" ] || fail "--apply replaced the symlink by a file"
    grep -q "atomicAdd(c, 1)" "$a/real/k.cu" || fail "--apply did not patch the link's target"
    [ "$(stat -c %a "$a/real/k.cu")" = 640 ] || fail "--apply changed the mode to $(stat -c %a "$a/real/k.cu")"
    [ "$(cat "$a/link.cu.orig")" = "keep me" ] || fail "--apply overwrote an existing FILE.orig"
    cmp -s "$a/link.cu.orig.1" "$src" || fail "--apply did not keep the original as FILE.orig.1"
    ls -A "$a" "$a/real" | grep -q '\.tmp\.' && fail "--apply left temporaries: $(ls -A "$a" "$a/real")"
    ok "--apply: through a symlink, mode kept, FILE.orig.1 next to an existing FILE.orig"
    mkdir -p "$a/ro" && cp "$src" "$a/ro/k.cu" && chmod 444 "$a/ro/k.cu"
    apply_run "$a/ro" k.cu
    [ $? -eq 17 ] || fail "--apply on a read-only file: exit code"
    expect_in "$ERR" "^gpumc: error: --apply: k\.cu is read-only; nothing was changed" "read-only message"
    cmp -s "$a/ro/k.cu" "$src" || fail "--apply changed a read-only file"
    [ "$(ls -A "$a/ro")" = k.cu ] || fail "--apply on a read-only file left files: $(ls -A "$a/ro")"
    ok "--apply refuses a read-only file"
    if [ "$(id -u)" = 0 ]; then # only root can hand a file to another owner
        mkdir -p "$a/own" && cp "$src" "$a/own/k.cu" && chown 65534:65534 "$a/own/k.cu"
        chmod 664 "$a/own/k.cu"
        apply_run "$a/own" k.cu
        [ $? -eq 42 ] || fail "--apply on another user's file: exit code"
        grep -q "atomicAdd(c, 1)" "$a/own/k.cu" || fail "--apply did not patch another user's file"
        [ "$(stat -c %u:%g:%a "$a/own/k.cu")" = 65534:65534:664 ] ||
            fail "--apply changed owner or mode to $(stat -c %u:%g:%a "$a/own/k.cu")"
        ok "--apply keeps the file's owner and group"
    fi
}

section_options() {
    local c=$WORK/conf
    mkdir -p "$c"
    RUN_TIMEOUT=10 RUN_VMEM=2000000 run 17 "--config=/dev/zero" -- --config=/dev/zero "$H/mp.c"
    expect_in "$ERR" "^gpumc: error: --config=/dev/zero: not a regular file; give a JSON file$" "/dev/zero message"
    mkfifo "$c/fifo"
    timeout 10 "$GPUMC" --config="$c/fifo" "$H/mp.c" >"$OUT" 2>"$ERR"
    [ $? -eq 17 ] || fail "--config=FIFO: exit code (or it waited for a writer)"
    expect_in "$ERR" "fifo: not a regular file" "FIFO message"
    run 17 "--config=DIR" -- --config="$c" "$H/mp.c"
    expect_in "$ERR" "conf: not a regular file" "directory message"
    head -c 1048577 /dev/zero | tr '\0' ' ' >"$c/big.json"
    run 17 "--config over 1 MiB" -- --config="$c/big.json" "$H/mp.c"
    expect_in "$ERR" "big\.json: larger than 1024 KiB" "big config message"
    RUN_TIMEOUT=10 RUN_VMEM=2000000 run 17 "gpumc check --config=/dev/zero" -- check --config=/dev/zero
    expect_in "$ERR" "not a regular file" "check: /dev/zero message"
    # 8x2 is 8,2 (as people write launch shapes)
    run 0 "--block=2x1" -- -q --block=2x1 --grid=1x1x1 "$H/counter.c"
    run 17 "--block=2x" -- --block=2x "$H/counter.c"
    expect_in "$ERR" "expected X\[,Y,Z\] \(or XxYxZ\)" "--block=2x message"
    # an option twice: the same value is fine, different values are not
    run 17 "--grid twice" -- --grid=2 --grid=3 "$H/mp.c"
    expect_in "$ERR" "^gpumc: error: --grid given twice with different values \(2 and 3\); keep one$" "--grid twice message"
    run 17 "--block twice" -- --block 2 --block=4 "$H/mp.c"
    run 17 "--model twice" -- --model=sc --model=rc11 "$H/mp.c"
    expect_in "$ERR" "^gpumc: error: --model given twice with different values \(sc and rc11\); keep one$" "--model twice message"
    run 17 "--timeout twice" -- --timeout=5 --timeout=6 "$H/mp.c"
    run 0 "the same value twice" -- -q --model=sc --model=sc "$H/counter.c"
    run 0 "flags twice" -- -q -q --stop-on-error --stop-on-error "$H/counter.c"
    # the thread limit: 1,048,576 threads in all (gpumc/limits.h, docs/cli.md)
    run 17 "a dimension over the limit" -- --grid=1048577 "$H/mp.c"
    expect_in "$ERR" "--grid=1048577: expected X\[,Y,Z\] \(or XxYxZ\) with 1 <= each <= 1048576" "dimension limit message"
    run 17 "a launch over the limit" -- --grid=1024 --block=1025 "$H/mp.c"
    expect_in "$ERR" "^gpumc: error: the launch has 1049600 threads \(grid x block x gpus\); gpumc checks at most 1048576: make it smaller$" "launch limit message"
    run 17 "GPUs count toward the limit" -- --grid=524288 --block=1 --gpus=3 "$H/mp.c"
    if [ "$HAVE_FE" = 1 ]; then
        # 65,536 threads in 256 blocks with barriers: one execution, and the
        # block sums are checked (a lost barrier join would race)
        cat >"$c/wide.cu" <<'CU'
__global__ void wide(int *out)
{
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    s[t] = 1;
    __syncthreads();
    for (unsigned k = 128; k > 0; k >>= 1) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}
CU
        run 0 "65,536 threads are checked" -- -q --grid=256 --block=256 --arg out=int[256] \
            --post='out[0] == 256 && out[255] == 256' "$c/wide.cu"
        expect_in "$OUT" "^Number of complete executions explored: 1$" "65,536 threads: one execution"
        printf '__global__ void race(int *out) { out[0] = threadIdx.x; }\n' >"$c/wrace.cu"
        run 42 "a race among 65,536 threads" -- -q --grid=256 --block=256 "$c/wrace.cu"
        # over 1,024 threads stacks are lent (runtime.c): threads replayed after
        # revisits, on other stacks than before, still count every execution
        cat >"$c/lent.cu" <<'CU'
__global__ void k(int *flag, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 1)
        atomicExch(flag, 1);
    if (i == 2)
        atomicExch(flag, 2);
    if (i == 3)
        out[0] = atomicAdd(flag, 0) + atomicAdd(flag, 0);
    if (i == 2000)
        out[1] = atomicAdd(flag, 0);
}
CU
        for launch in "--grid=1 --block=2001" "--grid=16 --block=256"; do
            run 0 "lent stacks: $launch" -- -q $launch --arg flag=int[1] --arg out=int[2] "$c/lent.cu"
            expect_in "$OUT" "^Number of complete executions explored: 60$" "lent stacks: 60 executions ($launch)"
        done
    fi
    # --max-executions with --threads stops at exactly N
    for k in 1 2 3; do
        run 3 "--max-executions=1000 --threads=4 (run $k)" -- -q --max-executions=1000 --threads=4 "$DATA/many.c"
        expect_in "$OUT" "^Number of complete executions explored: 1000$" "--threads=4 stops at exactly 1000 (run $k)"
    done
}

section_cache() {
    local c=$WORK/shared so
    mkdir -p "$c" && chmod 777 "$c"
    GPUMC_CACHE_DIR=$c run 17 "world-writable cache refused" -- "$H/mp.c"
    expect_in "$ERR" "^gpumc: error: harness cache: .*/shared is writable by others \(mode 0777\); gpumc loads the code it compiles there, so it must be private" "world-writable cache message"
    chmod 770 "$c"
    GPUMC_CACHE_DIR=$c run 17 "group-writable cache refused" -- "$H/mp.c"
    expect_in "$ERR" "shared is writable by its group \(mode 0770\)" "group-writable cache message"
    [ -z "$(ls -A "$c")" ] || fail "a refused cache was written to: $(ls -A "$c")"
    # a planted object, as a symlink or writable by others, is never loaded
    run 42 "mp.c -DCTA_SCOPE compiles" -- -v "$H/mp.c" -- -DCTA_SCOPE
    run 42 "and is cached" -- -v "$H/mp.c" -- -DCTA_SCOPE
    so=$(sed -n 's/^gpumc: harness cached: //p' "$ERR")
    [ -f "$so" ] || { fail "no cached object named in: $(cat "$ERR")"; return; }
    [ "$(stat -c %a "$so")" = 700 ] || fail "cached object mode $(stat -c %a "$so"), expected 700"
    run 0 "another harness" -- -v "$H/counter.c"
    other=$(sed -n 's/^.* -o \([^ ]*\) .*$/\1/p' "$ERR" | sed 's/\.tmp\.[A-Za-z0-9]*$//')
    [ -f "$other" ] || { fail "no compiled object named in: $(cat "$ERR")"; return; }
    rm "$so" && ln -s "$other" "$so"
    run 42 "a symlinked cache entry is not loaded" -- -v "$H/mp.c" -- -DCTA_SCOPE
    expect_in "$ERR" "untrusted cache entry removed" "symlinked entry removed"
    [ -L "$so" ] && fail "the symlinked entry is still there"
    cp "$other" "$so" && chmod 666 "$so"
    run 42 "a cache entry writable by others is not loaded" -- -v "$H/mp.c" -- -DCTA_SCOPE
    expect_in "$ERR" "untrusted cache entry removed" "writable entry removed"
    ls -A "$GPUMC_CACHE_DIR" | grep -q '\.tmp\.' && fail "temporaries left in the cache"
    ok "planted cache entries are never loaded"
    if [ "$HAVE_FE" = 1 ]; then
        run 0 "a generated harness" -- -v --grid=2 --block=1 --volatile=relaxed "$KDIR/cuda/mp.cu"
        local cfile
        cfile=$(sed -n 's/^gpumc: compiling harness:.* \([^ ]*\.c\)\( .*\)\{0,1\}$/\1/p' "$ERR")
        [ -f "$cfile" ] || { fail "no generated C file named in: $(cat "$ERR")"; return; }
        echo "victim" >"$WORK/victim"
        rm -f "${cfile%.c}.so" "$cfile" && ln -s "$WORK/victim" "$cfile"
        run 0 "a symlinked generated C file" -- --grid=2 --block=1 --volatile=relaxed "$KDIR/cuda/mp.cu"
        [ "$(cat "$WORK/victim")" = victim ] || fail "the cache wrote through a planted symlink"
        [ -L "$cfile" ] && fail "the planted symlink is still there"
        ok "a planted symlink in the cache is not followed"
    fi
}

# Deep inputs: expressions nested thousands deep give a verdict, or exit 5
# with a located message when clang's own nesting limit refuses them; never
# a crash (the old AST re-emitter recursed on them and died with SIGSEGV).
deep_kernel() {
    python3 -c "
import sys
n, kind = int(sys.argv[1]), sys.argv[2]
e = {'sum': '+'.join(['1'] * n), 'not': '~' * n + '1', 'paren': '(' * n + '1' + ')' * n}[kind]
print('__global__ void k(int *a) { a[threadIdx.x] = %s; if (a[threadIdx.x] != %s) __trap(); }' % (e, sys.argv[3]))
" "$@"
}
section_deep() {
    [ "$HAVE_FE" = 1 ] || { ok "deep: no frontend"; return 0; }
    deep_kernel 10000 sum 10000 >"$WORK/sum.cu"
    run 0 "10,000 terms of 1+1+... verify" -- "$WORK/sum.cu" --grid=1 --block=2
    deep_kernel 10000 sum 9999 >"$WORK/sum_bad.cu"
    run 42 "10,000 terms of 1+1+... have their value" -- "$WORK/sum_bad.cu" --grid=1 --block=2
    deep_kernel 4000 not 1 >"$WORK/not.cu"
    run 0 "4,000 nested ~ verify" -- "$WORK/not.cu" --grid=1 --block=2
    deep_kernel 4001 not 1 >"$WORK/not_bad.cu"
    run 42 "4,001 nested ~ have their value" -- "$WORK/not_bad.cu" --grid=1 --block=2
    deep_kernel 5000 paren 1 >"$WORK/paren.cu"
    run 5 "5,000 nested parentheses are refused" -- "$WORK/paren.cu" --grid=1 --block=2
    expect_in "$ERR" "paren\.cu:1:[0-9]+: (fatal )?error: " "the refusal is located"
}

section_repair() {
    run 42 "integer division by zero" -- "$DATA/divzero.c"
    expect_in "$OUT" "^  integer division by zero \(or INT_MIN / -1\)$" "division by zero names the operation"
    grep -q "arithmetic exception" "$OUT" && fail "division by zero reported as a generic arithmetic exception"
    [ "$HAVE_FE" = 1 ] || return 0
    # the race is in a header below the kernel's directory, included as
    # "sub/add.h": the re-check must see the patched copy of that header
    local r=$WORK/rep
    mkdir -p "$r/src/sub"
    printf '__device__ void add(int *c, int v)\n{\n    atomicAdd_block(c, v);\n}\n' >"$r/src/sub/add.h"
    printf '#include "sub/add.h"\n__global__ void count(int *c)\n{\n    add(c, 1);\n}\n' >"$r/src/k.cu"
    (cd "$r" && "$GPUMC" --repair --patch=fix.diff --grid=2 --block=1 src/k.cu >"$OUT" 2>"$ERR")
    [ $? -eq 42 ] || fail "repair of a race in a header: exit code"
    expect_in "$ERR" "^gpumc: repair: 1 edit\(s\) remove every race \(verified" "repair in a header is verified"
    expect_in "$r/fix.diff" "^\+\+\+ b/src/sub/add\.h$" "the diff patches the header"
    ok "a re-check finds headers below the kernel's directory"
    # --timeout bounds the whole run, the re-checks of a repair included: a
    # scan missing a barrier, whose first check (every race: every
    # execution) runs out the time, leaves the re-check none
    cat >"$r/scan.cu" <<'EOF'
__global__ void scan(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = t;
    __syncthreads();
    for (int d = 1; d < blockDim.x; d *= 2) {
        int v = t >= d ? s[t - d] : 0;
        s[t] += v;
        __syncthreads();
    }
    out[t] = s[t];
}
EOF
    local t0 t1
    "$GPUMC" --max-executions=1 --grid=1 --block=128 "$r/scan.cu" >/dev/null 2>&1 # compile, cached
    t0=$(date +%s.%N)
    run 42 "--repair --timeout=2" -- --repair --timeout=2 --grid=1 --block=128 "$r/scan.cu"
    t1=$(date +%s.%N)
    within 5 "$(python3 -c "print($t1 - $t0)")" "--timeout=2 with --repair"
    expect_in "$ERR" "not verified: .*--timeout=2 ran out" "the repair says the time ran out"
}

case "$SECTION" in
signals | orphans | timeout | apply | options | cache | repair | deep) "section_$SECTION" ;;
*) echo "unknown section $SECTION"; exit 2 ;;
esac

if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all $SECTION checks passed"
