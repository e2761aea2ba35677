// The playground in Chromium: clicking start and goal gives the native engine's cost, step
// mode, the arcade tunnel, editing with undo/redo, autosave, help, and phone-size layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { withPage, saveScreenshot, clickCell, cellPoint, engineState, nativeCost, distDir } from './support.mjs';

function bundledMaps() {
  const file = path.join(distDir, 'maps/index.json');
  assert.ok(fs.existsSync(file), `${file} is missing: maps/index.json must be in the served folder`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  const list = Array.isArray(json) ? json : json.maps;
  assert.ok(Array.isArray(list) && list.length > 0, 'maps/index.json lists no maps');
  return list.map((m) => ({ ...m, file: m.file ?? m.path, name: m.name ?? m.title ?? m.file ?? m.path }));
}

async function openBundled(page, entry) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });  // the page may show it already
  await page.selectOption('#map-select', entry.file);
  await page.waitForFunction((name) => window.playground.engine.name() !== '' &&
    document.getElementById('message').textContent.includes(name), entry.name);
}

async function statNumber(page, id) {
  return Number(await page.getAttribute(`#${id}`, 'data-value'));
}

// Cells of the current map: two passable cells far apart that are neither start nor goal.
function pickEndpoints(page) {
  return page.evaluate(() => {
    const e = window.playground.engine, costs = e.costs(), taken = new Set([e.start(), e.goal()]);
    const free = [];
    for (let i = 0; i < costs.length; ++i) if (costs[i] > 0 && !taken.has(i)) free.push(i);
    return { start: free[Math.floor(free.length * 0.05)], goal: free[Math.floor(free.length * 0.93)], width: e.width };
  });
}

test('clicking start and goal on a bundled maze shows the native engine\'s path cost', async () => {
  const maps = bundledMaps();
  await withPage({}, async ({ page }) => {
    for (const entry of maps.filter((m) => /maze|arcade|pac/i.test(`${m.file} ${m.name}`)).slice(0, 2)) {
      await openBundled(page, entry);
      const { start, goal, width } = await pickEndpoints(page);
      await clickCell(page, start);
      await clickCell(page, goal, { button: 'right' });
      assert.deepEqual(await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]), [start, goal]);
      const native = await nativeCost(path.join(distDir, 'maps', entry.file), start % width, Math.floor(start / width),
        goal % width, Math.floor(goal / width));
      assert.notEqual(native, null, `${entry.file}: the native engine finds a path`);
      const shown = await statNumber(page, 'stat-path-cost');
      assert.ok(Math.abs(shown - native) <= 1e-9 * Math.max(1, native), `${entry.file}: page ${shown}, native ${native}`);
      const text = await page.textContent('#stat-path-cost');
      assert.equal(Number(text), Number(native.toFixed(4)), `displayed "${text}"`);
      console.log(`${entry.file}: start ${start} goal ${goal}: path cost ${text} (native ${native})`);
    }
    await page.mouse.move(5, 5);
    console.log(`screenshot: ${await saveScreenshot(page, 'playground.png')}`);
  });
});

test('step mode: N single steps expand exactly N nodes, step back undoes one', async () => {
  await withPage({}, async ({ page }) => {
    await page.uncheck('#live');
    await page.click('#reset');
    assert.equal(await page.textContent('#stat-expanded'), '0');
    const closedCount = () => page.evaluate(() => window.playground.engine.states().filter((s) => s === 2).length);
    const n = 12;
    for (let i = 1; i <= n; ++i) {
      await page.click('#step');
      assert.equal(await page.textContent('#stat-expanded'), String(i));
    }
    assert.equal(await closedCount(), n);
    const before = await page.evaluate(() => Array.from(window.playground.engine.states()));
    await page.click('#step');
    await page.click('#step-back');
    assert.equal(await page.textContent('#stat-expanded'), String(n));
    assert.deepEqual(await page.evaluate(() => Array.from(window.playground.engine.states())), before,
      'after step + step back the open/closed sets are as before');
    await page.keyboard.press(',');
    assert.equal(await page.textContent('#stat-expanded'), String(n - 1));
    assert.equal(await closedCount(), n - 1);
    await page.keyboard.press('.');
    assert.equal(await page.textContent('#stat-expanded'), String(n));
    await page.click('#finish');
    assert.equal(await page.textContent('#stat-status'), 'found');
  });
});

