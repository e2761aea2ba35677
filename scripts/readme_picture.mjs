// Makes docs/arcade.png, the picture the README opens with: the playground's first view (the
// bundled arcade maze in the arcade look, the path from the default start to the default goal
// through the tunnel), taken in headless Chromium from the wasm build's dist/ (build it first:
// cmake --preset wasm-release && cmake --build --preset wasm-release).
//   node scripts/readme_picture.mjs [out.png]
/* global document, window, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from '../tests/web/support.mjs';
import { hidePathViews } from '../tests/web/arcade_support.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] || path.join(repo, 'docs/arcade.png');
const session = await openPage({ viewport: { width: 900, height: 560 } });
try {
  const { page } = session;
  await hidePathViews(page);  // the search's own path, not the agents' string-pulled and smoothed copies
  await page.evaluate(() => {
    document.getElementById('hint').hidden = true;
    window.playground.messages.dismiss();
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const look = await page.evaluate(() => window.playground.renderer.lastMode);
  if (look !== 'arcade') throw new Error(`the first view is drawn as ${look}, not arcade`);
  await page.locator('#stage').screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await session.close();
}
