// Watchable by default (issue 32): the first view opens unsolved and Play grows the arcade
// maze's first search at a pace a person can follow (at least 2 s at the default speed, the
// canvas changing all along), the slowest speed does at most 2 expansions per second, and the
// timeline's scrub shows exactly the search after k expansions: the same cell states and open
// list as an independent engine (the wasm module in node) stepped k times from the start, and
// as the page's own Step button pressed k times, with no long task on the arcade maze or on a
// 256 x 256 map. Lessons and embeds start unsolved and animate, a "Try this" result shows when the replay gets there; the timeline
// works with a keyboard and on a touch phone; speeds saved per frame by the previous version
// open per second. Real input throughout (mouse, keyboard, touch).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, loadCore, saveScreenshot, generateOnPage, showLearnView } from './support.mjs';
import { encodeLinkText } from '../../web/js/share.js';
import { installClock, pauseClock, playFor, runUntil } from './clock_support.mjs';
import { pageFigure } from './page_figures.mjs';

let core;
before(async () => { core = await loadCore(); });

// The page's document and settings, to replay its search elsewhere.
const pageQuery = (page) => page.evaluate(() => ({ text: window.playground.docText(), settings: { ...window.playground.engine.settings } }));

// An independent engine (the same wasm module, in node) on the page's map and settings, begun
// and stepped `k` times one expansion at a time: its cell states and whole open list.
function engineAfter({ text, settings }, k) {
  const e = new core.Engine(), registry = core.registry();
  const inspector = new core.SearchInspector(e);
  try {
    assert.equal(e.loadMap(text, ''), '');
    e.begin(registry.algorithms.findIndex((a) => a.name === settings.algorithm), registry.heuristics.indexOf(settings.heuristic),
      settings.weight, settings.wrapAware, settings.portalAware, false);
    for (let i = 0; i < k; ++i) e.step(1);
    return { expanded: e.stats().expanded, states: Uint8Array.from(e.states()), open: inspector.openList(1000) };
  } finally {
    inspector.delete();
    e.delete();
  }
}
function engineTotal({ text, settings }) {
  const e = new core.Engine(), registry = core.registry();
  try {
    assert.equal(e.loadMap(text, ''), '');
    e.begin(registry.algorithms.findIndex((a) => a.name === settings.algorithm), registry.heuristics.indexOf(settings.heuristic),
      settings.weight, settings.wrapAware, settings.portalAware, false);
    e.run();
    return e.stats().expanded;
  } finally {
    e.delete();
  }
}

// What the page shows of its search once it shows the scrub's position (a seek after a slow one
// waits for the next frame: views/timeline.js) and has stopped there (a long seek rushes over
// frames: controller.js).
const pageSearch = async (page) => {
  await page.waitForFunction(() => !window.playground.controller.playing &&
    window.playground.engine.stats().expanded === Number(document.getElementById('scrub').value));
  return readSearch(page);
};
// The states cross as a latin1 string: Playwright serializes an array element by element, and a
// 2048 x 2048 map's 4 M states took 15 s as an array, 0.4 s as a string.
const readSearch = async (page) => {
  const shown = await page.evaluate(() => {
    const e = window.playground.engine, states = e.states();
    let text = '';
    for (let i = 0; i < states.length; i += 65536) text += String.fromCharCode(...states.subarray(i, i + 65536));
    return { expanded: e.stats().expanded, states: text, open: e.openList(1000), scrub: Number(document.getElementById('scrub').value) };
  });
  return { ...shown, states: Uint8Array.from(Buffer.from(shown.states, 'latin1')) };
};

function assertSameSearch(shown, engine, where) {
  assert.equal(shown.expanded, engine.expanded, `${where}: expansions`);
  assert.equal(shown.scrub, engine.expanded, `${where}: the scrub's position`);
  assert.equal(shown.states.length, engine.states.length, `${where}: cells`);
  const differ = shown.states.findIndex((s, i) => s !== engine.states[i]);
  assert.equal(differ, -1, `${where}: cell ${differ} is ${shown.states[differ]} on the page, ${engine.states[differ]} in the engine`);
  assert.deepEqual(shown.open, engine.open, `${where}: the open list`);
}

