// The CLI's search switches reach the engine the same way the page's settings do: for each
// switch (--no-portal-aware, --no-wrap-aware, --weight, --reopen), the native `astar` tool's
// JSON (compare, scen, bench) and the wasm Engine (begin(algorithm, heuristic, weight,
// wrapAware, portalAware)) run the same map and settings and must report the same cost and
// expansions. Each case also checks that the switch changes the expansions, so a switch that
// both sides ignored could not pass.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from './support.mjs';

const cli = process.env.ASTAR_CLI;
const skip = !cli || !fs.existsSync(cli) ? 'ASTAR_CLI (the native astar tool) is not set' : false;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mapsDir = process.env.ASTAR_MAPS_DIR || path.join(repo, 'maps');
const kOctile = 3;
const kWeightedAStar = 1;

let core;
let tmp;
before(async () => {
  core = await loadCore();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-switches-'));
});
after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// The maps of tools/astar/cli_test.sh's `switches` case: a portal into a walled-off pocket
// beside the goal, and an x-wrap whose seam column is all wall. In both, the aware heuristic is
// lower (admissible, less informed): more expansions, the same optimal cost.
const grid7 = (rows) => `grid:\n${rows.join('\n')}\n`;
const portalMap = 'astar-map 1\nsize: 24 x 7\nterrain: . 1\nterrain: # wall\nstart: 1 3\ngoal: 22 4\nportal: 2 3 -> 21 0 1\n' +
  grid7(['...................#....', '...................#####', '...........#............', '...........#............',
    '...........#............', '........................', '........................']);
const wrapMap = 'astar-map 1\nsize: 24 x 7\nwrap: x\nterrain: . 1\nterrain: # wall\nstart: 2 3\ngoal: 21 1\n' +
  grid7(['#.......................', '#.......................', '#..........#............', '#..........#............',
    '#..........#............', '#.......................', '#.......................']);

function writeMap(name, text) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

// JSON lines of an astar command.
function astarJson(args) {
  let out;
  try {
    out = execFileSync(cli, args, { encoding: 'utf8' });
  } catch (e) {
    if (e.status !== 1) throw e;  // 1: a mismatch or no path, still with its JSON
    out = e.stdout;
  }
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

// Runs one search on the engine's loaded map (its start and goal, or the given cells).
function wasmSearch(e, algorithm, { weight = 1, wrapAware = true, portalAware = true, reopen = false } = {}) {
  const status = e.begin(algorithm, kOctile, weight, wrapAware, portalAware, reopen);
  assert.notEqual(status, 4, `begin: ${e.message()}`);
  e.run();
  const s = e.stats();
  return { status: e.status(), cost: s.pathCost, expanded: s.expanded, reopened: s.reopened };
}

function withMap(text, fileName, body) {
  const e = new core.Engine();
  try {
    assert.equal(e.loadMap(text, fileName), '', `loadMap ${fileName}`);
    return body(e);
  } finally {
    e.delete();
  }
}

// compare --json (every algorithm) against the engine, with the CLI switches `args` and the
// engine settings `settings`; returns the A* rows' expansions for the "changed" check.
function compareAgainstWasm(mapFile, mapText, args, settings) {
  const all = astarJson(['compare', mapFile, '--json', '--repeat', '1', ...args]);
  // compare runs every planner of the registry; the search loop's are checked against the engine.
  assert.deepEqual(all.map((r) => r.algorithm), core.registry().planners.map((p) => p.name), 'compare prints one line per planner');
  const names = core.registry().algorithms.map((a) => a.name);
  const rows = all.filter((r) => names.includes(r.algorithm));
  assert.equal(rows.length, names.length, 'every algorithm of the search loop is a planner');
  return withMap(mapText, path.basename(mapFile), (e) => {
    const expanded = {};
    for (const row of rows) {
      const algorithm = names.indexOf(row.algorithm);
      assert.ok(algorithm >= 0, row.algorithm);
      const weight = settings.weight ?? 1.5;  // compare runs weighted A* at 1.5 unless --weight
      const w = wasmSearch(e, algorithm, { ...settings, weight: algorithm === kWeightedAStar ? weight : 1 });
      const what = `${path.basename(mapFile)} ${args.join(' ') || '(defaults)'} ${row.algorithm}`;
      assert.equal(row.status, 'found', what);
      assert.ok(Math.abs(row.cost - w.cost) <= 1e-9 * Math.max(1, w.cost), `${what}: cost CLI ${row.cost}, wasm ${w.cost}`);
      assert.equal(row.expanded, w.expanded, `${what}: expanded`);
      assert.equal(row.reopened, w.reopened, `${what}: reopened`);
      expanded[row.algorithm] = row.expanded;
    }
    return expanded;
  });
}

test('--no-portal-aware: compare --json and the wasm engine agree, and the switch changes A*', { skip }, () => {
  const file = writeMap('portal.map.txt', portalMap);
  const on = compareAgainstWasm(file, portalMap, [], {});
  const off = compareAgainstWasm(file, portalMap, ['--no-portal-aware'], { portalAware: false });
  assert.notEqual(on.astar, off.astar, `A* expanded ${on.astar} either way`);
});

test('--no-wrap-aware: compare --json and the wasm engine agree, and the switch changes A*', { skip }, () => {
  const file = writeMap('wrap.map.txt', wrapMap);
  const on = compareAgainstWasm(file, wrapMap, [], {});
  const off = compareAgainstWasm(file, wrapMap, ['--no-wrap-aware'], { wrapAware: false });
  assert.notEqual(on.astar, off.astar, `A* expanded ${on.astar} either way`);
});

test('--weight: compare --json and the wasm engine agree, and weight 3 changes weighted A*', { skip }, () => {
  const file = path.join(mapsDir, 'water_vs_ground.map.txt');
  const text = fs.readFileSync(file, 'utf8');
  const base = compareAgainstWasm(file, text, [], {});
  const heavy = compareAgainstWasm(file, text, ['--weight', '3'], { weight: 3 });
  assert.notEqual(base['weighted-astar'], heavy['weighted-astar']);
});

// The rows of a Moving AI scenario file: start and goal cells by row index.
function scenarioRows(file, width) {
  return fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l && !l.startsWith('version'))
    .map((l) => l.split('\t')).map((f) => ({ start: +f[5] * width + +f[4], goal: +f[7] * width + +f[6] }));
}

