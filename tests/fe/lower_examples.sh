#!/bin/sh
# Lower every frontend example with the launch in its "launch:" comment and
# compile the harness warning-free.  lower_examples.sh GPUMC_LOWER EXAMPLES INCLUDE
set -u
lower=$1 dir=$2 inc=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "$dir"/*.cu "$dir"/*.cl "$dir"/*.c; do
    [ -f "$f" ] || continue
    args=$(sed -n 's|^// launch: *||p' "$f" | head -1)
    case "$args" in "("*) args="" ;; esac
    # shellcheck disable=SC2086 # the launch line is a list of options
    if ! "$lower" $args "$f" > "$tmp/h.c" 2> "$tmp/err"; then
        echo "FAIL lower $f: $(cat "$tmp/err")"; fail=1; continue
    fi
    if ! cc -std=gnu11 -c -Wall -Wno-unused -Werror -I"$inc" "$tmp/h.c" -o "$tmp/h.o" \
            2> "$tmp/err"; then
        echo "FAIL compile $f:"; cat "$tmp/err"; fail=1; continue
    fi
    echo "ok $f"
done
exit $fail
