// The Compare panel in Chromium: "Compare all" runs every planner row of core's registry (the
// search loop's algorithms, then HPA*, D* Lite, the turn-aware search and the subgoal graph) on the query set by
// clicking cells; optimal costs match the native engine, the others are no better than the
// optimum (any-angle rows: no worse, and refused on hex cells) and their ratio column agrees; a row click shows that search; the page's own search
// is untouched by a compare; edits and settings changes mark the table out of date; hex cells,
// no path, a 512 x 512 map (timing reported; its planner rows run in the planner worker) and the
// phone layout; over 16,384 cells, a worker that cannot start and a 2 x 2 agent's refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { withPage, saveScreenshot, clickCell, nativeCost, distDir, generateOnPage } from './support.mjs';
import { pageFigure } from './page_figures.mjs';

const kSquareMap = 'random128-25-7.map';
const kHexMap = 'honeycomb.map.txt';
// Every planner row, in the registry's order: the rows Compare all must list.
const registryRows = (page) => page.evaluate(() => window.playground.engine.registry.planners.map((p) => p.name));
// The rows outside the search loop (HPA*, D* Lite, ...): not clickable, run through PlannerQuery.
const plannerRows = (page) => page.evaluate(() => window.playground.engine.registry.planners.filter((p) => p.kind !== 'search').map((p) => p.name));
// Any-angle rows (the registry's anyAngle trait, checked below): paths of straight segments, no
// longer than the grid's optimum here; Theta* is refused on hex cells, the navigation mesh runs
// as A* there.
const kAnyAngle = new Set(['theta', 'lazy-theta', 'navmesh']);

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function mapTitle(file) {
  const json = JSON.parse(fs.readFileSync(path.join(distDir, 'maps/index.json'), 'utf8'));
  const entry = (json.maps ?? json).find((m) => (m.file ?? m.path) === file);
  assert.ok(entry, `maps/index.json lists ${file}`);
  return entry.title ?? entry.name;
}

async function openBundled(page, file) {
  const title = mapTitle(file);
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await page.selectOption('#map-select', file);
  await page.waitForFunction((t) => document.getElementById('message').textContent.includes(t), title);
}

// Two passable cells far apart (neither the current start nor goal), set by clicking them.
async function clickEndpoints(page) {
  const cells = await page.evaluate(() => {
    const e = window.playground.engine, costs = e.costs(), taken = new Set([e.start(), e.goal()]);
    const free = [];
    for (let i = 0; i < costs.length; ++i) if (costs[i] > 0 && !taken.has(i)) free.push(i);
    return { start: free[Math.floor(free.length * 0.04)], goal: free[Math.floor(free.length * 0.95)], width: e.width };
  });
  await clickCell(page, cells.start);
  await clickCell(page, cells.goal, { button: 'right' });
  assert.deepEqual(await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]),
    [cells.start, cells.goal], 'the clicks set start and goal');
  const w = cells.width;
  return { ...cells, sx: cells.start % w, sy: Math.floor(cells.start / w), gx: cells.goal % w, gy: Math.floor(cells.goal / w) };
}

function compareState(page) {
  return page.getAttribute('#compare-section', 'data-state');
}

async function runCompare(page, how = 'button') {
  if (how === 'key') {
    await page.locator('#grid').focus();
    await page.keyboard.press('c');
  } else {
    await page.click('#compare');
  }
  await page.waitForFunction(() => document.getElementById('compare-section').dataset.state === 'done', null, { timeout: 60000 });
}

// The table as shown: per row its data (numbers as the page computed them) and its texts.
function tableRows(page) {
  return page.evaluate(() => Array.from(document.querySelectorAll('#compare-rows tr')).map((tr) => {
    const cells = Array.from(tr.children).map((c) => c.textContent.trim());
    const d = tr.dataset;
    return {
      algorithm: d.algorithm, status: Number(d.status), statusText: cells[1],
      cost: d.cost === '' ? null : Number(d.cost), costText: cells[2],
      ratio: d.ratio === '' ? null : Number(d.ratio), ratioText: tr.querySelector('.ratio')?.textContent ?? '',
      optimal: d.optimal === 'true', marked: !!tr.querySelector('.mark'), fellBack: d.fellBack === 'true',
      planner: !tr.querySelector('th button'), asAStar: /as A\*/.test(cells[0]), tag: tr.querySelector('th .tag')?.textContent ?? '', ranAs: d.ranAs,
      ranAsLabel: window.playground.engine.algorithmInfo(d.ranAs)?.label ?? '', pathCells: d.pathCells === '' ? null : Number(d.pathCells),
      expanded: Number(d.expanded), generated: Number(d.generated), maxOpen: Number(d.maxOpen), engineMs: Number(d.engineMs),
      texts: cells,
    };
  }));
}

