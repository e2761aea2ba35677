// Frame work while animating a search on a 512 x 512 map, square and hex cells (measured and
// reported, not asserted as a time: the machine is shared). Frame work = engine steps + state
// upload + drawing, measured in the page around each animation frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, saveScreenshot, generateOnPage } from './support.mjs';
import { pageFigure } from './page_figures.mjs';

async function generate512(page) {
  await generateOnPage(page, 'random', 512, 512, 7);
  assert.equal(await page.evaluate(() => window.playground.engine.width * window.playground.engine.height), 512 * 512);
  await page.uncheck('#live');
}

// Plays the search at about perFrame expansions per frame (the speed is per second: perFrame x
// 60 at 60 Hz, to the slider's notch, ten per decade) for about 150 frames; returns the page's
// frame statistics.
async function animate(page, perFrame) {
  const notch = Math.round(10 * Math.log10(perFrame * 60));
  await page.fill('#speed', String(notch));  // fires input
  const perSecond = await page.evaluate(() => window.playground.speed);
  assert.ok(Math.abs(perSecond / 60 - perFrame) <= 0.15 * perFrame, `${perSecond}/s for ${perFrame} per frame`);
  await page.click('#reset');
  await page.click('#play');
  await page.waitForFunction(() => !window.playground.playing || window.playground.frameWork.length >= 150, null, { timeout: 60000 });
  await page.click('#reset');  // stops playing
  const r = await page.evaluate(() => ({ ...window.playground.frameStats(), mode: window.playground.renderer.lastMode,
    cell: window.playground.renderer.cell }));
  assert.ok(r.frames >= 10, `${r.frames} frames animated`);
  r.perFrame = Math.round(perSecond / 60);
  return r;
}

// Drawing alone (no engine work), with the state layer rebuilt each time (newView: hexagons
// drawn as for a new zoom or pan, not only the changed ones).
function redraw(page, newView = false) {
  return page.evaluate((fresh) => {
    const r = window.playground.renderer, times = [];
    for (let i = 0; i < 30; ++i) {
      r.markStateDirty();
      if (fresh && r.hexView) r.hexView.key = '';
      const t0 = performance.now();
      r.draw();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[15], max: times[29], mode: r.lastMode };
  }, newView);
}

const kFrameWorkMs = 8;  // the target for a frame's work: a figure's budget (page_figures.mjs), not asserted
function report(label, r) {
  console.log(`${label}, ${r.perFrame} expansions/frame (${r.mode}, ${r.cell.toFixed(2)} px/cell): ${r.frames} frames, ` +
    `frame work mean ${r.meanMs.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms (target: under ${kFrameWorkMs} ms)`);
  pageFigure(`animating ${label}, ${r.perFrame} expansions/frame: frame work p95`, r.p95Ms, kFrameWorkMs);
}

test('animating a search on a 512 x 512 map: frame work per frame (reported)', async () => {
  await withPage({}, async ({ page }) => {
    await generate512(page);
    for (const perFrame of [100, 1000]) report('512x512', await animate(page, perFrame));
    const draw = await redraw(page);
    console.log(`512x512 redraw with state upload: median ${draw.median.toFixed(2)} ms, max ${draw.max.toFixed(2)} ms`);
    await page.click('#finish');
    console.log(`screenshot: ${await saveScreenshot(page, 'perf-512.png')}`);
  });
});

test('the same on hex cells: brick layer when fitted, hexagons when zoomed in (reported)', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#cells', 'hex');
    await generate512(page);
    assert.equal(await page.evaluate(() => window.playground.engine.isHex()), true, 'the generated map keeps hex cells');
    // A* on hex cells finds this map's corner-to-corner path in about 3,000 expansions (the hex
    // distance is a close estimate here): Dijkstra keeps the animation going for the measurement.
    await page.selectOption('#algorithm', 'dijkstra');
    for (const perFrame of [100, 1000]) {
      const r = await animate(page, perFrame);
      assert.equal(r.mode, 'hex-brick');
      report('512x512 hex (Dijkstra)', r);
    }
    const draw = await redraw(page);
    console.log(`512x512 hex redraw with state upload (${draw.mode}): median ${draw.median.toFixed(2)} ms, max ${draw.max.toFixed(2)} ms`);
    await page.click('#finish');
    console.log(`screenshot: ${await saveScreenshot(page, 'perf-512-hex.png')}`);
    // Zoomed in on the start: hexagons drawn as paths (terrain cached per view, search state per frame).
    for (const cell of [10, 20]) {
      await page.evaluate((size) => {
        const r = window.playground.renderer, c = r.cellCenter(window.playground.engine.start());
        r.zoomAt(c.x, c.y, size / r.cell);
        r.pan(r.cssWidth / 2 - c.x, r.cssHeight / 2 - c.y);
      }, cell);
      const r = await animate(page, 100);
      assert.equal(r.mode, 'hex-vector');
      report(`512x512 hex zoomed to ${cell} px/cell (Dijkstra)`, r);
      await page.click('#step');
      await page.click('#finish');  // every visible cell searched: the most hexagons to draw
      const d = await redraw(page, true);
      console.log(`512x512 hex zoomed, every hexagon redrawn as for a new view (${d.mode}, ${cell} px/cell): ` +
        `median ${d.median.toFixed(2)} ms, max ${d.max.toFixed(2)} ms`);
      const pan = await page.evaluate(() => {  // dragging the view: whole-pixel pans
        const r = window.playground.renderer, times = [];
        for (let i = 0; i < 30; ++i) {
          r.pan(i % 2 ? 6 : -4, i % 3 ? 3 : -5);
          const t0 = performance.now();
          r.draw();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        return { median: times[15], max: times[29], mode: r.lastMode };
      });
      assert.equal(pan.mode, 'hex-vector');
      console.log(`512x512 hex zoomed, panning by a few pixels per frame (${cell} px/cell): median ${pan.median.toFixed(2)} ms, max ${pan.max.toFixed(2)} ms`);
    }
    await page.click('#finish');
    console.log(`screenshot: ${await saveScreenshot(page, 'perf-512-hex-zoomed.png')}`);
  });
});
