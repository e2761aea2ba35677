// scripts/check_web.mjs: the page's modules have no import cycle, only store.js writes the
// document, only the modules of document/ read or write its encodings and no module types a copy of core's
// limits; and the check fails on each kind of problem it is meant to catch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkWeb, readLimits } from '../../scripts/check_web.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

function fixture(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-web-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('web/js passes: no import cycle, only store.js writes the document, encodings and limits in their place', () => {
  assert.deepEqual(checkWeb(path.join(repo, 'web/js')), []);
});

test('an import cycle is found, through a sub-folder too', () => {
  const dir = fixture({
    'a.js': "import { b } from './views/b.js';\nexport const a = 1;\n",
    'views/b.js': "import { c } from '../c.js';\nexport const b = c;\n",
    'c.js': "export { a } from './a.js';\nexport const c = 2;\n",
    'd.js': "import { a } from './a.js';\n",  // depends on the cycle, not in it
  });
  const problems = checkWeb(dir);
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0], /^import cycle: a\.js -> views\/b\.js -> c\.js -> a\.js$/);
});

test('writes to the page engine outside store.js are found; reads, store commands and other engines are not', () => {
  const dir = fixture({
    'store.js': 'export class Store { edit() { this.engine.setWall(1, 2); } }\n',
    'view.js': [
      'export function f(store, app) {',
      '  const e = store.engine;',
      '  e.setStart(3);',                       // alias of the page engine
      '  app.engine.begin();',                  // through a member chain
      '  this.store.engine.settings = {};',     // settings replaced
      '  store.setWall(1, 2);',                 // a store command: fine
      '  const n = e.costs()[0] + e.start();',  // reads: fine
      '  // e.setGoal(1) in a comment: fine',
      "  const s = 'engine.clear()';",         // in a string: fine
      '  const scratch = new store.engine.core.Engine();',
      '  scratch.begin(0, 0, 1, true, true, false);',  // another engine: fine
      '  return n + s;',
      '}',
    ].join('\n'),
  });
  const problems = checkWeb(dir);
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[0], /view\.js:3: e\.setStart\(\) writes the document outside store\.js/);
  assert.match(problems[1], /view\.js:4: app\.engine\.begin\(\)/);
  assert.match(problems[2], /view\.js:5: this\.store\.engine\.settings assigned outside store\.js/);
});

test('the document\'s encodings outside document/ are found: link coders, localStorage, sessionStorage', () => {
  const dir = fixture({
    'document/encodings.js': "import { encodeLinkText } from '../share.js';\nexport const link = (t) => encodeLinkText(t);\n",
    'document/storage.js': "export const save = (t) => localStorage.setItem('k', t);\n",  // the schema's folder: fine
    'share.js': 'export async function encodeLinkText(t) { return t; }\nexport async function decodeLinkText(t) { return t; }\n',
    'views/hint.js': "export const seen = () => localStorage.getItem('hint');\n",  // its own flag: fine
    'document.js': "export const keep = (t) => sessionStorage.setItem('k', t);\n",  // not in the folder
    'files.js': [
      "import { decodeLinkText } from './share.js';",
      'export function open(f) {',
      "  const saved = sessionStorage.getItem('x');",
      "  localStorage.setItem('astar', saved);",
      '  // localStorage in a comment: fine',
      '  return decodeLinkText(f);',
      '}',
    ].join('\n'),
  });
  const problems = checkWeb(dir, { limits: new Map() }).sort();
  assert.equal(problems.length, 5, problems.join('\n'));
  assert.match(problems[0], /document\.js:1: sessionStorage outside document\//);
  assert.match(problems[1], /files\.js:1: decodeLinkText outside document\//);
  assert.match(problems[2], /files\.js:3: sessionStorage outside document\//);
  assert.match(problems[3], /files\.js:4: localStorage outside document\//);
  assert.match(problems[4], /files\.js:6: decodeLinkText outside document\//);
});

test('globals are found: window, globalThis and self assigned outside main.js', () => {
  const dir = fixture({
    'main.js': 'window.playground = {};\n',  // the page's one handle: fine
    'agents/boot.js': [
      'export function install(app) {',
      '  window.agents = app;',
      '  if (window.agents === app) globalThis.x ??= 1;',
      '  self.y = 2;',
      '}',
    ].join('\n'),
  });
  const problems = checkWeb(dir, { limits: new Map() });
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[0], /boot\.js:2: window\.agents assigned/);
  assert.match(problems[1], /boot\.js:3: globalThis\.x assigned/);
  assert.match(problems[2], /boot\.js:4: self\.y assigned/);
});

test('numbers equal to core\'s limits (read from limits.h) are found, unless marked as not a limit', () => {
  const limits = readLimits();
  assert.equal(limits.get(4096), 'kMaxGridSide', 'limits.h is read');
  assert.equal(limits.get(1e6), 'kMaxWeight');
  assert.equal(limits.get(1e30), 'kMaxCost');
  const dir = fixture({
    'view.js': [
      'export function ok(w, x, cache) {',
      '  if (w < 1 || w > 1e6) return false;',          // core's weight range, typed
      '  if (x > 4095) return false;',                  // the largest coordinate, typed
      '  const big = 1_000_000;',                       // the same value written another way
      '  if (cache.size > 4096) cache.clear();  // not a limit: a cache size',
      "  const text = 'at most 4096';",                 // in a string: fine
      '  return w * 64 < 1e30 && big > 0 && text;',     // 64: too common to be a limit; 1e30 typed
      '}',
    ].join('\n'),
  });
  const problems = checkWeb(dir);
  assert.equal(problems.length, 4, problems.join('\n'));
  assert.match(problems[0], /view\.js:2: 1e6 is core's kMaxWeight: read it from engine\.registry\.limits/);
  assert.match(problems[1], /view\.js:3: 4095 is core's kMaxGridSide - 1/);
  assert.match(problems[2], /view\.js:4: 1_000_000 is core's kMaxWeight/);
  assert.match(problems[3], /view\.js:7: 1e30 is core's kMaxCost/);
});
