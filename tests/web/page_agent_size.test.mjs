// Agents of any size on the page (issue 34): the Search section's "Agent size" (a search setting,
// core's SearchOptions::agentSize) finds the path of a 2 x 2 agent through a map's wide gap, at the
// cost `astar path --agent-size 2` gives on the same map; a size-2 walker walks it and at every
// frame its 2 x 2 square covers floor cells only, and so do a squad's members; the path worker
// finds the same cost; the Learn view's clearance heat map shows the
// clearance of every cell (checked against the definition, computed here from the map); a map
// where the size does not apply shows core's sentence, JPS says it ran as A*, and Compare all,
// race mode's second search, the crowd and the ghost chase say core's sentence there too; set
// back to 1, the search runs again and no refusal is left on the page.
// Compare all with size 2 runs every row whose registry entry takes the size at the CLI's size-2
// cost, the others say core's refusal in their row; a size-2 crowd (core's flow field over the
// anchors where a 2 x 2 agent fits) never puts a member's square on a wall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, nextFrames, repoDir, showLearnView, saveScreenshot } from './support.mjs';

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');

// Row 5 is a wall with two gaps: one cell wide at x = 9 (on the straight way) and two cells wide
// at x = 15..16. A one-cell agent takes the narrow gap; a 2 x 2 agent must go round by the wide one.
const kRows = [
  '....................',
  '....................',
  '....................',
  '....................',
  '....................',
  '#########.#####..###',
  '....................',
  '....................',
  '....................',
  '....................',
  '....................',
  '....................',
];
const kMap = ['astar-map 1', 'name: Agent size gap', `size: ${kRows[0].length} x ${kRows.length}`, 'movement: only-when-no-obstacles',
  'cost-model: real', 'terrain: . 1 floor', 'terrain: # wall wall', 'start: 2 1', 'goal: 3 9', 'grid:', ...kRows, ''].join('\n');

const width = kRows[0].length, wall = (x, y) => kRows[y][x] === '#';
const floor = (x, y) => x >= 0 && y >= 0 && x < width && y < kRows.length && !wall(x, y);
// The cells a size x size square covers when its top-left cell's centre is at (x, y) (layout units).
function squareCells(x, y, size) {
  const e = 1e-6, out = [];
  for (let cy = Math.floor(y - 0.5 + e); cy <= Math.floor(y - 0.5 + size - e); ++cy) {
    for (let cx = Math.floor(x - 0.5 + e); cx <= Math.floor(x - 0.5 + size - e); ++cx) out.push([cx, cy]);
  }
  return out;
}

