// Regression tests of issue 21's defects, with real input (keyboard, mouse, CDP touch): form
// controls keep their keys, a tap keeps the inspector, the map re-fits on resize, the Share box
// is in view, a wall stroke re-routes the smoothed line at once, a bad first-visit link's error
// stays, the first search's time is honest (timed after the warm-up), start/goal are refused on
// walls, the portal and export messages say the right thing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, openPage, cellPoint, clickCell } from './support.mjs';
import { pageFigure } from './page_figures.mjs';

const playing = (page) => page.evaluate(() => window.playground.playing);

test('Space toggles every checkbox and radio it focuses and never starts Play', async () => {
  await withPage({}, async ({ page }) => {
    // Every collapsible section open (Learn, Lab, HPA*, ...), so their controls are covered too
    // (a closed <details> hides its content from focus, not from offsetParent).
    await page.evaluate(() => { for (const d of document.querySelectorAll('#panel details')) d.open = true; });
    const ids = await page.evaluate(() => [...document.querySelectorAll('#panel input[type=checkbox], #panel input[type=radio]')]
      .filter((i) => i.offsetParent !== null && !i.disabled)
      .map((i, k) => { i.dataset.testKey = String(k); return i.dataset.testKey; }));
    assert.ok(ids.length >= 10, `${ids.length} checkboxes and radios`);
    for (const key of ids) {
      const sel = `[data-test-key="${key}"]`;
      const before = await page.isChecked(sel);
      const radio = (await page.getAttribute(sel, 'type')) === 'radio';
      if (radio && before) continue;  // Space on a checked radio changes nothing
      await page.focus(sel);
      await page.keyboard.press(' ');
      assert.equal(await page.isChecked(sel), !before, `Space toggles ${await page.evaluate((s) => document.querySelector(s).closest('label')?.textContent.trim(), sel)}`);
      assert.equal(await playing(page), false, 'Space on a form control does not start Play');
    }
    // With the canvas focused Space is Play / Pause.
    await page.uncheck('#live');
    await page.fill('#speed', '0');
    await page.dispatchEvent('#speed', 'input');
    await page.focus('#grid');
    await page.keyboard.press(' ');
    assert.equal(await playing(page), true, 'Space on the canvas plays');
  });
});

test('ArrowRight on a focused slider moves the slider, not the grid cursor', async () => {
  await withPage({}, async ({ page }) => {
    await page.fill('#speed', '40');
    await page.dispatchEvent('#speed', 'input');
    await page.focus('#speed');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.inputValue('#speed'), '41');
    assert.equal(await page.evaluate(() => window.playground.renderer.cursor), -1, 'the grid cursor did not move');
    await page.focus('#grid');
    await page.keyboard.press('ArrowRight');
    assert.notEqual(await page.evaluate(() => window.playground.renderer.cursor), -1, 'on the canvas arrows move the cursor');
  });
});

test('on a 390 x 844 touch screen a tapped cell\'s g/h/f stays shown', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    await page.check('input[name=tool][value=inspect]');
    await page.evaluate(() => window.scrollTo(0, 0));  // checking the tool scrolled the panel into view
    await page.tap('#finish');  // the first view opens unsolved
    const n = await page.evaluate(() => Array.from(window.playground.engine.path())[2]);
    const p = await cellPoint(page, n);
    await page.touchscreen.tap(p.x, p.y);  // CDP Input.dispatchTouchEvent
    await page.waitForTimeout(1000);
    const e = await page.evaluate((cell) => window.playground.engine.inspect(cell), n);
    assert.equal(await page.textContent('#inspect-g'), String(Number(e.g.toFixed(4))), 'g is still shown 1 s after the tap');
    assert.notEqual(await page.textContent('#inspect-f'), '–');
  });
});

test('a resize from 1280 x 800 to 900 x 600 keeps the whole map inside the canvas; a zoomed view is kept', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    const inside = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const r = window.playground.renderer, size = r.mapSize(), rect = r.canvas.getBoundingClientRect();
      resolve({ ok: r.offsetX >= -0.5 && r.offsetY >= -0.5 && r.offsetX + size.w <= rect.width + 0.5 && r.offsetY + size.h <= rect.height + 0.5,
        view: [r.offsetX, r.offsetY, size.w, size.h, rect.width, rect.height], cell: r.cell });
    }))));
    assert.ok((await inside()).ok);
    await page.setViewportSize({ width: 900, height: 600 });
    const after = await inside();
    assert.ok(after.ok, `map inside the canvas after the resize: ${after.view}`);
    await page.click('#zoom-in');
    const zoomed = await inside();
    await page.setViewportSize({ width: 1000, height: 700 });
    assert.equal((await inside()).cell, zoomed.cell, 'after a zoom, a resize keeps the zoom');
  });
});

