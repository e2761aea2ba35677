// Links copied inside the click (issue 35): WebKit refuses a clipboard write that starts after
// an await in the click handler (NotAllowedError), and the share and lesson links are compressed
// asynchronously. Chromium is made to apply WebKit's rule (an init script refuses writes that
// start outside a click's dispatch); the share link, a lesson link and the embed code must
// still reach the clipboard, read back from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from './support.mjs';

// WebKit's rule in Chromium: clipboard.write / writeText only while a click is being dispatched.
function webkitClipboardRule() {
  let inClick = false;
  addEventListener('click', () => {
    inClick = true;
    setTimeout(() => { inClick = false; });  // also when a handler stops the event
  }, true);
  addEventListener('click', () => { inClick = false; });
  const clipboard = navigator.clipboard;
  window.clipboardRefusals = 0;
  for (const name of ['write', 'writeText']) {
    const original = clipboard[name].bind(clipboard);
    clipboard[name] = (...args) => {
      if (inClick) return original(...args);
      window.clipboardRefusals += 1;
      return Promise.reject(new DOMException('not in a user gesture', 'NotAllowedError'));
    };
  }
}

const readClipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

test('share link, lesson link and embed code reach the clipboard under WebKit\'s gesture rule', async () => {
  await withPage({ onPage: (page) => page.addInitScript(webkitClipboardRule) }, async ({ page, context, url }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url.replace(/\/$/, '') });
    assert.equal(await page.evaluate(() => window.clipboardRefusals), 0, 'the gesture rule is in place before the first click');

    await page.click('#share');
    await page.waitForFunction(() => /^Link (copied|ready)/.test(document.getElementById('message').textContent));
    const link = await page.inputValue('#share-link');
    assert.ok(link.startsWith(`${url}#v1.`), `the link names the page's own address: ${link}`);
    assert.equal(await readClipboard(page), link, 'the share link is on the clipboard');
    assert.match(await page.textContent('#message'), /Link copied/);

    await page.click('#share-embed');
    await page.waitForFunction(() => /Embed code copied/.test(document.getElementById('message').textContent));
    const embed = await readClipboard(page);
    assert.equal(embed, await page.inputValue('#share-embed'));
    assert.match(embed, new RegExp(`^<iframe src="${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}embed\\.html#v1\\.`));

    await page.selectOption('#lesson-select', { index: 1 });
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    await page.click('#lesson-link');
    await page.waitForFunction(() => /Lesson link (copied|ready)/.test(document.getElementById('message').textContent));
    const lessonLink = await page.inputValue('#lesson-link-box');
    assert.ok(lessonLink.startsWith(`${url}#v1.`), lessonLink);
    assert.equal(await readClipboard(page), lessonLink, 'the lesson link is on the clipboard');
    assert.match(await page.textContent('#message'), /Lesson link copied/);

    assert.equal(await page.evaluate(() => window.clipboardRefusals), 0, 'no write started outside a click');
  });
});
