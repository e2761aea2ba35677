// The phone layout (issue 21): on a 390x844 touch phone nothing moves between navigation and
// the first drawn search (cumulative layout shift under 0.1, as Lighthouse counts it), every
// visible control is a touch target of at least 24x24 CSS px, the canvas comes before the
// panels, and the canvas shows a focus ring when it gains keyboard focus.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPath, distDir, saveScreenshot, openPage } from './support.mjs';
import { measureRows } from './flows.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { pageFigure } from './page_figures.mjs';

const kPhone = { width: 390, height: 844 };
const kEngineDelayMs = 700;
const kPaintWaitMs = 20000;  // how long the engine is held for the first paint at most
const kGoodFirstPaintMs = 1800;  // Lighthouse's 'good' first contentful paint: a figure's budget
let server, url, browser;

before(async () => {
  if (!fs.existsSync(path.join(distDir, 'astar_core.mjs'))) {
    throw new Error(`${distDir} has no astar_core.mjs: build the wasm preset first (make test does)`);
  }
  ({ server, url } = await startServer(distDir, 0));
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close().catch(() => {});
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r()));
});

// A phone context (isMobile honours the viewport meta tag, as a phone does), or a desktop one.
// The layout-shift observer is installed before the page's first byte, so no early shift can be missed.
async function openMeasured(viewport = kPhone, phone = true) {
  const context = await browser.newContext(phone ? { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // Lighthouse and CLS leave out shifts right after user input; there is none here.
        if (e.hadRecentInput) continue;
        window.__shifts.push({
          value: e.value, time: e.startTime,
          sources: (e.sources ?? []).map((s) => {
            const n = s.node;
            const name = n ? (n.id ? `#${n.id}` : (n.nodeName ?? '?').toLowerCase()) : '?';
            const r = (b) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
            return `${name} ${r(s.previousRect)} -> ${r(s.currentRect)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A phone's network is slow: hold the engine back so the page paints before it loads (from
  // localhost the first paint can otherwise come after everything is filled in, and a layout
  // that moves would pass by luck). Held until the page's first contentful paint, however late
  // a busy machine makes it (a fixed delay alone let the paint come after the engine there),
  // and at least kEngineDelayMs; a page that cannot paint without its engine is let go after
  // kPaintWaitMs, and layoutShifts() then fails.
  await page.route('**/astar_core.wasm', async (route) => {
    const until = Date.now() + kPaintWaitMs;
    await new Promise((r) => setTimeout(r, kEngineDelayMs));
    while (Date.now() < until && !await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0).catch(() => false)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await route.continue();
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 15000 });
  assert.equal(await page.evaluate(() => document.body.dataset.ready), 'true', 'the engine loaded');
  // The first search is drawn in the frame after ready; wait two frames for it to reach the screen.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return { context, page, errors };
}

async function layoutShifts(page, what) {
  const { shifts, painted, engine } = await page.evaluate(() => ({
    shifts: window.__shifts,
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    engine: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/astar_core.wasm'))?.responseEnd,
  }));
  pageFigure(`${what}: first contentful paint, the engine held back`, painted, kGoodFirstPaintMs);
  assert.ok(painted < engine, `the page painted (${painted} ms) before the engine arrived (${engine} ms)`);
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  const detail = shifts.map((s) => `  ${s.value.toFixed(4)} at ${Math.round(s.time)} ms: ${s.sources.join('; ')}`).join('\n');
  console.log(`cumulative layout shift ${cls.toFixed(4)} in ${shifts.length} shift(s)${detail ? `\n${detail}` : ''}`);
  return { cls, detail };
}

test('390x844 phone: no layout shift from navigation to the first drawn search (CLS < 0.1)', async () => {
  const { context, page, errors } = await openMeasured();
  try {
    const { cls, detail } = await layoutShifts(page, 'layout 390x844 phone');
    assert.ok(cls < 0.1, `cumulative layout shift ${cls.toFixed(4)} (must be under 0.1):\n${detail}`);
    await saveScreenshot(page, 'layout-phone.png');
    // Nothing sticks out sideways: a phone never scrolls horizontally.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
    // The head's preload hints: each one served, and used by the page rather than fetched twice
    // (a fetch preload whose crossorigin does not match the page's fetch() downloads again).
    const preloads = await page.evaluate(() => [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
      .map((l) => ({ href: l.href, fetched: performance.getEntriesByName(l.href, 'resource').map((e) => e.responseStatus) })));
    assert.ok(preloads.some((p) => p.href.endsWith('/astar_core.mjs')), 'the engine\'s module is preloaded');
    // Not the .wasm: it would share a phone's network with what the first paint needs.
    assert.ok(!preloads.some((p) => p.href.endsWith('/astar_core.wasm')), 'the engine\'s .wasm is fetched after the first paint');
    for (const { href, fetched } of preloads) assert.deepEqual(fetched, [200], `${href}: fetched once, with status 200`);
    const wasm = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/astar_core.wasm')).length);
    assert.equal(wasm, 1, 'the .wasm is fetched once');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('1280x800 desktop: no layout shift either, the panel on the right of the canvas', async () => {
  const { context, page, errors } = await openMeasured({ width: 1280, height: 800 }, false);
  try {
    // Stricter than "good" (0.1): the desktop layout moved by 0.02 before the topbar's and the
    // panel's late-filled parts had reserved sizes, and nothing needs to move at all.
    const { cls, detail } = await layoutShifts(page, 'layout 1280x800 desktop');
    assert.ok(cls < 0.01, `cumulative layout shift ${cls.toFixed(4)} (must be under 0.01):\n${detail}`);
    const { grid, panel } = await page.evaluate(() => {
      const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top }; };
      return { grid: box('grid'), panel: box('panel') };
    });
    assert.ok(grid.right <= panel.left + 0.5 && Math.abs(grid.top - panel.top) < 1, `side panel: ${JSON.stringify({ grid, panel })}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('390x844 phone: every visible control is at least 24x24 CSS px, the canvas is above the panel, in both views', async () => {
  const { context, page, errors } = await openMeasured();
  try {
    const measure = () => page.evaluate(() => {
      const controls = [...document.querySelectorAll('#topbar :is(input, button, select), #panel :is(input, button, select)')]
        .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }) && el.getClientRects().length > 0);
      const name = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}[${el.type}${el.value ? `=${el.value}` : ''}]`;
      const tooSmall = controls.map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 - 1e-3 || r.height < 24 - 1e-3)
        .map(({ el, r }) => `${name(el)} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
      const box = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width }; };
      return { view: document.documentElement.dataset.view, small: tooSmall, count: controls.length, grid: box('grid'), panel: box('panel') };
    });
    // A first visit's Learn view (a few controls), then the Tools view by its button (all of them).
    for (const [view, least] of [['learn', 4], ['tools', 30]]) {
      if (view === 'tools') await page.tap('#view-switch');
      const { small, count, grid, panel, view: shown } = await measure();
      assert.equal(shown, view);
      assert.ok(count >= least, `${view}: found only ${count} visible controls: the selector misses the panel`);
      assert.deepEqual(small, [], `${view}: controls under 24x24 CSS px: ${small.join(', ')}`);
      assert.ok(grid.bottom <= panel.top + 0.5, `${view}: the canvas (bottom ${grid.bottom}) must be above the panel (top ${panel.top})`);
      assert.ok(grid.width >= kPhone.width - 1, `${view}: the canvas is as wide as the phone (${grid.width})`);
      assert.ok(grid.top < kPhone.height / 3 && grid.bottom - grid.top >= kPhone.height / 3,
        `${view}: the canvas is on the first screen and at least a third of it: ${grid.top}..${grid.bottom}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the canvas shows a focus ring when it gains keyboard focus (Tab)', async () => {
  for (const viewport of [kPhone, { width: 1280, height: 800 }]) {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
      const rect = await page.evaluate(() => {
        const r = document.getElementById('grid').getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      const clip = { x: Math.floor(rect.x), y: Math.floor(rect.y), width: Math.floor(rect.width), height: Math.floor(rect.height) };
      // The band 3 px wide along the canvas's inner edge, from a screenshot decoded by the page
      // itself (createImageBitmap: no PNG library needed).
      const band = 3;
      const edge = async () => page.evaluate(async ({ b64, band }) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const { width, height } = bitmap;
        const ctx = new OffscreenCanvas(width, height).getContext('2d');
        ctx.drawImage(bitmap, 0, 0);
        const data = ctx.getImageData(0, 0, width, height).data, out = [];
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            if (x >= band && y >= band && x < width - band && y < height - band) continue;
            const i = (y * width + x) * 4;
            out.push(data[i], data[i + 1], data[i + 2]);
          }
        }
        return out;
      }, { b64: (await page.screenshot({ clip })).toString('base64'), band });
      const before = await edge();
      let tabs = 0;
      while (!(await page.evaluate(() => document.activeElement?.id === 'grid'))) {
        assert.ok(++tabs <= 60, 'Tab never reached the canvas');
        await page.keyboard.press('Tab');
      }
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const after = await edge();
      // At least 90% of the band must change: a ring painted under the canvas bitmap (as an inset
      // box-shadow is) changes none of it, and the keyboard cursor is not drawn on focus alone.
      const total = before.length / 3;
      let changed = 0;
      for (let i = 0; i < before.length; i += 3) {
        const d = Math.abs(before[i] - after[i]) + Math.abs(before[i + 1] - after[i + 1]) + Math.abs(before[i + 2] - after[i + 2]);
        if (d > 48) changed++;
      }
      if (changed / total < 0.9) await saveScreenshot(page, `focus-ring-${viewport.width}.png`);
      assert.ok(changed / total >= 0.9,
        `${viewport.width}x${viewport.height}: only ${changed} of ${total} edge pixels changed on focus (${(100 * changed / total).toFixed(1)}%)`);
    } finally {
      await context.close();
    }
  }
});

test('with classic scrollbars (Windows and Linux desktops) the timeline stays on one row, no menu cuts its text, nothing overflows', async () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 1024, height: 700 }, kPhone]) {
    const { page, errors, close } = await openPage({ classicScrollbars: true, viewport });
    try {
      await page.evaluate(() => { for (const id of ['heat', 'lab', 'hpa']) document.getElementById(id).open = true; });
      const panel = await page.evaluate(() => { const p = document.getElementById('panel'); return { bar: p.offsetWidth - p.clientWidth, scrolls: p.scrollHeight > p.clientHeight }; });
      if (panel.scrolls) assert.ok(panel.bar > 0, `${viewport.width}px: the panel's scrollbar takes room (${panel.bar} px)`);
      const { tops, clipped } = await page.evaluate(measureRows);
      assert.equal(tops.length, 1, `${viewport.width}px: the timeline's buttons sit on ${tops.length} rows`);
      assert.deepEqual(clipped, [], `${viewport.width}px: menus that cut their text`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `${viewport.width}px: the page is ${overflow} px wider than the window`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});