test('--weight on scen and bench: per-row cost and expansions (scen) and mean expansions (bench) match the engine', { skip }, () => {
  const scen = path.join(mapsDir, 'random128-25-7.map.scen');
  const mapFile = path.join(mapsDir, 'random128-25-7.map');
  const mapText = fs.readFileSync(mapFile, 'utf8');
  const totals = {};
  for (const weight of [1.5, 3]) {
    const lines = astarJson(['scen', scen, '--algorithm', 'weighted-astar', '--weight', String(weight), '--json']);
    const summary = lines.pop();
    assert.equal(summary.weight, weight);
    const bench = astarJson(['bench', scen, '--json', '--warmup-ms', '0', '--algorithms', 'weighted-astar', '--weight', String(weight)]);
    withMap(mapText, 'random128-25-7.map', (e) => {
      const rows = scenarioRows(scen, e.width());
      assert.equal(lines.length, rows.length);
      let sum = 0;
      for (const line of lines) {
        e.setStart(rows[line.row].start);
        e.setGoal(rows[line.row].goal);
        const w = wasmSearch(e, kWeightedAStar, { weight });
        assert.equal(line.expansions, w.expanded, `weight ${weight}, row ${line.row}: expansions`);
        assert.ok(Math.abs(line.cost - w.cost) <= 1e-8 * Math.max(1, w.cost), `weight ${weight}, row ${line.row}: cost ${line.cost} vs ${w.cost}`);
        sum += w.expanded;
      }
      assert.equal(summary.expansions, sum);
      const mean = bench.find((l) => !l.summary);
      assert.ok(Math.abs(mean.mean_expanded - sum / rows.length) <= 0.05 + 1e-9, `bench mean_expanded ${mean.mean_expanded} vs ${sum / rows.length}`);
      assert.equal(mean.mismatches, 0, 'weighted A* stays within weight x optimum');
    });
    totals[weight] = summary.expansions;
  }
  assert.notEqual(totals[1.5], totals[3]);
});

test('--reopen: compare --json and the wasm engine agree on reopened nodes', { skip }, () => {
  const file = path.join(mapsDir, 'teleporters.map.txt');
  const text = fs.readFileSync(file, 'utf8');
  const off = compareAgainstWasm(file, text, ['--weight', '3'], { weight: 3 });
  const on = compareAgainstWasm(file, text, ['--weight', '3', '--reopen'], { weight: 3, reopen: true });
  assert.notEqual(on['weighted-astar'], off['weighted-astar'], 'reopening changes the expansions of weighted A*');
});