// `astar path` on the map text with extra arguments: its `key: value` lines.
function cliPath(args) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-agent-size-'));
  try {
    const file = path.join(tmp, 'gap.map.txt');
    fs.writeFileSync(file, kMap);
    const out = execFileSync(cli, ['path', file, ...args], { encoding: 'utf8' });
    return Object.fromEntries(out.trim().split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// The CLI prints costs to 10 significant digits.
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-8 * Math.max(1, Math.abs(b)), `${what}: page ${a}, CLI ${b}`);

const searchState = (page) => page.evaluate(() => {
  const e = window.playground.engine, s = e.stats();
  return { status: e.status(), cost: s.pathCost, ranAs: s.ranAs, message: e.message(), path: Array.from(e.path()), agentSize: e.settings.agentSize,
    note: document.getElementById('agent-size-note').hidden ? '' : document.getElementById('agent-size-note').textContent,
    statusText: document.getElementById('stat-status').textContent };
});

// The gap map, loaded as a file is, once the agents module is in; waits for its search.
async function loadGapMap(page) {
  await page.waitForFunction(() => window.playground?.modules?.agents);
  await page.evaluate((t) => window.playground.store.load(t, 'gap.map.txt', 'test map'), kMap);
  await page.waitForFunction(() => window.playground.engine.status() === 2);
}

// Sets the Search section's agent size as a visitor does (type, Enter), then waits for the live search.
async function setAgentSize(page, size) {
  await page.fill('#agent-size', String(size));
  await page.press('#agent-size', 'Enter');
  await page.waitForFunction((k) => window.playground.engine.settings.agentSize === k && window.playground.engine.status() >= 2, size);
}

test('agent size 2: the path goes by the wide gap at the CLI\'s cost; a 2 x 2 walker never covers a wall; the clearance heat map is core\'s', async () => {
  assert.ok(fs.existsSync(cli), `${cli} is missing: build the release preset`);
  const one = cliPath([]), two = cliPath(['--agent-size', '2']);
  assert.equal(two.status, 'found');
  assert.ok(Number(two.cost) > Number(one.cost), `the 2 x 2 agent goes round (CLI: ${two.cost} against ${one.cost})`);
  await withPage({}, async ({ page }) => {
    await loadGapMap(page);
    const small = await searchState(page);
    assert.equal(small.agentSize, 1);
    close(small.cost, Number(one.cost), 'size 1');

    await setAgentSize(page, 2);
    const big = await searchState(page);
    assert.equal(big.status, 2, `found (${big.statusText})`);
    close(big.cost, Number(two.cost), 'size 2');
    assert.equal(big.path.length, Number(two.cells), 'as many cells as the CLI\'s path');
    assert.match(big.note, /top-left cell of a 2×2 agent/);
    assert.ok(big.path.some((n) => Math.floor(n / width) === 4 && n % width === 15), 'the anchor passes the wide gap (15, 4) -> (15, 5)');

    // The walker: a 2 x 2 square; every frame its square's cells are checked against the map here.
    await page.evaluate(() => {
      window.footprints = [];
      window.playground.addTicker(() => {
        const s = window.playground.modules.agents.agentState();
        if (s) window.footprints.push({ x: s.x, y: s.y, size: s.size, done: s.done });
        return !!(s && !s.done);
      });
    });
    await page.click('#agents-walk');
    await page.waitForFunction(() => window.playground.modules.agents.agentState()?.done);
    const walk = await page.evaluate(() => ({ end: window.playground.modules.agents.agentState(), trace: window.footprints }));
    assert.equal(walk.end.cell, big.path.at(-1), 'the walker\'s top-left cell ends on the goal');
    assert.ok(walk.trace.length > 10, `sampled ${walk.trace.length} frames`);
    for (const { x, y, size } of walk.trace) {
      assert.equal(size, 2);
      for (const [cx, cy] of squareCells(x, y, size)) assert.ok(floor(cx, cy), `at (${x.toFixed(2)}, ${y.toFixed(2)}) the square covers (${cx}, ${cy})`);
    }
    await saveScreenshot(page, 'agent-size-walker.png');

    // The squad: every member is a 2 x 2 square too, on floor cells at every frame while its leader walks.
    await page.evaluate(() => {
      window.members = [];
      window.playground.addTicker(() => {
        const q = window.playground.modules.agents.squad;
        if (q) window.members.push({ size: q.agentSize, at: q.members.map((m) => [m.x, m.y]).concat([[q.leader.x, q.leader.y]]) });
        return !!(q && !q.leader.done);
      });
    });
    await page.click('#agents-squad');
    await page.waitForFunction(() => window.playground.modules.agents.squad?.leader.done);
    const squad = await page.evaluate(() => window.members);
    assert.ok(squad.length > 10, `sampled ${squad.length} frames of the squad`);
    for (const { size, at } of squad) {
      assert.equal(size, 2);
      for (const [x, y] of at) {
        for (const [cx, cy] of squareCells(x, y, size)) assert.ok(floor(cx, cy), `a squad member at (${x.toFixed(2)}, ${y.toFixed(2)}) covers (${cx}, ${cy})`);
      }
    }

    // The path worker searches for the same agent: the same cost.
    await page.click('#agents-worker');
    await page.waitForFunction(() => /cost|no path|refused/.test(document.getElementById('agents-worker-result').textContent));
    const worker = await page.textContent('#agents-worker-result');
    assert.match(worker, new RegExp(`^cost ${Number(two.cost).toFixed(3)},`), `the worker: ${worker}`);

    // The Learn view's clearance heat map: each floor cell's largest free square anchored there.
    await showLearnView(page);
    await page.check('#learn-clearance');
    await nextFrames(page);
    const heat = await page.evaluate(() => {
      const h = window.playground.teach.heat;
      return { kind: h.kind, values: Array.from(h.values, (v) => (Number.isNaN(v) ? 0 : v)), range: document.getElementById('learn-clearance-range').textContent };
    });
    assert.equal(heat.kind, 'clearance');
    const maxAgentSize = await page.evaluate(() => window.playground.engine.registry.limits.maxAgentSize);
    const fits = (x, y, k) => {
      if (x + k > width || y + k > kRows.length) return false;
      for (let cy = y; cy < y + k; ++cy) for (let cx = x; cx < x + k; ++cx) if (wall(cx, cy)) return false;
      return true;
    };
    for (let y = 0; y < kRows.length; ++y) {
      for (let x = 0; x < width; ++x) {
        let k = 0;
        while (k < maxAgentSize && fits(x, y, k + 1)) ++k;
        assert.equal(heat.values[y * width + x], k, `clearance of (${x}, ${y})`);
      }
    }
    const floorValues = heat.values.filter((v) => v > 0);
    assert.equal(heat.range, `from ${Math.min(...floorValues)} (dark) to ${Math.max(...floorValues)} (yellow) cells`, 'the range the colours span');
    await saveScreenshot(page, 'agent-size-clearance.png');
  });
});

test('agent size 2 on a wrapping map shows core\'s refusal; JPS runs as A* and says so', async () => {
  await withPage({}, async ({ page }) => {
    await loadGapMap(page);
    await setAgentSize(page, 2);
    await page.selectOption('#algorithm', 'jps');
    await page.waitForFunction(() => window.playground.engine.settings.algorithm === 'jps' && window.playground.engine.status() === 2);
    const jps = await searchState(page);
    assert.equal(jps.ranAs, 'astar');
    assert.match(jps.note, /Jump point search ran as A\*: it moves one-cell agents only/);

    // On a map that does not wrap, the ghost chase refuses the size with the turn-aware row's refusal.
    await page.click('#agents-chase');
    await page.waitForFunction(() => /^The ghost chase cannot move a 2×2 agent: .+ does not take agent-size: it plans for one-cell agents only\./
      .test(document.getElementById('message').textContent));
    assert.equal(await page.evaluate(() => window.playground.modules.agents.chase), null);

    await page.check('#wrap-x');  // a map that wraps: core moves bigger agents only on maps that do not
    await page.waitForFunction(() => window.playground.engine.wrapX() && window.playground.engine.status() === 4);
    const refused = await searchState(page);
    assert.ok(refused.message.length > 0, 'core says why');
    assert.match(refused.note, new RegExp(`^Agent size 2 refused: ${refused.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    assert.ok(refused.statusText.includes(refused.message), 'the status line has the sentence too');
    // Race mode's second search moves the same agent: core refuses it there too, in B's label.
    await page.evaluate(() => { document.getElementById('heat').open = true; });
    await page.check('#race-on');
    await page.waitForFunction(() => document.getElementById('race-label-b').textContent.includes('refused: '));
    const escaped = refused.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(await page.textContent('#race-label-b'), new RegExp(`^B: .+, 2×2 agent — refused: ${escaped}$`));
    assert.match(await page.textContent('#race-label-a'), /, 2×2 agent —/);
    await page.uncheck('#race-on');
    // Compare all: the search rows say core's sentence, the other rows core's refusal.
    await page.click('#compare');
    await page.waitForFunction(() => document.getElementById('compare-section').dataset.state === 'done');
    const rows = await compareRows(page);
    for (const row of rows) {
      if (row.takesSize) assert.equal(row.statusText, `invalid input: ${refused.message}`, `${row.algorithm}: core's sentence`);
      else assert.match(row.statusText, /^not run: .+ does not take agent-size: it plans for one-cell agents only$/, row.algorithm);
    }
    // The crowd and the ghost chase say core's sentence on why the map cannot move the agent.
    await page.click('#agents-crowd');
    await page.waitForFunction((m) => document.getElementById('message').textContent.includes(`cannot move a 2×2 agent: ${m}`), refused.message);
    assert.equal(await page.evaluate(() => window.playground.modules.agents.crowd), null);
    await page.click('#agents-chase');
    await page.waitForFunction((m) => document.getElementById('message').textContent.includes(`The ghost chase cannot move a 2×2 agent: ${m}`), refused.message);
    assert.equal(await page.evaluate(() => window.playground.modules.agents.chase), null);

    // Back to one cell (issue 57: the refusal stayed on the status line until the next step):
    // the search runs again at once and nothing says refused.
    await page.fill('#agent-size', '1');
    await page.press('#agent-size', 'Enter');
    await page.waitForFunction(() => window.playground.engine.settings.agentSize === 1);
    await nextFrames(page);
    const back = await searchState(page);
    assert.equal(back.status, 2, `size 1 on the wrapping map: the search ran again (status line "${back.statusText}")`);
    assert.equal(back.note, '', 'no refusal note');
    assert.doesNotMatch(back.statusText, /invalid input|refused/, 'the status line no longer says refused');
  });
});

// The table's rows as shown, with whether core's registry says the row takes an agent size.
const compareRows = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#compare-rows tr')).map((tr) => ({
  algorithm: tr.dataset.algorithm, status: Number(tr.dataset.status), statusText: tr.children[1].textContent.trim(),
  cost: tr.dataset.cost === '' ? null : Number(tr.dataset.cost), ranAs: tr.dataset.ranAs,
  takesSize: window.playground.engine.registry.planners.find((p) => p.name === tr.dataset.algorithm).options.includes('agent-size'),
  options: window.playground.engine.registry.planners.find((p) => p.name === tr.dataset.algorithm).options,
})));