test('on the arcade maze a start and goal across the tunnel give a path through the tunnel', async () => {
  await withPage({}, async ({ page }) => {
    const arcade = bundledMaps().find((m) => /arcade|pac/i.test(`${m.file} ${m.name}`));
    assert.ok(arcade, 'maps/index.json has an arcade maze');
    await openBundled(page, arcade);
    const row = await page.evaluate(() => {
      const e = window.playground.engine, c = e.costs();
      if (!e.wrapX()) return -1;
      for (let y = 0; y < e.height; ++y) {
        if (c[e.index(0, y)] > 0 && c[e.index(e.width - 1, y)] > 0 && c[e.index(2, y)] > 0 && c[e.index(e.width - 3, y)] > 0) return y;
      }
      return -1;
    });
    assert.ok(row >= 0, 'the arcade maze has a wrap-around tunnel row');
    const width = await page.evaluate(() => window.playground.engine.width);
    const start = row * width + 2, goal = row * width + width - 3;
    await clickCell(page, start);
    await clickCell(page, goal, { button: 'right' });
    const pathCells = await page.evaluate(() => Array.from(window.playground.engine.path()));
    const throughTunnel = pathCells.some((n, i) => i > 0 &&
      Math.floor(n / width) === row && Math.floor(pathCells[i - 1] / width) === row &&
      Math.abs((n % width) - (pathCells[i - 1] % width)) === width - 1);
    assert.ok(throughTunnel, `the path ${pathCells.join(',')} goes through the tunnel`);
    assert.equal(await statNumber(page, 'stat-path-cost'), 5);  // 2 -> 1 -> 0 -> w-1 -> w-2 -> w-3
    assert.equal(await nativeCost(path.join(distDir, 'maps', arcade.file), 2, row, width - 3, row), 5);
    console.log(`screenshot: ${await saveScreenshot(page, 'arcade-tunnel.png')}`);
  });
});

test('editing: a wall stroke, a portal, a one-way cell; undo and redo; autosave survives a reload', async () => {
  await withPage({}, async ({ page }) => {
    await page.click('#new-map');
    const cells = await page.evaluate(() => {
      const e = window.playground.engine;
      return { a: e.index(5, 3), b: e.index(5, 12), c: e.index(2, 20), d: e.index(30, 20), o: e.index(10, 10), w: e.width };
    });
    const original = await engineState(page);
    await page.check('input[name=tool][value=wall]');
    const a = await cellPoint(page, cells.a), b = await cellPoint(page, cells.b);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    const walls = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    for (let y = 3; y <= 12; ++y) assert.equal(walls[y * cells.w + 5], 0, `(5, ${y}) is a wall after the stroke`);
    await page.check('input[name=tool][value=portal]');
    await clickCell(page, cells.c);
    await clickCell(page, cells.d);
    assert.deepEqual(await page.evaluate(() => window.playground.engine.portals()), [{ from: cells.c, to: cells.d, cost: 1, twoWay: true }]);
    await page.check('input[name=tool][value=oneway]');
    await page.selectOption('#oneway-dir', '50');
    await clickCell(page, cells.o);
    assert.equal(await page.evaluate((n) => window.playground.engine.entryMasks()[n], cells.o), 50);
    const edited = await engineState(page);

    await page.click('#undo');  // one-way
    await page.click('#undo');  // portal
    await page.click('#undo');  // stroke
    assert.deepEqual(await engineState(page), original, 'three undos give the map back');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await page.click('#redo');
    assert.deepEqual(await engineState(page), edited, 'three redos give the edits back');

    // Opening another map is one undo step too: the edits come back.
    const other = bundledMaps()[0];
    await openBundled(page, other);
    assert.notDeepEqual(await engineState(page), edited);
    await page.click('#undo');
    assert.deepEqual(await engineState(page), edited, 'undo after opening a map gives the edited map back');

    await page.waitForTimeout(700);  // autosave runs 400 ms after the last change
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(page), edited, 'the edited map is restored after a reload');
  });
});

test('inspector: hovering a cell shows g, h, f, state and parent', async () => {
  await withPage({}, async ({ page }) => {
    await page.click('#new-map');  // live search on an open 40 x 30 map, (0, 0) -> (39, 29)
    const cells = await page.evaluate(() => Array.from(window.playground.engine.path()));
    const n = cells[3], parent = cells[2];
    const p = await cellPoint(page, n);
    await page.mouse.move(p.x, p.y);
    const info = await page.evaluate((cell) => window.playground.engine.inspect(cell), n);
    const fmt = (v) => String(Number(v.toFixed(4)));
    assert.equal(await page.textContent('#inspect-cell'), `(${n % 40}, ${Math.floor(n / 40)})`);
    assert.equal(await page.textContent('#inspect-state'), 'closed');
    assert.equal(info.parent, parent);
    assert.equal(await page.textContent('#inspect-parent'), `(${parent % 40}, ${Math.floor(parent / 40)})`);
    assert.ok(info.g >= 3 && info.g <= 3 * Math.SQRT2 + 1e-9, `g = ${info.g} for the fourth cell of the path`);
    assert.ok(Math.abs(info.f - (info.g + info.h)) < 1e-9, 'f = g + h for A*');
    assert.equal(await page.textContent('#inspect-g'), fmt(info.g));
    assert.equal(await page.textContent('#inspect-h'), fmt(info.h));
    assert.equal(await page.textContent('#inspect-f'), fmt(info.f));
    await page.keyboard.press('?');
    assert.equal(await page.evaluate(() => document.getElementById('help').open), true);
    assert.match(await page.textContent('#help'), /step back/);
  });
});

