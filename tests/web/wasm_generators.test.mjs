// Generators give the same map in the wasm build as in the native build: for every kind and
// a few seeds and sizes, the page's engine.generate + exportMap('playground') equals the
// native `astar generate ... --to playground` output byte for byte (same SplitMix64, same
// carving order, no platform-dependent arithmetic).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { loadCore } from './support.mjs';

const cli = process.env.ASTAR_CLI;
let core;
before(async () => {
  core = await loadCore();
});

const cases = [
  ['backtracker', 21, 15, 1], ['backtracker', 40, 31, 77],
  ['division', 33, 21, 2], ['division', 64, 48, 9],
  ['hex', 25, 15, 3], ['hex', 48, 40, 12],
  ['random', 30, 20, 4], ['random', 64, 64, 5],
  ['arcade', 28, 31, 6], ['arcade', 40, 35, 8],
];

test('every generator: wasm output equals the native CLI output', { skip: !cli || !fs.existsSync(cli) ? 'ASTAR_CLI (the native astar tool) is not set' : false }, () => {
  const e = new core.Engine();
  try {
    const kinds = new Set(cases.map((c) => c[0]));
    const names = core.registry().generators.map((g) => g.name);
    assert.deepEqual(new Set(names), kinds, 'the cases cover every generator the page lists');
    for (const [kind, width, height, seed] of cases) {
      assert.equal(e.generate(kind, width, height, seed), '', `${kind} ${width}x${height} seed ${seed}`);
      const wasm = e.exportMap('playground');
      const args = ['generate', kind, '-', '--width', String(width), '--height', String(height), '--seed', String(seed), '--to', 'playground'];
      if (kind === 'random') args.push('--density', '0.25');
      if (kind === 'arcade') args.push('--tunnels', '1');
      const native = execFileSync(cli, args, { encoding: 'utf8' });
      assert.equal(wasm, native, `${kind} ${width}x${height} seed ${seed}`);
      assert.ok(wasm.includes('grid:\n'));
      if (kind === 'hex') assert.ok(wasm.includes('cells: hex\n'));
    }
  } finally {
    e.delete();
  }
});
