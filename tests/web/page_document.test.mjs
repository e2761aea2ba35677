// The document schema's round trip, driven by its own field list (web/js/document/schema.js,
// kFields): every field is set away from its default with real input (mouse, keyboard,
// form controls), then the snapshot must come back equal, field by field, through a share link
// in a fresh browser, through the autosave and a reload, and in an embed of that link; and,
// without a lesson open, through a lesson link written with "Share as lesson…" (whose preview
// must word every field) in a fresh browser. A field
// added to the schema without an entry in kRoundTrips below fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, clickCell } from './support.mjs';

// Waits for the modules that load after the page (agents, HPA*, the lab): they own fields.
async function ready(page) {
  await page.waitForFunction(() => window.playground?.modules?.agents && window.playground.modules.hpa && window.playground.modules.subgoal && window.playground.modules.navmesh
    && document.getElementById('lab')?.dataset.ready === 'true',
    null, { timeout: 15000 });
}

// A fresh page with the late modules installed; body(page), then the page must have logged no errors.
async function withPageReady(body) {
  const session = await openPage();
  try {
    await ready(session.page);
    await body(session.page);
    assert.deepEqual(session.errors, []);
  } finally {
    await session.close();
  }
}

const snapshot = (page) => page.evaluate(() => window.playground.store.snapshot());

// A floor cell of the map that is neither the start, a goal nor a cell the open lesson names;
// with room k, one whose k x k square (the cell its top-left) is floor too: an agent of the
// settings' size 2 stands there.
function freeCell(page, x, y, room = 1) {
  return page.evaluate(async ({ x, y, room }) => {
    const { cellsNamed } = await import('./js/lessons/format.js');
    const app = window.playground, e = app.engine, c = e.costs();
    const lesson = app.lessons.current?.lesson;
    const taken = new Set([e.start(), ...e.goals(), ...(lesson ? cellsNamed(lesson).map((n) => e.index(n.x, n.y)) : [])]);
    const fits = (i) => {
      if (e.xOf(i) + room > e.width || e.yOf(i) + room > e.height) return false;
      for (let dy = 0; dy < room; ++dy) for (let dx = 0; dx < room; ++dx) if (!(c[i + dy * e.width + dx] > 0)) return false;
      return true;
    };
    let best = -1, bestD = Infinity;
    for (let i = 0; i < c.length; ++i) {
      const d = Math.abs(e.xOf(i) - x) + Math.abs(e.yOf(i) - y);
      if (fits(i) && !taken.has(i) && d < bestD) { best = i; bestD = d; }
    }
    return best;
  }, { x, y, room });
}

async function enter(page, selector, value) {
  await page.fill(selector, value);
  await page.press(selector, 'Enter');
}

// One entry per schema field, in the order they are set: how a visitor changes it.
const kRoundTrips = {
  // First: a lesson brings its own map, the fields after it change that document.
  lesson: async (page) => {
    await page.selectOption('#lesson-select', '1_bfs_flood.lesson.json');
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    await page.click('#lesson-next');
  },
  map: async (page) => {
    // No wrap: the settings' agent size 2 (below) moves only on maps that do not wrap.
    await page.uncheck('#wrap-x');
    await page.uncheck('#wrap-y');
    await page.check('input[name=tool][value=wall]');
    await clickCell(page, await freeCell(page, 3, 3));
  },
  start: async (page) => {
    await page.check('input[name=tool][value=place]');
    await clickCell(page, await freeCell(page, 1, 2, 2));
  },
  goals: async (page) => {
    await page.check('input[name=tool][value=place]');
    await clickCell(page, await freeCell(page, 12, 5, 2), { button: 'right' });
  },
  settings: async (page) => {
    await page.selectOption('#algorithm', 'weighted-astar');
    await enter(page, '#weight', '2.5');
    await page.selectOption('#heuristic', 'manhattan');
    await page.uncheck('#wrap-aware');
    await enter(page, '#agent-size', '2');
  },
  sections: async (page) => {
    for (const id of ['heat', 'lab', 'hpa', 'subgoal', 'navmesh']) await page.click(`#${id} summary`);
  },
  race: async (page) => {
    await page.check('#race-on');
    await page.selectOption('#race-algorithm', 'weighted-astar');  // a weight B uses (the field is off otherwise)
    await enter(page, '#race-weight', '3');
  },
  lab: async (page) => {
    await page.selectOption('#lab-method', 'aco');
    await enter(page, '#lab-ants', '10');
    await enter(page, '#lab-seed', '777');
  },
  heatMap: async (page) => { await page.selectOption('#heat-kind', 'f'); },
  overlays: async (page) => {
    await page.check('#show-parents');
    await page.check('#show-numbers');
  },
  pathViews: async (page) => {
    await page.check('#agents-view-raw');
    await page.uncheck('#agents-view-smooth');
  },
  speed: async (page) => {
    await page.focus('#speed');
    for (let i = 0; i < 5; ++i) await page.keyboard.press('ArrowLeft');
  },
  hierarchical: async (page) => {
    await page.check('#hpa-show');
    await enter(page, '#hpa-cluster-size', '8');
  },
  subgoals: async (page) => { await page.check('#subgoal-show'); },
  navmesh: async (page) => {
    await page.check('#navmesh-show');
    await page.check('#theta-line');
  },
  agents: async (page) => {
    await page.focus('#agents-speed');
    for (let i = 0; i < 3; ++i) await page.keyboard.press('ArrowRight');
  },
  look: async (page) => {
    await page.selectOption('#look', 'square');
    await page.uncheck('#pellets');
  },
};

