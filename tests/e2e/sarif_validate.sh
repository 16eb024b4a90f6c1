#!/usr/bin/env bash
# sarif_validate.sh -- gpumc's SARIF output through a real SARIF validator:
# the SARIF Multitool's `validate` (npm package @microsoft/sarif-multitool,
# a self-contained .NET binary), which checks the SARIF 2.1.0 JSON schema
# and Microsoft's SARIF rules.  Fails on any error it reports and on any
# warning except the ones listed in ALLOWED below.
#
#   sarif_validate.sh GPUMC KERNELS_DIR CACHE_DIR UNIT_TEST HAVE_FRONTEND(0|1)
#
# The validator is looked up in $GPUMC_SARIF_MULTITOOL (a Sarif.Multitool
# binary), then in npm's global root (an `npm install -g`), then in
# CACHE_DIR; if it is in none of them it is installed into CACHE_DIR with
# npm.  Exit 77 (a skip for CTest) only when npm itself is missing; an
# install that fails is a failure.
set -u
GPUMC=$1
KDIR=$2
CACHE=$3
UNIT=$4
HAVE_FE=${5:-0}
PKG=@microsoft/sarif-multitool@5.7.0
REL=@microsoft/sarif-multitool-linux/Sarif.Multitool
# Warnings that are not defects of gpumc's output:
#   Warning_ProvideToolnformationUri: gpumc has no public web page to name.
ALLOWED='Warning_ProvideToolnformationUri'

find_tool() {
    if [ -n "${GPUMC_SARIF_MULTITOOL:-}" ] && [ -f "$GPUMC_SARIF_MULTITOOL" ]; then
        echo "$GPUMC_SARIF_MULTITOOL"
        return
    fi
    local root
    root=$(npm root -g 2>/dev/null)
    # npm nests the platform package under the global install.
    for cand in "$root/@microsoft/sarif-multitool/node_modules/$REL" "$root/$REL" \
        "$CACHE/node_modules/$REL"; do
        [ -f "$cand" ] && { echo "$cand"; return; }
    done
}

if ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: npm is not installed, so the SARIF Multitool cannot be either"
    exit 77
fi
TOOL=$(find_tool)
if [ -z "$TOOL" ]; then
    echo "installing $PKG into $CACHE"
    mkdir -p "$CACHE"
    npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error "$PKG" ||
        { echo "FAIL: npm install $PKG failed"; exit 1; }
    TOOL=$CACHE/node_modules/$REL
    [ -f "$TOOL" ] || { echo "FAIL: $PKG installed no $REL"; exit 1; }
fi
# npm may skip the package's postinstall `chmod u+x` (unapproved scripts).
[ -x "$TOOL" ] || chmod u+x "$TOOL" 2>/dev/null
# The validator needs no culture data; without this it wants libicu.
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
"$TOOL" --version >/dev/null 2>&1 || { echo "FAIL: $TOOL does not run on this machine"; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-sarif.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
H=$KDIR/harness
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# gen NAME EXPECTED_EXIT GPUMC-ARGS...: a SARIF log to validate
gen() {
    local name=$1 want=$2
    shift 2
    "$GPUMC" -q "$@" >"$WORK/logs/$name.sarif" 2>"$WORK/$name.err"
    local got=$?
    [ "$got" -eq "$want" ] || { fail "$name: exit $got, expected $want"; sed 's/^/    /' "$WORK/$name.err"; }
}
mkdir -p "$WORK/logs"
gen races 42 --format=sarif "$H/mp.c" -- -DCTA_SCOPE
gen clean 0 --format=sarif "$H/counter.c"
gen hetero-rmw 42 --format=sarif "$H/counter.c" -- -DCTA_SCOPE
gen assertion 42 --format=sarif "$H/barrier.c" -- -DNO_BARRIER
printf '#include "gpumc/harness.h"\nint gpumc_harness_setup(gpumc_setup *s) { return oops; }\n' >"$WORK/broken.c"
gen failure 5 --format=sarif "$WORK/broken.c"
gen incomplete 3 --format=sarif --max-executions=2 "$H/counter.c"
printf '{"kernels": [{"name": "bounded", "file": "%s"}, {"name": "counter", "file": "%s"}]}\n' \
    "$PWD/tests/e2e/data/bounded.c" "$PWD/$H/counter.c" >"$WORK/gate-incomplete.json"
gen gate-incomplete 3 check --config="$WORK/gate-incomplete.json" --format=sarif
gen sarif-file 42 --sarif="$WORK/logs/side.sarif" "$H/mp.c" -- -DCTA_SCOPE
rm -f "$WORK/logs/sarif-file.sarif" # that one is the text report
"$UNIT" "$WORK/logs/fix.sarif" >/dev/null || fail "sarif_unit_test"
if [ "$HAVE_FE" = 1 ]; then
    gen oob 42 --format=sarif --grid=2 --block=2 --arg in=int[4] --arg out=int[4] "$KDIR/cuda/oob.cu"
    gen divergence 42 --format=sarif --grid=1 --block=2 --arg in=int[2]:1,0 "$KDIR/cuda/divergence.cu"
    gen warp-misuse 42 --format=sarif --grid=1 --block=32 --arg 'out=int[2]' "$KDIR/cuda/warp_partial.cu" -- -DNOT_NAMED
    gen opencl 42 --format=sarif --num-groups=2 --local-size=1 "$KDIR/opencl/mp.cl" -- -DWG_SCOPE
    cat >"$WORK/gate.json" <<EOF
{"kernels": [
  {"name": "mp", "file": "$PWD/$KDIR/cuda/mp.cu", "grid": 2, "block": 1},
  {"name": "caslock-rel-rlx", "file": "$PWD/$KDIR/cuda/caslock.cu", "grid": 2, "block": 1,
   "compiler_args": ["-DREL_RLX"]}
]}
EOF
    gen gate 42 check --config="$WORK/gate.json" --format=sarif
fi
for f in "$WORK"/logs/*.sarif; do
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || fail "$(basename "$f") is not JSON"
done

"$TOOL" validate "$WORK"/logs/*.sarif -o "$WORK/validation.sarif" --quiet >"$WORK/validate.out" 2>&1 ||
    { fail "the validator failed to run"; cat "$WORK/validate.out"; }
python3 - "$WORK/validation.sarif" "$ALLOWED" <<'PY' || fail "the validator found problems (above)"
import json, sys
log = json.load(open(sys.argv[1]))
allowed = set(sys.argv[2].split())
bad = 0
for run in log["runs"]:
    for note in run.get("invocations", [{}])[0].get("toolExecutionNotifications", []):
        if note.get("level") == "error":
            print("validator error:", note["message"].get("text"))
            bad += 1
    for r in run.get("results", []):
        msg = r["message"]
        mid = msg.get("id", "")
        where = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] if r.get("locations") else "?"
        level = r.get("level", "warning")
        if level == "note" or (level == "warning" and mid in allowed):
            continue
        print("%s %s %s %s %s" % (level, r["ruleId"], mid, msg.get("arguments"), where))
        bad += 1
sys.exit(1 if bad else 0)
PY
echo "validated: $(cd "$WORK/logs" && ls | tr '\n' ' ')"
if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all SARIF logs are valid SARIF 2.1.0 ($("$TOOL" --version 2>&1 | head -1))"
