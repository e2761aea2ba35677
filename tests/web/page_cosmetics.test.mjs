// Small things seen in every browser (issue 32): the start and goal letters are drawn above
// every path line (the agents' string-pulled and smoothed lines too); the arcade legend's open
// and closed swatches are the colours the grid shows; a disclosure section's title sits beside
// its triangle, not on a line of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, nextFrames } from './support.mjs';
import { kArcadePalette, over } from '../../web/js/canvas/arcade_palette.js';

const near = (a, b, tol = 6) => a.every((v, k) => Math.abs(v - b[k]) <= tol);

test('the start and goal markers are drawn over the path lines; the arcade legend shows the grid\'s colours', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await page.click('#finish');  // the first view opens unsolved
    await nextFrames(page);
    // Inside each marker's disc no pixel has a path line's colour (the lines end at the cell centres).
    const r = await page.evaluate(() => {
      const app = window.playground, view = app.renderer, e = app.engine, ctx = view.canvas.getContext('2d');
      const dpr = view.canvas.width / view.canvas.getBoundingClientRect().width;
      const radius = Math.max(4, view.cell * 0.42) * 0.75;
      const disc = (n) => {
        const c = view.cellCenter(n), out = [];
        const x0 = Math.round((c.x - radius) * dpr), y0 = Math.round((c.y - radius) * dpr), size = Math.round(2 * radius * dpr);
        const data = ctx.getImageData(x0, y0, size, size).data;
        for (let y = 0; y < size; ++y) {
          for (let x = 0; x < size; ++x) {
            if ((x - size / 2) ** 2 + (y - size / 2) ** 2 > (size / 2) ** 2) continue;
            const i = 4 * (y * size + x);
            out.push([data[i], data[i + 1], data[i + 2]]);
          }
        }
        return out;
      };
      return { start: disc(e.start()), goal: disc(e.goal()), path: e.path().length, look: view.canvas.dataset.look };
    });
    assert.equal(r.look, 'arcade');
    assert.ok(r.path > 2, 'a path is drawn');
    const lines = { path: kArcadePalette.path, pulled: [30, 136, 229], smooth: [216, 27, 96] };
    for (const which of ['start', 'goal']) {
      for (const [name, rgb] of Object.entries(lines)) {
        const hits = r[which].filter((p) => near(p, rgb, 30)).length;
        assert.equal(hits, 0, `no ${name} line pixel inside the ${which} marker (${hits} of ${r[which].length})`);
      }
    }
    // The legend's swatches against the grid: a closed cell and an open cell off the path.
    const cells = await page.evaluate(() => {
      const app = window.playground, view = app.renderer, e = app.engine, ctx = view.canvas.getContext('2d');
      const dpr = view.canvas.width / view.canvas.getBoundingClientRect().width;
      const states = Array.from(e.states()), onPath = new Set(e.path()), pick = (state) => {
        for (let n = 0; n < states.length; ++n) {
          if (states[n] !== state || onPath.has(n) || n === e.start() || n === e.goal()) continue;
          // off any line: no path cell among the neighbours either
          const x = e.xOf(n), y = e.yOf(n);
          if ([[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => e.contains(x + dx, y + dy) && onPath.has(e.index(x + dx, y + dy)))) continue;
          const c = view.cellCenter(n);
          return Array.from(ctx.getImageData(Math.round(c.x * dpr), Math.round(c.y * dpr), 1, 1).data.slice(0, 3));
        }
        return null;
      };
      const swatch = (cls) => getComputedStyle(document.querySelector(`#legend .swatch.${cls}`)).backgroundColor.match(/\d+/g).slice(0, 3).map(Number);
      return { closed: pick(2), open: pick(1), closedSwatch: swatch('closed'), openSwatch: swatch('open') };
    });
    assert.deepEqual(cells.closedSwatch, over(kArcadePalette.closed, kArcadePalette.floor), 'the closed swatch is the closed colour over the floor');
    assert.deepEqual(cells.openSwatch, over(kArcadePalette.open, kArcadePalette.floor), 'the open swatch is the open colour over the floor');
    if (cells.closed) assert.ok(near(cells.closed, cells.closedSwatch, 12), `a closed cell (${cells.closed}) looks like its swatch (${cells.closedSwatch})`);
  });
});

test('a disclosure section\'s title is on its triangle\'s line', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    for (const id of ['heat', 'lab', 'hpa']) {
      const r = await page.evaluate((d) => {
        const summary = document.querySelector(`#${d} > summary`), h2 = summary.querySelector('h2');
        return { summary: summary.getBoundingClientRect().height, h2: h2.getBoundingClientRect().height };
      }, id);
      assert.ok(r.summary < r.h2 * 1.6 + 4, `#${id}: the summary is one line with its title (${r.summary} vs ${r.h2} px)`);
    }
  });
});