function assertSameDocument(actual, expected, fields, where) {
  for (const name of fields) assert.deepEqual(actual[name], expected[name], `${where}: field ${name}`);
}

test('every schema field, set away from its default, comes back through a share link, the autosave and an embed', async () => {
  const maker = await openPage();
  let fields, before, fragment;
  try {
    const { page } = maker;
    await ready(page);
    fields = await page.evaluate(async () => (await import('./js/document/schema.js')).kFieldNames);
    const untested = fields.filter((f) => !Object.hasOwn(kRoundTrips, f));
    assert.deepEqual(untested, [], 'schema fields without a round trip in this test');
    assert.deepEqual(Object.keys(kRoundTrips).filter((f) => !fields.includes(f)), [], 'round trips of fields the schema no longer has');
    const initial = await snapshot(page);
    for (const name of Object.keys(kRoundTrips)) await kRoundTrips[name](page);
    before = await snapshot(page);
    const defaults = await page.evaluate(async (names) => {
      const { defaultOf } = await import('./js/document/schema.js');
      return Object.fromEntries(names.map((n) => [n, defaultOf(n, window.playground.store.context)]));
    }, fields);
    for (const name of fields) {
      assert.notDeepEqual(before[name], defaults[name], `${name} was set away from its default`);
      assert.notDeepEqual(before[name], initial[name], `${name} was changed by the test's input`);
    }
    assert.equal(before.lesson.step, 1);
    assert.equal(before.speed, 6.3);  // expansions per second: five notches below the default 20/s
    assert.deepEqual(before.hierarchical, { show: true, clusterSize: 8 });

    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value !== '');
    const url = await page.inputValue('#share-link');
    fragment = url.slice(url.indexOf('#'));

    // The autosave: a reload of the same tab brings back every field.
    await page.waitForTimeout(600);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await ready(page);
    assertSameDocument(await snapshot(page), before, fields, 'autosave + reload');
    assert.deepEqual(maker.errors, []);
  } finally {
    await maker.close();
  }

  // A fresh browser (nothing saved) opens the share link.
  const fresh = await openPage({ hash: fragment });
  try {
    await ready(fresh.page);
    assertSameDocument(await snapshot(fresh.page), before, fields, 'share link in a fresh browser');
    assert.equal(await fresh.page.textContent('#lesson-progress'), 'Page 2 of 5', 'the lesson at the step shown');
    assert.deepEqual(fresh.errors, []);
  } finally {
    await fresh.close();
  }

  // The embed of that link holds the same document (its panel is hidden, not gone).
  const embed = await openPage({ hash: `?embed${fragment}` });
  try {
    await ready(embed.page);
    assertSameDocument(await snapshot(embed.page), before, fields, 'embed');
    assert.deepEqual(embed.errors, []);
  } finally {
    await embed.close();
  }
});

