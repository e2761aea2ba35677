// The replanning walker (web/js/replan/): with live on, a wall painted with the mouse across its
// path while it walks is repaired around (cost = the native Dijkstra optimum from the cell it
// stood on), and a wall blown open in front of it is repaired with fewer re-expanded cells than
// a fresh A* would expand, both counts shown in the panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, cellPoint, clickCell, nativeCost, saveScreenshot } from './support.mjs';

// A blank width x height map with the start and goal at the given cells, walls from `walls`
// ([x, y] pairs), live on, slow agents.
async function setUp(page, { width, height, start, goal, walls = [] }) {
  await page.evaluate(({ width, height, start, goal, walls }) => {
    const app = window.playground, s = app.store, e = app.engine;
    s.newBlank(width, height);
    s.edit('test walls', () => { for (const [x, y] of walls) e.setWall(x, y); return ''; });
    s.placeEndpoint('start', e.index(start[0], start[1]));
    s.placeEndpoint('goal', e.index(goal[0], goal[1]));
    window.playground.modules.agents.agentSpeed = 1.5;
  }, { width, height, start, goal, walls });
  if (!(await page.isChecked('#live'))) await page.check('#live');
  await page.waitForFunction(() => window.playground?.modules?.replan);
}

const state = (page) => page.evaluate(() => window.playground.modules.replan.state());

async function optimumFrom(page, cell, goal) {
  const { text, width } = await page.evaluate(() => ({ text: window.playground.docText(), width: window.playground.engine.width }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-replan-')), 'map.txt');
  fs.writeFileSync(file, text);
  return nativeCost(file, cell % width, Math.floor(cell / width), goal % width, Math.floor(goal / width), 'dijkstra');
}

test('a wall painted across the walker\'s path: the repaired path avoids it and is optimal from where the walker stood', async () => {
  await withPage({}, async ({ page }) => {
    const width = 40, height = 20;
    await setUp(page, { width, height, start: [3, 10], goal: [36, 10] });
    await page.click('#replan-walk');
    await page.waitForFunction(() => window.playground.modules.replan.state().agent?.x > 5);
    const before = await state(page);
    assert.equal(before.status, 1, 'the walker has a path');
    // A vertical wall at x = 20 from y = 3 to 16, painted with the mouse across the straight path.
    await page.check('input[name=tool][value=wall]');
    const first = await cellPoint(page, 3 * width + 20);
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (let y = 4; y <= 16; ++y) {
      const p = await cellPoint(page, y * width + 20);
      await page.mouse.move(p.x, p.y, { steps: 2 });
    }
    await page.mouse.up();
    const after = await state(page);
    assert.ok(after.repairs >= 1, `${after.repairs} repairs`);
    assert.equal(after.status, 1, 'still a path around the wall');
    const costs = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    for (let y = 3; y <= 16; ++y) assert.equal(costs[y * width + 20], 0, `(20, ${y}) is a wall`);
    for (const n of after.path) assert.ok(costs[n] > 0, `path cell (${n % width}, ${Math.floor(n / width)}) is open`);
    assert.equal(after.path[0], after.cell, 'the path starts where the walker stood');
    assert.equal(after.path[after.path.length - 1], after.goal);
    assert.ok(after.cell !== before.path[0], 'the repair started from the walker\'s new cell, not the start');
    const optimum = await optimumFrom(page, after.cell, after.goal);
    assert.ok(Math.abs(after.cost - optimum) <= 1e-9 * Math.max(1, optimum), `repaired cost ${after.cost} = native optimum ${optimum}`);
    const shown = await page.evaluate(() => ({ ...document.getElementById('replan-status').dataset, text: document.getElementById('replan-status').textContent }));
    assert.match(shown.text, /re-expanded \d+ cells.*fresh A\* expands \d+/);
    await saveScreenshot(page, 'replan-wall.png');
  });
});

test('a wall blown open in front of the walker: fewer cells re-expanded than a fresh A*, both shown', async () => {
  await withPage({}, async ({ page }) => {
    const width = 48, height = 20, walls = [];
    for (let y = 0; y <= 18; ++y) walls.push([12, y]);  // a wall with a gap at the bottom
    await setUp(page, { width, height, start: [3, 4], goal: [44, 4], walls });
    await page.click('#replan-walk');
    await page.waitForFunction(() => window.playground.modules.replan.state().agent?.y > 5);
    const before = await state(page);
    await page.check('input[name=tool][value=floor]');
    await clickCell(page, 4 * width + 12);  // blows the wall open next to the straight line
    const after = await state(page);
    assert.equal(after.repairs, 1);
    assert.ok(after.cost < before.cost, `the shortcut is cheaper: ${after.cost} < ${before.cost}`);
    assert.ok(after.path.includes(4 * width + 12), 'the new path goes through the hole');
    const optimum = await optimumFrom(page, after.cell, after.goal);
    assert.ok(Math.abs(after.cost - optimum) <= 1e-9 * Math.max(1, optimum), `repaired cost ${after.cost} = native optimum ${optimum}`);
    const shown = await page.evaluate(() => ({ ...document.getElementById('replan-status').dataset, text: document.getElementById('replan-status').textContent }));
    assert.equal(Number(shown.expanded), after.last.expanded);
    assert.equal(Number(shown.fresh), after.last.fresh);
    assert.ok(shown.text.includes(`re-expanded ${after.last.expanded} cells`) && shown.text.includes(`fresh A* expands ${after.last.fresh}`), shown.text);
    assert.ok(after.last.expanded > 0 && after.last.expanded < after.last.fresh, `repair ${after.last.expanded} < fresh A* ${after.last.fresh}`);
    assert.ok(!after.last.startedOver);
    console.log(`blown wall on the page: the repair re-expanded ${after.last.expanded} cells, a fresh A* expands ${after.last.fresh}`);
    // The re-expanded cells are highlighted right after the repair.
    const lit = await page.evaluate(() => window.playground.modules.replan.highlightLeft(performance.now()));
    assert.ok(lit > 0, 'the re-expanded cells are highlighted');
    await saveScreenshot(page, 'replan-blown-wall.png');
  });
});
