#!/usr/bin/env bash
# report_test.sh -- end-to-end tests of gpumc's reports and the CI gate:
# the text report (quoted source lines with a caret, explanations, -v
# traces), the JSON report against docs/gpumc-report.schema.json, the
# `gpumc check` gate with and without a baseline, and the progress line.
#
#   report_test.sh GPUMC KERNELS_DIR HAVE_FRONTEND(0|1)
#
# Run from the repository root.  Uses the pre-lowered harnesses unless the
# frontend is built.  Exit 0 when every check passed.
set -u
GPUMC=$1
KDIR=$2
HAVE_FE=${3:-0}
H=$KDIR/harness
HERE=$(cd "$(dirname "$0")" && pwd)
SCHEMA=$HERE/../../docs/gpumc-report.schema.json

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-report-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
fails=0
OUT=$WORK/out
ERR=$WORK/err

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok   $*"; }

# run EXPECTED_EXIT DESCRIPTION -- ARGS...
run() {
    local want=$1 what=$2
    shift 3
    "$GPUMC" "$@" >"$OUT" 2>"$ERR"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$what: exit $got, expected $want (gpumc $*)"
        sed 's/^/    stderr: /' "$ERR" | head -20
        sed 's/^/    stdout: /' "$OUT" | tail -20
        return 1
    fi
    ok "$what"
}

# expect_in FILE PATTERN DESCRIPTION (grep -E)
expect_in() {
    grep -Eq -- "$2" "$1" || { fail "$3: /$2/ not in $(basename "$1")"; sed 's/^/    /' "$1" | head -30; }
}
expect_not_in() {
    grep -Eq -- "$2" "$1" && { fail "$3: /$2/ in $(basename "$1")"; sed 's/^/    /' "$1" | head -30; }
}

# ---- text report: quotes, carets, explanations ------------------------------
run 42 "racy harness" -- --keep-going "$H/mp.c" -- -DCTA_SCOPE
expect_in "$OUT" '^  kernels/harness/mp\.c:44:5: write 1 to flag\+0 \(rel, cta\) by \(block 0, thread 0\)' "event line kept"
expect_in "$OUT" '^      44 \|     gpumc_store\(t, m->flag, 4, 1, GPUMC_REL, SCOPE, SRC_FLAG_W\);$' "source line quoted"
expect_in "$OUT" '^         \|     \^$' "caret under column 5"
expect_in "$OUT" '^      50 \| .*gpumc_load\(t, m->flag' "second access quoted"
expect_in "$OUT" '^         \|         \^$' "caret under column 9"
expect_in "$OUT" "^  Why: Block scope, which both accesses use, does not include the other access's thread: thread \(block 0, thread 0\) and thread \(block 1, thread 0\) are in different blocks; both accesses need device scope" "heterogeneous race explained"
expect_in "$OUT" '^  Why: Neither the write by \(block 0, thread 0\) nor the read by \(block 1, thread 0\) is atomic, and no release/acquire synchronisation or barrier orders them\.$' "data race explained"
expect_not_in "$OUT" 'Trace:' "no trace without -v when exploring on"
# First error fast (the default): one finding, with its trace.
run 42 "stop at the first error" -- "$H/mp.c" -- -DCTA_SCOPE
[ "$(grep -c '^Error [0-9]*:' "$OUT")" = 1 ] || fail "the default reported $(grep -c '^Error [0-9]*:' "$OUT") errors, expected 1"
expect_in "$OUT" '^  Trace:$' "the first error's trace without -v"
expect_in "$OUT" '^Exploration stopped at the first error \(--keep-going explores on and reports each distinct error\)\.$' "stop noted"
run 42 "-v adds the trace" -- -v "$H/mp.c" -- -DCTA_SCOPE
expect_in "$OUT" '^  Trace:$' "trace heading"
expect_in "$OUT" '^    T0\.1 W flag\+0 rel cta = 1 ' "trace event"
run 42 "hetero RMW race" -- "$H/counter.c" -- -DCTA_SCOPE
expect_in "$OUT" '^  Why: Block scope, which both accesses use' "RMW race explained"

# A stored pointer to a __shared__ array is named by the array, as a
# pointer to a buffer is (the kernel's address for it is no buffer's).
cat >"$WORK/shptr.cu" <<'EOF'
__global__ void k(int *out)
{
    __shared__ int buf[4];
    __shared__ int *p;
    p = buf + 1;
    __syncthreads();
    out[threadIdx.x] = p == buf + 1;
}
EOF
run 42 "a shared pointer stored by every thread" -- --block=2 --arg out=int[2] "$WORK/shptr.cu"
expect_in "$OUT" "shptr\\.cu:5:7: write &buf\\+4 to p@cta0\\+0 \\(na, sys\\)" "a pointer to a shared array by its name"

# A thread that returns early ends at its `return`, also when the return
# leaves a scope (clang's cleanup dispatch) or a loop.
cat >"$WORK/early.cu" <<'EOF'
__global__ void k(int *o, int n)
{
    int t = threadIdx.x;
    for (int i = 0; i < n; i++)
        if (o[i] == t)
            return;
    if (t > 2) return;
    __shared__ int s[8];
    s[t] = t;
    __syncthreads();
    o[t] = s[t];
}
EOF
run 42 "an early return in a loop" -- --block=4 --arg o=int[4]:9,1,9,9 --arg n=2 "$WORK/early.cu"
expect_in "$OUT" "early\\.cu:6:13: end by \\(block 0, thread 1\\)" "the return in the loop is where the thread ends"
run 42 "an early return out of a scope" -- --block=4 --arg o=int[4]:9,9,9,9 --arg n=2 "$WORK/early.cu"
expect_in "$OUT" "early\\.cu:7:16: end by \\(block 0, thread 3\\)" "the return before a scope's variable is where the thread ends"

# A struct copied far past a buffer is named by the buffer, as a store is.
cat >"$WORK/farcopy.cu" <<'EOF'
struct Pair { double lo, hi; };
__global__ void k(Pair *buf, Pair x) { buf[threadIdx.x + 4096] = x; }
EOF
run 42 "a struct copied past its buffer" -- --block=2 --arg x=1,2 --arg 'buf=[2]' "$WORK/farcopy.cu"
expect_in "$OUT" "invalid access to buf\\+65536 by" "a struct copy's address by its buffer"
expect_in "$OUT" "out-of-bounds write to 'buf' \\(32 bytes\\): 16 bytes at offset 65536" "a struct copy's bounds"

