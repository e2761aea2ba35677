// Node tests of the agents modules (web/js/agents/) on the real wasm core: the walking agent
// reaches the goal through the tunnel and through a portal, the crowd keeps 500 agents out of
// walls and re-routes when a bunker is destroyed, the ghost chase re-plans within its budget
// and eaten ghosts' eyes get home along the flow field.
// Needs a wasm build whose module includes web/agents_bindings.cpp (ASTAR_DIST_DIR/astar_core.mjs,
// or ASTAR_AGENTS_WASM=/path/to/module.mjs); without one it reports ASTAR_SKIP.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const agents = path.join(here, '../../web/js/agents');
const distDir = process.env.ASTAR_DIST_DIR || path.join(here, '../../build-wasm/dist');
const modulePath = process.env.ASTAR_AGENTS_WASM ?? path.join(distDir, 'astar_core.mjs');
globalThis.performance ??= { now: () => Date.now() };

async function loadCore() {
  const create = (await import(modulePath)).default;
  return create({ wasmBinary: fs.readFileSync(modulePath.replace(/\.mjs$/, '.wasm')) });
}

// The page's engine (web/js/engine.js's PlaygroundEngine, from the wasm build's dist/) with a
// map drawn from rows ('#' wall, '~' cost 5, 'S' start, 'G' goals). The engine holds the only
// map: Worlds read it through the engine. topology: 0 square, 1 hex (odd rows shifted right).
// The engine keeps one goal; goals() here lists every 'G' (the crowd's bunkers, the ghost house).
const engines = [];
function makeEngine(core, rows, { wrapX = false, portals = [], diagonal = 1, topology = 0 } = {}) {
  const height = rows.length, width = rows[0].length;
  const engine = new PlaygroundEngine(core);
  engines.push(engine);
  assert.equal(engine.newBlank(width, height), '');
  assert.equal(engine.setTopology(topology), '');
  assert.equal(engine.setWrap(wrapX, false), '');
  assert.equal(engine.setDiagonal(diagonal), '');
  let start = -1;
  const goals = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '#') assert.equal(engine.setWall(x, y), '');
    if (ch === '~') assert.equal(engine.setCost(x, y, 5), '');
    if (ch === 'S') start = y * width + x;
    if (ch === 'G') goals.push(y * width + x);
  }));
  for (const p of portals) assert.equal(engine.addPortal(p.from, p.to, p.cost, p.twoWay), '');
  engine.setStart(start);
  engine.setGoal(goals[0] ?? -1);
  engine.goals = () => goals;
  return engine;
}
after(() => { for (const e of engines) e.raw.delete(); });

const { World, Join } = await import(path.join(agents, 'world.js'));
const enginePath = path.join(distDir, 'js/engine.js');
const { PathFollower } = await import(path.join(agents, 'follower.js'));
const { Crowd } = await import(path.join(agents, 'crowd.js'));
const { GhostChase } = await import(path.join(agents, 'ghosts.js'));
const { Squad } = await import(path.join(agents, 'squad.js'));
const core = fs.existsSync(modulePath) ? await loadCore() : null;
let skip = false;
if (!core) skip = `no wasm module at ${modulePath}`;
else if (typeof core.AgentWorld !== 'function') skip = 'the wasm module has no AgentWorld (web/agents_bindings.cpp not linked)';
else if (!fs.existsSync(enginePath)) skip = `no ${enginePath}`;
if (skip) console.log(`ASTAR_SKIP: ${skip}`);
const { PlaygroundEngine } = skip ? {} : await import(enginePath);

function walk(world, points, speed = 6) {
  const agent = new PathFollower(world, points, { speed });
  for (let frame = 0; frame < 10000 && !agent.done; frame++) {
    agent.update(1 / 60);
    assert.ok(world.open(agent.x, agent.y), `agent in a wall at ${agent.x}, ${agent.y}`);
  }
  return agent;
}


