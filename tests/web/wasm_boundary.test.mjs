// The wasm boundary (web/js/engine.js, "Crossing the wasm boundary"): live views die when the
// heap grows, copies made through copyOut() / snapshot() survive it and go back in through
// restore() (and restoreQuery() for the start and goals); and the agents' AgentWorld, built on the engine's own map, notices edits and
// loads made through the engine with no sync call (flow field repaired or rebuilt, path
// requests cancelled), and the engine's own landmark cache does too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCore, distDir, repoDir } from './support.mjs';

let core, engineModule;
const made = [];
before(async () => {
  core = await loadCore();
  engineModule = await import(pathToFileURL(path.join(distDir, 'js/engine.js')).href);
});
after(() => { for (const o of made.reverse()) o.delete(); });

function newEngine() {
  const e = new engineModule.PlaygroundEngine(core);
  made.push(e.raw);
  return e;
}
function newWorld(e) {
  const w = new core.AgentWorld(e.raw);
  made.push(w);
  return w;
}
const arcade = fs.readFileSync(path.join(repoDir, 'maps/arcade.map.txt'), 'utf8');
const kUnreached = 4294967295;

// A rows-of-text map in the playground format ('#' wall, '.' floor).
function mapText(rows) {
  return ['astar-map 1', `size: ${rows[0].length} x ${rows.length}`, 'terrain: . 1 floor', 'terrain: # wall wall', 'grid:', ...rows, ''].join('\n');
}

