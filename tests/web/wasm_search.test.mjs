// Node tests of the search through the bindings: results, stepping, inspection, bad input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, withEngine } from './support.mjs';

let core;
before(async () => {
  core = await loadCore();
});

const kFound = 2, kNoPath = 3, kInvalid = 4;
const kAStar = 0, kDijkstra = 2;
const kOctile = 3, kManhattan = 1;

// Sets start and goal, then begins: returns the status.
function query(e, start, goal, algorithm, heuristic, weight, wrapAware, portalAware) {
  e.setStart(start);
  e.setGoal(goal);
  return e.begin(algorithm, heuristic, weight, wrapAware, portalAware, false);
}

test('names come from core', () => {
  const r = core.registry();
  assert.deepEqual(r.algorithms.map((a) => a.name), ['astar', 'weighted-astar', 'dijkstra', 'greedy', 'bfs', 'dfs', 'jps', 'jps-plus', 'theta', 'lazy-theta']);
  assert.equal(r.algorithms[kAStar].name, 'astar');
  assert.equal(r.heuristics[kOctile], 'octile');
});

test('open grid: the diagonal path costs 9 * sqrt(2) and the path view lists its cells', () => {
  withEngine(core, 10, 10, (e) => {
    assert.equal(query(e, 0, 99, kAStar, kOctile, 1, true, true), 1);
    assert.equal(e.run(), kFound);
    const s = e.stats();
    assert.ok(Math.abs(s.pathCost - 9 * Math.SQRT2) < 1e-9, `cost ${s.pathCost}`);
    assert.equal(s.pathCells, 10);
    assert.deepEqual(Array.from(e.path()), [0, 11, 22, 33, 44, 55, 66, 77, 88, 99]);
    assert.ok(s.engineMs >= 0);
  });
});

test('a wall with one gap: 4-connected cost matches a hand count', () => {
  withEngine(core, 5, 5, (e) => {
    // Column x = 2 is a wall except at y = 4.
    for (let y = 0; y < 4; ++y) e.setWall(2, y);
    e.setDiagonal(0);
    query(e, 0, 4, kAStar, kManhattan, 1, true, true);  // (0,0) -> (4,0)
    assert.equal(e.run(), kFound);
    assert.equal(e.stats().pathCost, 12);  // down 4, across 4, up 4
  });
});

test('single steps expand exactly one node each and stepBack undoes one', () => {
  withEngine(core, 20, 20, (e) => {
    query(e, 0, 399, kDijkstra, kOctile, 1, true, true);
    const seen = [];
    for (let i = 1; i <= 15; ++i) {
      e.step(1);
      assert.equal(e.stats().expanded, i);
      seen.push(Uint8Array.from(e.states()));
    }
    e.stepBack();
    assert.equal(e.stats().expanded, 14);
    assert.deepEqual(Uint8Array.from(e.states()), seen[13], 'state after step back = state after 14 steps');
    const closed = Array.from(e.states()).filter((v) => v === 2).length;
    assert.equal(closed, 14);
  });
});

test('inspect gives g, h, f and the parent of a cell', () => {
  withEngine(core, 6, 1, (e) => {
    query(e, 0, 5, kAStar, kOctile, 1, true, true);
    e.run();
    const c = e.inspect(3);
    assert.equal(c.state, 2);
    assert.equal(c.g, 3);
    assert.equal(c.h, 2);
    assert.equal(c.f, 5);
    assert.equal(c.parent, 2);
    assert.equal(e.inspect(0).parent, -1);
    assert.deepEqual(Array.from(e.parents()), [-1, 0, 1, 2, 3, 4]);
  });
});

test('tunnel: with wrap-around the path goes through the edge', () => {
  withEngine(core, 10, 1, (e) => {
    e.setWrap(true, false);
    query(e, 1, 8, kAStar, kOctile, 1, true, true);
    assert.equal(e.run(), kFound);
    assert.equal(e.stats().pathCost, 3);
    assert.deepEqual(Array.from(e.path()), [1, 0, 9, 8]);
  });
});