// Moves the focused scrub slider to k with arrow keys (one expansion per key press).
async function scrubWithKeys(page, k) {
  const now = Number(await page.inputValue('#scrub'));
  await page.focus('#scrub');
  for (let i = 0; i < Math.abs(k - now); ++i) await page.keyboard.press(k > now ? 'ArrowRight' : 'ArrowLeft');
}

// What the page does for the scrub from now on, in work units and (as figures) in wall-clock
// time. Work: the expansions the engine makes (its step and run, wherever they are called
// from), credited to the outermost action or frame that made them (a seek, Finish, Step, Back,
// Play, and each animation frame). Each expansion also costs msPerExpansion of the page's clock
// (performance.now() advances by it, beside real time; the expansions per step start again from
// the page's first guess, to adapt to it): the page slices its long work by that clock (controller.js: kRushSyncMs at once, then about kSliceMs a frame), so how many
// expansions a slice may make is set by the test, not by the machine's speed or load. Figures:
// each input event's handling and each seek, each frame's work, and the long tasks (over 50 ms)
// the browser reports (the test's own page.evaluate calls are not among them).
const watchTasks = (page, msPerExpansion) => page.evaluate((cost) => {
  const realNow = performance.now.bind(performance);
  let costMs = 0, entry = null;
  performance.now = () => realNow() + costMs;
  const w = window.watch = { long: [], events: [], seeks: [], frames: [], work: [], outside: 0 };
  new PerformanceObserver((list) => { for (const t of list.getEntries()) w.long.push(t.duration); }).observe({ entryTypes: ['longtask'] });
  let t0 = 0;
  document.addEventListener('input', () => { t0 = realNow(); }, { capture: true });
  window.addEventListener('input', () => w.events.push(realNow() - t0));  // after the scrub's own listener
  const engine = window.playground.engine;
  for (const name of ['step', 'run']) {
    const original = engine[name].bind(engine);
    engine[name] = (...args) => {
      const before = engine.stats().expanded, status = original(...args);
      const made = Math.max(0, engine.stats().expanded - before);
      costMs += made * cost;
      if (entry) entry.expanded += made;
      else w.outside += made;
      return status;
    };
  }
  const wrap = (object, name, kind, times) => {
    const original = object[name].bind(object);
    object[name] = (...args) => {
      if (entry) return original(...args);  // within another action: credited to that one
      const t = realNow();
      entry = { kind, expanded: 0 };
      try {
        return original(...args);
      } finally {
        if (entry.expanded > 0) w.work.push(entry);
        entry = null;
        times?.push(realNow() - t);
      }
    };
  };
  const c = window.playground.controller;
  // The expansions per step at instant speed start again from the page's first guess
  // (controller.js), to adapt to this cost rather than to the machine's.
  c.instantChunk = 256;
  wrap(c, 'seek', 'seek', w.seeks);  // a seek that waited for a frame runs outside the input event
  for (const name of ['finish', 'step', 'back', 'togglePlay', 'reset']) wrap(c, name, name);
  wrap(window.playground.loop, 'frame', 'frame', w.frames);
}, msPerExpansion);
const tasks = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const w = window.watch, longest = (v) => Math.max(0, ...v);
  resolve({ events: w.events.length, longestEvent: Math.max(longest(w.events), longest(w.seeks)), longestFrame: longest(w.frames),
    longestTask: longest(w.long), work: w.work, outside: w.outside });
}))));

// web/js/controller.js: a rush's work at once, and an instant search's work per frame.
const kRushSyncMs = 50, kSliceMs = 12;

