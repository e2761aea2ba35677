// The subgoal-graph layer (issue 36): in the Tools view's "Subgoal graph" section, "show"
// draws the subgoals and the abstract path over the grid, the query's cost equals
// `astar path --algorithm subgoal` on the same map and query, the shown flag is part of the
// document, and a map the graph does not apply to says why (also from the planner worker, on a
// map too big to build on the page: page_big_planners.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, nextFrames, distDir, repoDir } from './support.mjs';

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const kMap = 'random128-25-7.map';  // 8-connected, no corner cutting, one cost: the graph applies

function cliCost(file, start, goal) {
  const out = execFileSync(cli, ['path', file, ...start.map(String), ...goal.map(String), '--algorithm', 'subgoal'], { encoding: 'utf8' });
  assert.match(out, /^ran: subgoal$/m, 'the CLI ran the subgoal graph itself');
  return Number(/^cost: (\S+)$/m.exec(out)[1]);
}

// A hash of the canvas pixels (what the visitor sees).
const pixels = (page) => page.evaluate(() => {
  const c = document.getElementById('grid'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) >>> 0;
  return h;
});

test('show draws the subgoals and the abstract path; the cost equals the CLI\'s; the flag is in the document', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.subgoal);
    await page.selectOption('#map-select', kMap);
    await page.waitForFunction(() => window.playground.engine.width === 128 && window.playground.engine.height === 128);
    await page.click('#subgoal summary');
    await nextFrames(page);
    const plain = await pixels(page);
    await page.check('#subgoal-show');
    await nextFrames(page);
    assert.notEqual(await pixels(page), plain, 'the layer draws over the grid');
    const q = await page.evaluate(() => {
      const e = window.playground.engine, r = window.playground.modules.subgoal.result;
      return { start: [e.xOf(e.start()), e.yOf(e.start())], goal: [e.xOf(e.goal()), e.yOf(e.goal())], r };
    });
    assert.equal(q.r.status, 'found', `the page's query: ${JSON.stringify(q.r)}`);
    assert.ok(q.r.subgoals > 100 && q.r.abstractPath.length >= 2, `${q.r.subgoals} subgoals, abstract path of ${q.r.abstractPath.length}`);
    const expected = cliCost(path.join(distDir, 'maps', kMap), q.start, q.goal);
    assert.ok(Math.abs(q.r.cost - expected) <= 1e-9 * expected, `page ${q.r.cost}, astar path ${expected}`);
    assert.equal(Number(await page.getAttribute('#subgoal-stats', 'data-cost')), q.r.cost);
    assert.match(await page.textContent('#subgoal-stats'), /\d+ subgoals, .*built in/);
    // The page's own search finds the same optimum (A*, octile: admissible here).
    await page.click('#finish');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    const own = await page.evaluate(() => window.playground.engine.stats().pathCost);
    assert.ok(Math.abs(own - q.r.cost) <= 1e-9 * own, `A* ${own}, subgoal graph ${q.r.cost}`);
    const doc = await page.evaluate(() => window.playground.store.snapshot());
    assert.deepEqual(doc.subgoals, { show: true });
    assert.ok(doc.sections.includes('subgoal'), 'the open section is kept');
    // Hidden again: the grid is as it was.
    await page.uncheck('#subgoal-show');
    await nextFrames(page);
    assert.equal(await pixels(page), plain, 'hidden, the layer draws nothing');
  });
});

test('on a map the graph does not apply to (the arcade\'s 4-way moves) the section says why and nothing is drawn', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.subgoal);
    await page.click('#subgoal summary');
    await nextFrames(page);
    const plain = await pixels(page);
    await page.check('#subgoal-show');
    await nextFrames(page);
    assert.equal(await page.getAttribute('#subgoal-stats', 'data-status'), 'unsupported');
    assert.match(await page.textContent('#subgoal-stats'), /^Not on this map: .+\./);
    assert.equal(await pixels(page), plain, 'nothing drawn');
    // A map over the page's one-task limit (257 x 257): asked of the planner worker, which gives
    // core's reason too (the maze's 4-way moves), and nothing is drawn.
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await page.waitForFunction(() => document.getElementById('subgoal-stats').dataset.status === 'unsupported', null, { timeout: 60000 });
    assert.match(await page.textContent('#subgoal-stats'), /^Not on this map: 4-connected/);
  });
});