# A harness whose source table points at a file with tabs, and at one that
# does not exist: the caret keeps the tab; a missing file only loses quotes.
printf 'void k(int *p)\n{\n\t\tp[0] = 1;\n}\n' >"$WORK/tabs.cu"
cat >"$WORK/tabs.c" <<EOF
#include "gpumc/harness.h"
static const gpumc_srcloc srcs[] = {
    {"$WORK/tabs.cu", 3, 3, "p[0]"},
    {"$WORK/missing.cu", 7, 2, "p[0]"},
};
static void w0(gpumc_thread *t, void *p) { gpumc_store(t, p, 4, 1, GPUMC_NA, GPUMC_SCOPE_SYS, 0); }
static void w1(gpumc_thread *t, void *p) { gpumc_store(t, p, 4, 2, GPUMC_NA, GPUMC_SCOPE_SYS, 1); }
int gpumc_harness_setup(gpumc_setup *s)
{
    if (gpumc_sources(s, srcs, 2) < 0)
        return -1;
    int *p = gpumc_region(s, "p", sizeof(int), 0);
    gpumc_coord a = {0, 0, {0, 0, 0}, {0, 0, 0}}, b = {0, 0, {0, 0, 0}, {1, 0, 0}};
    if (!p || gpumc_thread_add(s, w0, p, &a) < 0 || gpumc_thread_add(s, w1, p, &b) < 0)
        return -1;
    return 0;
}
EOF
run 42 "tabs and a missing source file" -- "$WORK/tabs.c"
expect_in "$OUT" "$(printf '^       3 \\| \t\tp\\[0\\] = 1;$')" "line with tabs quoted"
expect_in "$OUT" "$(printf '^         \\| \t\t\\^$')" "caret after the tabs"
expect_in "$OUT" "missing\.cu:7:2: write 2 to p\+0" "event in a missing file"
expect_not_in "$OUT" '^       7 \|' "no quote from a missing file"
expect_in "$OUT" "^  Why: Neither the write by \(block 0, thread 0\) nor the write by \(block 0, thread 1\) is atomic" "same-block race explained"
tail -n 4 "$OUT" | head -1 | grep -q '^Error detected: Data race!$' || fail "closing lines after quotes"

# ---- JSON against its schema ---------------------------------------------------
schema_ok() { # FILE DESCRIPTION
    if python3 "$HERE/json_schema_check.py" "$SCHEMA" "$1" >"$WORK/schema.out" 2>&1; then
        ok "$2 matches the schema"
    else
        fail "$2 does not match docs/gpumc-report.schema.json"
        sed 's/^/    /' "$WORK/schema.out" | head -20
    fi
}
run 42 "JSON of races" -- --format=json "$H/mp.c" -- -DCTA_SCOPE && cp "$OUT" "$WORK/races.json"
schema_ok "$WORK/races.json" "JSON of races"
python3 - "$WORK/races.json" <<'PY' || fail "JSON explanation"
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"][0]
assert f["kind_id"] == "heterogeneous_race", f["kind_id"]
assert f["explanation"].startswith("Block scope, which both accesses use"), f["explanation"]
assert "fixes" not in f
PY
run 0 "JSON of a clean run" -- --format=json "$H/counter.c" && schema_ok "$OUT" "JSON of a clean run"
if [ -x "$(dirname "$GPUMC")/gpumc-lower" ]; then # barrier kinds a compiled kernel has
    run 42 "JSON of a split barrier's wait" -- --format=json --grid=1 --block=4 --arg out=int[4] \
        "$KDIR/cuda/barrier_split.cu" -- -DSKIP && schema_ok "$OUT" "JSON of a split barrier's wait"
    grep -q '"scope":.*"pthread-wait"' "$OUT" || fail "the wait's scope is pthread-wait"
fi
run 42 "JSON with -v" -- -v --format=json "$H/barrier.c" -- -DNO_BARRIER && schema_ok "$OUT" "JSON of an assertion"
run 3 "JSON with a limit" -- --format=json --max-executions=1 "$H/counter.c" && schema_ok "$OUT" "JSON of a limited run"
python3 - "$OUT" <<'PY' || fail "JSON of an incomplete run"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["status"] == "incomplete" and d["exit_code"] == 3, d
assert d["incomplete_reason"] == "--max-executions=1 reached", d["incomplete_reason"]
assert d["exploration"] == "limit" and d["verdict"] == "Verification incomplete", d
assert d["counts"]["complete"] == 1, d["counts"]
PY
python3 - "$WORK/races.json" <<'PY' || fail "JSON status of errors"
import json, sys
d = json.load(open(sys.argv[1]))
assert (d["status"], d["incomplete_reason"], d["exploration"]) == ("error", None, "stopped"), d
PY
run 0 "JSON of a verified run" -- --format=json "$H/counter.c"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert (d["status"], d["incomplete_reason"], d["exploration"], d["exit_code"]) == ("verified", None, "complete", 0), d' "$OUT" ||
    fail "JSON status of a verified run"
printf '#include "gpumc/harness.h"\nint gpumc_harness_setup(gpumc_setup *s) { return oops; }\n' >"$WORK/broken.c"
run 5 "JSON of an input error" -- --format=json "$WORK/broken.c" && schema_ok "$OUT" "JSON error object"
run 17 "JSON of a usage error" -- --format=json "$WORK/nonexistent.c" && schema_ok "$OUT" "JSON usage error object"
# The checker itself must catch a broken report.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["verdict"]; d["findings"][0]["kind"]="Race"; json.dump(d, open(sys.argv[2], "w"))' \
    "$WORK/races.json" "$WORK/broken.json"
python3 "$HERE/json_schema_check.py" "$SCHEMA" "$WORK/broken.json" >/dev/null 2>&1 &&
    fail "the schema check accepts a report without a verdict"
# ... and a status that contradicts the verdict.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["status"]="verified"; json.dump(d, open(sys.argv[2], "w"))' \
    "$WORK/races.json" "$WORK/broken.json"
python3 "$HERE/json_schema_check.py" "$SCHEMA" "$WORK/broken.json" >/dev/null 2>&1 &&
    fail "the schema check accepts status verified with exit code 42"

