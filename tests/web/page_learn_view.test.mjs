// The Learn and Tools views (issue 32, web/js/views/view_switch.js). A first visit opens the
// Learn view: at 1280 x 800 it shows at most 12 visible, enabled controls (counted below), and
// the code pane and the open list fit the screen beside the canvas. The Tools view reaches
// every feature README's playground list names (the test reads README's list: a new line there
// needs its controls here). On a 390 x 844 phone the first lesson's text is on screen with the
// canvas, without scrolling, one tap from the first view (which has lesson 1 as a button, side
// text of at least 14 px and no contrast violation axe-core finds). Only the cell path is drawn until a line is asked for, and each
// line's legend entry shows only while it is drawn. Screenshots: learn-desktop.png, learn-phone.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, saveScreenshot, nextFrames, cellPoint } from './support.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Interactive controls a user can operate now: form controls, links and disclosure summaries
// that are rendered (not in a closed <details>, not display:none or visibility:hidden) and not
// disabled. Glossary words (.term) are focusable for their definitions but are text, not controls;
// the canvas and the scrolling boxes are focusable for the keyboard but are not controls either.
function visibleControls(page) {
  return page.evaluate(() => [...document.querySelectorAll('button, input, select, textarea, a[href], summary')]
    .filter((e) => e.checkVisibility({ visibilityProperty: true }) && !e.disabled && e.type !== 'hidden')
    .map((e) => e.id || `${e.tagName.toLowerCase()}:${e.textContent.trim().slice(0, 24)}`));
}
const box = (page, selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
}, selector);
const viewOf = (page) => page.evaluate(() => document.documentElement.dataset.view);