// Walks the squad to the goal (at most 3,000 frames): no member ever stands in a wall, some
// frames have members out of their slots (single file through the door), and the leader
// ends exactly on the goal's centre.
function walkSquadThroughTheDoor(world, engine, squad) {
  let singleFile = 0;
  for (let frame = 0; frame < 3000 && !squad.done; frame++) {
    squad.update(1 / 60);
    for (const m of squad.members) assert.ok(world.open(m.x, m.y), `member in a wall at ${m.x}, ${m.y}`);
    if (squad.members.some((m) => !m.inSlot)) singleFile++;
  }
  assert.ok(squad.done, 'the squad arrived');
  assert.ok(singleFile > 0, 'members fell in line at the door');
  const end = world.centre(engine.goal());
  assert.ok(Math.hypot(squad.leader.x - end.x, squad.leader.y - end.y) < 1e-9);
}

test('the agent reaches the goal through the tunnel', { skip }, () => {
  const engine = makeEngine(core, [
    '##########################',
    '..S#..................#G..',
    '##########################',
  ], { wrapX: true });
  const world = new World(engine);
  const start = engine.start(), goal = engine.goal();
  const cells = world.raw.findPath(start, goal);
  assert.ok(cells.length > 1, 'a path exists only through the tunnel');
  for (const kind of [{ stringPull: false, spline: false }, { stringPull: true, spline: true }]) {
    const points = world.smooth(cells, kind);
    assert.ok(points.some((p) => p.join === Join.Wrap), 'the path keeps its wrap jump');
    const agent = walk(world, points);
    assert.ok(agent.done);
    const end = world.centre(goal);
    assert.ok(Math.hypot(agent.x - end.x, agent.y - end.y) < 1e-9, 'ends on the goal');
    assert.equal(agent.jumps, 1);
    assert.ok(agent.travelled < 8, `walked ${agent.travelled} cells: the short way round`);
  }
  world.dispose();
});

test('the agent jumps through a portal and blends around corners without entering walls', { skip }, () => {
  const rows = [
    'S....#....',
    '.###.#.##.',
    '.#...#..#.',
    '.#.###..#G',
    '.........#',
  ];
  const engine = makeEngine(core, rows, { portals: [{ from: 2 * 10 + 2, to: 6, cost: 0.5, twoWay: false }] });
  const world = new World(engine);
  const cells = world.raw.findPath(engine.start(), engine.goal());
  const points = world.smooth(cells, { stringPull: true, spline: true });
  const agent = walk(world, points, 4);
  const end = world.centre(engine.goal());
  assert.ok(Math.hypot(agent.x - end.x, agent.y - end.y) < 1e-9);
  assert.equal(agent.jumps, points.filter((p) => p.join === Join.Portal).length);
  world.dispose();
});

test('crowd: 500 agents stay out of walls and re-route when a bunker is destroyed', { skip }, () => {
  const rows = [];
  for (let y = 0; y < 64; y++) {
    let row = '';
    for (let x = 0; x < 64; x++) row += (x % 8 === 4 && y % 16 !== 8) || (y % 16 === 0 && x % 8 === 0) ? '#' : '.';
    rows.push(row);
  }
  const engine = makeEngine(core, rows);
  const world = new World(engine);
  const left = 32 * 64 + 1, right = 32 * 64 + 62;
  assert.equal(world.raw.setFlowGoals([left, right]), '');
  const crowd = new Crowd(world, 500, { seed: 7 });
  const t0 = performance.now();
  for (let frame = 0; frame < 300; frame++) crowd.step(1 / 60);
  const msPerStep = (performance.now() - t0) / 300;
  for (let i = 0; i < crowd.count; i++) assert.ok(world.open(crowd.x[i], crowd.y[i]), `agent ${i} in a wall`);
  assert.ok(crowd.arrived > 0, 'agents reach the bunkers');
  // Destroy the left bunker: every reachable cell now flows to the right one.
  assert.equal(world.raw.removeFlowGoal(left), '');
  const next = world.raw.flowNext(), distance = world.raw.flowDistance();
  assert.equal(distance[left] > 0, true);
  let cell = left;
  for (let steps = 0; next[cell] !== 4294967295 && steps < 4096; steps++) cell = next[cell];
  assert.equal(cell, right, 'the old bunker now leads to the other one');
  for (let frame = 0; frame < 60; frame++) crowd.step(1 / 60);
  for (let i = 0; i < crowd.count; i++) assert.ok(world.open(crowd.x[i], crowd.y[i]));
  console.log(`crowd: 500 agents, ${msPerStep.toFixed(3)} ms per step in node`);
  world.dispose();
});

