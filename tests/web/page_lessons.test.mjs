// Lessons in the page (issue 14): every built-in lesson opens with its map and settings, and
// every "Try this" gives the result its text states, checked here against the engine's stats in
// the page with this file's own comparisons (not the page's), and for every try that runs to
// the end against the native CLI (`astar path` on the page's map, start, goal and settings).
// A "Share as lesson" link round-trips in a fresh browser; hostile lesson links are refused
// with a clear message and change nothing; the panel works from the keyboard and on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { withPage, engineState, distDir, repoDir, saveScreenshot, cliSearchArgs } from './support.mjs';
import { installClock, runUntil } from './clock_support.mjs';

// A "Try this" replays its result on the grid at the page's speed (20 expansions a second):
// the page's clock is advanced to its end rather than waited for.
const replayed = (page) => runUntil(page, () => !window.playground.controller.playing, null,
  { stepMs: 1000, maxMs: 600000, what: 'the replay on the grid' });

const lessonDir = path.join(distDir, 'maps/lessons');
const cli = process.env.ASTAR_CLI || path.join(repoDir, 'build-release/tools/astar/astar');
const index = () => JSON.parse(fs.readFileSync(path.join(lessonDir, 'index.json'), 'utf8')).lessons;
const readLesson = (file) => JSON.parse(fs.readFileSync(path.join(lessonDir, file), 'utf8'));

// What the engine in the page reports now.
function pageResult(page) {
  return page.evaluate(() => {
    const app = window.playground, e = app.engine, s = e.stats();
    return {
      status: e.registry.statuses[e.status()].name, admissible: e.heuristicInfo().admissible, cost: s.pathCost,
      expanded: s.expanded, generated: s.generated, maxOpen: s.maxOpen, pathCells: s.pathCells,
      text: app.docText(), settings: { ...e.settings }, start: [e.xOf(e.start()), e.yOf(e.start())],
      goal: [e.xOf(e.goal()), e.yOf(e.goal())], diagonal: e.diagonal(), movements: e.registry.movements.map((m) => m.name),
    };
  });
}

// This test's own reading of an expectation (docs/lessons.md): a number means equals; a string
// is the id of an earlier "Try this", whose result is used.
function assertExpect(expect, r, earlier, where) {
  if (expect.status !== undefined) assert.equal(r.status, expect.status, `${where}: status`);
  if (expect.admissible !== undefined) assert.equal(r.admissible, expect.admissible, `${where}: admissible`);
  for (const m of ['cost', 'expanded', 'generated', 'maxOpen', 'pathCells']) {
    if (expect[m] === undefined) continue;
    const cmp = typeof expect[m] === 'number' ? { eq: expect[m] } : expect[m];
    for (const [op, ref] of Object.entries(cmp)) {
      const want = typeof ref === 'number' ? ref : earlier.get(ref)?.[m];
      assert.equal(typeof want, 'number', `${where}: ${m} ${op} ${ref} has a value`);
      const a = r[m], close = Math.abs(a - want) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(want));
      const ok = { eq: close, lt: a < want && !close, le: a < want || close, gt: a > want && !close, ge: a > want || close }[op];
      assert.ok(ok, `${where}: ${m} ${a} ${op} ${want}${typeof ref === 'string' ? ` ("${ref}")` : ''}`);
    }
  }
}

// The native tool on the page's map (start, goal and movement included) with the page's settings.
async function cliResult(tmp, r) {
  const file = path.join(tmp, 'lesson.map.txt');
  fs.writeFileSync(file, r.text);
  const args = ['path', file, ...await cliSearchArgs(r.settings)];
  let out;
  try {
    out = execFileSync(cli, args, { encoding: 'utf8' });
  } catch (e) {
    if (e.status !== 1) throw e;
    out = e.stdout;
  }
  const field = (k) => out.split('\n').find((l) => l.startsWith(`${k}: `))?.slice(k.length + 2);
  return { status: field('status'), cost: Number(field('cost')), expanded: Number(field('expansions')) };
}

async function openBuiltin(page, entry) {
  await page.selectOption('#lesson-select', entry.file);
  await page.click('#lesson-open');
  await page.waitForFunction((title) => !document.getElementById('lesson-body').hidden &&
    document.getElementById('lesson-title').textContent === title, entry.title);
}

