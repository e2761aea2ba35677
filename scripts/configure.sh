#!/usr/bin/env bash
# cmake --preset PRESET, from a fresh cache when build-asan was configured with another compiler
# than the asan preset's clang++-14 (it used g++ before): CMake would otherwise drop the old cache,
# the preset's variables with it, and build build-asan without the sanitizers.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=$1
fresh=()
if [ "$preset" = asan ] && [ -f build-asan/CMakeCache.txt ] \
  && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-14$' build-asan/CMakeCache.txt; then
  echo "configure.sh: build-asan was configured with another compiler; configuring it afresh with clang++-14"
  fresh=(--fresh)
fi
exec cmake --preset "$preset" "${fresh[@]}"
