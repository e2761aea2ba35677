// Import of Moving AI maps from ../shared/maps-bench by drag and drop and by the file picker,
// checked against the benchmark's own optimal lengths and the native engine; export back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { withPage, engineState, nativeCost, mapsBenchDir, loadCore } from './support.mjs';

const dropMap = path.join(mapsBenchDir, 'den312d.map');
const pickMap = path.join(mapsBenchDir, 'arena.map');
const available = fs.existsSync(dropMap) && fs.existsSync(pickMap) && fs.existsSync(`${dropMap}.scen`);
if (!available) console.log(`ASTAR_SKIP: ${mapsBenchDir} with den312d.map(.scen) and arena.map is not there`);

// The last (longest) scenario row: bucket, map, w, h, sx, sy, gx, gy, optimal.
function longestScenario(file) {
  const rows = fs.readFileSync(file, 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
  const r = rows[rows.length - 1];
  return { sx: +r[4], sy: +r[5], gx: +r[6], gy: +r[7], optimal: +r[8] };
}

test('drag and drop of a Moving AI .map shows the map, and its path costs match the benchmark', { skip: !available && 'maps-bench is absent' }, async () => {
  await withPage({}, async ({ page }) => {
    const text = fs.readFileSync(dropMap, 'utf8');
    await page.evaluate(({ text, name }) => {
      const stage = document.getElementById('stage');
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        stage.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    }, { text, name: path.basename(dropMap) });
    await page.waitForFunction(() => window.playground.engine.width === 65);
    assert.equal(await page.evaluate(() => window.playground.engine.height), 81);
    assert.match(await page.textContent('#map-name'), /den312d · 65×81/);
    assert.match(await page.textContent('#message'), /Imported den312d\.map \(65×81\)/);
    assert.equal(await page.isHidden('#drop-hint'), true);
    // Walls from the file are walls on the page: count '@' / 'T' / 'O' cells against the grid.
    const rows = text.split(/\r?\n/).slice(4, 4 + 81);
    const fileWalls = rows.join('').split('').filter((c) => c === '@' || c === 'O' || c === 'T' || c === 'W').length;
    const pageWalls = await page.evaluate(() => window.playground.engine.costs().filter((c) => c === 0).length);
    assert.equal(pageWalls, fileWalls);

    const s = longestScenario(`${dropMap}.scen`);
    await page.evaluate(({ sx, sy, gx, gy }) => {
      const app = window.playground, e = app.engine;
      e.setStart(e.index(sx, sy));
      e.setGoal(e.index(gx, gy));
      app.store.changed('query');  // the test moved the endpoints in the engine directly
    }, s);
    const cost = Number(await page.getAttribute('#stat-path-cost', 'data-value'));
    assert.ok(Math.abs(cost - s.optimal) < 1e-3, `page ${cost}, benchmark optimal ${s.optimal}`);
    const native = await nativeCost(dropMap, s.sx, s.sy, s.gx, s.gy);
    assert.ok(Math.abs(cost - native) <= 1e-9 * native, `page ${cost}, native ${native}`);
    console.log(`den312d.map longest scenario: page ${cost}, native ${native}, benchmark ${s.optimal}`);
  });
});

test('the file picker imports a .map; export writes Moving AI and our format, which re-import to the same map', { skip: !available && 'maps-bench is absent' }, async () => {
  await withPage({}, async ({ page }) => {
    await page.setInputFiles('#import-file', pickMap);
    await page.waitForFunction(() => window.playground.engine.width === 49);
    const imported = await engineState(page);
    for (const [button, pattern] of [['#export-movingai', /^type octile\nheight 49\nwidth 49\nmap\n/], ['#export-ours', /^astar-map 1\n/]]) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      const file = await download.path();
      const text = fs.readFileSync(file, 'utf8');
      assert.match(text, pattern);
      await page.click('#new-map');
      await page.setInputFiles('#import-file', { name: download.suggestedFilename(), mimeType: 'text/plain', buffer: Buffer.from(text) });
      await page.waitForFunction(() => window.playground.engine.width === 49);
      const again = await engineState(page);
      assert.deepEqual(again.costs, imported.costs, `${button}: walls and costs survive export + import`);
    }
    assert.equal(fs.readFileSync(pickMap, 'utf8').split('\n').length > 50, true);
    // A file that is not a map is refused with the reader's message, and the map is kept.
    const kept = await engineState(page);
    await page.setInputFiles('#import-file', { name: 'broken.map', mimeType: 'text/plain', buffer: Buffer.from('type octile\nheight 2\nwidth 3\nmap\n...\n..\n') });
    await page.waitForFunction(() => document.getElementById('message').dataset.level === 'error');
    assert.match(await page.textContent('#message'), /import broken\.map: line \d+, column \d+: /);
    assert.deepEqual(await engineState(page), kept);
  });
});

// The file picker's filter is core's format table: a picker compares a file's last extension
// with the list, so every format's every ending must be let through by it, and nothing else is
// listed (besides plain text).
test('the import picker accepts exactly the endings of core\'s format table', async () => {
  const { formats } = (await loadCore()).registry();
  assert.ok(formats.length >= 4, `${formats.length} formats in the table`);
  await withPage({}, async ({ page }) => {
    const accept = (await page.getAttribute('#import-file', 'accept')).split(',');
    const lastExtension = (name) => name.slice(name.lastIndexOf('.')).toLowerCase();
    for (const f of formats) {
      for (const ending of f.extensions) {
        assert.ok(accept.includes(lastExtension(`map${ending}`)), `${f.name}: a file named map${ending} passes the picker (${accept})`);
      }
    }
    const endings = new Set(formats.flatMap((f) => f.extensions.map((e) => lastExtension(`map${e}`))));
    assert.deepEqual(accept.filter((a) => a !== 'text/plain').sort(), [...endings].sort(), 'no ending outside the table');
    assert.ok(accept.includes('text/plain'));
  });
});
