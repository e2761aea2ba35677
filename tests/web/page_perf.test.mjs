// Frame work while animating a search on a 512 x 512 map (measured and reported, not
// asserted as a time: the machine is shared). Frame work = engine steps + state upload +
// drawing, measured in the page around each animation frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, saveScreenshot } from './support.mjs';

test('animating a search on a 512 x 512 map: frame work per frame (reported)', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#generator', 'random');
    await page.fill('#new-width', '512');
    await page.fill('#new-height', '512');
    await page.fill('#seed', '7');
    await page.click('#generate');
    assert.equal(await page.evaluate(() => window.playground.engine.width * window.playground.engine.height), 512 * 512);
    await page.uncheck('#live');
    const results = [];
    for (const perFrame of [100, 1000]) {
      const slider = Math.round(25 * Math.log10(perFrame));
      await page.fill('#speed', String(slider));  // fires input
      assert.equal(await page.evaluate(() => window.playground.speed), Math.round(10 ** (slider / 25)));
      await page.click('#reset');
      await page.click('#play');
      await page.waitForFunction(() => !window.playground.playing || window.playground.frameWork.length >= 150, null, { timeout: 60000 });
      await page.click('#reset');  // stops playing
      const r = await page.evaluate(() => ({ ...window.playground.frameStats(), expanded: 0 }));
      assert.ok(r.frames >= 10, `${r.frames} frames animated`);
      r.perFrame = await page.evaluate(() => window.playground.speed);
      results.push(r);
      console.log(`512x512, ${r.perFrame} expansions/frame: ${r.frames} frames, frame work mean ${r.meanMs.toFixed(2)} ms, ` +
        `p95 ${r.p95Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms (target: under 8 ms)`);
    }
    // Drawing alone (no engine work), for the report.
    const draw = await page.evaluate(() => {
      const r = window.playground.renderer, times = [];
      for (let i = 0; i < 30; ++i) {
        r.markStateDirty();
        const t0 = performance.now();
        r.draw();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return { median: times[15], max: times[29] };
    });
    console.log(`512x512 redraw with state upload: median ${draw.median.toFixed(2)} ms, max ${draw.max.toFixed(2)} ms`);
    await page.click('#finish');
    console.log(`screenshot: ${await saveScreenshot(page, 'perf-512.png')}`);
  });
});
