// The page at its limits: a 4096 x 4096 map (the largest core accepts) generated in the page,
// searched corner to corner by A* and JPS (costs equal to the native engine's), edited with the
// mouse and undone with the keyboard, within a bound on the wasm heap; autosave and share say
// what they cannot do (the map is too large for localStorage and for a link) and the page
// keeps working. Times and memory are printed (reported, not asserted: the machine is shared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, generateOnPage, nativeCost, cellPoint, saveScreenshot, tabAutosave } from './support.mjs';

const kSide = 4096;
// Documented in README: the wasm heap after loading, searching and editing a 4096 x 4096 map.
const kMaxHeapBytes = 2 * 1024 ** 3;

test('a 4096 x 4096 map: generated, searched by A* and JPS, edited and undone; autosave and share refuse with a message', { timeout: 600000 }, async () => {
  await withPage({}, async ({ page }) => {
    await page.uncheck('#live');  // searches below are started one by one
    const t0 = Date.now();
    await generateOnPage(page, 'random', kSide, kSide, 1);  // seed 1: the cleared corners are joined
    await page.waitForFunction((side) => window.playground.engine.width === side, kSide, { timeout: 120000 });
    const generateMs = Date.now() - t0;
    // The autosave that follows the change cannot hold the map: the page says so.
    await page.waitForFunction(() => /not autosaved .*Export/.test(document.getElementById('message').textContent),
      null, { timeout: 60000 });
    const info = await page.evaluate(() => {
      const e = window.playground.engine;
      return { width: e.width, height: e.height, start: e.start(), goal: e.goal() };
    });
    assert.deepEqual([info.width, info.height], [kSide, kSide]);

    // Corner to corner, A* then JPS. The generator keeps the corner cells open; their 3 x 3
    // neighbourhoods are cleared here so that 25 % walls cannot wall a corner in.
    await page.evaluate((side) => {
      const e = window.playground.engine;
      for (let y = 0; y < 3; ++y) for (let x = 0; x < 3; ++x) { e.setCost(x, y, 1); e.setCost(side - 1 - x, side - 1 - y, 1); }
    }, kSide);
    const last = kSide * kSide - 1;
    const searches = {};
    for (const algorithm of ['astar', 'jps']) {
      searches[algorithm] = await page.evaluate(({ algorithm, last }) => {
        const app = window.playground, e = app.engine;
        e.setStart(0);
        e.setGoal(last);
        e.setSettings({ ...e.settings, algorithm, heuristic: 'octile' });
        const t = performance.now();
        e.begin();
        e.run();
        const wall = performance.now() - t;
        const s = e.stats();
        return { status: e.status(), cost: s.pathCost, expanded: s.expanded, engineMs: s.engineMs, wallMs: wall, fellBack: s.fellBack };
      }, { algorithm, last });
      assert.equal(searches[algorithm].status, 2, `${algorithm} found a path`);
    }
    assert.equal(searches.jps.fellBack, false);
    assert.ok(Math.abs(searches.astar.cost - searches.jps.cost) < 1e-6 * searches.astar.cost);
    // The native engine on the same map text gives the same cost.
    const mapFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-limits-')), 'big.map.txt');
    fs.writeFileSync(mapFile, await page.evaluate(() => window.playground.docText()));
    const native = await nativeCost(mapFile, 0, 0, kSide - 1, kSide - 1, 'jps');
    assert.ok(Math.abs(native - searches.jps.cost) < 1e-6 * native, `native ${native}, page ${searches.jps.cost}`);

    // An edit with the mouse (a wall on one cell), then Ctrl+Z: the map is back as it was.
    const target = (kSide / 2) * kSide + kSide / 2;
    await page.evaluate((n) => window.playground.engine.setCost(n % 4096, Math.floor(n / 4096), 1), target);  // floor under the brush
    const costsHash = () => page.evaluate(() => {
      let h = 2166136261;
      const c = window.playground.engine.costs();
      for (let i = 0; i < c.length; i++) h = Math.imul(h ^ (c[i] > 0 ? 1 : 0), 16777619);
      return h >>> 0;
    });
    const before = await page.evaluate(() => window.playground.docText());
    const original = await costsHash();
    const undoCount = await page.evaluate(() => window.playground.history.done.length);
    await page.check('input[name=tool][value=wall]');
    const p = await cellPoint(page, target);
    const t1 = Date.now();
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction((count) => window.playground.history.done.length > count, undoCount, { timeout: 60000 });
    const editMs = Date.now() - t1;
    assert.notEqual(await costsHash(), original, 'the click painted a wall');
    const walls = await page.evaluate(() => window.playground.engine.costs().filter((c) => c === 0).length);
    await page.locator('#grid').focus();
    const t2 = Date.now();
    await page.keyboard.press('Control+z');
    await page.waitForFunction((h) => {
      let x = 2166136261;
      const c = window.playground.engine.costs();
      for (let i = 0; i < c.length; i++) x = Math.imul(x ^ (c[i] > 0 ? 1 : 0), 16777619);
      return (x >>> 0) === h;
    }, original, { timeout: 60000 });
    const undoMs = Date.now() - t2;
    const after = await page.evaluate(() => window.playground.docText());
    assert.ok(after === before, 'undo restores the map text');

    // The wasm heap stays under the documented bound.
    const heapBytes = await page.evaluate(() => window.playground.engine.core.HEAPU8.length);
    assert.ok(heapBytes <= kMaxHeapBytes, `wasm heap ${heapBytes} bytes`);

    // Autosave: too large for localStorage; the user is told, no older map is left behind.
    assert.equal(await page.evaluate(() => window.playground.files.autosave()), false);
    assert.equal(await tabAutosave(page), null,
      'no older map is left to come back on a reload');

    // Share: too large for a link; the message offers the file export and focuses it.
    await page.click('#share');
    await page.waitForFunction(() => /too large for a link/.test(document.getElementById('message').textContent), null, { timeout: 120000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'export-ours');
    assert.equal(await page.isHidden('#share-link'), true);

    // Still working: a short query on the big map.
    const still = await page.evaluate(() => {
      const e = window.playground.engine;
      e.setStart(0);
      e.setGoal(1);
      e.begin();
      return e.run();
    });
    assert.equal(still, 2);
    await saveScreenshot(page, 'page-limits-4096.png');
    console.log(`4096 x 4096 in the page: generate ${generateMs} ms; A* ${searches.astar.wallMs.toFixed(0)} ms ` +
      `(${searches.astar.expanded} expanded), JPS ${searches.jps.wallMs.toFixed(0)} ms (${searches.jps.expanded} expanded), ` +
      `cost ${searches.jps.cost.toFixed(3)}; wall click ${editMs} ms (${walls} walls), undo ${undoMs} ms; ` +
      `wasm heap ${(heapBytes / 1048576).toFixed(0)} MB`);
  });
});

// issue 33: "the page's inputs take min/max from [core's limits]". Every number field in the
// page (the agents', lab's and HPA*'s included) has a min and a max, and each is one of core's
// exported limits (engine.registry.limits, the lab's parameter ranges) or one of the page's own
// ranges for controls no rule of core's covers (document/names.js's kUiRanges: brush, crowd, turn cost,
// seeds). A range typed into index.html or a module (the new map's 1024, say) fails here.
test('every number field takes its min and max from core\'s limits or the page\'s own ranges', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForSelector('#agents-panel');
    await page.waitForSelector('#lab[data-ready="true"]');
    const fields = await page.evaluate(async () => {
      const { kUiRanges } = await import('./js/document/names.js');
      const r = window.playground.engine.registry;
      const core = [...Object.values(r.limits), ...r.labMethods.flatMap((m) => m.params.flatMap((p) => [p.min, p.max]))];
      const own = Object.values(kUiRanges).flatMap((range) => [range.min, range.max]);
      const allowed = new Set([...core, ...own].filter((v) => typeof v === 'number'));
      return [...document.querySelectorAll('input[type=number]')].map((input) => ({
        id: input.id, min: input.min, max: input.max,
        fromLimits: input.min !== '' && input.max !== '' && allowed.has(Number(input.min)) && allowed.has(Number(input.max)),
      }));
    });
    console.log(`${fields.length} number fields: ${fields.map((f) => `${f.id} ${f.min}..${f.max}`).join(', ')}`);
    assert.ok(fields.length >= 12, `the page's number fields were found (${fields.length})`);
    assert.deepEqual(fields.filter((f) => !f.fromLimits), [], 'number fields whose range is not core\'s or the page\'s own');
    const side = fields.find((f) => f.id === 'new-width');
    assert.equal(Number(side.max), await page.evaluate(() => window.playground.engine.registry.limits.maxGridSide), 'a new map may be as large as core allows');
  });
});
