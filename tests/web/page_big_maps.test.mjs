// Big maps apply completely (issue 21): after the bundled "Large maze", importing
// Paris_0_1024.map through the file chooser, making a New blank 2048 x 2048 map, and opening a
// 2048 x 2048 share link each redraw the canvas, show the new map's stats (checked against the
// same query on a separate engine in node) and name, and raise no page error. These broke when
// a second copy of the map was synced through views of wasm memory that the copy itself detached.
// The Paris part needs ../shared/maps-bench (ASTAR_MAPS_BENCH_DIR) and is skipped without it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withPage, loadCore, distDir, mapsBenchDir } from './support.mjs';

const paris = path.join(mapsBenchDir, 'Paris_0_1024.map');
const haveParis = fs.existsSync(paris);

let core, PlaygroundEngine;
before(async () => {
  core = await loadCore();
  ({ PlaygroundEngine } = await import(pathToFileURL(path.join(distDir, 'js/engine.js')).href));
});

// The page's query (map text or file, start, goal, settings) on a separate engine: the cost
// the stats must show.
function referenceCost({ text, fileName = '', start, goal, settings }) {
  const e = new PlaygroundEngine(core);
  try {
    assert.equal(e.loadText(text, fileName), '');
    e.setStart(start);
    e.setGoal(goal);
    e.setSettings(settings);
    e.begin();
    e.run();
    return { status: e.status(), cost: e.stats().pathCost };
  } finally {
    e.raw.delete();
  }
}

async function openLargeMaze(page) {
  await page.selectOption('#map-select', { label: 'Large maze' });
  await page.waitForFunction(() => /Large maze/i.test(document.getElementById('map-name').textContent));
  await settle(page);
}

// Waits until the map name shows size x size; a page error ends the wait with that error
// (a half-applied map never gets there).
async function waitForSize(page, errors, size) {
  const deadline = Date.now() + 30000;
  for (;;) {
    assert.deepEqual(errors, [], 'no page error while the map loads');
    if ((await page.textContent('#map-name')).includes(`${size}×${size}`)) return;
    assert.ok(Date.now() < deadline, `the map name still says ${await page.textContent('#map-name')}`);
    await page.waitForTimeout(100);
  }
}

// The search a change started has run to its end (on a big map its records are prepared first,
// then it runs in slices, one a frame: controller.js's preparing state and rush), then two
// animation frames: whatever it scheduled has been drawn.
async function settle(page) {
  await page.waitForFunction(() => !['playing', 'preparing'].includes(window.playground.controller.state), null, { timeout: 60000 });
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// What the user sees: the canvas pixels, the stats and the map name.
async function seen(page) {
  return {
    canvas: await page.evaluate(() => document.getElementById('grid').toDataURL()),  // the bitmap, not a toast over it
    cost: await page.getAttribute('#stat-path-cost', 'data-value'),
    costText: await page.textContent('#stat-path-cost'),
    status: await page.textContent('#stat-status'),
    name: await page.textContent('#map-name'),
  };
}

// The page's current query, for referenceCost.
function pageQuery(page) {
  return page.evaluate(() => {
    const e = window.playground.engine;
    return { start: e.start(), goal: e.goal(), settings: { ...e.settings }, width: e.width, height: e.height };
  });
}

function assertApplied(before, after, { size, cost }) {
  assert.notEqual(after.canvas, before.canvas, 'the canvas shows the new map');
  assert.match(after.name, new RegExp(`${size}×${size}`), `map name ${after.name}`);
  assert.notEqual(after.cost, before.cost, `path cost changed from ${before.costText}`);
  assert.ok(Math.abs(Number(after.cost) - cost) <= 1e-9 * Math.max(1, cost), `page shows cost ${after.cost}, the new map's is ${cost}`);
  assert.match(after.status, /found|path/i, `status ${after.status}`);
}

// Opens Large maze, records what is seen, runs change (real input), waits for a size x size
// map, and returns what is seen then with the page's query.
async function afterLargeMaze(page, errors, size, change) {
  await openLargeMaze(page);
  const before = await seen(page);
  await change();
  await waitForSize(page, errors, size);
  await settle(page);
  return { before, after: await seen(page), query: await pageQuery(page) };
}

test('after Large maze, Import… Paris_0_1024.map through the file chooser applies completely', { skip: !haveParis && `${paris} is absent` }, async () => {
  await withPage({}, async ({ page, errors }) => {
    const { before, after, query } = await afterLargeMaze(page, errors, 1024, async () => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#import-button')]);
      await chooser.setFiles(paris);
    });
    const ref = referenceCost({ text: fs.readFileSync(paris, 'utf8'), fileName: 'Paris_0_1024.map', ...query });
    assert.equal(ref.status, 2, 'the reference finds a path');
    assertApplied(before, after, { size: 1024, cost: ref.cost });
    assert.deepEqual(errors, []);
  });
});

test('after Large maze, New blank 2048 x 2048 applies completely', async () => {
  await withPage({}, async ({ page, errors }) => {
    const { before, after, query } = await afterLargeMaze(page, errors, 2048, async () => {
      await page.fill('#new-width', '2048');
      await page.fill('#new-height', '2048');
      await page.click('#new-map');
    });
    const blank = ['astar-map 1', 'size: 2048 x 2048', 'terrain: . 1 floor', 'grid:', ...Array(2048).fill('.'.repeat(2048)), ''].join('\n');
    const ref = referenceCost({ text: blank, ...query });
    assertApplied(before, after, { size: 2048, cost: ref.cost });
    assert.deepEqual(errors, []);
  });
});

test('after Large maze, a 2048 x 2048 share link applies completely', async () => {
  // A 2048 x 2048 map with a wall down the middle (a gap at the bottom), made into a link by
  // the page's own encoder and opened as a pasted link would be (hashchange).
  const rows = [];
  for (let y = 0; y < 2048; y++) rows.push(y < 2040 ? `${'.'.repeat(1024)}#${'.'.repeat(1023)}` : '.'.repeat(2048));
  const text = ['astar-map 1', 'name: Big link', 'size: 2048 x 2048', 'terrain: . 1 floor', 'terrain: # wall wall',
    'start: 0 0', 'goal: 2047 0', 'grid:', ...rows, ''].join('\n');
  await withPage({}, async ({ page, errors }) => {
    const { before, after, query } = await afterLargeMaze(page, errors, 2048, async () => {
      const fragment = await page.evaluate(async (map) => {
        const { documentLink } = await import('./js/document/encodings.js');
        return documentLink({ map, settings: { ...window.playground.engine.settings } });
      }, text);
      await page.evaluate((f) => { location.hash = f; }, fragment);
    });
    assert.deepEqual([query.start, query.goal], [0, 2047], 'the link\'s start and goal');
    const ref = referenceCost({ text, ...query });
    assert.equal(ref.status, 2);
    assert.ok(ref.cost > 2 * 2040, `the way round the wall (${ref.cost})`);
    assertApplied(before, after, { size: 2048, cost: ref.cost });
    assert.match(after.name, /Big link/);
    assert.deepEqual(errors, []);
  });
});
