// Hex cells in the page: the bundled hex maze clicked at hexagon centres computed here from
// the layout (pointy-top, odd rows shifted right by half a cell, rows cell * sqrt(3) / 2 apart),
// a click just across a slanted edge, terrain drawn on the right hexagons, the Cells control
// with undo/redo and its refusal, painting, and a share link round trip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPage, openPage, saveScreenshot, engineState, nativeCost, distDir } from './support.mjs';

const kSqrt3 = Math.sqrt(3);
const kHexMap = 'honeycomb.map.txt';

// The odd-r neighbours of (x, y), from the layout.
function oddRNeighbours(x, y) {
  const o = y & 1;
  return [[x + 1, y], [x - 1, y], [x + o, y - 1], [x - 1 + o, y - 1], [x + o, y + 1], [x - 1 + o, y + 1]];
}

// The renderer's view (offset and cell width) and the canvas position on the page.
function view(page) {
  return page.evaluate(() => {
    const r = window.playground.renderer, rect = r.canvas.getBoundingClientRect(), e = window.playground.engine;
    return { left: rect.left, top: rect.top, offsetX: r.offsetX, offsetY: r.offsetY, cell: r.cell, width: e.width, height: e.height,
      cssWidth: r.cssWidth, cssHeight: r.cssHeight };
  });
}

// Page coordinates of the centre of hex (x, y), computed from the layout alone: the map's
// bounding box starts at (offsetX, offsetY); hexagons are `cell` wide, rows cell * sqrt(3) / 2
// apart, the first row's centres half a hexagon height (cell / sqrt 3) below the top.
function hexCentre(v, x, y) {
  return {
    x: v.left + v.offsetX + (x + 0.5 + 0.5 * (y & 1)) * v.cell,
    y: v.top + v.offsetY + (1 / kSqrt3 + y * kSqrt3 / 2) * v.cell,
  };
}

async function openHexMap(page) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await page.selectOption('#map-select', kHexMap);
  await page.waitForFunction(() => window.playground.engine.isHex() &&
    document.getElementById('message').textContent.includes('Honeycomb'));
}

function pathCells(page) {
  return page.evaluate(() => Array.from(window.playground.engine.path()));
}

function assertHexPath(cells, width) {
  for (let i = 1; i < cells.length; i++) {
    const [ax, ay] = [cells[i - 1] % width, Math.floor(cells[i - 1] / width)], [bx, by] = [cells[i] % width, Math.floor(cells[i] / width)];
    const wrapped = Math.abs(ax - bx) === width - 1 && ay === by;
    assert.ok(wrapped || oddRNeighbours(ax, ay).some(([x, y]) => x === bx && y === by), `(${ax}, ${ay}) -> (${bx}, ${by}) is not a hex move`);
  }
}

async function statNumber(page, id) {
  return Number(await page.getAttribute(`#${id}`, 'data-value'));
}

