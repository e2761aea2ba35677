// The navigation-mesh layer and the any-angle path lines (issue 34): in the Tools view's
// "Navigation mesh" section, "show" draws the mesh (its polygon count equals the CLI's), the
// navmesh and Theta* lengths equal `astar path --algorithm navmesh / theta` on the same map and
// query, an edit refreshes only the tiles it touches, the flags are part of the document, a map
// the mesh does not apply to says why, one too big for the page is built in the planner worker
// (and says why not when that worker cannot load); and the lesson "Why do grid paths zig-zag?" gives the
// lengths the CLI gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, nextFrames, distDir, repoDir, cellPoint, saveScreenshot } from './support.mjs';

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const lessonDir = path.join(distDir, 'maps/lessons');
const kLessonFile = '8_zigzag.lesson.json';
const lessonMap = () => fs.readFileSync(path.join(lessonDir, JSON.parse(fs.readFileSync(path.join(lessonDir, kLessonFile), 'utf8')).map), 'utf8');

// `astar path` with one planner on a map text (the map's own start and goal): its `key: value` lines.
function cliPath(text, algorithm) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-navmesh-'));
  try {
    const file = path.join(tmp, 'query.map.txt');
    fs.writeFileSync(file, text);
    const out = execFileSync(cli, ['path', file, '--algorithm', algorithm], { encoding: 'utf8' });
    assert.match(out, new RegExp(`^ran: ${algorithm}$`, 'm'), `the CLI ran ${algorithm} itself`);
    return Object.fromEntries(out.trim().split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-8 * Math.max(1, Math.abs(b)), `${what}: page ${a}, CLI ${b}`);

// A hash of the canvas pixels (what the visitor sees).
const pixels = (page) => page.evaluate(() => {
  const c = document.getElementById('grid'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) >>> 0;
  return h;
});

const layerState = (page) => page.evaluate(() => {
  const v = window.playground.modules.navmesh, s = document.getElementById('navmesh-stats');
  return { result: v.result, theta: v.thetaResult, rects: v.rects.length / 4, polygons: Number(s.dataset.polygons), status: s.dataset.status, text: s.textContent };
});

test('show draws the mesh; polygons, navmesh and Theta* lengths equal the CLI\'s; an edit refreshes the mesh; the flags are in the document', async () => {
  assert.ok(fs.existsSync(cli), `${cli} is missing: build the release preset`);
  const text = lessonMap();
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.navmesh);
    await page.evaluate((t) => window.playground.store.load(t, 'zigzag.map.txt', 'test map'), text);
    await page.click('#navmesh summary');
    await nextFrames(page);
    const plain = await pixels(page);
    await page.check('#navmesh-show');
    await nextFrames(page);
    assert.notEqual(await pixels(page), plain, 'the mesh draws over the grid');
    const first = await layerState(page);
    const navmesh = cliPath(text, 'navmesh');
    assert.equal(first.result.status, 'found', JSON.stringify(first.result));
    assert.equal(first.polygons, Number(navmesh.polygons), 'the section\'s polygon count is the CLI\'s');
    assert.equal(first.rects, first.polygons, 'every polygon is drawn');
    assert.equal(first.result.portals, Number(navmesh.portals));
    close(first.result.length, Number(navmesh.length), 'navmesh length');
    close(first.result.cost, Number(navmesh.cost), 'navmesh cost');
    assert.equal(first.result.corridor.length, Number(navmesh['corridor-polygons']));
    assert.equal(first.result.crossed.length / 4, first.result.corridor.length - 1, 'one portal crossed between each two corridor polygons');
    assert.match(first.text, /^\d+ polygons, \d+ portals in \d+ tiles; built in [\d.]+ ms/);
    assert.match(first.text, /Navmesh path length [\d.]+ \(cost/);

    // The Theta* line beside it: its legend entry appears, its length is the CLI's cost (uniform terrain).
    assert.equal(await page.isHidden('#legend-theta'), true, 'off by default');
    const withMesh = await pixels(page);
    await page.check('#theta-line');
    await nextFrames(page);
    assert.equal(await page.isVisible('#legend-theta'), true);
    assert.notEqual(await pixels(page), withMesh, 'the Theta* line is drawn');
    const theta = cliPath(text, 'theta'), withTheta = await layerState(page);
    close(withTheta.theta.cost, Number(theta.cost), 'Theta* cost');
    close(withTheta.theta.length, Number(theta.cost), 'Theta* length (uniform terrain: its cost)');
    assert.equal(withTheta.theta.points.length / 2, Number(theta.points), 'Theta*\'s turning points (cell corners)');
    close(withTheta.theta.length, first.result.length, 'Theta* and navmesh on this map: both the exact optimum (test_lesson_optimum)');
    assert.match(withTheta.text, /Theta\* path length/);
    await saveScreenshot(page, 'page_navmesh.png');

    // A wall stroke across the corridor with the wall tool: core refreshes the tiles it touched.
    const width = await page.evaluate(() => window.playground.engine.width);
    await page.check('input[name=tool][value=wall]');
    const a = await cellPoint(page, 9 * width + 11), b = await cellPoint(page, 17 * width + 11);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 10 });
    await page.mouse.up();
    await nextFrames(page);
    const costs = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    for (let y = 9; y <= 17; y++) assert.equal(costs[y * width + 11], 0, `(11, ${y}) is a wall after the stroke`);
    const edited = await layerState(page);
    assert.equal(edited.result.fullBuild, false, 'refreshed, not rebuilt');
    assert.ok(edited.result.tilesRebuilt >= 1 && edited.result.tilesRebuilt < edited.result.tiles, `${edited.result.tilesRebuilt} of ${edited.result.tiles} tiles`);
    assert.match(edited.text, /\d+ tiles rebuilt in/);
    const editedText = await page.evaluate(() => window.playground.docText());
    const after = cliPath(editedText, 'navmesh');
    assert.equal(edited.polygons, Number(after.polygons), 'the refreshed mesh has the CLI\'s fresh build\'s polygons');
    assert.notEqual(edited.polygons, first.polygons);
    close(edited.result.length, Number(after.length), 'navmesh length after the edit');

    const doc = await page.evaluate(() => window.playground.store.snapshot());
    assert.deepEqual(doc.navmesh, { show: true, navmeshLine: false, thetaLine: true });
    assert.ok(doc.sections.includes('navmesh'), 'the open section is kept');
    await page.uncheck('#navmesh-show');
    await page.uncheck('#theta-line');
    await page.check('#navmesh-line');
    await nextFrames(page);
    assert.equal(await page.isVisible('#legend-navmesh'), true);
    const lineOnly = await pixels(page);
    await page.uncheck('#navmesh-line');
    await nextFrames(page);
    assert.notEqual(await pixels(page), lineOnly, 'the navmesh line alone is drawn');
    assert.equal(await page.isHidden('#legend-navmesh'), true);
  });
});

