// The playing pace (web/js/loop.js's Pace): expansions per second from frame times, the same
// at any frame rate, with the fraction carried between frames; a long gap (a background tab)
// does not come back as a burst.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pace } from '../../web/js/loop.js';

// The expansions a Pace gives over `seconds` of frames at `hz`, after restart(owed).
function run(perSecond, hz, seconds, owed = 0) {
  const pace = new Pace();
  pace.restart(owed);
  let total = 0, frames = 0;
  for (let t = 0; t <= seconds * 1000 + 1e-9; t += 1000 / hz, ++frames) total += pace.take(t, perSecond);
  return { total, frames };
}

test('the same expansions per second at 30, 60 and 144 frames per second, fractions carried', () => {
  for (const perSecond of [1, 2.5, 20, 1300, 100000]) {
    const counts = [30, 60, 144].map((hz) => run(perSecond, hz, 10).total);
    for (const n of counts) assert.ok(Math.abs(n - perSecond * 10) <= 1, `${perSecond}/s over 10 s: ${counts}`);
  }
  // A rate below one per frame still advances: 1/s at 60 Hz is one expansion every 60 frames.
  assert.equal(run(1, 60, 3).total, 3);
});

test('restart(1) owes the first expansion at once; the slowest speed then waits a second', () => {
  const pace = new Pace();
  pace.restart(1);
  assert.equal(pace.take(1000, 1), 1, 'the first frame after Play expands once');
  for (let t = 1100; t < 2000; t += 100) assert.equal(pace.take(t, 1), 0, `nothing more at ${t} ms`);
  assert.equal(pace.take(2000, 1), 1, 'the next one a second later');
});

test('a long gap between frames counts as 250 ms, not as a burst', () => {
  const pace = new Pace();
  pace.restart();
  pace.take(0, 20);
  assert.equal(pace.take(60000, 20), 5, 'a minute in a background tab: 250 ms of expansions at 20/s');
});
