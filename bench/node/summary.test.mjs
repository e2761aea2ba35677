// The benchmark's summaries, not its timings: table.mjs --geomeans computes each ratio's
// geometric mean over maps, and median.mjs takes the median of several runs' means.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-bench-summary-'));
const run = (script, args) => execFileSync(process.execPath, [path.join(here, script), ...args], { encoding: 'utf8' });
const write = (name, text) => {
  const file = path.join(work, name);
  fs.writeFileSync(file, text);
  return file;
};

test('table.mjs writes the geometric mean of the per-map ratios', () => {
  const line = (map, runner, algorithm, mean) => JSON.stringify({ runner, map, algorithm, mean_us: mean, queries: 1, mismatches: 0 });
  // A* / Boost: 1/4 on map a, 2/2 on map b -> geometric mean sqrt(0.25 * 1) = 0.5.
  const native = write('native.jsonl', [line('a', 'native', 'astar', 1), line('a', 'native', 'boost', 4),
    line('b', 'native', 'astar', 2), line('b', 'native', 'boost', 2)].join('\n') + '\n');
  const out = path.join(work, 'geomeans.json');
  const table = run('table.mjs', ['--geomeans', out, native]);
  assert.match(table, /\| \*\*geometric mean\*\* \| \*\*0\.500\*\* \|/);
  const written = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.equal(written.maps, 2);
  const column = written.columns.find((c) => c.name === 'A* / Boost CSR');
  assert.ok(Math.abs(column.geomean - 0.5) < 1e-12);
});

test('median.mjs gives each run and the median, skipping runs without the figure', () => {
  const runFile = (i, astar, jps) => write(`run-${i}.json`, JSON.stringify({ maps: 13, columns: [
    { name: 'A* / Boost CSR', target: '<= 0.2', geomean: astar }, { name: 'JPS / Boost CSR', target: '<= 0.025', geomean: jps }] }));
  const files = [runFile(1, 0.3, 0.02), runFile(2, 0.2, null), runFile(3, 0.25, 0.03)];
  const out = run('median.mjs', files);
  assert.match(out, /\| A\* \/ Boost CSR \| 0\.300 \| 0\.200 \| 0\.250 \| \*\*0\.250\*\* \| <= 0\.2 \|/);
  assert.match(out, /\| JPS \/ Boost CSR \| 0\.020 \| – \| 0\.030 \| \*\*0\.025\*\* \| <= 0\.025 \|/);
});

test('median.mjs without files is an error', () => {
  assert.throws(() => execFileSync(process.execPath, [path.join(here, 'median.mjs')], { stdio: 'pipe' }), (e) => e.status === 2);
});
