// Nothing lost (issue 31), with real input: a student's edited maze survives opening a link
// (pasted into the running page, or loaded in the same tab) and "Restore it" brings it back
// cell for cell; two tabs editing different maps both survive a reload of each; a lesson link
// survives a reload; a lab-only change is autosaved; the embed's link out opens the embed's
// current map and leaves the visitor's autosave alone; the first Undo after a link changes
// nothing; opening Learn after "no path" keeps the result and its partial path; input while
// the page boots is not saved over the tab's document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, openPage, generateOnPage, cellPoint, engineState, tabAutosave, lessonLinkOf, showLearnView, nextFrames } from './support.mjs';
import { installClock, pauseClock, playFor, assertAutosaveDebounce, kAutosaveDebounceMs } from './clock_support.mjs';

// Drags the wall brush across a row of the maze with the mouse (one stroke, many cells).
async function paintWalls(page, from, to) {
  await page.check('input[name=tool][value=wall]');
  const a = await cellPoint(page, from), b = await cellPoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
}

// A student's maze: generated with the page's controls, then walls painted by hand, in the tab
// in front, as a student would (Chromium gives a tab behind another about one frame a second:
// each of a stroke's mouse moves waited for one, 23 s for a maze).
async function studentMaze(page, seed) {
  await page.bringToFront();
  await generateOnPage(page, 'division', 31, 31, seed);
  const w = await page.evaluate(() => window.playground.engine.width);
  await paintWalls(page, 3 * w + 2, 3 * w + 20);
  await paintWalls(page, 9 * w + 5, 15 * w + 5);
  await saveNow(page);
  return engineState(page);
}

// The autosave's delay passed (the page's clock advanced by it where the test controls the
// clock, waited for in real time where not): the document is saved.
async function saveNow(page) {
  if (await page.evaluate(() => !!window.playground.files.autosaveTimer && Date.isFake === true)) await playFor(page, kAutosaveDebounceMs);
  await page.waitForFunction(() => !window.playground.files.autosaveTimer);
}

// A link to another map (a classmate's), made by the page's own encoder: 21 x 21 with a
// wall pattern that depends on seed.
function linkTo(page, seed) {
  const rows = Array.from({ length: 21 }, (_, y) => Array.from({ length: 21 }, (_, x) =>
    (x * 7 + y * 13 + seed) % 5 === 0 && x + y > 0 && x + y < 40 ? '#' : '.').join(''));
  const map = ['astar-map 1', `name: Classmate ${seed}`, 'size: 21 x 21', 'terrain: . 1 floor', 'terrain: # wall wall',
    'start: 0 0', 'goal: 20 20', 'grid:', ...rows, ''].join('\n');
  return page.evaluate(async (map) => {
    const { documentLink } = await import('./js/document/encodings.js');
    return `#${await documentLink({ map, settings: { algorithm: 'dijkstra' } })}`;
  }, map);
}

const costsOf = (state) => state.costs.join('');

// The page's clock under the test's control (clock_support.mjs): it flows as real time does,
// and the test skips the autosave's delay instead of waiting it out.
const clocked = { onPage: installClock };

test('an edited maze survives opening a link, pasted or loaded in the same tab; Restore brings it back cell for cell', async () => {
  await withPage(clocked, async ({ page }) => {
    // Over the untouched first map (the bundled maze), a link keeps nothing: no notice.
    const untouched = await linkTo(page, 2);
    await page.evaluate((f) => { location.hash = f; }, untouched);
    await page.waitForFunction(() => window.playground.engine.name() === 'Classmate 2');
    assert.equal(await page.isHidden('#kept-notice'), true, 'nothing of the visitor\'s was replaced');
    const maze = await studentMaze(page, 4);
    const fragment = await linkTo(page, 9);
    // A link pasted into the running page.
    await page.evaluate((f) => { location.hash = f; }, fragment);
    await page.waitForFunction(() => window.playground.engine.settings.algorithm === 'dijkstra');
    assert.notEqual(costsOf(await engineState(page)), costsOf(maze), 'the link\'s map is open');
    assert.equal(await page.isVisible('#kept-notice'), true);
    assert.match(await page.textContent('#kept-notice'), /Your previous map is kept — Restore it/);
    await page.click('#kept-restore');
    const back = await engineState(page);
    assert.deepEqual(back, maze, 'the maze is back, cell for cell, with its start, goal and settings');
    assert.equal(await page.isHidden('#kept-notice'), true);

    // The link opened in the same tab (a new page load with the link in the address bar).
    await saveNow(page);
    const address = page.url().replace(/#.*$/, '');
    await page.goto('about:blank');  // leave the page, so the link below is a new page load in this tab
    await page.goto(address + fragment);
    await page.waitForSelector('body[data-ready=true]');
    await page.waitForSelector('#kept-notice:not([hidden])');
    assert.notEqual(costsOf(await engineState(page)), costsOf(maze));
    await page.keyboard.press('Tab');  // keyboard users reach it too: focus it and press Enter
    await page.focus('#kept-restore');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('kept-notice').hidden);
    assert.deepEqual(await engineState(page), maze, 'the maze is back after a page load with a link');
  });
});

