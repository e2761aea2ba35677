// The lab panel in Chromium on the bundled arcade maze: GA and ACO run generation by
// generation (the Step button); the best cost shown equals the native `astar lab --json` value
// for that seed and generation; the plot is drawn (the optimal line's colour at its row, a
// best-curve pixel where the curve lies); a share link with the lab's settings reproduces the
// same best cost per generation in a fresh page. Screenshot into ASTAR_ARTIFACT_DIR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, openPage, saveScreenshot, repoDir } from './support.mjs';

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const mapFile = path.join(repoDir, 'maps/arcade.map.txt');
const kSteps = 8;

function native(method, seed, generations) {
  return JSON.parse(execFileSync(cli, ['lab', mapFile, '--method', method, '--seed', String(seed), '--generations',
    String(generations), '--json'], { encoding: 'utf8' }));
}

async function openArcade(page) {
  await page.waitForSelector('#lab[data-ready="true"]', { timeout: 15000 });
  const problem = await page.evaluate((text) => window.playground.store.load(text, 'arcade.map.txt', 'test'),
    fs.readFileSync(mapFile, 'utf8'));
  assert.ok(!problem, problem);
  await page.evaluate(() => { document.getElementById('lab').open = true; });
}

async function choose(page, method, seed) {
  await page.selectOption('#lab-method', method);
  await page.fill('#lab-seed', String(seed));
  await page.dispatchEvent('#lab-seed', 'change');
  await page.fill('#lab-generations', String(kSteps));
  await page.dispatchEvent('#lab-generations', 'change');
}

// The plot's pixels where the optimal line and the best curve must be (CSS pixels = canvas
// pixels at devicePixelRatio 1), read back from the canvas.
function plotPixels(page) {
  return page.evaluate(() => {
    const lab = window.playground.modules.lab, canvas = document.getElementById('lab-plot'), ctx = canvas.getContext('2d');
    const { layout } = lab.plot, dpr = window.devicePixelRatio || 1;
    const at = (x, y) => Array.from(ctx.getImageData(Math.floor(x * dpr), Math.floor(y * dpr), 1, 1).data);
    const optimalRow = layout.y(lab.optimal);
    const optimal = at((layout.left + layout.right) / 2, optimalRow);
    // A flat stretch of the best curve clearly above the optimum: its middle.
    const h = lab.history;
    const i = h.findIndex((s, k) => k + 1 < h.length && s.best !== null && s.best === h[k + 1].best &&
      layout.y(s.best) < optimalRow - 3);
    const best = i >= 0 ? at((layout.x(i) + layout.x(i + 1)) / 2, layout.y(h[i].best)) : null;
    return { optimal, best, aboveGeneration: i };
  });
}

function near(rgba, hex, tolerance) {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return want.every((v, i) => Math.abs(v - rgba[i]) <= tolerance);
}

test('GA and ACO step on the page, match the native CLI and draw the plot; a share link reproduces the run', async () => {
  const runs = { ga: 5, aco: 6 };
  let link = '', acoHistory = null;
  await withPage({}, async ({ page }) => {
    await openArcade(page);
    for (const [method, seed] of Object.entries(runs)) {
      await choose(page, method, seed);
      // Every parameter input takes its range from core's lab table (registry().labMethods).
      const ranges = await page.evaluate((m) => {
        const rows = window.playground.engine.registry.labMethods.find((x) => x.name === m).params;
        return rows.filter((p) => document.getElementById(`lab-${p.name}`))
          .map((p) => { const input = document.getElementById(`lab-${p.name}`); return [p.name, input.min, input.max, String(p.min), String(p.max)]; });
      }, method);
      assert.ok(ranges.length >= 6, `${method}: ${ranges.length} inputs found by the table's names`);
      for (const [name, min, max, wantMin, wantMax] of ranges) assert.deepEqual([min, max], [wantMin, wantMax], `${method} ${name}`);
      for (let i = 0; i < kSteps; ++i) await page.click('#lab-step');
      const expected = native(method, seed, kSteps);
      const shown = await page.evaluate(() => ({
        best: document.getElementById('lab-best').textContent, generation: document.getElementById('lab-generation').textContent,
        optimal: document.getElementById('lab-optimal').textContent, history: window.playground.modules.lab.history,
      }));
      assert.equal(shown.generation, String(kSteps));
      assert.equal(Number(shown.best), expected.generations[kSteps].best, `${method} seed ${seed}`);
      assert.equal(Number(shown.optimal), expected.optimal);
      assert.deepEqual(shown.history.map((s) => s.best), expected.generations.map((s) => s.best));
      const pixels = await plotPixels(page);
      assert.ok(near(pixels.optimal, '#d81b60', 40), `${method}: optimal line pixel ${pixels.optimal}`);
      if (pixels.best) assert.ok(near(pixels.best, '#1565c0', 80), `${method}: best-curve pixel ${pixels.best} at generation ${pixels.aboveGeneration}`);
      if (method === 'aco') {
        assert.ok(pixels.best, 'the ACO run starts above the optimum, so its curve has a vertex above the line');
        acoHistory = shown.history.map((s) => s.best);
        await page.evaluate(() => document.getElementById('lab-plot').scrollIntoView({ block: 'center' }));
        await saveScreenshot(page, 'page_lab.png');
      }
    }
    link = await page.evaluate(() => window.playground.files.share());
    assert.ok(link.includes('#v1.'));
  });
  const session = await openPage({ hash: new URL(link).hash });
  try {
    const { page } = session;
    await page.waitForSelector('#lab[data-ready="true"]', { timeout: 15000 });
    const settings = await page.evaluate(() => ({ method: document.getElementById('lab-method').value, seed: document.getElementById('lab-seed').value,
      open: document.getElementById('lab').open }));
    assert.deepEqual(settings, { method: 'aco', seed: String(runs.aco), open: true });
    for (let i = 0; i < kSteps; ++i) await page.click('#lab-step');
    const history = await page.evaluate(() => window.playground.modules.lab.history.map((s) => s.best));
    assert.deepEqual(history, acoHistory);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('a share link with bad lab settings is refused with a message and the map kept', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForSelector('#lab[data-ready="true"]', { timeout: 15000 });
    const before = await page.evaluate(() => window.playground.docText());
    const bad = await page.evaluate(async () => {
      const { documentLink } = await import('./js/document/encodings.js');
      return documentLink({ map: window.playground.docText(), settings: {}, lab: { method: 'ga', params: { population: -3 } } });
    });
    const ok = await page.evaluate((f) => window.playground.files.openLink(f), `#${bad}`);
    assert.equal(ok, false);
    const message = await page.evaluate(() => document.getElementById('message').textContent);
    assert.match(message, /bad lab settings: the lab's population must be a whole number/);
    assert.equal(await page.evaluate(() => window.playground.docText()), before);
  });
});
