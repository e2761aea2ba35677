// Opening a 4096 x 4096 share link (issue 31) by a click: the click's task is short, the link's
// JSON is parsed without its map text, which is decoded in slices (json_long_string.js), the
// map is read a band of rows per task (core's MapTextReader, bands of ~20 ms, the grid's rows
// filled with them), and the search's per-node records are grown in slices before its begin
// (Search::prepareRecords, the controller's preparing state); the text is not written out again
// (undo and autosave do not need it) and the canvas's layers hold about the canvas's pixels.
// Every long task from the click to the drawn result is printed (PerformanceObserver
// 'longtask') with the timed calls that began in it, and the issue's bound is asserted: no task
// over 200 ms from the click to the drawn result (on an idle 2-core machine the longest was
// 111-122 ms; under a load of 10-20 a task's wall time is several times its work, and it fails).
// The opened map is the link's (its cells, and the search's cost against the native engine on
// the same map text), and no message holds an exception's text. The figures are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, nativeCost } from './support.mjs';

const kSide = 4096;
const kLongTaskMs = 200;
// Walls in a pattern that deflates well (the link stays small): a barrier beside the start that
// the search goes around, and every 256th row walled on every 5th cell.
function buildWalls(side) {
  const e = window.playground.engine;
  for (let y = 0; y < 300; ++y) e.setWall(200, y);
  for (let y = 256; y < side; y += 256) for (let x = 0; x < side; x += 5) e.setWall(x, y);
}

// A hash of the map's cells (wall or not), in the page.
function cellsHash() {
  let h = 2166136261;
  const c = window.playground.engine.costs();
  for (let i = 0; i < c.length; i++) h = Math.imul(h ^ (c[i] > 0 ? 1 : 0), 16777619);
  return h >>> 0;
}

