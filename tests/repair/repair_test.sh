#!/bin/sh
# repair_test.sh GPUMC ROOT -- gpumc --repair/--patch/--apply end to end:
# each case is repaired with the known minimum number of edits, the patch
# applies with `patch -p1 --dry-run` and `git apply --check`, and the
# patched copy checks clean.  Runs in ROOT (paths as a user gives them).
set -u
GPUMC=$1
cd "$2" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# case NAME EDITS FILE [launch options...] [-- compiler args]
case_() {
    name=$1 edits=$2 file=$3
    shift 3
    out=$("$GPUMC" --repair --patch="$T/$name.diff" "$file" "$@" 2>"$T/$name.err")
    rc=$?
    [ $rc -eq 42 ] || bad "$name: exit $rc, want 42 (the original's verdict)"
    grep -q "^gpumc: repair: $edits edit(s) remove every race (verified" "$T/$name.err" ||
        bad "$name: want $edits verified edit(s): $(cat "$T/$name.err")"
    echo "$out" | grep -q "Fix: $edits edit(s) in all; verified" ||
        bad "$name: the report shows no verified fix"
    n=$(grep -c '^+[^+]' "$T/$name.diff")
    [ "$n" -eq "$edits" ] || bad "$name: the diff adds or changes $n lines, want $edits"
    # apply to a copy of the tree's files
    w="$T/$name.w"
    mkdir -p "$w"
    for f in $(grep '^+++ b/' "$T/$name.diff" | sed 's|^+++ b/||') "$file"; do
        mkdir -p "$w/$(dirname "$f")"
        cp "$f" "$w/$f"
    done
    for f in $(dirname "$file")/*.h; do [ -f "$f" ] && cp "$f" "$w/$f"; done
    (cd "$w" && patch -p1 --dry-run -s < "$T/$name.diff" >/dev/null) ||
        bad "$name: patch -p1 --dry-run rejects the diff"
    (cd "$w" && git init -q . && git apply --check "$T/$name.diff") ||
        bad "$name: git apply --check rejects the diff"
    (cd "$w" && patch -p1 -s < "$T/$name.diff") || bad "$name: patch failed"
    (cd "$w" && "$GPUMC" -q "$file" "$@" >/dev/null 2>&1)
    rc=$?
    [ $rc -eq 0 ] || bad "$name: the patched file does not check clean (exit $rc)"
}

case_ caslock_cta 3 kernels/cuda/caslock.cu --grid=2 --block=1 -- -DCTA_SCOPE
case_ hetero_add 2 tests/repair/data/hetero_add.cu --grid=2 --block=1
case_ cl_mp_wg 1 kernels/opencl/mp.cl --global-size=2 --local-size=1 -- -DWG_SCOPE
case_ cl_mp_rel_rlx 1 kernels/opencl/mp.cl --global-size=2 --local-size=1 -- -DREL_RLX
case_ cl_mp_acq_rlx 1 kernels/opencl/mp.cl --global-size=2 --local-size=1 -- -DACQ_RLX
case_ scopedc_mp_wg 2 tests/repair/data/mp_wg.c
case_ plain_rmw 2 tests/repair/data/plain_rmw.cu --grid=2 --block=2
grep -q '^+    bins\[in\[i\] & 3\]++;$' "$T/plain_rmw.diff" && bad "plain_rmw: diff"
grep -q '^+    atomicAdd(&bins\[in\[i\] & 3\], 1);$' "$T/plain_rmw.diff" || bad "plain_rmw: bins not atomicAdd"
grep -q '^+        atomicAdd(&\*total, w);$' "$T/plain_rmw.diff" || bad "plain_rmw: total not atomicAdd"
case_ plain_rmw_cl 3 tests/repair/data/plain_rmw.cl --global-size=4 --local-size=2
for want in 'atomic_add(&n\[0\], 1);' 'atomic_dec(&left\[0\]);' 'atomic_or(&sum\[0\], bit);'; do
    grep -q "^+    $want\$" "$T/plain_rmw_cl.diff" || bad "plain_rmw_cl: no $want"
done
case_ reduce_nosync 2 tests/repair/data/reduce_nosync.cu --grid=1 --block=4
[ "$(grep -c '^+    __syncthreads();$' "$T/reduce_nosync.diff")" -eq 1 ] &&
    [ "$(grep -c '^+        __syncthreads();$' "$T/reduce_nosync.diff")" -eq 1 ] &&
    [ "$(grep -c '^-' "$T/reduce_nosync.diff")" -eq 1 ] || bad "reduce_nosync: $(cat "$T/reduce_nosync.diff")"
case_ reduce_nosync_cl 2 tests/repair/data/reduce_nosync.cl --global-size=4 --local-size=4
[ "$(grep -c '^+ *barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);$' "$T/reduce_nosync_cl.diff")" -eq 2 ] ||
    bad "reduce_nosync_cl: $(cat "$T/reduce_nosync_cl.diff")"
case_ nosync_loop 1 tests/repair/data/nosync_loop.cu --grid=1 --block=4
grep -q "verified by re-checking the patched program, 2 check(s)" "$T/nosync_loop.err" ||
    bad "nosync_loop: the barrier in the loop was not tried and refused first"
grep -A1 '^         s\[t\] = i; // the last write wins$' "$T/nosync_loop.diff" | grep -q '^     }$' ||
    bad "nosync_loop: the barrier is not after the loop: $(cat "$T/nosync_loop.diff")"
case_ last_block 2 tests/repair/data/last_block.cu --grid=2 --block=1
[ "$(grep -c '^+        __threadfence();$' "$T/last_block.diff")" -eq 2 ] ||
    bad "last_block: $(cat "$T/last_block.diff")"
grep -B1 '^+        __threadfence();$' "$T/last_block.diff" | grep -q '^         partial\[b\] = in\[b\];$' ||
    bad "last_block: no fence after the store"
# a long execution: the first block's ticket is in the middle of the trace,
# which the text report elides ("... N more events ...") but repair reads whole
case_ last_block_wide 2 tests/repair/data/last_block_wide.cu --grid=2 --block=64
grep -B1 '^+        __threadfence();$' "$T/last_block_wide.diff" | grep -q 'atomicInc(&count, gridDim.x);$' ||
    bad "last_block_wide: no fence after the ticket: $(cat "$T/last_block_wide.diff")"
"$GPUMC" -v --grid=2 --block=64 tests/repair/data/last_block_wide.cu >"$T/wide.out" 2>&1
grep -q '^    \.\.\. [0-9]* more events \.\.\.$' "$T/wide.out" ||
    bad "last_block_wide: the shown trace is not elided: $(grep -c . "$T/wide.out") lines"
"$GPUMC" -v --repair --grid=2 --block=64 tests/repair/data/last_block_wide.cu >"$T/wide_r.out" 2>&1
[ "$(grep -c '^    T[0-9]' "$T/wide_r.out")" -eq "$(grep -c '^    T[0-9]' "$T/wide.out")" ] ||
    bad "last_block_wide: a repairing run shows another number of trace lines"
case_ last_block_fenced 1 tests/repair/data/last_block.cu --grid=2 --block=1 -- -DFENCE
grep -B1 '^+        __threadfence();$' "$T/last_block_fenced.diff" | grep -q 'atomicInc(&count, gridDim.x);$' ||
    bad "last_block_fenced: the fence is not after the ticket: $(cat "$T/last_block_fenced.diff")"
# --repair=KINDS: only those kinds of edit
"$GPUMC" --repair=scope,order,barrier,atomic --grid=2 --block=1 tests/repair/data/last_block.cu >/dev/null 2>"$T/kinds.err"
grep -q "^gpumc: repair: no repair found: .*none of the kinds of edit --repair allows removes it" "$T/kinds.err" ||
    bad "--repair without fence: $(cat "$T/kinds.err")"
"$GPUMC" --repair=fence --grid=2 --block=1 tests/repair/data/last_block.cu >/dev/null 2>"$T/kinds.err"
grep -q "^gpumc: repair: 2 edit(s) remove every race (verified" "$T/kinds.err" || bad "--repair=fence: $(cat "$T/kinds.err")"
"$GPUMC" --repair=atomic --grid=2 --block=2 tests/repair/data/plain_rmw.cu >/dev/null 2>"$T/kinds.err"
grep -q "^gpumc: repair: 2 edit(s) remove every race (verified" "$T/kinds.err" || bad "--repair=atomic: $(cat "$T/kinds.err")"
"$GPUMC" --repair=scope,fences --grid=2 --block=1 tests/repair/data/last_block.cu >/dev/null 2>"$T/kinds.err"
[ $? -eq 17 ] && grep -q "unknown kind 'fences'" "$T/kinds.err" || bad "--repair=scope,fences: $(cat "$T/kinds.err")"
"$GPUMC" --repair --grid=1 --block=2 tests/repair/data/plain_rmw_loose.cu >/dev/null 2>"$T/loose.err"
[ $? -eq 42 ] || bad "plain_rmw_loose: exit code"
grep -q "^gpumc: repair: no repair found: data race .*plain_rmw_loose.cu:6 / .*plain_rmw_loose.cu:6: .*read-modify-write statements" "$T/loose.err" ||
    bad "plain_rmw_loose: $(cat "$T/loose.err")"
# a barrier that only some threads reach (inside `if (tid < n)`) is tried, diverges and is
# never proposed: no repair rather than an unverified edit that makes the kernel worse
printf '__global__ void del(unsigned *tab, const unsigned *keys, unsigned n)\n{\n  unsigned tid = threadIdx.x;\n  if (tid < n) {\n    unsigned key = keys[tid];\n    unsigned slot = key & 3;\n    while (true) {\n      if (tab[slot] == key) {\n        tab[slot] = 0;\n        return;\n      }\n      if (tab[slot] == 0)\n        return;\n      slot = (slot + 1) & 3;\n    }\n  }\n}\n' >"$T/del.cu"
(cd "$T" && "$GPUMC" --repair --grid=1 --block=4 --arg n=2 --arg 'tab=unsigned[4]:0,5,0,0' \
    --arg 'keys=unsigned[4]:5,5' del.cu >"$T/del.out" 2>"$T/del.err")
grep -q "^gpumc: repair: no repair found: no set of edits removes every race (the last edits tried: an inserted barrier is not reached by every thread of its block (barrier divergence)" "$T/del.err" ||
    bad "divergent barrier: $(cat "$T/del.err")"
grep -q "__syncthreads\|Fix:" "$T/del.out" && bad "divergent barrier: an edit is still shown: $(cat "$T/del.out")"
# two races with one reason: the reason is said once, after both (it is long)
printf '__global__ void k(int *a, int *b)\n{\n  a[0] = blockIdx.x;\n  b[0] = blockIdx.x + 1;\n}\n' >"$T/two.cu"
"$GPUMC" --repair --keep-going --grid=2 --block=1 "$T/two.cu" >/dev/null 2>"$T/two.err"
grep -q "^gpumc: repair: no repair found: data race .*two.cu:3 / .*two.cu:3, data race .*two.cu:4 / .*two.cu:4: no atomic or fence .*(other blocks, or no statement boundary in a function or loop body)$" "$T/two.err" ||
    bad "two races, one reason: $(cat "$T/two.err")"

# Patch paths: relative to the git work tree's root whatever path the input
# was given by (absolute, ../, from a subdirectory or from elsewhere), else
# to the working directory, else the file's base name; CRLF lines kept.
g="$T/repo"
mkdir -p "$g/src/sub" "$T/elsewhere"
printf '__global__ void count(int *c)\r\n{\r\n    atomicAdd_block(c, 1);\r\n}\r\n' >"$g/src/sub/k.cu"
(cd "$g" && git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm k)
# paths_case NAME DIR INPUT APPLY_IN WANT: gpumc run in DIR on INPUT names
# the file WANT in the diff, which applies in APPLY_IN
paths_case() {
    (cd "$2" && "$GPUMC" -q --patch="$T/$1.diff" --grid=2 --block=1 "$3" >/dev/null 2>&1)
    [ $? -eq 42 ] || bad "paths $1: exit code"
    got=$(sed -n 's|^+++ b/||p' "$T/$1.diff")
    [ "$got" = "$5" ] || bad "paths $1: the diff names '$got', want '$5'"
    grep -q "$(printf '^+    atomicAdd(c, 1);\r$')" "$T/$1.diff" || bad "paths $1: CRLF not kept"
    (cd "$4" && git apply --check "$T/$1.diff" 2>/dev/null) || bad "paths $1: git apply --check rejects it"
    (cd "$4" && patch -p1 --dry-run -s <"$T/$1.diff" >/dev/null) || bad "paths $1: patch -p1 rejects it"
}
paths_case abs "$T/elsewhere" "$g/src/sub/k.cu" "$g" src/sub/k.cu
paths_case sub "$g/src/sub" ../sub/k.cu "$g" src/sub/k.cu
paths_case root "$g" src/sub/k.cu "$g" src/sub/k.cu
rm -rf "$g/.git"
paths_case nogit_cwd "$g" src/sub/k.cu "$g" src/sub/k.cu
paths_case nogit_out "$T/elsewhere" "$g/src/sub/k.cu" "$g/src/sub" k.cu

# --apply: patches in place, keeps FILE.orig, still exits 42
a="$T/apply"
mkdir -p "$a"
cp tests/repair/data/hetero_add.cu "$a/"
(cd "$a" && "$GPUMC" -q --apply --grid=2 --block=1 hetero_add.cu >/dev/null)
[ $? -eq 42 ] || bad "apply: exit code"
cmp -s "$a/hetero_add.cu.orig" tests/repair/data/hetero_add.cu || bad "apply: no FILE.orig"
grep -q "atomicAdd(c, 1)" "$a/hetero_add.cu" || bad "apply: file not patched"
# without --apply the input is untouched
grep -q atomicAdd_block tests/repair/data/hetero_add.cu || bad "the input was modified"

[ $fails -eq 0 ] && echo "repair tests passed"
exit $fails