# ---- the CI gate ------------------------------------------------------------------
R=$PWD
cat >"$WORK/gate.json" <<EOF
{"description": "two kernels, one race",
 "kernels": [
  {"name": "counter", "file": "$R/$H/counter.c"},
  {"name": "mp-cta", "file": "$R/$H/mp.c", "compiler_args": ["-DCTA_SCOPE"]}
]}
EOF
run 42 "gate without a baseline fails on any error" -- check --config="$WORK/gate.json" --sarif="$WORK/baseline.sarif"
expect_in "$OUT" '^== \[1/2\] counter: ' "per-kernel heading"
expect_in "$OUT" '^No errors were detected\.$' "first kernel's report"
expect_in "$OUT" '^Error detected: Heterogeneous race!$' "second kernel's report"
expect_in "$OUT" '^gpumc check: 2 kernels, 2 errors, 0 warnings, 0 incomplete, 0 kernels could not be checked$' "gate summary"
expect_in "$OUT" '^  GPUMC002 kernels/harness/mp\.c:44 kernels/harness/mp\.c:50 \(mp-cta\)$' "gate lists the error"
expect_in "$OUT" '^gpumc check: FAILED \(exit 42\)$' "gate verdict"
python3 - "$WORK/baseline.sarif" <<'PY' || fail "gate SARIF content"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0" and len(log["runs"]) == 1
run = log["runs"][0]
ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
assert ids == ["GPUMC00%d" % i for i in range(1, 10)], ids
res = run["results"]
assert sorted(r["ruleId"] for r in res) == ["GPUMC001", "GPUMC002"], res
for r in res:
    assert r["properties"]["configuration"] == "mp-cta"
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "kernels/harness/mp.c", "uriBaseId": "SRCROOT"}, loc
    assert r["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] > 0
    assert "baselineState" not in r
assert run["invocations"][0]["exitCode"] == 42
assert run["invocations"][0]["executionSuccessful"] is True
PY
run 0 "gate with the same findings in the baseline passes" -- check --config="$WORK/gate.json" --baseline="$WORK/baseline.sarif" --sarif="$WORK/now.sarif"
expect_in "$OUT" '^gpumc check: 2 kernels, 2 errors \(0 new, 2 in the baseline\)' "baseline summary"
expect_in "$OUT" '^gpumc check: passed \(exit 0\)$' "gate passes"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; assert {x["baselineState"] for x in r} == {"unchanged"}, r' "$WORK/now.sarif" ||
    fail "baselineState unchanged"
# A new race: the counter with block-scope atomics (a second variant).
python3 - "$WORK/gate.json" "$WORK/gate-new.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
g["kernels"].append({"name": "counter-cta", "file": g["kernels"][0]["file"], "compiler_args": ["-DCTA_SCOPE"]})
json.dump(g, open(sys.argv[2], "w"))
PY
run 42 "gate fails on a new race" -- check --config="$WORK/gate-new.json" --baseline="$WORK/baseline.sarif" --sarif="$WORK/new.sarif"
expect_in "$OUT" '^gpumc check: 3 kernels, 3 errors \(1 new, 2 in the baseline\)' "new-race summary"
expect_in "$OUT" '^New errors \(not in the baseline\):$' "new errors heading"
expect_in "$OUT" '^  GPUMC002 kernels/harness/counter\.c:28 kernels/harness/counter\.c:28 \(counter-cta\)$' "new race listed"
python3 - "$WORK/new.sarif" <<'PY' || fail "baselineState new"
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
new = [x for x in r if x["baselineState"] == "new"]
assert len(new) == 1 and new[0]["properties"]["configuration"] == "counter-cta", new
PY
run 42 "--format=sarif puts the gate's log on stdout" -- check --config="$WORK/gate-new.json" --baseline="$WORK/baseline.sarif" --format=sarif
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$OUT" || fail "gate SARIF on stdout"
expect_in "$ERR" '^gpumc check: FAILED \(exit 42\)$' "summary on stderr with --format=sarif"
run 42 "-q options reach every kernel" -- check -q --races=stop --config="$WORK/gate.json"
expect_in "$OUT" 'Exploration stopped at the first error' "--races=stop applied"
# An incomplete kernel fails the gate (exit 3) unless the gate file allows it.
BOUNDED=$HERE/data/bounded.c
gate_inc() { # FILE TOP-LEVEL-KEYS BOUNDED-ENTRY-KEYS
    printf '{%s"kernels": [{"name": "bounded", "file": "%s"%s}, {"name": "counter", "file": "%s"}]}\n' \
        "$2" "$BOUNDED" "$3" "$R/$H/counter.c" >"$1"
}
gate_inc "$WORK/gate-inc.json" "" ""
run 3 "an incomplete kernel fails the gate" -- check --config="$WORK/gate-inc.json" --sarif="$WORK/inc.sarif"
expect_in "$OUT" '^gpumc check: 2 kernels, 0 errors, 1 warning, 1 incomplete \(0 allowed\), 0 kernels could not be checked$' "incomplete summary"
expect_in "$OUT" '^Incomplete \(not every execution explored\):$' "incomplete heading"
expect_in "$OUT" "^  bounded: the harness's loop bound cut some executions$" "incomplete kernel listed"
expect_in "$OUT" '^gpumc check: FAILED \(exit 3\)$' "incomplete gate verdict"
python3 - "$WORK/inc.sarif" <<'PY' || fail "incomplete kernel in the gate's SARIF"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is False and inv["exitCode"] == 3, inv
n = inv["toolExecutionNotifications"]
assert [x["message"]["text"] for x in n] == [
    "bounded: Verification incomplete: the harness's loop bound cut some executions; "
    "2 complete executions, no error among them."], n
assert n[0]["level"] == "warning" and n[0]["properties"]["exitCode"] == 3, n
PY
gate_inc "$WORK/gate-inc.json" '"allow_incomplete": true, ' ""
run 0 "allow_incomplete passes the gate" -- check --config="$WORK/gate-inc.json"
expect_in "$OUT" '^gpumc check: 2 kernels, 0 errors, 1 warning, 1 incomplete \(1 allowed\), 0 kernels could not be checked$' "allowed summary"
expect_in "$OUT" "^  bounded: the harness's loop bound cut some executions \(allowed\)$" "allowed kernel listed"
expect_in "$OUT" '^gpumc check: passed \(exit 0\)$' "allowed gate verdict"
run 0 "top-level allow_incomplete covers every entry" -- check --config="$WORK/gate-inc.json" --max-executions=2
expect_in "$OUT" '^gpumc check: 2 kernels, 0 errors, 1 warning, 2 incomplete \(2 allowed\), 0 kernels could not be checked$' "limit summary, all allowed"
gate_inc "$WORK/gate-inc.json" "" ', "allow_incomplete": true'
run 0 "allow_incomplete per entry" -- check --config="$WORK/gate-inc.json"
run 3 "an entry's allow_incomplete does not cover the others" -- check --config="$WORK/gate-inc.json" --max-executions=2
expect_in "$OUT" '^gpumc check: 2 kernels, 0 errors, 1 warning, 2 incomplete \(1 allowed\), 0 kernels could not be checked$' "limit summary"
expect_in "$OUT" '^  counter: --max-executions=2 reached$' "limited kernel listed"
gate_inc "$WORK/gate-inc.json" '"allow_incomplete": true, ' ', "allow_incomplete": false'
run 3 "an entry's allow_incomplete wins" -- check --config="$WORK/gate-inc.json"
gate_inc "$WORK/gate-inc.json" '"allow_incomplete": "yes", ' ""
run 17 "allow_incomplete must be a boolean" -- check --config="$WORK/gate-inc.json"
expect_in "$ERR" '"allow_incomplete" must be true or false' "allow_incomplete message"
gate_inc "$WORK/gate-inc.json" "" ', "allow_incomplete": 1'
run 17 "an entry's allow_incomplete must be a boolean" -- check --config="$WORK/gate-inc.json"
printf '{"kernels": [{"file": "%s"}, {"file": "%s", "compiler_args": ["-DCTA_SCOPE"]}]}\n' "$BOUNDED" "$R/$H/mp.c" >"$WORK/gate-inc.json"
run 42 "an error wins over an incomplete kernel in the gate" -- check --config="$WORK/gate-inc.json"
run 17 "--baseline refuses --stop-on-error" -- check --config="$WORK/gate.json" --baseline="$WORK/baseline.sarif" --stop-on-error
expect_in "$ERR" 'explores past the first error; drop --stop-on-error' "--baseline with --stop-on-error message"
# Entries are relative to the gate file; one that cannot be checked fails the gate.
mkdir -p "$WORK/sub/k" && cp "$H/counter.c" "$WORK/sub/k/c.c" && cp "$WORK/broken.c" "$WORK/sub/k/"
printf '{"kernels": [{"file": "k/c.c"}, {"file": "k/broken.c"}]}\n' >"$WORK/sub/gate.json"
run 5 "a kernel that does not compile fails the gate with 5" -- check --config="$WORK/sub/gate.json" --sarif="$WORK/fail.sarif"
expect_in "$OUT" "== \[1/2\] k/c\.c: $WORK/sub/k/c\.c ==" "entry path relative to the gate file"
expect_in "$OUT" '1 kernel could not be checked' "failure counted"
python3 - "$WORK/fail.sarif" <<'PY' || fail "failure recorded in SARIF"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
assert inv["executionSuccessful"] is False and inv["exitCode"] == 5, inv
n = inv["toolExecutionNotifications"]
assert len(n) == 1 and n[0]["message"]["text"].startswith("k/broken.c: "), n
PY
# Usage errors: 17, before anything runs.
run 17 "gate without --config" -- check
expect_in "$ERR" "gpumc check needs --config" "missing config message"
run 17 "gate with a FILE" -- check --config="$WORK/gate.json" "$H/mp.c"
run 17 "gate with launch options" -- check --config="$WORK/gate.json" --grid=2
run 17 "gate with --format=json" -- check --config="$WORK/gate.json" --format=json
run 17 "--baseline without check" -- --baseline="$WORK/baseline.sarif" "$H/mp.c"
run 17 "unreadable baseline" -- check --config="$WORK/gate.json" --baseline="$WORK/none.sarif"
echo '{"runs": 3}' >"$WORK/notsarif.json"
run 17 "baseline that is not SARIF" -- check --config="$WORK/gate.json" --baseline="$WORK/notsarif.json"
printf '{"kernels": []}\n' >"$WORK/empty.json"
run 17 "gate with no kernels" -- check --config="$WORK/empty.json"
printf '{"kernels": [{"file": "%s", "gird": 2}]}\n' "$R/$H/mp.c" >"$WORK/typo.json"
run 17 "gate entry with an unknown key" -- check --config="$WORK/typo.json"
expect_in "$ERR" 'kernels\[0\] \(.*mp\.c\): unknown key "gird"' "entry error names the entry"
printf '{"kernels": [{"file": "nope.cu"}]}\n' >"$WORK/nofile.json"
run 17 "gate entry whose file is missing" -- check --config="$WORK/nofile.json"
[ -e "$WORK/none.sarif" ] && fail "a failed gate wrote a baseline file"

# ---- --sarif next to a text report --------------------------------------------------
run 42 "--sarif=FILE with the text report" -- --sarif="$WORK/one.sarif" "$H/mp.c" -- -DCTA_SCOPE
expect_in "$OUT" '^Error detected: Heterogeneous race!$' "text report still on stdout"
python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["runs"][0]["results"]) == 1' "$WORK/one.sarif" ||
    fail "--sarif file content: the first error only"
