// The evolution lab is deterministic across builds: for the genetic algorithm and the ant
// colony, two seeds each, the wasm module's LabRun (web/lab_bindings.cpp) gives the same best
// cost, generation best, mean fitness and goal count per generation as the native
// `astar lab ... --json` (ASTAR_CLI), on the bundled arcade maze from its own start to its goal,
// and the same A* optimal cost. Bad parameters come back as messages, not exceptions.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, repoDir } from './support.mjs';

const cli = process.env.ASTAR_CLI;
const mapFile = path.join(repoDir, 'maps/arcade.map.txt');
const kGenerations = 25;
let core;
before(async () => {
  core = await loadCore();
});

function withLab(body) {
  const engine = new core.Engine();
  const lab = new core.LabRun(engine);
  try {
    assert.equal(engine.loadMap(fs.readFileSync(mapFile, 'utf8'), 'arcade.map.txt'), '');
    return body(engine, lab);
  } finally {
    lab.delete();
    engine.delete();
  }
}

test('wasm and native give the same best cost per generation (GA and ACO, two seeds each)', { skip: !cli || !fs.existsSync(cli) ? 'ASTAR_CLI (the native astar tool) is not set' : false }, () => {
  withLab((engine, lab) => {
    for (const method of ['ga', 'aco']) {
      for (const seed of [3, 4000000000]) {
        const native = JSON.parse(execFileSync(cli, ['lab', mapFile, '--method', method, '--seed', String(seed),
          '--generations', String(kGenerations), '--json'], { encoding: 'utf8' }));
        assert.equal(lab.start(method, engine.start(), engine.goal(), { seed, generations: kGenerations }), '');
        while (lab.step()) { /* every generation */ }
        const wasm = lab.history();
        assert.equal(wasm.length, kGenerations + 1);
        assert.equal(native.generations.length, kGenerations + 1);
        for (let g = 0; g <= kGenerations; ++g) {
          const a = wasm[g], b = native.generations[g];
          const where = `${method} seed ${seed} generation ${g}`;
          assert.equal(a.best, b.best, where);
          assert.equal(a.generationBest, b.generationBest, where);
          assert.equal(a.mean, b.mean, where);
          assert.equal(a.reached, b.reached, where);
        }
        assert.equal(lab.optimal(), native.optimal);
        assert.ok(native.bestCost <= 1.5 * native.optimal, `${method} seed ${seed}: ${native.bestCost} vs ${native.optimal}`);
        assert.deepEqual(lab.best().map((n) => [n % engine.width(), Math.floor(n / engine.width())]), native.path);
      }
    }
  });
});

test('bad lab parameters come back as messages', () => {
  withLab((engine, lab) => {
    const s = engine.start(), g = engine.goal();
    assert.match(lab.start('ga', s, g, { population: 1 }), /population must be 2/);
    assert.match(lab.start('ga', s, g, { elitism: 30 }), /elitism must be below the population/);
    assert.match(lab.start('ga', s, g, { mutationRate: 2 }), /mutation rate/);
    assert.match(lab.start('ga', s, g, { population: 2.5 }), /whole number/);
    assert.match(lab.start('ga', s, g, { seed: 'x' }), /seed must be a number/);
    assert.match(lab.start('aco', s, g, { alpha: 9 }), /alpha must be an integer 0 .. 8/);
    assert.match(lab.start('aco', s, g, { evaporation: 1 }), /evaporation/);
    assert.match(lab.start('sa', s, g, {}), /unknown method/);
    assert.match(lab.start('ga', -1, g, {}), /start and a goal/);
    assert.equal(lab.active(), false);
    assert.equal(lab.step(), false);
  });
});

test('a run is tied to its map: after an edit it stops', () => {
  withLab((engine, lab) => {
    assert.equal(lab.start('aco', engine.start(), engine.goal(), { seed: 1 }), '');
    assert.equal(lab.step(), true);
    assert.equal(engine.setWall(1, 2), '');  // a floor cell of the maze
    assert.equal(lab.stale(), true);
    assert.equal(lab.step(), false);
    assert.deepEqual(lab.best(), []);
  });
});
