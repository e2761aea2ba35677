// Embeds (issue 19): Share offers an <iframe> snippet; the embed, in an iframe of 400 x 300 on a
// test page, shows only the canvas and a play/step bar, steps the search, autoplays when asked,
// and leaves the visitor's localStorage exactly as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, openPage, saveScreenshot, lessonLinkOf, otherOriginPage } from './support.mjs';

// Serves a course page with the snippet on the playground's own origin (so the test can look
// at that origin's localStorage) and returns the embed's frame once it is ready.
async function coursePage(context, url, snippet) {
  const page = await context.newPage();
  const course = `${url}course-page.html`;
  await context.route(course, (route) => route.fulfill({ contentType: 'text/html',
    body: `<!doctype html><html><body style="margin:0;background:#fff"><h1 style="font:16px sans-serif">Lesson</h1>${snippet}</body></html>` }));
  await page.goto(course);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  assert.ok(frame, 'the course page has the embed frame');
  await frame.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  return { page, frame };
}

test('an embed in a 400 x 300 iframe: canvas and controls only, it steps and autoplays, localStorage untouched', async () => {
  await withPage({}, async ({ page, context, url }) => {
    // Share gives the link and the embed code.
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-embed').value !== '');
    const link = await page.inputValue('#share-link');
    const snippet = await page.inputValue('#share-embed');
    const m = /^<iframe src="([^"]+)" width="640" height="480" style="border:0" title="A\* Playground" loading="lazy"><\/iframe>$/.exec(snippet);
    assert.ok(m, snippet);
    const src = m[1].replace(/&amp;/g, '&');
    assert.equal(src, link.replace('/#', '/embed.html#'));

    // A fresh context: the visitor's own localStorage holds one key of theirs, nothing else.
    const browser = context.browser();
    const fresh = await browser.newContext({ viewport: { width: 800, height: 600 } });
    try {
      const setup = await fresh.newPage();
      await setup.goto(`${url}maps/index.json`);
      await setup.evaluate(() => { localStorage.clear(); localStorage.setItem('visitor', 'theirs'); });
      await setup.close();
      const sized = snippet.replace('width="640" height="480"', 'width="400" height="300"');
      const { page: course, frame } = await coursePage(fresh, url, sized);
      const layout = await frame.evaluate(() => {
        const box = (id) => { const r = document.getElementById(id)?.getBoundingClientRect(); return r && { x: r.x, y: r.y, w: r.width, h: r.height, bottom: r.bottom, right: r.right }; };
        const shown = (id) => { const e = document.getElementById(id); return !!e && e.getClientRects().length > 0; };
        return { w: innerWidth, h: innerHeight, canvas: box('grid'), bar: box('embed-bar'), play: shown('play'),
          step: shown('step'), open: shown('embed-open'), topbar: shown('topbar'), panel: shown('panel'),
          openHref: document.getElementById('embed-open').href, name: window.playground.engine.name() };
      });
      assert.equal(layout.w, 400);
      assert.equal(layout.h, 300);
      assert.ok(layout.play && layout.step && layout.open, 'the bar shows play, step and the link out');
      assert.ok(!layout.topbar && !layout.panel, 'the top bar and the panel are hidden');
      assert.ok(layout.canvas.w >= 390 && layout.canvas.h >= 200, `canvas ${JSON.stringify(layout.canvas)}`);
      assert.ok(layout.bar.bottom <= 300 && layout.canvas.bottom <= layout.bar.y + 1, 'the bar sits under the canvas, inside the frame');
      assert.equal(layout.openHref, link, 'the link out opens the same state in the full playground');
      assert.equal(layout.name, 'Arcade');

      // Step: the embed opens unsolved (page_watch), and steps one expansion at a time.
      const expanded = () => frame.evaluate(() => window.playground.engine.stats().expanded);
      await frame.click('#step');
      assert.equal(await expanded(), 1);
      await frame.click('#step');
      assert.equal(await expanded(), 2);
      // Play, then a click on the canvas (places the start: a change that a normal page autosaves).
      await frame.click('#play');
      await frame.waitForFunction(() => window.playground.engine.stats().expanded > 10);
      const cell = await frame.evaluate(() => {
        const r = window.playground.renderer, e = window.playground.engine, c = e.costs();
        const n = c.findIndex((v, i) => v > 0 && i !== e.start() && i !== e.goal());
        return r.cellCenter(n);
      });
      await frame.locator('#grid').click({ position: { x: cell.x, y: cell.y } });
      await course.waitForTimeout(1000);  // longer than the autosave's 400 ms delay
      console.log(`screenshot: ${await saveScreenshot(course, 'embed.png')}`);
      const storage = await frame.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));
      assert.deepEqual(storage, { visitor: 'theirs' });
      await course.close();

      // Autoplay: the search animates without a click.
      const auto = await coursePage(fresh, url, sized.replace('embed.html#', 'embed.html?autoplay#'));
      assert.ok(await auto.frame.evaluate(() => window.playground.controller.playing || window.playground.engine.stats().expanded > 0));
      await auto.frame.waitForFunction(() => window.playground.controller.state === 'finished' && window.playground.engine.stats().expanded > 0);
      assert.equal(await auto.frame.evaluate(() => window.playground.engine.path().length > 0), true);
    } finally {
      await fresh.close();
    }
  });
});

