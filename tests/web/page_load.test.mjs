// The page served from the wasm build's dist/ loads the module in Chromium and runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, saveScreenshot } from './support.mjs';

test('the served page loads the wasm module and shows that it ran', async () => {
  const { page, errors, close } = await openPage();
  try {
    assert.equal(await page.getAttribute('body', 'data-ready'), 'true', await page.textContent('body'));
    // The page's engine is a live wasm object: ask it something it can only know by running.
    const cells = await page.evaluate(() => window.astarEngine.width() * window.astarEngine.height());
    assert.ok(cells > 0);
    const file = await saveScreenshot(page, 'page-load.png');
    console.log(`screenshot: ${file}`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
