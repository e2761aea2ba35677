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
  assert.match(table, /\| \*\*geometric mean\*\* \| all \| \*\*0\.500\*\* \|/);
  const written = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.equal(written.maps, 2);
  const column = written.columns.find((c) => c.name === 'A* / Boost CSR');
  assert.ok(Math.abs(column.geomean - 0.5) < 1e-12);
});

test('table.mjs gives each size class its own geometric mean, and the preprocessing per map', () => {
  const line = (map, side, algorithm, mean, extra = {}) =>
    JSON.stringify({ runner: 'native', map, width: side, height: side, algorithm, mean_us: mean, queries: 1, mismatches: 0, ...extra });
  // Subgoal / Boost: small maps 1/2 and 1/8 (class mean 0.25), one 512² map 1/100, one 1024² map 1/400;
  // over all four maps (1/2 * 1/8 * 1/100 * 1/400)^(1/4) = 0.0354.
  const rows = [['s1', 100, 1, 2], ['s2', 256, 1, 8], ['m', 530, 1, 100], ['l', 1024, 1, 400]];
  const native = write('classes.jsonl', rows.flatMap(([map, side, ours, boost]) => [
    line(map, side, 'subgoal', ours, { preprocess_ms: side / 10, preprocess_bytes: 1048576 }), line(map, side, 'boost', boost)]).join('\n') + '\n');
  const out = path.join(work, 'classes.json');
  const table = run('table.mjs', ['--geomeans', out, native]);
  assert.match(table, /\| \*\*geometric mean\*\* \| all \| \*\*0\.035\*\* \|/);
  assert.match(table, /\| geometric mean, 2 maps \| ≤ 256² \| 0\.250 \|/);
  assert.match(table, /\| geometric mean, 1 map \| 512² \| 0\.010 \|/);
  assert.match(table, /\| geometric mean, 1 map \| 1024² \| 0\.0025 \|/);
  assert.match(table, /\| target \| 512² \| <= 0\.005 \|/);
  assert.match(table, /\| m \| 53\.0 \| 1\.00 \|/);
  const written = JSON.parse(fs.readFileSync(out, 'utf8'));
  const small = written.columns.find((c) => c.name === 'Subgoal / Boost CSR [≤ 256²]');
  assert.ok(Math.abs(small.geomean - 0.25) < 1e-12);
  assert.equal(written.columns.find((c) => c.name === 'Subgoal / Boost CSR [1024²]').target, '<= 0.005');
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