test('the bundled hex maze: clicks at hexagon centres set start and goal; the page shows the native engine\'s cost', async () => {
  await withPage({}, async ({ page }) => {
    await openHexMap(page);
    assert.equal(await page.inputValue('#cells'), 'hex');
    assert.equal(await page.isDisabled('#diagonal'), true, 'the diagonal rule does not apply to hex cells');
    assert.match(await page.textContent('#movement-note'), /six neighbours/);
    assert.equal(await page.isVisible('#movement-note'), true);
    assert.match(await page.textContent('#heuristic-note'), /hex distance/);
    const v = await view(page);
    // The whole map fits: (width + 1/2) cells across, 2/sqrt(3) + (height - 1) * sqrt(3)/2 down.
    const box = await page.locator('#grid').boundingBox();
    assert.ok(v.offsetX >= 0 && v.offsetX + (v.width + 0.5) * v.cell <= box.width + 1e-6);
    assert.ok(v.offsetY >= 0 && v.offsetY + (2 / kSqrt3 + (v.height - 1) * kSqrt3 / 2) * v.cell <= box.height + 1e-6);

    const costs = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    const floor = (x, y) => costs[y * v.width + x] === 1;
    // Two floor cells far apart, on an even and an odd row, left and right of the lake.
    const pick = (x0, y0, dir) => {
      for (let x = x0; x >= 1 && x < v.width - 1; x += dir) for (const y of [y0, y0 + 1, y0 - 1]) if (floor(x, y)) return [x, y];
      throw new Error('no floor cell');
    };
    const [sx, sy] = pick(4, 6, 1), [gx, gy] = pick(v.width - 5, 25, -1);
    const start = hexCentre(v, sx, sy), goal = hexCentre(v, gx, gy);
    const fromRenderer = await page.evaluate((n) => window.playground.renderer.cellCenter(n), sy * v.width + sx);
    assert.ok(Math.abs(fromRenderer.x + v.left - start.x) < 1e-9 && Math.abs(fromRenderer.y + v.top - start.y) < 1e-9,
      'the renderer puts the centre where the layout says');
    await page.check('input[name=tool][value=place]');
    await page.mouse.click(start.x, start.y);
    await page.mouse.click(goal.x, goal.y, { button: 'right' });
    assert.deepEqual(await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]),
      [sy * v.width + sx, gy * v.width + gx]);
    const native = await nativeCost(path.join(distDir, 'maps', kHexMap), sx, sy, gx, gy);
    assert.notEqual(native, null);
    const shown = await statNumber(page, 'stat-path-cost');
    assert.ok(Math.abs(shown - native) <= 1e-9 * Math.max(1, native), `page ${shown}, native ${native}`);
    assert.equal(await page.textContent('#stat-status'), 'found');
    const cells = await pathCells(page);
    assertHexPath(cells, v.width);
    console.log(`honeycomb (${sx}, ${sy}) -> (${gx}, ${gy}): page ${shown}, native ${native}; ` +
      `cell ${v.cell.toFixed(2)} px, drawn as ${await page.evaluate(() => window.playground.renderer.lastMode)}`);

    // The default start and goal: the shortest way is the wrap-around tunnel (7 steps).
    await page.selectOption('#map-select', '');
    await openHexMap(page);
    assert.equal(await statNumber(page, 'stat-path-cost'), 7);
    assert.equal(await nativeCost(path.join(distDir, 'maps', kHexMap), 3, 15, 37, 15), 7);
    await page.mouse.move(5, 5);
    console.log(`screenshot: ${await saveScreenshot(page, 'hex-honeycomb.png')}`);
  });
});

test('hit-testing: a click just inside a slanted edge picks the hexagon, just outside picks its neighbour', async () => {
  await withPage({}, async ({ page }) => {
    await openHexMap(page);
    await page.evaluate(() => {
      const r = window.playground.renderer;
      r.zoomAt(r.cssWidth / 2, r.cssHeight / 2, 48 / r.cell);
      window.playground.requestDraw();
    });
    const v = await view(page);
    assert.ok(v.cell > 40, `zoomed in: ${v.cell} px per cell`);
    const costs = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    const box = await page.locator('#grid').boundingBox();
    // Floor cells whose NE and SW neighbours are floor too, on screen: one on an even row, one on an odd row.
    const candidates = [];
    for (let y = 1; y < v.height - 1; y++) {
      for (let x = 1; x < v.width - 1; x++) {
        const [ne, sw] = [oddRNeighbours(x, y)[2], oddRNeighbours(x, y)[5]];
        const c = hexCentre(v, x, y);
        if (costs[y * v.width + x] === 1 && costs[ne[1] * v.width + ne[0]] === 1 && costs[sw[1] * v.width + sw[0]] === 1 &&
            c.x > box.x + v.cell && c.x < box.x + box.width - v.cell && c.y > box.y + v.cell && c.y < box.y + box.height - v.cell) {
          candidates.push({ x, y, ne, sw });
        }
      }
    }
    const tried = [candidates.find((c) => c.y % 2 === 0), candidates.find((c) => c.y % 2 === 1)];
    assert.ok(tried[0] && tried[1], 'cells to click on both row parities');
    await page.check('input[name=tool][value=place]');
    const s = v.cell / kSqrt3;  // centre to corner
    for (const { x, y, ne, sw } of tried) {
      const c = hexCentre(v, x, y);
      // The upper-right slanted edge runs from the top corner (0, -s) to (w/2, -s/2); its
      // outward normal points 60 degrees above east, at the NE neighbour. 3 px either side of
      // its midpoint.
      const mid = { x: c.x + v.cell / 4, y: c.y - 0.75 * s }, nx = Math.cos(Math.PI / 3), ny = -Math.sin(Math.PI / 3);
      const inside = { x: mid.x - 3 * nx, y: mid.y - 3 * ny }, outside = { x: mid.x + 3 * nx, y: mid.y + 3 * ny };
      // Both points are within the hexagon's bounding box: a bounding-box test could not tell them apart.
      for (const p of [inside, outside]) assert.ok(Math.abs(p.x - c.x) < v.cell / 2 && Math.abs(p.y - c.y) < s);
      await page.mouse.move(inside.x, inside.y);
      assert.equal(await page.textContent('#inspect-cell'), `(${x}, ${y})`);
      await page.mouse.move(outside.x, outside.y);
      assert.equal(await page.textContent('#inspect-cell'), `(${ne[0]}, ${ne[1]})`, `just outside (${x}, ${y})'s NE edge`);
      // Clicks: outside sets the start on the NE neighbour, inside on the cell itself.
      await page.mouse.click(outside.x, outside.y);
      assert.equal(await page.evaluate(() => window.playground.engine.start()), ne[1] * v.width + ne[0]);
      await page.mouse.click(inside.x, inside.y);
      assert.equal(await page.evaluate(() => window.playground.engine.start()), y * v.width + x);
      // The lower-left edge the same way (outward normal -n, at the SW neighbour).
      const low = { x: c.x - v.cell / 4, y: c.y + 0.75 * s };
      await page.mouse.move(low.x - 3 * nx, low.y - 3 * ny);
      assert.equal(await page.textContent('#inspect-cell'), `(${sw[0]}, ${sw[1]})`, `just outside (${x}, ${y})'s SW edge`);
      await page.mouse.move(low.x + 3 * nx, low.y + 3 * ny);
      assert.equal(await page.textContent('#inspect-cell'), `(${x}, ${y})`);
    }
  });
});