// The page's own search: everything a compare must leave as it was.
function ownSearch(page) {
  return page.evaluate(() => {
    const app = window.playground, e = app.engine;
    let hash = 2166136261;
    for (const v of e.states()) hash = Math.imul(hash ^ v, 16777619);
    return { settings: { ...e.settings }, menu: document.getElementById('algorithm').value, status: e.status(), stats: e.stats(),
      states: hash >>> 0, path: Array.from(e.path()), statsText: document.getElementById('stats').textContent, live: app.live };
  });
}

// Checks every row against the optimum (the native engine's cost for this query).
function checkRows(rows, optimum, label, names, hex = false) {
  assert.deepEqual(rows.map((r) => r.algorithm), names, `${label}: one row per planner row of the registry`);
  for (const r of rows) {
    if (hex && kAnyAngle.has(r.algorithm) && !r.planner) {  // Theta*, Lazy Theta*
      assert.equal(r.status, 4, `${label}: ${r.algorithm} is refused on hex cells (${r.statusText})`);
      continue;
    }
    assert.equal(r.status, 2, `${label}: ${r.algorithm} found a path (${r.statusText})`);
    assert.equal(r.statusText, 'found');
    if (kAnyAngle.has(r.algorithm)) {
      assert.ok(r.cost <= optimum * (1 + 1e-9), `${label}: ${r.algorithm} cost ${r.cost} <= grid optimum ${optimum}`);
    } else {
      assert.ok(r.cost >= optimum * (1 - 1e-9), `${label}: ${r.algorithm} cost ${r.cost} >= optimum ${optimum}`);
    }
    assert.ok(close(r.ratio, r.cost / optimum), `${label}: ${r.algorithm} ratio ${r.ratio} = ${r.cost} / ${optimum}`);
    assert.ok(Math.abs(Number(r.ratioText) - r.cost / optimum) <= 0.0005 + 1e-12,
      `${label}: ${r.algorithm} shows ratio "${r.ratioText}" for ${r.cost} / ${optimum}`);
    assert.equal(Number(r.costText), Number(r.cost.toFixed(4)), `${label}: ${r.algorithm} shows cost "${r.costText}"`);
    assert.equal(r.optimal, close(r.cost, optimum), `${label}: ${r.algorithm} optimal flag`);
    assert.equal(r.marked, r.optimal, `${label}: ${r.algorithm} has the optimal mark iff optimal`);
    // (The planners outside the search loop report expansions, not the loop's other counts.)
    assert.ok(r.expanded > 0 && r.pathCells >= 2 && (r.planner || (r.generated >= r.expanded - 1 && r.maxOpen > 0)), `${label}: ${r.algorithm} counts`);
    assert.equal(r.tag !== '', r.fellBack, `${label}: ${r.algorithm} has an "as ..." tag iff it fell back`);
    assert.equal(r.ranAs, r.fellBack ? r.ranAs : r.algorithm, `${label}: ${r.algorithm} ran as itself unless it fell back`);
    if (r.fellBack) assert.equal(r.tag, `as ${r.ranAsLabel}`, `${label}: ${r.algorithm}'s tag names what ran (${r.ranAs})`);
  }
}

