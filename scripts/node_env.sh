# Sourced (never run) by every script that runs the project's JavaScript: scripts/setup.sh,
# test.sh, lint.sh, fuzz.sh, bench.sh and scripts/node (the command make and ctest call). The one
# place that decides which Node.js that is.
#
# The version is written once, in package.json: "engines": { "node": ">=X.Y.Z" }. A node on PATH
# at least that new is used as it is (a user's own newer Node); otherwise the pinned X.Y.Z, which
# scripts/setup.sh installs from the npm registry (the package node-linux-<arch> ships the
# official binary) into .tools/ (git-ignored). Debian 12's own nodejs is 18: too old for
# Playwright, ESLint 10 and Lighthouse 13. Emscripten keeps Debian's /usr/bin/node (its config
# names it) for its own tools.
#
# After `astar_use_node`, `node` (and npm's `#!/usr/bin/env node`) on PATH is the chosen one.

astar_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
astar_node_version="$(sed -n 's/^ *"node": *">=\([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\)".*/\1/p' "$astar_repo/package.json" | head -1)"

astar_node_arch() {
  case "$(uname -m)" in
    x86_64 | amd64) echo x64 ;;
    aarch64 | arm64) echo arm64 ;;
    *) return 1 ;;
  esac
}

# The npm package that carries the pinned binary, and the folder setup.sh installs it into.
astar_node_package() { echo "node-linux-$(astar_node_arch)@$astar_node_version"; }
astar_node_prefix() { echo "$astar_repo/.tools/node-$astar_node_version"; }
astar_pinned_node_bin() { echo "$(astar_node_prefix)/node_modules/node-linux-$(astar_node_arch)/bin"; }

# astar_node_new_enough BINARY: its version is at least the pinned one.
astar_node_new_enough() {
  local have
  have="$("$1" --version 2>/dev/null)" || return 1
  have="${have#v}"
  [ "$(printf '%s\n%s\n' "$astar_node_version" "$have" | sort -V | head -1)" = "$astar_node_version" ]
}

# Puts the chosen node first on PATH. Fails with a sentence when there is none yet.
astar_use_node() {
  if [ -z "$astar_node_version" ]; then
    echo "node_env.sh: package.json has no \"engines\": { \"node\": \">=X.Y.Z\" }" >&2
    return 1
  fi
  local system pinned
  system="$(command -v node 2>/dev/null || true)"
  if [ -n "$system" ] && astar_node_new_enough "$system"; then return 0; fi
  pinned="$(astar_pinned_node_bin 2>/dev/null || true)"
  if [ -n "$pinned" ] && [ -x "$pinned/node" ]; then
    export PATH="$pinned:$PATH"
    return 0
  fi
  echo "node_env.sh: Node.js $astar_node_version or newer is needed${system:+ (found $("$system" --version 2>/dev/null) at $system)};" \
    "run scripts/setup.sh (or make test / make serve), which installs it into .tools/" >&2
  return 1
}
