// Hostile and failing documents (issue 31): a deflate bomb (700 MB once inflated) given to the
// page's link opener is refused after inflating no more than the page's limit (24 MB) and
// decoding a few kilobytes of its base64 text, its inflated chunks read over several tasks
// (share.js's readSliced gives the page a task every kPumpSliceMs): counted in bytes and tasks
// (page_work.mjs), not in milliseconds. The time to refuse and the longest task are figures
// (page_figures.mjs: budgets 500 and 200 ms), not asserted: at load 5-9 they failed runs. (Put
// in the address bar instead, Chromium itself spends ~120 ms assigning a 951,000-character
// fragment and ~200 ms more before 'hashchange' fires: not the page's code.)
// an engine failure (out of memory, an internal error) reaches the user as a sentence, never
// an exception's text; a path worker whose wasm cannot load says so in its panel row, and the
// page logs no uncaught error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { withPage, generateOnPage } from './support.mjs';
import { installWorkLog } from './page_work.mjs';
import { pageFigure } from './page_figures.mjs';

const kMaxInflatedBytes = 24 * 1024 * 1024;  // share.js: a link's content is refused past this
const kPumpSliceMs = 40;  // share.js: the inflating read gives the page a task after this long

// 700 MB of spaces, deflated a megabyte at a time (the whole buffer is never in memory).
function bombFragment() {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts = [];
  deflate.on('data', (c) => parts.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < 700; ++i) deflate.write(megabyte);
  deflate.end();
  return done.then(() => `#v1.${Buffer.concat(parts).toString('base64url')}`);
}

test('a 700 MB deflate bomb is refused after inflating at most 24 MB, read over several tasks, the map kept', async () => {
  const fragment = await bombFragment();
  console.log(`bomb: ${fragment.length.toLocaleString('en')} characters of link for 700 MB inflated`);
  await withPage({}, async ({ page }) => {
    const before = await page.evaluate(() => window.playground.docText());
    await page.evaluate(installWorkLog);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
        .observe({ type: 'longtask' });
      document.getElementById('message').textContent = '';
      // The base64 text decoded (share.js's decodedSlices: atob a slice at a time) and each
      // chunk a stream's reader got (the inflated bytes), with the task it came in.
      window.workLog.watch('base64', window, 'atob');
      window.chunks = [];
      const read = ReadableStreamDefaultReader.prototype.read;
      ReadableStreamDefaultReader.prototype.read = function (...args) {
        const asked = performance.now();
        return read.apply(this, args).then((r) => {
          const at = performance.now();
          if (!r.done && r.value?.byteLength) window.chunks.push({ bytes: r.value.byteLength, task: window.workLog.task, at, readMs: at - asked });
          return r;
        });
      };
    });
    // Measured without the service worker's install beside it (openPage turns it off): it
    // stores every file of the build, each brotli-compressed on first use by the server in this
    // process, and beside it the bomb was refused in 165-514 ms (ten runs; one failed make test
    // at 507 ms), 147-201 ms without it. Nor is the argument's transfer measured.
    await page.evaluate((f) => { window.bomb = f; }, fragment);
    await page.waitForTimeout(300);
    const result = await page.evaluate(async () => {
      window.longTasks = [];
      window.workLog.calls = [];
      window.chunks = [];
      const t0 = performance.now();
      const opened = await window.playground.files.openLink(window.bomb);
      if (opened) throw new Error('the bomb opened');
      const ms = performance.now() - t0;
      await new Promise((resolve) => setTimeout(resolve, 100));  // let the observer report
      return { ms, longest: Math.max(0, ...window.longTasks), message: document.getElementById('message').textContent,
        base64: window.workLog.calls.filter((c) => c.what === 'base64').reduce((sum, c) => sum + c.arg, 0), chunks: window.chunks };
    });
    const inflated = result.chunks.reduce((sum, c) => sum + c.bytes, 0), tasks = new Set(result.chunks.map((c) => c.task)).size;
    const readMs = result.chunks.length ? result.chunks[result.chunks.length - 1].at - result.chunks[0].at : 0;
    const longestRead = Math.max(0, ...result.chunks.map((c) => c.readMs));
    console.log(`bomb refused in ${result.ms.toFixed(0)} ms, longest task ${result.longest.toFixed(0)} ms; ` +
      `${result.base64.toLocaleString('en')} characters of base64 decoded, ${inflated.toLocaleString('en')} bytes inflated in ` +
      `${result.chunks.length} chunks over ${tasks} tasks in ${readMs.toFixed(0)} ms: ${result.message}`);
    pageFigure('deflate bomb: time to refuse', result.ms, 500);
    pageFigure('deflate bomb: longest task', result.longest, 200);
    assert.match(result.message, /too large \(over 24 MB when unpacked\)/);
    // Refused at the limit: no more than the limit and a few chunks inflated, and only the
    // base64 text that deflated to it decoded (a 1,026-byte slice inflates to ~1 MB at most).
    assert.ok(inflated > kMaxInflatedBytes && inflated <= kMaxInflatedBytes + (4 << 20), `${inflated} bytes inflated`);
    assert.ok(result.base64 <= fragment.length / 10, `${result.base64} of ${fragment.length} characters of base64 decoded`);
    // The reading gave the page back. readSliced looks at its clock before each read and yields
    // once kPumpSliceMs have passed, so chunks that came over more than kPumpSliceMs plus the
    // longest single read (the page's own clock) cannot all be in one task; a read loop that
    // never yields is one task whatever the time. (The span is ~80 ms on this machine idle,
    // more under load: the bound's condition holds both ways.)
    const mustYield = readMs > kPumpSliceMs + longestRead;
    console.log(`the chunks came over ${readMs.toFixed(1)} ms, the longest read ${longestRead.toFixed(1)} ms: ${mustYield ? 'a yield is due' : 'too short to need a yield'}`);
    if (mustYield) assert.ok(tasks >= 2, `the inflated chunks were read in ${tasks} task(s) over ${readMs.toFixed(0)} ms`);
    assert.equal(await page.evaluate(() => window.playground.docText()), before, 'the map is kept');
  });
});