test('a lesson in a 600 x 400 iframe on another origin shows its text, and its Try this passes', async () => {
  await withPage({}, async ({ page, context }) => {
    const link = await lessonLinkOf(page, '1_bfs_flood.lesson.json');
    const text = await page.textContent('#lesson-text');
    const src = link.replace('/#', '/embed.html#');  // the one page other origins may frame
    const { page: host, frame, close } = await otherOriginPage(context,
      `<!doctype html><html><body style="margin:0"><iframe src="${src}" width="600" height="400" style="border:0"></iframe></body></html>`);
    try {
      await frame.waitForSelector('body[data-ready=true]', { timeout: 15000 });
      await frame.waitForSelector('#lesson-body:not([hidden])');
      assert.notEqual(new URL(frame.url()).origin, new URL(host.url()).origin, 'the embed is on another origin');
      assert.equal(await frame.textContent('#lesson-text'), text);
      const box = await frame.evaluate(() => {
        const r = document.getElementById('lesson-body').getBoundingClientRect(), c = document.getElementById('grid').getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, canvasBottom: c.bottom, height: innerHeight };
      });
      assert.ok(box.top >= box.canvasBottom - 1 && box.bottom <= box.height, `the lesson sits under the canvas, inside the frame: ${JSON.stringify(box)}`);
      assert.equal(await host.evaluate(() => document.activeElement?.tagName), 'BODY', 'the embed did not take the focus on opening');
      await frame.click('#lesson-tries .lesson-try button');
      await frame.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle');
      assert.equal(await frame.getAttribute('#lesson-tries .lesson-try', 'data-state'), 'ok', 'the Try this passes in the embed');
    } finally {
      await close();
    }
  });
});

test('an embed in an iframe sandboxed without allow-same-origin says in the frame what the host must allow', async () => {
  const session = await openPage();
  try {
    session.errors.length = 0;
    const { frame, close } = await otherOriginPage(session.context,
      `<!doctype html><html><body><iframe sandbox="allow-scripts" src="${session.url}embed.html" width="600" height="400"></iframe></body></html>`);
    try {
      await frame.waitForSelector('body[data-ready=error]', { timeout: 15000 });
      assert.equal(await frame.isVisible('#message'), true);
      assert.match(await frame.textContent('#message'), /cannot start in this frame: .*sandbox="allow-scripts allow-same-origin"/);
      // The browser reports the blocked module scripts itself; nothing of the page is uncaught.
      for (const e of session.errors) assert.match(e, /^console: (Access to .* blocked by CORS policy|Failed to load resource)/, e);
    } finally {
      await close();
    }
  } finally {
    await session.close();
  }
});