test('Compare all for a 2 x 2 agent: the rows that take the size give the CLI\'s size-2 costs, the others say core\'s refusal', async () => {
  const one = cliPath(['--algorithm', 'dijkstra']), two = cliPath(['--algorithm', 'dijkstra', '--agent-size', '2']);
  assert.ok(Number(two.cost) > Number(one.cost), 'the map\'s size 1 and size 2 optima differ');
  await withPage({}, async ({ page }) => {
    await loadGapMap(page);
    await setAgentSize(page, 2);
    await page.click('#compare');
    await page.waitForFunction(() => document.getElementById('compare-section').dataset.state === 'done');
    const settings = await page.evaluate(() => window.playground.engine.settings);
    const rows = await compareRows(page);
    assert.ok(rows.filter((r) => r.takesSize).length >= 5, 'the search loop\'s rows take the size');
    assert.ok(rows.some((r) => !r.takesSize), 'some rows do not');
    for (const row of rows) {
      if (!row.takesSize) {
        assert.equal(row.status, -2, `${row.algorithm} is not run`);
        assert.match(row.statusText, /^not run: .+ does not take agent-size: it plans for one-cell agents only$/, row.algorithm);
        continue;
      }
      const args = ['--algorithm', row.algorithm, '--agent-size', '2'];
      if (row.options.includes('heuristic')) args.push('--heuristic', settings.heuristic);
      if (row.options.includes('weight')) args.push('--weight', String(settings.weight));
      const cli = cliPath(args);
      assert.equal(row.status, 2, `${row.algorithm} found a path (${row.statusText})`);
      close(row.cost, Number(cli.cost), `${row.algorithm} for a 2 x 2 agent`);
      assert.equal(row.ranAs, cli.ran.split(' ')[0], `${row.algorithm}: what ran`);
    }
    close(rows.find((r) => r.algorithm === 'dijkstra').cost, Number(two.cost), 'the optimum for a 2 x 2 agent');
    assert.match(await page.textContent('#compare-summary'), /searches for a 2×2 agent on 20×12/);

    // Race mode's second search moves the same 2 x 2 agent: Dijkstra in B finds the size-2 optimum.
    await page.evaluate(() => { document.getElementById('heat').open = true; });
    await page.evaluate(() => window.playground.store.setRace({ algorithm: 'dijkstra', heuristic: 'octile', weight: 1, wrapAware: true, portalAware: true }));
    await page.check('#race-on');
    await page.waitForFunction(() => document.getElementById('race-label-b').dataset.status === '2');
    const b = await page.textContent('#race-label-b');
    assert.match(b, new RegExp(`^B: Dijkstra, 2×2 agent — \\d+ expanded, cost ${Number(Number(two.cost).toFixed(4))}`), b);
  });
});

