// scripts/check_web.mjs: the page's modules have no import cycle and only store.js writes the
// document; and the check fails on a cycle and on each kind of write it is meant to catch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkWeb } from '../../scripts/check_web.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

function fixture(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-web-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test('web/js passes: no import cycle, only store.js writes the document', () => {
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