run 42 "--sarif=FILE with --keep-going" -- --keep-going --sarif="$WORK/one.sarif" "$H/mp.c" -- -DCTA_SCOPE
python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["runs"][0]["results"]) == 2' "$WORK/one.sarif" ||
    fail "--sarif file content: every error with --keep-going"
run 17 "--sarif unwritable" -- --sarif="$WORK/no/dir/x.sarif" "$H/mp.c" -- -DCTA_SCOPE

# ---- the progress line ---------------------------------------------------------------
MANY="$HERE/data/many.c"
LIMIT=--max-executions=20000
run 3 "no progress line when stderr is not a terminal" -- "$LIMIT" "$MANY"
[ -s "$ERR" ] && fail "progress on a non-terminal: $(head -2 "$ERR")"
run 3 "--progress forces it" -- --progress "$LIMIT" "$MANY"
expect_in "$ERR" '^gpumc: [0-9]+ executions \([0-9]+ blocked\), [0-9]+ exec/s, [0-9]+\.[0-9]s, graph [0-9]+ events$' "progress line format"
# within one long execution too: the graph grows before any execution ends
run 0 "--progress in one long execution" -- --progress --max-events-per-thread=10000000 "$HERE/data/longexec.c" -- -DN=300000
expect_in "$ERR" '^gpumc: 0 executions \(0 blocked\), 0 exec/s, [0-9]+\.[0-9]s, graph [1-9][0-9]{4,} events$' "progress inside one execution"
run 3 "-q silences --progress" -- -q --progress "$LIMIT" "$MANY"
[ -s "$ERR" ] && fail "-q --progress printed: $(head -2 "$ERR")"
if command -v script >/dev/null 2>&1; then
    # On a terminal: drawn in place (\r ... \e[K) and erased at the end.
    script -qec "'$GPUMC' $LIMIT '$MANY' >/dev/null" /dev/null >"$WORK/tty" 2>&1 </dev/null
    python3 - "$WORK/tty" <<'PY' || fail "progress on a terminal"