// The scrub's work, in expansions at msPerExpansion each: no action's task makes more than
// kRushSyncMs of them and one step's worth over (the rush checks its budget between steps of
// about kSliceMs), and no frame more than two steps' worth (a step's size doubles when the one
// before took under half of kSliceMs). A page that ran a seek or Finish to its end in the task
// that asked for it makes the whole search there. The wall-clock figures (the project's budget:
// 200 ms a task) are recorded by pageFigure (make bench-page), not asserted: another process on
// the machine can stretch them.
function assertSliced(t, msPerExpansion, where) {
  pageFigure(`${where}: longest scrub input or seek`, t.longestEvent, 200);
  pageFigure(`${where}: longest frame`, t.longestFrame, 200);
  pageFigure(`${where}: longest task the browser reports`, t.longestTask, 200);
  assert.ok(t.events > 0, 'the scrub was used');
  assert.equal(t.outside, 0, `${where}: every expansion was made by an action or a frame`);
  const most = (kind) => Math.max(0, ...t.work.filter((e) => (kind === 'frame') === (e.kind === 'frame')).map((e) => e.expanded));
  const actionBound = (kRushSyncMs + 2 * kSliceMs) / msPerExpansion, frameBound = (2 * kSliceMs) / msPerExpansion;
  const frames = t.work.filter((e) => e.kind === 'frame').length;
  console.log(`${where}: ${t.work.length} actions and frames made expansions (${frames} frames); at most ${most('action')} in an action's task ` +
    `(bound ${actionBound.toFixed(0)}), ${most('frame')} in a frame (bound ${frameBound.toFixed(0)}), at ${msPerExpansion} ms an expansion`);
  assert.ok(most('action') <= actionBound, `${where}: an action made ${most('action')} expansions in its task (at most ${actionBound.toFixed(0)})`);
  assert.ok(most('frame') <= frameBound, `${where}: a frame made ${most('frame')} expansions (at most ${frameBound.toFixed(0)})`);
}

// Counts, in the page, the frames whose canvas pixels differ from the frame before, from the
// click on Play until the search has finished or made `upTo` expansions: window.watch
// { changes, t0 (the click), t1 (the end), expanded (at t1) }, in the page's time.
const countCanvasChanges = (page, upTo = Infinity) => page.evaluate((most) => {
  const canvas = document.getElementById('grid'), ctx = canvas.getContext('2d'), w = window.watch = { changes: 0, t0: 0, t1: 0, expanded: 0 };
  const engine = window.playground.engine;
  let last = null;
  const end = () => {
    if (w.t0 && !w.t1) Object.assign(w, { t1: performance.now(), expanded: engine.stats().expanded });
  };
  const sample = () => {
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 12) h = (Math.imul(h, 31) + d[i] + d[i + 1] + d[i + 2]) | 0;
    if (last !== null && h !== last) w.changes += 1;
    last = h;
    if (engine.stats().expanded >= most) end();
    if (!w.t1) requestAnimationFrame(sample);
  };
  document.getElementById('play').addEventListener('click', () => { w.t0 = performance.now(); requestAnimationFrame(sample); }, { capture: true, once: true });
  window.playground.controller.onState((s) => { if (s === 'finished') end(); });
}, upTo);

test('the first view opens unsolved; Play grows the arcade search over at least 2 s, the canvas changing at least 10 times', async () => {
  await withPage({ viewport: { width: 1280, height: 800 }, onPage: installClock }, async ({ page }) => {
    const first = await page.evaluate(() => ({ name: window.playground.engine.name(), state: window.playground.controller.state,
      expanded: window.playground.engine.stats().expanded, speed: document.getElementById('speed-label').textContent,
      live: document.getElementById('live-note').textContent }));
    assert.equal(first.name, 'Arcade');
    assert.equal(first.state, 'idle', 'the first view waits for Play');
    assert.equal(first.expanded, 0);
    assert.equal(first.speed, '20/s', 'the default speed');
    assert.match(first.live, /edit shows the finished search at once; Play replays it/, 'the page says what live does');
    const total = engineTotal(await pageQuery(page));
    // The page's time stands still but for the test's steps: every frame of the search is drawn
    // and sampled, and the seconds are the page's.
    await pauseClock(page);
    await countCanvasChanges(page);
    await page.click('#play');
    await runUntil(page, () => window.watch.t1 > 0, null, { stepMs: 500, maxMs: 30000, what: 'the search\'s end' });
    await playFor(page, 100);
    const w = await page.evaluate(() => window.watch);
    const seconds = (w.t1 - w.t0) / 1000;
    console.log(`arcade first search: ${total} expansions in ${seconds.toFixed(2)} s of page time after Play at 20/s, ${w.changes} canvas changes`);
    assert.equal(await page.evaluate(() => window.playground.engine.stats().expanded), total);
    assert.ok(seconds >= 2, `${seconds} s: at least 2 s`);
    // The first expansion on Play's first frame, then one every 50 ms, counted in whole frames.
    assert.ok(seconds >= (total - 1) / 20 && seconds <= (total - 1) / 20 + 0.1, `${seconds} s: ${(total - 1) / 20} s at 20 expansions per second`);
    assert.ok(w.changes >= 10, `${w.changes} canvas changes`);
    assert.equal(await page.inputValue('#scrub'), String(total));
    assert.equal(await page.textContent('#scrub-label'), `${total} / ${total}`);
    console.log(`screenshot: ${await saveScreenshot(page, 'watch-finished.png')}`);
  });
});

