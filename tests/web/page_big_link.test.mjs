// Opening a 4096 x 4096 share link (issue 31) by a click: the click's task is short, the link's
// JSON is parsed without its map text, which is decoded in slices (json_long_string.js), the
// map is read a band of rows per task (core's MapTextReader: engine.js's prepareText starts at 8
// rows and at most doubles a band, aiming at ~20 ms each), and the search's per-node records are
// grown in slices before its begin (Search::prepareRecords, the controller's preparing state);
// the text is not written out again (undo and autosave do not need it) and the canvas's layers
// hold about the canvas's pixels. What is asserted is the slicing, in work units (page_work.mjs):
// nothing heavy runs inside the click's task; no JSON.parse or UTF-8 decode takes more than a
// piece of the text; the rows come in at least 9 bands, each in a task of its own; the records
// are grown over several tasks and complete before the search begins. (The wall-clock bound
// this replaced, no task over 200 ms, failed at load 5-9: a task's wall time there is several
// times its work.) The longest task and the click's are recorded as figures (page_figures.mjs)
// with the project's 200 ms budget. The opened map is the link's (its cells, and the search's
// cost against the native engine on the same map text), and no message holds an exception's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, nativeCost } from './support.mjs';
import { installWorkLog } from './page_work.mjs';
import { pageFigure } from './page_figures.mjs';

