// JPS+ on the page (issue 15): its per-map tables are built a slice per frame with a progress
// bar (the controller's preparing state), the page keeps drawing meanwhile, an edit during the
// build starts it again for the new map, and the search that follows equals the native one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, nativeCost, saveScreenshot, clickCell, cellPoint } from './support.mjs';

const kSide = 48;  // 2,304 open cells: goal bounding is built (one Dijkstra per open cell)

// Opens a blank kSide x kSide map, 8-way without corner cutting (JPS+'s rule), start and goal
// in opposite corners, A* selected; returns nothing.
async function blankMap(page) {
  await page.evaluate((side) => {
    const store = window.playground.store;
    store.setSettings({ algorithm: 'astar' });
    const problem = store.newBlank(side, side);
    if (problem) throw new Error(problem);
  }, kSide);
  const value = await page.evaluate(() => String(window.playground.engine.registry.movements.findIndex((m) => m.name === 'only-when-no-obstacles')));
  await page.selectOption('#diagonal', value);
  await clickCell(page, 1 * kSide + 1);
  await clickCell(page, 40 * kSide + (kSide - 3), { button: 'right' });
}

// Watches the progress bar until it is hidden again: the values it showed and the frames the
// page drew meanwhile.
async function watchPreparation(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const box = document.getElementById('preprocess'), bar = document.getElementById('preprocess-progress');
    const seen = [], t0 = performance.now();
    let frames = 0;
    const frame = () => {
      frames++;
      if (!box.hidden) {
        seen.push(bar.value);
        requestAnimationFrame(frame);
      } else {
        resolve({ seen, frames, ms: performance.now() - t0 });
      }
    };
    requestAnimationFrame(frame);
  }));
}

async function nativeJpsPlusCost(page) {
  const { text, start, goal, width } = await page.evaluate(() => {
    const e = window.playground.engine;
    return { text: window.playground.docText(), start: e.start(), goal: e.goal(), width: e.width };
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-pre-')), 'map.map.txt');
  fs.writeFileSync(file, text);
  return nativeCost(file, start % width, Math.floor(start / width), goal % width, Math.floor(goal / width), 'jps-plus', 'octile');
}

test('choosing JPS+ on a 2,304-cell map shows the table build as a progress bar, keeps drawing, then searches', async () => {
  await withPage({}, async ({ page }) => {
    await blankMap(page);
    assert.equal(await page.isHidden('#preprocess'), true);
    await page.selectOption('#algorithm', 'jps-plus');
    // live is on: the re-run waits for the tables.
    // Watch from the first frame on: on a fast machine the whole build takes ~10 frames, and the
    // checks and the screenshot below must not use them up before the watch begins.
    const watching = watchPreparation(page);
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'preparing');
    assert.equal(await page.isVisible('#preprocess'), true);
    await saveScreenshot(page, 'preprocess-progress.png');
    const watched = await watching;
    assert.ok(watched.seen.length >= 3, `progress shown over ${watched.seen.length} frames`);
    assert.ok(watched.seen.every((v, i) => i === 0 || v >= watched.seen[i - 1]), 'progress never goes back');
    assert.ok(watched.seen.some((v) => v > 0 && v < 1), `values between 0 and 1: ${watched.seen.slice(0, 5)}`);
    assert.ok(watched.frames >= watched.seen.length, 'the page drew a frame per slice');
    console.log(`JPS+ tables for ${kSide} x ${kSide}: ${watched.frames} frames over ${Math.round(watched.ms)} ms`);
    const stats = await page.evaluate(() => ({ status: window.playground.engine.status(), cost: window.playground.engine.stats().pathCost }));
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'finished');
    assert.equal(await page.textContent('#stat-status'), 'found');
    const native = await nativeJpsPlusCost(page);
    assert.ok(Math.abs(stats.cost - native) < 1e-9, `page ${stats.cost} vs native ${native}`);
    // The tables are kept: another query on the same map needs no preparation.
    await clickCell(page, 5 * kSide + 40);
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'finished');
    assert.equal(await page.isHidden('#preprocess'), true);
  });
});

test('an edit while the tables are built starts them again for the new map; Reset drops the wait', async () => {
  await withPage({}, async ({ page }) => {
    await blankMap(page);
    await page.selectOption('#algorithm', 'jps-plus');
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'preparing');
    await page.waitForFunction(() => document.getElementById('preprocess-progress').value > 0.05);
    // A wall across most of the map, painted with the mouse (the wall tool).
    await page.check('input[name="tool"][value="wall"]');
    const before = await page.evaluate(() => document.getElementById('preprocess-progress').value);
    const top = await cellPoint(page, 0 * kSide + kSide / 2), bottom = await cellPoint(page, (kSide - 8) * kSide + kSide / 2);
    await page.mouse.move(top.x, top.y);
    await page.mouse.down();
    await page.mouse.move(bottom.x, bottom.y, { steps: 40 });
    await page.mouse.up();
    assert.equal(await page.evaluate((n) => window.playground.engine.costs()[n], 20 * kSide + kSide / 2), 0, 'the wall is painted');
    const after = await page.evaluate(() => document.getElementById('preprocess-progress').value);
    assert.ok(after < before, `progress restarted: ${before} -> ${after}`);
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'preparing');
    await page.waitForFunction(() => window.playground.controller.state === 'finished', null, { timeout: 120000 });
    const cost = await page.evaluate(() => window.playground.engine.stats().pathCost);
    assert.ok(Math.abs(cost - await nativeJpsPlusCost(page)) < 1e-9);
    // Reset while preparing: nothing waits any more, and no search runs.
    await page.selectOption('#diagonal', await page.evaluate(() => String(window.playground.engine.registry.movements.findIndex((m) => m.name === 'always'))));
    await page.selectOption('#diagonal', await page.evaluate(() => String(window.playground.engine.registry.movements.findIndex((m) => m.name === 'only-when-no-obstacles'))));
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'preparing');
    await page.click('#reset');
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'idle');
    assert.equal(await page.isHidden('#preprocess'), true);
  });
});