test('every built-in lesson loads, and every "Try this" gives the result its text states (page and native CLI)', async () => {
  assert.ok(fs.existsSync(cli), `${cli} is missing: build the release preset`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'astar-lessons-'));
  const lessons = index();
  assert.ok(lessons.length >= 6, 'at least 6 lessons');
  let tries = 0, native = 0, linked;
  try {
    await withPage({}, async ({ page }) => {
      // A "Try this" is checked at once, then replays on the grid at the chosen speed: at
      // instant speed the replay ends within a few frames, and the page's search is the result.
      await page.focus('#speed');
      await page.keyboard.press('End');
      for (const entry of lessons) {
        const file = readLesson(entry.file);
        const map = fs.readFileSync(path.join(lessonDir, file.map), 'utf8');
        await openBuiltin(page, entry);
        const opened = await pageResult(page);
        // A lesson that names no agent size opens with a one-cell agent (the settings' default).
        assert.deepEqual(opened.settings, { agentSize: 1, ...file.settings }, `${entry.file}: the lesson's settings`);
        const name = /^name: (.*)$/m.exec(map)[1];
        assert.equal(await page.evaluate(() => window.playground.engine.name()), name, `${entry.file}: the lesson's map`);
        assert.equal(await page.textContent('#lesson-progress'), `Page 1 of ${file.lesson.steps.length}`);
        const earlier = new Map();
        for (const [i, step] of file.lesson.steps.entries()) {
          if (i > 0) await page.click('#lesson-next');
          assert.equal(await page.textContent('#lesson-text'), step.text, `${entry.file} step ${i + 1}: text`);
          for (const [j, t] of (step.try ?? []).entries()) {
            const where = `${entry.file} step ${i + 1} "${t.label}"`;
            const box = `#lesson-tries .lesson-try[data-index="${j}"]`;
            await page.click(`${box} button`);
            await page.waitForFunction((sel) => document.querySelector(sel).dataset.state !== 'idle', box);
            await page.waitForFunction(() => !window.playground.controller.playing);
            const r = await pageResult(page);
            assertExpect(t.expect, r, earlier, where);
            // The actions did what they say: the settings, movement, start and goal they name.
            for (const a of t.actions) {
              const [kind, value] = Object.entries(a)[0];
              if (['algorithm', 'heuristic', 'weight', 'wrapAware', 'portalAware'].includes(kind)) assert.equal(r.settings[kind], value, `${where}: ${kind}`);
              if (kind === 'movement') assert.equal(r.movements[r.diagonal], value, `${where}: movement`);
              if (kind === 'start' || kind === 'goal') assert.deepEqual(r[kind], value, `${where}: ${kind}`);
              if (kind === 'parents') assert.equal(await page.isChecked('#show-parents'), value, `${where}: parent arrows`);
              if (kind === 'live') assert.equal(await page.isChecked('#live'), value, `${where}: live`);
            }
            assert.equal(await page.getAttribute(box, 'data-state'), 'ok', `${where}: the page marks every claim as holding`);
            const shown = await page.textContent(`${box} .lesson-result`);
            assert.ok(shown && !/[{}]/.test(shown), `${where}: result text filled (${shown})`);
            if (r.expanded > 0 && t.actions.some((a) => a.finish)) {
              const n = await cliResult(tmp, r);
              assert.equal(n.status, r.status, `${where}: native status`);
              assert.ok(Math.abs(n.cost - r.cost) <= 1e-6 * Math.max(1, r.cost), `${where}: native cost ${n.cost}, page ${r.cost}`);
              assert.equal(n.expanded, r.expanded, `${where}: native expansions`);
              native += 1;
            }
            if (t.id) earlier.set(t.id, r);
            tries += 1;
            console.log(`  ${where}: ${r.status}, cost ${Number(r.cost.toFixed(6))}, ${r.pathCells} cells, ${r.expanded} expanded${r.admissible ? '' : ', h may overestimate'}`);
          }
        }
        assert.equal(await page.isHidden('#lesson-next'), true, `${entry.file}: no Next page on the last page`);
        console.log(`${entry.file}: ${file.lesson.steps.length} steps, results as stated`);
      }
      await saveScreenshot(page, 'lessons.png');
      // A built-in lesson as a link: the open lesson (the last one) from its first step.
      await page.click('#lesson-link');
      await page.waitForFunction(() => !document.getElementById('lesson-link-box').hidden);
      linked = { url: await page.inputValue('#lesson-link-box'), entry: lessons[lessons.length - 1] };
    });
    await withPage({ hash: linked.url.slice(linked.url.indexOf('#')) }, async ({ page }) => {
      const file = readLesson(linked.entry.file);
      await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
      assert.equal(await page.textContent('#lesson-title'), linked.entry.title, 'a built-in lesson opens from its link');
      assert.equal(await page.textContent('#lesson-text'), file.lesson.steps[0].text);
      assert.deepEqual((await pageResult(page)).settings, { agentSize: 1, ...file.settings });
      await page.click('#lesson-tries .lesson-try button');
      await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle');
      assert.equal(await page.getAttribute('#lesson-tries .lesson-try', 'data-state'), 'ok');
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`${lessons.length} lessons, ${tries} "Try this" checked in the page, ${native} also against the native CLI`);
  assert.ok(native >= 10, 'at least 10 results compared with the native CLI');
});

test('the Lessons panel works from the keyboard and on a phone', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true, onPage: installClock }, async ({ page }) => {
    const entry = index()[0];
    await page.focus('#lesson-select');
    await page.selectOption('#lesson-select', entry.file);  // a select keeps its own keys
    await page.focus('#lesson-open');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'lesson-title', 'the focus moves to the lesson');
    await page.focus('#lesson-next');
    await page.keyboard.press(' ');
    assert.equal(await page.textContent('#lesson-progress'), 'Page 2 of 5');
    await page.focus('#lesson-tries .lesson-try button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state === 'ok');
    await replayed(page);
    assert.equal((await pageResult(page)).status, 'found');
    for (const id of ['lesson-back', 'lesson-next', 'lesson-close', 'lesson-link', 'lesson-open']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.width >= 24 && box.height >= 24, `#${id} is at least 24 x 24 px (${box.width} x ${box.height})`);
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `#${id} fits the phone's width`);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no sideways scrolling');
    // Another map under the open lesson: the lesson says its text may no longer hold and offers its map again.
    assert.equal(await page.isHidden('#lesson-stale'), true);
    await page.selectOption('#map-select', 'arcade.map.txt');
    await page.waitForFunction(() => window.playground.engine.name() === 'Arcade');
    assert.equal(await page.isVisible('#lesson-stale'), true, 'the lesson warns that the map changed');
    await page.focus('#lesson-reopen');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.playground.engine.name() === 'Lesson: BFS flood');
    assert.equal(await page.isHidden('#lesson-stale'), true);
    assert.equal(await page.inputValue('#map-select'), '', 'the map picker no longer names a bundled map');
    await page.locator('#lesson-body').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'lessons_phone.png');
  });
});

