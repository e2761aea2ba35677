// The Learn panel in Chromium, on a fixed 9 x 5 map with a wrap-around tunnel and a mud cell:
// Step line highlights the pseudo-code lines in the order the native CLI's record of each
// expansion implies, and the open-list table equals the native open list (cells and keys);
// race mode's two counts equal the native expansions for both configurations; heat-map values
// equal the engine's g / h / f and an independent reverse Dijkstra written here; a race-mode
// share link round-trips in a fresh browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, openPage, saveScreenshot, repoDir, cliSearchArgs, nextFrames, showLearnView } from './support.mjs';

const kMap = `astar-map 1
name: Teaching test
size: 9 x 5
movement: never
cost-model: real
wrap: x
terrain: . 1 floor
terrain: # wall wall
terrain: ~ 3 mud
start: 1 2
goal: 7 2
grid:
#########
#...~...#
....#....
#.......#
#########
`;
const kWidth = 9;
const kGoal = [7, 2];

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const mapFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-teach-')), 'teach.map.txt');
fs.writeFileSync(mapFile, kMap);

function nativeTrace(args) {
  const out = execFileSync(cli, ['trace', mapFile, ...args], { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => JSON.parse(line));
}
function nativeExpansions(args) {
  const out = execFileSync(cli, ['path', mapFile, ...args], { encoding: 'utf8' });
  return Number(/expansions: (\d+)/.exec(out)[1]);
}

// The best-first listing's lines (0-based) one expansion runs, from a native record; written
// here from the pseudo-code, not taken from the page's module.
function expectedLines(record, first) {
  const lines = first ? [0] : [];
  lines.push(1, 2, 3);
  if (record.goal) return lines;
  lines.push(4);
  for (const r of record.relaxations) {
    lines.push(5, 6);
    if (r.outcome === 'skipped-closed') continue;
    lines.push(7, 8);
    if (r.outcome !== 'opened') lines.push(9);
  }
  return lines;
}

async function openTeachingMap(page, settings) {
  await page.evaluate(({ text, settings: s }) => {
    const app = window.playground;
    app.controller.setLive(false);
    app.store.load(text, 'teach.map.txt', 'test map');
    app.store.setSettings(s);
    app.controller.reset();
  }, { text: kMap, settings });
}

test('Step line highlights each line of two expansions in order; the open-list table equals the native open list', async () => {
  const settings = { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true };
  const trace = nativeTrace(['--heuristic', 'manhattan', '--expansions', '2', '--open', '12']);
  assert.equal(trace.length, 2);
  await withPage({}, async ({ page }) => {
    await openTeachingMap(page, settings);
    // Keyboard: the Learn view opens from its button.
    await page.focus('#view-switch');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.dataset.view === 'learn');
    const listing = await page.$$eval('#code-listing li', (lis) => lis.map((li) => li.textContent));
    assert.equal(listing.length, 11);
    assert.match(listing[2], /lowest f = g \+ h/);
    for (const [k, record] of trace.entries()) {
      const expected = expectedLines(record, k === 0);
      const seen = [];
      for (let i = 0; i < expected.length; ++i) {
        await page.click('#code-step-line');
        seen.push(await page.$eval('#code-listing', (ol) => Number(ol.dataset.current)));
        const highlighted = await page.$$eval('#code-listing li.current', (lis) => lis.map((li) => Number(li.dataset.line)));
        assert.deepEqual(highlighted, [seen.at(-1)], 'exactly one line is highlighted');
      }
      assert.deepEqual(seen, expected, `expansion ${k + 1}: lines in order`);
      // The table after this expansion: the native open list, cells and keys.
      const rows = await page.$$eval('#open-list-rows tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      assert.equal(rows.length, record.open.length);
      record.open.forEach((o, i) => {
        assert.equal(rows[i][1], `(${o.cell[0]}, ${o.cell[1]})`, `row ${i + 1}'s cell`);
        assert.deepEqual(rows[i].slice(2).map(Number), [o.g, o.h, o.f], `row ${i + 1}'s g, h, f`);
      });
      const engineRows = await page.evaluate(() => window.playground.engine.openList(12).map((r) => r.cell));
      assert.deepEqual(engineRows, record.open.map((o) => o.cell[1] * kWidth + o.cell[0]));
      assert.match(await page.textContent('#open-list-why'), /has the lowest f = /);
    }
    // The expansions themselves: the page's engine took the native cells.
    const taken = await page.evaluate(() => window.playground.engine.lastExpansion().cell);
    assert.equal(taken, trace[1].cell[1] * kWidth + trace[1].cell[0]);
    await saveScreenshot(page, 'teach-code-pane.png');
  });
});

test('race mode: both counts equal the native expansions (tunnel-aware vs plain, A* vs Dijkstra)', async () => {
  const configs = [
    { a: { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true }, b: { algorithm: 'astar', heuristic: 'manhattan', wrapAware: false, weight: 1, portalAware: true } },
    { a: { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true }, b: { algorithm: 'dijkstra', heuristic: 'manhattan', wrapAware: true, weight: 1, portalAware: true } },
  ];
  const args = (s) => cliSearchArgs({ algorithm: s.algorithm, heuristic: s.heuristic, wrapAware: s.wrapAware });
  await withPage({}, async ({ page }) => {
    for (const { a, b } of configs) {
      await openTeachingMap(page, { ...a, portalAware: true });
      await page.evaluate((race) => window.playground.store.setRace(race), b);
      await page.click('#play');
      await page.waitForFunction(() => ['race-label-a', 'race-label-b'].every((id) => ['2', '3'].includes(document.getElementById(id).dataset.status)));
      const counts = await page.evaluate(() => ['race-label-a', 'race-label-b'].map((id) => Number(document.getElementById(id).dataset.value)));
      assert.deepEqual(counts, [nativeExpansions(await args(a)), nativeExpansions(await args(b))], `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      assert.equal(await page.isVisible('#race-grid'), true);
    }
    await saveScreenshot(page, 'teach-race.png');
  });
});

test('race mode: B\'s controls that change nothing are off and the note says why; B\'s own admissibility note', async () => {
  await withPage({}, async ({ page }) => {
    await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true });
    await page.evaluate(() => { document.getElementById('heat').open = true; });
    await page.check('#race-on');
    const b = () => page.evaluate(() => ({
      heuristic: document.getElementById('race-heuristic').disabled, weight: document.getElementById('race-weight').disabled,
      wrap: document.getElementById('race-wrap-aware').disabled, note: document.getElementById('race-note').textContent,
      warn: document.getElementById('race-note').classList.contains('warn'),
    }));
    await page.selectOption('#race-algorithm', 'dijkstra');
    const dijkstra = await b();
    assert.deepEqual([dijkstra.heuristic, dijkstra.weight, dijkstra.wrap], [true, true, true], JSON.stringify(dijkstra));
    assert.match(dijkstra.note, /^B: Dijkstra ignores the heuristic\. The weight is for weighted searches only\.$/);
    await page.selectOption('#race-algorithm', 'astar');
    await page.selectOption('#race-heuristic', 'manhattan');
    await page.uncheck('#race-wrap-aware');  // the kMap wraps in x: plain Manhattan may overestimate
    const plain = await b();
    assert.deepEqual([plain.heuristic, plain.weight, plain.wrap, plain.warn], [false, true, false, true], JSON.stringify(plain));
    assert.match(plain.note, /^B: manhattan may overestimate on this map: B's path may not be the shortest\./);
    await page.check('#race-wrap-aware');
    const aware = await b();
    assert.equal(aware.warn, false);
    assert.match(aware.note, /^B: manhattan is admissible here: B's path is the shortest\./);
    await page.selectOption('#race-algorithm', 'weighted-astar');
    assert.equal((await b()).weight, false, 'weighted A*: the weight is on');
  });
});

test('the canvas\'s legend shows the heat map\'s colour scale and range, in the Tools and the Learn view, and drops it when the map is off', async () => {
  await withPage({}, async ({ page }) => {
    await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true });
    await page.click('#finish');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    await page.evaluate(() => { document.getElementById('heat').open = true; });
    assert.equal(await page.isVisible('#legend-heat'), false, 'no heat map, no scale');
    await page.selectOption('#heat-kind', 'h');
    await page.waitForFunction(() => document.getElementById('legend-heat').checkVisibility());  // drawn at the next frame
    const expected = await page.evaluate(async () => {
      const { formatNumber } = await import('./js/dom.js');
      const v = Array.from(window.playground.engine.heat('h')).filter((x) => !Number.isNaN(x));
      return `h: ${formatNumber(Math.min(...v))} to ${formatNumber(Math.max(...v))}`;
    });
    const legend = () => page.evaluate(() => {
      const text = (id) => document.getElementById(id).textContent;
      return { shown: document.getElementById('legend-heat').checkVisibility(), text: `${text('legend-heat-name')} ${text('legend-heat-min')} to ${text('legend-heat-max')}` };
    });
    assert.deepEqual(await legend(), { shown: true, text: expected }, 'Tools: the scale with the engine\'s range');
    await page.click('#view-switch');
    await page.waitForFunction(() => document.documentElement.dataset.view === 'learn');
    assert.deepEqual(await legend(), { shown: true, text: expected }, 'Learn: the same scale');
    await saveScreenshot(page, 'legend-heat.png');
    await page.click('#view-switch');
    await page.selectOption('#heat-kind', 'none');
    await page.waitForFunction(() => !document.getElementById('legend-heat').checkVisibility());  // at the next frame
    assert.equal((await legend()).shown, false, 'the scale goes with the heat map');
  });
});

test('the canvas\'s legend has a terrain key on a map with costs: its range, and the colour the canvas gives the dearest cost', async () => {
  await withPage({}, async ({ page }) => {
    assert.equal(await page.isVisible('#legend-terrain'), false, 'the bundled arcade maze has no terrain');
    await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true });
    await nextFrames(page);
    const seen = await page.evaluate(() => {
      const r = window.playground.renderer, key = document.getElementById('legend-terrain');
      const c = r.cellCenter(r.engine.index(4, 1)), d = r.ctx.getImageData(Math.round(c.x * r.dpr), Math.round(c.y * r.dpr), 1, 1).data;  // the mud (cost 3)
      return { shown: key.checkVisibility(), text: key.textContent, bar: getComputedStyle(key.querySelector('i')).backgroundImage, mud: `rgb(${d[0]}, ${d[1]}, ${d[2]})` };
    });
    assert.equal(seen.shown, true);
    assert.equal(seen.text, 'terrain: cost 1 to 3');
    assert.ok(seen.bar.endsWith(`${seen.mud})`), `the bar ends in the mud's colour on the canvas (${seen.mud}): ${seen.bar}`);
  });
});

// Exact cost from every cell to the goal on kMap: Dijkstra from the goal over reversed moves
// (4-way, wrap in x; a move costs the cost of the cell it enters).
function reverseDijkstra() {
  const rows = kMap.split('grid:\n')[1].trim().split('\n');
  const h = rows.length, cost = (x, y) => ({ '.': 1, '~': 3 })[rows[y][x]] ?? 0;
  const dist = new Array(kWidth * h).fill(Infinity), done = new Set();
  dist[kGoal[1] * kWidth + kGoal[0]] = 0;
  for (;;) {
    let u = -1;
    dist.forEach((d, i) => { if (!done.has(i) && d < Infinity && (u < 0 || d < dist[u])) u = i; });
    if (u < 0) return dist;
    done.add(u);
    const ux = u % kWidth, uy = Math.floor(u / kWidth);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const px = (ux + dx + kWidth) % kWidth, py = uy + dy;  // p -> u enters u
      if (py < 0 || py >= h || !cost(px, py)) continue;
      const d = dist[u] + cost(ux, uy);
      if (d < dist[py * kWidth + px]) dist[py * kWidth + px] = d;
    }
  }
}

test('heat maps: g, h and f equal the engine\'s, exact and error equal an independent reverse Dijkstra', async () => {
  const exact = reverseDijkstra();
  await withPage({}, async ({ page }) => {
    for (const wrapAware of [true, false]) {
      await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware, portalAware: true });
      await page.evaluate(() => { document.getElementById('heat').open = true; });
      await page.click('#finish');
      for (const kind of ['g', 'h', 'f', 'order', 'exact', 'error']) {
        await page.selectOption('#heat-kind', kind);
        await nextFrames(page);  // the legend is updated when the overlay draws
        const { values, inspected } = await page.evaluate(() => {
          const e = window.playground.engine;
          const values = Array.from(e.heat(document.getElementById('heat-kind').value));
          const inspected = values.map((_, n) => e.inspect(n));
          return { values, inspected };
        });
        assert.equal(await page.isVisible('#heat-legend'), true, `${kind}: legend shown`);
        let checked = 0;
        values.forEach((v, n) => {
          const info = inspected[n];
          if (Number.isNaN(v)) return;
          ++checked;
          if (kind === 'g') assert.equal(v, info.g);
          if (kind === 'h') assert.equal(v, info.h);
          if (kind === 'f') assert.equal(v, info.f);
          if (kind === 'exact') assert.equal(v, exact[n], `exact at cell ${n}`);
          if (kind === 'error') assert.equal(v, exact[n] - info.h, `error at cell ${n}`);
          if (kind === 'order') assert.equal(info.state, 2, 'only expanded cells have an order');
        });
        if (kind === 'order') {
          const orders = values.filter((v) => !Number.isNaN(v)).sort((x, y) => x - y);
          assert.deepEqual(orders, orders.map((_, i) => i), 'the order numbers are 0, 1, 2, ...');
        }
        assert.ok(checked >= (['h', 'exact', 'error'].includes(kind) ? 22 : 4), `${kind}: ${checked} cells with values`);
      }
      // The plain heuristic overestimates across the tunnel; the tunnel-aware one never does.
      const over = await page.isVisible('#heat-over');
      assert.equal(over, !wrapAware, `overestimate warning with wrapAware ${wrapAware}`);
      if (!wrapAware) await saveScreenshot(page, 'teach-heat-error.png');
    }
  });
});