test('ghost chase: re-planning within the budget, eyes go home along the flow field', { skip }, () => {
  const rows = [
    '###################',
    '#........#........#',
    '#.##.###.#.###.##.#',
    '#.................#',
    '#.##.#.#####.#.##.#',
    '#....#...#...#....#',
    '####.###.#.###.####',
    '.........#GG.......',
    '####.#.#####.#.####',
    '#........S........#',
    '###################',
  ];
  const engine = makeEngine(core, rows, { wrapX: true, diagonal: 0 });
  const world = new World(engine);
  const house = engine.goals();
  const corners = [1 * 19 + 1, 1 * 19 + 17, 5 * 19 + 1, 5 * 19 + 17];
  const chase = new GhostChase(world, { house, pacStart: engine.start(), ghostStarts: corners, budget: 60 });
  const keys = ['left', 'up', 'right', 'down'];
  let maxExpansions = 0;
  for (let frame = 0; frame < 600; frame++) {
    if (frame % 90 === 0) chase.steer(keys[(frame / 90) % 4]);
    chase.update(1 / 60);
    maxExpansions = Math.max(maxExpansions, chase.expansions);
    assert.ok(world.open(chase.pac.x, chase.pac.y), 'Pac-Man in a wall');
    for (const g of chase.ghosts) assert.ok(world.open(g.x, g.y), 'a ghost in a wall');
  }
  assert.ok(chase.replans >= 8, `ghosts re-planned ${chase.replans} times`);
  assert.ok(maxExpansions <= 60, 'the per-frame budget holds');
  // Eat a ghost far from home: its eyes follow the field into the house.
  const g = chase.ghosts[0];
  Object.assign(g, world.centre(1 * 19 + 1), { mode: 'eyes', follower: null, eyesTo: -1 });
  let frames = 0;
  while (g.mode === 'eyes' && frames < 2000) { chase.moveEyes(g, 1 / 60); frames++; }
  assert.notEqual(g.mode, 'eyes', 'the eyes got home');
  assert.ok(house.includes(world.cellAt(g.x, g.y)), 'in the ghost house');
  world.dispose();
});

test('squad: a formation follows one path through a door and regroups at the end', { skip }, () => {
  const rows = [
    'S.........#.........',
    '..........#.........',
    '..........#.........',
    '....................',
    '..........#.........',
    '..........#........G',
  ];
  const engine = makeEngine(core, rows);
  const world = new World(engine);
  const cells = world.raw.findPath(engine.start(), engine.goal());
  const squad = new Squad(world, world.smooth(cells), { size: 9, speed: 4 });
  walkSquadThroughTheDoor(world, engine, squad);
  // Back in shape: every member within its slot distance (plus a margin) of the leader.
  squad.members.forEach((m, i) => {
    const slot = squad.slots[i];
    assert.ok(Math.hypot(m.x - squad.leader.x, m.y - squad.leader.y) <= Math.hypot(slot.back, slot.side) + 1.5);
  });
  world.dispose();
});

// ---- hex maps (pointy-top, odd rows shifted right): positions in layout units ----

// The odd-r neighbours of (x, y), written out from the layout.
function oddRNeighbours(x, y) {
  const o = y & 1;
  return [[x + 1, y], [x - 1, y], [x + o, y - 1], [x - 1 + o, y - 1], [x + o, y + 1], [x - 1 + o, y + 1]];
}

const kHexRows = [
  '##########################',
  '.S..#.........#.......#...',
  '#.#.#.#######.#.#####.#.##',
  '#.#...#.....#...#...#...##',
  '#.#####.###.#####.#.#####.',
  '#.......#~~.......#.....G.',
  '##########################',
];

