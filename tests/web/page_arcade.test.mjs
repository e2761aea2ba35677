// The arcade look (issue 19): the first view is the bundled arcade maze drawn in the arcade
// look, with the path from the default start to the default goal through the tunnel; the look
// is switchable; screenshots of it on a desktop and a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, saveScreenshot, generateOnPage } from './support.mjs';
import { hidePathViews } from './arcade_support.mjs';

// The canvas pixel (device pixels) at the centre of cell n, as RGB.
function pixelAtCell(page, n) {
  return page.evaluate((cell) => {
    const r = window.playground.renderer, c = r.cellCenter(cell);
    const d = r.ctx.getImageData(Math.round(c.x * r.dpr), Math.round(c.y * r.dpr), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, n);
}
const near = (a, b, tolerance = 40) => a.every((v, k) => Math.abs(v - b[k]) <= tolerance);

// The first view opens unsolved (page_watch): Finish (a real click) shows its search.
async function firstView(page) {
  await page.click('#finish');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const app = window.playground, e = app.engine, path = Array.from(e.path()), w = e.width;
    // A step between the two border cells of a row is a step through the tunnel.
    const tunnelSteps = path.filter((n, i) => i > 0 && Math.floor(n / w) === Math.floor(path[i - 1] / w) &&
      Math.abs((n % w) - (path[i - 1] % w)) === w - 1).length;
    return {
      name: e.name(), mode: app.renderer.lastMode, look: app.renderer.canvas.dataset.look, status: e.status(),
      path, tunnelSteps, start: e.start(), goal: e.goal(), width: w, height: e.height, wrapX: e.wrapX(),
      diagonal: e.diagonal(), palette: app.renderer.palette.path,
    };
  });
}

test('the first view: the arcade maze in the arcade look, the path from the default start and goal through the tunnel', async () => {
  await withPage({}, async ({ page }) => {
    await hidePathViews(page);
    const v = await firstView(page);
    assert.equal(v.name, 'Arcade');
    assert.equal(await page.inputValue('#map-select'), 'arcade.map.txt');
    assert.equal(v.mode, 'arcade');
    assert.equal(v.look, 'arcade');
    assert.equal(v.diagonal, 0);
    assert.ok(v.wrapX);
    assert.equal(v.path[0], v.start);
    assert.equal(v.path[v.path.length - 1], v.goal);
    assert.equal(v.tunnelSteps, 1, `the path ${v.path.join(',')} goes through the tunnel once`);
    // What is drawn: the path's colour at a path cell in the middle of the path, the dark floor
    // at a floor cell the search never reached... and no white anywhere in the maze.
    const pathColour = v.palette.match(/\d+/g).map(Number);
    const middle = v.path[Math.floor(v.path.length / 2)];
    assert.ok(near(await pixelAtCell(page, middle), pathColour), `path cell ${middle}: ${await pixelAtCell(page, middle)}`);
    const unseenFloor = await page.evaluate(() => {
      const e = window.playground.engine, c = e.costs(), s = e.states(), path = new Set(e.path());
      for (let n = 0; n < c.length; ++n) if (c[n] > 0 && s[n] === 0 && !path.has(n)) return n;
      return -1;
    });
    if (unseenFloor >= 0) {
      // Pellets are on: the centre is the pellet; its corner is the floor.
      const floor = await page.evaluate((cell) => {
        const r = window.playground.renderer, c = r.cellCenter(cell), q = r.cell * 0.3;
        const d = r.ctx.getImageData(Math.round((c.x - q) * r.dpr), Math.round((c.y - q) * r.dpr), 1, 1).data;
        return [d[0], d[1], d[2]];
      }, unseenFloor);
      assert.ok(floor.every((x) => x < 40), `the floor is dark: ${floor}`);
    }
    console.log(`first view: ${v.width}x${v.height}, path of ${v.path.length} cells through the tunnel`);
    console.log(`screenshot: ${await saveScreenshot(page, 'arcade-desktop.png')}`);
    // Switchable: squares, then back to auto.
    await page.selectOption('#look', 'square');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => window.playground.renderer.lastMode), 'square');
    await page.selectOption('#look', 'auto');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => window.playground.renderer.lastMode), 'arcade');
    // Auto picks squares for an 8-way map of open ground...
    const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await generateOnPage(page, 'random', 30, 20, 3);
    await frames();
    assert.equal(await page.evaluate(() => window.playground.renderer.lastMode), 'square');
    // ...the arcade look for a generated 4-way maze of one-cell corridors...
    await generateOnPage(page, 'backtracker', 41, 41, 2);
    await frames();
    assert.equal(await page.evaluate(() => window.playground.renderer.lastMode), 'arcade');
    // ...and squares again for the 257 x 257 maze (too many cells for outlines).
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await frames();
    assert.equal(await page.evaluate(() => window.playground.renderer.lastMode), 'square');
  });
});

test('the arcade look on a phone', async () => {
  await withPage({ viewport: { width: 390, height: 844 } }, async ({ page }) => {
    const v = await firstView(page);
    assert.equal(v.mode, 'arcade');
    assert.equal(v.tunnelSteps, 1);
    console.log(`screenshot: ${await saveScreenshot(page, 'arcade-phone.png')}`);
  });
});
