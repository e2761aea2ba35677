// Makes docs/learn-view.png, the picture the README opens with: the playground's first view,
// the Learn view at 1280 x 800 (the bundled arcade maze in the arcade look, its code pane and
// open list), in the middle of the first search with the code pane on one neighbour's push.
// Taken in headless Chromium from the wasm build's dist/ (build it first:
// cmake --preset wasm-release && cmake --build --preset wasm-release).
//   node scripts/readme_picture.mjs [out.png]
/* global document, window, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from '../tests/web/support.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] || path.join(repo, 'docs/learn-view.png');
const kExpansions = 24;
const session = await openPage({ view: null, viewport: { width: 1280, height: 800 } });
try {
  const { page } = session;
  if (await page.evaluate(() => document.documentElement.dataset.view) !== 'learn') throw new Error('the first view is not the Learn view');
  for (let i = 0; i < kExpansions; i++) await page.click('#step');
  // Into the next expansion, up to its first push: the picture shows a push with its h and f.
  for (let i = 0; i < 12 && !/pushed|push/.test(await page.textContent('#code-explain')); i++) await page.click('#code-step-line');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const look = await page.evaluate(() => window.playground.renderer.lastMode);
  if (look !== 'arcade') throw new Error(`the first view is drawn as ${look}, not arcade`);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}: ${kExpansions} expansions, then "${await page.textContent('#code-explain')}"`);
} finally {
  await session.close();
}