test('hex: centres are regular-hexagon centres, the path walks hex moves, the agent reaches the goal', { skip }, () => {
  const engine = makeEngine(core, kHexRows, { topology: 1, wrapX: true });
  const world = new World(engine);
  assert.equal(world.hex, true);
  const w = engine.width;
  // Centre of (x, y): (x + 0.5 + 0.5 * (y odd), 1 / sqrt 3 + y * sqrt 3 / 2); neighbours are 1 apart.
  for (const [x, y] of [[1, 1], [2, 2], [5, 3]]) {
    const c = world.centre(y * w + x);
    assert.ok(Math.abs(c.x - (x + 0.5 + 0.5 * (y & 1))) < 1e-12 && Math.abs(c.y - (1 / Math.sqrt(3) + y * Math.sqrt(3) / 2)) < 1e-12);
    assert.equal(world.cellAt(c.x, c.y), y * w + x);
    for (const [nx, ny] of oddRNeighbours(x, y)) {
      const d = world.centre(ny * w + nx);
      assert.ok(Math.abs(Math.hypot(d.x - c.x, d.y - c.y) - 1) < 1e-12, 'hex neighbours are one cell width apart');
    }
  }
  const start = engine.start(), goal = engine.goal();
  const cells = Array.from(world.raw.findPath(start, goal));
  assert.ok(cells.length > 1);
  for (let i = 1; i < cells.length; i++) {
    const [ax, ay] = [cells[i - 1] % w, Math.floor(cells[i - 1] / w)], [bx, by] = [cells[i] % w, Math.floor(cells[i] / w)];
    const wrapped = Math.abs(ax - bx) === w - 1;
    assert.ok(wrapped || oddRNeighbours(ax, ay).some(([x, y]) => x === bx && y === by), `step ${i} is a hex move`);
  }
  const raw = world.smooth(cells, { stringPull: false, spline: false });
  assert.equal(raw.length, cells.length);
  raw.forEach((p, i) => {
    const c = world.centre(cells[i]);
    assert.ok(Math.abs(p.x - c.x) < 1e-9 && Math.abs(p.y - c.y) < 1e-9, `raw point ${i} is its cell's centre`);
  });
  const agent = walk(world, world.smooth(cells));
  const end = world.centre(goal);
  assert.ok(Math.hypot(agent.x - end.x, agent.y - end.y) < 1e-9, 'ends on the goal');
  // At most one cell width per hex step (centre to centre is 1 in every direction; blending
  // at corners only shortens the walk).
  const steps = cells.length - 1 - agent.jumps;
  assert.ok(agent.travelled > 0.85 * steps && agent.travelled <= steps + 1e-9, `walked ${agent.travelled} for ${steps} steps`);
  world.dispose();
});

test('hex: a crowd of 300 stays out of walls and reaches the bunker', { skip }, () => {
  const rows = [];
  for (let y = 0; y < 30; y++) {
    let row = '';
    for (let x = 0; x < 40; x++) row += (x % 10 === 5 && y % 10 !== 5) || (y % 10 === 0 && x % 4 === 0) ? '#' : '.';
    rows.push(row);
  }
  const engine = makeEngine(core, rows, { topology: 1 });
  const world = new World(engine);
  assert.equal(world.raw.setFlowGoals([15 * 40 + 20]), '');
  const crowd = new Crowd(world, 300, { seed: 3 });
  for (let i = 0; i < crowd.count; i++) assert.ok(world.open(crowd.x[i], crowd.y[i]), `agent ${i} spawned in a wall`);
  for (let frame = 0; frame < 400; frame++) {
    crowd.step(1 / 60);
    if (frame % 50 === 0) for (let i = 0; i < crowd.count; i++) assert.ok(world.open(crowd.x[i], crowd.y[i]), `agent ${i} in a wall`);
  }
  for (let i = 0; i < crowd.count; i++) assert.ok(world.open(crowd.x[i], crowd.y[i]), `agent ${i} in a wall`);
  assert.ok(crowd.arrived > 0, 'agents reach the bunker');
  world.dispose();
});