test('hexagons are drawn where the cells are: terrain and search state at hexagon centres, small and large cells', async () => {
  await withPage({}, async ({ page }) => {
    await openHexMap(page);
    await page.uncheck('#live');
    await page.click('#reset');
    await page.mouse.move(5, 5);
    // Colour of the canvas at a CSS point (the page's device pixel ratio is 1).
    const sample = (points) => page.evaluate((pts) => {
      const c = window.playground.renderer.canvas, ctx = c.getContext('2d');
      window.playground.renderer.draw();
      return pts.map((p) => Array.from(ctx.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data.slice(0, 3)));
    }, points);
    const cells = await page.evaluate(() => {
      const e = window.playground.engine, costs = e.costs(), out = { wall: [], floor: [], water: [] };
      for (let y = 2; y < e.height - 2; y++) {
        if (Math.abs(y - 15) <= 2) continue;  // the start and goal markers' row
        for (let x = 2; x < e.width - 2; x++) {
          const c = costs[y * e.width + x], kind = c === 0 ? 'wall' : c === 1 ? 'floor' : 'water';
          if (out[kind].length < 40 && (x + 3 * y) % 7 === 0) out[kind].push([x, y]);
        }
      }
      return out;
    });
    const colours = { wall: [43, 47, 54], floor: [255, 255, 255] };
    // Fitted (hexagons), panned by whole pixels (the drawn hexagons move, the uncovered strips
    // are drawn), panned by a fraction (all drawn again), then tiny cells (the brick layer).
    for (const [zoom, panX, panY] of [[1, 0, 0], [1, 37, -23], [1, -18.5, 9.25], [0.22, 0, 0]]) {
      await page.evaluate(([z, px, py]) => {
        const r = window.playground.renderer;
        if (px || py) {
          r.draw();
          r.pan(px, py);
        } else {
          r.fit();
          r.zoomAt(r.offsetX, r.offsetY, z);
        }
      }, [zoom, panX, panY]);
      const v = await view(page);
      const { mode, redrawn, visibleCells } = await page.evaluate(() => {
        const r = window.playground.renderer;
        r.draw();
        const { x0, y0, x1, y1 } = r.visibleRange();
        return { mode: r.lastMode, redrawn: r.lastChangedCells, visibleCells: (x1 - x0) * (y1 - y0) };
      });
      if (panX === 37) assert.ok(redrawn > 0 && redrawn < visibleCells / 3, `a whole-pixel pan redraws the strips: ${redrawn} of ${visibleCells}`);
      if (panX === -18.5) assert.equal(redrawn, visibleCells, 'a fractional pan redraws every visible hexagon');
      assert.equal(mode, zoom === 1 ? 'hex-vector' : 'hex-brick', `${v.cell.toFixed(2)} px per cell`);
      const visible = (p) => p.x >= v.left + 2 && p.y >= v.top + 2 && p.x < v.left + v.cssWidth - 2 && p.y < v.top + v.cssHeight - 2;
      for (const kind of ['wall', 'floor']) {
        const onScreen = cells[kind].filter(([x, y]) => visible(hexCentre(v, x, y)));
        assert.ok(onScreen.length >= 20, `${onScreen.length} ${kind} cells on screen`);
        const got = await sample(onScreen.map(([x, y]) => {
          const p = hexCentre(v, x, y);
          return { x: p.x - v.left, y: p.y - v.top };
        }));
        got.forEach((rgb, i) => assert.deepEqual(rgb, colours[kind], `${mode} pan ${panX},${panY}: ${kind} at (${onScreen[i]}) drawn ${rgb}`));
      }
      const water = await sample(cells.water.filter(([x, y]) => visible(hexCentre(v, x, y))).map(([x, y]) => {
        const p = hexCentre(v, x, y);
        return { x: p.x - v.left, y: p.y - v.top };
      }));
      for (const rgb of water) assert.ok(rgb[2] < 150 && rgb[0] > rgb[2], `${mode}: water is shaded brown, got ${rgb}`);
    }
    // Search state: after some steps, closed cells are tinted orange at their centres.
    await page.evaluate(() => {
      const app = window.playground, e = app.engine;
      app.renderer.fit();
      e.setStart(e.index(4, 6));
      e.setGoal(e.index(36, 25));
      app.store.changed('query');  // the test moved the endpoints in the engine directly
    });
    for (let i = 0; i < 30; i++) await page.click('#step');
    const v = await view(page);
    await page.mouse.move(5, 5);  // no hover outline or parent arrow
    const closed = await page.evaluate(() => {
      const e = window.playground.engine, s = e.states(), out = [];
      for (let n = 0; n < s.length; n++) if (s[n] === 2 && n !== e.start()) out.push([n % e.width, Math.floor(n / e.width)]);
      return out;
    });
    assert.equal(closed.length, 29);
    const tinted = await sample(closed.map(([x, y]) => {
      const p = hexCentre(v, x, y);
      return { x: p.x - v.left, y: p.y - v.top };
    }));
    for (const rgb of tinted) assert.ok(rgb[0] > 235 && rgb[2] < 180, `closed cell tinted orange: ${rgb}`);
    await page.check('#live');
    // Zoomed in with numbers and parent arrows, for the screenshot.
    await page.check('#show-parents');
    await page.check('#show-numbers');
    await page.evaluate(() => {
      const r = window.playground.renderer, c = r.cellCenter(window.playground.engine.start());
      r.zoomAt(c.x, c.y, 64 / r.cell);
      r.pan(r.cssWidth / 2 - c.x, r.cssHeight / 2 - c.y);
      window.playground.requestDraw();
    });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(100);
    console.log(`screenshot: ${await saveScreenshot(page, 'hex-zoomed.png')}`);
  });
});