async function checkNative(page, rows, file, q, label) {
  const mapFile = path.join(distDir, 'maps', file);
  const optimum = await nativeCost(mapFile, q.sx, q.sy, q.gx, q.gy, 'dijkstra');
  assert.notEqual(optimum, null, `${label}: the native engine finds a path`);
  for (const algorithm of ['astar', 'dijkstra', 'jps']) {
    const native = await nativeCost(mapFile, q.sx, q.sy, q.gx, q.gy, algorithm, 'octile');
    const row = rows.find((r) => r.algorithm === algorithm);
    assert.ok(close(row.cost, native), `${label}: ${algorithm} page ${row.cost}, native ${native}`);
    assert.ok(close(row.cost, optimum), `${label}: ${algorithm} ${row.cost} is the optimum ${optimum}`);
    assert.ok(row.optimal, `${label}: ${algorithm} is marked optimal`);
  }
  return optimum;
}

test('compare all on a bundled square map: native optimum, ratios, row click, page search untouched, stale after changes', async () => {
  await withPage({}, async ({ page }) => {
    assert.equal(await page.isHidden('#compare-section'), true, 'no table before the first compare');
    await openBundled(page, kSquareMap);
    const q = await clickEndpoints(page);
    assert.equal(await page.inputValue('#heuristic'), 'octile');

    // The page's own search, half-way: live off, some single steps.
    await page.uncheck('#live');
    for (let i = 0; i < 9; ++i) await page.click('#step');
    const before = await ownSearch(page);
    assert.equal(before.stats.expanded, 9);

    await runCompare(page);
    assert.deepEqual(await ownSearch(page), before, 'the compare left the page\'s search, settings and stats as they were');
    const rows = await tableRows(page);
    const optimum = await checkNative(page, rows, kSquareMap, q, kSquareMap);
    checkRows(rows, optimum, kSquareMap, await registryRows(page));
    assert.deepEqual(rows.filter((r) => r.planner).map((r) => r.algorithm), await plannerRows(page), 'the planners outside the loop are listed too');
    assert.deepEqual(await page.evaluate(() => window.playground.engine.registry.planners.filter((p) => p.anyAngle).map((p) => p.name)),
      [...kAnyAngle], 'the any-angle rows are the registry\'s');
    for (const algorithm of ['theta', 'lazy-theta']) {  // Theta* and Lazy Theta* on the page cost what the native engine says
      const native = await nativeCost(path.join(distDir, 'maps', kSquareMap), q.sx, q.sy, q.gx, q.gy, algorithm, 'octile');
      const row = rows.find((r) => r.algorithm === algorithm);
      assert.ok(close(row.cost, native), `${kSquareMap}: ${algorithm} page ${row.cost}, native ${native}`);
      assert.ok(row.cost < optimum, `${kSquareMap}: ${algorithm} cuts corners (${row.cost} < ${optimum})`);
    }
    const by = Object.fromEntries(rows.map((r) => [r.algorithm, r]));
    assert.ok(by.astar.expanded < by.dijkstra.expanded, `A* expands fewer nodes than Dijkstra (${by.astar.expanded} < ${by.dijkstra.expanded})`);
    assert.equal(by.jps.fellBack, false, 'jump point search runs as itself on a uniform 8-way grid');
    assert.ok(by.jps.expanded < by.astar.expanded, `JPS expands fewer than A* (${by.jps.expanded} < ${by.astar.expanded})`);
    assert.ok(by.dfs.cost > optimum * 1.01, `depth-first finds a longer path here (${by.dfs.cost} vs ${optimum})`);
    assert.equal(await page.getAttribute('#compare-note', 'data-admissible'), 'true');
    assert.match(await page.textContent('#compare-note'), /octile \(admissible here\)/);
    assert.match(await page.textContent('#compare-summary'), new RegExp(`Optimal cost ${Number(optimum.toFixed(4))}`));

    console.log(`${kSquareMap} (${q.sx}, ${q.sy}) -> (${q.gx}, ${q.gy}): optimum ${optimum}; ` +
      rows.map((r) => `${r.algorithm} ${r.ratioText} exp ${r.expanded}`).join(', '));

    // A row click shows that search: the menu and the stats panel follow, the table stays current.
    await page.click('#compare-rows tr[data-algorithm=greedy] td.ratio-cell');
    assert.equal(await page.inputValue('#algorithm'), 'greedy');
    assert.equal(await page.textContent('#stat-status'), 'found');
    const shown = Number(await page.getAttribute('#stat-path-cost', 'data-value'));
    assert.ok(close(shown, by.greedy.cost), `stats panel ${shown}, greedy row ${by.greedy.cost}`);
    assert.equal(await page.textContent('#stat-path-cost'), by.greedy.costText);
    assert.equal(Number(await page.getAttribute('#stat-expanded', 'data-value')), by.greedy.expanded,
      'the page\'s greedy search expands as many nodes as the compare\'s');
    assert.equal(await page.getAttribute('#compare-rows tr[data-algorithm=greedy]', 'aria-current'), 'true');
    assert.equal(await compareState(page), 'done', 'choosing an algorithm does not make the table stale');
    await page.mouse.move(5, 5);
    console.log(`screenshot: ${await saveScreenshot(page, 'compare.png')}`);

    // A settings change (the heuristic) makes it stale; a new compare says manhattan overestimates on 8-way moves.
    await page.selectOption('#heuristic', 'manhattan');
    assert.equal(await compareState(page), 'stale');
    assert.equal(await page.isVisible('#compare-stale'), true);
    await runCompare(page, 'key');
    assert.equal(await page.getAttribute('#compare-note', 'data-admissible'), 'false');
    assert.match(await page.textContent('#compare-note'), /manhattan is not admissible/);
    const rows2 = await tableRows(page);
    const dijkstra2 = rows2.find((r) => r.algorithm === 'dijkstra');
    assert.ok(close(dijkstra2.cost, optimum), 'Dijkstra ignores the heuristic');
    for (const r of rows2) {
      if (!kAnyAngle.has(r.algorithm)) assert.ok(r.cost >= optimum * (1 - 1e-9), `manhattan: ${r.algorithm} ${r.cost} >= ${optimum}`);
      assert.equal(r.optimal, close(r.cost, optimum), `manhattan: ${r.algorithm} optimal flag`);
    }

    // A map edit (one wall, painted by a click) makes it stale too.
    const wall = await page.evaluate(() => {
      const e = window.playground.engine, costs = e.costs(), path = new Set(e.path());
      for (let i = 0; i < costs.length; ++i) if (costs[i] > 0 && !path.has(i) && i !== e.start() && i !== e.goal()) return i;
      return -1;
    });
    await page.check('input[name=tool][value=wall]');
    await clickCell(page, wall);
    assert.equal(await page.evaluate((n) => window.playground.engine.costs()[n], wall), 0, 'the click painted a wall');
    assert.equal(await compareState(page), 'stale', 'an edit marks the table out of date');
    assert.equal(await page.isVisible('#compare-stale'), true);
  });
});

