#!/usr/bin/env bash
# cli_test.sh -- end-to-end tests of the gpumc command line itself: usage
# errors and their exit codes, the SPEC 5 closing lines, JSON output,
# --emit-harness, the harness cache, and that failures leave no files.
#
#   cli_test.sh GPUMC KERNELS_DIR HAVE_FRONTEND(0|1)
#
# Uses only the pre-lowered harnesses in kernels/harness unless the
# frontend is built.  Exit 0 when every check passed.
set -u
GPUMC=$1
KDIR=$2
HAVE_FE=${3:-0}
H=$KDIR/harness

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-cli-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
fails=0
OUT=$WORK/out
ERR=$WORK/err

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok   $*"; }

# run EXPECTED_EXIT DESCRIPTION -- ARGS...: runs gpumc, checks the exit code.
run() {
    local want=$1 what=$2
    shift 3
    "$GPUMC" "$@" >"$OUT" 2>"$ERR"
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

# ---- help and version ----------------------------------------------------
run 0 "--help" -- --help
for opt in --model --unroll --races --divergence --stop-on-error --timeout \
    --max-executions --threads --grid --block --num-groups --global-size \
    --local-size --gpus --kernel --arg --config --format --progress --quiet \
    --verbose --emit-harness --dump-error-graph --sarif --baseline --version --help; do
    grep -q -- "$opt" "$OUT" || fail "--help does not document $opt"
done
expect_in "$OUT" "Exit codes: 0 .*, 42 .*, 5 " "--help lists exit codes"
expect_in "$OUT" "17 bad usage, 7 internal error" "--help lists exit codes 17 and 7"
run 0 "--version" -- --version
expect_in "$OUT" "^gpumc [0-9]+\.[0-9]+\.[0-9]+$" "--version format"

# ---- usage errors: exit 17 with a message that says how to fix it --------
run 17 "unknown option" -- --unrol=3 "$H/mp.c"
expect_in "$ERR" "unknown option '--unrol'; did you mean '--unroll'\?" "unknown option message"
expect_in "$ERR" "gpumc --help" "unknown option points at --help"
run 17 "missing file" -- "$WORK/nonexistent.cu"
expect_in "$ERR" "cannot open '.*nonexistent.cu': No such file" "missing file message"
run 17 "no input file" --
expect_in "$ERR" "no input file; usage: gpumc" "no input message"
run 17 "two input files" -- "$H/mp.c" "$H/counter.c"
run 17 "bad --model" -- --model=tso "$H/mp.c"
expect_in "$ERR" "choose src11, rc11 or sc" "bad --model message"
run 17 "bad --races" -- --races=maybe "$H/mp.c"
run 17 "bad --divergence" -- --divergence=warn "$H/mp.c"
run 17 "bad --format" -- --format=xml "$H/mp.c"
run 17 "bad --grid" -- --grid=0 "$H/mp.c"
run 17 "bad --block" -- --block=2,x "$H/mp.c"
run 17 "bad --unroll" -- --unroll=-1 "$H/mp.c"
run 17 "bad --timeout" -- --timeout=soon "$H/mp.c"
run 17 "bad --max-executions" -- --max-executions=-5 "$H/mp.c"
run 17 "bad --threads" -- --threads=0 "$H/mp.c"
run 17 "bad --arg" -- --arg nonsense "$H/mp.c"
run 17 "--arg twice" -- --arg n=1 --arg n=2 "$H/mp.c"
run 17 "value for a flag" -- --progress=yes "$H/mp.c"
run 17 "missing value" -- "$H/mp.c" --unroll
run 17 "--global-size without --local-size" -- --global-size=4 "$H/mp.c"
run 17 "--global-size not a multiple" -- --global-size=5 --local-size=2 "$H/mp.c"
run 17 "--grid and --num-groups disagree" -- --grid=2 --num-groups=3 "$H/mp.c"
run 17 "unknown extension" -- "$KDIR/manifest.json"
expect_in "$ERR" "use .cu \(CUDA\), .cl \(OpenCL C\) or .c" "unknown extension message"
echo '{"grid": 2,' >"$WORK/bad.json"
run 17 "--config not JSON" -- --config="$WORK/bad.json" "$H/mp.c"
expect_in "$ERR" "bad.json:[0-9]+: not valid JSON" "--config parse error names the file"
echo '{"gird": 2}' >"$WORK/typo.json"
run 17 "--config unknown key" -- --config="$WORK/typo.json" "$H/mp.c"
expect_in "$ERR" "unknown key \"gird\"" "--config unknown key message"
run 17 "--config missing" -- --config="$WORK/none.json" "$H/mp.c"

# ---- parallel exploration and accepted options ---------------------------
run 0 "--threads=2 explores in parallel" -- --threads=2 "$H/counter.c"
grep "Number of complete executions" "$OUT" >"$WORK/par.txt"
run 0 "--threads=1 for comparison" -- --threads=1 "$H/counter.c"
grep -q -F -f "$WORK/par.txt" "$OUT" || fail "--threads=2 explored a different number of executions"
run 0 "--dump-error-graph without an error" -- --dump-error-graph="$WORK/g.dot" "$H/counter.c"
[ -e "$WORK/g.dot" ] && fail "--dump-error-graph wrote a graph for a clean run"
run 0 "-q silences notes" -- -q --grid=2 "$H/counter.c"
[ -s "$ERR" ] && fail "-q: stderr not empty: $(cat "$ERR")"

# ---- the report: exit codes and the closing lines ------------------------
closing_ok() { # FILE: the last four lines are SPEC 5's
    local f=$1
    tail -n 4 "$f" | sed -n 1p | grep -Eq '^(No errors were detected\.|Error detected: [A-Z][a-z]+( [a-z]+)*!)$' ||
        fail "verdict line: $(tail -n 4 "$f" | sed -n 1p)"
    tail -n 3 "$f" | sed -n 1p | grep -Eq '^Number of complete executions explored: [0-9]+$' ||
        fail "complete line: $(tail -n 3 "$f" | sed -n 1p)"
    tail -n 2 "$f" | sed -n 1p | grep -Eq '^Number of blocked executions seen: [0-9]+$' ||
        fail "blocked line: $(tail -n 2 "$f" | sed -n 1p)"
    tail -n 1 "$f" | grep -Eq '^Total wall-clock time: [0-9]+\.[0-9][0-9]s$' ||
        fail "time line: $(tail -n 1 "$f")"
}
run 0 "clean harness exits 0" -- "$H/counter.c"
closing_ok "$OUT"
expect_in "$OUT" "^No errors were detected\.$" "clean verdict"
grep -q "Races Detected" "$OUT" && fail "clean run prints Races Detected"
run 42 "racy harness exits 42" -- "$H/mp.c" -- -DCTA_SCOPE
closing_ok "$OUT"
expect_in "$OUT" "^Error detected: (Heterogeneous race|Data race)!$" "race verdict"
expect_in "$OUT" "^Races Detected:$" "Races Detected header"
expect_in "$OUT" "$(printf '^\t\\[L\\.[0-9]+\tL\\.[0-9]+\\]-\\[(WG|DV|SYS),(WG|DV|SYS)\\]$')" "race line format"
expect_in "$OUT" "^Error [0-9]+: Heterogeneous race on flag\+0$" "finding heading"
expect_in "$OUT" "kernels/harness/mp\.c:[0-9]+:[0-9]+: (write|read) [0-9]+ (to|from) flag\+0 \((rel|acq), cta\) by \(block [01], thread 0\)" "event line"
run 42 "--races=stop still reports" -- --races=stop "$H/mp.c" -- -DCTA_SCOPE
run 0 "--races=ignore hides races" -- --races=ignore "$H/counter.c" -- -DCTA_SCOPE

# ---- JSON ------------------------------------------------------------------
run 42 "--format=json" -- --format=json "$H/mp.c" -- -DCTA_SCOPE
python3 -m json.tool "$OUT" >/dev/null || fail "JSON output does not parse"
python3 - "$OUT" <<'PY' || fail "JSON content"
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("tool", "version", "input", "configuration", "counts", "timing", "findings", "verdict", "exit_code"):
    assert k in d, k
assert d["tool"] == "gpumc" and d["exit_code"] == 42
assert d["counts"]["complete"] >= 1
f = d["findings"][0]
for k in ("kind", "events", "message"):
    assert k in f, k
ev = f["events"][0]
for k in ("thread", "coords", "op", "order", "scope", "location", "value", "file", "line", "col"):
    assert k in ev, k
assert ev["file"] == "kernels/harness/mp.c"
PY
printf '#include "gpumc/harness.h"\nint gpumc_harness_setup(gpumc_setup *s) { return oops; }\n' >"$WORK/broken.c"
run 5 "JSON for an input error" -- --format=json "$WORK/broken.c"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["error"]["code"] == 5' "$OUT" ||
    fail "JSON error object"

# ---- harnesses the user wrote: compile errors and setup errors are input errors
run 5 "harness that does not compile" -- "$WORK/broken.c"
expect_in "$ERR" "broken\.c:2:[0-9]+: error" "compiler diagnostic shown"
expect_in "$ERR" "does not compile" "compile failure message"
cat >"$WORK/setupfail.c" <<'EOF'
#include "gpumc/harness.h"
int gpumc_harness_setup(gpumc_setup *s)
{
    gpumc_setup_error(s, "no threads here");
    return -1;
}
EOF
run 5 "harness whose setup fails" -- "$WORK/setupfail.c"

# ---- --emit-harness ----------------------------------------------------------
run 0 "--emit-harness" -- --emit-harness="$WORK/emitted.c" "$H/counter.c"
cmp -s "$WORK/emitted.c" "$H/counter.c" || fail "--emit-harness of a harness is not the harness"
run 17 "--emit-harness unwritable" -- --emit-harness="$WORK/no/such/dir/x.c" "$H/counter.c"

# ---- the cache: the second run skips the compiler --------------------------
export GPUMC_CACHE_DIR=$WORK/cache2
run 0 "first run compiles" -- -v "$H/counter.c"
expect_in "$ERR" "compiling harness" "first run compiles"
run 0 "second run is cached" -- -v "$H/counter.c"
expect_in "$ERR" "harness cached" "second run cached"
grep -q "compiling harness" "$ERR" && fail "second run compiled again"
run 0 "other flags compile anew" -- -v "$H/counter.c" -- -DUNUSED_FLAG
expect_in "$ERR" "compiling harness" "different flags, different cache entry"

# ---- failures leave no files behind ------------------------------------------
mkdir "$WORK/cwd" && cp "$WORK/broken.c" "$WORK/cwd/"
(cd "$WORK/cwd" && "$GPUMC" broken.c >/dev/null 2>&1)
[ "$(ls -A "$WORK/cwd")" = "broken.c" ] || fail "files left behind: $(ls -A "$WORK/cwd")"
ls "$GPUMC_CACHE_DIR" | grep -q '\.tmp\.' && fail "temporaries left in the cache"
ok "no files left behind"

# ---- every ABI function is kept in the executable for dlopen()ed harnesses ----
if [ -f checker/cli/abi_keep.c ] && [ -f checker/include/gpumc/harness.h ]; then
    for f in $(grep -oE '\bgpumc_[a-z_]+\(' checker/include/gpumc/harness.h | tr -d '(' | sort -u); do
        [ "$f" = gpumc_harness_setup ] && continue
        grep -q "K($f)" checker/cli/abi_keep.c || fail "abi_keep.c does not keep $f"
    done
    ok "abi_keep.c lists the whole harness ABI"
fi

# ---- with the frontend ---------------------------------------------------------
if [ "$HAVE_FE" = 1 ]; then
    printf '__global__ void k(int *a) { a[threadIdx.x] = ; }\n' >"$WORK/syntax.cu"
    run 5 "syntax error" -- --grid=1 --block=1 "$WORK/syntax.cu"
    expect_in "$ERR" "syntax\.cu:1:[0-9]+: error" "syntax error location"
    printf '__global__ void k(int *a) { asm("mov.u32 %%0, %%%%laneid;" : "=r"(a[0])); }\n' >"$WORK/asm.cu"
    run 5 "unsupported construct" -- --grid=1 --block=1 "$WORK/asm.cu"
    expect_in "$ERR" "asm\.cu:1:[0-9]+: error: unsupported: inline assembly" "unsupported message"
    run 17 "missing scalar argument" -- --grid=2 --block=2 "$KDIR/cuda/conv1d.cu"
    expect_in "$ERR" "--arg n=" "missing argument says how to fix it"
    mkdir "$WORK/fecwd" && cp "$WORK/syntax.cu" "$WORK/fecwd/"
    (cd "$WORK/fecwd" && "$GPUMC" --emit-harness=out.c syntax.cu >/dev/null 2>&1)
    [ "$(ls -A "$WORK/fecwd")" = "syntax.cu" ] || fail "frontend error left files: $(ls -A "$WORK/fecwd")"
    run 0 "--emit-harness of a kernel" -- --emit-harness="$WORK/mp_h.ll" --grid=2 --block=1 "$KDIR/cuda/mp.cu"
    grep -q "^; int gpumc_harness_setup" "$WORK/mp_h.ll" || fail "emitted harness lacks the glue"
    grep -q "call .*@__gpumc_ir_store" "$WORK/mp_h.ll" || fail "emitted IR has no instrumented store"
    grep -q "^define .*@__gpumc_ir_entry" "$WORK/mp_h.ll" || fail "emitted IR has no kernel entry"
    if command -v llvm-as-14 >/dev/null 2>&1; then
        llvm-as-14 -o /dev/null "$WORK/mp_h.ll" || fail "emitted IR does not assemble"
    fi
    run 17 "unknown kernel name" -- --kernel=nosuch --grid=2 --block=2 "$KDIR/cuda/histogram.cu"
    run 0 "CUDA launch on the command line" -- --grid=2 --block=1 "$KDIR/cuda/mp.cu"
    run 0 "OpenCL launch on the command line" -- --num-groups=2 --local-size=1 "$KDIR/opencl/mp.cl"
    run 0 "-D after -- reaches the frontend" -- --grid=2 --block=1 "$KDIR/cuda/caslock.cu" -- -DUNUSED
    run 42 "-D after -- selects a variant" -- --grid=2 --block=1 "$KDIR/cuda/caslock.cu" -- -DREL_RLX
    expect_in "$OUT" "by \(block [01], thread 0\)" "CUDA coordinates"
    run 42 "OpenCL coordinates" -- --global-size=2 --local-size=1 "$KDIR/opencl/mp.cl" -- -DWG_SCOPE
    expect_in "$OUT" "by \(group [01], local 0\)" "OpenCL coordinates"
    expect_in "$OUT" "opencl/mp\.cl:[0-9]+:[0-9]+: " "OpenCL file:line:col"
    # host-side postconditions, from the command line and from a config file
    printf '__global__ void sum(int *out, const int *in)\n{ atomicAdd(out, in[threadIdx.x]); }\n' >"$WORK/sum.cu"
    SUMARGS="--grid=1 --block=3 --arg out=int[1] --arg in=int[3]:1,2,3"
    run 0 "--post that holds" -- $SUMARGS --post='out[0] == 6' "$WORK/sum.cu"
    run 42 "--post that fails" -- $SUMARGS --post='out[0] == 7' "$WORK/sum.cu"
    expect_in "$OUT" "^Error detected: Assertion violation!$" "--post failure kind"
    expect_in "$OUT" "<postcondition>:1:1: .*out\[0\] == 7" "--post failure location"
    echo '{"grid": 1, "block": 3, "args": {"out": "int[1]", "in": "int[3]:1,2,3"}, "post": ["out[0] == 7"]}' >"$WORK/post.json"
    run 42 "config \"post\"" -- --config="$WORK/post.json" "$WORK/sum.cu"
    run 17 "empty --post" -- $SUMARGS --post= "$WORK/sum.cu"
    # kernel templates: a launched instantiation is found, a named one is made
    printf 'template <typename T, int N>\n__global__ void scale(T *a) { a[threadIdx.x] *= N; }\n' >"$WORK/tmpl.cu"
    run 17 "a template never instantiated" -- --grid=1 --block=2 "$WORK/tmpl.cu"
    expect_in "$ERR" "--kernel='name<int, 4>'" "says how to name a template"
    run 0 "--kernel names an instantiation" -- --grid=1 --block=2 --kernel='scale<int,3>' \
        --arg a=int[2]:1,2 --post='a[1] == 6' "$WORK/tmpl.cu"
    run 42 "the instantiation's arguments count" -- --grid=1 --block=2 --kernel='scale<int, 2>' \
        --arg a=int[2]:1,2 --post='a[1] == 6' "$WORK/tmpl.cu"
    run 17 "--kernel with an unbalanced template" -- --kernel='scale<int' "$WORK/tmpl.cu"
    run 17 "--kernel that could inject code" -- --kernel='scale<int>;int x' "$WORK/tmpl.cu"
    printf '__global__ void a(int *p) { p[0] = 1; }\n__global__ void b(int *p) { p[0] = 2; }\n' >"$WORK/two.cu"
    run 17 "several kernels, none chosen" -- --grid=1 --block=1 "$WORK/two.cu"
    expect_in "$ERR" "several kernels \(a, b\)" "lists the kernels"
    run 0 "--kernel picks one of several" -- --grid=1 --block=1 --kernel=b "$WORK/two.cu"
    # a warp collective over part of a warp is not modelled: said, not guessed
    printf '__global__ void k(int *a)\n{ if (threadIdx.x < 16) a[threadIdx.x] = __shfl_sync(0xffffu, 1, 0); }\n' >"$WORK/wpart.cu"
    run 5 "partial warp mask" -- --grid=1 --block=32 "$WORK/wpart.cu"
    expect_in "$ERR" "unsupported: a warp collective whose mask 0x0000ffff" "partial mask message"
    # a call gpumc has no definition for is reported at the call
    printf 'extern __device__ int helper(int);\n__global__ void k(int *a) {\n  a[0] = helper(1);\n}\n' >"$WORK/extern.cu"
    run 5 "call of an undefined function" -- --grid=1 --block=1 "$WORK/extern.cu"
    expect_in "$ERR" "extern\.cu:3:[0-9]+: error: unsupported: call to 'helper'" "undefined call location"
fi

if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all CLI checks passed"