test('two tabs editing different maps: each reload brings back its own', async () => {
  const session = await openPage(clocked);
  try {
    const { context, page: first } = session;
    const second = await context.newPage();
    await second.goto(session.url);
    await second.waitForSelector('body[data-ready=true]');
    const mazeA = await studentMaze(first, 1);
    const mazeB = await studentMaze(second, 2);
    assert.notEqual(costsOf(mazeA), costsOf(mazeB));
    await first.reload();
    await first.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(first), mazeA, 'tab 1 has its own map after a reload');
    await second.reload();
    await second.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(second), mazeB, 'tab 2 has its own map after a reload');
    // A third tab starts from the newest document any tab saved.
    const third = await context.newPage();
    await third.goto(session.url);
    await third.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(third), mazeB);
    // A duplicate of tab 1 (its sessionStorage copied, so the same tab id at start) opens
    // tab 1's map, takes an id of its own, and its edits leave tab 1's document alone.
    const id = await first.evaluate(() => sessionStorage.getItem('astar-playground/tab-id'));
    const duplicate = await context.newPage();
    await duplicate.addInitScript((tab) => {  // as the browser's Duplicate does, once (not on a reload)
      if (!sessionStorage.getItem('astar-playground/tab-id')) sessionStorage.setItem('astar-playground/tab-id', tab);
    }, id);
    await duplicate.goto(session.url);
    await duplicate.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(duplicate), mazeA, 'the duplicate opens tab 1\'s map');
    await duplicate.waitForFunction((tab) => sessionStorage.getItem('astar-playground/tab-id') !== tab, id);
    const mazeC = await studentMaze(duplicate, 3);
    await first.reload();
    await first.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(first), mazeA, 'tab 1 keeps its map after its duplicate edited another');
    await duplicate.reload();
    await duplicate.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(duplicate), mazeC);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
});

test('0.2.0\'s autosave opens in a new tab of today\'s page', async () => {
  const session = await openPage(clocked);
  try {
    const { context, page, url } = session;
    const maze = await studentMaze(page, 7);
    // 0.2.0 kept one autosave: { v: 1, map, settings, race, lab }.
    await page.evaluate(() => {
      const e = window.playground.engine;
      localStorage.clear();
      localStorage.setItem('astar-playground/autosave', JSON.stringify({ v: 1, map: window.playground.docText(),
        settings: { ...e.settings, algorithm: 'dijkstra' }, race: { algorithm: 'bfs', heuristic: 'octile', weight: 1, wrapAware: true, portalAware: true } }));
    });
    const next = await context.newPage();
    await next.goto(url);
    await next.waitForSelector('body[data-ready=true]');
    assert.equal(await next.evaluate(() => window.playground.docText()), maze.text);
    assert.equal(await next.evaluate(() => window.playground.engine.settings.algorithm), 'dijkstra');
    assert.equal(await next.evaluate(() => window.playground.store.race?.algorithm), 'bfs');
  } finally {
    await session.close();
  }
});

