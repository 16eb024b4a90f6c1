#!/usr/bin/env bash
# Builds gpumc and runs every test: the full suite on a normal build, then
# the engine's tests again under ASan+UBSan.  Installs missing Debian
# packages first.  Exit status 0 only if everything passed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/deps.sh
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs" -LE nightly
cmake -S . -B build-asan -DGPUMC_SANITIZE=ON -DGPUMC_FRONTEND=OFF -DCMAKE_BUILD_TYPE=Debug
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan --output-on-failure -j"$jobs" -L engine -LE "valgrind|nightly"
