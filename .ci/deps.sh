#!/usr/bin/env bash
# Installs the Debian packages gpumc needs to build, run and test.
# Idempotent: does nothing when everything is already there.
set -euo pipefail
pkgs=(cmake make gcc clang-14 libclang-14-dev llvm-14-dev libz3-dev libcjson-dev
      pkg-config python3 valgrind libclang-rt-14-dev patch git graphviz
      openmpi-bin libopenmpi-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# SARIF validator used by the report tests (npm registry; skipped without npm).
if ! command -v npm >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm || true
fi
if command -v npm >/dev/null 2>&1; then
  npm ls -g @microsoft/sarif-multitool >/dev/null 2>&1 ||
    npm install -g --no-audit --no-fund @microsoft/sarif-multitool@5.7.0 >/dev/null 2>&1 || true
  # npm skips the package's install script, which would make the tool executable
  tool="$(npm root -g)/@microsoft/sarif-multitool/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
  [ -f "$tool" ] && chmod u+x "$tool"
fi
exit 0
