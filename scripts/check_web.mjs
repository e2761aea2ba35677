// Structure checks of the page's modules (web/js), run by `make lint` (so by `make test`):
//  1. No import cycle: imports go one way (store -> views is by subscription, not by import).
//  2. Only store.js writes the document: no other module calls a mutating method of the page's
//     engine (engine.js's PlaygroundEngine) or assigns to its settings. An engine reference is
//     any expression ending in `engine` (store.engine, this.engine, app.engine) or a local name
//     bound to one (`const e = store.engine`, `const { engine } = ...`). Other wasm engines a
//     module makes for itself (compare's second engine, the warm-up's) are not the document.
//  3. Only the schema's modules (document/) read or write the document's encoded forms: they
//     alone call share.js's link-text coders and touch localStorage / sessionStorage
//     (views/hint.js and first_paint.js keep the "hint seen" flag there, views/view_switch.js and
//     first_paint.js the view this browser chose, lessons/lesson_progress.js the lessons this
//     browser finished, exercise/exercise_progress.js the exercise's place and best streak: none
//     is the document).
//  4. Numeric ranges come from core's limits (engine.registry.limits): no number in web/js's
//     code equals one of core/search/include/astar/limits.h's large limits (or one less), as a typed
//     copy of a range bound would. A number that only happens to be equal says so with a
//     `// not a limit: why` comment on its line.
//  5. No globals: only main.js assigns to window (window.playground, for tests and the console);
//     the optional modules get what they need from install(app, modules) (optional_modules.js).
// Usage: node scripts/check_web.mjs [dir]   (default web/js); exit 1 and one line per problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// PlaygroundEngine methods that change the map, the query, the settings or the search.
export const kMutators = ['setName', 'setStart', 'setGoal', 'loadText', 'newBlank', 'generate', 'setWall', 'setCost',
  'setEntryMask', 'setInspection', 'setWrap', 'setTopology', 'setDiagonal', 'setCostModel', 'addPortal', 'removePortal', 'setSettings',
  'begin', 'step', 'stepBack', 'run', 'clear', 'preprocess'];
const kWriters = new Set(['store.js', 'engine.js']);  // the store, and the engine's own definitions

const kSchemaFolder = 'document';  // web/js/document/: the schema, its encodings, the autosave
const kLinkCoders = ['encodeLinkText', 'decodeLinkText'];
const kStorageKeepers = new Set(['hint.js', 'first_paint.js', 'lesson_progress.js', 'view_switch.js', 'exercise_progress.js']);  // the hint's flag, lesson and exercise progress, the chosen view
const kLimitsHeader = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../core/search/include/astar/limits.h');

function listModules(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listModules(full));
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.mjs')) out.push(full);
  }
  return out;
}

// Comments and string contents blanked (same length), so patterns only see code.
function codeOnly(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g,
    (m) => (m.startsWith('/') ? m.replace(/[^\n]/g, ' ') : m[0] + ' '.repeat(Math.max(0, m.length - 2)) + m[m.length - 1]));
}

function importsOf(file, text) {
  const specs = [];
  const re = /(?:^|[;\n])\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.')) specs.push(path.resolve(path.dirname(file), spec));
  }
  return specs;
}

export function findCycles(graph) {
  const cycles = [], state = new Map(), stack = [];
  const visit = (n) => {
    state.set(n, 1);
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (!graph.has(m)) continue;
      if (state.get(m) === 1) cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

export function documentWrites(file, code) {
  const problems = [];
  const aliases = new Set();
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*[\w$.]*\bengine\b\s*[,;\n]/g)) aliases.add(m[1]);
  for (const m of code.matchAll(/[,{]\s*([A-Za-z_$][\w$]*)\s*=\s*[\w$.]*\.engine\s*[,;\n]/g)) aliases.add(m[1]);
  for (const m of code.matchAll(/\{[^}]*\bengine\b[^}]*\}\s*=/g)) if (!/engine\s*:/.test(m[0])) aliases.add('engine');
  const receiver = `(?:[\\w$.]*\\bengine|${[...aliases].map((a) => `\\b${a.replace(/\$/g, '\\$')}`).join('|') || '(?!)'})`;
  const call = new RegExp(`(${receiver})\\s*\\.\\s*(${kMutators.join('|')})\\s*\\(`, 'g');
  const assign = new RegExp(`(${receiver})\\s*\\.\\s*settings\\b(?:\\s*\\.\\s*[\\w$]+)?\\s*=(?!=)`, 'g');
  const lineOf = (i) => code.slice(0, i).split('\n').length;
  for (const m of code.matchAll(call)) problems.push(`${file}:${lineOf(m.index)}: ${m[1]}.${m[2]}() writes the document outside store.js`);
  for (const m of code.matchAll(assign)) problems.push(`${file}:${lineOf(m.index)}: ${m[1]}.settings assigned outside store.js`);
  return problems;
}