test('first visit at 1280 x 800: the Learn view, at most 12 controls, code pane and open list beside the canvas', async () => {
  const { page, errors, close } = await openPage({ view: null, viewport: { width: 1280, height: 800 } });
  try {
    assert.equal(await viewOf(page), 'learn', 'a first visit opens the Learn view');
    const controls = await visibleControls(page);
    console.log(`Learn view, first visit, 1280 x 800: ${controls.length} controls: ${controls.join(', ')}`);
    assert.ok(controls.length <= 12, `at most 12 controls (${controls.length}: ${controls.join(', ')})`);
    for (const id of ['play', 'step', 'step-back', 'scrub', 'speed', 'code-step-line', 'code-back-line', 'view-switch']) {
      assert.ok(await page.isVisible(`#${id}`), `#${id} is in the Learn view`);
    }
    for (const id of ['algorithm', 'compare', 'map-select', 'share', 'undo', 'generate']) {
      assert.equal(await page.isVisible(`#${id}`), false, `#${id} waits in the Tools view`);
    }
    // Step once so the open list has rows; the pane and the list stay beside the canvas, on screen.
    await page.click('#step');
    await page.waitForFunction(() => document.querySelectorAll('#open-list-rows tr').length > 0);
    const canvas = await box(page, '#grid'), code = await box(page, '#code-listing'), list = await box(page, '#learn-section .table-scroll');
    for (const [name, b] of [['code pane', code], ['open list', list]]) {
      assert.ok(b.left >= canvas.right - 1, `the ${name} is beside the canvas (${JSON.stringify(b)})`);
      assert.ok(b.top >= 0 && b.bottom <= 800, `the ${name} is on the 800 px screen (${JSON.stringify(b)})`);
      assert.ok(b.height > 10, `the ${name} is shown`);
    }
    assert.ok(await page.isVisible('#ghf'), 'the Learn view defines g, h and f');
    assert.match(await page.textContent('#learn-intro'), /Press Play/, 'and says what to do first');
    assert.match(await page.textContent('#learn-what'), /A\*/, 'and names the search it shows');
    await page.click('#reset');
    await nextFrames(page);
    await saveScreenshot(page, 'learn-desktop.png');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

// Every text the Learn view's panel shows now: its font size and where it is.
const panelTextSizes = (page) => page.evaluate(() => {
  const out = [], walker = document.createTreeWalker(document.getElementById('panel'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e.checkVisibility({ visibilityProperty: true })) continue;
    out.push({ px: parseFloat(getComputedStyle(e).fontSize), text: n.textContent.trim().slice(0, 40), id: e.id || e.closest('[id]')?.id });
  }
  return out;
});
const kAxe = fs.readFileSync(path.join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');

test('the first view, desktop and phone: lesson 1 in one tap, side text at least 14 px, no contrast violation (axe-core), the clearance switch only with agent sizes', async () => {
  for (const [name, viewport, touch] of [['1280 x 800', { width: 1280, height: 800 }, false], ['390 x 844', { width: 390, height: 844 }, true]]) {
    const { page, errors, close } = await openPage({ view: null, viewport, touch });
    try {
      const texts = await panelTextSizes(page);
      assert.ok(texts.length > 20, `${name}: the panel's text was read (${texts.length})`);
      const small = texts.filter((t) => t.px < 14);
      assert.deepEqual(small, [], `${name}: side text under 14 px`);
      await page.evaluate(kAxe);  // evaluated by the test's driver: the page's CSP does not apply
      const contrast = await page.evaluate(() => window.axe.run(document, { runOnly: ['color-contrast'] }));
      assert.deepEqual(contrast.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((a) => a.message).join('; ')}`)), [],
        `${name}: axe-core's contrast rule`);
      assert.equal(await page.isVisible('#learn-clearance'), false, `${name}: the clearance switch is not a first control`);
      const invite = await page.textContent('#lesson-start');
      const first = JSON.parse(fs.readFileSync(path.join(repo, 'maps/lessons/index.json'), 'utf8')).lessons[0];
      assert.equal(invite, `Start lesson 1: ${first.title}`);
      if (touch) await page.tap('#lesson-start');
      else await page.click('#lesson-start');
      await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
      assert.equal(await page.textContent('#lesson-title'), first.title, `${name}: one tap opens lesson 1`);
      assert.equal(await page.isVisible('#lesson-start'), false, 'the invitation goes while a lesson is open');
      await page.click('#lesson-close');
      assert.match(await page.textContent('#lesson-start'), /^Continue lesson 1: .* \(page 1 of \d+\)$/, 'and comes back as Continue');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  }
});

// The readout over the canvas and the engine's own values for the cell it names.
const readout = (page) => page.evaluate(() => {
  const box = document.getElementById('cell-readout'), n = Number(box.dataset.cell), e = window.playground.engine;
  const info = n >= 0 ? e.inspect(n) : null;
  return { shown: box.checkVisibility(), text: box.textContent, cell: n, engine: info && { state: info.state, g: info.g, h: info.h, f: info.f } };
});
function assertReadout(r, cell, where) {
  assert.equal(r.shown, true, `${where}: the readout shows`);
  assert.equal(r.cell, cell, `${where}: the readout names the cell (${r.text})`);
  const m = /g = ([\d.]+), h = ([\d.]+), f = ([\d.]+)/.exec(r.text);
  assert.ok(m, `${where}: g, h and f in words: ${r.text}`);
  const [g, h, f] = m.slice(1).map(Number);
  for (const [name, shown, value] of [['g', g, r.engine.g], ['h', h, r.engine.h], ['f', f, r.engine.f]]) {
    assert.ok(Math.abs(shown - value) < 1e-4, `${where}: ${name} shown ${shown}, the engine's ${value} (${r.text})`);
  }
  assert.match(r.text, /^\(\d+, \d+\), [^:]+: (open|closed)/, `${where}: the cell and its state in words`);
}

test('the Learn view\'s cell readout: hover, keyboard focus and a tap on a cell give its state, g, h and f, the engine\'s values', async () => {
  const { page, errors, close } = await openPage({ view: 'learn', viewport: { width: 1280, height: 800 } });
  try {
    for (let i = 0; i < 6; ++i) await page.click('#step');
    const cells = await page.evaluate(() => {
      const states = window.playground.engine.states();
      return { open: states.indexOf(1), closed: states.lastIndexOf(2) };
    });
    assert.ok(cells.open >= 0 && cells.closed >= 0, JSON.stringify(cells));
    for (const [kind, cell] of Object.entries(cells)) {
      const p = await cellPoint(page, cell);
      await page.mouse.move(p.x, p.y);
      assertReadout(await readout(page), cell, `hover on the ${kind} cell`);
    }
    // The keyboard: the pointer leaves the canvas, the focused canvas's cell cursor moves.
    await page.mouse.move(1, 1);
    await page.focus('#grid');
    await page.keyboard.press('ArrowRight');
    const cursor = await page.evaluate(() => window.playground.marks.cursor);
    assert.ok(cursor >= 0, 'the keyboard cursor is on a cell');
    const r = await readout(page);
    assert.equal(r.cell, cursor, 'the readout follows the keyboard cursor');
    if (r.engine.state !== 0) assertReadout(r, cursor, 'the keyboard cursor');
    else assert.match(r.text, /not reached yet; h = [\d.]+\.$/, r.text);
    await saveScreenshot(page, 'learn-readout.png');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
  const phone = await openPage({ view: 'learn', viewport: { width: 390, height: 844 }, touch: true });
  try {
    await phone.page.click('#finish');
    await phone.page.waitForFunction(() => window.playground.controller.state === 'finished');
    const cell = await phone.page.evaluate(() => {  // a closed cell that is neither end
      const e = window.playground.engine, closed = [...e.states().keys()].filter((n) => e.states()[n] === 2 && n !== e.start() && n !== e.goal());
      return closed[Math.floor(closed.length / 2)];
    });
    const p = await cellPoint(phone.page, cell);
    await phone.page.touchscreen.tap(p.x, p.y);  // a tap moves the start there and reads the cell
    await phone.page.waitForFunction((n) => window.playground.engine.start() === n, cell);
    await phone.page.tap('#finish');
    await phone.page.waitForFunction(() => window.playground.controller.state === 'finished');
    assertReadout(await readout(phone.page), cell, 'a tap on a phone');
    assert.deepEqual(phone.errors, []);
  } finally {
    await phone.close();
  }
});

test('the rings the code pane draws (being expanded, its neighbour) are in the legend while drawn, in the canvas\'s colours', async () => {
  const { page, errors, close } = await openPage({ view: 'learn', viewport: { width: 1280, height: 800 } });
  try {
    const keys = () => page.evaluate(() => Object.fromEntries(['expanded', 'neighbour', 'selected'].map((k) => {
      const key = document.getElementById(`legend-ring-${k}`);
      return [k, key.checkVisibility() ? getComputedStyle(key.querySelector('i')).borderTopColor : null];
    })));
    assert.deepEqual(await keys(), { expanded: null, neighbour: null, selected: null }, 'no ring, no key');
    for (let i = 0; i < 8; ++i) await page.click('#code-step-line');
    await nextFrames(page);
    const shown = await keys();
    assert.ok(shown.expanded && shown.neighbour, `the two rings' keys: ${JSON.stringify(shown)}`);
    // The canvas's pixels on each ring (its top-left corner: the start's marker may cover the
    // middle of the cell) have the key's colour.
    const onCanvas = await page.evaluate(() => {
      const app = window.playground, r = app.renderer, focus = app.teach.focus, dpr = r.dpr, ctx = r.ctx;
      const w = Math.max(2, Math.min(4, r.cell * 0.12));
      return Object.fromEntries(['expanded', 'neighbour'].map((k) => {
        const c = r.cellCenter(focus[k]), corner = { x: c.x - r.cell / 2 + w / 2, y: c.y - r.cell / 2 + w / 2 };
        const d = ctx.getImageData(Math.round(corner.x * dpr), Math.round(corner.y * dpr), 1, 1).data;
        return [k, `rgb(${d[0]}, ${d[1]}, ${d[2]})`];
      }));
    });
    const rgb = (s) => s.match(/\d+/g).slice(0, 3).map(Number);
    for (const k of ['expanded', 'neighbour']) {
      const a = rgb(shown[k]), b = rgb(onCanvas[k]);
      assert.ok(a.every((v, i) => Math.abs(v - b[i]) <= 24), `${k}: the key's ${shown[k]}, the canvas's ${onCanvas[k]}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('Tools and back: the same document, the choice kept over a reload, a lesson reads in the Learn view', async () => {
  const { page, errors, close } = await openPage({ view: null });
  try {
    const before = await page.evaluate(() => window.playground.docText());
    await page.click('#view-switch');
    assert.equal(await viewOf(page), 'tools');
    assert.equal(await page.textContent('#view-switch'), 'Learn', 'the button goes back');
    assert.ok(await page.isVisible('#algorithm') && await page.isVisible('#compare'), 'the tools show');
    assert.equal(await page.isVisible('#code-listing'), false, 'the code pane is the Learn view\'s');
    assert.equal(await page.evaluate(() => window.playground.docText()), before, 'switching views changes nothing in the document');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await viewOf(page), 'tools', 'the visitor\'s choice is kept');
    // The picker is a teacher's: a lesson opened with it is previewed in the Tools view.
    await page.selectOption('#lesson-select', { index: 1 });
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await viewOf(page), 'tools', 'the picker\'s lesson stays in the Tools view');
    assert.ok(await page.isVisible('#lesson-text') && await page.isVisible('#lesson-link'));
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    // From the list (a student's way), a lesson reads in the Learn view; closing it goes back.
    await page.click('#lesson-list-box > summary');
    await page.click('#lesson-list button[data-file]');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await viewOf(page), 'learn', 'a lesson from the list opens in the Learn view');
    assert.ok(await page.isVisible('#lesson-text') && await page.isVisible('#code-listing'));
    const inLesson = await visibleControls(page);
    console.log(`Learn view in a lesson's first page: ${inLesson.length} controls: ${inLesson.join(', ')}`);
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    assert.equal(await viewOf(page), 'tools', 'closing the lesson goes back to the Tools view');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    assert.equal(await viewOf(page), 'tools', 'the lesson\'s switch was not remembered as the visitor\'s choice');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

// README's playground list, each line by its first words, and the controls that line names.
// A line whose feature lives in the Learn view names the switch that leads there.
const kReadmeFeatures = new Map([
  ['pick a bundled', ['#map-select', '#live']],
  ['a timeline under', ['#reset', '#step-back', '#play', '#step', '#finish', '#scrub', '#speed']],
  ['choose the algorithm', ['#algorithm', '#heuristic', '#wrap-aware', '#portal-aware', '#diagonal', '#weight', '#cost-model', '#stats']],
  ['square or hex', ['#cells']],
  ['*compare all* (or', ['#compare']],
  ['*lessons* (the first', ['#lesson-select', '#lesson-open', '#lesson-author-open', '#lesson-list-box > summary']],
  ['*exercise: predict the', ['#exercise-start']],
  ['plain words: g,', ['#panel .term']],
  ['hover, tap or the keyboard', ['#inspector', '#show-parents', '#show-numbers']],
  ['two views over', ['#view-switch']],
  ['*heat maps and', ['#heat-kind', '#race-on']],
  ['looks (*look*): the', ['#look', '#pellets']],
  ['*picture* saves a', ['#export-png', '#video-speed', '#record-video']],
  ['embeds: share also', ['#share']],
  ['paint walls, floor', ['input[name=tool][value=wall]', 'input[name=tool][value=terrain]', 'input[name=tool][value=portal]',
    'input[name=tool][value=oneway]', '#wrap-x', '#wrap-y', '#undo', '#redo', '#new-map', '#generator', '#generate',
    '#import-button', '#export-ours', '#export-movingai']],
  ['*share link* puts', ['#share']],
  ['start and goal', ['#legend', '#agents-view-pulled', '#agents-view-smooth']],
  ['keyboard: with the', ['#grid']],
  ['*hierarchical search (hpa', ['#hpa-show', '#hpa-cluster-size', '#subgoal-show', '#navmesh-show', '#navmesh-line', '#theta-line']],
  ['agents: a sprite', ['#agents-walk', '#agents-squad', '#agents-speed', '#replan-walk']],
  ['*lab* (genetic algorithm', ['#lab-method', '#lab-play']],
]);

function readmePlaygroundLines() {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The playground'), readme.indexOf('\n## ', readme.indexOf('## The playground') + 5));
  return section.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2).toLowerCase());
}

test('the Tools view reaches every feature README lists', async () => {
  const { page, errors, close } = await openPage({ view: 'tools' });
  try {
    await page.waitForSelector('#agents-panel');
    await page.waitForSelector('#replan-walk');
    const lines = readmePlaygroundLines();
    assert.ok(lines.length >= 15, `README's playground list read (${lines.length} lines)`);
    const seen = [];
    for (const line of lines) {
      const key = [...kReadmeFeatures.keys()].find((k) => line.startsWith(k));
      assert.ok(key, `README's line "${line.slice(0, 50)}…" has its controls in this test's table`);
      for (const selector of kReadmeFeatures.get(key)) {
        const target = page.locator(selector).first();
        // A closed section opens by its summary, as a visitor would.
        const summary = await target.evaluate((e) => {
          const details = e.closest('details');
          return details && !details.open ? `#${details.id} > summary` : null;
        });
        if (summary) await page.click(summary);
        assert.ok(await target.isVisible(), `"${key}…": ${selector} is visible in the Tools view`);
        seen.push(selector);
      }
    }
    console.log(`Tools view: ${lines.length} README lines, ${new Set(seen).size} controls reached`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('390 x 844 phone: the first lesson\'s text on screen with the canvas, without scrolling', async () => {
  const { page, errors, close } = await openPage({ view: null, viewport: { width: 390, height: 844 }, touch: true });
  try {
    assert.equal(await viewOf(page), 'learn');
    await page.tap('#lesson-start');  // one tap from the first view
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden && document.getElementById('lesson-text').textContent.length > 20);
    await nextFrames(page);
    const scrolled = await page.evaluate(() => ({ window: scrollY, panel: document.getElementById('panel').scrollTop }));
    assert.deepEqual(scrolled, { window: 0, panel: 0 }, 'nothing was scrolled');
    const canvas = await box(page, '#grid'), text = await box(page, '#lesson-text');
    assert.ok(canvas.top >= 0 && canvas.bottom <= 844 && canvas.height >= 250, `the canvas is on screen (${JSON.stringify(canvas)})`);
    // The text's first three lines (about 60 px) are on screen below the canvas and its timeline.
    assert.ok(text.top >= canvas.bottom && text.top + 60 <= 844, `the lesson's text is on screen (${JSON.stringify(text)})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scrolling');
    await saveScreenshot(page, 'learn-phone.png');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('only the cell path is drawn (and no other line worked out) by default; a line asked for is drawn with its legend entry', async () => {
  const { page, errors, close } = await openPage({ view: 'tools' });
  try {
    await page.waitForSelector('#agents-view-pulled');
    await page.click('#finish');
    await page.waitForFunction(() => window.playground.controller.state === 'finished');
    for (const name of ['raw', 'pulled', 'smooth']) {
      assert.equal(await page.isVisible(`#legend-${name}`), false, `no ${name} line in the legend by default`);
      assert.equal(await page.isChecked(`#agents-view-${name}`), false);
    }
    const pixels = () => page.evaluate(() => {
      const c = document.getElementById('grid'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) >>> 0;
      return h;
    });
    await nextFrames(page);
    const plain = await pixels();
    const worked = () => page.evaluate(() => Object.keys(window.playground.modules.agents.lines).sort());
    assert.deepEqual(await worked(), [], 'a line no view draws is not worked out');
    await page.click('#agents-view-pulled');
    await nextFrames(page);
    assert.deepEqual(await worked(), ['pulled'], 'the line asked for is, and only it');
    assert.ok(await page.isVisible('#legend-pulled'), 'the string-pulled line has its legend entry while drawn');
    assert.notEqual(await pixels(), plain, 'and is drawn');
    await page.click('#agents-view-pulled');
    await nextFrames(page);
    assert.equal(await page.isVisible('#legend-pulled'), false, 'turned off, its entry goes');
    assert.equal(await pixels(), plain, 'and so does the line');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('on a map over the code pane\'s limit the Learn view says so and the search still plays', async () => {
  const { page, errors, close } = await openPage({ view: 'learn' });
  try {
    const limit = await page.evaluate(async () => (await import('./js/teach/index.js')).kInspectMaxCells);
    const side = Math.ceil(Math.sqrt(limit)) + 1;
    await page.evaluate((n) => window.playground.store.newBlank(n, n), side);
    await page.waitForFunction(() => /follows searches on maps of up to/.test(document.getElementById('code-explain').textContent));
    assert.equal(await page.evaluate(() => window.playground.engine.raw.inspection()), false, 'no expansion records on a big map');
    await page.click('#step');
    await page.waitForFunction(() => window.playground.engine.stats().expanded >= 1);
    await page.evaluate(() => window.playground.store.newBlank(20, 20));
    await page.waitForFunction(() => window.playground.engine.raw.inspection() === true);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
