// The engine's npm package as a user gets it: `npm pack` of build-wasm/npm, installed from the
// tarball into an empty project, then imported from node (a Moving AI scenario row's optimal
// length), type-checked from TypeScript (examples/node/example.ts with tsc --noEmit), and
// loaded in a page (examples/web/index.html draws the path on a canvas: pixel check).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { distDir, repoDir, mapsBenchDir, chromiumPath } from './support.mjs';
import { startServer } from '../../scripts/serve.mjs';

const npmDir = path.join(path.dirname(distDir), 'npm');
let project;  // a temporary project with the package installed from its tarball

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

before(() => {
  assert.ok(fs.existsSync(path.join(npmDir, 'astar_core.wasm')), `${npmDir} is missing: build the wasm-release preset`);
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-npm-'));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', project], npmDir));
  const tarball = path.join(project, packed[0].filename);
  const names = packed[0].files.map((f) => f.path).sort();
  assert.deepEqual(names, ['LICENSE', 'README.md', 'astar_core.d.mts', 'astar_core.mjs', 'astar_core.wasm', 'index.d.ts', 'index.js', 'package.json']);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project);
});
after(() => { if (project) fs.rmSync(project, { recursive: true, force: true }); });

test('npm package: imported from node, a Moving AI scenario row gives its optimal length', (t) => {
  const map = path.join(mapsBenchDir, 'Berlin_0_256.map');
  if (!fs.existsSync(map)) {
    t.skip(`${map} not found (../shared/maps-bench is not in a user's clone)`);
    return;
  }
  // The last row of the scenario file: the longest bucket.
  const rows = fs.readFileSync(`${map}.scen`, 'utf8').split(/\r?\n/).filter((l) => /^\d+\t/.test(l));
  const [, , , , sx, sy, gx, gy, optimal] = rows[rows.length - 1].split('\t');
  const script = path.join(project, 'check.mjs');
  fs.writeFileSync(script, `
    import fs from 'node:fs';
    import { loadEngine } from 'astar-playground-engine';
    const engine = await loadEngine();
    engine.loadMap(fs.readFileSync(${JSON.stringify(map)}, 'utf8'), 'Berlin_0_256.map');
    const out = {};
    for (const algorithm of ['astar', 'jps']) {
      const r = engine.findPath([${sx}, ${sy}], [${gx}, ${gy}], { algorithm });
      out[algorithm] = { found: r.found, cost: r.cost, cells: r.path.length };
    }
    out.version = engine.version;
    console.log(JSON.stringify(out));`);
  const out = JSON.parse(run(process.execPath, [script], project));
  const version = JSON.parse(fs.readFileSync(path.join(repoDir, 'package.json'), 'utf8')).version;
  assert.equal(out.version, version);
  for (const algorithm of ['astar', 'jps']) {
    assert.equal(out[algorithm].found, true);
    // Moving AI's lengths are printed with 8 decimals and use sqrt(2) diagonals, as we do.
    assert.ok(Math.abs(out[algorithm].cost - Number(optimal)) < 1e-6, `${algorithm}: ${out[algorithm].cost} vs optimal ${optimal}`);
  }
});

test('npm package: the TypeScript example type-checks against index.d.ts and runs', () => {
  fs.copyFileSync(path.join(repoDir, 'examples/node/example.ts'), path.join(project, 'example.ts'));
  fs.copyFileSync(path.join(repoDir, 'examples/node/tsconfig.json'), path.join(project, 'tsconfig.json'));
  const tsc = path.join(repoDir, 'node_modules/.bin/tsc');
  assert.ok(fs.existsSync(tsc), 'typescript is a dev dependency (npm ci)');
  run(tsc, ['--noEmit', '-p', project], project);
  // A type error in the example must fail the check (the declarations are really used).
  fs.writeFileSync(path.join(project, 'example.ts'), "import { loadEngine } from 'astar-playground-engine';\n" +
    "const e = await loadEngine();\nconst n: string = e.findPath([0, 0], [1, 1]).cost;\nconsole.log(n);\n");
  assert.throws(() => run(tsc, ['--noEmit', '-p', project], project), (e) => /TS2322|not assignable/.test(`${e.stdout}${e.stderr}`));
  // The node example runs as a user would: node example.mjs MAP SX SY GX GY.
  fs.copyFileSync(path.join(repoDir, 'examples/node/example.mjs'), path.join(project, 'example.mjs'));
  const out = run(process.execPath, ['example.mjs', path.join(repoDir, 'maps/arcade.map.txt'), '1', '1', '26', '29'], project);
  assert.match(out, /^cost \d+(\.\d+)? over \d+ cells/);
});

test('npm package: the web example loads in Chromium and draws the path', async () => {
  fs.copyFileSync(path.join(repoDir, 'examples/web/index.html'), path.join(project, 'index.html'));
  const { chromium } = await import('playwright-core');
  const { server, url } = await startServer(project, 0, '127.0.0.1', { siteHeaders: false });  // a user's page, not the playground
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    await page.goto(`${url}index.html`);  // url ends with a slash
    await page.waitForSelector('body[data-done=true]', { timeout: 15000 }).catch((e) => {
      throw new Error(`${e.message}; page errors: ${errors.join('; ')}`);
    });
    assert.match(await page.textContent('#result'), /^cost \d+\.\d\d, \d+ cells$/);
    // The path's blue at the start cell's centre (1, 1) and at the goal's (18, 13); a wall is dark.
    const pixel = (x, y) => page.evaluate(([px, py]) => Array.from(document.getElementById('map').getContext('2d').getImageData(px, py, 1, 1).data), [x, y]);
    assert.deepEqual(await pixel(30, 30), [0, 114, 178, 255]);
    assert.deepEqual(await pixel(370, 270), [0, 114, 178, 255]);
    assert.deepEqual(await pixel(130, 10), [43, 47, 54, 255]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