// 3: uses of the document's encodings outside the schema's folder. rel: the module's path
// from the checked folder (web/js), so only a module directly in its document/ is the schema's.
export function encodedFormUses(file, code, rel = file) {
  const problems = [], base = path.basename(file);
  const lineOf = (i) => code.slice(0, i).split('\n').length;
  const parts = rel.split(path.sep), inSchema = parts.length === 2 && parts[0] === kSchemaFolder;
  if (inSchema) return problems;
  if (base !== 'share.js') {
    for (const m of code.matchAll(new RegExp(`\\b(${kLinkCoders.join('|')})\\b`, 'g'))) {
      problems.push(`${file}:${lineOf(m.index)}: ${m[1]} outside ${kSchemaFolder}/ (links are the schema's encodings of a snapshot)`);
    }
  }
  if (!kStorageKeepers.has(base)) {
    for (const m of code.matchAll(/\b(localStorage|sessionStorage)\b/g)) {
      problems.push(`${file}:${lineOf(m.index)}: ${m[1]} outside ${kSchemaFolder}/ (the autosave is the schema's encoding of a snapshot)`);
    }
  }
  return problems;
}

// 5: assignments to window or globalThis outside main.js.
export function globalWrites(file, code) {
  if (path.basename(file) === 'main.js') return [];
  const lineOf = (i) => code.slice(0, i).split('\n').length;
  return [...code.matchAll(/\b(window|globalThis|self)\.([\w$]+)\s*(?:=(?!=)|\?\?=|\|\|=)/g)]
    .map((m) => `${file}:${lineOf(m.index)}: ${m[1]}.${m[2]} assigned: a global (main.js passes what a module needs to its install())`);
}

// core's limits as { value: name }: each `inline constexpr <type> kName = <number>;` of
// limits.h whose value is large enough (or small enough) not to be a common number, and one
// less for whole ones (a largest index).
export function readLimits(header = kLimitsHeader) {
  const out = new Map();
  const text = fs.readFileSync(header, 'utf8');
  for (const m of text.matchAll(/inline\s+constexpr\s+[\w:]+\s+(k\w+)\s*=\s*([0-9][\w.+-]*?)[uU]?\s*;/g)) {
    const value = Number(m[2]);
    if (!Number.isFinite(value) || !(Math.abs(value) >= 1000 || (value !== 0 && Math.abs(value) <= 1e-6))) continue;
    if (!out.has(value) || out.get(value).endsWith(' - 1')) out.set(value, m[1]);  // equal limits: the first named
    if (Number.isInteger(value) && !out.has(value - 1)) out.set(value - 1, `${m[1]} - 1`);
  }
  return out;
}

// 4: numbers in code equal to one of core's limits.
export function typedLimits(file, code, raw, limits) {
  const problems = [], lines = raw.split('\n');
  for (const m of code.matchAll(/(?<![\w$.])(0[xX][0-9a-fA-F_]+|(?:\d[\d_]*)?\.?\d+(?:[eE][+-]?\d+)?)(?![\w$])/g)) {
    const value = Number(m[1].replace(/_/g, ''));
    if (!limits.has(value)) continue;
    const line = code.slice(0, m.index).split('\n').length;
    if (/\/\/.*not a limit:/.test(lines[line - 1])) continue;
    problems.push(`${file}:${line}: ${m[1]} is core's ${limits.get(value)}: read it from engine.registry.limits`);
  }
  return problems;
}

export function checkWeb(dir, { limits = readLimits() } = {}) {
  const files = listModules(dir), graph = new Map(), problems = [];
  for (const file of files) {
    const raw = fs.readFileSync(file, 'utf8'), code = codeOnly(raw), name = path.relative(process.cwd(), file);
    graph.set(file, importsOf(file, raw).filter((f) => f !== file));
    if (!kWriters.has(path.basename(file))) problems.push(...documentWrites(name, code));
    problems.push(...encodedFormUses(name, code, path.relative(dir, file)), ...typedLimits(name, code, raw, limits), ...globalWrites(name, code));
  }
  for (const cycle of findCycles(graph)) {
    problems.push(`import cycle: ${cycle.map((f) => path.relative(dir, f)).join(' -> ')}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'web/js');
  const problems = checkWeb(dir);
  for (const p of problems) console.log(p);
  if (problems.length) process.exit(1);
  console.log(`check_web: ${listModules(dir).length} modules, no import cycle, only store.js writes the document, ` +
    'only document/ reads or writes its encodings, no typed copy of core\'s limits, no globals');
}
