// The HPA* layer in Chromium (web/js/hpa/, web/hpa_bindings.cpp) on a fixed 32 x 24 map with a
// wall, mud and cluster size 8: showing the layer draws the cluster lines (a pixel on a cluster
// boundary turns the line's purple), the cost the panel shows equals the native CLI's
// `astar path --algorithm hpa --cluster-size 8` on the same map (and with --agent-size 2 when
// the Search section's agent size is 2), and a wall painted with the
// mouse across the abstract path updates the abstraction incrementally and moves the path, with
// the new cost again equal to the CLI's on the edited map (the page's own export).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { withPage, cellPoint, saveScreenshot, repoDir, nextFrames } from './support.mjs';

const kWidth = 32, kHeight = 24, kClusterSize = 8;
const kStart = [2, 4], kGoal = [29, 4];

function mapText() {
  const rows = [];
  for (let y = 0; y < kHeight; y++) {
    let row = '';
    for (let x = 0; x < kWidth; x++) {
      if (x === 12 && y < 15) row += '#';
      else if (x >= 4 && x <= 7 && y >= 14 && y <= 17) row += '~';
      else row += '.';
    }
    rows.push(row);
  }
  return `astar-map 1
name: HPA test
size: ${kWidth} x ${kHeight}
movement: only-when-no-obstacles
cost-model: real
terrain: . 1 floor
terrain: # wall wall
terrain: ~ 3 mud
start: ${kStart[0]} ${kStart[1]}
goal: ${kGoal[0]} ${kGoal[1]}
grid:
${rows.join('\n')}
`;
}

const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-hpa-'));

function cliCost(text, name, algorithm, extra = []) {
  const file = path.join(work, name);
  fs.writeFileSync(file, text);
  const out = execFileSync(cli, ['path', file, ...kStart.map(String), ...kGoal.map(String), '--algorithm', algorithm,
    '--cluster-size', String(kClusterSize), ...extra], { encoding: 'utf8' });
  return Number(/^cost: (\S+)$/m.exec(out)[1]);
}

const frame = nextFrames;

// The canvas pixel (RGBA) on the boundary between cluster columns 0 and 1, in row y.
function boundaryPixel(page, y) {
  return page.evaluate(({ y, size }) => {
    const r = window.playground.renderer;
    const x = (r.centreOf(size - 1, y).x + r.centreOf(size, y).x) / 2, cy = r.centreOf(0, y).y;
    return Array.from(r.ctx.getImageData(Math.round(x * r.dpr), Math.round(cy * r.dpr), 1, 1).data);
  }, { y, size: kClusterSize });
}

function hpaState(page) {
  return page.evaluate(() => {
    const stats = document.getElementById('hpa-stats');
    return { cost: Number(stats.dataset.cost), updates: Number(stats.dataset.updates), abstractPath: window.playground.modules.hpa.result?.abstractPath,
      text: stats.textContent, name: window.playground.modules.hpa.info.name };
  });
}

test('HPA* layer: cluster lines, the CLI\'s cost, and an edit with the mouse updating the abstract path', async () => {
  await withPage({}, async ({ page }) => {
    await page.waitForFunction(() => window.playground?.modules?.hpa);
    const text = mapText();
    await page.evaluate((t) => window.playground.store.load(t, 'hpa.map.txt', 'test map'), text);
    await page.evaluate(() => { document.getElementById('hpa').open = true; });
    await page.fill('#hpa-cluster-size', String(kClusterSize));
    await page.dispatchEvent('#hpa-cluster-size', 'change');
    await frame(page);
    const before = await boundaryPixel(page, 21);
    await page.check('#hpa-show');
    await frame(page);
    const after = await boundaryPixel(page, 21);
    // Floor is drawn in a grey (channels close together); the line is purple (blue well above green).
    assert.ok(Math.abs(before[2] - before[1]) < 20, `floor pixel before the layer: ${before}`);
    assert.ok(after[2] - after[1] > 50 && after[0] - after[1] > 20, `cluster line pixel: ${after} (before ${before})`);

    const first = await hpaState(page);
    assert.ok(first.abstractPath.length >= 3, `abstract path ${first.abstractPath}`);
    const expected = cliCost(text, 'hpa.map.txt', first.name);
    assert.ok(Math.abs(first.cost - expected) <= 1e-9 * expected, `page ${first.cost}, CLI ${expected}`);
    await saveScreenshot(page, 'page_hpa_layer.png');

    // A 2 x 2 agent (the Search section's agent size): the layer answers for it, at the CLI's cost
    // for --agent-size 2, and says the size; back to 1, the first answer again.
    const setSize = async (k) => {
      await page.fill('#agent-size', String(k));
      await page.press('#agent-size', 'Enter');
      await page.waitForFunction((size) => window.playground.engine.settings.agentSize === size, k);
      await frame(page);
    };
    await setSize(2);
    const big = await hpaState(page);
    const expectedBig = cliCost(text, 'hpa.map.txt', first.name, ['--agent-size', '2']);
    assert.ok(Math.abs(big.cost - expectedBig) <= 1e-9 * expectedBig, `size 2: page ${big.cost}, CLI ${expectedBig} (${big.text})`);
    assert.ok(big.cost >= first.cost, `size 2 costs ${big.cost}, size 1 ${first.cost}`);
    assert.match(big.text, /2×2-cell agent/);
    await setSize(1);
    assert.equal((await hpaState(page)).cost, first.cost);

    // A wall across the whole upper part at x = 20 with the wall tool: the path must go round below.
    await page.check('input[name=tool][value=wall]');
    const a = await cellPoint(page, 0 * kWidth + 20), b = await cellPoint(page, 19 * kWidth + 20);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 12 });
    await page.mouse.up();
    await frame(page);
    const walls = await page.evaluate(() => Array.from(window.playground.engine.costs()));
    for (let y = 0; y <= 19; y++) assert.equal(walls[y * kWidth + 20], 0, `(20, ${y}) is a wall after the stroke`);
    const second = await hpaState(page);
    assert.ok(second.updates > first.updates, `incremental updates: ${first.updates} -> ${second.updates}`);
    assert.notDeepEqual(second.abstractPath, first.abstractPath);
    // No abstract node of the new path lies on the new wall.
    assert.ok(second.abstractPath.every((n) => n % kWidth !== 20 || Math.floor(n / kWidth) > 19), `${second.abstractPath}`);
    const edited = await page.evaluate(() => window.playground.docText());
    const expectedAfter = cliCost(edited, 'hpa_edited.map.txt', second.name);
    assert.ok(Math.abs(second.cost - expectedAfter) <= 1e-9 * expectedAfter, `page ${second.cost}, CLI ${expectedAfter}`);
    assert.ok(second.cost > first.cost);
    await saveScreenshot(page, 'page_hpa_after_edit.png');
  });
});
