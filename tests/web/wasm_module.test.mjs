// Node tests of the wasm module: the exact build the page loads (dist/astar_core.mjs).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './support.mjs';

let core;
before(async () => {
  core = await loadCore();
});

test('grid: reset sizes the grid and its typed-array views', () => {
  const e = new core.Engine();
  try {
    assert.equal(e.newMap(7, 5), '');
    assert.equal(e.width(), 7);
    assert.equal(e.height(), 5);
    const costs = e.costs();
    assert.ok(costs instanceof Float64Array, "costs are doubles, as in core");
    assert.equal(costs.length, 35);
    assert.ok(costs.every((c) => c === 1));
    assert.equal(e.entryMasks().length, 35);
  } finally {
    e.delete();
  }
});

test('grid: walls, costs and one-way masks show in the views', () => {
  const e = new core.Engine();
  try {
    e.newMap(4, 3);
    assert.equal(e.setWall(1, 2), '');
    assert.equal(e.setCost(3, 0, 2.5), '');
    assert.equal(e.setEntryMask(0, 0, 0b0101), '');
    const costs = e.costs();
    assert.equal(costs[2 * 4 + 1], 0);
    assert.equal(costs[3], 2.5);
    assert.equal(e.entryMasks()[0], 0b0101);
    assert.equal(e.entryMasks()[1], 0xff);
  } finally {
    e.delete();
  }
});

test('grid: bad input returns a message, never throws or crashes', () => {
  const e = new core.Engine();
  try {
    assert.match(e.newMap(0, 10), /outside 1\.\.4096/);
    assert.equal(e.width(), 0);
    assert.equal(e.costs().length, 0);
    e.newMap(3, 3);
    assert.match(e.setWall(3, 0), /outside/);
    assert.match(e.setCost(0, 0, -1), /a cell cost must be > 0/);
    assert.match(e.setCost(0, 0, NaN), /a cell cost must be a number, got nan/);
    assert.equal(e.costs()[0], 1, 'a rejected edit leaves the cell as it was');
    assert.match(e.setCost(0, 0, 1e308), /a cell cost must be at most 1e30/);
    assert.match(e.addPortal(0, 0, 2, 2, 1e308, true), /a portal cost must be at most 1e30/);
    assert.equal(e.setCost(0, 0, 6.76), '');
    assert.equal(e.costs()[0], 6.76, 'costs are doubles end to end (no float rounding)');
  } finally {
    e.delete();
  }
});

test('grid: wrap-around flags', () => {
  const e = new core.Engine();
  try {
    e.newMap(5, 5);
    assert.equal(e.wrapX(), false);
    e.setWrap(true, false);
    assert.equal(e.wrapX(), true);
    assert.equal(e.wrapY(), false);
  } finally {
    e.delete();
  }
});

test('registry(): core tables and limits, the same as the engine\'s own checks', async () => {
  const core = await loadCore();
  const r = core.registry();
  assert.deepEqual(r.algorithms.map((a) => a.name), ['astar', 'weighted-astar', 'dijkstra', 'greedy', 'bfs', 'dfs', 'jps', 'jps-plus', 'theta', 'lazy-theta']);
  const byName = Object.fromEntries(r.algorithms.map((a) => [a.name, a]));
  assert.equal(byName.dijkstra.usesHeuristic, false);
  assert.equal(byName.dijkstra.optimal, true);
  assert.equal(byName['weighted-astar'].weighted, true);
  assert.equal(byName.greedy.heuristicOnly, true);
  assert.equal(byName.jps.squareUniformGrids, true);
  assert.deepEqual(r.algorithms.map((a) => a.frontier), ['priority', 'priority', 'priority', 'priority', 'queue', 'stack', 'priority', 'priority', 'priority', 'priority']);
  assert.deepEqual(r.algorithms.filter((a) => a.jumps).map((a) => a.name), ['jps', 'jps-plus']);
  assert.deepEqual(r.algorithms.filter((a) => a.anyAngle).map((a) => a.name), ['theta', 'lazy-theta']);
  assert.deepEqual(r.algorithms.filter((a) => a.preprocessed).map((a) => a.name), ['jps-plus']);
  assert.deepEqual(r.defaults, { algorithm: 'astar', weight: 1.5 });
  assert.deepEqual(r.replanStatuses, ['idle', 'found', 'no-path', 'invalid-input']);
  assert.deepEqual(r.generators.map((g) => g.name), ['backtracker', 'division', 'hex', 'random', 'arcade']);
  assert.deepEqual(r.statuses.map((s) => s.name), ['idle', 'in-progress', 'found', 'no-path', 'invalid-input']);
  assert.deepEqual(r.directions.map((d) => d.name), ['N', 'E', 'S', 'W', 'NE', 'SE', 'SW', 'NW']);
  assert.equal(r.movements[0].name, 'never');
  assert.equal(r.limits.maxGridSide, 4096);
  assert.equal(r.limits.maxGoals, 64);
  assert.equal(r.limits.maxCost, 1e30);
  // The limits are the ones the engine enforces.
  const e = new core.Engine();
  try {
    assert.match(e.newMap(r.limits.maxGridSide + 1, 1), /outside 1\.\.4096/);
    assert.equal(e.newMap(3, 3), '');
    assert.match(e.setCost(0, 0, r.limits.maxCost * 10), /at most 1e30/);
    assert.equal(e.setCost(0, 0, r.limits.maxCost), '');
  } finally {
    e.delete();
  }
});

test('one version number: CMakeLists.txt, package.json, the wasm module\'s registry() and CHANGELOG.md agree', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const repo = path.resolve(import.meta.dirname, '../..');
  const cmake = /^project\(astar VERSION (\d+\.\d+\.\d+)/m.exec(fs.readFileSync(path.join(repo, 'CMakeLists.txt'), 'utf8'));
  assert.ok(cmake, 'CMakeLists.txt has project(astar VERSION x.y.z)');
  const version = cmake[1];
  assert.equal(JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version, version, 'package.json');
  assert.equal(core.registry().version, version, 'registry().version (astar/version.h in the wasm build)');
  assert.match(fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${version.replace(/\./g, '\\.')} `, 'm'), 'CHANGELOG.md has a section for it');
});