test('regressions: lesson link reload, lab-only change, first Undo after a link, Learn after no path', async () => {
  let lessonLink;
  await withPage(clocked, async ({ page }) => {
    const url = await lessonLinkOf(page, '2_dijkstra_water.lesson.json');
    lessonLink = url.slice(url.indexOf('#'));
  });
  await withPage({ hash: lessonLink }, async ({ page }) => {
    const title = await page.textContent('#lesson-title');
    await page.click('#lesson-next');
    assert.equal(await page.evaluate(() => location.hash), '');
    // The first Undo after a link: nothing to undo (the link is the visit's first document).
    const opened = await engineState(page);
    await page.focus('#grid');
    await page.keyboard.press('Control+z');
    assert.deepEqual(await engineState(page), opened, 'Undo changed nothing');
    assert.doesNotMatch(await page.textContent('#message'), /Undid: open link/);
    assert.equal(await page.isDisabled('#undo'), true);
    // Reload: the lesson, its step and its map are still there.
    await saveNow(page);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.equal(await page.isVisible('#lesson-body'), true, 'the lesson is still open');
    assert.equal(await page.textContent('#lesson-title'), title);
    assert.equal(await page.textContent('#lesson-progress'), 'Page 2 of ' + (await page.textContent('#lesson-progress')).split(' of ')[1]);
    assert.deepEqual(await engineState(page), opened);

    // A lab-only change (the seed, typed) is autosaved and survives a reload. (A lesson link
    // opens in the Learn view; the lab is a Tools section.)
    assert.equal(await page.evaluate(() => document.documentElement.dataset.view), 'learn', 'a lesson link reads in the Learn view');
    await page.click('#view-switch');
    await page.click('#lab summary');
    await page.waitForSelector('#lab[data-ready="true"]');
    await page.fill('#lab-seed', '4242');
    await page.press('#lab-seed', 'Enter');
    await saveNow(page);
    assert.match(await tabAutosave(page), /"seed":4242/);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await page.waitForSelector('#lab[data-ready="true"]', { state: 'attached' });  // the lesson reads in the Learn view again
    assert.equal(await page.inputValue('#lab-seed'), '4242');
  });

  // Learn after "no path": the goal walled in with the mouse, Finish, then open Learn.
  await withPage(clocked, async ({ page }) => {
    await page.evaluate(() => window.playground.store.newBlank(12, 8));
    const w = 12;
    await page.check('input[name=tool][value=wall]');
    for (const n of [6 * w + 10, 6 * w + 11, 7 * w + 10]) {
      const p = await cellPoint(page, n);
      await page.mouse.click(p.x, p.y);
    }
    await page.click('#finish');
    await page.waitForFunction(() => /no path/.test(document.getElementById('stat-status').textContent));
    const before = await page.evaluate(() => ({ status: document.getElementById('stat-status').textContent,
      cost: document.getElementById('stat-path-cost').textContent, path: Array.from(window.playground.engine.path()) }));
    assert.match(before.cost, /partial/);
    assert.ok(before.path.length > 1, 'a partial path is shown');
    await showLearnView(page);
    await nextFrames(page);  // the Learn view drawn
    const after = await page.evaluate(() => ({ status: document.getElementById('stat-status').textContent,
      cost: document.getElementById('stat-path-cost').textContent, path: Array.from(window.playground.engine.path()) }));
    assert.deepEqual(after, before, 'opening Learn keeps the result and its partial path');
  });
});

test('the embed\'s link out opens its current map and leaves the visitor\'s autosave alone', async () => {
  const session = await openPage(clocked);
  try {
    const { context, page: visitor, url } = session;
    const maze = await studentMaze(visitor, 6);
    const saved = await tabAutosave(visitor);
    const first = await linkTo(visitor, 3), second = await linkTo(visitor, 8);
    const embed = await context.newPage();
    await embed.goto(`${url}?embed${first}`);
    await embed.waitForSelector('body[data-ready=true]');
    // The host page moves the embed to another map (a new address fragment). The link out is
    // current again once the new map is in and its own link made: data-current stays set from
    // the first map until the page has read the new fragment, so waiting for it alone raced.
    const firstText = await embed.evaluate(() => window.playground.docText());
    await embed.evaluate((f) => { location.hash = f; }, second);
    await embed.waitForFunction((old) => window.playground.docText() !== old &&
      document.getElementById('embed-open').dataset.current === 'true', firstText);
    const embedded = await engineState(embed);
    const [out] = await Promise.all([context.waitForEvent('page'), embed.click('#embed-open')]);
    await out.waitForSelector('body[data-ready=true]');
    assert.equal(await out.evaluate(() => window.playground.docText()), embedded.text, 'the link out opens the embed\'s current map');
    await playFor(out, 600);  // longer than the autosave's delay
    assert.equal(await tabAutosave(visitor), saved, 'the visitor\'s own autosave is untouched');
    await visitor.reload();
    await visitor.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(visitor), maze);
  } finally {
    await session.close();
  }
});

