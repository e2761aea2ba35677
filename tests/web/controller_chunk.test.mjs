// The controller's expansions per step at instant speed (web/js/controller.js adaptChunk): it
// grows only after a step of the whole chunk that took under half the slice. A run of short
// steps (one-expansion seeks with the arrow keys) once doubled it each time, up to 2^24, so a
// later Finish on a big map ran its whole search in one step, unsliced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir } from './support.mjs';

// From the served folder: controller.js imports the engine's loader, which only dist/ has.
const { Controller } = await import(pathToFileURL(path.join(distDir, 'js/controller.js')).href);

test('short steps do not grow the chunk; a fast whole chunk doubles it; a slow one halves it', () => {
  const c = new Controller({ on() {} });  // a store that never changes
  const start = c.instantChunk;
  for (let i = 0; i < 40; ++i) c.adaptChunk(0.01, 1);
  assert.equal(c.instantChunk, start, 'forty fast one-expansion steps leave the chunk as it was');
  c.adaptChunk(0.01, start);
  assert.equal(c.instantChunk, 2 * start, 'a fast step of the whole chunk doubles it');
  c.adaptChunk(1000, 2 * start);
  assert.equal(c.instantChunk, start, 'a slow step halves it');
});