// The one Play at the real clock (the others advance the page's time themselves): the real
// clock is wired to the pace. Only lower bounds, which a loaded machine cannot break (it can
// only make frames later, and a late frame never makes up more than 250 ms: loop.js's Pace).
test('at the real clock, Play at 20/s takes at least 1.9 s for 40 expansions after the first, the canvas changing at least 10 times', async () => {
  await withPage({}, async ({ page }) => {
    const upTo = 41;
    await countCanvasChanges(page, upTo);
    await page.click('#play');
    await page.waitForFunction(() => window.watch.t1 > 0, null, { timeout: 30000 });
    const w = await page.evaluate(() => window.watch);
    const seconds = (w.t1 - w.t0) / 1000;
    console.log(`real clock: ${w.expanded} expansions in ${seconds.toFixed(2)} s after Play at 20/s, ${w.changes} canvas changes`);
    assert.ok(w.expanded >= upTo);
    // n expansions are made no sooner than (n - 1) / 20 s after Play's first frame (that frame
    // may have begun up to a frame before the click was handled).
    assert.ok(seconds >= (w.expanded - 1) / 20 - 0.1, `${seconds} s for ${w.expanded} expansions at 20/s`);
    assert.ok(w.changes >= 10, `${w.changes} canvas changes`);
  });
});

test('the slowest speed does at most 2 expansions per second (keyboard on the speed slider)', async () => {
  await withPage({ onPage: installClock }, async ({ page }) => {
    await page.focus('#speed');
    await page.keyboard.press('Home');
    assert.equal(await page.textContent('#speed-label'), '1/s');
    assert.equal(await page.getAttribute('#speed', 'aria-valuetext'), '1 expansion per second');
    await pauseClock(page);
    await page.click('#play');
    const at = () => page.evaluate(() => ({ t: performance.now(), n: window.playground.engine.stats().expanded }));
    await playFor(page, 300);
    const a = await at();
    await playFor(page, 4000);
    const b = await at();
    const rate = (b.n - a.n) / ((b.t - a.t) / 1000);
    console.log(`slowest speed: ${b.n - a.n} expansions in ${((b.t - a.t) / 1000).toFixed(2)} s of page time (${rate.toFixed(2)}/s); ${b.n} since Play`);
    assert.ok(rate <= 2, `${rate} expansions per second`);
    assert.ok(rate >= 0.5, `${rate} expansions per second: it still moves`);
    assert.ok(b.n <= 2 + 2 * 4.3, `${b.n} expansions 4.3 s after Play`);
    // The top notch is instant: a paused search then finishes in a few frames.
    await page.focus('#speed');
    await page.keyboard.press('End');
    assert.equal(await page.textContent('#speed-label'), 'instant');
    await page.click('#play');  // pauses
    await page.click('#play');
    const ms = await runUntil(page, () => window.playground.controller.state === 'finished', null, { stepMs: 16, maxMs: 5000 });
    assert.ok(ms <= 100, `instant: finished after ${ms} ms of page time`);
  });
});