test('Cells control: the arcade maze to hex and back with undo and redo; a refused switch keeps the map', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => /arcade/i.test(window.playground.engine.name()));
    assert.equal(await page.inputValue('#cells'), 'square');
    assert.equal(await page.isDisabled('#diagonal'), false);
    assert.equal(await page.isVisible('#movement-note'), false);
    const square = await engineState(page);
    await page.click('#finish');  // the first view opens unsolved
    const squareCost = await statNumber(page, 'stat-path-cost');
    const optionsSquare = await page.evaluate(() => Array.from(document.querySelectorAll('#oneway-dir option')).map((o) => o.value));

    await page.selectOption('#cells', 'hex');
    assert.equal(await page.evaluate(() => window.playground.engine.isHex()), true);
    const hex = await engineState(page);
    assert.match(hex.text, /^cells: hex$/m);
    assert.deepEqual(hex.costs, square.costs, 'the cells are kept');
    assert.equal(await page.isDisabled('#diagonal'), true);
    assert.match(await page.textContent('#heuristic-note'), /hex distance/);
    const optionsHex = await page.evaluate(() => Array.from(document.querySelectorAll('#oneway-dir option')).map((o) => o.textContent));
    assert.ok(optionsHex.some((t) => /NE/.test(t)) && !optionsSquare.includes('16'), 'one-way choices are hex moves');
    // The page's cost on hex cells is the native engine's on the same text.
    const hexCost = await statNumber(page, 'stat-path-cost');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astar-hex-')), 'arcade-hex.map.txt');
    fs.writeFileSync(file, hex.text);
    const w = hex.width;
    assert.equal(hexCost, await nativeCost(file, hex.start % w, Math.floor(hex.start / w), hex.goal % w, Math.floor(hex.goal / w)));
    assertHexPath(await pathCells(page), w);
    console.log(`arcade start -> goal: square ${squareCost}, hex ${hexCost}`);

    await page.click('#undo');
    assert.deepEqual(await engineState(page), square, 'undo gives the square map back');
    assert.equal(await page.inputValue('#cells'), 'square');
    assert.equal(await page.isDisabled('#diagonal'), false);
    assert.equal(await statNumber(page, 'stat-path-cost'), squareCost);
    await page.click('#redo');
    assert.deepEqual(await engineState(page), hex, 'redo gives the hex map back');
    assert.equal(await page.inputValue('#cells'), 'hex');
    await page.selectOption('#cells', 'square');
    assert.deepEqual(await engineState(page), square);
    await page.keyboard.press('Control+z');
    assert.deepEqual(await engineState(page), hex);

    // New blank maps keep the shape; wrapping top to bottom with an odd height refuses hex.
    await page.fill('#new-width', '12');
    await page.fill('#new-height', '9');
    await page.click('#new-map');
    assert.equal(await page.evaluate(() => window.playground.engine.isHex()), true, 'a new blank map keeps hex cells');
    await page.click('#wrap-y');
    assert.equal(await page.getAttribute('#message', 'data-level'), 'error', 'hex with an odd height cannot wrap top to bottom');
    assert.equal(await page.isChecked('#wrap-y'), false);
    await page.selectOption('#cells', 'square');
    await page.check('#wrap-y');
    const kept = await engineState(page);
    assert.deepEqual(kept.wrap, [false, true]);
    await page.evaluate(() => { document.getElementById('message').textContent = ''; });
    await page.selectOption('#cells', 'hex');
    assert.equal(await page.getAttribute('#message', 'data-level'), 'error');
    assert.match(await page.textContent('#message'), /even|odd|height/i);
    assert.equal(await page.inputValue('#cells'), 'square', 'the control shows the map as it is');
    assert.deepEqual(await engineState(page), kept, 'the refused switch changed nothing');
    await page.click('#undo');  // the last undoable step is the wrap, not a switch to hex
    assert.deepEqual((await engineState(page)).wrap, [false, false]);
  });
});

