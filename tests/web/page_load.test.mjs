// The page served from the wasm build's dist/ loads the module in Chromium and runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, withPage, saveScreenshot } from './support.mjs';

test('the served page loads the wasm module, runs a search and draws it, offline', async () => {
  const requests = [];
  await withPage({ onPage: (page) => page.on('request', (r) => requests.push(r.url())) }, async ({ page, url }) => {
    assert.equal(await page.getAttribute('body', 'data-ready'), 'true', await page.textContent('body'));
    // The page's engine is a live wasm object: ask it things it can only know by running.
    const info = await page.evaluate(() => {
      const e = window.playground.engine;
      return { cells: e.width * e.height, algorithms: e.algorithms, status: e.status(), costs: e.costs().length };
    });
    assert.ok(info.cells > 0);
    assert.equal(info.costs, info.cells);
    assert.ok(info.algorithms.includes('astar'));
    // The controls list core's registry: labels and notes from core, values its names.
    const lists = await page.evaluate(() => {
      const options = (id) => Array.from(document.querySelectorAll(`#${id} option`)).map((o) => [o.value, o.textContent, o.title]);
      return { algorithms: options('algorithm'), generators: options('generator'), movements: options('diagonal'),
        registry: window.playground.engine.registry };
    });
    assert.deepEqual(lists.algorithms, lists.registry.algorithms.map((a) => [a.name, a.label, a.note]));
    assert.deepEqual(lists.generators, lists.registry.generators.map((g) => [g.name, g.label, g.description]));
    assert.deepEqual(lists.movements.map((m) => m[1]), lists.registry.movements.map((m) => m.description));
    assert.equal(lists.algorithms[0][1], 'A*');
    // The default map has a start and a goal; it opens unsolved (page_watch), and Finish finds
    // and shows a path.
    assert.equal(info.status, 0, 'status idle');
    await page.click('#finish');
    assert.equal(await page.evaluate(() => window.playground.engine.status()), 2, 'status found');
    assert.notEqual(await page.textContent('#stat-path-cost'), '–');
    // The canvas shows more than one colour (the map was drawn).
    const colours = await page.evaluate(() => {
      const c = document.getElementById('grid');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    });
    assert.ok(colours >= 3, `canvas colours: ${colours}`);
    // Everything comes from the page's own server: no CDN, works offline.
    const foreign = requests.filter((r) => !r.startsWith(url) && !r.startsWith('data:') && !r.startsWith('blob:'));
    assert.deepEqual(foreign, []);
    assert.ok(requests.some((r) => r.endsWith('/astar_core.wasm')), 'the .wasm was fetched');
    const file = await saveScreenshot(page, 'page-load.png');
    console.log(`screenshot: ${file}`);
  });
});

test('the optional modules are fetched together; one that fails to load is reported and the rest install', async () => {
  // The first module's file is held until the last one's is asked for: fetched one after
  // another (as they were), the last would never be asked for and the page would not be ready.
  let lastAsked, held = 'not asked for';
  const lastRequested = new Promise((resolve) => { lastAsked = resolve; });
  const session = await openPage({ onPage: (page) => Promise.all([
    page.route('**/js/agents/boot.js', async (route) => {
      held = await Promise.race([lastRequested.then(() => 'until the last was asked for'), new Promise((r) => setTimeout(r, 5000, 'in vain'))]);
      await route.continue();
    }),
    page.route('**/js/exercise/boot.js', (route) => {
      lastAsked();
      return route.continue();
    }),
    page.route('**/js/lab/boot.js', (route) => route.abort()),
  ]) });
  try {
    const { page, errors } = session;
    assert.equal(held, 'until the last was asked for', 'the first module was held');
    assert.equal(await page.getAttribute('body', 'data-ready'), 'true');
    const installed = await page.evaluate(() => Object.keys(window.playground.modules).filter((k) => window.playground.modules[k]));
    assert.deepEqual(installed, ['agents', 'replan', 'hpa', 'subgoal', 'navmesh', 'exercise']);
    assert.match(await page.textContent('#message'), /^The lab could not start \(.+\); the rest of the page works without it\.$/);
    // The browser's line for the refused file and the page's for the module: nothing else.
    assert.deepEqual(errors.filter((e) => !/Failed to load resource|lab\/boot\.js/.test(e)), []);
    assert.ok(errors.some((e) => /Failed to fetch dynamically imported module: .*\/js\/lab\/boot\.js/.test(e)), errors.join('\n'));
  } finally {
    await session.close();
  }
});