test('phone-sized viewport: the grid and the controls are usable, pinch zoom, tap to inspect', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    const box = await page.locator('#grid').boundingBox();
    assert.ok(box.width >= 360 && box.height >= 300, `canvas ${box.width} x ${box.height}`);
    const panel = await page.locator('#panel').boundingBox();
    assert.ok(panel.y >= box.y + box.height - 1, 'the panel is below the grid');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 390, `no sideways scrolling (${scroll} px wide)`);
    // Two fingers spread apart zoom in; a tap with the inspect tool inspects a cell.
    const before = await page.evaluate(() => window.playground.renderer.cell);
    await page.evaluate(() => {
      const c = document.getElementById('grid'), rect = c.getBoundingClientRect();
      const cx = rect.left + rect.width / 2, cy = rect.top + rect.height / 2;
      const touch = (type, id, x) => c.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', isPrimary: id === 11, clientX: x, clientY: cy, bubbles: true }));
      touch('pointerdown', 11, cx - 20);
      touch('pointerdown', 12, cx + 20);
      for (let d = 25; d <= 80; d += 5) { touch('pointermove', 11, cx - d); touch('pointermove', 12, cx + d); }
      touch('pointerup', 11, cx - 80);
      touch('pointerup', 12, cx + 80);
    });
    const after = await page.evaluate(() => window.playground.renderer.cell);
    assert.ok(after > before * 3, `pinch zoom: ${before.toFixed(2)} -> ${after.toFixed(2)} px per cell`);
    await page.check('input[name=tool][value=inspect]');
    const startBefore = await page.evaluate(() => window.playground.engine.start());
    const box2 = await page.locator('#grid').boundingBox();
    await page.touchscreen.tap(box2.x + box2.width / 2, box2.y + box2.height / 2);
    assert.notEqual(await page.textContent('#inspect-cell'), '–', 'a tap shows the cell in the inspector');
    assert.equal(await page.evaluate(() => window.playground.engine.start()), startBefore, 'inspect taps edit nothing');
    await page.click('#fit');
    await page.click('#finish');
    console.log(`screenshot: ${await saveScreenshot(page, 'playground-phone.png')}`);
  });
});

test('every generator makes a map in the page, with a start, a goal and a path', async () => {
  await withPage({}, async ({ page }) => {
    const kinds = await page.evaluate(() => Array.from(document.querySelectorAll('#generator option')).map((o) => o.value));
    assert.deepEqual(kinds, ['backtracker', 'division', 'hex', 'random', 'arcade']);
    // The hex generator makes hex cells; the others lay out square mazes and keep the current
    // cell shape (so after the hex maze, hex too).
    let hex = false;
    for (const kind of kinds) {
      await page.selectOption('#generator', kind);
      await page.fill('#new-width', '31');
      await page.fill('#new-height', '31');
      await page.fill('#seed', '5');
      await page.click('#generate');
      const r = await page.evaluate(() => {
        const e = window.playground.engine;
        return { w: e.width, h: e.height, walls: e.costs().filter((c) => c === 0).length, status: e.status(), name: e.name(), hex: e.isHex() };
      });
      hex ||= kind === 'hex';
      assert.equal(r.hex, hex, `${kind}: ${hex ? 'hex' : 'square'} cells`);
      assert.equal(await page.inputValue('#cells'), hex ? 'hex' : 'square');
      assert.equal(r.w, 31, kind);
      assert.equal(r.h, 31, kind);
      assert.ok(r.walls > 0, `${kind}: has walls`);
      assert.equal(r.status, 2, `${kind}: a path from start to goal`);
      assert.match(await page.textContent('#map-name'), /31×31/);
    }
    // A size a generator cannot build is refused with its message; the map is kept.
    const kept = await engineState(page);
    await page.selectOption('#generator', 'arcade');
    await page.fill('#new-width', '5');
    await page.click('#generate');
    assert.equal(await page.getAttribute('#message', 'data-level'), 'error');
    assert.deepEqual(await engineState(page), kept);
  });
});