test('an engine failure is a sentence: the smoothed line out of memory, an internal error', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.agents);
    await generateOnPage(page, 'backtracker', 21, 21, 5);
    // The engine's own failures, as its bindings throw them (web_engine.h: "astar: " + what()).
    const messages = await page.evaluate(async () => {
      const agents = window.playground.modules.agents, world = agents.world, smooth = world.smooth;
      const out = [];
      for (const what of ['std::bad_alloc', 'vector::_M_default_append']) {
        world.smooth = () => { throw new Error(`astar: ${what}`); };
        agents.pathKey = '';
        agents.pathOf('smooth');  // the line is worked out when it is read (drawn or walked)
        out.push(document.getElementById('message').textContent);
      }
      world.smooth = smooth;
      return out;
    });
    assert.match(messages[0], /^The smoothed line was skipped: this map is too large for it in the browser/);
    assert.match(messages[1], /^The smoothed line was not done: the engine stopped with an internal error/);
    for (const m of messages) assert.doesNotMatch(m, /astar:|std::|bad_alloc|_M_/, m);
  });
});

test('a path worker whose wasm cannot load says so in its panel; no uncaught error', async () => {
  await withPage({}, async ({ page, context }) => {
    await page.waitForFunction(() => window.playground?.modules?.agents);
    // The worker loads its own engine when the page has no compiled module to give it (a
    // browser that cannot post one), and from now on the engine's wasm cannot be fetched.
    await page.evaluate(() => { window.playground.engine.core.wasmModule = null; });
    await context.route('**/astar_core.wasm', (route) => route.abort('blockedbyclient'));
    await page.click('#agents-worker');
    await page.waitForFunction(() => /could not start/.test(document.getElementById('agents-worker-result').textContent),
      null, { timeout: 10000 });
    assert.match(await page.textContent('#agents-worker-result'), /The worker could not start \(its engine did not load\)/);
    // The page keeps working: a search on the page still finishes.
    await page.click('#finish');
    await page.waitForFunction(() => /found/.test(document.getElementById('stat-status').textContent));
    // A second try answers at once with the same sentence.
    await page.click('#agents-worker');
    assert.match(await page.textContent('#agents-worker-result'), /could not start/);
  });
});