const kSide = 4096;
const kLongTaskMs = 200;  // the project's budget for one task: a figure's, not asserted
const kPieceChars = 1 << 20;  // json_long_string.js: the map text is decoded this much at a time (to a line's end)
const kDecodeBatchBytes = 1 << 20;  // share.js: inflated bytes decoded as UTF-8 at a time (plus one chunk)
const kFirstBandRows = 8;  // engine.js's prepareText: the first band's rows; a band at most doubles the last
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
    await page.evaluate(installWorkLog);
    await page.evaluate((fragment) => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration }); })
        .observe({ type: 'longtask' });
      // When core allocates a 4096² map's grid (MapTextLoad.begin) and the search's records for
      // its cells (the search's begin), each band of rows, and the click's task in page code.
      const app = window.playground, engine = app.engine, watch = window.workLog.watch;
      watch('grid', engine.core.MapTextLoad.prototype, 'begin');
      watch('band', engine.core.MapTextLoad.prototype, 'read');
      watch('search', engine, 'begin');
      watch('records', engine, 'preprocess');
      watch('commit', engine, 'loadText');
      watch('restore', app.store, 'restore');
      watch('draw', app.renderer, 'draw');
      watch('json', JSON, 'parse');
      watch('utf-8', TextDecoder.prototype, 'decode');
      watch('click', app.files, 'openLinkFromLocation');  // its task's part: up to the first await
      const a = document.createElement('a');
      a.id = 'big-link';
      a.href = `#${fragment}`;
      a.textContent = 'a big map';
      document.body.prepend(a);
    }, made.fragment);
    await page.waitForTimeout(300);  // the argument's transfer is not the page's work
    await page.evaluate(() => { window.longTasks = []; window.workLog.calls = []; window.clickedAt = performance.now(); });
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
      const e = window.playground.engine;
      return { ms, tasks: window.longTasks, calls: window.workLog.calls, cost: e.stats().pathCost, expanded: e.stats().expanded, start: e.start(), goal: e.goal(),
        message: document.getElementById('message').textContent, drawMs: window.playground.renderer.lastDrawMs };
    });
    // The figures: every long task, and the calls in which core starts the grid (MapTextLoad's
    // begin: its arrays' room) and begins the search.
    const calls = (what) => result.calls.filter((a) => a.what === what);
    const list = (tasks) => tasks.map((t) => t.ms.toFixed(0)).join(', ') || 'none';
    const longest = Math.max(0, ...result.tasks.map((t) => t.ms));
    const bands = calls('band'), records = calls('records'), slowestBegin = Math.max(0, ...calls('search').map((a) => a.ms));
    const tasksOf = (what) => new Set(calls(what).map((a) => a.task)).size;
    console.log(`opened and found in ${(result.ms / 1000).toFixed(1)} s (${result.expanded.toLocaleString('en')} expanded); ` +
      `long tasks: ${list(result.tasks)} ms (longest ${longest.toFixed(0)} ms; ` +
      `grid ${calls('grid').map((a) => a.ms.toFixed(0))} ms, search ${calls('search').map((a) => a.ms.toFixed(0)).join(', ')} ms, ` +
      `records in ${records.length} calls over ${tasksOf('records')} tasks, the slowest ${Math.max(...records.map((a) => a.ms)).toFixed(0)} ms); ` +
      `${bands.length} bands of rows (${bands.map((b) => b.arg).join(', ')}), the slowest ${Math.max(...bands.map((b) => b.ms)).toFixed(0)} ms; ` +
      `JSON.parse ${calls('json').length} calls, UTF-8 ${calls('utf-8').length} batches; the click's task ${calls('click')[0]?.ms.toFixed(0)} ms; ` +
      `last frame drawn in ${result.drawMs.toFixed(1)} ms`);
    // Each long task with the timed calls that began in it (those of 5 ms or more).
    const inside = (t) => {
      const parts = {};
      for (const a of result.calls) if (a.start >= t.start && a.start < t.start + t.ms) parts[a.what] = (parts[a.what] ?? 0) + a.ms;
      return Object.entries(parts).filter(([, ms]) => ms >= 5).map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join(' + ') || 'other';
    };
    console.log(`long tasks and what ran in them (ms): ${result.tasks.map((t) => `${t.ms.toFixed(0)} (${inside(t)})`).join('; ') || 'none'}`);
    pageFigure('big link 4096²: longest task, click to drawn result', longest, kLongTaskMs);
    pageFigure('big link 4096²: the click\'s task (page code)', calls('click')[0]?.ms ?? NaN, kLongTaskMs);
    pageFigure('big link 4096²: the search\'s begin', slowestBegin, kLongTaskMs);

    // The click's own task only starts the opening: none of the heavy calls ran inside it.
    assert.equal(calls('click').length, 1, 'the click opened the link');
    const heavy = (a) => a.what !== 'json' || a.arg > 65536;  // a small JSON.parse (of a setting, say) is not
    const inClick = result.calls.filter((a) => a.inside.includes('click') && heavy(a));
    assert.deepEqual(inClick.map((a) => a.what), [], 'heavy work ran inside the click\'s task');
    // The link's JSON is parsed without its map text and the text decoded a piece at a time
    // (one JSON.parse of the whole ~16.8 MB document took up to a second); the inflated bytes
    // are decoded as UTF-8 a batch at a time.
    const biggestParse = Math.max(...calls('json').map((a) => a.arg));
    assert.ok(calls('json').length >= 8 && biggestParse <= kPieceChars + 2 * kSide + 2,
      `JSON.parse in ${calls('json').length} calls, the longest text ${biggestParse} characters`);
    const biggestBatch = Math.max(...calls('utf-8').map((a) => a.arg));
    assert.ok(calls('utf-8').length >= 8 && biggestBatch <= 2 * kDecodeBatchBytes,
      `UTF-8 decoded in ${calls('utf-8').length} batches, the biggest ${biggestBatch} bytes`);
    // The map is read a band of rows at a time, each band in a task of its own: the first of 8
    // rows, each at most twice the last, so at least 9 bands for 4,096 rows whatever the speed.
    assert.equal(calls('grid').length, 1, 'the map was read into one grid');
    assert.ok(bands[0].arg <= kFirstBandRows && bands.every((b, i) => i === 0 || b.arg <= 2 * bands[i - 1].arg),
      `bands of ${bands.map((b) => b.arg).join(', ')} rows: the first of ${kFirstBandRows} at most, each at most twice the last`);
    const rowsAsked = bands.reduce((sum, b) => sum + b.arg, 0), lastBand = bands[bands.length - 1]?.arg;
    assert.ok(rowsAsked >= kSide && rowsAsked - lastBand < kSide, `the bands (${rowsAsked} rows asked) cover the map's rows, the last one ends it`);
    assert.ok(bands.length >= 9, `${bands.length} bands`);
    assert.ok(bands.every((b, i) => i === 0 || b.task > bands[i - 1].task), `the bands' tasks: ${bands.map((b) => b.task).join(', ')}`);
    // The search's records are grown in slices over several tasks (its begin allocated and
    // cleared 320 MB at once: 0.5-1.8 s), complete before the search begins.
    assert.ok(calls('search').length >= 1, 'the search began');
    assert.ok(records.length >= 3 && tasksOf('records') >= 3, `the records were grown in ${records.length} calls over ${tasksOf('records')} tasks`);
    const firstBegin = result.calls.indexOf(calls('search')[0]);
    const grownBefore = result.calls.slice(0, firstBegin).filter((a) => a.what === 'records');
    assert.ok(grownBefore.length >= 3 && grownBefore[grownBefore.length - 1].ret >= 1,
      `the records were complete before the search began (${grownBefore.map((a) => a.ret?.toFixed(3)).join(', ')})`);
    // The link's map: its cells, start and goal; the cost the native engine finds on its text.
    assert.equal(await page.evaluate(cellsHash), made.hash, 'the cells are the link\'s');
    assert.deepEqual([result.start, result.goal], [made.start, made.goal]);
    const native = await nativeCost(mapFile, 0, 0, kSide - 1, kSide - 1);
    assert.ok(Math.abs(native - result.cost) < 1e-6 * native, `native ${native}, page ${result.cost}`);
    // No exception text in any message.
    assert.doesNotMatch(result.message, /astar:|std::|bad_alloc|Error\b|exception/i);
  });
});