test('a race-mode share link round-trips in a fresh browser', async () => {
  let link = '';
  const race = { algorithm: 'dijkstra', heuristic: 'manhattan', weight: 1, wrapAware: false, portalAware: true };
  let counts;
  await withPage({}, async ({ page }) => {
    await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true });
    await page.evaluate((r) => window.playground.store.setRace(r), race);
    await page.click('#finish');
    counts = await page.evaluate(() => ['race-label-a', 'race-label-b'].map((id) => document.getElementById(id).dataset.value));
    link = await page.evaluate(() => window.playground.files.share());
  });
  assert.match(link, /#v1\./);
  const session = await openPage({ hash: new URL(link).hash });
  try {
    const { page } = session;
    const state = await page.evaluate(() => ({ race: window.playground.store.race, name: window.playground.engine.name() }));
    assert.deepEqual(state.race, race);
    assert.equal(state.name, 'Teaching test');
    assert.equal(await page.isVisible('#race-grid'), true);
    assert.equal(await page.isChecked('#race-on'), true);
    assert.equal(await page.inputValue('#race-algorithm'), 'dijkstra');
    await page.click('#finish');
    const again = await page.evaluate(() => ['race-label-a', 'race-label-b'].map((id) => document.getElementById(id).dataset.value));
    assert.deepEqual(again, counts);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('on a phone the race canvases stack and the Learn controls work by touch size and keyboard', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    await openTeachingMap(page, { algorithm: 'astar', heuristic: 'manhattan', wrapAware: true, portalAware: true });
    await page.evaluate(() => window.playground.store.setRace({ algorithm: 'dijkstra' }));
    await page.click('#finish');
    const [a, b] = await page.evaluate(() => ['grid', 'race-grid'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    }));
    assert.ok(b.top >= a.bottom - 1, `B below A (${JSON.stringify({ a, b })})`);
    assert.ok(a.height > 100 && b.height > 100 && Math.abs(a.width - b.width) < 2, 'two canvases of the same width');
    await saveScreenshot(page, 'teach-race-phone.png');
    await page.evaluate(() => { document.getElementById('heat').open = true; });
    const touchSized = async (ids) => {
      for (const id of ids) {
        const box = await page.locator(`#${id}`).boundingBox();
        assert.ok(box && box.width >= 24 && box.height >= 24, `#${id} is at least 24 x 24 (${JSON.stringify(box)})`);
      }
    };
    await touchSized(['heat-kind', 'race-on', 'race-algorithm']);
    await showLearnView(page);
    await touchSized(['code-step-line', 'code-back-line', 'view-switch']);
    await page.focus('#code-step-line');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    assert.equal(await page.$eval('#code-listing', (ol) => ol.dataset.current), '1', 'two presses: the set-up line, then the loop test');
    await page.evaluate(() => document.getElementById('learn-section').scrollIntoView());
    await saveScreenshot(page, 'teach-learn-phone.png');
  });
});

test('an algorithm chosen in the Tools view with live on has its own listing in the Learn view, on the goal test of the finished search', async () => {
  await withPage({}, async ({ page }) => {
    for (const [algorithm, family, lines] of [['bfs', 'queue', 8], ['dfs', 'stack', 8], ['jps', 'jump', 12], ['dijkstra', 'best-first', 11], ['theta', 'any-angle', 11]]) {
      await page.selectOption('#algorithm', algorithm);
      await showLearnView(page);
      const shown = await page.evaluate(() => {
        const ol = document.getElementById('code-listing');
        return { family: ol.dataset.family, lines: ol.children.length, current: ol.querySelector('li.current')?.textContent ?? '' };
      });
      assert.deepEqual({ family: shown.family, lines: shown.lines }, { family, lines }, algorithm);
      assert.match(shown.current, /if u is a goal/, `${algorithm}: the finished search ends on its goal test`);
      await page.click('#view-switch');  // back to the Tools view
    }
  });
});
