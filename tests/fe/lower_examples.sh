#!/bin/sh
# Check every frontend example with the launch in its "launch:" comment:
# each one's default variant has no error (exit 0).
#   lower_examples.sh GPUMC EXAMPLES
set -u
gpumc=$1 dir=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for f in "$dir"/*.cu "$dir"/*.cl "$dir"/*.c; do
    [ -f "$f" ] || continue
    args=$(sed -n 's|^// launch: *||p' "$f" | head -1)
    case "$args" in "("*) args="" ;; esac
    n=$((n + 1))
    # shellcheck disable=SC2086 # the launch line is a list of options
    "$gpumc" -q $args "$f" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL $f: exit $rc"; cat "$tmp/err" "$tmp/out"; fail=$((fail + 1)); continue
    fi
    grep -q "^No errors were detected\.$" "$tmp/out" || { echo "FAIL $f: no verdict line"; fail=$((fail + 1)); continue; }
    echo "ok $f"
done
echo "$((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
