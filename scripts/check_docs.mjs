// Docs check, run by `make lint` (scripts/lint.sh, check `docs`): the project's documents stay
// reference for readers, not a lab notebook (issue 55). Dated runs belong to git history and
// CHANGELOG.md, which is exempt.
//  1. Each document in kDocs stays within its word ceiling. Words are whitespace-separated tokens
//     outside fenced code blocks (``` or ~~~), split as `wc -w` splits them: a table's `|`
//     separators and a link's address are tokens too. A ceiling is the document's size when it was
//     last cut to size plus about 15 %; bench/README.md's is 3,000 (issue 55). Raise one on
//     purpose, in kDocs, when a document has grown for a reason.
//  2. No Markdown heading (`#` to `######`, outside fenced code) carries a date or a commit: an ISO
//     date (2026-12-01), `commit <hex>` or `main <hex>` (7-40 hex digits), or a parenthesised hash
//     of 7-12 hex digits with at least one digit and one letter, e.g. (8b20c30).
//  3. Every docs/*.md and examples/**/README.md has a row in kDocs (a new page gets a ceiling).
// Usage: node scripts/check_docs.mjs [--root DIR] [FILE...]
//   --root DIR  check the documents of kDocs found under DIR instead of this checkout (a document
//               missing under DIR is skipped), e.g. a fixture tree
//   FILE...     check these files only, each as the document its path relative to the current
//               directory names (its ceiling when that path is in kDocs, its headings always)
// Exit 1 and one sentence per problem; 0 and a summary line when there is none.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Relative path -> word ceiling (1. above).
export const kDocs = new Map([
  ['README.md', 4200],
  ['CONTRIBUTING.md', 4550],
  ['bench/README.md', 3000],
  ['docs/algorithms.md', 8100],
  ['docs/architecture.md', 2500],
  ['docs/core-api.md', 1250],
  ['docs/learning.md', 2300],
  ['docs/lessons.md', 2100],
  ['docs/testing.md', 1500],
  ['packages/engine/README.md', 130],
]);
const kExempt = new Set(['CHANGELOG.md']);  // where dated entries belong

const kFence = /^ {0,3}(`{3,}|~{3,})/;
const kHeading = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const kDate = /\b\d{4}-\d{2}-\d{2}\b/;
const kCommit = /\b(?:commit|main)\s+[0-9a-f]{7,40}\b|\((?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}\)/i;

// The lines outside fenced code blocks: [{ line (1-based), text }]. A fence closes on a line of
// the same character, at least as long as the one that opened it.
export function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const m = kFence.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1].trim()) fence = null;
    } else if (m) {
      fence = m[1];
    } else {
      out.push({ line: i + 1, text: line });
    }
  });
  return out;
}

export function countWords(text) {
  return proseLines(text).reduce((n, { text: line }) => n + line.split(/\s+/).filter(Boolean).length, 0);
}

// One sentence per problem of one document (name: its relative path, shown in the sentences).
export function checkDocument(name, text, ceiling) {
  const problems = [];
  const words = countWords(text);
  if (ceiling !== undefined && words > ceiling) {
    problems.push(`${name}: ${words.toLocaleString('en-US')} words, over its ceiling of ${ceiling.toLocaleString('en-US')}`);
  }
  for (const { line, text: heading } of proseLines(text)) {
    if (!kHeading.test(heading)) continue;
    if (kDate.test(heading)) problems.push(`${name}:${line}: a dated heading: '${heading.trim()}'`);
    else if (kCommit.test(heading)) problems.push(`${name}:${line}: a per-commit heading: '${heading.trim()}'`);
  }
  return problems;
}

// The Markdown files that need a row in kDocs: docs/*.md and examples/**/README.md under root.
function pagesNeedingCeilings(root) {
  const found = [];
  const docs = path.join(root, 'docs');
  if (fs.existsSync(docs)) {
    for (const f of fs.readdirSync(docs)) if (f.endsWith('.md')) found.push(`docs/${f}`);
  }
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
      else if (entry.name === 'README.md') found.push(child);
    }
  };
  if (fs.existsSync(path.join(root, 'examples'))) walk('examples');
  return found.sort();
}

// Every problem of the documents under root; `checked` receives the names read.
export function checkDocs(root, checked = []) {
  const problems = [];
  for (const rel of pagesNeedingCeilings(root)) {
    if (!kDocs.has(rel)) problems.push(`${rel}: not in scripts/check_docs.mjs's table: give it a word ceiling there`);
  }
  for (const [rel, ceiling] of kDocs) {
    const file = path.join(root, rel);
    if (!fs.existsSync(file)) continue;
    checked.push(rel);
    problems.push(...checkDocument(rel, fs.readFileSync(file, 'utf8'), ceiling));
  }
  return problems;
}

// The given files, each named by its path relative to the current directory.
export function checkFiles(files, checked = []) {
  const problems = [];
  for (const f of files) {
    const rel = path.relative(process.cwd(), path.resolve(f)).split(path.sep).join('/');
    if (kExempt.has(rel)) continue;
    checked.push(rel);
    problems.push(...checkDocument(rel, fs.readFileSync(f, 'utf8'), kDocs.get(rel)));
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const at = args.indexOf('--root');
  if (at >= 0) {
    if (!args[at + 1]) {
      console.error('check_docs: --root needs a directory');
      process.exit(2);
    }
    root = path.resolve(args[at + 1]);
    args.splice(at, 2);
  }
  const checked = [];
  const problems = args.length ? checkFiles(args, checked) : checkDocs(root, checked);
  for (const p of problems) console.log(p);
  if (problems.length) process.exit(1);
  console.log(`check_docs: ${checked.length} documents within their word ceilings, no dated or per-commit heading`);
}