test('scrubbing to expansion k shows the search stepped k times from the start (arcade maze, keyboard)', async () => {
  await withPage({}, async ({ page }) => {
    const query = await pageQuery(page);
    const total = engineTotal(query);
    await watchTasks(page, 0.05);  // 62 expansions, 3 ms: too few to slice
    // Play to the end (instant), so the scrub spans the whole search; then back and forth.
    await page.focus('#speed');
    await page.keyboard.press('End');
    await page.click('#play');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    assert.equal(await page.getAttribute('#scrub', 'max'), String(total));
    for (const k of [40, 7, 55, 0, total, 20, total - 1]) {
      await scrubWithKeys(page, k);
      assertSameSearch(await pageSearch(page), engineAfter(query, k), `scrubbed to ${k}`);
    }
    // The page's own Step button, pressed k times from a reset, shows what the scrub showed.
    await scrubWithKeys(page, 9);
    const scrubbed = await pageSearch(page);
    await page.click('#reset');
    for (let i = 0; i < 9; ++i) await page.click('#step');
    const stepped = await pageSearch(page);
    assert.deepEqual(stepped, scrubbed, 'Step 9 times = scrub to 9');
    // Home and End: the search begun (0 expansions) and the finished search, path included.
    await page.focus('#scrub');
    await page.keyboard.press('End');
    assertSameSearch(await pageSearch(page), engineAfter(query, total), 'End');
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'finished');
    assert.ok(await page.evaluate(() => window.playground.engine.path().length > 1), 'the path is shown at the end');
    await page.keyboard.press('Home');
    assertSameSearch(await pageSearch(page), engineAfter(query, 0), 'Home');
    assertSliced(await tasks(page), 0.05, 'arcade scrub');
  });
});

test('scrubbing a 256 x 256 map with the mouse: the engine\'s states and open list, each seek\'s work sliced', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await generateOnPage(page, 'random', 256, 256, 7);
    await page.waitForFunction(() => window.playground.engine.width === 256);
    await showLearnView(page);  // the teaching views follow every seek too
    // 200 ms or so for the whole search: Finish and the seeks rush over frames.
    await watchTasks(page, 0.01);
    await page.click('#finish');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    const query = await pageQuery(page);
    const total = engineTotal(query);
    assert.equal(await page.getAttribute('#scrub', 'max'), String(total));
    assert.ok(total > 5000, `${total} expansions`);
    const box = await page.locator('#scrub').boundingBox();
    for (const fraction of [0.8, 0.3, 0.55, 0.05, 0.97, 0.5]) {
      await page.mouse.click(box.x + 8 + fraction * (box.width - 16), box.y + box.height / 2);
      const shown = await pageSearch(page);
      assert.ok(Math.abs(shown.scrub / total - fraction) < 0.05, `clicked at ${fraction}: scrub at ${shown.scrub} of ${total}`);
      assertSameSearch(shown, engineAfter(query, shown.scrub), `clicked at ${fraction} (expansion ${shown.scrub})`);
    }
    await page.focus('#scrub');
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
    const t = await tasks(page);
    assertSliced(t, 0.01, `256 x 256 scrub (${total} expansions)`);
    assert.ok(t.work.filter((e) => e.kind === 'frame').length >= 2, 'Finish and the seeks went on over frames');
  });
});

test('Finish and a backward scrub on a 2048 x 2048 map rush in slices of bounded work, the engine\'s search', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await page.evaluate(() => window.playground.controller.setLive(false));
    await generateOnPage(page, 'random', 2048, 2048, 11);
    await page.waitForFunction(() => window.playground.engine.width === 2048);
    const query = await pageQuery(page);
    const total = engineTotal(query);
    await watchTasks(page, 0.0001);  // about this machine's own cost (a 2048 x 2048 search's 1.4 M expansions in 140 ms)
    // Settled: neither playing nor preparing (a big map's search records are grown in slices
    // before Finish or a seek runs, controller.js).
    const settled = () => page.waitForFunction(() => !['playing', 'preparing'].includes(window.playground.controller.state), null,
      { timeout: 120000 });
    const t0 = Date.now();
    await page.click('#finish');
    const right = await page.evaluate(() => ({ state: window.playground.controller.state, expanded: window.playground.engine.stats().expanded }));
    await settled();
    const finishMs = Date.now() - t0;
    assert.equal(await page.evaluate(() => window.playground.engine.stats().expanded), total, 'Finish ends where the engine ends');
    const k = Math.floor(total / 3);
    await page.$eval('#scrub', (slider, to) => {
      slider.value = String(to);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }, k);
    await settled();
    assertSameSearch(await readSearch(page), engineAfter(query, k), `2048 x 2048, back to expansion ${k}`);
    console.log(`2048 x 2048: ${total} expansions; right after the click on Finish: ${JSON.stringify(right)}; finished after ${finishMs} ms`);
    const t = await tasks(page);
    assertSliced(t, 0.0001, `2048 x 2048 Finish and scrub (${total} expansions)`);
    assert.ok(t.work.filter((e) => e.kind === 'frame').length >= 2, 'Finish and the seek went on over frames');
  });
});

