// Step line in sync, both ways, in Chromium with real input (clicks and keys on the Learn
// section's Step line / Back line buttons): for A* (octile), Dijkstra and jump point search on
// a fixed 8-connected map, at every line of the first three expansions the open-list table and
// the cell states the canvas draws equal the native CLI's record replayed to that line
// (`astar trace --each-relaxation`: the open list once each neighbour was relaxed; the cell
// states replayed here from each neighbour's outcome); a push's narration gives that
// neighbour's h and f with the heuristic's label; Back line then walks every line back to the
// start and each one shows exactly what it showed on the way forward. The stats' Expanded and
// Generated follow the line (none expanded at the set-up line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, saveScreenshot, repoDir, cliSearchArgs, nextFrames } from './support.mjs';

// 8-connected, 10 x 7, a wall in the middle. With two mud cells (cost 3) beside the start, A* and
// Dijkstra meet every outcome in their first three expansions (a mud cell first reached
// diagonally, 3√2, then straight for less, 1 + 3: its key drops; the start skipped as closed; not
// better); on the uniform map (no mud) jump point search runs as itself (terrain makes it A*).
const kGrid = (mud) => `astar-map 1
name: Step line test
size: 10 x 7
movement: only-when-no-obstacles
cost-model: real
terrain: . 1 floor
terrain: # wall wall
terrain: ~ 3 mud
start: 1 3
goal: 8 3
grid:
##########
#........#
#.${mud}.#....#
#...#....#
#.${mud}.#....#
#........#
##########
`;
const kMaps = { mud: kGrid('~'), plain: kGrid('.') };
const kWidth = 10;
const kStart = [1, 3];
const kExpansions = 3;
const kRows = 12;  // the page's table (open_list.js, kOpenListRows)

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const mapDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-step-line-'));
const mapFiles = Object.fromEntries(Object.entries(kMaps).map(([name, text]) => {
  const file = path.join(mapDir, `${name}.map.txt`);
  fs.writeFileSync(file, text);
  return [name, file];
}));

const index = ([x, y]) => y * kWidth + x;
// The page's number format (dom.js formatNumber) for the numbers the narration quotes.
const fmt = (v) => (Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : String(Number(v.toFixed(4))));

// The lines of the listing (0-based) each step of an expansion runs, per family, written here
// from the pseudo-code (not taken from the page's module).
const kBestFirst = { setUp: 0, loop: 1, take: 2, goal: 3, close: 4, each: [5, 6], tentative: [7, 8], improve: 9 };
const kJump = { setUp: 0, loop: 1, take: 2, goal: 3, close: 4, each: [5, 6, 7], tentative: [8, 9], improve: 10 };

// Every line of one expansion with the state it must show: done = relaxations whose push or
// key decrease has happened (at the last line of a relaxation), and where the expanded cell is.
function expectedLines(record, first, family) {
  const out = [];
  let done = 0, expanded = 'open';
  const at = (line, relaxation = -1) => out.push({ line, relaxation, done, expanded });
  if (first) at(family.setUp);
  at(family.loop);
  expanded = 'taken';
  at(family.take);
  at(family.goal);
  if (record.goal) return out;
  expanded = 'closed';
  at(family.close);
  record.relaxations.forEach((r, i) => {
    for (const line of family.each) at(line, i);
    if (r.outcome !== 'skipped-closed') {
      for (const line of family.tentative) at(line, i);
      if (r.outcome !== 'opened') at(family.improve, i);
    }
    done = out.at(-1).done = i + 1;
  });
  return out;
}

// The native open list at a line: before the take, the previous record's list (the start
// alone before the first expansion); after it, that list without its first row; after a
// relaxation, the CLI's list once that neighbour was relaxed.
function expectedOpen(trace, k, at) {
  const before = k === 0 ? [{ cell: kStart, g: 0, h: trace[0].h, f: trace[0].f }] : trace[k - 1].open;
  if (at.expanded === 'open') return before;
  if (at.done === 0) return before.slice(1);
  return trace[k].relaxations[at.done - 1].open;
}

