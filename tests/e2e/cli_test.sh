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
DATA=$(cd "$(dirname "$0")" && pwd)/data

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
for opt in --model --unroll --keep-going --no-commute --races --divergence --stop-on-error --timeout \
    --max-executions --threads --grid --block --num-groups --global-size \
    --local-size --gpus --sub-group-size --estimate --distributed --kernel --arg --config --format --progress --quiet \
    --verbose --emit-harness --dump-error-graph --sarif --baseline --version --help \
    --exit-releases-barriers --commute-float --volatile --cooperative --shared-mem; do
    grep -q -- "$opt" "$OUT" || fail "--help does not document $opt"
done
expect_in "$OUT" "Exit codes: 0 .*, 42 .*, 5 " "--help lists exit codes"
expect_in "$OUT" "17 bad usage, 7 internal error" "--help lists exit codes 17 and 7"
expect_in "$OUT" "Exit codes: 0 verified, 42 verification error, 3 incomplete, " "--help lists exit code 3"
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
run 17 "two harnesses" -- "$H/mp.c" "$H/counter.c"
expect_in "$ERR" "more files are for a CUDA \(.cu\) or OpenCL \(.cl\) program" "only programs of several files"
run 17 "bad --model" -- --model=tso "$H/mp.c"
expect_in "$ERR" "choose src11, rc11 or sc" "bad --model message"
run 17 "bad --races" -- --races=maybe "$H/mp.c"
run 17 "bad --divergence" -- --divergence=warn "$H/mp.c"
run 17 "bad --format" -- --format=xml "$H/mp.c"
run 17 "bad --grid" -- --grid=0 "$H/mp.c"
run 17 "bad --block" -- --block=2,x "$H/mp.c"
run 17 "bad --unroll" -- --unroll=-1 "$H/mp.c"
run 0 "--unroll is accepted" -- --unroll=4 "$H/mp.c"
expect_in "$ERR" "note: --unroll has no effect" "--unroll says it does nothing"
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
    tail -n 4 "$f" | sed -n 1p | grep -Eq '^(No errors were detected\.|Error detected: [A-Z][a-z]+( [a-z]+)*!|Verification incomplete: .+)$' ||
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

# ---- first error fast: the default stops at the first error; --keep-going
# reports each distinct error once (--races=report is --keep-going for races)
errors_are() { # FILE DESCRIPTION KIND...: the kinds of the "Error N:" headings
    local f=$1 what=$2
    shift 2
    local got want
    got=$(sed -n 's/^Error [0-9]*: \([A-Za-z ]*\)\( on .*\)\{0,1\}$/\1/p' "$f" | sort | paste -sd, -)
    want=$(printf '%s\n' "$@" | sort | paste -sd, -)
    [ "$got" = "$want" ] || fail "$what: errors '$got', expected '$want'"
}
count_is() { # FILE COMPLETE BLOCKED DESCRIPTION
    [ "$(tail -n 3 "$1" | head -n 1)" = "Number of complete executions explored: $2" ] &&
        [ "$(tail -n 2 "$1" | head -n 1)" = "Number of blocked executions seen: $3" ] ||
        fail "$4: counts $(tail -n 3 "$1" | head -n 2 | tr '\n' ' '), expected $2 complete, $3 blocked"
}
run 42 "default: stop at the first error" -- "$H/barrier.c" -- -DNO_BARRIER
errors_are "$OUT" "first error only" "Assertion violation"
count_is "$OUT" 0 0 "stopped before any execution completed"
expect_in "$OUT" '^  Trace:$' "the first error's trace"
run 42 "--keep-going reports every error" -- --keep-going "$H/barrier.c" -- -DNO_BARRIER
errors_are "$OUT" "--keep-going" "Data race" "Assertion violation"
count_is "$OUT" 4 0 "--keep-going explores everything"
grep -q '^  Trace:$' "$OUT" && fail "--keep-going printed traces without -v"
run 42 "--races=report keeps going" -- --races=report "$H/barrier.c" -- -DNO_BARRIER
errors_are "$OUT" "--races=report" "Data race" "Assertion violation"
count_is "$OUT" 4 0 "--races=report explores everything"
run 42 "--stop-on-error (the default) stops" -- --stop-on-error "$H/barrier.c" -- -DNO_BARRIER
errors_are "$OUT" "--stop-on-error" "Assertion violation"
run 42 "--keep-going with --threads=2" -- --keep-going --threads=2 "$H/barrier.c" -- -DNO_BARRIER
errors_are "$OUT" "--keep-going --threads=2" "Data race" "Assertion violation"
count_is "$OUT" 4 0 "--keep-going --threads=2"
run 42 "--threads=2 stops at the first error" -- --threads=2 "$H/barrier.c" -- -DNO_BARRIER
[ "$(grep -c '^Error [0-9]*:' "$OUT")" = 1 ] || fail "--threads=2 reported $(grep -c '^Error [0-9]*:' "$OUT") errors, expected 1"
run 17 "--keep-going with --stop-on-error" -- --keep-going --stop-on-error "$H/mp.c"
expect_in "$ERR" "--keep-going and --stop-on-error contradict each other" "contradiction message"
run 17 "--repair with --stop-on-error" -- --repair --stop-on-error "$H/mp.c"
expect_in "$ERR" "--repair needs every race, so it explores past the first error; drop --stop-on-error" "--repair message"
run 17 "--repair with --races=stop" -- --repair --races=stop "$H/mp.c"

# ---- honest verdicts: 0 verified, 42 error, 3 incomplete --------------------
incomplete_ok() { # FILE WHY COMPLETE BLOCKED DESCRIPTION: the closing lines, exactly
    local f=$1 why=$2 n=$3 b=$4 what=$5 word=executions
    [ "$n" = 1 ] && word=execution
    [ "$(tail -n 5 "$f" | head -n 1)" = "$n complete $word, no error among them." ] ||
        fail "$what: '$(tail -n 5 "$f" | head -n 1)', expected '$n complete $word, no error among them.'"
    [ "$(tail -n 4 "$f" | head -n 1)" = "Verification incomplete: $why" ] ||
        fail "$what: '$(tail -n 4 "$f" | head -n 1)', expected 'Verification incomplete: $why'"
    count_is "$f" "$n" "$b" "$what"
    closing_ok "$f"
    grep -q "No errors were detected" "$f" && fail "$what: an incomplete run says 'No errors were detected.'"
}
run 3 "--max-executions below the count" -- --max-executions=3 "$H/counter.c"
incomplete_ok "$OUT" "--max-executions=3 reached" 3 0 "--max-executions=3"
run 3 "--max-executions=1" -- --max-executions=1 "$H/counter.c"
incomplete_ok "$OUT" "--max-executions=1 reached" 1 0 "--max-executions=1"
run 0 "--max-executions equal to the count" -- --max-executions=6 "$H/counter.c"
expect_in "$OUT" '^No errors were detected\.$' "a limit that cut nothing"
run 3 "--max-executions with --threads=2" -- --max-executions=3 --threads=2 "$H/counter.c"
expect_in "$OUT" '^Verification incomplete: --max-executions=3 reached$' "--threads=2 limit verdict"
run 3 "--timeout" -- --timeout=0.3 "$DATA/many.c"
expect_in "$OUT" '^Verification incomplete: timeout of 0\.3 s reached$' "timeout verdict"
expect_in "$OUT" '^[0-9]+ complete executions, no error among them\.$' "timeout: executions without an error"
grep -q "No errors were detected" "$OUT" && fail "a timed-out run says 'No errors were detected.'"
run 3 "--timeout with --threads=2" -- --timeout=0.3 --threads=2 "$DATA/many.c"
expect_in "$OUT" '^Verification incomplete: timeout of 0\.3 s reached$' "--threads=2 timeout verdict"
run 3 "the loop bound cut executions" -- "$DATA/bounded.c"
incomplete_ok "$OUT" "the harness's loop bound cut some executions" 2 1 "loop bound"
expect_in "$OUT" '^Warning 1: Loop bound reached$' "the bound is still a warning"
run 3 "the loop bound with --threads=2" -- --threads=2 "$DATA/bounded.c"
incomplete_ok "$OUT" "the harness's loop bound cut some executions" 2 1 "loop bound, --threads=2"
run 3 "no complete execution" -- "$DATA/bounded.c" -- -DNEVER
incomplete_ok "$OUT" "0 complete executions (every execution was blocked or cut by the loop bound)" 0 2 "0 complete"
run 42 "an error wins over incomplete" -- --max-executions=1 "$H/mp.c" -- -DCTA_SCOPE
expect_in "$OUT" '^Error detected: Heterogeneous race!$' "error verdict with a limit"
run 3 "JSON of an incomplete run" -- --format=json "$DATA/bounded.c"
python3 - "$OUT" <<'PY' || fail "JSON status incomplete"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "incomplete" and d["exit_code"] == 3, d
assert d["incomplete_reason"] == "the harness's loop bound cut some executions", d["incomplete_reason"]
assert d["exploration"] == "complete" and d["verdict"] == "Verification incomplete", d
PY
run 3 "SARIF of an incomplete run" -- --format=sarif --max-executions=2 "$H/counter.c"
python3 - "$OUT" <<'PY' || fail "SARIF executionSuccessful false"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is False and inv["exitCode"] == 3, inv
n = inv["toolExecutionNotifications"]
assert len(n) == 1 and n[0]["level"] == "warning", n
assert n[0]["message"]["text"] == ("Verification incomplete: --max-executions=2 reached; "
                                   "2 complete executions, no error among them."), n
PY
run 0 "SARIF of a verified run" -- --format=sarif "$H/counter.c"
python3 - "$OUT" <<'PY' || fail "SARIF executionSuccessful true"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is True and inv["exitCode"] == 0, inv
assert "toolExecutionNotifications" not in inv, inv
PY

# ---- JSON ------------------------------------------------------------------
run 42 "--format=json" -- --format=json --keep-going "$H/mp.c" -- -DCTA_SCOPE
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