test('compare all on a 4-way grid: JPS runs as itself, JPS+ runs as JPS and its tag says so', async () => {
  await withPage({}, async ({ page }) => {
    await openBundled(page, kSquareMap);
    await clickEndpoints(page);
    // No 4-way JPS+ tables: JPS+ runs as jump point search (vertical moves first).
    await page.selectOption('#diagonal', '0');
    await runCompare(page);
    const four = Object.fromEntries((await tableRows(page)).map((r) => [r.algorithm, r]));
    assert.equal(four.jps.fellBack, false, 'JPS runs as itself on a 4-way grid');
    assert.equal(four['jps-plus'].fellBack, true);
    assert.equal(four['jps-plus'].ranAs, 'jps');
    assert.equal(four['jps-plus'].tag, `as ${four['jps-plus'].ranAsLabel}`);
    for (const a of ['astar', 'jps', 'jps-plus']) assert.ok(close(four[a].cost, four.dijkstra.cost), `4-way: ${a} is optimal`);
  });
});

test('compare all on the hex map Honeycomb: native optimum, jps as A*, stale after an edit', async () => {
  await withPage({}, async ({ page }) => {
    await openBundled(page, kHexMap);
    assert.equal(await page.evaluate(() => window.playground.engine.isHex()), true);
    const q = await clickEndpoints(page);
    await runCompare(page);
    const rows = await tableRows(page);
    const optimum = await checkNative(page, rows, kHexMap, q, kHexMap);
    checkRows(rows, optimum, kHexMap, await registryRows(page), true);
    const by = Object.fromEntries(rows.map((r) => [r.algorithm, r]));
    assert.equal(by.jps.fellBack, true, 'jump point search runs as A* on hex cells');
    assert.equal(by.jps.asAStar, true);
    assert.ok(by.astar.expanded < by.dijkstra.expanded, `A* expands fewer nodes than Dijkstra (${by.astar.expanded} < ${by.dijkstra.expanded})`);
    // The page's own live A* search and the compare's A* row are the same search.
    const own = await page.evaluate(() => window.playground.engine.stats());
    assert.equal(own.expanded, by.astar.expanded);
    assert.ok(close(own.pathCost, by.astar.cost));
    assert.match(await page.textContent('#compare-summary'), /hex/);
    console.log(`${kHexMap} (${q.sx}, ${q.sy}) -> (${q.gx}, ${q.gy}): optimum ${optimum}; ` +
      rows.map((r) => `${r.algorithm} ${r.ratioText} exp ${r.expanded}`).join(', '));
    await page.mouse.move(5, 5);
    console.log(`screenshot: ${await saveScreenshot(page, 'compare-hex.png')}`);

    // Moving the goal (a query change, not a map edit) and painting a wall both make it stale.
    await runCompare(page);
    const near = await page.evaluate(() => {
      const e = window.playground.engine, costs = e.costs(), path = e.path();
      const n = path[Math.floor(path.length / 2)];
      return costs[n] > 0 ? n : -1;
    });
    await clickCell(page, near, { button: 'right' });
    assert.equal(await compareState(page), 'stale', 'a new goal marks the table out of date');
    await runCompare(page);
    await page.check('input[name=tool][value=wall]');
    const free = await page.evaluate(() => {
      const e = window.playground.engine, costs = e.costs(), path = new Set(e.path());
      for (let i = costs.length - 1; i >= 0; --i) if (costs[i] > 0 && !path.has(i) && i !== e.start() && i !== e.goal()) return i;
      return -1;
    });
    await clickCell(page, free);
    assert.equal(await compareState(page), 'stale', 'a painted wall marks the table out of date');
  });
});