test('"Share as lesson" makes a link that opens the same lesson, map and settings in a fresh browser', async () => {
  let url, state, afterSecond;
  const steps = ['A* with the tunnel-aware heuristic.', 'Now without it.'];
  await withPage({}, async ({ page }) => {
    await page.selectOption('#map-select', 'arcade.map.txt');
    await page.waitForFunction(() => window.playground.engine.name() === 'Arcade');
    await page.click('#lesson-author-open');
    await page.fill('#lesson-author-title', 'Tunnel or not <b>bold?</b>');
    await page.fill('#lesson-author-summary', 'A lesson written in the page.');
    await page.fill('#lesson-author-steps fieldset:nth-of-type(1) textarea', steps[0]);
    await page.click('#lesson-author-steps fieldset:nth-of-type(1) button:has-text("Try this")');
    await page.click('#lesson-author-add-step');
    await page.fill('#lesson-author-steps fieldset:nth-of-type(2) textarea', steps[1]);
    await page.uncheck('#wrap-aware');
    await page.selectOption('#heuristic', 'manhattan');
    await page.click('#lesson-author-steps fieldset:nth-of-type(2) button:has-text("Try this")');
    afterSecond = await pageResult(page);
    await page.locator('#lesson-author').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'lessons_author.png');
    await page.selectOption('#algorithm', 'dijkstra');  // the link keeps the settings of the moment
    await page.click('#lesson-author-make');
    await page.waitForFunction(() => !document.getElementById('lesson-author-link').hidden);
    url = await page.inputValue('#lesson-author-link');
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/#v1\.[A-Za-z0-9_-]+$/);
    state = await engineState(page);
    assert.equal(state.settings.algorithm, 'dijkstra');
  });
  // A fresh browser (no autosave) opens the link.
  await withPage({ hash: url.slice(url.indexOf('#')), onPage: installClock }, async ({ page }) => {
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await page.textContent('#lesson-title'), 'Tunnel or not <b>bold?</b>', 'the title is text, never markup');
    assert.equal(await page.locator('#lesson-title b').count(), 0);
    assert.equal(await page.textContent('#lesson-summary'), 'A lesson written in the page.');
    assert.deepEqual(await engineState(page), state, 'map, start, goal and settings as shared');
    assert.equal(await page.evaluate(() => location.hash), '', 'the link leaves the address bar once open');
    for (const [i, text] of steps.entries()) {
      if (i > 0) await page.click('#lesson-next');
      assert.equal(await page.textContent('#lesson-text'), text);
      await page.click('#lesson-tries .lesson-try button');
      await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle');
      assert.equal(await page.getAttribute('#lesson-tries .lesson-try', 'data-state'), 'ok', `step ${i + 1}: as recorded`);
    }
    await replayed(page);
    const r = await pageResult(page);
    for (const k of ['status', 'cost', 'expanded', 'settings', 'start', 'goal']) assert.deepEqual(r[k], afterSecond[k], `second try: ${k} as recorded`);
    assert.equal(r.settings.wrapAware, false);
  });
});

