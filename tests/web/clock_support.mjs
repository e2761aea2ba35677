// The page's clock under the test's control (Playwright's clock API), for the browser tests of
// behaviour paced for people: a search played at 20 expansions a second, the slowest speed,
// the autosave's debounce, a message that fades, an embed's autoplay. The test advances the
// page's time and its timers and animation frames fire, frame by frame, in milliseconds of
// real time; what the page did is then counted in the page's own time.
//
// Use: withPage({ onPage: installClock }, ...) (the fake clock must be in before the page's
// scripts), let the page load with time flowing, then pauseClock(page) and advance it with
// playFor / runUntil. While paused, performance.now() does not move within a task: the page's
// time-sliced loops (controller.js's rush, compare.js, share.js) then do all their work in one
// slice, which is correct but not sliced; install the clock only where pace is the subject.
import assert from 'node:assert/strict';

// Replaces Date, performance.now, timers and requestAnimationFrame in every page of the
// page's context; time flows at the real pace until pauseClock.
export async function installClock(page) {
  await page.clock.install();
}

// Stops the page's time a moment after where it is (pauseAt takes a time, which must not be
// past by the time it gets there: 50 ms on, longer on a busy machine): no timer or frame fires
// until the test advances it.
export async function pauseClock(page) {
  for (let ahead = 50; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (e) {
      if (!/fast-forward to the past/.test(e.message) || ahead > 5000) throw e;
    }
  }
}

// Advances the page's time by ms, firing every timer and animation frame due on the way (one
// 16 ms frame after another).
export async function playFor(page, ms) {
  await page.clock.runFor(ms);
}

// The page's time (performance.now(), ms).
export const pageNow = (page) => page.evaluate(() => performance.now());

// Advances the page's time in steps of stepMs until fn(arg), evaluated in the page, is truthy;
// fails after maxMs of page time. Resolves to the page time it took (ms).
export async function runUntil(page, fn, arg, { stepMs = 50, maxMs = 60000, what = String(fn) } = {}) {
  const t0 = await pageNow(page);
  for (let ran = 0; !(await page.evaluate(fn, arg)); ran += stepMs) {
    assert.ok(ran < maxMs, `${what}: not after ${maxMs} ms of page time`);
    await playFor(page, stepMs);
  }
  return (await pageNow(page)) - t0;
}

// The autosave's debounce (web/js/files.js: 400 ms after the last change), under the paused
// clock, from a change just made: nothing is saved just before the delay, and the save is
// written once it has passed. saved(): whether this tab's autosave holds the change.
export const kAutosaveDebounceMs = 400;
export async function assertAutosaveDebounce(page, saved, where) {
  await playFor(page, kAutosaveDebounceMs - 20);
  assert.equal(await saved(), false, `${where}: not saved ${kAutosaveDebounceMs - 20} ms after the change`);
  await playFor(page, 60);
  assert.equal(await saved(), true, `${where}: saved once the autosave's ${kAutosaveDebounceMs} ms have passed`);
}
