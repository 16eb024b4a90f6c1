#!/bin/sh
# Short libFuzzer run of the frontend: run_fuzz.sh FUZZER WORKDIR SEEDS
# New corpus entries and crash artifacts go to WORKDIR (build tree).
set -e
fuzzer=$1 work=$2 seeds=$3
mkdir -p "$work/corpus" "$work/artifacts"
exec "$fuzzer" "$work/corpus" "$seeds" -max_total_time=30 -timeout=20 \
    -rss_limit_mb=4096 -max_len=2048 -seed=1 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/"
