// The precision of the browser's clock. performance.now() is coarsened against timing attacks:
// 0.1 ms steps in Chromium, 1 ms in Firefox and WebKit (5 µs where the page is cross-origin
// isolated), so an engine time shown with more digits than the step would be made up.

// The clock's step in ms, from the smallest change seen in a few consecutive ticks, rounded to
// one significant digit and no finer than 1 µs. `now` is the clock (a parameter for the tests);
// it gives up after `budgetMs` (a clock that never moved counts as 1 ms steps).
export function measureClockStep(now = () => performance.now(), budgetMs = 20) {
  const start = now();
  let last = start, smallest = Infinity, changes = 0;
  for (let i = 0; changes < 4 && i < 1e7; i++) {
    const t = now();
    if (t !== last) {
      smallest = Math.min(smallest, t - last);
      last = t;
      changes += 1;
    }
    if (t - start > budgetMs) break;
  }
  if (!Number.isFinite(smallest)) return 1;
  return Math.max(0.001, Number(smallest.toPrecision(1)));
}

let measured = 0;

// This browser's step, measured once (a few ms of busy waiting at the first use).
export function clockStepMs() {
  if (!measured) measured = measureClockStep();
  return measured;
}
