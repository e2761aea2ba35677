// Engine times at the clock's precision (issue 35): Chromium's performance.now() steps by
// 0.1 ms, Firefox's by 1 ms; the page measures the step and shows one decimal in Chromium and
// whole milliseconds or "< 1 ms" in Firefox, never "0.05 ms" or "< 0.1 ms" there. The Firefox
// test skips (ASTAR_SKIP) where Firefox or puppeteer-core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openFirefoxPage } from './engines.mjs';
import { withPage, distDir } from './support.mjs';

// Two bundled maps (a small one and the 257 x 257 maze) and the names the engine gives them.
const kMaps = ['arcade.map.txt', 'maze_257.map.txt'];
const kTitles = Object.fromEntries(JSON.parse(fs.readFileSync(path.join(distDir, 'maps/index.json'), 'utf8')).maps.map((m) => [m.file, m.title]));
const loaded = ([file, title]) => document.getElementById('map-select').value === file && window.playground.engine.name() === title;

test('Chromium: the clock step is 0.1 ms and engine times have one decimal', async () => {
  await withPage({}, async ({ page }) => {
    const step = await page.evaluate(async () => (await import(new URL('js/clock.js', location.href).href)).clockStepMs());
    assert.equal(step, 0.1, 'Chromium coarsens performance.now() to 0.1 ms');
    const shown = [];
    for (const map of kMaps) {
      await page.selectOption('#map-select', map);
      await page.waitForFunction(loaded, [map, kTitles[map]]);
      await page.click('#finish');
      await page.waitForFunction(() => window.playground.controller.state === 'finished');
      shown.push(await page.textContent('#stat-time'));
    }
    for (const text of shown) assert.match(text, /^(< 0\.1|\d+\.\d) ms$/, `engine time as shown: ${text}`);
    console.log(`Chromium engine times: ${shown.join(', ')}`);
  });
});

test('Firefox: the clock step is 1 ms and engine times are whole milliseconds', async (t) => {
  const session = await openFirefoxPage();
  if (session.skip) {
    console.log(`ASTAR_SKIP: ${session.skip}`);
    t.skip(session.skip);
    return;
  }
  try {
    const step = await session.evaluate(async () => (await import(new URL('js/clock.js', location.href).href)).clockStepMs());
    assert.equal(step, 1, 'Firefox coarsens performance.now() to 1 ms');
    const shown = [];
    for (const map of kMaps) {
      await session.select('#map-select', map);
      await session.waitFor(loaded, [map, kTitles[map]]);
      await session.click('#finish');
      await session.waitFor(() => window.playground.controller.state === 'finished');
      shown.push(await session.evaluate(() => document.getElementById('stat-time').textContent));
    }
    for (const text of shown) assert.match(text, /^(< 1|\d+) ms$/, `engine time as shown: ${text}`);
    console.log(`Firefox engine times: ${shown.join(', ')}`);
    assert.deepEqual(await session.errors(), []);
  } finally {
    await session.close();
  }
});
