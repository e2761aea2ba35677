// The engine's npm package says what core says: the name unions and the registry's row shapes
// in packages/engine/index.d.ts equal registry() of the built module, and the package's Search
// reports core's status names (it once said 'searching' where core says 'in-progress').
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCore, repoDir, distDir } from './support.mjs';

const declarations = fs.readFileSync(path.join(repoDir, 'packages/engine/index.d.ts'), 'utf8');
let core, registry;
before(async () => {
  core = await loadCore();
  registry = core.registry();
});

// The string literals of `export type NAME = 'a' | 'b' ...;`.
function union(name) {
  const m = new RegExp(`export type ${name} =([^;]*);`).exec(declarations);
  assert.ok(m, `index.d.ts declares no type ${name}`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
}

// The member names of `export interface NAME { ... }` (index signatures left out).
function members(name) {
  const m = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(declarations);
  assert.ok(m, `index.d.ts declares no interface ${name}`);
  return [...m[1].matchAll(/^\s+(\w+)\??:/gm)].map((x) => x[1]);
}

test('the name unions of index.d.ts are the registry\'s names', () => {
  assert.deepEqual(union('AlgorithmName'), registry.algorithms.map((a) => a.name));
  assert.deepEqual(union('HeuristicName'), registry.heuristics);
  assert.deepEqual(union('MovementName'), registry.movements.map((m) => m.name));
  assert.deepEqual(union('SearchStatus'), registry.statuses.map((s) => s.name));
  assert.deepEqual(union('PlannerName'), registry.planners.map((p) => p.name));
  assert.deepEqual(union('PlannerKind'), [...new Set(registry.planners.map((p) => p.kind))], 'every kind of planner row, in table order');
  assert.deepEqual(union('PlannerOptionName'), registry.plannerOptions);
  for (const p of registry.planners) for (const o of p.options) assert.ok(registry.plannerOptions.includes(o), `${p.name}'s option ${o} is listed`);
});

test('index.d.ts declares every one of core\'s limits, and no other', () => {
  assert.deepEqual(members('Limits'), Object.keys(registry.limits));
});

test('index.d.ts declares every field of the registry\'s algorithm and planner rows', () => {
  assert.deepEqual(members('AlgorithmInfo').sort(), Object.keys(registry.algorithms[0]).sort());
  assert.deepEqual(members('PlannerInfo').sort(), Object.keys(registry.planners[0]).sort());
  for (const key of members('Registry')) assert.ok(key in registry, `registry() has no ${key}`);
});

test('the package reports core\'s status names', async () => {
  // The package as the wasm build assembles it (build-wasm/npm: index.js beside astar_core.mjs).
  const packaged = path.join(path.dirname(distDir), 'npm/index.js');
  assert.ok(fs.existsSync(packaged), `${packaged} is missing: build the wasm-release preset`);
  const { Engine } = await import(pathToFileURL(packaged).href);
  const engine = new Engine(core);
  try {
    engine.setGrid(3, 1, [1, 1, 1]);
    const search = engine.search([0, 0], [2, 0]);
    assert.equal(search.status, 'in-progress');
    assert.equal(search.done, false);
    assert.equal(search.step(Infinity), 'found');
    assert.deepEqual(engine.statusNames, registry.statuses.map((s) => s.name));
  } finally {
    engine.dispose();
  }
});