test('Share shows the link inside the viewport and puts it in the address bar', async () => {
  await withPage({ viewport: { width: 1280, height: 720 } }, async ({ page }) => {
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value !== '');
    const box = await page.locator('#share-link').boundingBox();
    assert.ok(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= 720 && box.x + box.width <= 1280, `share box at ${JSON.stringify(box)}`);
    assert.equal(new URL(page.url()).hash, new URL(await page.inputValue('#share-link')).hash);
    // After an edit the address bar no longer holds the (now old) link.
    await page.click('#cost-model');
    assert.equal(new URL(page.url()).hash, '');
  });
});

test('during a wall stroke the smoothed path line never crosses a wall painted in it', async () => {
  await withPage({}, async ({ page }) => {
    await page.click('#new-map');  // 40 x 30 open map, (0, 0) -> (39, 29), live on
    await page.waitForFunction(() => window.playground?.modules?.agents && window.playground.modules.agents.paths.smooth.length > 1);
    const steps = await page.evaluate(() => window.playground.history.done.length);
    await page.check('input[name=tool][value=wall]');
    // A vertical wall stroke down the middle, across the diagonal path, sampled while painting.
    const x = 20, e = await page.evaluate(() => ({ w: window.playground.engine.width }));
    const crossings = [];
    const first = await cellPoint(page, 2 * e.w + x);
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (let y = 3; y <= 26; ++y) {
      const p = await cellPoint(page, y * e.w + x);
      await page.mouse.move(p.x, p.y);
      // Walks the line between consecutive points (a straight stretch may be just its two ends).
      crossings.push(await page.evaluate((col) => {
        const a = window.playground.modules.agents, w = a.world, costs = window.playground.engine.costs(), pts = a.paths.smooth;
        let inside = 0;
        for (let i = 1; i < pts.length; ++i) {
          const p = pts[i - 1], q = pts[i], steps = Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) * 20);
          for (let k = 0; k <= steps; ++k) {
            const c = w.cellAt(p.x + (q.x - p.x) * k / Math.max(1, steps), p.y + (q.y - p.y) * k / Math.max(1, steps));
            if (c >= 0 && c % w.width === col && costs[c] === 0) ++inside;
          }
        }
        return inside;
      }, x));
    }
    await page.mouse.up();
    assert.ok(crossings.every((c) => c === 0), `smoothed points inside the new walls while painting: ${crossings}`);
    assert.equal(await page.evaluate(() => window.playground.engine.costs().filter((c) => c === 0).length), 25, 'the stroke painted 25 walls');
    assert.equal(await page.evaluate(() => window.playground.history.done.length), steps + 1, 'the stroke is one undo step');
  });
});

test('a bad link on a first visit: its error is still on screen after 3 s', async () => {
  const session = await openPage({ hash: '#v1.not-a-real-link' });
  try {
    const { page } = session;
    await page.waitForSelector('body[data-ready=true]');
    await page.waitForTimeout(3000);
    assert.equal(await page.isVisible('#message-box'), true);
    assert.match(await page.textContent('#message'), /^Could not open the link: .*Your map was kept\./);
    assert.equal(await page.getAttribute('#message', 'data-level'), 'error');
    await page.click('#message-close');
    assert.equal(await page.isVisible('#message-box'), false, 'the error is dismissed by its close button');
  } finally {
    await session.close();
  }
});

// The first search's time is honest when the engine was warmed up before it (warm_up.js: the
// first calls into a fresh wasm module run unoptimised code and grow its memory, and the first
// figure shown was 5-23 ms where a re-run took under 1 ms). Asserted by order, not by time: the
// warm-up ran every algorithm (one per task, each behind yield.js's nextTask) before the page
// showed a search's time. The first time against three times the re-runs' median is a figure
// (page_figures.mjs): as a pass/fail bound it broke on a busy machine.
test('the first search on first load is timed after the engine was warmed up on every algorithm', async () => {
  const onPage = (page) => page.addInitScript(() => {
    const order = window.bootOrder = [];
    const Channel = window.MessageChannel;
    window.MessageChannel = class extends Channel {
      constructor() {
        super();
        if (/warm_up\.js/.test(new Error().stack)) order.push('warm-up');
      }
    };
    new MutationObserver((records) => { if (records.some((r) => r.target.id === 'stat-time')) order.push('time shown'); })
      .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-value'] });
  });
  await withPage({ onPage }, async ({ page }) => {
    const first = Number(await page.getAttribute('#stat-time', 'data-value'));
    const { order, algorithms } = await page.evaluate(() => ({ order: window.bootOrder, algorithms: window.playground.engine.algorithms.length }));
    const reruns = [];
    for (let i = 0; i < 5; ++i) {
      await page.click('#finish');  // a finished search begins again and runs to the end
      reruns.push(Number(await page.getAttribute('#stat-time', 'data-value')));
    }
    reruns.sort((a, b) => a - b);
    // The page's clock ticks in 0.1 ms steps (no cross-origin isolation): a re-run under a tick reads 0.
    const rerun = Math.max(reruns[2], 0.1);
    console.log(`first search ${first} ms, re-runs ${reruns.join(', ')} ms; boot: ${order.length} events, the first time shown after ${order.indexOf('time shown')} warm-up slices`);
    pageFigure('first load: the first search\'s time (budget: 3 x a re-run\'s)', first, Number((3 * rerun).toFixed(1)));
    const warmed = order.filter((o) => o === 'warm-up').length, shown = order.indexOf('time shown');
    assert.equal(warmed, algorithms, `the warm-up ran ${warmed} of ${algorithms} algorithms`);
    assert.ok(shown > 0 && order.slice(0, shown).every((o) => o === 'warm-up') && !order.slice(shown).includes('warm-up'),
      `the warm-up ended before the first time was shown: ${order.join(', ')}`);
  });
});