test('opening a 4096 x 4096 share link: a short click task, the map read in bands, the link\'s map and path', { timeout: 280000 }, async () => {
  // The link, made by the page's own encoding (document/encodings.js, as Share makes it) of a map built in a page.
  const made = {};
  const mapFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-big-link-')), 'big.map.txt');
  await withPage({}, async ({ page }) => {
    await page.uncheck('#live');
    await page.evaluate((side) => window.playground.store.newBlank(side, side), kSide);
    await page.evaluate(buildWalls, kSide);
    Object.assign(made, await page.evaluate(async () => {
      const app = window.playground, e = app.engine;
      const { documentLink } = await import('./js/document/encodings.js');
      return { fragment: await documentLink(app.store.snapshot()), start: e.start(), goal: e.goal() };
    }));
    made.hash = await page.evaluate(cellsHash);
    fs.writeFileSync(mapFile, await page.evaluate(() => window.playground.docText()));
  });
  assert.deepEqual([made.start, made.goal], [0, kSide * kSide - 1]);
  console.log(`link: ${made.fragment.length.toLocaleString('en')} characters for a ${kSide} x ${kSide} map`);

  await withPage({}, async ({ page }) => {
    await page.evaluate((fragment) => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration }); })
        .observe({ type: 'longtask' });
      // When core allocates a 4096² map's grid (MapTextLoad.begin) and the search's records for
      // its cells (the search's begin), each band of rows, and the click's task in page code.
      window.allocations = [];
      const timed = (what, object, name) => {
        const call = object[name];
        object[name] = function (...args) {
          const t0 = performance.now(), out = call.apply(this, args);
          window.allocations.push({ what, start: t0, ms: performance.now() - t0 });
          return out;
        };
      };
      const app = window.playground, engine = app.engine;
      timed('grid', engine.core.MapTextLoad.prototype, 'begin');
      timed('band', engine.core.MapTextLoad.prototype, 'read');
      timed('search', engine, 'begin');
      timed('records', engine, 'preprocess');
      timed('commit', engine, 'loadText');
      timed('restore', app.store, 'restore');
      timed('draw', app.renderer, 'draw');
      timed('json', JSON, 'parse');
      timed('utf-8', TextDecoder.prototype, 'decode');
      timed('click', app.files, 'openLinkFromLocation');  // its task's part: up to the first await
      const a = document.createElement('a');
      a.id = 'big-link';
      a.href = `#${fragment}`;
      a.textContent = 'a big map';
      document.body.prepend(a);
    }, made.fragment);
    await page.waitForTimeout(300);  // the argument's transfer is not the page's work
    await page.evaluate(() => { window.longTasks = []; window.allocations = []; window.clickedAt = performance.now(); });
    await page.click('#big-link');
    // The drawn result: the link's map with the search found, and two frames drawn after it.
    await page.waitForFunction((side) => {
      const app = window.playground, e = app.engine;
      return e.width === side && e.status() === 2 && !app.playing &&
        document.getElementById('stat-status').textContent === 'found';
    }, kSide, { timeout: 240000, polling: 100 });
    const result = await page.evaluate(async () => {
      const ms = performance.now() - window.clickedAt;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 100));  // let the observer report
      const e = window.playground.engine, tasks = window.longTasks, allocations = window.allocations;
      return { ms, tasks, allocations, cost: e.stats().pathCost, expanded: e.stats().expanded, start: e.start(), goal: e.goal(),
        message: document.getElementById('message').textContent, drawMs: window.playground.renderer.lastDrawMs };
    });
    // The figures: every long task, and the calls in which core starts the grid (MapTextLoad's
    // begin: its arrays' room) and begins the search.
    const calls = (what) => result.allocations.filter((a) => a.what === what);
    const list = (tasks) => tasks.map((t) => t.ms.toFixed(0)).join(', ') || 'none';
    const longest = Math.max(0, ...result.tasks.map((t) => t.ms));
    const bands = calls('band'), slowestBand = Math.max(...bands.map((b) => b.ms));
    console.log(`opened and found in ${(result.ms / 1000).toFixed(1)} s (${result.expanded.toLocaleString('en')} expanded); ` +
      `long tasks: ${list(result.tasks)} ms (longest ${longest.toFixed(0)} ms; ` +
      `grid ${calls('grid').map((a) => a.ms.toFixed(0))} ms, search ${calls('search').map((a) => a.ms.toFixed(0)).join(', ')} ms, ` +
      `records in ${calls('records').length} calls, the slowest ${Math.max(...calls('records').map((a) => a.ms)).toFixed(0)} ms); ` +
      `${bands.length} bands of rows, the slowest ${slowestBand.toFixed(0)} ms; the click's task ${calls('click')[0]?.ms.toFixed(0)} ms; ` +
      `last frame drawn in ${result.drawMs.toFixed(1)} ms`);
    // Each long task with the timed calls that began in it (those of 5 ms or more).
    const inside = (t) => {
      const parts = {};
      for (const a of result.allocations) if (a.start >= t.start && a.start < t.start + t.ms) parts[a.what] = (parts[a.what] ?? 0) + a.ms;
      return Object.entries(parts).filter(([, ms]) => ms >= 5).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join(' + ') || 'other';
    };
    console.log(`long tasks and what ran in them (ms): ${result.tasks.map((t) => `${t.ms.toFixed(0)} (${inside(t)})`).join('; ') || 'none'}`);
    // What holds on a loaded machine: the click's own task is short, the map is read in bands of
    // ~20 ms of work (their wall times are printed: on a machine this loaded a band can be
    // descheduled), and the search began on the link's map.
    assert.equal(calls('click').length, 1, 'the click opened the link');
    assert.ok(calls('click')[0].ms < kLongTaskMs, `the click's task took ${calls('click')[0].ms} ms`);
    assert.equal(calls('grid').length, 1, 'the map was read a band of rows at a time');
    assert.ok(bands.length >= 8, `${bands.length} bands`);
    assert.ok(calls('search').length >= 1, 'the search began');
    // The search's records were grown in slices before it began, and its begin is short (it
    // allocated and cleared 320 MB at once: 0.5-1.8 s). (JSON.parse is printed, not asserted:
    // one run of six had a 956 ms call, a stall of the loaded VM or a collection of the text.)
    assert.ok(calls('records').length >= 3, `the records were grown in ${calls('records').length} calls`);
    const slowestBegin = Math.max(...calls('search').map((a) => a.ms));
    assert.ok(slowestBegin < kLongTaskMs, `the search's begin took ${slowestBegin.toFixed(0)} ms`);
    // The issue's bound: from the click to the drawn result, no task over 200 ms.
    assert.ok(longest < kLongTaskMs, `the longest task took ${longest.toFixed(0)} ms: ${list(result.tasks)}`);
    // The link's map: its cells, start and goal; the cost the native engine finds on its text.
    assert.equal(await page.evaluate(cellsHash), made.hash, 'the cells are the link\'s');
    assert.deepEqual([result.start, result.goal], [made.start, made.goal]);
    const native = await nativeCost(mapFile, 0, 0, kSide - 1, kSide - 1);
    assert.ok(Math.abs(native - result.cost) < 1e-6 * native, `native ${native}, page ${result.cost}`);
    // No exception text in any message.
    assert.doesNotMatch(result.message, /astar:|std::|bad_alloc|Error\b|exception/i);
  });
});