// Cell states replayed from the native records: the start open, each expanded cell closed
// (from its close line), each neighbour opened, improved or reopened left open.
function expectedStates(trace, k, at, cellCount) {
  const states = new Array(cellCount).fill(0);
  states[index(kStart)] = 1;
  for (let e = 0; e <= k; ++e) {
    const record = trace[e];
    if (e === k && at.expanded !== 'closed') break;
    states[index(record.cell)] = 2;
    const upTo = e === k ? at.done : record.relaxations.length;
    for (const r of record.relaxations.slice(0, upTo)) if (r.outcome !== 'skipped-closed' && r.outcome !== 'not-better') states[index(r.cell)] = 1;
  }
  return states;
}

// What the page shows now: the highlighted line, the narration, the table and the cell states
// of the canvas's search-state layer (what it draws: each pixel's colour mapped back to a state).
async function shown(page) {
  await nextFrames(page);
  return page.evaluate(() => {
    const r = window.playground.renderer;
    const colours = Array.from(r.stateColours);
    const states = Array.from(r.state.pixels.slice(0, window.playground.engine.cellCount), (p) => colours.indexOf(p));
    return {
      line: Number(document.getElementById('code-listing').dataset.current),
      current: [...document.querySelectorAll('#code-listing li.current')].map((li) => Number(li.dataset.line)),
      explain: document.getElementById('code-explain').textContent,
      rows: [...document.querySelectorAll('#open-list-rows tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
      why: document.getElementById('open-list-why').textContent,
      expanded: document.getElementById('stat-expanded').textContent,
      generated: document.getElementById('stat-generated').textContent,
      states,
    };
  });
}

const configs = [
  { label: 'A*', map: 'mud', settings: { algorithm: 'astar', heuristic: 'octile', wrapAware: true, portalAware: true }, family: kBestFirst, heuristicLabel: 'octile' },
  { label: 'Dijkstra', map: 'mud', settings: { algorithm: 'dijkstra', heuristic: 'octile', wrapAware: true, portalAware: true }, family: kBestFirst },
  { label: 'JPS', map: 'plain', settings: { algorithm: 'jps', heuristic: 'octile', wrapAware: true, portalAware: true }, family: kJump, heuristicLabel: 'octile' },
];

test('Step line: every line of three expansions (A*, Dijkstra, JPS) equals astar trace replayed to it; Back line restores each line', async () => {
  const counts = {};
  await withPage({ viewport: { width: 1280, height: 900 } }, async ({ page }) => {
    await page.evaluate(() => window.playground.controller.setLive(false));
    // Keyboard: the Learn view opens from its button.
    await page.focus('#view-switch');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.dataset.view === 'learn');
    for (const config of configs) {
      const args = await cliSearchArgs(config.settings);
      const out = execFileSync(cli, ['trace', mapFiles[config.map], ...args, '--expansions', String(kExpansions), '--open', '1000', '--each-relaxation'], { encoding: 'utf8' });
      const trace = out.trim().split('\n').map((line) => JSON.parse(line));
      assert.equal(trace.length, kExpansions, `${config.label}: ${kExpansions} expansions traced`);
      await page.evaluate(({ text, settings }) => {
        const app = window.playground;
        app.store.load(text, 'step.map.txt', 'test map');
        app.store.setSettings(settings);
        app.controller.reset();
      }, { text: kMaps[config.map], settings: config.settings });
      const ranAs = await page.evaluate(() => { window.playground.controller.step(); return window.playground.engine.stats().ranAs; });
      await page.evaluate(() => window.playground.controller.reset());
      if (config.settings.algorithm === 'jps') assert.equal(ranAs, 'jps', 'jump point search runs as itself on this map');
      const cellCount = await page.evaluate(() => window.playground.engine.cellCount);
      const forward = [];
      let relaxationLines = 0, pushes = 0;
      for (let k = 0; k < kExpansions; ++k) {
        const record = trace[k];
        for (const at of expectedLines(record, k === 0, config.family)) {
          // Real input: clicks, and for the second expansion the keyboard on the focused button.
          if (k === 1) {
            await page.focus('#code-step-line');
            await page.keyboard.press('Enter');
          } else {
            await page.click('#code-step-line');
          }
          const now = await shown(page);
          const where = `${config.label}, expansion ${k + 1}, line ${at.line}, relaxation ${at.relaxation}`;
          assert.equal(now.line, at.line, `${where}: the highlighted line`);
          assert.deepEqual(now.current, [at.line], `${where}: exactly one line highlighted`);
          const open = expectedOpen(trace, k, at).slice(0, kRows);
          assert.deepEqual(now.rows.map((r) => r[1]), open.map((o) => `(${o.cell[0]}, ${o.cell[1]})`), `${where}: the table's cells`);
          now.rows.forEach((r, i) => assert.deepEqual(r.slice(2).map(Number), [open[i].g, open[i].h, open[i].f].map((v) => Number(fmt(v))), `${where}: row ${i + 1}'s g, h, f`));
          assert.deepEqual(now.states, expectedStates(trace, k, at, cellCount), `${where}: the cell states drawn`);
          // The stats at the line: nothing expanded before the first take (issue 57), the start
          // generated, then each neighbour once its relaxation ended.
          const generated = 1 + trace.slice(0, k).reduce((n, t) => n + t.relaxations.length, 0) + at.done;
          assert.deepEqual([now.expanded, now.generated], [String(k + (at.expanded === 'open' ? 0 : 1)), String(generated)], `${where}: Expanded and Generated`);
          if (at.relaxation >= 0) {
            ++relaxationLines;
            const r = record.relaxations[at.relaxation];
            const isPush = r.outcome === 'opened' && at.line === config.family.tentative[1];
            const isDecrease = r.outcome === 'improved' && at.line === config.family.improve;
            if (isPush || isDecrease) {
              pushes += isPush;
              // The neighbour's row once it is pushed: its h and f as the native list has them.
              const row = record.relaxations[at.relaxation].open.find((o) => o.cell[0] === r.cell[0] && o.cell[1] === r.cell[1]);
              const h = `h(${r.cell[0]}, ${r.cell[1]}) = ${fmt(row.h)}`;
              assert.ok(now.explain.includes(h), `${where}: "${now.explain}" names ${h}`);
              assert.ok(now.explain.includes(`= ${fmt(row.f)}.`), `${where}: "${now.explain}" ends with f = ${fmt(row.f)}`);
              if (config.heuristicLabel) {
                assert.ok(now.explain.includes(`(${config.heuristicLabel})`), `${where}: the heuristic's label`);
                assert.ok(now.explain.includes(`f = ${fmt(row.g)} + ${fmt(row.h)} = ${fmt(row.f)}`), `${where}: f = g + h with numbers`);
              } else {
                assert.ok(now.explain.includes(`f = g = ${fmt(row.f)}`), `${where}: Dijkstra's f = g`);
              }
            }
          }
          forward.push(now);
        }
      }
      assert.ok(pushes >= 3, `${config.label}: ${pushes} pushes narrated`);
      const outcomes = new Set(trace.flatMap((t) => t.relaxations.map((r) => r.outcome)));
      if (config.map === 'mud') assert.deepEqual([...outcomes].sort(), ['improved', 'not-better', 'opened', 'skipped-closed'], `${config.label}: every outcome but reopened`);
      counts[config.label] = { lines: forward.length, relaxationLines, relaxations: trace.reduce((n, t) => n + t.relaxations.length, 0), pushes };
      // The engine itself took the native cells.
      assert.equal(await page.evaluate(() => window.playground.engine.lastExpansion().cell), index(trace.at(-1).cell));
      if (config.label === 'A*') await saveScreenshot(page, 'step-line-astar.png');
      // Back line, to the first line: each line shows what it showed on the way forward.
      for (let i = forward.length - 2; i >= 0; --i) {
        if (i % 2) {
          await page.click('#code-back-line');
        } else {
          await page.focus('#code-back-line');
          await page.keyboard.press(' ');
        }
        const now = await shown(page);
        assert.deepEqual(now, forward[i], `${config.label}: Back line to line ${i + 1} of ${forward.length}`);
      }
      // Before the first line: no search; Step line begins it again at its set-up line.
      await page.click('#code-back-line');
      assert.equal(await page.evaluate(() => window.playground.controller.state), 'idle');
      await page.click('#code-step-line');
      assert.deepEqual(await shown(page), forward[0], `${config.label}: Step line after Back line to the start`);
    }
  });
  for (const [label, c] of Object.entries(counts)) {
    console.log(`${label}: ${c.lines} lines compared forward and back, ${c.relaxationLines} of them on ${c.relaxations} relaxations, ${c.pushes} pushes narrated`);
  }
});