import sys
t = open(sys.argv[1], "rb").read()
assert b"\rgpumc: " in t and b" exec/s, " in t, t[:200]
assert t.rstrip(b"\n").endswith(b"\r\x1b[K"), t[-40:]
PY
    script -qec "'$GPUMC' -q $LIMIT '$MANY' >/dev/null" /dev/null >"$WORK/tty" 2>&1 </dev/null
    [ -s "$WORK/tty" ] && fail "-q on a terminal printed: $(od -c "$WORK/tty" | head -3)"
    ok "progress on a terminal"
fi

# ---- with the frontend ------------------------------------------------------------------
if [ "$HAVE_FE" = 1 ]; then
    run 42 "OpenCL explanation" -- --global-size=2 --local-size=1 "$KDIR/opencl/mp.cl" -- -DWG_SCOPE
    expect_in "$OUT" "^  Why: Work-group scope, which both accesses use, does not include the other access's thread: work-item \(group 0, local 0\) and work-item \(group 1, local 0\) are in different work-groups; both accesses need device scope" "OpenCL explanation"
    expect_in "$OUT" '^      16 \|         atomic_store_explicit\(flag, 1, REL, SCOPE\);$' "OpenCL source quoted"
    # OpenCL's names for scopes; a non-atomic access has none
    expect_in "$OUT" '^  .*mp\.cl:16:9: write 1 to flag\+0 \(rel, work_group\) by \(group 0, local 0\)$' "OpenCL scope in an access"
    expect_in "$OUT" '^    T0\.0 W data\+0 na = 42  @ ' "OpenCL non-atomic access in the trace"
    expect_in "$OUT" '\(work_group scope of thread 0, work_group scope of thread 1\)' "OpenCL scopes in the message"
    # a wild pointer: no raw address (it differs from run to run)
    mkdir -p "$WORK/wild"
    printf '__global__ void wild(int *a, unsigned long addr)\n{\n    int *p = (int *)addr;\n    *p = a[0];\n}\n' >"$WORK/wild/wild.cu"
    run 42 "a wild pointer" -- --grid=1 --block=1 --arg addr=123456789 "$WORK/wild/wild.cu"
    expect_in "$OUT" '^  .*wild\.cu:4:8: invalid access to an address outside the buffers by \(block 0, thread 0\)$' "no raw address"
    # a header included as "./k.h" is spelt k.h, as when included as "k.h"
    mkdir -p "$WORK/dot"
    printf '__device__ void put(int *a) { a[0] = threadIdx.x; }\n' >"$WORK/dot/k.h"
    printf '#include "./k.h"\n__global__ void k(int *a) { put(a); }\n' >"$WORK/dot/k.cu"
    (cd "$WORK" && "$GPUMC" --grid=1 --block=2 ./dot/k.cu >"$OUT" 2>"$ERR")
    expect_in "$OUT" '^  dot/k\.h:1:36: write 0 to a\+0 \(na, sys\) by \(block 0, thread 0\)$' "no ./ in a path"
    # out of bounds through a helper's parameter: the message names the buffer too
    printf '__device__ __noinline__ double lap(const double c[][4][4], int z) { return c[z][0][0]; }\n__global__ void k(const double mu[][4][4], double *out) { out[threadIdx.x] = lap(mu, threadIdx.x + 100000000); }\n' >"$WORK/dot/lap.cu"
    run 42 "out of bounds through a helper's parameter" -- --grid=1 --block=2 "$WORK/dot/lap.cu"
    expect_in "$OUT" "^  out-of-bounds read from 'c' \(256 bytes\): 8 bytes at offset 12800000000, a pointer into 'mu'; 'mu' has the default length" "the buffer behind a helper's parameter"
    # a CUB collective specialised for another block shape: both shapes given
    run 42 "a CUB collective for another block shape" -- --grid=2 --block=8 --arg 'in=int[16]' --arg 'out=int[16]' --arg 'count=int[2]' --arg 'peak=int[2]' "$KDIR/cuda/cub_block.cu" -- -DTHREADS=4
    expect_in "$OUT" '^  assertion failed: the block is 8x1x1 but this CUB block collective is specialised for 4x1x1 \(CUB requires them to match: --block=4x1x1\)$' "the shapes of a CUB mismatch"
    run 42 "CUDA JSON" -- --format=json --grid=2 --block=2 --arg in=int[4] --arg out=int[4] "$KDIR/cuda/oob.cu" &&
        schema_ok "$OUT" "JSON of a memory error"
    run 42 "divergence JSON" -- --format=json --grid=1 --block=2 --arg 'in=int[2]:1,0' "$KDIR/cuda/divergence.cu" &&
        schema_ok "$OUT" "JSON of barrier divergence"
    # a thread's bytes of one statement, in a row, are one trace line with their value
    printf '__global__ void k(const char *in, char *out)\n{\n  __shared__ char s[16];\n  for (int i = 0; i < 8; i++)\n    s[threadIdx.x * 8 + i] = in[i] + i;\n  out[threadIdx.x] = s[(1 - threadIdx.x) * 8 + 3];\n}\n' >"$WORK/dot/bytes.cu"
    run 42 "byte writes in a row" -- --grid=1 --block=2 --arg in=char[8] --arg out=char[2] "$WORK/dot/bytes.cu"
    expect_in "$OUT" '^    T0\.[0-9]+-[0-9]+ W s@cta0\+0\.\.7 na sys = 0x0706050403020100 \(8 bytes\)  @ .*bytes\.cu:5:28$' "eight byte writes on one line"
    # an error found on inputs gpumc chose says they may be its cause; with all given, not
    run 42 "an error on a launch size gpumc chose" -- --arg in=int[1] --arg out=int[1] "$KDIR/cuda/oob.cu"
    expect_in "$OUT" "^Note: gpumc chose some of the inputs checked \(its notes name them\): the error may come from them" "chosen inputs: said under the error"
    run 42 "an error on inputs all given" -- --grid=2 --block=2 --arg in=int[4] --arg out=int[4] "$KDIR/cuda/oob.cu"
    grep -q "^Note: gpumc chose" "$OUT" && fail "inputs all given: no note of chosen inputs"
    # a buffer the kernel reads, given no --arg, is gpumc's zeros: named on stderr, and an
    # error then says the inputs may be its cause; one the kernel only writes is not named
    printf '__global__ void k(const int *idx, float *out)\n{\n  out[idx[threadIdx.x]] = 1.0f;\n}\n' >"$WORK/dot/gather.cu"
    run 42 "a race on zeros gpumc chose" -- --grid=1 --block=2 "$WORK/dot/gather.cu"
    expect_in "$ERR" "^gpumc: note: buffers the kernel reads were checked zero-filled, no values given \('idx'\); give the program's with --arg NAME=\[N\]:v0,v1,\.\.\.$" "zero-filled buffer named"
    expect_in "$OUT" "^Note: gpumc chose some of the inputs checked" "zero-filled buffer: chosen inputs said under the error"
    run 0 "the program's indices given" -- --grid=1 --block=2 --arg 'idx=int[2]:1,0' "$WORK/dot/gather.cu"
    expect_not_in "$ERR" "zero-filled" "a written-only buffer is not named"
    run 42 "zeros of a length given alone" -- --grid=1 --block=2 --arg 'idx=[2]' "$WORK/dot/gather.cu"
    expect_not_in "$ERR" "zero-filled" "a length given alone: the zeros are the user's"
    # a __constant__ table declared without an initialiser is the host's (cudaMemcpyToSymbol):
    # checked as zeros, it is named, and the race its real offsets make is not found; one
    # written `= {0, 0}` is the program's own, and one given with --arg is not gpumc's choice
    printf '__constant__ int offs[2];\n__constant__ int zero[2] = {0, 0};\n__global__ void k(int *a)\n{\n  a[threadIdx.x + offs[threadIdx.x] + zero[threadIdx.x]] += 1;\n}\n' >"$WORK/dot/offs.cu"
    run 0 "a __constant__ table the host fills, read as zeros" -- --grid=1 --block=2 --arg a=int[4] "$WORK/dot/offs.cu"
    expect_in "$ERR" "^gpumc: note: __constant__ variables without an initialiser were checked zero-filled, no values given \('offs'\); the host sets them \(cudaMemcpyToSymbol\)" "a host-filled __constant__ table named, one written as zeros not"
    run 42 "the table's contents given" -- --grid=1 --block=2 --arg a=int[4] --arg offs=1,0 "$WORK/dot/offs.cu"
    # a texture reference given no data reads gpumc's zeros, and is named as a buffer is
    run 0 "a texture reference read as zeros" -- --kernel=assign --grid=2 --block=4 --arg centers=3,3,1,1 \
        --arg nfeatures=2 --arg npoints=8 --arg ncenters=2 --arg membership=int[8] --arg moved=int[1] \
        "$KDIR/cuda/texture_ref.cu"
    expect_in "$ERR" "^gpumc: note: buffers the kernel reads were checked zero-filled, no values given \('features'\)" "a texture reference without data named"
    expect_not_in "$ERR" "__constant__ variables" "a __constant__ table given with --arg is not named"
    # a default buffer grown (an --arg of gpumc's, not the user's) is still named
    printf '__global__ void k(const int *in, int *out)\n{\n  out[threadIdx.x] = in[threadIdx.x + 2];\n}\n' >"$WORK/dot/shifted.cu"
    run 0 "a grown default buffer read" -- --grid=1 --block=2 "$WORK/dot/shifted.cu"
    expect_in "$ERR" "zero-filled, no values given \('in'\)" "a grown default buffer named"
    # a helper too big for LLVM's own inliner, called from two lines: each access names its call
    run 42 "a race inside a helper called twice" -- --grid=1 --block=64 --arg 'out=float[2]' "$KDIR/cuda/helper_calls.cu" -- -DRACE
    expect_in "$OUT" '^    in block_stats, called from spread \(kernels/cuda/helper_calls\.cu:37:13\)$' "the first call's line"
    expect_in "$OUT" '^    in block_stats, called from spread \(kernels/cuda/helper_calls\.cu:41:13\)$' "the second call's line"
    run 42 "warp-collective misuse JSON" -- --format=json --grid=1 --block=32 --arg 'out=int[2]' "$KDIR/cuda/warp_partial.cu" -- -DNOT_NAMED &&
        schema_ok "$OUT" "JSON of warp-collective misuse"
    expect_in "$OUT" '"kind_id":	"warp_collective_misuse"' "warp-collective misuse's kind id"
    run 0 "JSON of a run with a chosen argument" -- --format=json --grid=2 --block=2 "$KDIR/cuda/conv1d.cu" &&
        schema_ok "$OUT" "JSON with notes"
    expect_in "$OUT" '"notes":.*"kernel arguments without a value were checked as n=4 ' "JSON notes"
    run 0 "JSON without notes" -- --format=json --grid=2 --block=2 --arg n=4 --arg 'in=int[4]:1,2,3,4' "$KDIR/cuda/conv1d.cu"
    expect_in "$OUT" '"notes":	\[\]' "JSON: no notes"
    run 17 "JSON of an unknown argument" -- --format=json --grid=2 --block=2 --arg nosuch=1 "$KDIR/cuda/conv1d.cu" &&
        schema_ok "$OUT" "JSON of a frontend usage error"
    cat >"$WORK/cuda-gate.json" <<EOF
{"kernels": [
  {"name": "caslock", "file": "$R/$KDIR/cuda/caslock.cu", "grid": 2, "block": 1},
  {"name": "mp", "file": "$R/$KDIR/cuda/mp.cu", "grid": 2, "block": 1, "compiler_args": ["-DCTA_SCOPE"]}
]}
EOF
    run 42 "CUDA gate baseline" -- check --config="$WORK/cuda-gate.json" --sarif="$WORK/cuda-base.sarif"
    run 0 "CUDA gate against its baseline" -- check --config="$WORK/cuda-gate.json" --baseline="$WORK/cuda-base.sarif"
    sed 's/"grid": 2, "block": 1}/"grid": 2, "block": 1, "compiler_args": ["-DREL_RLX"]}/' "$WORK/cuda-gate.json" >"$WORK/cuda-new.json"
    run 42 "CUDA gate with a new race (caslock variant)" -- check --config="$WORK/cuda-new.json" --baseline="$WORK/cuda-base.sarif"
    expect_in "$OUT" '^  GPUMC001 kernels/cuda/caslock\.cu:[0-9]+ kernels/cuda/caslock\.cu:[0-9]+ \(caslock\)$' "new CUDA race listed"

    # Baselines by fingerprint: lines added above a known race keep it
    # known; editing its line or an old line-keyed baseline makes it new.
    fpk="$WORK/fp/src"
    mkdir -p "$fpk"
    printf '__device__ void bump(int *c)\n{\n    atomicAdd_block(c, 1);\n}\n__global__ void count(int *c)\n{\n    bump(c);\n}\n' >"$fpk/k.cu"
    printf '{"kernels": [{"name": "count", "file": "src/k.cu", "grid": 2, "block": 1}]}\n' >"$WORK/fp/gate.json"
    cd "$WORK/fp" || exit 1
    run 42 "fingerprint baseline" -- check --config="$WORK/fp/gate.json" --sarif="$WORK/fp/base.sarif"
    run 42 "JSON of the race" -- --format=json --grid=2 --block=1 "$fpk/k.cu"
    python3 - "$OUT" "$WORK/fp/base.sarif" <<'PY' || fail "fingerprint and function in JSON and SARIF"