test('painting on hex cells: a wall stroke is a chain of neighbouring hexagons; one-way cells take hex directions', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#cells', 'hex');
    await page.fill('#new-width', '30');
    await page.fill('#new-height', '20');
    await page.click('#new-map');
    const v = await view(page);
    await page.check('input[name=tool][value=wall]');
    const a = hexCentre(v, 4, 2), b = hexCentre(v, 13, 17);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 3 });
    await page.mouse.up();
    const walls = await page.evaluate(() => {
      const e = window.playground.engine, c = e.costs(), out = [];
      for (let n = 0; n < c.length; n++) if (c[n] === 0) out.push([n % e.width, Math.floor(n / e.width)]);
      return out;
    });
    const key = ([x, y]) => `${x},${y}`, set = new Set(walls.map(key));
    assert.ok(set.has('4,2') && set.has('13,17'), 'both ends are walls');
    // Every wall is reachable from (4, 2) through neighbouring walls: no gap for a path to slip through.
    const seen = new Set(['4,2']), stack = [[4, 2]];
    while (stack.length) for (const n of oddRNeighbours(...stack.pop())) if (set.has(key(n)) && !seen.has(key(n))) { seen.add(key(n)); stack.push(n); }
    assert.equal(seen.size, set.size, `walls ${walls.map(key).join(' ')} form one chain`);
    assert.ok(set.size >= 16, `${set.size} walls: at least the hex distance + 1`);
    await page.click('#undo');
    assert.equal(await page.evaluate(() => window.playground.engine.costs().filter((c) => c === 0).length), 0, 'one undo step');
    // One-way: enter (8, 8) moving NE only.
    await page.check('input[name=tool][value=oneway]');
    await page.selectOption('#oneway-dir', '16');
    const c = hexCentre(v, 8, 8);
    await page.mouse.click(c.x, c.y);
    assert.equal(await page.evaluate(() => window.playground.engine.entryMasks()[8 * 30 + 8]), 16);
    await page.mouse.move(c.x, c.y);
    assert.match(await page.textContent('#inspect-terrain'), /one-way \(enter moving NE\)/);
  });
});

