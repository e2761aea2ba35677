// The page under its production Content-Security-Policy (issue 35; scripts/site_headers.mjs,
// sent by scripts/serve.mjs): no `securitypolicyviolation` event and no console error in the
// main flows (first load, start and goal with the mouse, play, picture, share link and the link
// opened, a lesson's Try this and its link, Learn's step line, the embed on another origin),
// the served headers are the table's, and only the embed page can be framed by another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, clickCell, otherOriginPage } from './support.mjs';
import { headersFor } from '../../scripts/site_headers.mjs';

// In every document and frame, before the page's own scripts: keep each violation.
function collectViolations() {
  window.cspViolations = [];
  addEventListener('securitypolicyviolation', (e) => {
    window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
  });
}

const violations = (pageOrFrame) => pageOrFrame.evaluate(() => window.cspViolations);

async function assertClean(pageOrFrame, flow) {
  assert.deepEqual(await violations(pageOrFrame), [], `${flow}: CSP violations`);
}

// A course page on another origin with an iframe of src (support.mjs's otherOriginPage).
function coursePage(context, src) {
  return otherOriginPage(context,
    `<!doctype html><title>Course</title><iframe src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="400" height="300"></iframe>`);
}

test('the main flows raise no CSP violation, and only the embed may be framed by another origin', async () => {
  let documentHeaders;
  const onPage = (page) => {
    page.on('response', (r) => { if (r.request().resourceType() === 'document' && !documentHeaders) documentHeaders = r.headers(); });
    return page.context().addInitScript(collectViolations);  // every page and frame of the context
  };
  await withPage({ onPage, offline: true }, async ({ page, context, url }) => {  // the service worker too (worker-src)
    for (const [name, value] of Object.entries(headersFor('/'))) assert.equal(documentHeaders[name.toLowerCase()], value, `served ${name}`);
    await assertClean(page, 'first load');

    // Start and goal with the mouse on open cells, then play to the end.
    const [start, goal] = await page.evaluate(() => {
      const e = window.playground.engine, c = e.costs(), open = [];
      for (let i = 0; i < c.length; i++) if (c[i] > 0) open.push(i);
      return [open[0], open[open.length - 1]];
    });
    await clickCell(page, start);
    await clickCell(page, goal, { button: 'right' });
    assert.deepEqual(await page.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]), [start, goal]);
    await page.click('#play');
    await page.waitForFunction(() => window.playground.controller.state === 'finished', null, { timeout: 30000 });
    await assertClean(page, 'start, goal and play');

    // Picture: a PNG download made through a canvas and a blob URL.
    const [picture] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
    assert.match(picture.suggestedFilename(), /\.png$/);
    await assertClean(page, 'picture');

    // Learn: the pseudo-code pane steps a line.
    await page.click('#view-switch');
    await page.click('#code-step-line');
    await page.waitForFunction(() => document.querySelector('#code-listing li.current') !== null);
    await assertClean(page, 'Learn');
    await page.click('#view-switch');  // back to the Tools view

    // Share: the link and the embed code; the link opened in a new page.
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-embed').value !== '');
    const link = await page.inputValue('#share-link');
    const embedSrc = /src="([^"]+)"/.exec(await page.inputValue('#share-embed'))[1].replace(/&amp;/g, '&');
    assert.ok(link.startsWith(url), `the link names the page's own address: ${link}`);
    const shared = await context.newPage();
    await shared.goto(link);
    await shared.waitForSelector('body[data-ready]', { timeout: 15000 });
    assert.deepEqual(await shared.evaluate(() => [window.playground.engine.start(), window.playground.engine.goal()]), [start, goal]);
    await assertClean(shared, 'share link opened');
    await shared.close();
    await assertClean(page, 'share');

    // A lesson: open the first, walk to a step with a Try this and run it; then its link.
    await page.selectOption('#lesson-select', { index: 1 });
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    while (await page.locator('#lesson-tries .lesson-try button').count() === 0) {
      assert.equal(await page.isDisabled('#lesson-next'), false, 'the first lesson has a Try this');
      await page.click('#lesson-next');
    }
    await page.locator('#lesson-tries .lesson-try button').first().click();
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle');
    await page.click('#lesson-link');
    await page.waitForFunction(() => !document.getElementById('lesson-link-box').hidden);
    await assertClean(page, 'lesson');

    // The embed on a course page of another origin: it loads, steps and plays, cleanly.
    assert.match(embedSrc, /\/embed\.html#v1\./);
    const embed = await coursePage(context, embedSrc);
    await embed.frame.waitForSelector('body[data-ready=true]', { timeout: 15000 });
    await embed.frame.click('#step');
    await embed.frame.click('#play');
    await embed.frame.waitForFunction(() => window.playground.controller.state === 'finished', null, { timeout: 30000 });
    await assertClean(embed.frame, 'embed');
    await embed.close();

    // The full playground framed by another origin is refused (frame-ancestors 'self').
    const full = await coursePage(context, link);
    const until = Date.now() + 15000;  // the browser's report of the refusal
    while (!full.messages.some((m) => /frame-ancestors/.test(m)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await full.frame.evaluate(() => document.body?.dataset.ready ?? null).catch(() => null), null,
      'the full playground never ran in the foreign frame');
    assert.ok(full.messages.some((m) => /frame-ancestors/.test(m)), `the browser says why: ${full.messages.join(' | ')}`);
    await full.close();
  });
});