test('copyOut and snapshot copies survive a heap growth that kills the live views; the engine works on', () => {
  const e = newEngine();
  assert.equal(e.loadText(arcade, 'arcade.map.txt'), '');
  e.begin();
  e.run();
  const liveCosts = e.costs(), livePath = e.path();
  const costs = engineModule.copyOut(liveCosts), route = engineModule.copyOut(livePath), snap = e.snapshot();
  const walls = costs.filter((c) => c === 0).length, text = e.exportText('playground').text;
  assert.ok(route.length > 10 && walls > 100, 'a real map and path');
  assert.ok(costs instanceof Float64Array && route instanceof Uint32Array, 'copies keep their element type');
  const heap = core.HEAPU8.buffer;
  assert.equal(e.newBlank(2048, 2048), '');  // 4 M cells: tens of MB more than the initial heap
  assert.notEqual(core.HEAPU8.buffer, heap, 'the heap grew (the premise of this test)');
  assert.equal(liveCosts.length, 0, 'a live view is dead after the growth');
  assert.equal(livePath.length, 0);
  // The copies still hold the old map and path...
  assert.equal(costs.filter((c) => c === 0).length, walls);
  assert.equal(snap.costs.filter((c) => c === 0).length, walls);
  assert.equal(snap.width * snap.height, costs.length);
  // ...and go back in: the same map, the same path.
  assert.equal(e.restore(snap), '');
  e.setStart(route[0]);
  e.setGoal(route[route.length - 1]);
  e.begin();
  e.run();
  assert.deepEqual(Array.from(e.path()), Array.from(route));
  assert.deepEqual(Array.from(e.costs()), Array.from(costs));
  // The document text differs only in what a snapshot leaves out (name, notes, start, goal,
  // the letters cells were written with: the door '-' is floor of cost 1).
  const body = (t) => t.split('\n').filter((l) => /^(size|movement|cost-model|wrap|[#.-]+$)/.test(l)).join('\n').replaceAll('-', '.');
  assert.equal(body(e.exportText('playground').text), body(text));
});

test('a snapshot restores into another engine of the same module (as the path worker does)', () => {
  const a = newEngine(), b = newEngine();
  assert.equal(a.loadText(arcade, 'arcade.map.txt'), '');
  assert.equal(a.addPortal(a.index(1, 1), a.index(26, 29), 2, false), '');
  assert.equal(a.setEntryMask(6, 1, 2), '');
  const snap = a.snapshot();
  assert.equal(b.newBlank(1024, 1024), '');  // b's allocations grow the heap under a's data
  assert.equal(b.restore(snap), '');
  assert.deepEqual(Array.from(b.costs()), Array.from(a.costs()));
  assert.deepEqual(Array.from(b.entryMasks()), Array.from(a.entryMasks()));
  assert.deepEqual(b.portals(), a.portals());
  assert.deepEqual([b.wrapX(), b.wrapY(), b.diagonal(), b.costModel(), b.topology()], [a.wrapX(), a.wrapY(), a.diagonal(), a.costModel(), a.topology()]);
});

test('restoreQuery copies a start and several goals into another engine (as the planner worker does): its PlannerQuery answers as the first', () => {
  const a = newEngine(), b = newEngine();
  const rows = ['..........', '.########.', '.#......#.', '.#.####.#.', '..........'];
  const text = mapText(rows).replace('grid:', 'start: 0 0\ngoal: 9 4\ngoal: 4 2\ngrid:');
  assert.equal(a.loadText(text, 'goals.map.txt'), '');
  assert.deepEqual(Array.from(a.goals()), [a.index(9, 4), a.index(4, 2)], 'the file has two goals');
  assert.equal(b.restore(a.snapshot()), '');
  b.restoreQuery(a.start(), Array.from(a.goals()));
  assert.equal(b.start(), a.start());
  assert.deepEqual(Array.from(b.goals()), Array.from(a.goals()));
  const [qa, qb] = [new core.PlannerQuery(a.raw), new core.PlannerQuery(b.raw)];
  made.push(qa, qb);
  const ra = qa.run('hpa', 0, 1, true, true, 1), rb = qb.run('hpa', 0, 1, true, true, 1);
  assert.equal(ra.status, engineModule.Status.Found, ra.message);
  assert.deepEqual([rb.status, rb.cost, rb.pathCells], [ra.status, ra.cost, ra.pathCells]);
  b.restoreQuery(-1, []);
  assert.deepEqual([b.start(), Array.from(b.goals())], [-1, []], 'none: no start, no goal');
});

test('the AgentWorld sees engine.setWall without a sync: the flow field is repaired', () => {
  const e = newEngine();
  assert.equal(e.loadText(mapText([
    '..........',
    '..........',
    '..........',
    '..........',
  ]), 'corridor.map.txt'), '');
  const w = newWorld(e), goal = e.index(9, 0), far = e.index(0, 0);
  assert.equal(w.setFlowGoals([goal]), '');
  const before = w.flowDistance()[far];
  assert.ok(Math.abs(before - 9) < 1e-9, `distance ${before}`);
  // A wall across column 5 with a gap at the bottom: the way round is longer.
  for (let y = 0; y < 3; y++) assert.equal(e.setWall(5, y), '');
  const afterWall = w.flowDistance()[far];
  assert.ok(afterWall > before + 1, `distance ${afterWall} after the wall (was ${before})`);
  assert.equal(w.flowStats().lastWasRebuild, false, 'an edit is repaired, not rebuilt');
  assert.equal(w.changes(), 1, 'three edits between two looks count once');
  e.setWall(5, 3);  // closed: no way round
  assert.equal(w.flowDistance()[far], Infinity);
  assert.equal(w.flowNext()[far], kUnreached);
});

test('a map load the AgentWorld notices (the journal says everything changed): the field is rebuilt', () => {
  const e = newEngine();
  const left = mapText(['.#....', '.#....', '......']), right = mapText(['......', '....#.', '....#.']);
  assert.equal(e.loadText(left, 'a.map.txt'), '');
  const w = newWorld(e), far = e.index(0, 0), goal = e.index(5, 0);
  assert.equal(w.setFlowGoals([goal]), '');
  const onLeft = w.flowDistance()[far];
  const revision = e.revision();
  assert.equal(e.loadText(right, 'b.map.txt'), '');
  assert.ok(e.revision() > revision, 'the revision never repeats, loads included (the grid\'s change journal)');
  const onRight = w.flowDistance()[far];
  assert.notEqual(onRight, onLeft, `distance ${onRight} on the new map (was ${onLeft})`);
  // Independent answer: one path search on the new map from far to goal.
  const cells = w.findPath(far, goal);
  let cost = 0;
  for (let i = 1; i < cells.length; i++) {
    const [ax, ay, bx, by] = [e.xOf(cells[i - 1]), e.yOf(cells[i - 1]), e.xOf(cells[i]), e.yOf(cells[i])];
    cost += ax !== bx && ay !== by ? Math.SQRT2 : 1;
  }
  assert.ok(Math.abs(onRight - cost) < 1e-9, `field ${onRight} vs search ${cost}`);
  assert.equal(w.flowStats().lastWasRebuild, true);
});

test('a map load cancels queued and running path requests; later requests run on the new map', () => {
  const e = newEngine();
  assert.equal(e.newBlank(300, 300), '');
  const w = newWorld(e);
  const running = w.submit(0, 300 * 300 - 1, 5, 2);  // Dijkstra across the map: many slices
  const queued = w.submit(1, 300 * 300 - 2, 0, 0);
  assert.ok(w.pump(3000) > 0);
  assert.equal(w.takeReplies().length, 0, 'still running after one slice');
  assert.equal(e.loadText(arcade, 'arcade.map.txt'), '');
  const fresh = w.submit(e.index(1, 1), e.index(26, 1), 0, 0);
  w.pump(1e7);
  const replies = w.takeReplies(), byId = new Map(replies.map((r) => [r.id, r]));
  assert.equal(byId.get(running)?.cancelled, true, 'the running request was cancelled');
  assert.equal(byId.get(queued)?.cancelled, true, 'the queued request was cancelled');
  const r = byId.get(fresh);
  assert.equal(r?.cancelled, false);
  assert.equal(r.status, 2, 'found on the arcade map');
  for (const n of r.path) assert.ok(e.costs()[n] > 0, 'the path keeps to the new map\'s floor');
});

test('after a heap growth the AgentWorld\'s fresh views are whole', () => {
  const e = newEngine();
  assert.equal(e.loadText(arcade, 'arcade.map.txt'), '');
  const w = newWorld(e);
  const goal = e.goal();
  assert.equal(w.setFlowGoals([goal]), '');
  const old = w.flowNext();
  const heap = core.HEAPU8.buffer;
  assert.equal(e.newBlank(2048, 2048), '');
  assert.notEqual(core.HEAPU8.buffer, heap, 'the heap grew');
  assert.equal(old.length, 0, 'the old view died');
  const next = w.flowNext(), distance = w.flowDistance();
  assert.equal(next.length, 2048 * 2048, 'the field follows the new map size');
  assert.equal(distance[goal], 0, 'the old goal, still inside the map, is kept');
  assert.equal(distance[2048 * 2048 - 1] > 0 && distance[2048 * 2048 - 1] < Infinity, true, 'and the field covers the new map');
});

// 40 x 40, start and goal in opposite corners, `walls` walls placed by an LCG from `seed`.
function randomMapText(seed, n = 40, walls = 500) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) >>> 0) / 4294967296;
  const g = Array.from({ length: n }, () => Array(n).fill('.'));
  for (let k = 0; k < walls;) {
    const x = Math.floor(rnd() * n), y = Math.floor(rnd() * n);
    if (x + y !== 0 && x + y !== 2 * n - 2 && g[y][x] === '.') { g[y][x] = '#'; k++; }
  }
  return ['astar-map 1', `size: ${n} x ${n}`, 'terrain: . 1 floor', 'terrain: # wall wall', 'start: 0 0', `goal: ${n - 1} ${n - 1}`,
    'grid:', ...g.map((r) => r.join('')), ''].join('\n');
}