test('hex: Pac-Man goes up a column by zig-zagging NE / NW, and left along a row', { skip }, () => {
  const rows = [
    '#########',
    '#.......#',
    '#.......#',
    '#.......#',
    '#.......#',
    '#.......#',
    '#...G...#',
    '#.......#',
    '#...S...#',
    '#########',
  ];
  const engine = makeEngine(core, rows, { topology: 1 });
  const world = new World(engine);
  const chase = new GhostChase(world, { house: engine.goals(), pacStart: engine.start(), ghostStarts: [10, 16, 70, 64], budget: 200 });
  const startX = chase.pac.x, w = engine.width;
  chase.steer('up');
  const rowsVisited = new Set();
  for (let frame = 0; frame < 240; frame++) {
    chase.movePac(1 / 60);
    const n = world.cellAt(chase.pac.x, chase.pac.y);
    assert.ok(world.open(chase.pac.x, chase.pac.y), 'Pac-Man in a wall');
    assert.ok(Math.abs(chase.pac.x - startX) <= 0.5 + 1e-9, `Pac-Man left his column: x ${chase.pac.x}`);
    rowsVisited.add(Math.floor(n / w));
  }
  assert.equal(world.cellAt(chase.pac.x, chase.pac.y), 1 * w + 4, 'he stops at the top wall, in column 4');
  assert.equal(rowsVisited.size, 8, 'every row from 8 up to 1');
  chase.steer('left');
  for (let frame = 0; frame < 240; frame++) chase.movePac(1 / 60);
  assert.equal(world.cellAt(chase.pac.x, chase.pac.y), 1 * w + 1, 'then left along row 1 to the wall');
  world.dispose();
});

test('hex: a squad follows the path through the hex corridors and regroups at the goal', { skip }, () => {
  const rows = [
    'S..........#..........',
    '...........#..........',
    '...........#..........',
    '......................',
    '...........#..........',
    '...........#.........G',
  ];
  const engine = makeEngine(core, rows, { topology: 1 });
  const world = new World(engine);
  const squad = new Squad(world, world.smooth(world.raw.findPath(engine.start(), engine.goal())), { size: 7, speed: 4 });
  walkSquadThroughTheDoor(world, engine, squad);
  world.dispose();
});

test('ghost chase: Pac-Man on a wall is refused; each catch costs a life and restarts, the last ends it', { skip }, () => {
  const rows = [
    '#########',
    '#G.....S#',
    '#########',
  ];
  const engine = makeEngine(core, rows, { diagonal: 0 });
  const world = new World(engine);
  assert.throws(() => new GhostChase(world, { house: engine.goals(), pacStart: 0 }), /Pac-Man must start on a floor cell: the start \(0, 0\) is a wall/);
  assert.throws(() => new GhostChase(world, { house: [0], pacStart: engine.start() }), /ghost house .* no floor cell/);
  const chase = new GhostChase(world, { house: engine.goals(), pacStart: engine.start(), budget: 500, lives: 3 });
  const start = world.centre(engine.start());
  for (const left of [2, 1, 0]) {
    let frames = 0;
    while (chase.lives > left && frames++ < 2000) chase.update(1 / 60);
    assert.equal(chase.lives, left, `a ghost walked the corridor and caught Pac-Man (${frames} frames)`);
    assert.deepEqual(chase.events.splice(0), [{ type: left ? 'caught' : 'over', lives: left }]);
    if (left) {
      assert.ok(Math.hypot(chase.pac.x - start.x, chase.pac.y - start.y) < 1e-9, 'Pac-Man back at the start');
      assert.ok(chase.ghosts.every((g) => world.cellAt(g.x, g.y) === engine.goal()), 'ghosts back in the house');
    }
  }
  assert.equal(chase.over, true);
  const frames = chase.frames;
  chase.update(1 / 60);
  assert.equal(chase.frames, frames, 'a finished chase stands still');
  world.dispose();
});

test('World keeps no copy: open() and the geometry follow engine edits and loads, also across a heap growth', { skip }, () => {
  const engine = makeEngine(core, ['S...', '...G']);
  const world = new World(engine);
  assert.equal(world.open(1.5, 0.5), true);
  assert.equal(engine.setWall(1, 0), '');
  assert.equal(world.open(1.5, 0.5), false, 'an edit is seen at once');
  assert.equal(engine.newBlank(2048, 2048), '');  // grows the heap: the World's old view dies
  assert.equal(engine.setWall(2047, 2047), '');
  assert.deepEqual([world.open(1.5, 0.5), world.open(2047.5, 2047.5), world.width, world.height], [true, false, 2048, 2048]);
  assert.equal(engine.setWrap(true, false), '');
  assert.equal(world.cellAt(-0.5, 0.5), 2047, 'the wrap is seen too');
  world.dispose();
});