test('on a map the mesh does not apply to (the arcade\'s wrap-around row) the section says why and nothing is drawn; one too big for the page is built in the worker', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.navmesh);
    await page.click('#navmesh summary');
    await nextFrames(page);
    const plain = await pixels(page);
    await page.check('#navmesh-show');
    await nextFrames(page);
    assert.equal(await page.getAttribute('#navmesh-stats', 'data-status'), 'unsupported');
    const note = await page.evaluate(() => window.playground.engine.registry.planners.find((p) => p.kind === 'navmesh').note);
    const said = await page.textContent('#navmesh-stats');
    assert.match(said, /^Not on this map: .+\./);
    assert.ok(said.includes(note), `the registry row's note: ${said}`);
    assert.equal(await pixels(page), plain, 'nothing drawn');
    // A map over the page's one-task limit (257 x 257) is built in the planner worker: the
    // section says so meanwhile, then shows the mesh and the length of `astar path` on the maze.
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await page.waitForFunction(() => document.getElementById('navmesh-stats').dataset.status === 'found', null, { timeout: 60000 });
    await nextFrames(page);
    const drawn = await pixels(page);
    const maze = await layerState(page), cli = cliPath(fs.readFileSync(path.join(distDir, 'maps/maze_257.map.txt'), 'utf8'), 'navmesh');
    assert.equal(maze.polygons, Number(cli.polygons));
    close(maze.result.length, Number(cli.length), 'navmesh length on the maze');
    await page.uncheck('#navmesh-show');
    await nextFrames(page);
    assert.notEqual(await pixels(page), drawn, 'the mesh was drawn');
  });
});