test('a closed lesson gives back the map and settings it replaced', async () => {
  await withPage(clocked, async ({ page }) => {
    const maze = await studentMaze(page, 5);
    await page.selectOption('#algorithm', 'dijkstra');
    await page.uncheck('#portal-aware');
    const before = await engineState(page);
    await page.selectOption('#lesson-select', '4_admissibility.lesson.json');
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    const inLesson = await engineState(page);
    assert.notDeepEqual(inLesson.settings, before.settings, 'the lesson set its own settings');
    assert.notEqual(costsOf(inLesson), costsOf(maze));
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    assert.deepEqual(await engineState(page), before, 'map and settings as before the lesson');
    assert.equal(await page.isChecked('#portal-aware'), false, 'the settings shown are the visitor\'s');
  });
});

test('the tabs\' documents stay within their budget: the oldest other tabs\' are dropped first', async () => {
  await withPage(clocked, async ({ page }) => {
    await studentMaze(page, 8);
    const kept = await page.evaluate(() => {
      const own = localStorage.getItem(`astar-playground/document/${sessionStorage.getItem('astar-playground/tab-id')}`);
      const body = own.slice(own.indexOf(',"touched"'));
      for (let i = 1; i <= 8; ++i) localStorage.setItem(`astar-playground/document/old-${i}`, `{"savedAt":${i}${body}`);
      return own;
    });
    await paintWalls(page, 20 * 31 + 3, 20 * 31 + 12);  // a change: the next autosave prunes
    await page.waitForFunction((before) => localStorage.getItem(`astar-playground/document/${sessionStorage.getItem('astar-playground/tab-id')}`) !== before, kept);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('astar-playground/document/')).sort());
    assert.equal(keys.length, 6, keys.join());
    assert.deepEqual(keys.filter((k) => k.includes('/old-')), ['astar-playground/document/old-4', 'astar-playground/document/old-5',
      'astar-playground/document/old-6', 'astar-playground/document/old-7', 'astar-playground/document/old-8']);
  });
});

test('when the storage cannot keep the previous map, the page says so (and Undo still brings it back)', async () => {
  await withPage(clocked, async ({ page }) => {
    const maze = await studentMaze(page, 10);
    const fragment = await linkTo(page, 11);
    await page.evaluate(() => {  // the browser refuses anything more (quota)
      Storage.prototype.setItem = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    });
    await page.evaluate((f) => { location.hash = f; }, fragment);
    await page.waitForFunction(() => window.playground.engine.name() === 'Classmate 11');
    assert.equal(await page.isHidden('#kept-notice'), true);
    assert.match(await page.textContent('#message'), /Your previous map could not be kept \(the browser's storage is full or off\): Undo brings it back/);
    await page.click('#undo');
    assert.equal(costsOf(await engineState(page)), costsOf(maze), 'Undo brings the maze back');
  });
});

test('input while the page boots is not saved over the tab\'s document: a reload brings the maze back', async () => {
  await withPage(clocked, async ({ page }) => {
    const maze = await studentMaze(page, 5);
    // The next load waits for the map index (a slow network; held in the page's fetch, which
    // the service worker's cache would otherwise answer at once): the page's controls are
    // bound, its first document is not in yet.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('test/hold-index')) return;
      const fetchAsIs = window.fetch;
      window.fetch = async (url, options) => {
        if (String(url).includes('maps/index.json')) {
          await new Promise((resolve) => { window.releaseIndex = resolve; });
        }
        return fetchAsIs(url, options);
      };
    });
    await page.evaluate(() => sessionStorage.setItem('test/hold-index', '1'));
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => typeof window.releaseIndex === 'function');
    assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined, 'still booting');
    await pauseClock(page);
    await generateOnPage(page, 'division', 21, 21, 3);  // a visitor's click meanwhile
    await playFor(page, 700);  // longer than the autosave's delay
    await page.clock.resume();
    await page.evaluate(() => {
      sessionStorage.removeItem('test/hold-index');
      window.releaseIndex();
    });
    await page.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(page), maze, 'the tab\'s own maze opened');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(page), maze, 'and a reload keeps it');
  });
});

test('the autosave is written once 400 ms have passed since the last change, not before (the page\'s clock)', async () => {
  await withPage(clocked, async ({ page }) => {
    await studentMaze(page, 12);
    const before = await tabAutosave(page);
    await pauseClock(page);
    await paintWalls(page, 25 * 31 + 3, 25 * 31 + 12);  // one stroke: one change
    const saved = async () => (await tabAutosave(page)) !== before;
    await assertAutosaveDebounce(page, saved, 'a wall stroke');
    assert.equal(await page.evaluate(() => window.playground.files.autosaveTimer), 0, 'nothing left to save');
  });
});