test('a crowd of 2 x 2 agents: every member\'s square is on floor cells at every frame, and members arrive', async () => {
  await withPage({}, async ({ page }) => {
    await loadGapMap(page);
    await setAgentSize(page, 2);
    await page.fill('#agents-count', '60');
    await page.evaluate(() => {
      window.crowdFrames = [];
      window.playground.addTicker(() => {
        const c = window.playground.modules.agents.crowd;
        if (c) window.crowdFrames.push({ size: c.agentSize, x: Array.from(c.x), y: Array.from(c.y) });
        return true;
      });
    });
    await page.click('#agents-crowd');
    await page.waitForFunction(() => window.playground.modules.agents.crowd?.arrived > 3 && window.crowdFrames.length > 60, null, { timeout: 60000 });
    const { frames, fieldSize } = await page.evaluate(() => ({ frames: window.crowdFrames.splice(0), fieldSize: window.playground.modules.agents.world.raw.flowAgentSize() }));
    assert.equal(fieldSize, 2, 'core\'s flow field is the 2 x 2 agent\'s');
    let squares = 0;
    for (const { size, x, y } of frames) {
      assert.equal(size, 2);
      for (let i = 0; i < x.length; i++) {
        for (const [cx, cy] of squareCells(x[i], y[i], size)) assert.ok(floor(cx, cy), `member ${i} at (${x[i].toFixed(2)}, ${y[i].toFixed(2)}) covers (${cx}, ${cy})`);
        squares++;
      }
    }
    assert.ok(squares >= 60 * 60, `checked ${squares} squares`);
    await saveScreenshot(page, 'agent-size-crowd.png');
  });
});