# ---- a harness built against another harness.h is refused, not misread -------
mkdir -p "$WORK/inc/gpumc"
for f in "$DATA"/../../../checker/include/gpumc/*.h; do cp "$f" "$WORK/inc/gpumc/"; done
sed -i 's/^    unsigned value_size;$/    unsigned value_size;\n    void *added_later;/' "$WORK/inc/gpumc/harness.h"
grep -q added_later "$WORK/inc/gpumc/harness.h" || fail "the ABI test could not change harness.h"
GPUMC_INCLUDE_DIR=$WORK/inc run 5 "a harness of another harness.h" -- "$H/counter.c"
expect_in "$ERR" "compiled against another gpumc/harness.h than this gpumc's \(ABI stamp 0x[0-9a-f]+, expected 0x[0-9a-f]+\): point GPUMC_INCLUDE_DIR" "the ABI mismatch named"

# ---- failures leave no files behind ------------------------------------------
mkdir "$WORK/cwd" && cp "$WORK/broken.c" "$WORK/cwd/"
(cd "$WORK/cwd" && "$GPUMC" broken.c >/dev/null 2>&1)
[ "$(ls -A "$WORK/cwd")" = "broken.c" ] || fail "files left behind: $(ls -A "$WORK/cwd")"
ls "$GPUMC_CACHE_DIR" | grep -q '\.tmp\.' && fail "temporaries left in the cache"
ok "no files left behind"

# ---- every ABI function is kept in the executable for dlopen()ed harnesses ----
if [ -f checker/run/abi_keep.c ] && [ -f checker/include/gpumc/harness.h ]; then
    for f in $(grep -oE '\bgpumc_[a-z_]+\(' checker/include/gpumc/harness.h | tr -d '(' | sort -u); do
        case $f in gpumc_harness_*) continue ;; esac # defined by the harness, not the ABI
        grep -q "K($f)" checker/run/abi_keep.c || fail "abi_keep.c does not keep $f"
    done
    ok "abi_keep.c lists the whole harness ABI"
fi

# ---- with the frontend ---------------------------------------------------------
if [ "$HAVE_FE" = 1 ]; then
    # Workers' findings merge into what one process reports, in its order and
    # with its traces (the earliest in search order).
    run 42 "races deep in the tree, one process" -- -v --keep-going "$DATA/lb_race.c" -- -DN=9
    grep -v '^Total wall-clock' "$OUT" >"$WORK/race1.txt"
    run 42 "races deep in the tree, --threads=2" -- -v --keep-going --threads=2 "$DATA/lb_race.c" -- -DN=9
    grep -v '^Total wall-clock' "$OUT" | cmp -s - "$WORK/race1.txt" ||
        fail "--threads=2 reported other findings, traces or order than one process"

    # --estimate: random walks, then half a second of exploration.
    LBH=tests/scopedc/lb_host.c
    run 0 "--estimate on LB-10 (explored whole)" -- --estimate "$LBH" -- -DN=10
    expect_in "$OUT" '^Estimated executions: [0-9,]+ \(\+/- [0-9.]+%\) complete, 0 blocked \(1000 random walks in [0-9.]+s: 1000 complete, 0 blocked, 0 pruned\)$' "the estimate line"
    count_is "$OUT" 1023 0 "--estimate on LB-10"
    run 3 "--estimate=2000 on LB-20" -- --estimate=2000 "$LBH" -- -DN=20
    expect_in "$OUT" '^Estimated executions: .*2000 random walks' "2000 walks"
    expect_in "$OUT" '^Estimated time to explore them all: [0-9.e+]+s \(the exploration ran at [0-9,]+ executions/s\)$' "the time estimate"
    expect_in "$OUT" '^Verification incomplete: --estimate explores for half a second only$' "--estimate verdict"
    run 3 "--estimate through a spin lock" -- --estimate bench/data/locks.c -- -DCAS -DGROUPS=4 -DTPB=2
    expect_in "$OUT" '^Warning: the estimate is unreliable: ' "a lock's estimate is flagged"
    run 3 "--estimate as JSON" -- --estimate=2000 --format=json "$LBH" -- -DN=20
    python3 "$(dirname "$0")/json_schema_check.py" docs/gpumc-report.schema.json "$OUT" >/dev/null ||
        fail "--estimate JSON does not match the schema"
    python3 - "$OUT" <<'PY' || fail "--estimate JSON"
import json, sys
d = json.load(open(sys.argv[1]))
e = d["estimate"]
assert d["exploration"] == "estimate" and d["status"] == "incomplete", d
assert e["walks"] == 2000 and e["walks_complete"] == 2000 and e["reliable"] is True, e
assert 0.5 * 1048575 < e["complete"] < 2 * 1048575 and e["rate"] > 0, e
PY
    # --sub-group-size: OpenCL only, 1..32; the kernel sees it
    SGK=$KDIR/opencl/subgroup.cl
    run 42 "sub-groups of 8 expected, 32 given" -- --global-size=40 --local-size=40 \
        --arg 'in=int[40]:1' "$SGK" -- -DSG=8
    errors_are "$OUT" "sub-groups of 8 expected, 32 given" "Assertion violation"
    run 0 "--sub-group-size=8" -- --sub-group-size=8 --global-size=40 --local-size=40 \
        --arg 'in=int[40]:1' "$SGK" -- -DSG=8
    run 17 "--sub-group-size on CUDA" -- --sub-group-size=8 "$KDIR/cuda/mp.cu"
    expect_in "$ERR" "sub-group-size is for OpenCL kernels" "--sub-group-size on CUDA: why"
    run 17 "--sub-group-size=33" -- --sub-group-size=33 "$SGK"
    # --cooperative: CUDA only; a config's "cooperative" is a boolean
    run 17 "--cooperative on OpenCL" -- --cooperative --global-size=40 --local-size=40 \
        --arg 'in=int[40]:1' "$SGK" -- -DSG=32
    expect_in "$ERR" "--cooperative is for CUDA kernels" "--cooperative on OpenCL: why"
    run 17 "--shared-mem on OpenCL" -- --shared-mem=64 --global-size=40 --local-size=40 \
        --arg 'in=int[40]:1' "$SGK" -- -DSG=32
    expect_in "$ERR" "--shared-mem is for CUDA kernels" "--shared-mem on OpenCL: why"
    run 17 "--shared-mem past 227 KiB" -- --shared-mem=300000 "$KDIR/cuda/dyn_shared.cu"
    expect_in "$ERR" "at most 232448 bytes" "--shared-mem past 227 KiB: why"
    # images and pipes: unsupported, said in the program's words
    CLM=$KDIR/opencl/cl_builtins_misc.cl
    run 5 "an OpenCL pipe" -- --kernel=produce --global-size=4 --local-size=4 "$CLM" -- -DPIPE -cl-std=CL2.0
    expect_in "$ERR" "cl_builtins_misc\\.cl:41:5: unsupported: images, samplers, pipes, textures and surfaces are not modelled \\('write_pipe'\\)" "pipe: located, named as written"
    run 5 "an OpenCL image" -- --kernel=sample --global-size=4 --local-size=4 "$CLM" -- -DIMAGE
    expect_in "$ERR" "cl_builtins_misc\\.cl:32:19: unsupported: .* \\('sampler_t'\\)" "image: located"
    # any number of postconditions (and arguments) reaches the frontend
    POSTS=()
    for i in $(seq 1 79); do POSTS+=("--post=next[0] == 3"); done
    run 42 "80 postconditions, the last false" -- --block=3 --arg 'next=int[1]' "${POSTS[@]}" \
        --post='next[0] == 4' "$KDIR/cuda/printf_tickets.cu"
    expect_in "$OUT" "<postcondition>:80:1: assertion failed by the host: next\\[0\\] == 4" "the 80th postcondition checked"
    # a scoped-C program or a harness asserts in its own code: --post is a usage error
    run 17 "--post on a scoped-C program" -- --post='m[0] == 1' "$KDIR/../tests/scopedc/lb_host.c" -- -DN=3
    expect_in "$ERR" "--post is for CUDA and OpenCL kernels: .*in main after the pthread_join calls" "--post: what to do instead"
    # with --keep-going every postcondition that fails is its own error
    run 42 "two false postconditions, --keep-going" -- --keep-going --block=3 --arg 'next=int[1]' \
        --post='next[0] == 2' --post='next[0] == 3' --post='next[0] == 4' "$KDIR/cuda/printf_tickets.cu"
    expect_in "$OUT" "^Error 1: .*" "the first false postcondition"
    expect_in "$OUT" "<postcondition>:1:1: assertion failed by the host: next\\[0\\] == 2" "postcondition 1 reported"
    expect_in "$OUT" "<postcondition>:3:1: assertion failed by the host: next\\[0\\] == 4" "postcondition 3 reported too"
    # printf: each complete execution's output with -v, else a count
    PF=$KDIR/cuda/printf_tickets.cu
    run 0 "printf with -v" -- -v --block=3 --arg 'next=int[1]' "$PF"
    expect_in "$ERR" "^gpumc: the kernel's printf output in execution 6:$" "printf: a heading per execution"
    expect_in "$ERR" "^thread 2 has ticket 1 \\(fmt, 0\\.50, -9, b, ff\\)$" "printf: the conversions"
    expect_in "$ERR" "^  first part, second part$" "printf: two calls make one line, a width from an argument"
    [ "$(grep -c '^thread . has ticket' "$ERR")" = 18 ] && ok "printf: 3 lines in each of 6 executions" ||
        fail "printf: $(grep -c '^thread . has ticket' "$ERR") ticket lines, expected 18"
    run 0 "printf without -v" -- --block=3 --arg 'next=int[1]' "$PF"
    expect_in "$ERR" "printf wrote 4 lines in the first execution, 24 in all 6 explored" "printf: counted"
    # a mask-less warp collective is checked as its _sync form, with a note
    run 0 "legacy __shfl_down" -- --block=64 --arg 'in=int[64]' --arg 'out=int[2]' \
        --arg 'flags=int[2]' "$KDIR/cuda/legacy_warp.cu"
    expect_in "$ERR" "legacy_warp.cu:22:18: __shfl_down without a mask is the pre-Volta form.*checked as __shfl_down_sync\(0xffffffff, \.\.\.\)" "legacy shuffle note"
    expect_in "$ERR" "legacy_warp.cu:17:20: __any without a mask" "legacy vote note"
    echo '{"cooperative": 1}' >"$WORK/coop.json"
    run 17 "config cooperative: 1" -- --config="$WORK/coop.json" "$KDIR/cuda/cg_grid.cu"
    expect_in "$ERR" "\"cooperative\" must be true or false" "config cooperative type message"
    # A long list of kernels is cut between names, and says how many are left.
    python3 -c 'print("template <unsigned N> __global__ void a_fairly_long_kernel_name(int *p) { p[threadIdx.x] = N; }")
for i in range(80): print("template __global__ void a_fairly_long_kernel_name<%du>(int *);" % i)' >"$WORK/many.cu"
    run 17 "80 kernels to choose from" -- --grid=1 --block=1 "$WORK/many.cu"
    expect_in "$ERR" 'a_fairly_long_kernel_name<42u>, and 37 more\): choose one with --kernel=NAME$' "the kernel list is cut between names"
    run 0 "the 80th kernel by name" -- --grid=1 --block=1 --kernel='a_fairly_long_kernel_name<79u>' "$WORK/many.cu"
    # Template arguments by value: the demangler's 78u is the user's 78 or 78U.
    run 0 "an unsigned template argument written 78" -- --grid=1 --block=1 --arg p=int[1] \
        --post='p[0] == 78' --kernel='a_fairly_long_kernel_name<78>' "$WORK/many.cu"
    run 0 "an unsigned template argument written 77U" -- --grid=1 --block=1 --arg p=int[1] \
        --post='p[0] == 77' --kernel='a_fairly_long_kernel_name< 77U >' "$WORK/many.cu"
    # Compiled through a wrapper in a temporary directory, a template
    # instance is cached all the same (the wrapper's path was in the key).
    run 0 "the 80th kernel again" -- -v --grid=1 --block=1 --kernel='a_fairly_long_kernel_name<79u>' "$WORK/many.cu"
    expect_in "$ERR" "lowering cached" "a template instance's lowering is cached"
    expect_in "$ERR" "harness cached" "a template instance's harness is cached"
    run 17 "--estimate with --repair" -- --estimate --repair "$LBH"
    run 17 "--estimate=0" -- --estimate=0 "$LBH"
    # Commuting atomics: the observed counter restarts the exploration in
    # every order, also inside parallel workers (then everywhere).
    AC=$KDIR/cuda/atomic_counters.cu
    run 42 "observed counter, --threads=2" -- --threads=2 --kernel=observe --block=3 "$AC"
    errors_are "$OUT" "observed counter, --threads=2" "Assertion violation"
    run 0 "histogram in one order" -- --kernel=histo --grid=2 --block=16 "$AC"
    count_is "$OUT" 1 0 "histogram in one order"
    run 0 "histogram, --no-commute" -- --no-commute --kernel=histo --block=3 "$AC"
    count_is "$OUT" 6 0 "histogram, --no-commute: 3 atomicAdds on bin 0 in every order"
    # A spin nobody ends is a liveness error at the loop, not "incomplete".
    run 42 "lost signal" -- --grid=2 --block=1 "$KDIR/cuda/spin_flag.cu" -- -DLOST_SIGNAL
    expect_in "$OUT" "spin_flag\.cu:35:9: blocked by \(block 1, thread 0\)" "liveness error at the spin loop"
    expect_in "$OUT" "a spin loop never exits" "liveness error says why"
    run 3 "lost signal, --liveness=ignore" -- --liveness=ignore --grid=2 --block=1 \
        "$KDIR/cuda/spin_flag.cu" -- -DLOST_SIGNAL
    # The consumer's poll reads init (then the producer's 0 follows it: a
    # stale read, no execution) or the producer's 0: one blocked execution.
    count_is "$OUT" 0 1 "lost signal, --liveness=ignore: the one execution only blocked"
    # A loop of the thread's own that reaches a fixed point forever: said as such
    printf '__global__ void k(const unsigned *in, unsigned *out)\n{\n  unsigned s = in[0];\n  while (s != 5)\n    s = s / 2;\n  out[0] = s;\n}\n' >"$WORK/halve.cu"
    run 42 "a loop that halves to 0 and never meets 5" -- --arg 'in=unsigned[1]:8' "$WORK/halve.cu"
    expect_in "$OUT" "halve\.cu:4:3: blocked by \(block 0, thread 0\)" "a local loop: at the loop"
    expect_in "$OUT" "a loop never exits: an iteration ended in the state it began in without reading shared memory" "a local loop says it reads no shared memory"
    run 0 "the same loop meeting 5" -- --arg 'in=unsigned[1]:20' "$WORK/halve.cu"
    # A retry loop that threads can keep failing makes ever longer executions: the run stops
    # at the memory limit, incomplete, instead of taking the machine's memory
    printf '__device__ unsigned bump(unsigned *s, unsigned tag)\n{\n  unsigned c;\n  do {\n    c = tag | ((atomicAdd(s, 0) & 0xffffu) + 1);\n    atomicExch(s, c);\n  } while (atomicAdd(s, 0) != c);\n  return c;\n}\n__global__ void k(unsigned *out)\n{\n  __shared__ unsigned s;\n  if (threadIdx.x == 0) s = 0;\n  __syncthreads();\n  out[threadIdx.x] = bump(&s, threadIdx.x << 16);\n}\n' >"$WORK/retry.cu"
    run 3 "a retry loop past --max-memory" -- --block=4 --max-memory=150 --timeout=120 "$WORK/retry.cu"
    expect_in "$OUT" "^Verification incomplete: memory limit of 150 MB reached \(--max-memory" "the memory limit said"
    grep -q "No errors were detected" "$OUT" && fail "a run stopped at the memory limit says 'No errors were detected.'"
    run 17 "--max-memory: not a number" -- --max-memory=lots "$WORK/retry.cu"
    expect_in "$ERR" "--max-memory=lots: expected a number of MB" "--max-memory: its usage error"
    run 17 "bad --liveness" -- --liveness=sometimes --grid=1 --block=1 "$KDIR/cuda/spin_flag.cu"
    printf '__global__ void k(int *a) { a[threadIdx.x] = ; }\n' >"$WORK/syntax.cu"
    run 5 "syntax error" -- --grid=1 --block=1 "$WORK/syntax.cu"
    expect_in "$ERR" "syntax\.cu:1:[0-9]+: error" "syntax error location"
    printf '__global__ void k(int *a) { asm("vote.all.pred p, 1;" ::: "memory"); a[0] = 1; }\n' >"$WORK/asm.cu"
    run 5 "unsupported construct" -- --grid=1 --block=1 "$WORK/asm.cu"
    expect_in "$ERR" "asm\.cu:1:[0-9]+: unsupported: inline assembly 'vote\.all\.pred p, 1' \(PTX gpumc does not model\)" "unsupported message"
    run 17 "a texture reference's read setting" -- --kernel=brighten --block=4 --arg dx=0.5 \
        --arg img.read=normalized-float "$KDIR/cuda/texture_ref.cu"
    expect_in "$ERR" "kernel argument 'img': a texture reference reads as its type says" \
        "a texture reference's read mode is its type's"
    run 17 "unknown argument" -- --kernel=brighten --block=4 --arg dx=0.5 --arg imgg=int[4] \
        "$KDIR/cuda/texture_ref.cu"
    expect_in "$ERR" "no such parameter, __constant__ or __device__ variable or texture reference" \
        "unknown argument: what it is not"
    # a scalar without a value is the global thread count (here n = 4, in's length)
    run 0 "a scalar argument left to gpumc" -- --grid=2 --block=2 "$KDIR/cuda/conv1d.cu"
    expect_in "$ERR" "checked as n=4 .*give the program's with --arg NAME=VALUE" \
        "a chosen argument says so and how to give it"
    run 0 "-q: no note" -- -q --grid=2 --block=2 "$KDIR/cuda/conv1d.cu"
    [ ! -s "$ERR" ] || fail "-q printed: $(cat "$ERR")"
    # ... and when the kernel's own preconditions refuse that, 1, then 0
    printf '__global__ void k(int *a, int n)\n{\n  __requires(n < 100);\n  a[threadIdx.x] = n;\n}\n' >"$WORK/req.cu"
    run 0 "a chosen value the kernel's __requires refuses" -- --grid=1 --block=128 \
        --post 'a[5] == 1' "$WORK/req.cu"
    expect_in "$ERR" "checked as n=1 \(with the global thread count the kernel's preconditions failed" \
        "__requires: the next value, said"
    printf '__global__ void k(int *a, int n)\n{\n  __assume(n == 0);\n  a[threadIdx.x] = 1;\n}\n' >"$WORK/asm0.cu"
    run 0 "a chosen value the kernel's __assume refuses" -- --grid=1 --block=4 "$WORK/asm0.cu"
    expect_in "$ERR" "checked as n=0 " "__assume: down to zero"
    # (atomics: each is an event; repeated plain accesses of a thread to one
    # location are not -- the same loop with a[threadIdx.x] += i is verified)
    printf '__global__ void k(int *a, int n)\n{\n  for (int i = 0; i < n * n * n; i++)\n    atomicAdd(&a[threadIdx.x], i);\n}\n' >"$WORK/cube.cu"
    run 0 "a chosen size that runs a thread past its event budget" -- --grid=1 --block=64 "$WORK/cube.cu"
    expect_in "$ERR" "checked as n=1 \(with the global thread count .*ran past its event budget\)" \
        "event budget: the next value, said"
    run 42 "a size given that runs past the budget is a finding" -- --grid=1 --block=64 --arg n=64 \
        "$WORK/cube.cu"
    printf '__global__ void k(int *a, int n)\n{\n  __requires(n > 142 & n < 144);\n  a[0] = n;\n}\n' >"$WORK/req143.cu"
    run 17 "no chosen value meets the precondition" -- --grid=1 --block=4 "$WORK/req143.cu"
    expect_in "$ERR" "precondition does not hold for this launch" "the last refusal is the usage error"
    run 17 "a value given that the precondition refuses is not replaced" -- --grid=1 --block=4 \
        --arg n=500 "$WORK/req.cu"
    mkdir "$WORK/fecwd" && cp "$WORK/syntax.cu" "$WORK/fecwd/"
    (cd "$WORK/fecwd" && "$GPUMC" --emit-harness=out.c syntax.cu >/dev/null 2>&1)
    [ "$(ls -A "$WORK/fecwd")" = "syntax.cu" ] || fail "frontend error left files: $(ls -A "$WORK/fecwd")"
    run 0 "--emit-harness of a kernel" -- --emit-harness="$WORK/mp_h.ll" --grid=2 --block=1 \
        --volatile=relaxed "$KDIR/cuda/mp.cu"
    grep -q "^; int gpumc_harness_setup" "$WORK/mp_h.ll" || fail "emitted harness lacks the glue"
    grep -q "call .*@__gpumc_ir_store" "$WORK/mp_h.ll" || fail "emitted IR has no instrumented store"
    grep -q "^define .*@__gpumc_ir_entry" "$WORK/mp_h.ll" || fail "emitted IR has no kernel entry"
    if command -v llvm-as-14 >/dev/null 2>&1; then
        llvm-as-14 -o /dev/null "$WORK/mp_h.ll" || fail "emitted IR does not assemble"
    fi
    run 17 "unknown kernel name" -- --kernel=nosuch --grid=2 --block=2 "$KDIR/cuda/histogram.cu"
    run 0 "CUDA launch on the command line" -- --grid=2 --block=1 --volatile=relaxed "$KDIR/cuda/mp.cu"
    run 0 "OpenCL launch on the command line" -- --num-groups=2 --local-size=1 "$KDIR/opencl/mp.cl"
    run 0 "-D after -- reaches the frontend" -- --grid=2 --block=1 "$KDIR/cuda/caslock.cu" -- -DUNUSED
    run 42 "-D after -- selects a variant" -- --grid=2 --block=1 "$KDIR/cuda/caslock.cu" -- -DREL_RLX
    expect_in "$OUT" "by \(block [01], thread 0\)" "CUDA coordinates"
    run 42 "OpenCL coordinates" -- --global-size=2 --local-size=1 "$KDIR/opencl/mp.cl" -- -DWG_SCOPE
    expect_in "$OUT" "by \(group [01], local 0\)" "OpenCL coordinates"
    expect_in "$OUT" "opencl/mp\.cl:[0-9]+:[0-9]+: " "OpenCL file:line:col"
    # GPUVerify's spellings of the launch, as its kernels' headers give them
    run 42 "GPUVerify's --gridDim/--blockDim" -- --gridDim=2 --blockDim=[1] "$KDIR/cuda/caslock.cu" -- -DREL_RLX
    expect_in "$OUT" "by \(block 1, thread 0\)" "--gridDim=2 makes two blocks"
    run 42 "GPUVerify's --global_size/--local_size" -- --global_size=[2] --local_size=1 \
        "$KDIR/opencl/mp.cl" -- -DWG_SCOPE
    expect_in "$OUT" "by \(group 1, local 0\)" "--global_size=[2] makes two groups"
    run 17 "an unclosed [" -- --num_groups=[2 --local_size=1 "$KDIR/opencl/mp.cl"
    # OpenCL's global work offset: in every global id, and in get_global_offset
    printf '__kernel void k(__global int *o)\n{\n  size_t g = get_global_id(0) - get_global_offset(0);\n  o[g] = get_global_id(0) + 100 * get_global_offset(1);\n}\n' >"$WORK/offset.cl"
    run 0 "--global-offset" -- --global-size=4 --local-size=2 --global-offset=10,2 --arg o=int[4] \
        --post 'o[0] == 210 && o[3] == 213' "$WORK/offset.cl"
    run 0 "GPUVerify's --global_offset" -- --local_size=2 --num_groups=2 --global_offset=[5] \
        --arg o=int[4] --post 'o[3] == 8' "$WORK/offset.cl"
    run 0 "no offset: zero" -- --global-size=4 --local-size=2 --arg o=int[4] --post 'o[3] == 3' \
        "$WORK/offset.cl"
    run 17 "--global-offset: a negative one" -- --global-offset=-1 "$WORK/offset.cl"
    # another kernel's __shared__ array takes no blame for an access before this one's
    printf '__global__ void other(int *o) { __shared__ int sOther[16]; sOther[threadIdx.x] = 1; __syncthreads(); o[threadIdx.x] = sOther[0]; }\n__global__ void k(int *o)\n{\n  __shared__ int s[64];\n  s[threadIdx.x] = 1;\n  __syncthreads();\n  o[threadIdx.x] = s[(int)threadIdx.x - 16];\n}\n' >"$WORK/negshared.cu"
    run 42 "an access before a __shared__ array" -- --kernel=k --grid=1 --block=4 "$WORK/negshared.cu"
    expect_in "$OUT" "negshared\.cu:7:20: invalid access to " "the access before the array, at its line"
    if grep -q sOther "$OUT"; then fail "another kernel's shared array blamed: $(grep sOther "$OUT" | head -1)"; fi
    # a narrowing conversion in a braced initializer: nvcc warns, so gpumc takes it
    printf '__global__ void k(uchar4 *o, const unsigned short *v)\n{\n  int i = threadIdx.x;\n  uchar4 c = {v[i], v[i] + 1, 0, 0};\n  o[i] = c;\n}\n' >"$WORK/narrow.cu"
    run 0 "a narrowing braced initializer (CUDA)" -- --grid=1 --block=2 --arg v=ushort[2]:3,4 \
        --arg o=uchar[8] --post 'o[5] == 5' "$WORK/narrow.cu"
    # a C99 inline definition the optimiser does not inline still links
    printf 'inline __attribute__((noinline)) uint twice(uint v) { return 2 * v; }\n__kernel void k(__global uint *o)\n{\n  o[get_global_id(0)] = twice(get_global_id(0));\n}\n' >"$WORK/c99inline.cl"
    run 0 "an OpenCL C99 inline function, not inlined" -- --global-size=2 --local-size=2 \
        --arg o=uint[2] --post 'o[1] == 2' "$WORK/c99inline.cl"
    run 17 "--global-offset is OpenCL's" -- --grid=1 --block=1 --global-offset=1 "$KDIR/cuda/mp.cu"
    expect_in "$ERR" "--global-offset is for OpenCL kernels" "--global-offset on CUDA: why"
    # the rest of a GPUVerify header line: prover options are notes ...
    run 0 "GPUVerify's prover options" -- --gridDim=2 --blockDim=1 --no-inline \
        --boogie-file=axioms.bpl --check-array-bounds --clang-opt=-DUNUSED --volatile=relaxed "$KDIR/cuda/mp.cu"
    expect_in "$ERR" "note: GPUVerify's --no-inline has no effect" "a note for --no-inline"
    run 0 "-q after a prover option silences its note" -- --gridDim=2 --blockDim=1 --no-inline \
        -q --volatile=relaxed "$KDIR/cuda/mp.cu"
    [ ! -s "$ERR" ] || fail "-q printed: $(cat "$ERR")"
    run 0 "a prover option's value as the next word" -- --gridDim=2 --blockDim=1 \
        --loop-unwind 3 --volatile=relaxed "$KDIR/cuda/mp.cu"
    expect_in "$ERR" "note: GPUVerify's --loop-unwind has no effect" "a note for --loop-unwind"
    run 17 "a prover option without its value" -- "$KDIR/cuda/mp.cu" --boogie-file
    expect_in "$ERR" "--boogie-file needs a value" "--boogie-file: its value"
    run 42 "GPUVerify's --clang-opt reaches the compiler" -- --gridDim=2 --blockDim=1 \
        --clang-opt=-DREL_RLX "$KDIR/cuda/caslock.cu"
    run 0 "GPUVerify's --only-divergence checks no races" -- --gridDim=2 --blockDim=1 \
        --only-divergence "$KDIR/cuda/caslock.cu" -- -DREL_RLX
    # benign races (equal values): reported unless --benign-races=tolerate
    printf '__kernel void k(__global int *f)\n{ f[0] = 1; }\n' >"$WORK/ww.cl"
    run 42 "equal writes race by default" -- --local_size=64 --num_groups=1 "$WORK/ww.cl"
    run 0 "--benign-races=tolerate" -- --local-size=64 --num-groups=1 --benign-races=tolerate \
        "$WORK/ww.cl"
    expect_in "$OUT" "^Number of complete executions explored: 1$" "64 equal writes: one order"
    run 42 "GPUVerify's --no-benign-tolerance after it reports" -- --local_size=64 --num_groups=1 \
        --benign-races=tolerate --no-benign-tolerance "$WORK/ww.cl"
    run 17 "--benign-races: a bad value" -- --benign-races=maybe "$WORK/ww.cl"
    # long initial contents are a table of runs, not a 16 M-element initializer
    printf '__global__ void k(const double *in, double *out) { out[threadIdx.x] = in[threadIdx.x * 524287]; }\n' >"$WORK/bigin.cu"
    run 0 "a buffer of 2^20 repeated values" -- --block=3 --timeout=60 \
        --arg 'in=double[1048576]:0.5*1048573,1,2,3' --arg out=double[3] \
        --post='out[0] == 0.5 && out[1] == 0.5 && out[2] == 2' "$WORK/bigin.cu"
    run 42 "a buffer of 2^20 values: each value counts" -- --block=3 --timeout=60 \
        --arg 'in=double[1048576]:0.5*1048573,1,2,3' --arg out=double[3] \
        --post='out[2] == 3' "$WORK/bigin.cu"
    # a program of several files (-rdc): the others follow the kernel's file
    mkdir -p "$WORK/rdc"
    printf '__device__ int slot_of(int i, int n);\nextern __device__ int scale;\n' >"$WORK/rdc/helpers.h"
    printf '#include "helpers.h"\n__global__ void scatter(int *out, int n)\n{ int i = threadIdx.x; if (i < n) out[slot_of(i, n)] = i * scale; }\n' >"$WORK/rdc/main.cu"
    printf '#include "helpers.h"\n__device__ int scale = 2;\n__device__ int slot_of(int i, int n) { return (i * 3) %% n; }\n' >"$WORK/rdc/helpers.cu"
    printf '#include "helpers.h"\n__device__ int slot_of(int i, int n) { return 0; }\n' >"$WORK/rdc/again.cu"
    R="--block=4 --arg n=4 --arg out=int[4]"
    run 0 "a kernel with its helpers' file" -- $R --post='out[3] == 2 && out[2] == 4 && scale == 2' \
        "$WORK/rdc/main.cu" "$WORK/rdc/helpers.cu"
    run 42 "the helpers' file counts" -- $R --post='out[3] == 6' "$WORK/rdc/main.cu" "$WORK/rdc/helpers.cu"
    run 42 "... and the JSON report names every file" -- $R --post='out[3] == 6' --format=json \
        "$WORK/rdc/main.cu" "$WORK/rdc/helpers.cu"
    python3 - "$OUT" "$WORK/rdc" <<'PY' || fail "JSON inputs of a program of two files"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["input"] == sys.argv[2] + "/main.cu", d["input"]
assert d["inputs"] == [sys.argv[2] + "/main.cu", sys.argv[2] + "/helpers.cu"], d["inputs"]
PY
    python3 "$(dirname "$0")/json_schema_check.py" docs/gpumc-report.schema.json "$OUT" >/dev/null ||
        fail "the JSON of a program of two files does not match the schema"
    run 5 "a variable only declared" -- $R "$WORK/rdc/main.cu"
    expect_in "$ERR" "'scale' is declared but not defined in the file: name the file that defines it" "says which and where"
    run 5 "a function defined twice" -- $R "$WORK/rdc/main.cu" "$WORK/rdc/helpers.cu" "$WORK/rdc/again.cu"
    expect_in "$ERR" "'slot_of' is defined in more than one of them" "names it as the user wrote it"
    run 17 "a missing second file" -- $R "$WORK/rdc/main.cu" "$WORK/rdc/none.cu"
    run 17 "a second file in another language" -- $R "$WORK/rdc/main.cu" "$WORK/ww.cl"
    # a __constant__ array of structs takes its members' values
    printf 'struct P { int id; double w; short s; };\n__constant__ P ps[3];\n__global__ void k(double *out) { out[threadIdx.x] = ps[threadIdx.x].w * ps[threadIdx.x].id + ps[threadIdx.x].s; }\n' >"$WORK/cstruct.cu"
    run 0 "--arg for a __constant__ array of structs, member by member" -- --block=3 \
        --arg ps=1,0.5,3,2,1.5,0,-1,2,7 --post='out[0] == 3.5 && out[1] == 3.0 && out[2] == 5.0' \
        "$WORK/cstruct.cu"
    run 42 "... each member counts" -- --block=3 --arg ps=1,0.5,3,2,1.5,0,-1,2,7 \
        --post='out[2] == 7.0' "$WORK/cstruct.cu"
    run 17 "... and no more values than members" -- --block=3 --arg ps=1,2,3,4,5,6,7,8,9,10 "$WORK/cstruct.cu"
    expect_in "$ERR" "holds 3 structs of 3 members: list at most 9 values" "says how many"
    # a __constant__ table takes as many values as it holds, thousands too; a length is its own
    printf '__constant__ int w[3000];\n__global__ void k(int *o) { o[threadIdx.x] = w[threadIdx.x * 1000 + 999]; }\n' >"$WORK/cbig.cu"
    run 0 "--arg for a __constant__ table of 3,000 values" -- --block=3 --arg o=int[3] \
        --arg "w=$(seq -s, 0 2999)" --post='o[2] == 2999 && o[1] == 1999' "$WORK/cbig.cu"
    run 17 "... not given a length" -- --block=3 --arg 'w=[3000]:1' "$WORK/cbig.cu"
    expect_in "$ERR" "--arg w \(a variable of the file\): it has its own type and length: give its values only" "a variable's length is its own"
    # a pointer into a buffer: [LEN]+OFFSET, as a launch with d_buf + 1 passes it
    printf '__global__ void k(const int *w, int *out) { out[threadIdx.x] = w[(int)threadIdx.x - 1]; }\n' >"$WORK/offp.cu"
    run 0 "--arg p=int[4]+1: p[-1] is the buffer's first" -- --block=2 --arg 'w=int[4]+1:10,11,12,13' \
        --arg out=int[2] --post='w[0] == 11 && out[0] == 10 && out[1] == 11' "$WORK/offp.cu"
    run 42 "the same from the buffer's start: p[-1] is outside it" -- --block=2 \
        --arg 'w=int[4]:10,11,12,13' --arg out=int[2] "$WORK/offp.cu"
    expect_in "$OUT" "Memory error" "an access before the buffer"
    run 17 "an offset past the buffer" -- --block=2 --arg 'w=int[4]+5' "$WORK/offp.cu"
    expect_in "$ERR" "offset in \[LEN\]\+OFFSET must be an integer from 0 to LEN" "says the range"
    # an in-place launch: --arg out=@in shares in's buffer
    printf '__global__ void k(const float *in, float *out, int shift)\n{ out[(threadIdx.x + shift) %% blockDim.x] = in[threadIdx.x] * 2.0f; }\n' >"$WORK/inplace.cu"
    run 0 "two buffers: each thread reads its own, writes another" -- --block=2 --arg shift=1 \
        --arg 'in=float[2]:1,2' --arg out=float[2] --post='out[0] == 4 && out[1] == 2' "$WORK/inplace.cu"
    run 42 "--arg out=@in: in place, the write races with the other thread's read" -- --block=2 \
        --arg shift=1 --arg 'in=float[2]:1,2' --arg out=@in "$WORK/inplace.cu"
    expect_in "$OUT" "Data race on in\+" "reported by the buffer's own name"
    run 0 "... and with no shift each thread keeps to its element" -- --block=2 --arg shift=0 \
        --arg 'in=float[2]:1,2' --arg out=@in --post='in[0] == 2 && in[1] == 4' "$WORK/inplace.cu"
    run 42 "@in+1: one element on, past the end for the last thread" -- --keep-going --block=2 --arg shift=0 \
        --arg 'in=float[2]:1,2' --arg out=@in+1 "$WORK/inplace.cu"
    expect_in "$OUT" "Memory error" "out[1] is in[2]"
    run 17 "@ names a scalar" -- --block=2 --arg out=@shift "$WORK/inplace.cu"
    expect_in "$ERR" "kernel argument 'out': the parameter named after @ must be a pointer" "says why"
    run 17 "@ names nothing" -- --block=2 --arg out=@nope "$WORK/inplace.cu"
    expect_in "$ERR" "no pointer parameter of that name" "says why"
    printf '__kernel void k(__global float *in, __local float *tile)\n{ tile[get_local_id(0)] = in[get_local_id(0)]; }\n' >"$WORK/loctile.cl"
    run 17 "a __local pointer cannot share a global buffer" -- --local-size=2 --num-groups=1 \
        --arg tile=@in "$WORK/loctile.cl"
    expect_in "$ERR" "kernel argument 'tile': only a pointer to a buffer can share one" "says why"
    # volatile: plain by default (a race), PTX's relaxed system-scope access on request
    printf '__kernel void k(volatile __global int *f)\n{ if (get_local_id(0)) f[0] = 1; else while (f[0] == 0) ; }\n' >"$WORK/vol.cl"
    run 42 "a volatile flag races by default (OpenCL)" -- --local-size=2 --num-groups=1 "$WORK/vol.cl"
    expect_in "$OUT" "Data race on f\+0" "the flag is where it races"
    expect_in "$OUT" "A volatile access is not atomic in OpenCL C" "the explanation says what volatile is"
    run 0 "--volatile=relaxed: the flag does not race" -- --local-size=2 --num-groups=1 \
        --volatile=relaxed --format=json "$WORK/vol.cl"
    expect_in "$OUT" '"volatile":[[:space:]]*"relaxed"' "the JSON configuration says so"
    printf '__global__ void k(volatile int *f)\n{ if (threadIdx.x) f[0] = 1; else while (f[0] == 0) ; }\n' >"$WORK/vol.cu"
    run 42 "a volatile flag races by default (CUDA)" -- --block=2 "$WORK/vol.cu"
    expect_in "$OUT" "A volatile access is not atomic in CUDA C\+\+ .*--volatile=relaxed" "and names the option"
    run 0 "--volatile=relaxed (CUDA)" -- --block=2 --volatile=relaxed "$WORK/vol.cu"
    run 17 "--volatile: a bad value" -- --volatile=atomic "$WORK/vol.cu"
    B="--local-size=4 --num-groups=1 --benign-races=tolerate"
    printf '__kernel void k(__global int *f)\n{ f[0] = get_local_id(0); }\n' >"$WORK/wwd.cl"
    run 42 "different values still race" -- $B "$WORK/wwd.cl"
    printf '__kernel void k(__global int *f, __global int *g)\n{ if (get_local_id(0) == 0) f[0] = 1; else g[get_local_id(0)] = f[0]; }\n' >"$WORK/rw.cl"
    run 42 "a read that may see another value races" -- $B "$WORK/rw.cl"
    printf '__kernel void k(__global int *f, __global int *g)\n{ f[0] = 5; g[get_local_id(0)] = f[0]; }\n' >"$WORK/raw.cl"
    run 0 "a read of an equal value is benign" -- $B --post='g[3] == 5' "$WORK/raw.cl"
    expect_in "$OUT" "^Number of complete executions explored: 1$" "equal sources: one read"
    # --kernel-args: values of the parameters that are not pointers, in order
    printf 'struct pair { int a; int b; };\n__kernel void k(__global int *o, int x, struct pair p)\n{ __assert(p.a == 3 && p.b == 4); o[get_global_id(0)] = x; }\n' >"$WORK/kargs.cl"
    run 0 "GPUVerify's --kernel-args" -- --local_size=2 --num_groups=1 \
        --kernel-args=k,7,0x0000000400000003 --post 'o[1] == 7' "$WORK/kargs.cl"
    run 42 "--kernel-args: a struct's bits" -- --local_size=2 --num_groups=1 \
        --kernel-args=k,7,0x0000000300000004 "$WORK/kargs.cl"
    run 17 "--kernel-args: one value too many" -- --local_size=2 --num_groups=1 \
        --kernel-args=k,7,0,1 "$WORK/kargs.cl"
    expect_in "$ERR" "gives a value for parameter 3, and kernel 'k' has 2 that are not pointers" \
        "--kernel-args: too many values"
    # '*' gives no value: gpumc chooses it, and says so (the harness's note)
    run 0 "--kernel-args: '*' leaves a value to gpumc" -- --local_size=2 --num_groups=1 \
        --kernel-args=k,*,0x0000000400000003 --post 'o[1] == 2' "$WORK/kargs.cl"
    expect_in "$ERR" "note: kernel arguments without a value were checked as x=2 \(a number" \
        "--kernel-args: the chosen value is a note"
    run 0 "--kernel-args: the note again from the cache" -- --local_size=2 --num_groups=1 \
        --kernel-args=k,*,0x0000000400000003 "$WORK/kargs.cl"
    expect_in "$ERR" "checked as x=2" "a cached harness keeps its note"
    # a value gpumc chooses meets the kernel's __requires(x == K)
    printf '__global__ void k(int *o, int n, unsigned m, int z)\n{\n  __requires(n == 7 & m == 3000000000u);\n  __requires(!(z != -2));\n  o[threadIdx.x] = n + z;\n}\n' >"$WORK/reqeq.cu"
    run 0 "chosen values meet __requires(x == K)" -- --grid=1 --block=2 --arg o=int[2] \
        --post 'o[1] == 5' "$WORK/reqeq.cu"
    expect_in "$ERR" "checked as n=7, m=-1294967296, z=-2" "the required values in the note"
    # ... a member of a struct passed by value ...
    printf 'struct s { int a; int b; };\n__kernel void k(__global int *o, struct s q)\n{\n  __requires(q.b == 5);\n  o[get_global_id(0)] = q.a + q.b;\n}\n' >"$WORK/sreq.cl"
    run 0 "a struct member from __requires(q.m == K)" -- --global-size=2 --local-size=2 \
        --arg o=int[2] --post 'o[1] == 7' "$WORK/sreq.cl"
    # ... and a function pointer its __requires(f == fn | ...) names: the first one
    printf '__device__ int twice(int v) { return 2 * v; }\n__device__ int halve(int v) { return v / 2; }\ntypedef int (*op)(int);\n__global__ void k(int *o, op f)\n{\n  __requires(f == halve | f == twice);\n  o[threadIdx.x] = f(8);\n}\n' >"$WORK/fnreq.cu"
    run 0 "a function pointer from __requires(f == fn)" -- --grid=1 --block=2 --arg o=int[2] \
        --post 'o[1] == 4' "$WORK/fnreq.cu"
    expect_in "$ERR" "checked as f=halve " "the required function in the note"
    # GPUVerify's overflow predicate in CUDA (C++), values of mixed types, 2 and 3 of them
    printf '__global__ void k(int *o, unsigned a, int b)\n{\n  __requires(__add_noovfl(a, b) && __add_noovfl(a, b, 0));\n  o[threadIdx.x] = __add_noovfl_int(b, 1);\n}\n' >"$WORK/noovfl.cu"
    run 0 "__add_noovfl of an unsigned and an int that fit" -- --grid=1 --block=2 --arg a=4294967294 \
        --arg b=1 --post 'o[1] == 2' "$WORK/noovfl.cu"
    run 17 "__add_noovfl of an unsigned and an int that overflow" -- --grid=1 --block=2 \
        --arg a=4294967295 --arg b=1 "$WORK/noovfl.cu"
    # ... and options that change the question are refused
    # GPUVerify's --warp-sync: lockstep warps (kernels/cuda/warp_sync_scan.cu in the manifest)
    printf '__global__ void k(int *A)\n{\n  int t = threadIdx.x, w = t / 32;\n  int *B = A + w * 32;\n  A[t] = B[(t + 1) %% 32];\n}\n' >"$WORK/wshuffle.cu"
    run 0 "--warp-sync: a shuffle through memory in lockstep" -- --gridDim=1 --blockDim=64 \
        --warp-sync=32 "$WORK/wshuffle.cu"
    run 42 "the same shuffle without --warp-sync races" -- --gridDim=1 --blockDim=64 "$WORK/wshuffle.cu"
    run 42 "--warp-sync=16: the shuffle crosses warps" -- --gridDim=1 --blockDim=64 \
        --warp-sync=16 "$WORK/wshuffle.cu"
    run 17 "--warp-sync over 32" -- --warp-sync=33 "$WORK/wshuffle.cu"
    expect_in "$ERR" "--warp-sync=33: a warp has at most 32 threads" "--warp-sync: the limit"
    # GPUVerify's switches of what is checked
    printf '__kernel void k(__global int *p, __local int *l)\n{\n  p[get_local_id(0)] = 1;\n#ifdef INTRA\n  l[0] = 1;\n#endif\n}\n' >"$WORK/intra.cl"
    run 42 "an inter-group race" -- --local_size=2 --num_groups=2 --arg l=int[1] "$WORK/intra.cl"
    expect_in "$OUT" "^Error detected: Data race!$" "the inter-group race is a data race"
    run 0 "--only-intra-group: no inter-group race" -- --local_size=2 --num_groups=2 \
        --arg l=int[1] --only-intra-group "$WORK/intra.cl"
    run 42 "--only-intra-group: an intra-group race" -- --local_size=2 --num_groups=2 \
        --arg l=int[1] --only-intra-group "$WORK/intra.cl" -- -DINTRA
    expect_in "$OUT" "intra\.cl:5:8: .*(group 0, local 1)" "the intra-group race's second access"
    run 0 "--only-log: no race checked" -- --local_size=2 --num_groups=2 --arg l=int[1] \
        --only-log "$WORK/intra.cl" -- -DINTRA
    printf '__kernel void k(__global int *p, int n)\n{\n  __requires(n == 0);\n  for (int i = 0; __invariant(i < 0), i < 2; i++)\n    p[get_global_id(0)] = i;\n  __assert(p[get_global_id(0)] == 7);\n}\n' >"$WORK/annot.cl"
    run 42 "GPUVerify annotations checked" -- --local_size=2 --num_groups=1 --arg n=0 "$WORK/annot.cl"
    expect_in "$OUT" "annot\.cl:4:19: assertion failed" "the invariant fails first"
    run 42 "--invariants-as-candidates: the assertion still is" -- --local_size=2 --num_groups=1 \
        --arg n=0 --invariants-as-candidates "$WORK/annot.cl"
    expect_in "$OUT" "annot\.cl:6:3: assertion failed" "the assertion fails"
    run 0 "--only-requires: neither" -- --local_size=2 --num_groups=1 --arg n=0 \
        --only-requires "$WORK/annot.cl"
    run 17 "--only-requires: the precondition still holds the launch" -- --local_size=2 \
        --num_groups=1 --arg n=1 --only-requires "$WORK/annot.cl"
    expect_in "$ERR" "annot\.cl:3:3: precondition does not hold for this launch" "--only-requires: why"
    run 0 "--no-annotations: none of them" -- --local_size=2 --num_groups=1 --arg n=1 \
        --no-annotations "$WORK/annot.cl"
    run 17 "GPUVerify's --adversarial-abstraction" -- --adversarial-abstraction "$KDIR/cuda/mp.cu"
    expect_in "$ERR" "adversarial-abstraction has no gpumc equivalent: it changes what is checked" \
        "--adversarial-abstraction: why"
    # host-side postconditions, from the command line and from a config file
    printf '__global__ void sum(int *out, const int *in)\n{ atomicAdd(out, in[threadIdx.x]); }\n' >"$WORK/sum.cu"
    SUMARGS="--grid=1 --block=3 --arg out=int[1] --arg in=int[3]:1,2,3"
    run 0 "--post that holds" -- $SUMARGS --post='out[0] == 6' "$WORK/sum.cu"
    run 42 "--post that fails" -- $SUMARGS --post='out[0] == 7' "$WORK/sum.cu"
    expect_in "$OUT" "^Error detected: Assertion violation!$" "--post failure kind"
    expect_in "$OUT" "<postcondition>:1:1: .*out\[0\] == 7" "--post failure location"
    expect_in "$OUT" "^    T3\.0 JOIN of 3 threads \(T0-2\)$" "the host thread's join of the launch on one trace line"
    # a thread that stopped at an error never finished: no postcondition on its leftovers
    printf '__global__ void k(int *a, int *r)\n{\n    for (int i = 0; i < 4; i++)\n        r[i] = a[i];\n}\n' >"$WORK/oobpost.cu"
    run 42 "--post after a memory error" -- --keep-going --grid=1 --block=1 --arg a=int[2]:5,6 --arg r=int[4] --post='r[3] == 8' "$WORK/oobpost.cu"
    [ "$(grep -c '^Error [0-9]*: ' "$OUT")" -eq 1 ] || fail "only the memory error: $(grep '^Error' "$OUT")"
    expect_in "$OUT" "^Error 1: Memory error$" "the memory error"
    expect_in "$OUT" "^  .*oobpost\.cu:4:16: invalid access to a\+8 by" "past the end: region+offset"
    printf '__global__ void k(float *in, float *out)\n{\n    int i = threadIdx.x;\n    out[i] = in[i - 1];\n}\n' >"$WORK/before.cu"
    run 42 "a read before a buffer" -- --grid=1 --block=2 --arg in=float[2] --arg out=float[2] "$WORK/before.cu"
    expect_in "$OUT" "^  .*before\.cu:4:14: invalid access to in-4 by \(block 0, thread 0\)$" "before the start: region-bytes"
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
    # --timeout bounds compiling too: clang is killed, the run is incomplete
    printf 'constexpr long spin(long n) { long s = 0; for (long i = 0; i < n; i++) s += i & 7; return s; }\n__global__ void k(long *out) { constexpr long v = spin(2000000000); out[0] = v; }\n' >"$WORK/slowc.cu"
    run 3 "--timeout while compiling" -- --grid=1 --block=1 --timeout=1 "$WORK/slowc.cu" \
        -- -fconstexpr-steps=2100000000
    expect_in "$OUT" "timeout of 1 s reached while compiling the kernel" "says the compile ran out"
    # dynamic parallelism: said to be unsupported, before clang's own words
    printf '__global__ void child(int *p) { p[0] = 1; }\n__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n' >"$WORK/cdp.cu"
    run 5 "a kernel launched from device code" -- --grid=1 --block=1 --kernel=parent "$WORK/cdp.cu"
    expect_in "$ERR" "unsupported: a kernel launched from device code \(dynamic parallelism\)" "says what is not modelled"
    # overloads: the parameter types choose
    printf '__global__ void k(int *p) { p[0] = 1; }\n__global__ void k(float *p) { p[0] = 2; }\n' >"$WORK/over.cu"
    run 17 "an overloaded kernel" -- --grid=1 --block=1 --kernel=k "$WORK/over.cu"
    expect_in "$ERR" "k\(int\*\), k\(float\*\)" "lists the overloads with their parameters"
    run 0 "--kernel picks an overload" -- --grid=1 --block=1 --kernel='k(float *)' \
        --arg p=float[1] --post='p[0] == 2' "$WORK/over.cu"
    printf 'template <int N> __global__ void t(int *p) { p[0] = N; }\ntemplate <int N> __global__ void t(float *p) { p[0] = 2 * N; }\n' >"$WORK/tover.cu"
    run 0 "--kernel picks an overloaded template's instantiation" -- --grid=1 --block=1 \
        --kernel='t<3>(float*)' --arg p=float[1] --post='p[0] == 6' "$WORK/tover.cu"
    printf 'enum class E { A, B };\ntemplate <E e> __global__ void te(int *p) { p[0] = (int)e; }\n' >"$WORK/tenum.cu"
    run 0 "--kernel with a cast among the template arguments" -- --grid=1 --block=1 \
        --kernel='te<(E)1>' --arg p=int[1] --post='p[0] == 1' "$WORK/tenum.cu"
    run 17 "an overloaded kernel, none chosen" -- --grid=1 --block=1 "$WORK/over.cu"
    expect_in "$ERR" "several kernels \(k\(int\*\), k\(float\*\)\)" "lists the overloads' parameters"
    run 17 "an overloaded template without parameter types" -- --grid=1 --block=1 \
        --kernel='t<3>' "$WORK/tover.cu"
    expect_in "$ERR" "names no single kernel: .* for an overloaded template its parameter types" "says how to choose"
    run 0 "--kernel with an enumerator among the template arguments" -- --grid=1 --block=1 \
        --kernel='te<E::B>' --arg p=int[1] --post='p[0] == 1' "$WORK/tenum.cu"
    printf 'typedef float real;\ntemplate <typename T, int N = 3> __global__ void td(T *p) { p[0] = N; }\n' >"$WORK/tdef.cu"
    run 0 "--kernel with a typedef and a default template argument" -- --grid=1 --block=1 \
        --kernel='td<real>' --arg p=float[1] --post='p[0] == 3' "$WORK/tdef.cu"
    run 42 "--kernel with a typedef: the default argument counts" -- --grid=1 --block=1 \
        --kernel='td<real>' --arg p=float[1] --post='p[0] == 4' "$WORK/tdef.cu"
    run 17 "--kernel with an enumerator the enum lacks" -- --grid=1 --block=1 \
        --kernel='te<E::C>' "$WORK/tenum.cu"
    expect_in "$ERR" "--kernel='te<E::C>' names no kernel of the file: no member named 'C' in 'E'" "says what C++ found wrong"
    grep -Eq "instantiate.cu|__gpumc" "$ERR" && fail "--kernel's error names gpumc's wrapper"
    # a template in a namespace, an instance the file does not make, named without the
    # namespace: the error says the qualified name, which instantiates it
    printf 'namespace wave {\ntemplate <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }\n}\ntemplate __global__ void wave::fill<2>(int *);\n' >"$WORK/nsfill.cu"
    run 17 "--kernel: a namespace's template, its namespace left out" -- --block=2 --arg p=int[2] \
        --kernel='fill<4>' "$WORK/nsfill.cu"
    expect_in "$ERR" "no kernel named 'fill<4>' \(kernels: wave::fill<2>\); the template is in namespace wave: --kernel='wave::fill<4>' instantiates it" "names the namespace"
    run 0 "... and that name instantiates it" -- --block=2 --arg p=int[2] --post='p[1] == 4' \
        --kernel='wave::fill<4>' "$WORK/nsfill.cu"
    # the template declared and instantiated only in the program's second file (the first
    # does not declare it: the second takes the wrapper that resolves M::B)
    mkdir -p "$WORK/tfile"
    printf 'int main() { return 0; }\n' >"$WORK/tfile/main.cu"
    printf 'enum class M { A, B };\ntemplate <M m> __global__ void sc(int *p) { p[0] = m == M::A ? 2 : 3; }\ntemplate __global__ void sc<M::A>(int *);\ntemplate __global__ void sc<M::B>(int *);\n' >"$WORK/tfile/sc.cu"
    run 0 "--kernel with an enumerator, the template in the second file" -- --grid=1 --block=1 \
        --kernel='sc<M::B>' --arg p=int[1] --post='p[0] == 3' "$WORK/tfile/main.cu" "$WORK/tfile/sc.cu"
    run 42 "... and its own instance is checked" -- --grid=1 --block=1 \
        --kernel='sc<M::B>' --arg p=int[1] --post='p[0] == 2' "$WORK/tfile/main.cu" "$WORK/tfile/sc.cu"
    # a warp collective over part of a warp: its lanes exchange among themselves
    printf '__global__ void k(int *a)\n{ if (threadIdx.x < 16) a[threadIdx.x] = __shfl_sync(0xffffu, threadIdx.x * 2, 3); }\n' >"$WORK/wpart.cu"
    run 0 "partial warp mask" -- --grid=1 --block=32 --arg a=int[32] \
        --post='a[0] == 6 && a[15] == 6 && a[16] == 0' "$WORK/wpart.cu"
    run 42 "partial warp mask, the wrong value" -- --grid=1 --block=32 --arg a=int[32] \
        --post='a[0] == 0' "$WORK/wpart.cu"
    # host code as cuda-samples' helpers write it compiles (device queries, a
    # cudaDeviceProp with its warpSize, assert); the kernel sizes by warpSize
    cat >"$WORK/hostapi.cu" <<'CU'
#include <cassert>
__global__ void k(int *o) { __shared__ int s[warpSize]; s[threadIdx.x] = warpSize; o[threadIdx.x] = s[threadIdx.x]; }
int main()
{
    int n = 0, v = 0;
    cudaDeviceProp p;
    assert(cudaGetDeviceCount(&n) == cudaSuccess && n > 0);
    cudaGetDeviceProperties(&p, 0);
    cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0);
    printf("%s %d %d %s\n", p.name, p.warpSize, v, cudaGetErrorName(cudaErrorInvalidValue));
    return 0;
}
CU
    run 0 "host code with device queries" -- --grid=1 --block=2 --arg o=int[2] --post='o[1] == 32' "$WORK/hostapi.cu"
    # images and textures are not modelled: said at the line, in the user's words
    printf '__kernel void k(read_only image2d_t img, __global float4 *out)\n{\n    out[0] = read_imagef(img, (int2)(0, 0));\n}\n' >"$WORK/image.cl"
    run 5 "an OpenCL image" -- --grid=1 --block=1 --arg out=float[4] "$WORK/image.cl"
    expect_in "$ERR" "image\.cl:3:14: unsupported: images, samplers, pipes, textures and surfaces are not modelled \('read_imagef'\)" "image message"
    # texture objects are modelled: their data and sampling come from --arg
    printf '__global__ void k(cudaTextureObject_t t, float *o) { o[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }\n' >"$WORK/texobj.cu"
    run 0 "a CUDA texture object" -- --grid=1 --block=3 --arg o=float[3] --arg t=float[2]:1.5,2.5 --post 'o[0] == 1.5f && o[1] == 2.5f && o[2] == 0' "$WORK/texobj.cu"
    run 17 "a texture object without its data" -- --grid=1 --block=1 --arg o=float[1] "$WORK/texobj.cu"
    expect_in "$ERR" "kernel argument 't': a texture object needs its data \(e\.g\. --arg t=float\[16\]\[16\]\)" "texture without data"
    run 17 "a texture object given a scalar" -- --grid=1 --block=1 --arg o=float[1] --arg t=0 "$WORK/texobj.cu"
    expect_in "$ERR" "kernel argument 't': give the element type and the extents" "texture given a scalar"
    run 17 "an unknown texture setting" -- --grid=1 --block=1 --arg o=float[1] --arg t=float[2] --arg t.wrap=1 "$WORK/texobj.cu"
    expect_in "$ERR" "unknown kernel argument 't\.wrap'" "unknown texture setting"
    run 17 "a bad filter" -- --grid=1 --block=1 --arg o=float[1] --arg t=float[2] --arg t.filter=cubic "$WORK/texobj.cu"
    expect_in "$ERR" "kernel argument 't': filter is point or linear" "bad filter"
    run 17 "linear filtering of integers" -- --grid=1 --block=1 --arg o=float[1] --arg t=int[2] --arg t.filter=linear "$WORK/texobj.cu"
    expect_in "$ERR" "linear filtering needs float elements or normalized-float reads" "linear ints"
    run 17 "a setting of a buffer" -- --grid=1 --block=1 --arg o=float[1] --arg o.filter=linear --arg t=float[2] "$WORK/texobj.cu"
    expect_in "$ERR" "unknown kernel argument 'o\.filter'" "setting of a buffer"
    # A fetch of another type than the texture's elements, and a race on a
    # surface: reported at the user's line (the library's fetch is inlined).
    printf '__global__ void k(float *out, cudaTextureObject_t tex) {\n  float4 v = tex2D<float4>(tex, 0.5f, 0.5f);\n  out[threadIdx.x] = v.x;\n}\n' >"$WORK/texkind.cu"
    run 42 "a fetch of another type" -- --grid=1 --block=2 --arg 'tex=uchar4[4][4]' "$WORK/texkind.cu"
    expect_in "$OUT" "texkind\.cu:2:14: assertion failed" "the wrong fetch's line"
    expect_in "$OUT" "NAME\.read=normalized-float" "the wrong fetch's hint"
    printf '__global__ void k(cudaSurfaceObject_t s) {\n  int v = threadIdx.x;\n  surf1Dwrite(v, s, 0);\n}\n' >"$WORK/surfrace.cu"
    run 42 "two writes of one surface element" -- --grid=1 --block=2 --arg 's=int[4]' "$WORK/surfrace.cu"
    expect_in "$OUT" "surfrace\.cu:3:3: write 1 to s\+0" "the surface write's line"
    # A buffer of structs given values: members in layout order, struct after struct.
    printf 'typedef struct { int start; float w; } Node;\n__kernel void k(__global const Node *nodes, __global float *out) {\n  int i = get_global_id(0);\n  out[i] = nodes[i].start + nodes[i].w;\n}\n' >"$WORK/nodes.cl"
    run 0 "a buffer of structs by member" -- --global-size=3 --local-size=3 --arg 'nodes=[3]:1,0.5,2,0.25' \
        --arg out=float[3] --post='out[0] == 1.5f && out[1] == 2.25f && out[2] == 0' "$WORK/nodes.cl"
    run 42 "... whose values the postcondition checks" -- --global-size=3 --local-size=3 \
        --arg 'nodes=[3]:1,0.5,2,0.25' --arg out=float[3] --post='out[1] == 2' "$WORK/nodes.cl"
    expect_in "$OUT" "Assertion violation" "a struct member's value, checked"
    run 0 "as many structs as the values fill" -- --global-size=2 --local-size=2 \
        --arg 'nodes=:1,0.5,2' --arg out=float[2] --post='out[0] == 1.5f && out[1] == 2' "$WORK/nodes.cl"
    run 17 "more values than members" -- --global-size=3 --local-size=3 --arg 'nodes=[1]:1,0.5,2' "$WORK/nodes.cl"
    expect_in "$ERR" "3 values do not fit in 1 elements of 2 members" "values past the structs"
    run 17 "a member's value of the wrong kind" -- --global-size=3 --local-size=3 --arg 'nodes=[2]:1,x' "$WORK/nodes.cl"
    expect_in "$ERR" "member 2: 'x'" "the member named"
    # A buffer of pointers to buffers: each a fresh region, or null.
    printf '__global__ void k(float **bufs, int n) {\n  float *b = bufs[blockIdx.x];\n  if (threadIdx.x < n) b[threadIdx.x] = 1.0f;\n}\n' >"$WORK/ptrs.cu"
    run 0 "a buffer of pointers to buffers" -- --grid=2 --block=2 --arg 'bufs=[2]:float[2],float[4]' \
        --arg n=2 "$WORK/ptrs.cu"
    run 42 "... one of them too short" -- --grid=2 --block=2 --arg 'bufs=[2]:float[1]*2' --arg n=2 "$WORK/ptrs.cu"
    expect_in "$OUT" "out-of-bounds access to bufs#1" "the short one named"
    run 42 "... one of them null" -- --grid=2 --block=2 --arg 'bufs=[2]:float[2],0' --arg n=2 "$WORK/ptrs.cu"
    expect_in "$OUT" "null pointer access" "the null one"
    run 17 "... one without its type" -- --grid=2 --block=2 --arg 'bufs=[2]:[4],0' --arg n=2 "$WORK/ptrs.cu"
    expect_in "$ERR" "element 1 is a pointer: give 0 \(null\) or a zero-filled buffer TYPE\[LEN\]" "the type asked for"
    # PTX registers written with one '%' (nvcc takes them); math_constants.h.
    printf '#include <math_constants.h>\n__global__ void k(unsigned long long *a, float *f) {\n  unsigned long long t;\n  unsigned l;\n  asm volatile("mov.u64 %%0, %%globaltimer;" : "=l"(t));\n  asm("mov.u32 %%0,%%laneid;" : "=r"(l));\n  a[threadIdx.x] = l + (t > 0);\n  f[threadIdx.x] = CUDART_PI_F;\n}\n' >"$WORK/nvccptx.cu"
    run 0 "nvcc's lone %% in PTX, math_constants.h" -- --grid=1 --block=2 --arg 'a=unsigned long long[2]' \
        --arg f=float[2] --post='a[1] == 2 && f[0] > 3.14159f && f[0] < 3.1416f' "$WORK/nvccptx.cu"
    # ... only where a thread gets to it: another kernel of the file is checked
    printf '__device__ float cube(cudaTextureObject_t t) { return texCubemap<float>(t, 0, 0, 1); }\n__global__ void fetch(float *o, cudaTextureObject_t t) { o[threadIdx.x] = cube(t); }\n__global__ void plain(float *o) { o[threadIdx.x] = 1.0f; }\n' >"$WORK/twotex.cu"
    run 0 "a kernel beside one that fetches a cubemap" -- --kernel=plain --grid=1 --block=2 --arg o=float[2] "$WORK/twotex.cu"
    run 5 "the kernel that fetches it" -- --kernel=fetch --grid=1 --block=2 --arg o=float[2] --arg t=float[2] "$WORK/twotex.cu"
    expect_in "$ERR" "twotex\.cu:1:[0-9]+: unsupported: images, samplers" "the fetch's line"
    printf 'float unused(int i) {\n    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;\n    return (float)i;\n}\n__kernel void k(__global float *o) { o[get_global_id(0)] = 1.0f; }\n' >"$WORK/sampler.cl"
    run 0 "a helper nobody calls declares a sampler" -- --grid=1 --block=2 --arg o=float[2] "$WORK/sampler.cl"
    printf 'texture<float, 1, cudaReadModeElementType> t;\n__global__ void k(float *o) { o[0] = tex1Dfetch(t, 0); }\n' >"$WORK/texref.cu"
    run 0 "a CUDA texture reference" -- --grid=1 --block=1 --arg o=float[1] --arg t=float[1]:7 \
        --post 'o[0] == 7' "$WORK/texref.cu"
    run 42 "a CUDA texture reference, other data" -- --grid=1 --block=1 --arg o=float[1] \
        --arg t=float[1]:6 --post 'o[0] == 7' "$WORK/texref.cu"
    # code that stubbed the binding calls out while gpumc lacked them
    run 0 "texture binding stubbed out by macros" -- --grid=1 --block=1 --arg o=float[1] \
        "$WORK/texref.cu" -- '-DcudaBindTexture(...)=cudaSuccess' '-DcudaUnbindTexture(...)=0'
    # every access is checked: far out of bounds and null are memory errors at their line
    printf '__global__ void k(int *a, int i)\n{\n  a[i] = 7;\n}\n' >"$WORK/wild.cu"
    for i in 8192 -100000; do
        run 42 "a store far out of bounds ($i)" -- --grid=1 --block=1 --arg a=int[4] --arg i=$i "$WORK/wild.cu"
        expect_in "$OUT" "^Error detected: Memory error!$" "far store ($i) is a memory error"
        expect_in "$OUT" "wild\.cu:3:[0-9]+: invalid access" "far store ($i) location"
    done
    # far past one buffer, with others mapped around: that buffer's error,
    # not an access to whichever buffer lies there (it was, before regions
    # got guards as large as their data)
    run 42 "a read 3,000 ints past a buffer" -- --grid=2 --block=2 --arg in=int[4] --arg out=int[4] \
        "$KDIR/cuda/oob.cu" -- -DFAR
    expect_in "$OUT" "oob\.cu:[0-9]+:[0-9]+: invalid access to in\+12000 by" "far read: named as in+12000"
    expect_in "$OUT" "out-of-bounds read from 'in' \(16 bytes\): 4 bytes at offset 12000" "far read: out of in"
    if printf '%s' "$OUT" | grep -q "default length"; then
        fail "far read: a buffer given with --arg has no default-length hint"
    fi
    # a buffer left at its default length is as long as the kernel needs,
    # and gpumc says it checked it longer ...
    printf '__global__ void k(int *a)\n{\n  int v = a[threadIdx.x + 1];\n  __syncthreads();\n  a[threadIdx.x] = v;\n}\n' >"$WORK/next.cu"
    run 0 "a default-length buffer read one past its end" -- --grid=1 --block=4 "$WORK/next.cu"
    expect_in "$ERR" "note: 'a' was checked with 32 elements: the kernel goes past its default length \(one element per global thread, 4\); give the length the program uses with --arg a=\[N\]" "default length: grown, and said"
    run 0 "the same with a type and no length" -- --grid=1 --block=4 --arg a=int "$WORK/next.cu"
    expect_in "$ERR" "note: 'a' was checked with 32 elements" "a type and no length: grown too"
    run 0 "the same with the length it needs" -- --grid=1 --block=4 --arg a=[5] "$WORK/next.cu"
    run 42 "the same with a length given too short" -- --grid=1 --block=4 --arg a=[4] "$WORK/next.cu"
    # a vector access that starts inside the grown buffer and ends past it grows it again
    printf '__global__ void k(const float *c, float *o)\n{\n  float4 v = *((const float4 *)(c + 4096) + threadIdx.x);\n  o[threadIdx.x] = v.w;\n}\n' >"$WORK/vec.cu"
    run 0 "a float4 read far past a default-length buffer" -- --grid=1 --block=1 "$WORK/vec.cu"
    expect_in "$ERR" "note: 'c' was checked with [0-9]+ elements" "a float4 far past: grown until it fits"
    run 42 "the same float4 with a length that ends inside it" -- --grid=1 --block=1 --arg c=[4098] "$WORK/vec.cu"
    expect_in "$OUT" "out-of-bounds read from 'c' \(16392 bytes\): [0-9]+ bytes at offset 1638[4-8]" "a float4 past a given length"
    printf '__kernel void k(global int *A) { A[get_global_id(0)] += 1; }\n' >"$WORK/neg.cl"
    # no launch size: one thread, and a note says so (not once a size is given)
    run 0 "a kernel given no launch size" -- "$WORK/neg.cl"
    expect_in "$ERR" "note: no launch size was given, so one work-group of one work-item was checked" \
        "no launch size: the note"
    run 0 "a kernel given a launch size" -- --local-size=2 "$WORK/neg.cl"
    grep -q "no launch size" "$ERR" && fail "a launch size given: no note"
    # values without a type in an int buffer may be negative (LLVM's integers are
    # signless: the list decides), and still have to fit the element
    run 0 "negative values in a buffer given no type" -- --local-size=2 --num-groups=1 \
        --arg 'A=[2]:-1,-1' --post 'A[0] == 0 && A[1] == 0' "$WORK/neg.cl"
    run 42 "negative values in a buffer given no type, read as written" -- --local-size=2 \
        --num-groups=1 --arg 'A=[2]:-1,-2' --post 'A[0] == 0 && A[1] == 0' "$WORK/neg.cl"
    run 17 "a negative list with a value past the signed range" -- --local-size=2 \
        --num-groups=1 --arg 'A=[2]:-1,4000000000' "$WORK/neg.cl"
    expect_in "$ERR" "'4000000000' does not fit in 4 bytes" "the value that does not fit is named"
    # an OpenCL __local buffer: one element per work-item of its work-group, grown alike
    printf '__kernel void k(__local int *t, __global int *o)\n{\n  t[get_local_id(0) * 2] = 1;\n  barrier(CLK_LOCAL_MEM_FENCE);\n  o[get_global_id(0)] = t[0];\n}\n' >"$WORK/ltwo.cl"
    run 0 "a default-length __local buffer written past its end" -- --local-size=2 --num-groups=2 \
        --post 'o[3] == 1' "$WORK/ltwo.cl"
    expect_in "$ERR" "note: 't' was checked with 16 elements: the kernel goes past its default length \(one element per work-group thread, 2\)" "__local default length: grown, and said"
    printf '__kernel void k(__local int *t, __global int *o)\n{\n  t[get_local_id(0) * 5000] = 1;\n  barrier(CLK_LOCAL_MEM_FENCE);\n  o[get_global_id(0)] = t[0];\n}\n' >"$WORK/lfar.cl"
    run 0 "a default-length __local buffer written far past its end" -- --local-size=2 --num-groups=2 \
        --post 'o[3] == 1' "$WORK/lfar.cl"
    expect_in "$ERR" "note: 't' was checked with 5001 elements" "__local, far: grown to the element touched"
    run 42 "the same __local buffer given a length" -- --local-size=2 --num-groups=2 --arg t=[2] \
        "$WORK/lfar.cl"
    expect_in "$OUT" "t@cta[01]\+20000" "__local, far: named by its offset in the buffer"
    run 42 "a __local buffer given a length is not grown" -- --local-size=2 --num-groups=2 \
        --arg t=[2] "$WORK/ltwo.cl"
    expect_in "$OUT" "invalid access to t@cta[01]\+8" "__local given a length: the memory error"
    # ... up to 256 MB: past that (or before the start) the access is an error, and says so
    run 42 "a default-length buffer written 400 MB past its start" -- --grid=1 --block=1 \
        --arg i=100000000 "$WORK/wild.cu"
    expect_in "$OUT" "out-of-bounds write to 'a' \(4 bytes\): 4 bytes at offset 400000000; 'a' has the default length, one element per global thread \(1\): give the length the kernel expects with --arg a=\[N\]" "default length: the hint"
    run 42 "a default-length buffer written before its start" -- --grid=1 --block=1 \
        --arg i=-4 "$WORK/wild.cu"
    printf '__global__ void k(int *a)\n{\n  int *p = 0;\n  if (threadIdx.x == 0) p = a;\n  p[0] = 1;\n}\n' >"$WORK/null.cu"
    run 42 "a null pointer store" -- --grid=1 --block=2 "$WORK/null.cu"
    expect_in "$OUT" "^Error detected: Memory error!$" "null store is a memory error"
    expect_in "$OUT" "null\.cu:5:[0-9]+: fault by \(block 0, thread 1\)" "null store: a fault at its line"
    expect_in "$OUT" "null pointer access" "null store says what it was"
    printf '__global__ void k(int *a, int d)\n{\n  a[threadIdx.x] = 10 / d;\n}\n' >"$WORK/div0.cu"
    run 42 "a division by zero" -- --grid=1 --block=1 --arg d=0 "$WORK/div0.cu"
    expect_in "$OUT" "div0\.cu:3:[0-9]+: fault by" "division by zero at its line"
    expect_in "$OUT" "integer division by zero" "division by zero names the operation"
    # non-finite and tiny float arguments are values like any other
    printf '__global__ void k(float *o, float f) { o[0] = f; }\n' >"$WORK/fl.cu"
    run 0 "--arg f=inf" -- --grid=1 --block=1 --arg f=inf --arg o=float[1] --post='o[0] > 3e38' "$WORK/fl.cu"
    run 0 "--arg f=-inf" -- --grid=1 --block=1 --arg f=-inf --arg o=float[1] --post='o[0] < -3e38' "$WORK/fl.cu"
    run 0 "--arg f=nan" -- --grid=1 --block=1 --arg f=nan --arg o=float[1] --post='o[0] != o[0]' "$WORK/fl.cu"
    run 0 "--arg f=1e-40" -- --grid=1 --block=1 --arg f=1e-40 --arg o=float[1] --post='o[0] > 0 && o[0] < 1e-39' "$WORK/fl.cu"
    # a loop that never ends is a finding, not a hang
    printf '__global__ void k(int *a) { while (1) atomicAdd(a, 1); }\n' >"$WORK/forever.cu"
    run 42 "a loop that never ends" -- --grid=1 --block=1 --max-events-per-thread=500 "$WORK/forever.cu"
    expect_in "$OUT" "^Error detected: Possible non-termination!$" "non-termination verdict"
    expect_in "$OUT" "  \.\.\. [0-9]+ more events \.\.\." "a long trace is cut"
    printf '__global__ void k(int *a) { for (unsigned i = 1; i; i++) if (i == 0xffffffffu) a[0] = 1; }\n' >"$WORK/private.cu"
    run 42 "a private loop past the iteration budget" -- --grid=1 --block=1 --max-events-per-thread=100 "$WORK/private.cu"
    expect_in "$OUT" "^Error detected: Possible non-termination!$" "private non-termination"
    run 17 "--max-events-per-thread=0" -- --grid=1 --block=1 --max-events-per-thread=0 "$WORK/forever.cu"
    # plain writes on shadow state in a loop that may wait: each iteration
    # counts against the event budget (not 1,000 times as many iterations)
    run 42 "a loop writing shared memory forever" -- --grid=1 --block=64 --max-events-per-thread=500 \
        "$KDIR/cuda/shadow_loop.cu"
    expect_in "$OUT" "ran past its event budget without finishing" "the writing loop meets the event budget"
    # a call gpumc has no definition for, that may touch memory, is reported at the call
    printf 'extern __device__ int helper(int *);\n__global__ void k(int *a) {\n  a[0] = helper(a);\n}\n' >"$WORK/extern.cu"
    run 5 "call of an undefined function" -- --grid=1 --block=1 "$WORK/extern.cu"
    expect_in "$ERR" "extern\.cu:3:[0-9]+: unsupported: call to 'helper'" "undefined call location"
    # one taking and returning no pointer returns 0, and the run says so
    printf 'extern __device__ int pick(int);\n__global__ void k(int *a) {\n  a[threadIdx.x] = pick(1);\n}\n' >"$WORK/pick.cu"
    run 0 "call of an undefined value function" -- --grid=1 --block=2 --post 'a[1] == 0' "$WORK/pick.cu"
    expect_in "$ERR" "note: functions without a definition \('pick'\) were checked as returning 0" \
        "the undefined function's note"
    # a struct passed by value is a pointer to a copy in the IR: not the kernel's memory
    printf 'struct s { int a; int b; };\n__device__ void log_pair(s x);\n__global__ void k(s *x) {\n  log_pair(x[threadIdx.x]);\n  x[threadIdx.x].b = 1;\n}\n' >"$WORK/byval.cu"
    run 0 "an undefined function taking a struct by value" -- --grid=1 --block=2 \
        --arg x=int[4] "$WORK/byval.cu"
    expect_in "$ERR" "note: functions without a definition \\('log_pair'\\)" "the by-value call's note"
    # clang's atomic builtins on _Float16 are binary16 adds rounded once; a
    # postcondition compares 16-bit floats by their bits.  Each thread adds
    # its own value (identical adds would be one order: comm.h)
    printf '__global__ void k(_Float16 *p, _Float16 *q) {\n  __atomic_fetch_add(p, (_Float16)(threadIdx.x + 1), __ATOMIC_RELAXED);\n  __atomic_fetch_sub(q, (_Float16)(0.5f * (threadIdx.x + 1)), __ATOMIC_RELAXED);\n}\n' >"$WORK/f16.cu"
    run 0 "atomic adds on _Float16" -- --grid=1 --block=3 --arg p=[1] --arg q=[1] \
        --post 'p[0] == 0x4600 && q[0] == 0xc200' "$WORK/f16.cu"
    count_is "$OUT" 36 0 "_Float16 adds: every order of each location"
    run 42 "a wrong _Float16 total" -- --grid=1 --block=3 --arg p=[1] --arg q=[1] \
        --post 'p[0] == 0x4400' "$WORK/f16.cu"
    # --arg p=0: a null pointer the kernel may test for; an access through it is a memory error
    printf '__global__ void k(float *out, const float *probs) {\n  out[threadIdx.x] = probs ? probs[threadIdx.x] : -1.0f;\n#ifdef DEREF\n  out[0] = probs[0];\n#endif\n}\n' >"$WORK/null.cu"
    run 0 "a null pointer argument" -- --grid=1 --block=2 --arg out=[2] --arg probs=nullptr \
        --post 'out[1] == -1' "$WORK/null.cu"
    run 42 "an access through a null pointer argument" -- --grid=1 --block=2 --arg out=[2] \
        --arg probs=0 "$WORK/null.cu" -- -DDEREF
    expect_in "$OUT" "null pointer access" "the null argument's memory error"
    # a run cut short while float adds took every order says what would shorten it
    printf '__global__ void k(float *s, const float *x) { atomicAdd(s, x[threadIdx.x]); }\n' \
        >"$WORK/fsum.cu"
    X='x=float[8]:0.1,0.2,0.3,0.4,0.5,0.6,0.7,1e-9' # (sums of 0s, or of halves, agree in every order)
    run 3 "float sum cut by --max-executions" -- --grid=1 --block=8 --arg s=[1] --arg "$X" \
        --max-executions=50 --post 's[0] > 0' "$WORK/fsum.cu"
    expect_in "$OUT" "^Verification incomplete: --max-executions=50 reached; every order of floating-point atomic adds whose sum is read was explored; --commute-float runs them in one order$" \
        "the --commute-float hint"
    run 0 "the same sum with --commute-float" -- --grid=1 --block=8 --arg s=[1] --arg "$X" \
        --max-executions=50 --commute-float --post 's[0] > 0' "$WORK/fsum.cu"
    count_is "$OUT" 1 0 "one order of the float adds"
    run 0 "a sum of zeros: every order agrees, one is explored" -- --grid=1 --block=8 --arg s=[1] \
        --arg x=[8] --max-executions=50 --post 's[0] == 0' "$WORK/fsum.cu"
    count_is "$OUT" 1 0 "one order of the float adds"
fi

if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all CLI checks passed"