import json, re, sys
f = json.load(open(sys.argv[1]))["findings"][0]
assert re.fullmatch(r"[0-9a-f]{16}", f["fingerprint"]), f
assert [e["function"] for e in f["events"]] == ["bump", "bump"], f["events"]
assert all(re.fullmatch(r"called from count \(.*src/k\.cu:7:5\)", e["called_from"]) for e in f["events"]), f["events"]
r = json.load(open(sys.argv[2]))["runs"][0]["results"][0]
assert r["partialFingerprints"]["gpumcFinding/v2"] == f["fingerprint"], (r, f)
assert r["locations"][0]["logicalLocations"] == [{"name": "bump", "kind": "function"}], r
# the call chain as a stack per access: the access in bump, then the call in count
for st in r["stacks"]:
    fr = [(f["location"]["physicalLocation"]["region"]["startLine"],
           f["location"]["logicalLocations"][0]["name"]) for f in st["frames"]]
    assert fr == [(3, "bump"), (7, "count")], st
assert len(r["stacks"]) == 2, r["stacks"]
PY
    schema_ok "$OUT" "JSON with fingerprint and function"
    run 42 "text report of a race in a helper" -- --grid=2 --block=1 src/k.cu
    expect_in "$OUT" '^    in bump, called from count \(src/k\.cu:7:5\)$' "the helper's call chain"
    # a float access's values read as floats, in the text and the JSON
    printf '__global__ void k(float *f, int *n)\n{\n    f[0] = 1.5f;\n    n[0] = -1;\n}\n' >"$WORK/fp/fl.cu"
    run 42 "a race on a float" -- --keep-going --grid=1 --block=2 --arg f=float[1] --arg n=int[1] "$WORK/fp/fl.cu"
    expect_in "$OUT" '^  .*fl\.cu:3:10: write 1\.5 to f\+0 \(na, sys\)' "a float written"
    expect_in "$OUT" '^  .*fl\.cu:4:10: write 4294967295 \(-1\) to n\+0' "an int written"
    run 42 "a race on a float, with its trace" -- --grid=1 --block=2 --arg f=float[1] --arg n=int[1] "$WORK/fp/fl.cu"
    expect_in "$OUT" 'W f\+0 na sys = 1\.5  @' "a float in the trace"
    # an atomicAdd's float (its value travels as bits) and a double's
    printf '__global__ void k(float *f, double *d)\n{\n    if (blockIdx.x == 0) { atomicAdd(f, 1.5f); atomicAdd(d, 0.25); }\n    else d[0] = f[0];\n}\n' >"$WORK/fp/fadd.cu"
    run 42 "a race on a float atomicAdd" -- --keep-going --grid=2 --block=1 --arg f=float[1] --arg d=double[1] "$WORK/fp/fadd.cu"
    expect_in "$OUT" '^  .*fadd\.cu:3:28: rmw-write 1\.5 to f\+0 \(rlx, gpu\)' "the float it adds"
    expect_in "$OUT" '^  .*fadd\.cu:3:48: rmw-write 0\.25 to d\+0 \(rlx, gpu\)' "the double it adds"
    # __half and __nv_bfloat16 buffers: their members move as 16-bit integers,
    # their values read as floats (as the parameter's type, or --arg's, says)
    printf '#include <cuda_bf16.h>\n#include <cuda_fp16.h>\n__global__ void k(__nv_bfloat16 *b, __half *h, const float *in)\n{\n    b[0] = __float2bfloat16(in[threadIdx.x]);\n    h[0] = __float2half(in[threadIdx.x]);\n}\n' >"$WORK/fp/f16.cu"
    run 42 "races on 16-bit floats" -- --keep-going --grid=1 --block=2 --arg 'in=float[2]:1.5,-2.25' "$WORK/fp/f16.cu"
    expect_in "$OUT" '^  .*f16\.cu:5:10: write -2\.25 to b\+0 \(na, sys\)' "a bfloat16 written"
    expect_in "$OUT" '^  .*f16\.cu:6:10: write 1\.5 to h\+0 \(na, sys\)' "a half written"
    printf '#include <cuda_bf16.h>\n__global__ void k(const float *in, float *out)\n{\n    __shared__ __nv_bfloat16 tile[4];\n    tile[0] = __float2bfloat16(in[threadIdx.x]);\n    __syncthreads();\n    out[threadIdx.x] = __bfloat162float(tile[0]);\n}\n' >"$WORK/fp/f16s.cu"
    run 42 "a race on a shared bfloat16 tile" -- --grid=1 --block=2 --arg 'in=float[2]:1.5,-2.25' "$WORK/fp/f16s.cu"
    expect_in "$OUT" '^  .*f16s\.cu:5:13: write (1\.5|-2\.25) to tile@cta0\+0 \(na, sys\)' "a shared bfloat16 written"
    run 42 "a 16-bit float buffer given as integers" -- --grid=1 --block=2 --arg 'in=float[2]:1.5,-2.25' --arg 'b=uint16_t[1]' "$WORK/fp/f16.cu"
    expect_in "$OUT" '^  .*f16\.cu:5:10: write 16320 to b\+0 \(na, sys\)' "its bits, as asked"
    # a shuffle's lanes give and take values: no internal buffer in the trace
    printf '__global__ void k(int *out)\n{\n    int v = threadIdx.x;\n    v += __shfl_down_sync(0xffffffff, v, 1);\n    out[0] = v;\n}\n' >"$WORK/fp/shfl.cu"
    run 42 "a race after a shuffle, with its trace" -- --grid=1 --block=4 "$WORK/fp/shfl.cu"
    expect_in "$OUT" '^    T1\.0 collective: gives 1  @ .*shfl\.cu:4:10$' "a lane gives its value"
    expect_in "$OUT" '^    T0\.2 collective: takes 1 \(from T1\.0\)  @ .*shfl\.cu:4:10$' "a lane takes its neighbour's"
    expect_not_in "$OUT" 'collective slots' "the exchange buffer's name"
    # a float or double moves as its bits: the trace shows the number
    printf '__global__ void k(float *out, double *d)\n{\n    float v = threadIdx.x * 0.5f;\n    double w = __shfl_xor_sync(0xffffffff, threadIdx.x * 0.25, 1);\n    v += __shfl_down_sync(0xffffffff, v, 1);\n    out[0] = v + (float)w;\n}\n' >"$WORK/fp/shflf.cu"
    run 42 "a race after float shuffles, with its trace" -- --grid=1 --block=2 "$WORK/fp/shflf.cu"
    expect_in "$OUT" '^    T1\.0 collective: gives 0\.25  @ .*shflf\.cu:4:16$' "a lane gives a double"
    expect_in "$OUT" '^    T0\.2 collective: takes 0\.25 \(from T1\.0\)  @ .*shflf\.cu:4:16$' "a lane takes a double"
    expect_in "$OUT" '^    T1\.4 collective: gives 0\.5  @ .*shflf\.cu:5:10$' "a lane gives a float"
    # GPUVerify's other thread: a pairwise assertion names the pair's other
    run 42 "a pairwise assertion (__other_int)" -- --global-size=16 --local-size=8 --arg out=int[2] "$R/$KDIR/opencl/gv_pairs.cl" -- -DSTRIDE=2
    expect_in "$OUT" '^  .*gv_pairs\.cl:33:5: assertion failed by \(group 0, local 0\)$' "the work-item that checked"
    expect_in "$OUT" '^  assertion failed: the other work-item being \(group 0, local 4\)$' "the other work-item it failed with"
    # a call made inside a block ({ } of an if): its function is still named
    printf 'void total(__global int *w, __global int *o) { o[0] = w[0] + w[1]; }\n__kernel void k(__global int *w, __global int *o)\n{\n    w[get_global_id(0)] = 1;\n    if (get_global_id(0) == 0) {\n        total(w, o);\n    }\n}\n' >"$WORK/fp/block.cl"
    run 42 "a helper called inside a block" -- --grid=1 --block=2 --arg w=int[2] --arg o=int[1] "$WORK/fp/block.cl"
    expect_in "$OUT" '^    in total, called from k \(.*block\.cl:6:9\)$' "the caller inside a block"
    # a thread's end is where its kernel returns: the `return` it took
    printf '__global__ void k(int *out)\n{\n    if (threadIdx.x == 1)\n        return;\n    __syncthreads();\n    out[threadIdx.x] = 1;\n}\n' >"$WORK/fp/ret.cu"
    run 42 "divergence by an early return" -- --grid=1 --block=2 "$WORK/fp/ret.cu"
    expect_in "$OUT" '^  .*ret\.cu:4:9: end by \(block 0, thread 1\)$' "the thread's end at its return"
    run 42 "divergence by skipping a barrier" -- --grid=1 --block=2 --arg in=int[2]:1,0 "$R/$KDIR/cuda/divergence.cu"
    expect_in "$OUT" '^  .*divergence\.cu:13:1: end by \(block 0, thread 1\)$' "the thread's end at the kernel's closing brace"
    # one statement reached through two call sites is one finding
    printf '__device__ void bump(int *c)\n{\n    atomicAdd_block(c, 1);\n}\n__global__ void count(int *c)\n{\n    if (threadIdx.x == 0)\n        bump(c);\n    else\n        bump(c + 0);\n}\n' >"$WORK/fp/two.cu"
    run 42 "a helper called from two sites" -- --keep-going --grid=2 --block=2 "$WORK/fp/two.cu"
    [ "$(grep -c '^Error [0-9]*: ' "$OUT")" -eq 1 ] || fail "one race per statement pair: $(grep '^Error' "$OUT")"
    [ "$(grep -c '^	\[L\.3	L\.3\]-\[WG,WG\]$' "$OUT")" -eq 1 ] || fail "one Races Detected line"
    printf '// a comment\n#include <cuda_runtime.h>\n\n' | cat - "$fpk/k.cu" >"$WORK/fp/moved.cu"
    sed 's/^    atomicAdd_block/        atomicAdd_block/' "$WORK/fp/moved.cu" >"$fpk/k.cu"
    run 0 "a race three lines down and re-indented stays known" -- check --config="$WORK/fp/gate.json" --baseline="$WORK/fp/base.sarif"
    expect_in "$OUT" '^gpumc check: 1 kernel, 1 error \(0 new, 1 in the baseline\)' "moved race is in the baseline"
    python3 - "$WORK/fp/base.sarif" "$WORK/fp/legacy.sarif" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
for r in log["runs"][0]["results"]:
    del r["partialFingerprints"]
json.dump(log, open(sys.argv[2], "w"))
PY
    run 42 "a baseline without fingerprints matches by line" -- check --config="$WORK/fp/gate.json" --baseline="$WORK/fp/legacy.sarif"
    expect_in "$OUT" '^  GPUMC002 src/k\.cu:6 src/k\.cu:6 \(count\)$' "moved race is new against a line-keyed baseline"
    sed -i 's/atomicAdd_block(c, 1)/atomicAdd_block(c, 2)/' "$fpk/k.cu"
    run 42 "an edited racing line is new" -- check --config="$WORK/fp/gate.json" --baseline="$WORK/fp/base.sarif"
    cd "$R" || exit 1
fi

if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all report checks passed"
