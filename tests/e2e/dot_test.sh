#!/usr/bin/env bash
# dot_test.sh -- --dump-error-graph writes the first error's execution graph
# as DOT, and Graphviz renders it to valid SVG.
#
#   dot_test.sh GPUMC KERNELS_DIR
#
# Exit 77 (a skip for CTest) when Graphviz's `dot` is not installed.
set -u
GPUMC=$1
KDIR=$2
command -v dot >/dev/null 2>&1 || { echo "SKIP: Graphviz (dot) is not installed"; exit 77; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpumc-dot.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GPUMC_CACHE_DIR=$WORK/cache
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# render NAME: NAME.dot -> NAME.svg, which must be well-formed SVG
render() {
    local g=$WORK/$1
    grep -q '^digraph' "$g.dot" || fail "$1.dot is not a digraph"
    dot -Tsvg "$g.dot" -o "$g.svg" 2>"$WORK/dot.err" || { fail "dot rejects $1.dot"; cat "$WORK/dot.err"; return; }
    python3 - "$g.svg" <<'PY' || fail "$1.svg is not valid SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
assert any(el.tag.endswith("}g") for el in root.iter()), "no drawing"
PY
    echo "ok   $1 renders"
}

"$GPUMC" -q --dump-error-graph="$WORK/race.dot" "$KDIR/harness/mp.c" -- -DCTA_SCOPE >"$WORK/out" 2>&1
[ $? -eq 42 ] || fail "racy harness: exit code"
[ -s "$WORK/race.dot" ] && render race || fail "no graph written for a race"
# The graph shows program order, reads-from and the racing events.
grep -q 'label=po' "$WORK/race.dot" || fail "no po edge"
grep -q 'label=rf' "$WORK/race.dot" || fail "no rf edge"
grep -q 'color=red' "$WORK/race.dot" || fail "racing events not highlighted"
# Only what explains it: the two racing threads from their last
# synchronisation, each node labelled with file:line:col and its source.
[ "$(grep -c 'subgraph cluster' "$WORK/race.dot")" -eq 2 ] || fail "not just the two racing threads"
[ "$(grep -c '\[label="[^"]*"' "$WORK/race.dot")" -le 6 ] || fail "more than 6 nodes: $(cat "$WORK/race.dot")"
grep -q 'label="W rel cta flag+0 = 1\\nmp\.c:[0-9]*:[0-9]*\\nstore_release(flag, 1)"' "$WORK/race.dot" ||
    fail "node labels lack file:line and source: $(cat "$WORK/race.dot")"
grep -q 'label="thread 1: gpu 0, cta (1,0,0), tid (0,0,0)"' "$WORK/race.dot" || fail "threads not named by coordinates"

# FILE.svg and FILE.png are rendered through Graphviz
"$GPUMC" -q --dump-error-graph="$WORK/race2.svg" "$KDIR/harness/mp.c" -- -DCTA_SCOPE >"$WORK/out" 2>&1
[ $? -eq 42 ] || fail "racy harness to SVG: exit code"
python3 - "$WORK/race2.svg" <<'PY' || fail "race2.svg is not the rendered graph"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
assert "store_release(flag, 1)" in open(sys.argv[1]).read()
PY
"$GPUMC" -q --dump-error-graph="$WORK/race3.png" "$KDIR/harness/mp.c" -- -DCTA_SCOPE >"$WORK/out" 2>&1
[ $? -eq 42 ] || fail "racy harness to PNG: exit code"
head -c 8 "$WORK/race3.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || fail "race3.png is no PNG"
ls "$WORK" | grep -q 'gpumc-tmp' && fail "a temporary DOT file was left behind"

"$GPUMC" -q --format=json --dump-error-graph="$WORK/assert.dot" "$KDIR/harness/barrier.c" -- -DNO_BARRIER >"$WORK/out" 2>&1
[ $? -eq 42 ] || fail "assertion harness: exit code"
python3 -m json.tool "$WORK/out" >/dev/null || fail "JSON report with --dump-error-graph"
[ -s "$WORK/assert.dot" ] && render assert || fail "no graph written for an assertion"

"$GPUMC" --dump-error-graph="$WORK/clean.dot" "$KDIR/harness/counter.c" >"$WORK/out" 2>"$WORK/err"
[ $? -eq 0 ] || fail "clean harness: exit code"
[ -e "$WORK/clean.dot" ] && fail "a graph was written for a clean run"
grep -q "no error was found, so no error graph was written" "$WORK/err" || fail "clean run: no note"

"$GPUMC" -q --dump-error-graph="$WORK/no/such/dir/g.dot" "$KDIR/harness/mp.c" -- -DCTA_SCOPE >"$WORK/out" 2>"$WORK/err"
[ $? -eq 17 ] || fail "unwritable graph file: expected exit 17"
grep -q "dump-error-graph=.*cannot write it" "$WORK/err" || fail "unwritable graph file: message"

if [ "$fails" -ne 0 ]; then
    echo "$fails check(s) failed"
    exit 1
fi
echo "all DOT checks passed"