// What a "Try this" box shows, with the grid's expansions and the screen readers' live region.
const tryShown = (page, box) => page.evaluate((sel) => {
  const b = document.querySelector(sel);
  return {
    expanded: window.playground.engine.stats().expanded, playing: window.playground.controller.playing, shown: b.dataset.shown,
    verdict: b.dataset.state, result: b.querySelector('.lesson-result').textContent, checks: b.querySelector('.lesson-checks').textContent,
    announced: document.getElementById('announce').textContent,
  };
}, box);

// Advances the page's time stepMs at a time while the try's result is hidden, sampling what is
// shown; resolves to the samples, the last one the first with the result shown.
async function samplesUntilShown(page, box, stepMs) {
  const samples = [await tryShown(page, box)];
  for (let ran = 0; samples.at(-1).shown !== 'true'; ran += stepMs) {
    assert.ok(ran < 600000, `the result never showed: ${JSON.stringify(samples.at(-1))}`);
    await playFor(page, stepMs);
    samples.push(await tryShown(page, box));
  }
  return samples;
}

test('a lesson opens unsolved; a "Try this" result shows when the grid\'s replay gets there (20 expansions a second), hides when scrubbed back, and is announced at the end', async () => {
  await withPage({ onPage: installClock }, async ({ page }) => {
    await page.selectOption('#lesson-select', '1_bfs_flood.lesson.json');
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await page.evaluate(() => window.playground.controller.state), 'idle', 'the lesson opens unsolved');
    const box = '#lesson-tries .lesson-try[data-index="0"]';
    await pauseClock(page);
    await page.click(`${box} button`);
    const atClick = await tryShown(page, box);
    assert.equal(atClick.playing, true, 'the result replays from the start');
    assert.equal(atClick.verdict, 'ok', 'the claims are checked at once');
    const samples = await samplesUntilShown(page, box, 100);
    const shown = samples.at(-1), stated = Number(/(\d+) cells expanded/.exec(shown.checks)?.[1]);
    assert.match(shown.checks, /^✓ Breadth-first is still searching: 40 cells expanded, as the text says\.$/);
    assert.equal(shown.expanded, stated, 'shown at the expansion the sentence states');
    for (const s of samples.slice(0, -1)) {
      assert.ok(s.expanded < stated, `hidden at ${s.expanded} of ${stated}`);
      assert.equal(s.checks, '', `no check at ${s.expanded} expansions`);
      assert.doesNotMatch(s.result, /\d+ cells? expanded|as the text says/, `no result at ${s.expanded} expansions: ${s.result}`);
      assert.doesNotMatch(s.announced, /\d+ (cells )?expanded/, `nothing announced at ${s.expanded} expansions: ${s.announced}`);
    }
    assert.ok(samples.length * 100 >= ((stated - atClick.expanded - 1) / 20) * 1000, `${samples.length * 100} ms of page time for ${stated} expansions: at 20 a second`);
    // Scrubbing back before the stated point hides it; forward to it shows it again.
    const scrubTo = async (k) => {
      await page.$eval('#scrub', (slider, to) => {
        slider.value = String(to);
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }, k);
      await runUntil(page, (to) => window.playground.engine.stats().expanded === to, k, { what: `the scrub at ${k}` });
      return tryShown(page, box);
    };
    const back = await scrubTo(10);
    assert.deepEqual([back.shown, back.checks], ['false', ''], `scrubbed back to 10: ${back.result}`);
    const again = await scrubTo(stated);
    assert.equal(again.shown, 'true', 'scrubbed forward to the stated point');
    assert.equal(again.checks, shown.checks);

    // A try that runs the search to its end: "Path found" reaches the live region at the end of
    // the replay, not when the button is pressed.
    await page.click('#lesson-next');
    const found = '#lesson-tries .lesson-try[data-index="0"]';
    await page.click(`${found} button`);
    const end = await samplesUntilShown(page, found, 1000);
    for (const s of end.slice(0, -1)) assert.doesNotMatch(s.announced, /^Path found/, `announced at ${s.expanded} expansions`);
    await runUntil(page, () => /^Path found/.test(document.getElementById('announce').textContent), null, { what: 'the announcement' });
    const last = await tryShown(page, found);
    assert.equal(last.playing, false);
    assert.match(last.checks, /^✓ Breadth-first found a path: path cost 11, (\d+) cells expanded/);
    assert.equal(Number(/(\d+) cells expanded/.exec(last.checks)[1]), last.expanded, 'announced with the grid at the search\'s end');
  });
});

