// Engine times at the precision of the browser's clock (issue 35): the step is measured from
// the clock itself (Chromium 0.1 ms, Firefox and WebKit 1 ms), and formatMs never shows more
// digits than the step has ("< 1 ms" in Firefox for a search under a millisecond).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureClockStep } from '../../web/js/clock.js';
import { formatMs } from '../../web/js/dom.js';

// A clock that reads `step`-coarsened time while real time advances by `tick` per call.
function coarseClock(step, tick = 0.013, offset = 0.37) {
  let t = offset;
  return () => {
    t += tick;
    return Math.floor(t / step) * step;
  };
}

test('the step of a coarsened clock is measured', () => {
  assert.equal(measureClockStep(coarseClock(1)), 1);
  assert.equal(measureClockStep(coarseClock(0.1)), 0.1);
  assert.equal(measureClockStep(coarseClock(0.005, 0.0007)), 0.005);
  assert.equal(measureClockStep(coarseClock(2)), 2);
  assert.equal(measureClockStep(() => 42), 1, 'a clock that never moves counts as 1 ms steps');
  const fine = measureClockStep();
  assert.ok(fine > 0 && fine <= 0.1, `node's own clock is finer than Chromium's: ${fine}`);
});

test('1 ms steps (Firefox, WebKit): whole milliseconds and "< 1"', () => {
  assert.equal(formatMs(0, 1), '< 1');
  assert.equal(formatMs(0.999, 1), '< 1');
  assert.equal(formatMs(1, 1), '1');
  assert.equal(formatMs(2, 1), '2');
  assert.equal(formatMs(9.2, 1), '9');
  assert.equal(formatMs(123.6, 1), '124');
});

test('0.1 ms steps (Chromium): one decimal and "< 0.1"', () => {
  assert.equal(formatMs(0, 0.1), '< 0.1');
  assert.equal(formatMs(0.05, 0.1), '< 0.1');
  assert.equal(formatMs(0.1, 0.1), '0.1');
  assert.equal(formatMs(2, 0.1), '2.0');
  assert.equal(formatMs(9.2, 0.1), '9.2');
  assert.equal(formatMs(0.30000000000000004, 0.1), '0.3');
  assert.equal(formatMs(123.45, 0.1), '123.5');
});

test('finer clocks: at most 2 decimals, 1 from 10 ms on', () => {
  assert.equal(formatMs(0.002, 0.005), '< 0.005');
  assert.equal(formatMs(0.0123, 0.005), '0.01');
  assert.equal(formatMs(2.345, 0.001), '2.35');
  assert.equal(formatMs(12.345, 0.001), '12.3');
  assert.equal(formatMs(Number.NaN, 1), '< 1');
});