test('a share link keeps hex cells', async () => {
  const first = await openPage();
  let url, state;
  try {
    const { page } = first;
    await openHexMap(page);
    await page.selectOption('#heuristic', 'euclidean');
    assert.match(await page.textContent('#heuristic-note'), /between hex centres/);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value !== '');
    url = await page.inputValue('#share-link');
    state = await engineState(page);
    assert.match(state.text, /^cells: hex$/m);
    assert.deepEqual(first.errors, []);
  } finally {
    await first.close();
  }
  const second = await openPage({ hash: url.slice(url.indexOf('#')) });
  try {
    const { page } = second;
    assert.deepEqual(await engineState(page), state, 'map (hex cells included), start, goal and settings');
    assert.equal(await page.evaluate(() => window.playground.engine.isHex()), true);
    assert.equal(await page.inputValue('#cells'), 'hex');
    assert.equal(await page.isDisabled('#diagonal'), true);
    assert.equal(await statNumber(page, 'stat-path-cost'), 7);
    // Drawn as hexagons: the first row's centres sit cell / sqrt(3) below the map's top.
    const v = await view(page);
    const c = await page.evaluate(() => window.playground.renderer.cellCenter(0));
    assert.ok(Math.abs(c.y - (v.offsetY + v.cell / kSqrt3)) < 1e-9);
    assert.deepEqual(second.errors, []);
  } finally {
    await second.close();
  }
});

test('agents on the hex maze: drawn at the hexagon centres, the walker takes the tunnel to the goal', async (t) => {
  await withPage({}, async ({ page }) => {
    const linked = await page.evaluate(() => typeof window.playground.engine.core.AgentWorld === 'function');
    if (!linked) return t.skip('no agents in this build');  // (not ASTAR_SKIP: the rest of this file ran)
    await page.waitForFunction(() => !!window.playground.modules.agents, null, { timeout: 10000 });
    await openHexMap(page);
    // The agents' positions are layout units: offset + position * cell is the renderer's centre.
    const mismatch = await page.evaluate(() => {
      const a = window.playground.modules.agents, r = window.playground.renderer, e = window.playground.engine;
      a.world.sync();
      let worst = 0;
      for (let n = 0; n < e.width * e.height; n += 7) {
        const c = a.world.centre(n), p = r.cellCenter(n);
        worst = Math.max(worst, Math.abs(r.offsetX + c.x * r.cell - p.x), Math.abs(r.offsetY + c.y * r.cell - p.y));
        if (a.world.cellAt(c.x, c.y) !== n) return Infinity;
      }
      return worst;
    });
    assert.ok(mismatch < 1e-9, `agents and renderer disagree by ${mismatch} px`);
    await page.evaluate(() => {
      window.hexTrace = [];
      window.playground.addTicker(() => {
        const s = window.playground.modules.agents.agentState();
        if (s) window.hexTrace.push(window.playground.modules.agents.world.open(s.x, s.y));
        return !!(s && !s.done);
      });
    });
    await page.click('#agents-walk');
    await page.waitForFunction(() => window.playground.modules.agents.agentState()?.done, null, { timeout: 20000 });
    const end = await page.evaluate(() => ({ ...window.playground.modules.agents.agentState(), goal: window.playground.engine.goal(), trace: window.hexTrace }));
    assert.equal(end.cell, end.goal, 'the agent stands on the goal');
    assert.equal(end.jumps, 1, 'through the wrap-around tunnel once');
    assert.ok(end.travelled < 7.5, `walked ${end.travelled.toFixed(2)} cell widths for 7 hex steps`);
    assert.ok(end.trace.length > 5 && end.trace.every(Boolean), 'never outside the open cells');
    // The path views follow the page's search when it is stepped or finished (no change event).
    const views = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => {
      const a = window.playground.modules.agents, e = window.playground.engine;
      resolve({ raw: a.paths.raw.map((p) => a.world.cellAt(p.x, p.y)), engine: Array.from(e.path()) });
    })));
    await page.uncheck('#live');
    await page.click('#reset');
    await page.click('#step');
    let v = await views();
    assert.deepEqual(v, { raw: [], engine: [] }, 'no path yet: no agent path either');
    await page.click('#finish');
    v = await views();
    assert.ok(v.engine.length === 8);
    assert.deepEqual(v.raw, v.engine, 'the raw agent path is the page\'s path, cell by cell');
  });
});