test('the landmark heuristic is rebuilt for a loaded map (the path stays optimal)', () => {
  const e = newEngine(), raw = e.raw;
  const algorithm = (name) => e.algorithms.indexOf(name), landmarks = e.heuristics.indexOf('landmarks');
  // Seeds 3 then 4 load maps that once had the same revision number: before the landmark table
  // followed the grid's change journal, the second map was searched with the first one's
  // landmark distances and got a longer path.
  assert.equal(e.loadText(randomMapText(3), 'a.map.txt'), '');
  raw.begin(algorithm('astar'), landmarks, 1, true, true, false);
  raw.run();
  const revision = e.revision();
  assert.equal(e.loadText(randomMapText(4), 'b.map.txt'), '');
  assert.ok(e.revision() > revision, 'a load moves the revision on (it never repeats)');
  raw.begin(algorithm('astar'), landmarks, 1, true, true, false);
  assert.equal(raw.run(), 2);
  const withLandmarks = raw.stats().pathCost;
  raw.begin(algorithm('dijkstra'), landmarks, 1, true, true, false);
  raw.run();
  assert.ok(Math.abs(withLandmarks - raw.stats().pathCost) < 1e-9, `A* with landmarks ${withLandmarks}, Dijkstra ${raw.stats().pathCost}`);
});

test('SideSearch: a second search over the engine\'s own map and query, stale after an edit', () => {
  const e = new core.Engine();
  const side = new core.SideSearch(e);
  try {
    assert.equal(e.newMap(30, 20), '');
    for (let y = 0; y < 15; ++y) assert.equal(e.setWall(12, y), '');
    e.setStart(0);
    e.setGoal(20 * 30 - 1);
    // Each algorithm for a one-cell and a 3 x 3 agent (the gap below the wall is 5 cells high; the
    // 3 x 3 agent's goal is its top-left cell, 2 cells in from the corner).
    for (const agentSize of [1, 3]) {
      e.setAgentSize(agentSize);
      e.setGoal((20 - agentSize) * 30 + 30 - agentSize);
      for (let algorithm = 0; algorithm < core.registry().algorithms.length; ++algorithm) {
        const own = e.begin(algorithm, 1, 1.5, true, true, false) === 1 ? e.run() : e.status();
        const st = side.begin(algorithm, 1, 1.5, true, true, false, agentSize) === 1 ? side.step(1e9) : side.status();
        const what = `algorithm ${algorithm}, size ${agentSize}`;
        assert.equal(st, own, `${what}: same status`);
        assert.equal(st, 2, `${what}: found`);
        assert.equal(side.stats().pathCost, e.stats().pathCost, `${what}: same cost as the engine's own search`);
        assert.equal(side.stats().expanded, e.stats().expanded);
        assert.equal(side.stats().ranAs, e.stats().ranAs, `${what}: the same algorithm ran`);
      }
    }
    e.setAgentSize(1);
    e.setGoal(20 * 30 - 1);
    // The side search reads the live map: after an edit it is stale until begun again, and a
    // new begin sees the edit (a wall across the whole column: no path).
    const before = side.stats().pathCost;
    for (let y = 15; y < 20; ++y) assert.equal(e.setWall(12, y), '');
    assert.equal(side.status(), 0, 'stale after the edit');
    assert.equal(side.stats().expanded, 0);
    assert.equal(side.begin(0, 1, 1, true, true, false, 1) === 1 ? side.step(1e9) : side.status(), 3, 'no path now');
    // A whole new map (same size, so possibly the same revision number) is noticed too.
    assert.ok(before > 0);
    assert.equal(e.loadMap(e.exportMap('playground'), ''), '');
    assert.equal(side.status(), 0, 'stale after a load');
  } finally {
    side.delete();
    e.delete();
  }
});
