// scripts/check_docs.mjs: the repository's documents pass (within their word ceilings, no dated
// or per-commit heading), and the check fails, exit 1 with one sentence per problem, on each
// fixture of tests/lint/docs_fixtures/ and on a bench/README.md over its ceiling written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countWords, kDocs } from '../../scripts/check_docs.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
const script = path.join(repo, 'scripts/check_docs.mjs');
const fixtures = path.join(repo, 'tests/lint/docs_fixtures');

// Runs the check as make lint does; { status, out } with stdout and stderr together.
function checkDocs(args, cwd = repo) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-docs-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

// A Markdown page of `words` prose words (ten to a line) after a title, and `codeWords` more in a
// fenced block, which the ceiling does not count.
function page(words, codeWords = 0) {
  const lines = ['# Benchmarks', ''];
  for (let n = 2; n < words; n += 10) lines.push(Array.from({ length: Math.min(10, words - n) }, () => 'word').join(' '));
  if (codeWords) lines.push('', '```sh', ...Array.from({ length: codeWords }, () => 'make bench'), '```');
  return lines.join('\n') + '\n';
}

test('the repository passes: every document within its ceiling, no dated or per-commit heading', () => {
  const { status, out } = checkDocs([]);
  assert.equal(status, 0, out);
  assert.match(out, /^check_docs: \d+ documents within their word ceilings, no dated or per-commit heading$/m);
  assert.equal(kDocs.get('bench/README.md'), 3000, "bench/README.md's ceiling is issue 55's 3,000 words");
});

test('a dated heading fails, and only the heading: dates in the text and in fenced code pass', () => {
  const { status, out } = checkDocs(['--root', path.join(fixtures, 'dated_heading')]);
  assert.equal(status, 1, out);
  assert.deepEqual(out.trim().split('\n'), ["docs/testing.md:9: a dated heading: '## Run of 2026-12-01'"]);
});

test('per-commit headings fail: commit <hash>, main <hash>, a parenthesised hash', () => {
  const { status, out } = checkDocs(['--root', path.join(fixtures, 'commit_heading')]);
  assert.equal(status, 1, out);
  assert.deepEqual(out.trim().split('\n'), [
    "docs/testing.md:5: a per-commit heading: '## Second run (commit f7e3505; machine loaded)'",
    "docs/testing.md:9: a per-commit heading: '### Idle run on main 4eeab41'",
    "docs/testing.md:13: a per-commit heading: '## Latest figures (8b20c30)'",
  ]);
});

test('bench/README.md over 3,000 words fails; words in fenced code do not count', () => {
  assert.equal(countWords(page(2990, 500)), 2990);
  assert.equal(checkDocs(['--root', tree({ 'bench/README.md': page(2990, 500) })]).status, 0);
  const { status, out } = checkDocs(['--root', tree({ 'bench/README.md': page(3412) })]);
  assert.equal(status, 1, out);
  assert.deepEqual(out.trim().split('\n'), ['bench/README.md: 3,412 words, over its ceiling of 3,000']);
});

test('FILEs are checked as the documents their paths name, from the current directory', () => {
  const dir = tree({ 'bench/README.md': page(3001), 'notes.md': '# Notes\n\n## Run of 2026-12-01\n' });
  const { status, out } = checkDocs(['bench/README.md', 'notes.md'], dir);
  assert.equal(status, 1, out);
  assert.deepEqual(out.trim().split('\n'), [
    'bench/README.md: 3,001 words, over its ceiling of 3,000',
    "notes.md:3: a dated heading: '## Run of 2026-12-01'",
  ]);
  // CHANGELOG.md is where dated entries belong.
  assert.equal(checkDocs(['CHANGELOG.md'], tree({ 'CHANGELOG.md': '# Changelog\n\n## 0.2.0 (2026-12-01)\n' })).status, 0);
});

test('a docs/ page without a ceiling in the table fails', () => {
  const { status, out } = checkDocs(['--root', tree({ 'docs/new-page.md': '# A new page\n' })]);
  assert.equal(status, 1, out);
  assert.deepEqual(out.trim().split('\n'), ["docs/new-page.md: not in scripts/check_docs.mjs's table: give it a word ceiling there"]);
});
