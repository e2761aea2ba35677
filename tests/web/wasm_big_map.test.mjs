// Big maps through the wasm boundary (web/big_map_bindings.cpp, engine.js's prepareText): a map
// text read a band of rows per task gives the engine the same map as loadText read at once, the
// current map stays until the text is taken, a bad text is refused with the reader's message and
// keeps the map; the sampled search states are the engine's states of each block's first cell.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCore, distDir } from './support.mjs';

let core, engineModule;
const made = [];
before(async () => {
  core = await loadCore();
  engineModule = await import(pathToFileURL(path.join(distDir, 'js/engine.js')).href);
});
after(() => { for (const o of made.reverse()) o.delete(); });

function newEngine() {
  const e = new engineModule.PlaygroundEngine(core);
  made.push(e.raw);
  return e;
}

// A 300 x 200 map with walls, water, a portal and a one-way cell, as the page writes it.
function mapText() {
  const e = newEngine();
  assert.equal(e.generate('random', 300, 200, 7), '');
  e.setCost(5, 5, 10);
  e.setCost(6, 5, 1);
  e.setEntryMask(6, 5, 0x01);
  assert.equal(e.addPortal(e.index(1, 1), e.index(290, 190)), '');
  return e.exportText('playground').text;
}

const state = (e) => ({ width: e.width, height: e.height, costs: Array.from(e.costs()), masks: Array.from(e.entryMasks()),
  start: e.start(), goals: Array.from(e.goals()), portals: e.portals(), text: e.exportText('playground').text });

test('a map text read in bands equals the one read at once; the current map stays until it is taken', async () => {
  const text = mapText();
  const once = newEngine();
  assert.equal(once.loadText(text), '');
  const banded = newEngine();
  assert.equal(banded.newBlank(10, 10), '');
  // Reading in slices of ~0 ms: a band of a row or two each.
  const reading = banded.prepareText(text, { sliceMs: 0.01 });
  assert.equal(banded.width, 10, 'the current map stays while the text is read');
  assert.equal(await reading, '');
  assert.equal(banded.prepared?.text, text, 'read by the band reader (not left to loadText)');
  assert.equal(banded.width, 10);
  assert.equal(banded.loadText(text), '');
  assert.deepEqual(state(banded), state(once));
});

test('a bad map text: the reader\'s message, the map kept; another text is read at once', async () => {
  const text = mapText().replace(/\ngrid:\n(.{300})\n(.{300})\n/, (m, a) => `\ngrid:\n${a}\n${'?'.repeat(300)}\n`);
  const e = newEngine();
  assert.equal(e.newBlank(10, 10), '');
  const problem = await e.prepareText(text);
  const direct = newEngine().loadText(text);
  assert.match(problem, /unknown cell '\?'/);
  assert.equal(problem, direct, 'the same message as the one-shot reader');
  assert.equal(e.width, 10, 'the map is kept');
  assert.equal(e.prepared, null);
  // A prepared text is taken only by loadText of the same text.
  assert.equal(await e.prepareText(mapText()), '');
  assert.equal(e.loadText('astar-map 1\nsize: 2 x 1\nterrain: . 1\ngrid:\n..\n'), '');
  assert.deepEqual([e.width, e.height, e.prepared], [2, 1, null]);
});

test('the sampled states are the engine\'s states of each block\'s first cell', () => {
  const e = newEngine();
  assert.equal(e.generate('random', 97, 61, 3), '');
  const costs = Array.from(e.costs());
  e.setStart(costs.findIndex((c) => c > 0));
  e.setGoal(costs.findLastIndex((c) => c > 0));
  e.setSettings({ ...e.settings, algorithm: 'dijkstra' });
  e.begin();
  e.step(800);
  const all = Array.from(e.states()), width = e.width;
  for (const step of [1, 2, 5]) {
    const sampled = Array.from(e.sampledStates(step)), expected = [];
    for (let y = 0; y < e.height; y += step) for (let x = 0; x < width; x += step) expected.push(all[y * width + x]);
    assert.equal(sampled.length, Math.ceil(width / step) * Math.ceil(e.height / step));
    assert.deepEqual(sampled, expected, `step ${step}`);
  }
  assert.ok(all.some((s) => s === 2) && all.some((s) => s === 1), 'closed and open cells to compare');
  e.clear();
  assert.ok(Array.from(e.sampledStates(4)).every((s) => s === 0), 'no search: all unseen');
});
