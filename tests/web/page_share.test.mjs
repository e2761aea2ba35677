// Share links: a round trip restores map, start, goal and settings exactly; bad links show a
// message, keep the current map and run no script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { openPage, withPage, clickCell, engineState, generateOnPage } from './support.mjs';

// The page's link format, built here independently: #v1.<base64url(zlib deflate(JSON))>.
function makeLink(payload) {
  const bytes = zlib.deflateSync(Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)));
  return `v1.${bytes.toString('base64url')}`;
}

// Returns near(x, y): the floor cell closest to (x, y) that no earlier call returned, and
// that is not the start, the goal or a corner the test uses for a portal.
function floorNear(page) {
  const used = [];
  return async (x, y) => {
    const n = await page.evaluate(({ x, y, used }) => {
      const e = window.playground.engine, c = e.costs(), w = e.width;
      const taken = new Set([...used, e.start(), e.goal(), e.index(1, 1), e.index(26, 29)]);
      let best = -1, bestD = Infinity;
      for (let i = 0; i < c.length; ++i) {
        const d = Math.abs((i % w) - x) + Math.abs(Math.floor(i / w) - y);
        if (c[i] > 0 && !taken.has(i) && d < bestD) { best = i; bestD = d; }
      }
      return best;
    }, { x, y, used });
    used.push(n);
    return n;
  };
}

async function generateArcade(page) {
  await generateOnPage(page, 'arcade', 28, 31);
}

test('a share link round-trips map, start, goal and settings; a Pac-Man maze link stays short', async () => {
  const first = await openPage();
  let url, state;
  try {
    const { page } = first;
    await generateArcade(page);
    const w = 28;
    // Floor cells near the places the edits aim at (the generated maze decides which are floor).
    const near = floorNear(page);
    await page.check('input[name=tool][value=place]');
    await clickCell(page, await near(2, 4));
    await clickCell(page, await near(25, 4), { button: 'right' });
    await page.selectOption('#algorithm', 'weighted-astar');
    await page.fill('#weight', '2.5');
    await page.press('#weight', 'Enter');
    await page.selectOption('#heuristic', 'manhattan');
    await page.uncheck('#portal-aware');
    await page.check('input[name=tool][value=terrain]');
    await page.fill('#terrain-cost', '7.5');
    await clickCell(page, await near(6, 12));
    await page.check('input[name=tool][value=oneway]');
    await clickCell(page, await near(6, 9));
    await page.check('input[name=tool][value=portal]');
    await clickCell(page, 1 * w + 1);
    await clickCell(page, 29 * w + 26);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value !== '');
    url = await page.inputValue('#share-link');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/#v1\.[A-Za-z0-9_-]+$/);
    state = await engineState(page);
    assert.equal(state.settings.algorithm, 'weighted-astar');
    assert.equal(state.settings.weight, 2.5);
    assert.equal(state.portals.length, 1);
    assert.ok(url.length < 2000, `the arcade maze link has ${url.length} characters`);
    console.log(`Pac-Man-sized (28 x 31) maze with edits: link of ${url.length} characters`);
    assert.deepEqual(first.errors, []);
  } finally {
    await first.close();
  }
  // A fresh browser (no autosave) opens the link.
  const second = await openPage({ hash: url.slice(url.indexOf('#')) });
  try {
    assert.deepEqual(await engineState(second.page), state, 'map, start, goal and settings are identical');
    assert.equal(await second.page.inputValue('#algorithm'), 'weighted-astar');
    assert.equal(await second.page.inputValue('#heuristic'), 'manhattan');
    assert.equal(await second.page.isChecked('#portal-aware'), false);
    assert.equal(await second.page.evaluate(() => location.hash), '', 'the link leaves the address bar once open');
    assert.deepEqual(second.errors, []);
  } finally {
    await second.close();
  }
});

test('bad links give a clear message, keep the current map and run no script', async () => {
  await withPage({}, async ({ page }) => {
    await generateArcade(page);
    const kept = await engineState(page);
    const pageScripts = await page.evaluate(() => document.querySelectorAll('script').length);
    const good = makeLink({ v: 1, map: kept.text, settings: { algorithm: 'astar' } });
    const cases = [
      ['truncated', good.slice(0, Math.floor(good.length / 2)), /corrupt or truncated|truncated/],
      ['cut by one character', good.slice(0, -1), /corrupt or truncated|truncated/],
      ['garbage characters', 'v1.%3Cscript%3Ealert(1)%3C/script%3E', /not base64url/],
      ['garbage base64', `v1.${Buffer.from('this is not deflate data at all').toString('base64url')}`, /corrupt or truncated/],
      ['no prefix', 'hello-world', /not a playground link/],
      ['not JSON', makeLink('<script>window.__pwned = 1</script>'), /not valid JSON/],
      ['bad map', makeLink({ v: 1, map: 'astar-map 1\nsize: 3 x 2\ngrid:\n...\n' }), /map is invalid \(line \d+, column \d+: /],
      ['zip bomb', makeLink({ v: 1, map: 'x'.repeat(40 * 1024 * 1024) }), /too large/],
      ['over the URL length limit', `v1.${'A'.repeat(1_500_000)}`, /too long/],
    ];
    for (const [label, fragment, expected] of cases) {
      await page.evaluate(() => { document.getElementById('message').textContent = ''; });
      await page.evaluate((f) => { location.hash = f; }, fragment);
      await page.waitForFunction(() => document.getElementById('message').textContent !== '');
      const message = await page.textContent('#message');
      assert.match(message, /^Could not open the link: /, label);
      assert.match(message, expected, `${label}: ${message}`);
      assert.equal(await page.getAttribute('#message', 'data-level'), 'error');
      assert.deepEqual(await engineState(page), kept, `${label}: the current map is kept`);
    }
    // 10 MB is past what a browser puts in an address bar: it reaches the page as a pasted link.
    const tenMb = `#v1.${'B'.repeat(10 * 1024 * 1024)}`;
    assert.equal(await page.evaluate((f) => window.playground.files.openLink(f), tenMb), false);
    assert.match(await page.textContent('#message'), /too long \(10,485,763 characters/);
    assert.deepEqual(await engineState(page), kept, '10 MB: the current map is kept');

    // A valid link whose map name and settings carry markup: shown as text, never run.
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const evilMap = kept.text.replace(/^name: .*$/m, `name: ${evil}`);
    await page.evaluate((f) => { location.hash = f; }, makeLink({ v: 1, map: evilMap, settings: { algorithm: evil } }));
    await page.waitForFunction((name) => window.playground.engine.name() === name, evil);
    assert.equal(await page.getAttribute('#map-name', 'title'), evil);
    assert.ok((await page.textContent('#map-name')).startsWith(evil));
    assert.match(await page.textContent('#message'), /settings were not used: unknown algorithm "<script>/);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script from the link ran');
    assert.equal(await page.evaluate(() => document.querySelectorAll('script').length), pageScripts, 'no script element was added');
    assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0);
  });
});