test('compare all with no path: every row says so, no costs or ratios', async () => {
  await withPage({}, async ({ page }) => {
    await page.fill('#new-width', '20');
    await page.fill('#new-height', '12');
    await page.click('#new-map');  // start (0, 0), goal (19, 11)
    await page.check('input[name=tool][value=wall]');
    const w = 20;
    for (const [x, y] of [[18, 11], [18, 10], [19, 10]]) await clickCell(page, y * w + x);
    await runCompare(page);
    const rows = await tableRows(page);
    assert.deepEqual(rows.map((r) => r.algorithm), await registryRows(page));
    for (const r of rows) {
      assert.equal(r.status, 3, `${r.algorithm}: no path (${r.statusText})`);
      assert.equal(r.statusText, 'no path');
      assert.equal(r.cost, null);
      assert.equal(r.costText, '–');
      assert.equal(r.ratioText, '–');
      assert.equal(r.optimal, false);
    }
    assert.match(await page.textContent('#compare-summary'), /No path between start and goal/);
  });
});

test('compare all on a 512 x 512 map: the page keeps drawing frames (timing reported)', async () => {
  await withPage({}, async ({ page }) => {
    await generateOnPage(page, 'random', 512, 512, 7);
    assert.equal(await page.evaluate(() => window.playground.engine.width * window.playground.engine.height), 512 * 512);
    for (const run of ['first', 'again (map already copied)']) {
      // Frame times while the compare runs: the longest gap between animation frames is how long the page froze.
      const r = await page.evaluate(() => new Promise((resolve) => {
        const frames = [];
        let done = false;
        const tick = (t) => {
          frames.push(t);
          if (!done) requestAnimationFrame(tick);
        };
        requestAnimationFrame((t0) => {
          frames.push(t0);
          requestAnimationFrame(tick);
          const clicked = performance.now();
          document.getElementById('compare').click();
          const wait = () => {
            if (document.getElementById('compare-section').dataset.state !== 'done') {
              setTimeout(wait, 5);
              return;
            }
            done = true;
            let gap = 0;
            for (let i = 1; i < frames.length; ++i) gap = Math.max(gap, frames[i] - frames[i - 1]);
            const c = window.playground.compare.result;
            resolve({ ms: performance.now() - clicked, frames: frames.length, gap, wallMs: c.wallMs, engineMs: c.engineMs,
              slices: c.slices, longestSliceMs: c.longestSliceMs, rows: c.rows.map((x) => [x.algorithm, x.status, x.engineMs, x.expanded, !!x.planner, x.message ?? '']) });
          };
          wait();
        });
      }));
      const names = await registryRows(page), planners = r.rows.filter(([, , , , planner]) => planner);
      assert.deepEqual(r.rows.map(([name]) => name), names, 'every planner row is listed');
      for (const [name, status] of r.rows.filter(([, , , , planner]) => !planner)) assert.equal(status, 2, `${name} found a path on the 512 x 512 map`);
      // Over 16,384 cells the planners outside the loop (unsliced) run in the planner worker.
      assert.deepEqual(planners.map(([name]) => name), await plannerRows(page));
      for (const [name, status, , , , message] of planners) assert.equal(status, 2, `${name} found a path in the worker on 512 x 512 (${message})`);
      assert.ok(r.slices >= 2, `the compare ran in ${r.slices} slices (it yields to the page between them)`);
      // The frames' longest gap (how long the page froze) is a figure, not asserted (page_figures.mjs).
      if (run === 'first') pageFigure('compare all 512²: longest gap between frames', r.gap, 200);
      console.log(`512x512 compare (${run}): ${r.wallMs.toFixed(0)} ms until the table was complete, engine ${r.engineMs.toFixed(1)} ms, ` +
        `${r.slices} slices, longest ${r.longestSliceMs.toFixed(1)} ms, ` +
        `longest gap between frames ${r.gap.toFixed(1)} ms over ${r.frames} frames; per algorithm (engine ms / expanded): ` +
        r.rows.filter(([, , , , planner]) => !planner).map(([name, , ms, exp]) => `${name} ${ms.toFixed(1)}/${exp}`).join(', '));
    }
    console.log(`screenshot: ${await saveScreenshot(page, 'compare-512.png')}`);
  });
});