test('every other field comes back through a lesson link written with "Share as lesson", whose preview words each one', async () => {
  let fields, before, fragment;
  await withPageReady(async (page) => {
    fields = (await page.evaluate(async () => (await import('./js/document/schema.js')).kFieldNames)).filter((f) => f !== 'lesson');
    const described = await page.evaluate(async () => (await import('./js/document_words.js')).kDescribedFields);
    assert.deepEqual([...described].sort(), [...fields, 'lesson'].sort(), 'document_words.js words every schema field');
    for (const name of Object.keys(kRoundTrips).filter((f) => f !== 'lesson')) await kRoundTrips[name](page);
    before = await snapshot(page);
    await page.click('#share');
    await page.waitForFunction(() => !document.getElementById('share-lesson').hidden);
    await page.click('#share-lesson');
    await page.fill('#lesson-author-title', 'Everything set');
    await page.fill('.lesson-author-step textarea', 'Every field of the document is away from its default.');
    await page.click('.lesson-author-step .row.buttons button:first-child');  // record a "Try this"
    const previewed = await page.$$eval('#lesson-author-opens li', (items) => items.map((li) => li.dataset.field));
    assert.deepEqual(previewed, fields, 'the preview words every field (each is away from its default)');
    const plan = await page.textContent('#lesson-author-plan');
    assert.match(plan, /Step 1: .*Weighted A\* with Manhattan.*weight 2\.5.*not tunnel-aware.*for a 2×2-cell agent.*checks (found|no path)/s, `the Try this in words: ${plan}`);
    await page.click('#lesson-author-make');
    await page.waitForFunction(() => document.getElementById('lesson-author-link').value !== '');
    const url = await page.inputValue('#lesson-author-link');
    fragment = url.slice(url.indexOf('#'));
  });
  const student = await openPage({ hash: fragment, view: null });
  try {
    await ready(student.page);
    await student.page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await student.page.textContent('#lesson-title'), 'Everything set');
    const opened = await snapshot(student.page);
    assertSameDocument(opened, before, fields, 'lesson link in a fresh browser');
    assert.equal(opened.lesson.step, 0);
    assert.deepEqual(student.errors, []);
  } finally {
    await student.close();
  }
});

test('a lesson written with "Share as lesson" carries the race and the heat map its text depends on', async () => {
  let fragment;
  await withPageReady(async (page) => {
    await page.click('#heat summary');
    await page.check('#race-on');
    await page.selectOption('#race-algorithm', 'dijkstra');
    await page.selectOption('#heat-kind', 'error');
    await page.click('#share');
    await page.waitForFunction(() => !document.getElementById('share-lesson').hidden);
    await page.click('#share-lesson');
    await page.fill('#lesson-author-title', 'Race them');
    await page.fill('.lesson-author-step textarea', 'Dijkstra (B) floods; A* (A) heads for the goal. Red on the heat map: h overestimates.');
    await page.click('.lesson-author-step .row.buttons button:first-child');  // record a "Try this"
    const preview = await page.$$eval('#lesson-author-opens li', (items) => Object.fromEntries(items.map((li) => [li.dataset.field, li.textContent])));
    assert.match(preview.race ?? '', /Race: B runs Dijkstra/, 'the preview names the race');
    assert.match(preview.heatMap ?? '', /Heat map: heuristic error/, 'the preview names the heat map');
    await page.click('#lesson-author-make');
    await page.waitForFunction(() => document.getElementById('lesson-author-link').value !== '');
    const url = await page.inputValue('#lesson-author-link');
    fragment = url.slice(url.indexOf('#'));
  });
  const student = await openPage({ hash: fragment });
  try {
    const { page } = student;
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await page.textContent('#lesson-title'), 'Race them');
    assert.equal(await page.isChecked('#race-on'), true, 'race mode is on for the student');
    assert.equal(await page.inputValue('#race-algorithm'), 'dijkstra');
    assert.equal(await page.isVisible('#race-grid'), true, 'B\'s canvas is shown');
    assert.equal(await page.inputValue('#heat-kind'), 'error', 'the heat map the text names is on');
    assert.equal(await page.evaluate(() => document.getElementById('heat').open), true, 'the heat map and race section is open');
    await page.click('#lesson-tries .lesson-try button');
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state !== 'idle');
    assert.equal(await page.getAttribute('#lesson-tries .lesson-try', 'data-state'), 'ok', 'the recorded Try this holds');
    assert.deepEqual(student.errors, []);
  } finally {
    await student.close();
  }
});