test('the lesson "Why do grid paths zig-zag?": its lengths are the CLI\'s and every claim holds in the page', async () => {
  assert.ok(fs.existsSync(cli), `${cli} is missing: build the release preset`);
  const text = lessonMap();
  const lesson = JSON.parse(fs.readFileSync(path.join(lessonDir, kLessonFile), 'utf8')).lesson;
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.navmesh);
    await page.focus('#speed');
    await page.keyboard.press('End');  // instant replays
    await page.selectOption('#lesson-select', kLessonFile);
    await page.click('#lesson-open');
    await page.waitForFunction((title) => document.getElementById('lesson-title').textContent === title, lesson.title);
    for (const [i, step] of lesson.steps.entries()) {
      if (i > 0) await page.click('#lesson-next');
      for (const [j] of step.try.entries()) {
        const box = `#lesson-tries .lesson-try[data-index="${j}"]`;
        await page.click(`${box} button`);
        await page.waitForFunction((sel) => document.querySelector(sel).dataset.state !== 'idle', box);
        await page.waitForFunction(() => !window.playground.controller.playing);
        assert.equal(await page.getAttribute(box, 'data-state'), 'ok', `step ${i + 1}: ${await page.textContent(box)}`);
      }
    }
    const r = await page.evaluate(() => Object.fromEntries([...window.playground.lessons.current.earlier].map(([id, v]) => [id, { cost: v.cost, length: v.length, pathCells: v.pathCells }])));
    close(r.grid.cost, Number(cliPath(text, 'astar').cost), 'grid A* cost');
    close(r.grid.length, r.grid.cost, 'the grid path\'s line (uniform terrain: its cost)');
    const theta = cliPath(text, 'theta');
    close(r.theta.cost, Number(theta.cost), 'Theta* cost');
    close(r.theta.length, Number(theta.cost), 'Theta* line');
    close(r.navmesh.length, Number(cliPath(text, 'navmesh').length), 'navmesh length');
    assert.ok(r.pulled.length < r.grid.length && r.theta.length < r.pulled.length && r.navmesh.length <= r.theta.length + 1e-9,
      `grid ${r.grid.length}, pulled ${r.pulled.length}, Theta* ${r.theta.length}, navmesh ${r.navmesh.length}`);
    console.log(`grid ${r.grid.length}, string-pulled ${r.pulled.length}, Theta* ${r.theta.length}, navmesh ${r.navmesh.length}`);
    await saveScreenshot(page, 'page_navmesh_lesson.png');
  });
});

test('a planner worker whose wasm cannot load: on a map too big for the page the layer says why it is not built; no uncaught error', async () => {
  await withPage({}, async ({ page, context }) => {
    await page.waitForFunction(() => window.playground?.modules?.navmesh);
    // The worker loads its own engine when the page has no compiled module to give it (a
    // browser that cannot post one), and from now on the engine's wasm cannot be fetched.
    await page.evaluate(() => { window.playground.engine.core.wasmModule = null; });
    await context.route('**/astar_core.wasm', (route) => route.abort('blockedbyclient'));
    await page.selectOption('#map-select', 'maze_257.map.txt');
    await page.waitForFunction(() => window.playground.engine.width === 257);
    await page.click('#navmesh summary');
    await page.check('#navmesh-show');
    await page.waitForFunction(() => document.getElementById('navmesh-stats').dataset.status === 'too-big', null, { timeout: 20000 });
    assert.equal(await page.textContent('#navmesh-stats'), 'Not on this map: the planner worker could not start (its engine did not load), ' +
      'and maps over 16,384 cells are not built on the page itself (one long task); astar path --algorithm navmesh answers on any size.');
    assert.equal(await page.isHidden('#navmesh-progress'), true);
  });
});
