// Turn-aware ghosts on the real wasm core (web/turn_bindings.cpp's TurnPlanner, driven by
// web/js/agents/ghosts.js): 10,000 frames of the ghost chase on the bundled arcade maze with
// Pac-Man steered by seeded random arrows and a power pellet every 2,500 frames.
// Checks, each frame: no ghost's heading flips to its opposite except at a logged allowed
// event (a power pellet's turn-around, or a dead end: none in this maze); independently of
// the ghosts' own record, no ghost's sequence of cells goes A, B, A (back to the cell it just
// left) outside those events, catches and eyes; no one stands in a wall. And the ghosts still
// catch Pac-Man (at least one catch in the 10,000 frames).
// Needs a wasm build whose module includes web/turn_bindings.cpp (ASTAR_DIST_DIR); otherwise ASTAR_SKIP.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '../..');
const distDir = process.env.ASTAR_DIST_DIR || path.join(root, 'build-wasm/dist');
const modulePath = path.join(distDir, 'astar_core.mjs');
const enginePath = path.join(distDir, 'js/engine.js');
globalThis.performance ??= { now: () => Date.now() };

let skip = false;
let core = null;
if (!fs.existsSync(modulePath) || !fs.existsSync(enginePath)) skip = `no wasm build in ${distDir}`;
else {
  const create = (await import(modulePath)).default;
  core = await create({ wasmBinary: fs.readFileSync(modulePath.replace(/\.mjs$/, '.wasm')) });
  if (typeof core.TurnPlanner !== 'function') skip = 'the wasm module has no TurnPlanner (web/turn_bindings.cpp not linked)';
}
if (skip) console.log(`ASTAR_SKIP: ${skip}`);
const { PlaygroundEngine } = skip ? {} : await import(enginePath);
const { World } = await import(path.join(root, 'web/js/agents/world.js'));
const { GhostChase } = await import(path.join(root, 'web/js/agents/ghosts.js'));

const engines = [];
after(() => { for (const e of engines) e.raw.delete(); });

function arcade() {
  const engine = new PlaygroundEngine(core);
  engines.push(engine);
  assert.equal(engine.loadText(fs.readFileSync(path.join(root, 'maps/arcade.map.txt'), 'utf8'), 'arcade.map.txt'), '');
  const world = new World(engine);
  // The ghost house: the room under the door (rows 13 to 15, columns 10 to 17).
  const house = [];
  for (let y = 13; y <= 15; y++) for (let x = 10; x <= 17; x++) house.push(y * engine.width + x);
  return { engine, world, house };
}

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

// Runs the chase; returns what the checks found.
function simulate({ frames = 10000, noReverse = true, turnCost = 0, seed = 17 } = {}) {
  const { engine, world, house } = arcade();
  const chase = new GhostChase(world, { house, pacStart: engine.start(), lives: 1e9, noReverse, turnCost });
  const random = rng(seed), keys = ['up', 'down', 'left', 'right'];
  const w = engine.width, cells = world.cells();
  const seen = chase.ghosts.map(() => []);  // per ghost: the cells it went through, in order
  const heading = chase.ghosts.map((g) => g.heading);
  const found = { flips: 0, unexplainedFlips: 0, backtracks: 0, unexplainedBacktracks: 0, pelletTurns: 0, catches: 0, closest: Infinity };
  let nextKey = 0, caught = 0, logged = 0;
  for (let frame = 1; frame <= frames; frame++) {
    if (frame >= nextKey) { chase.steer(keys[Math.floor(random() * 4)]); nextKey = frame + 30 + Math.floor(random() * 90); }
    if (frame % 2500 === 0) chase.powerPellet(4);
    chase.update(1 / 60);
    const events = chase.reversals.slice(logged);
    logged = chase.reversals.length;
    const allowed = (i) => events.some((e) => e.ghost === i && (e.reason === 'frightened' || e.reason === 'dead-end'));
    found.pelletTurns += events.filter((e) => e.reason === 'frightened').length;
    const restarted = chase.pac.caught !== caught;
    caught = chase.pac.caught;
    assert.ok(world.open(chase.pac.x, chase.pac.y), 'Pac-Man in a wall');
    chase.ghosts.forEach((g, i) => {
      assert.ok(world.open(g.x, g.y), `ghost ${i} in a wall`);
      // The ghost's own heading.
      const before = heading[i];
      heading[i] = g.heading;
      if (!restarted && before >= 0 && g.heading >= 0 && g.heading === chase.opposite(before)) {
        found.flips++;
        if (!allowed(i)) found.unexplainedFlips++;
      }
      // Its cells, from its position only.
      if (restarted || g.mode === 'eyes') { seen[i] = []; return; }
      if (allowed(i)) seen[i] = [];  // a turn-around: the cell it left is fine to enter again
      const n = world.cellAt(g.x, g.y), s = seen[i];
      if (s.length && s[s.length - 1] === n) return;
      s.push(n);
      if (s.length >= 3 && s[s.length - 3] === n) {
        found.backtracks++;
        // Only where the cell it turned in has a single open neighbour (a dead end).
        const b = s[s.length - 2], bx = b % w, by = Math.floor(b / w);
        const open = [[1, 0], [-1, 0], [0, 1], [0, -1]].filter(([dx, dy]) => {
          const x = (bx + dx + w) % w, y = by + dy;  // the maze wraps in x only
          return y >= 0 && y < engine.height && cells[y * w + x] > 0;
        }).length;
        if (open > 1) found.unexplainedBacktracks++;
      }
    });
    for (const g of chase.ghosts) {
      const d = world.delta(g.x, g.y, chase.pac.x, chase.pac.y);
      if (g.mode === 'chase') found.closest = Math.min(found.closest, Math.hypot(d.dx, d.dy));
    }
  }
  found.catches = chase.pac.caught;
  found.replans = chase.replans;
  found.maxExpansions = chase.maxExpansions;
  found.budget = chase.budget;
  found.frames = chase.frames;
  world.dispose();
  return found;
}