test('at 1280 x 800 the table fits the side panel: every column in view, the registry\'s labels, the short headers defined', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await runCompare(page);
    const fit = await page.evaluate(() => {
      const s = document.querySelector('#compare-section .table-scroll'), frame = s.getBoundingClientRect();
      const cells = [...document.querySelectorAll('#compare-table th, #compare-table td')].filter((c) => c.checkVisibility());
      return { client: s.clientWidth, scroll: s.scrollWidth, outside: cells.filter((c) => c.getBoundingClientRect().right > frame.right + 0.5).length,
        names: [...document.querySelectorAll('#compare-rows th button')].map((b) => b.textContent),
        labels: window.playground.engine.algorithms.map((a) => window.playground.engine.algorithmInfo(a).label),
        terms: [...document.querySelectorAll('#compare-table thead .term')].map((t) => t.dataset.term) };
    });
    assert.ok(fit.scroll <= fit.client, `no sideways scrolling at 1280 px (${fit.scroll} > ${fit.client})`);
    assert.equal(fit.outside, 0, 'every cell inside the panel');
    assert.deepEqual(fit.names, fit.labels, 'rows named by the registry\'s labels');
    assert.deepEqual(fit.terms, ['optimal', 'expand', 'generated', 'max-open'], 'the short headers carry their glossary terms');
    // The short header's definition is one Tab away.
    await page.locator('#compare-table thead .term[data-term=expand]').focus();
    assert.match(await page.textContent('#glossary-tip'), /^expand: take a cell off the open list/);
    assert.match(await page.textContent('#compare-summary'), /Every search found a path/);
    await page.locator('#compare-section').scrollIntoViewIfNeeded();
    console.log(`screenshot: ${await saveScreenshot(page, 'compare-1280.png')}`);
  });
});