test('start and goal are refused on walls with a message; portal and export messages say what happened', async () => {
  await withPage({}, async ({ page }) => {
    const wall = await page.evaluate(() => Array.from(window.playground.engine.costs()).indexOf(0));
    const before = await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]);
    await clickCell(page, wall);
    await clickCell(page, wall, { button: 'right' });
    assert.deepEqual(await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]), before);
    assert.match(await page.textContent('#message'), /cannot be on a wall/);
    // Keyboard placement is refused the same way.
    await page.evaluate((n) => { window.playground.marks.cursor = n; }, wall);
    await page.focus('#grid');
    await page.keyboard.press('s');
    assert.equal(await page.evaluate(() => window.playground.engine.start()), before[0]);

    await page.check('input[name=tool][value=portal]');
    const floor = await page.evaluate(() => {
      const e = window.playground.engine, c = e.costs(), out = [];
      for (let i = 0; i < c.length && out.length < 2; ++i) if (c[i] > 0 && i !== e.start() && i !== e.goal() && (out.length === 0 || i > out[0] + 5)) out.push(i);
      return out;
    });
    await clickCell(page, floor[0]);
    assert.match(await page.textContent('#message'), /other end of the portal/);
    await clickCell(page, floor[1]);
    assert.equal(await page.textContent('#message'), 'Portal made.');
    assert.equal(await page.evaluate(() => window.playground.engine.portals().length), 1);

    const download = page.waitForEvent('download');
    await page.click('#export-movingai');
    await download;
    assert.match(await page.textContent('#message'), /^Saved .*\.map\. Not kept by this format: /);
    assert.equal(await page.getAttribute('#message', 'data-level'), 'warning', 'an export note is a warning, not an error');
  });
});

test('first visit: a one-line hint on the canvas until the first click, not again after a reload; the legend is always there; results are announced', async () => {
  await withPage({}, async ({ page }) => {
    assert.equal(await page.isVisible('#hint'), true, 'the hint shows on a first visit');
    assert.match(await page.textContent('#hint'), /start.*goal/i);
    const stage = await page.locator('#stage').boundingBox(), legend = await page.locator('#legend').boundingBox();
    assert.ok(legend.x >= stage.x && legend.y >= stage.y && legend.x + legend.width <= stage.x + stage.width &&
      legend.y + legend.height <= stage.y + stage.height, 'the legend sits inside the canvas area');
    for (const key of ['open', 'closed', 'path', 'string-pulled', 'smoothed']) assert.match(await page.textContent('#legend'), new RegExp(key));
    // The live region says what a search found (screen readers read it; it is visually hidden).
    await page.uncheck('#live');
    await page.click('#finish');
    assert.match(await page.textContent('#announce'), /^Path found: cost \d+, \d+ cells, \d+ expanded\.$/);
    await clickCell(page, await page.evaluate(() => window.playground.engine.goal()));
    assert.equal(await page.isVisible('#hint'), false, 'a click on the canvas dismisses it');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.equal(await page.isVisible('#hint'), false, 'not shown again in this browser');
  });
});

test('the help dialog shows the version (CMakeLists.txt\'s, through core\'s registry)', async () => {
  const fs = await import('node:fs');
  const version = /^project\(astar VERSION (\d+\.\d+\.\d+)/m.exec(fs.readFileSync(new URL('../../CMakeLists.txt', import.meta.url), 'utf8'))[1];
  await withPage({}, async ({ page }) => {
    await page.click('#help-button');
    assert.equal(await page.textContent('#version'), `version ${version}`);
    assert.equal(await page.isVisible('#version'), true);
  });
});