test('no path and bad input give a status and a message, never an exception', () => {
  withEngine(core, 5, 1, (e) => {
    e.setWall(2, 0);
    query(e, 0, 4, kAStar, kOctile, 1, true, true);
    assert.equal(e.run(), kNoPath);
    assert.equal(query(e, 0, 2, kAStar, kOctile, 1, true, true), kInvalid);
    assert.match(e.message(), /goal \(2, 0\) is a wall/);
    assert.equal(query(e, -1, 4, kAStar, kOctile, 1, true, true), kInvalid);
    assert.equal(query(e, 0, 4, 99, kOctile, 1, true, true), kInvalid);
    assert.match(e.message(), /unknown algorithm/);
    assert.equal(query(e, 0, 4, 1, kOctile, 0.5, true, true), kInvalid);
    assert.match(e.message(), /weight/);
  });
});

test('an edit drops the search state; commitCells applies bulk writes', () => {
  withEngine(core, 4, 4, (e) => {
    query(e, 0, 15, kAStar, kOctile, 1, true, true);
    e.run();
    assert.ok(e.path().length > 0);
    e.setCost(1, 1, 3);
    assert.equal(e.status(), 0);
    assert.equal(e.path().length, 0);
    assert.ok(e.states().every((v) => v === 0));
    const costs = e.costs();
    costs[5] = 0;
    costs[6] = 7.5;
    e.entryMasks()[7] = 0b0010;
    assert.equal(e.commitCells(), '');
    assert.equal(e.costs()[5], 0);
    assert.equal(e.costs()[6], 7.5);
    assert.equal(e.entryMasks()[7], 0b0010);
    e.costs()[1] = -2;
    assert.match(e.commitCells(), /a cell cost must be > 0/);
    assert.equal(e.costs()[1], 1, 'a rejected bulk write is reloaded from the grid');
  });
});

test('landmarks and exact heuristics find the optimal cost too', () => {
  withEngine(core, 30, 30, (e) => {
    for (let y = 0; y < 25; ++y) e.setWall(15, y);
    const costs = [];
    for (const h of [kOctile, 5, 6]) {
      query(e, 0, 29, kAStar, h, 1, true, true);
      assert.equal(e.run(), kFound);
      costs.push(e.stats().pathCost);
    }
    assert.ok(Math.abs(costs[1] - costs[0]) < 1e-9 && Math.abs(costs[2] - costs[0]) < 1e-9, costs.join(' '));
  });
});

test('portals are listed and used', () => {
  withEngine(core, 20, 1, (e) => {
    assert.equal(e.addPortal(1, 0, 18, 0, 0.5, true), '');
    assert.deepEqual(e.portals(), [{ from: 1, to: 18, cost: 0.5, twoWay: true }]);
    query(e, 0, 19, kAStar, kOctile, 1, true, true);
    e.run();
    assert.equal(e.stats().pathCost, 2.5);
    assert.match(e.addPortal(1, 0, 1, 0, 1, true), /two different cells/);
    e.removePortal(0);
    assert.equal(e.portals().length, 0);
  });
});

test('the largest map (4096 x 4096) is searched corner to corner; one cell more is refused', () => {
  withEngine(core, 4096, 4096, (e) => {
    const last = 4096 * 4096 - 1;
    for (const algorithm of [kAStar, 6 /* jps */]) {
      assert.equal(query(e, 0, last, algorithm, kOctile, 1, true, true), 1, e.message());
      assert.equal(e.run(), kFound);
      const s = e.stats();
      assert.ok(Math.abs(s.pathCost - 4095 * Math.SQRT2) < 1e-6, `cost ${s.pathCost}`);
      assert.equal(s.pathCells, 4096);
    }
    assert.match(e.newMap(4097, 16), /outside 1\.\.4096/);
    assert.equal(e.width(), 4096, 'a refused size leaves the map as it was');
  });
});