test('arcade maze, 10,000 frames: ghosts never reverse outside the allowed events and still catch Pac-Man', { skip }, () => {
  const t0 = performance.now();
  const r = simulate();
  console.log(`10,000 frames in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${r.catches} catches, ${r.replans} turn-aware plans, ` +
    `${r.flips} heading flips (${r.pelletTurns} pellet turn-arounds), ${r.backtracks} cell backtracks, most expansions in a frame ${r.maxExpansions}`);
  assert.equal(r.frames, 10000);
  assert.equal(r.unexplainedFlips, 0, `${r.unexplainedFlips} reversals outside the allowed events`);
  assert.equal(r.unexplainedBacktracks, 0, `${r.unexplainedBacktracks} backtracks to the cell just left outside the allowed events`);
  assert.ok(r.pelletTurns > 0, 'the power pellets turned ghosts around');
  assert.ok(r.catches >= 1, `the ghosts caught Pac-Man ${r.catches} times`);
  assert.ok(r.replans >= 100, `${r.replans} plans`);
  assert.ok(r.maxExpansions <= r.budget, 'the per-frame budget holds');
});

test('the check can fail: with no-reverse off, ghosts do turn back outside the events', { skip }, () => {
  const r = simulate({ frames: 4000, noReverse: false });
  assert.ok(r.unexplainedFlips + r.unexplainedBacktracks > 0, 'plain turn-free planning reverses somewhere');
});

test('turn-aware planner: moves follow the no-reverse rule and bad input is an error string, not an exception', { skip }, () => {
  const { engine, world } = arcade();
  const planner = new core.TurnPlanner(engine.raw);
  const w = engine.width, cell = 1 * w + 1;  // the top-left corner: exits east and south
  assert.equal(planner.setOptions(0, true), '');
  assert.deepEqual(Array.from(planner.headings()), [0, 1, 2, 3], 'a 4-connected maze: N, E, S, W');
  const E = 1, S = 2, W = 3;
  const dirs = (list) => list.map((m) => m.direction).sort();
  assert.deepEqual(dirs(planner.moves(cell, -1)), [E, S]);
  assert.deepEqual(dirs(planner.moves(cell + 1, W)), [W], 'heading west into (2, 1): no way back east');
  assert.deepEqual(dirs(planner.moves(cell, W)), [S], 'in the corner heading west: only south');
  const p = planner.findPath(cell, W, cell + 1);
  assert.equal(p.status, 2);
  assert.equal(p.cost, 11, 'round the block rather than turning back');
  assert.equal(planner.setOptions(0, false), '');
  assert.equal(planner.findPath(cell, W, cell + 1).cost, 1);
  assert.match(planner.setOptions(-1, true), /turn cost/);
  assert.equal(planner.submit(0, -1, cell, 0), 0, 'a wall start is refused');
  assert.match(planner.lastError(), /floor cell/);
  assert.equal(planner.findPath(cell, 5, cell + 1).status, 4, 'SE is not a heading of a 4-connected map');
  planner.delete();
  world.dispose();
});
