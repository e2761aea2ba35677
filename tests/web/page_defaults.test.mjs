// First impression (issue 19): the heuristic follows the movement rule until the user picks
// one, the map picker names the open map, and a bad link's message outlives the fallback map.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, generateOnPage } from './support.mjs';
import { installClock, playFor } from './clock_support.mjs';

const heuristicOf = (page) => page.evaluate(() => window.playground.engine.settings.heuristic);

// The page's own movement-rule control (#diagonal takes core's movement values).
async function setMovement(page, name) {
  const value = await page.evaluate((n) => String(window.playground.engine.registry.movements.findIndex((m) => m.name === n)), name);
  await page.selectOption('#diagonal', value);
}

test('the heuristic follows the movement rule (manhattan 4-way, octile 8-way, hex distance on hex) until chosen', async () => {
  await withPage({}, async ({ page }) => {
    // The first map is 4-way.
    assert.equal(await page.evaluate(() => window.playground.engine.diagonal()), 0);
    assert.equal(await heuristicOf(page), 'manhattan');
    assert.equal(await page.inputValue('#heuristic'), 'manhattan');
    await setMovement(page, 'only-when-no-obstacles');
    assert.equal(await heuristicOf(page), 'octile');
    assert.equal(await page.inputValue('#heuristic'), 'octile');
    await setMovement(page, 'always');
    assert.equal(await heuristicOf(page), 'octile');
    await setMovement(page, 'never');
    assert.equal(await heuristicOf(page), 'manhattan');
    // Hex cells: manhattan is the hex distance there (the note says so).
    await page.selectOption('#cells', 'hex');
    await page.waitForFunction(() => window.playground.engine.isHex());
    assert.equal(await heuristicOf(page), 'manhattan');
    assert.match(await page.textContent('#heuristic-note'), /hex distance/);
    await page.selectOption('#cells', 'square');
    // A heuristic the user picks stays when the rule changes...
    await page.selectOption('#heuristic', 'euclidean');
    await setMovement(page, 'only-when-no-obstacles');
    assert.equal(await heuristicOf(page), 'euclidean');
    await setMovement(page, 'never');
    assert.equal(await heuristicOf(page), 'euclidean');
    // ...and picking the rule's own default again hands it back to the rule.
    await page.selectOption('#heuristic', 'manhattan');
    await setMovement(page, 'always');
    assert.equal(await heuristicOf(page), 'octile');
    // A generated 8-way map gets octile.
    await generateOnPage(page, 'random', 30, 20, 3);
    assert.notEqual(await page.evaluate(() => window.playground.engine.diagonal()), 0);
    assert.equal(await heuristicOf(page), 'octile');
  });
});

test('the map picker shows the open map: the bundled one, after a reload, and a generated one by name', async () => {
  await withPage({}, async ({ page, context }) => {
    const title = await page.evaluate(() => window.playground.engine.name());
    assert.equal(await page.inputValue('#map-select'), 'arcade.map.txt');
    assert.equal(await page.$eval('#map-select', (s) => s.selectedOptions[0].textContent), title);
    await page.selectOption('#map-select', 'water_vs_ground.map.txt');
    await page.waitForFunction(() => /water/i.test(window.playground.engine.name()));
    assert.equal(await page.inputValue('#map-select'), 'water_vs_ground.map.txt');
    // A reload brings the map back from the autosave: the picker still names it.
    await page.waitForFunction(() => /Water/.test(localStorage.getItem(`astar-playground/document/${sessionStorage.getItem('astar-playground/tab-id')}`) ?? ''));
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.equal(await page.inputValue('#map-select'), 'water_vs_ground.map.txt');
    // A generated map is not a bundled one: the picker shows its name, not "(choose)".
    await generateOnPage(page, 'backtracker', 21, 21, 5);
    const name = await page.evaluate(() => window.playground.engine.name());
    assert.match(name, /21x21/);
    assert.equal(await page.$eval('#map-select', (s) => s.selectedOptions[0].textContent), name);
    assert.ok(context);
  });
});

test("a broken link's message is still on screen 9 s (of the page's time) after load in a fresh browser, until dismissed", async () => {
  await withPage({ hash: '#v1.not-a-real-link', onPage: installClock }, async ({ page }) => {
    // The fallback map opened underneath...
    assert.equal(await page.inputValue('#map-select'), 'arcade.map.txt');
    await playFor(page, 9000);  // past the fades of info (4 s) and warnings (8 s): views/messages.js
    // ...and its "Opened Arcade." did not replace the reason.
    assert.equal(await page.isVisible('#message-box'), true);
    const text = await page.textContent('#message');
    assert.match(text, /^Could not open the link: /);
    assert.equal(await page.getAttribute('#message', 'data-level'), 'error');
    await page.click('#message-close');
    assert.equal(await page.isVisible('#message-box'), false);
  });
});