function lessonLink(payload) {
  return `#v1.${zlib.deflateSync(Buffer.from(JSON.stringify(payload))).toString('base64url')}`;
}

test('hostile lesson links are refused with a clear message and change nothing', async () => {
  await withPage({}, async ({ page }) => {
    const entry = index()[3];
    const file = readLesson(entry.file);
    const map = fs.readFileSync(path.join(lessonDir, file.map), 'utf8');
    await openBuiltin(page, index()[0]);
    await page.click('#lesson-next');
    const kept = await engineState(page);
    const keptStep = await page.textContent('#lesson-text');
    const elements = await page.evaluate(() => document.querySelectorAll('*').length);
    const base = () => ({ v: 1, map, settings: file.settings, lesson: JSON.parse(JSON.stringify(file.lesson)) });
    const cases = [
      ['unknown action', (p) => { p.lesson.steps[0].try[0].actions.push({ eval: 'alert(1)' }); }, /Could not open the lesson link: step 1, "Try this" 1, action 5: unknown action "eval"/],
      ['huge text', (p) => { p.lesson.steps[1].text = 'x'.repeat(200000); }, /step 2, text: is too long \(200,000 characters; at most 2000\)/],
      ['bad weight', (p) => { p.lesson.steps[0].try[0].actions[0] = { weight: -3 }; }, /weight must be a number from 1 to/],
      ['unknown setting value', (p) => { p.settings = { ...p.settings, algorithm: 'teleport' }; }, /settings: unknown algorithm "teleport"/],
      ['cell outside the map', (p) => { p.lesson.steps[3].try[0].actions[2] = { start: [300, 2] }; }, /cell \(300, 2\) is outside the 21×13 map/],
      ['cell on a wall', (p) => { p.lesson.steps[3].try[0].actions[3] = { goal: [0, 0] }; }, /step 4, "Try this" 1, action 4 \(goal\): cell \(0, 0\) is a wall/],
      ['broken map', (p) => { p.map = p.map.replace('size: 21 x 13', 'size: 21 x 99'); }, /its map is invalid/],
      ['lesson is a list', (p) => { p.lesson = [1, 2]; }, /Could not open the lesson link: it has a bad lesson/],
      ['no steps', (p) => { p.lesson.steps = []; }, /steps: must be a list of at least one step/],
      ['reference to nothing', (p) => { p.lesson.steps[1].try[0].expect.expanded = { gt: 'nothing' }; }, /not the id of an earlier "Try this"/],
    ];
    for (const [name, mutate, pattern] of cases) {
      const payload = base();
      mutate(payload);
      await page.evaluate(() => { document.getElementById('message-close').click(); });
      await page.evaluate((h) => { location.hash = h; }, lessonLink(payload));
      await page.waitForFunction(() => !document.getElementById('message-box').hidden &&
        document.getElementById('message').dataset.level === 'error');
      const message = await page.textContent('#message');
      assert.match(message, pattern, `${name}: ${message.slice(0, 300)}`);
      assert.match(message, /Your map was kept|Could not open/, name);
      assert.deepEqual(await engineState(page), kept, `${name}: map, start, goal and settings unchanged`);
      assert.equal(await page.textContent('#lesson-text'), keptStep, `${name}: the open lesson is unchanged`);
      assert.equal(await page.evaluate(() => document.querySelectorAll('*').length), elements, `${name}: nothing was added to the page`);
    }
    console.log(`${cases.length} hostile lesson links refused, nothing changed`);
  });
});