test('the timeline on a 390 x 844 touch phone: 44 px targets, a tap plays, keyboard Space on the focused button pauses', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    const sizes = await page.evaluate(() => [...document.querySelectorAll('#timeline :is(button, input)')].map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.id, w: r.width, h: r.height, bottom: r.bottom };
    }));
    assert.equal(sizes.length, 7, 'Reset, Back, Play, Step, Finish, the scrub and the speed');
    for (const s of sizes) assert.ok(s.w >= 44 && s.h >= 44 && s.bottom <= 844, `${s.id}: ${s.w} x ${s.h}, bottom ${s.bottom}`);
    const canvas = await page.locator('#grid').boundingBox(), bar = await page.locator('#timeline').boundingBox();
    assert.ok(bar.y >= canvas.y + canvas.height - 1, 'the timeline is under the canvas');
    // At one expansion a second the search cannot end before Space, however busy the machine
    // (at 20/s it once did under make test's load, and Space then played it again).
    await page.evaluate(() => window.playground.controller.setSpeed(1));
    await page.tap('#play');
    await page.waitForFunction(() => window.playground.controller.playing);
    await page.focus('#play');
    await page.keyboard.press(' ');
    assert.equal(await page.evaluate(() => window.playground.controller.playing), false, 'Space on the focused Play pauses');
    console.log(`screenshot: ${await saveScreenshot(page, 'watch-phone.png')}`);
  });
});

test('the embed opens unsolved with the same timeline; ?autoplay plays at the chosen speed', async () => {
  await withPage({ onPage: installClock }, async ({ page, url }) => {
    await page.goto(`${url}embed.html`);
    await page.waitForSelector('body[data-ready=true]');
    const shown = await page.evaluate(() => ({
      state: window.playground.controller.state,
      inBar: ['play', 'step', 'step-back', 'scrub', 'speed'].every((id) => document.getElementById(id).closest('#embed-bar') && document.getElementById(id).getClientRects().length > 0),
    }));
    assert.deepEqual(shown, { state: 'idle', inBar: true });
    await page.focus('#speed');
    await page.keyboard.press('End');
    await page.click('#play');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    await page.goto(`${url}embed.html?autoplay`);
    await page.waitForSelector('body[data-ready=true]');
    assert.equal(await page.evaluate(() => window.playground.controller.playing), true, 'autoplay plays');
    // The rate over one second of the page's time, the clock paused around it.
    await pauseClock(page);
    const at = () => page.evaluate(() => ({ t: performance.now(), n: window.playground.engine.stats().expanded }));
    const a = await at();
    await playFor(page, 1000);
    const b = await at();
    const rate = (b.n - a.n) / ((b.t - a.t) / 1000);
    assert.ok(rate >= 10 && rate <= 30, `${rate.toFixed(1)} expansions per second in autoplay at 20/s`);
  });
});

test('a speed saved per frame by the previous version (document v2) opens per second; a 0.2.0 link gets the default', async () => {
  let fragment = '';
  await withPage({}, async ({ page, url }) => {
    const map = await page.evaluate(() => window.playground.docText());
    for (const [perFrame, perSecond, label] of [[25, 1500, '1500/s'], [1e9, 100000, '100000/s']]) {
      fragment = await encodeLinkText(JSON.stringify({ v: 2, map, speed: perFrame }));
      await page.goto(`${url}#${fragment}`);
      await page.reload();
      await page.waitForSelector('body[data-ready=true]');
      assert.equal(await page.evaluate(() => window.playground.speed), perSecond, `${perFrame} per frame`);
      assert.equal(await page.textContent('#speed-label'), label);
    }
    fragment = await encodeLinkText(JSON.stringify({ v: 1, map }));
  });
  // A 0.2.0 link has no speed: in a fresh browser it plays at the default.
  await withPage({ hash: `#${fragment}` }, async ({ page }) => {
    assert.equal(await page.evaluate(() => window.playground.engine.name()), 'Arcade');
    assert.equal(await page.evaluate(() => window.playground.speed), 20);
  });
});