// Links made before the agent size existed searched for a one-cell agent, and open so, whatever
// size the page had: a 0.2.0 share link (version 1) and a version 4 document.
test('a link from before the agent size opens with a one-cell agent, not the size the page had', async () => {
  const fixtures = JSON.parse(fs.readFileSync(path.join(repoDir, 'tests/web/fixtures/links_0_2_0.json'), 'utf8'));
  const old = fixtures.links.find((l) => l.document.settings);
  await withPage({}, async ({ page }) => {
    await page.evaluate((t) => window.playground.store.load(t, 'gap.map.txt', 'test map'), kMap);
    await page.waitForFunction(() => window.playground.engine.status() === 2);
    const version4 = await page.evaluate(async (map) => {
      const { encodeLinkText } = await import('./js/share.js');
      return `#${await encodeLinkText(JSON.stringify({ v: 4, map, settings: { algorithm: 'dijkstra' } }))}`;
    }, kMap.replace('Agent size gap', 'Version 4'));
    for (const [what, fragment, name] of [['0.2.0 link', old.fragment, null], ['version 4 link', version4, 'Version 4']]) {
      await setAgentSize(page, 3);
      await page.evaluate((f) => { location.hash = f; }, fragment);
      await page.waitForFunction((n) => (n === null ? window.playground.engine.name() !== 'Agent size gap' : window.playground.engine.name() === n) &&
        window.playground.engine.settings.agentSize === 1, name);
      assert.equal(await page.inputValue('#agent-size'), '1', `${what}: the setting shows 1`);
      await page.evaluate((t) => window.playground.store.load(t, 'gap.map.txt', 'test map'), kMap);
    }
  });
});