test('phone-sized viewport: the compare table fits or scrolls sideways inside the panel, the page does not', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    await page.locator('#compare').scrollIntoViewIfNeeded();
    await page.tap('#compare');
    await page.waitForFunction(() => document.getElementById('compare-section').dataset.state === 'done');
    assert.equal((await tableRows(page)).length, (await registryRows(page)).length);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 390, `no sideways scrolling of the page (${scroll} px wide)`);
    const box = await page.evaluate(() => {
      const s = document.querySelector('#compare-section .table-scroll');
      return { client: s.clientWidth, scroll: s.scrollWidth, right: s.getBoundingClientRect().right };
    });
    assert.ok(box.right <= 390, `the table's box ends inside the screen (${box.right})`);
    // Scrolled to the far right, the algorithm column stays in view (sticky) and the last column is visible.
    const sticky = await page.evaluate(() => {
      const s = document.querySelector('#compare-section .table-scroll');
      s.scrollLeft = s.scrollWidth;
      const frame = s.getBoundingClientRect();
      const first = document.querySelector('#compare-rows tr th').getBoundingClientRect();
      const last = document.querySelector('#compare-rows tr td:last-child').getBoundingClientRect();
      return { frameLeft: frame.left, firstLeft: first.left, lastRight: last.right, frameRight: frame.right };
    });
    assert.ok(Math.abs(sticky.firstLeft - sticky.frameLeft) <= 1, `algorithm column stays at the left (${sticky.firstLeft} vs ${sticky.frameLeft})`);
    assert.ok(sticky.lastRight <= sticky.frameRight + 1, 'the last column scrolled into view');
    await page.locator('#compare-section').scrollIntoViewIfNeeded();
    console.log(`screenshot: ${await saveScreenshot(page, 'compare-phone.png')}`);
    assert.match(await page.textContent('#compare-summary'), /Tap a row to show it on the grid/, 'touch words on a touch phone');
    // A tap on a row shows that algorithm.
    await page.tap('#compare-rows tr[data-algorithm=dijkstra] td.ratio-cell');
    assert.equal(await page.inputValue('#algorithm'), 'dijkstra');
  });
});

test('a page that cannot start the planner worker: on a map over 16,384 cells the planner rows say why they did not run', async () => {
  await withPage({}, async ({ page }) => {
    // This page cannot start a Worker (blocking the worker's wasm with a route is not reliable here:
    // after earlier tests in the same browser the worker's engine may load anyway).
    await page.evaluate(() => { window.Worker = class { constructor() { throw new Error('workers are off in this test'); } }; });
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await runCompare(page);
    const rows = await tableRows(page), planners = rows.filter((r) => r.planner);
    assert.deepEqual(planners.map((r) => r.algorithm), await plannerRows(page), 'every planner row outside the loop is listed');
    for (const r of planners) {
      assert.equal(r.status, -2, `${r.algorithm} was not run`);
      assert.equal(r.statusText, 'not run: the planner worker could not start (workers are off in this test), and maps over 16,384 cells ' +
        'are not run on the page itself (one long task): astar compare runs it');
    }
    for (const r of rows.filter((x) => !x.planner)) assert.equal(r.status, 2, `${r.algorithm} still ran on the page`);
  });
});

test('a 2 x 2 agent on a map over 16,384 cells: each planner row from the worker is what the page\'s own PlannerQuery says', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await page.evaluate(() => window.playground.store.setSettings({ agentSize: 2 }));
    await runCompare(page);
    const planners = (await tableRows(page)).filter((r) => r.planner);
    // The same rows run here, on the page, as Compare runs them on small maps (a test may block the page).
    const here = await page.evaluate((names) => {
      const e = window.playground.engine, s = e.settings, q = new e.core.PlannerQuery(e.raw);
      return names.map((name) => q.run(name, e.heuristics.indexOf(s.heuristic), s.weight, s.wrapAware, s.portalAware, s.agentSize));
    }, planners.map((r) => r.algorithm));
    assert.ok(here.some((x) => x.refused) && here.some((x) => !x.refused), 'some planner rows take the size, some do not');
    for (const [i, r] of planners.entries()) {
      const h = here[i];
      assert.equal(r.status, h.refused ? -2 : h.status, `${r.algorithm}: the page's status`);
      if (h.refused) assert.equal(r.statusText, `not run: ${h.message}`, `${r.algorithm}: core's refusal`);
      else assert.ok(r.statusText.endsWith(h.message), `${r.algorithm}: "${r.statusText}" ends with core's "${h.message}"`);
      assert.equal(r.cost, h.cost, `${r.algorithm}: the page's cost`);
    }
  });
});
