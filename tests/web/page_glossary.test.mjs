// Plain words (issue 32): the glossary (web/js/glossary.js) in the page. On the first view every
// glossary term that appears in the visible text has its definition one keyboard focus away:
// the test finds the terms in the text with the glossary's own patterns, then walks the page with
// Tab and checks that each marked term is reached and that its tooltip and aria-describedby say
// its definition. The first view defines g, h and f before any other text uses them. Hover, tap
// (touch) and Escape; a lesson's text and its checks, in sentences, are marked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withPage, saveScreenshot, nextFrames, finishTry } from './support.mjs';
import { kGlossary, kHeuristicFormulas, kHeuristicTerms } from '../../web/js/glossary.js';

const patterns = kGlossary.map((t) => ({ id: t.id, match: t.match, caseless: !!t.caseless }));

// In the page: every visible text node outside controls, with the glossary terms it holds and
// whether its block has a marked word for each. Blocks as views/glossary_view.js takes them.
function scanTerms(page) {
  return page.evaluate((list) => {
    const skip = 'button, summary, select, option, textarea, input, script, style, canvas, kbd, #glossary-tip, #glossary-defs, ' +
      '#message-box, #announce, [data-no-terms]';
    const blocks = 'p, li, dt, dd, th, td, label, summary, h1, h2, h3, h4, caption, .key, div';
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest(skip) || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const block = parent.closest(blocks) ?? document.body;
      for (const t of list) {
        if (!new RegExp(t.match, t.caseless ? 'i' : '').test(n.nodeValue)) continue;
        const marked = [...block.querySelectorAll(`.term[data-term="${t.id}"]`)].some((e) => e.checkVisibility());
        found.push({ id: t.id, text: n.nodeValue.trim().slice(0, 80), block: block.id || block.tagName.toLowerCase(), marked });
      }
    }
    return found;
  }, patterns);
}

const visibleTerms = (page) => page.evaluate(() => [...document.querySelectorAll('.term')].filter((e) => e.checkVisibility())
  .map((e) => ({ id: e.dataset.term, text: e.textContent })));

// The tooltip as shown now: { shown, term, text, described } (described: the aria-describedby
// text of the focused element).
const tipState = (page) => page.evaluate(() => {
  const tip = document.getElementById('glossary-tip'), a = document.activeElement;
  const describedBy = a?.getAttribute('aria-describedby');
  return { shown: !!tip && !tip.hidden && tip.checkVisibility(), term: tip?.dataset.term ?? '', text: tip?.textContent ?? '',
    focused: a?.classList.contains('term') ? a.dataset.term : '', described: describedBy ? document.getElementById(describedBy)?.textContent ?? '' : '' };
});

const byId = new Map(kGlossary.map((t) => [t.id, t]));

test('first view: g, h and f are defined before use, and every glossary term in the visible text is reachable by Tab', async () => {
  await withPage({ viewport: { width: 1280, height: 800 }, view: null }, async ({ page }) => {
    // The first mention of g, h or f in reading order is the defining sentence.
    const first = await page.evaluate((list) => {
      const letters = list.filter((t) => ['g', 'h', 'f'].includes(t.id)).map((t) => new RegExp(t.match));
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const p = n.parentElement;
        if (!p || p.closest('script, style, option, #glossary-defs, #glossary-tip') || !p.checkVisibility()) continue;
        if (letters.some((r) => r.test(n.nodeValue))) return { id: p.closest('p, li, dt, label, div')?.id ?? '', text: p.closest('p')?.textContent ?? '' };
      }
      return null;
    }, patterns);
    assert.equal(first?.id, 'ghf', `the first g, h or f on the page is in the defining sentence (${JSON.stringify(first)})`);
    assert.match(first.text, /g, the cost of the cheapest way found so far from the start; h, the heuristic's estimate of the cost left to the goal; and f = g \+ h, their sum/);
    assert.equal((first.text.match(/\./g) ?? []).length, 1, 'one sentence');
    const sentence = await page.locator('#ghf').boundingBox();
    assert.ok(sentence && sentence.y >= 0 && sentence.y + sentence.height <= 800, `the sentence is on the first screen (${JSON.stringify(sentence)})`);

    const found = await scanTerms(page);
    const unmarked = found.filter((f) => !f.marked);
    assert.deepEqual(unmarked, [], 'every term in the visible text has a marked word in its block');
    const ids = [...new Set(found.map((f) => f.id))];
    assert.ok(ids.length >= 8, `at least 8 glossary terms on the first view (the Learn view's few words) (${ids.join(', ')})`);

    // Walk the page with Tab: every visible term is reached, and shows its definition.
    const terms = await visibleTerms(page);
    const reached = new Map();
    await page.locator('body').focus();
    let cycle = 0;
    for (let i = 0; i < 400; ++i) {
      await page.keyboard.press('Tab');
      const s = await tipState(page);
      if (!s.focused) {
        if (i > 5 && await page.evaluate(() => document.activeElement === document.body || document.activeElement?.id === 'grid') && ++cycle > 1) break;
        continue;
      }
      const want = byId.get(s.focused).text;
      assert.equal(s.described, want, `${s.focused}: aria-describedby says the definition`);
      assert.ok(s.shown && s.term === s.focused, `${s.focused}: the tooltip shows on focus`);
      assert.ok(s.text.includes(want.replace(/^[^:]+:\s*/, '')), `${s.focused}: the tooltip says the definition (${s.text})`);
      reached.set(s.focused, (reached.get(s.focused) ?? 0) + 1);
    }
    for (const t of terms) assert.ok(reached.has(t.id), `Tab reaches the term ${t.id} ("${t.text}")`);
    const stops = [...reached.values()].reduce((a, b) => a + b, 0);
    console.log(`glossary: ${kGlossary.length} terms; ${ids.length} appear in the first view's visible text (${ids.join(', ')}); ` +
      `${terms.length} marked words, ${stops} reached by Tab`);
    // Escape hides the definition; the focus stays.
    await page.locator('#ghf .term[data-term="h"]').focus();
    assert.equal((await tipState(page)).shown, true);
    await page.keyboard.press('Escape');
    assert.equal((await tipState(page)).shown, false, 'Escape hides the definition');
    // Hover shows it too.
    const box = await page.locator('#legend .term[data-term="closed"]').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hovered = await tipState(page);
    assert.ok(hovered.shown && hovered.term === 'closed', 'hovering a legend word shows its definition');
    await saveScreenshot(page, 'glossary_hover.png');
    // A click on a term inside a control's label shows the definition and does not toggle the
    // control (the heuristic's switches are in the Tools view).
    await page.click('#view-switch');
    const before = await page.isChecked('#wrap-aware');
    await page.click('label:has(#wrap-aware) .term[data-term="tunnel-aware"]');
    assert.equal(await page.isChecked('#wrap-aware'), before, 'the checkbox is not toggled');
    assert.equal((await tipState(page)).term, 'tunnel-aware');
  });
});

test('a tap on a term shows its definition on a touch phone; a tap elsewhere hides it', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true, view: null }, async ({ page }) => {
    const term = page.locator('#ghf .term[data-term="f"]');
    await term.scrollIntoViewIfNeeded();
    await term.tap();
    const s = await tipState(page);
    assert.ok(s.shown && s.term === 'f', `the tap shows f's definition (${JSON.stringify(s)})`);
    const tip = await page.locator('#glossary-tip').boundingBox();
    assert.ok(tip.x >= 0 && tip.x + tip.width <= 390, `the tooltip fits the phone's width (${tip.x}, ${tip.width})`);
    await saveScreenshot(page, 'glossary_tap_phone.png');
    await page.locator('#h-lessons').tap();
    assert.equal((await tipState(page)).shown, false, 'a tap elsewhere hides it');
  });
});

test('a lesson\'s text, result and checks are marked, and the checks read as sentences', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    await page.selectOption('#lesson-select', '1_bfs_flood.lesson.json');
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    await page.click('#lesson-tries .lesson-try button');
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state === 'ok');
    await finishTry(page, '#lesson-tries .lesson-try');
    assert.equal(await page.textContent('#lesson-tries .lesson-checks'), '✓ Breadth-first is still searching: 40 cells expanded, as the text says.');
    await page.click('#lesson-next');
    await page.click('#lesson-tries .lesson-try button');
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state === 'ok');
    await finishTry(page, '#lesson-tries .lesson-try');
    const checks = await page.textContent('#lesson-tries .lesson-checks');
    assert.match(checks, /^✓ Breadth-first found a path: path cost 11, \d+ cells expanded, more than 200 and fewer than 315, 12 cells on the path, as the text says\.$/);
    await nextFrames(page);
    const found = await scanTerms(page);
    assert.deepEqual(found.filter((f) => !f.marked), [], 'every term in the lesson is marked');
    const inLesson = await page.evaluate(() => [...document.querySelectorAll('#lesson-body .term')].map((e) => e.dataset.term));
    for (const id of ['bfs', 'expand']) assert.ok(inLesson.includes(id), `the lesson marks ${id} (${inLesson.join(', ')})`);
    // Lesson 1, page 4 refers to an earlier try by its label, not its id.
    await page.click('#lesson-next');
    await page.click('#lesson-next');
    await page.click('#lesson-tries .lesson-try button');
    await page.waitForFunction(() => document.querySelector('#lesson-tries .lesson-try').dataset.state === 'ok');
    await finishTry(page, '#lesson-tries .lesson-try');
    assert.match(await page.textContent('#lesson-tries .lesson-checks'),
      /^✓ A\* found a path: path cost 11, the same as “Run BFS to the goal” \(11\), \d+ cells expanded, fewer than “Run BFS to the goal” \(\d+\), as the text says\.$/);
    // The last page names the next lesson, whose title has a term too ("Dijkstra").
    await page.click('#lesson-next');
    assert.match(await page.textContent('#lesson-end'), /^End of this lesson\. Next: “Dijkstra on water/);
    await nextFrames(page);
    assert.deepEqual((await scanTerms(page)).filter((f) => !f.marked), [], 'every term on the last page is marked');
    assert.equal(await page.locator('#lesson-end .term[data-term=dijkstra]').count(), 1);
  });
});

// A formula of the glossary (kHeuristicFormulas, as its words show it) evaluated at (dx, dy).
function evaluateFormula(formula, dx, dy) {
  const js = formula.replace(/√2/g, 'Math.SQRT2').replace(/√\(/g, 'Math.sqrt(').replace(/(d[xy])²/g, '($1 * $1)')
    .replace(/×/g, '*').replace(/−/g, '-').replace(/\b(max|min)\(/g, 'Math.$1(');
  assert.match(js, /^[-+*() ,.0-9]*(?:(?:dx|dy|Math\.(?:SQRT2|sqrt|max|min))[-+*() ,.0-9]*)*$/, `a formula of numbers, dx and dy: ${formula}`);
  return new Function('dx', 'dy', `return ${js};`)(dx, dy);
}

test('every heuristic the menus offer, on every movement rule: the glossary\'s words give the engine\'s h on three cells, and the exercise accepts exactly that number', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    // An empty 16 x 12 map of unit costs: the true cost to the goal is the distance the moves
    // allow, dx + dy with 4-way moves and the 8-way octile distance with any diagonal rule.
    await page.fill('#new-width', '16');
    await page.fill('#new-height', '12');
    await page.click('#new-map');
    await page.waitForFunction(() => window.playground.engine.width === 16);
    const goal = await page.evaluate(() => {
      const e = window.playground.engine;
      return { x: e.xOf(e.goal()), y: e.yOf(e.goal()) };
    });
    const cells = [[0, 0], [7, 3], [2, 9]];
    const rules = await page.evaluate(() => [...document.getElementById('diagonal').options].map((o) => o.value));
    const heuristics = await page.evaluate(() => [...document.getElementById('heuristic').options].map((o) => o.value));
    assert.deepEqual(Object.keys(kHeuristicTerms).sort(), [...heuristics].sort(), 'the glossary defines every heuristic the menu offers');
    let checked = 0;
    for (const rule of rules) {
      await page.selectOption('#diagonal', rule);
      const moves = rule === '0' ? '4-way' : '8-way';
      for (const heuristic of heuristics) {
        await page.selectOption('#heuristic', heuristic);
        await page.click('#step');
        await page.waitForFunction(() => window.playground.engine.stats().expanded > 0);
        const entry = byId.get(kHeuristicTerms[heuristic]);
        assert.ok(entry, `${heuristic}: a glossary entry`);
        const formula = kHeuristicFormulas[heuristic]?.[moves];
        if (formula) assert.ok(entry.text.includes(`h = ${formula}`), `${heuristic}, ${moves}: the glossary's words say h = ${formula}: ${entry.text}`);
        for (const [x, y] of cells) {
          const h = await page.evaluate(([cx, cy]) => window.playground.engine.inspect(window.playground.engine.index(cx, cy)).h, [x, y]);
          const dx = Math.abs(x - goal.x), dy = Math.abs(y - goal.y);
          const trueCost = evaluateFormula(kHeuristicFormulas.octile[moves], dx, dy);
          const expected = formula ? evaluateFormula(formula, dx, dy) : trueCost;  // exact and landmarks: the true cost here
          assert.ok(Math.abs(h - expected) < 1e-9, `${heuristic}, ${moves} (movement ${rule}), cell (${x}, ${y}): the engine's h ${h}, the glossary's ${expected}`);
          checked += 1;
        }
      }
    }
    assert.equal(checked, rules.length * heuristics.length * cells.length);

    // The menu says what runs, and the exercise's check accepts the glossary's number and not
    // the 8-way one (octile on a 4-way map at (7, 3)).
    await page.selectOption('#diagonal', '0');
    await page.selectOption('#heuristic', 'octile');
    assert.equal(await page.evaluate(() => document.querySelector('#heuristic option[value=octile]').textContent), 'octile (= Manhattan on 4-way moves)');
    await page.click('#step');
    await page.waitForFunction(() => window.playground.engine.stats().expanded > 0);
    const dx = Math.abs(7 - goal.x), dy = Math.abs(3 - goal.y);
    const answers = { glossary: evaluateFormula(kHeuristicFormulas.octile['4-way'], dx, dy), eightWay: evaluateFormula(kHeuristicFormulas.octile['8-way'], dx, dy) };
    assert.ok(Math.abs(answers.glossary - answers.eightWay) > 0.1, `the two differ at (7, 3): ${JSON.stringify(answers)}`);
    const verdicts = await page.evaluate(async (typed) => {
      const { checkValue } = await import('./js/exercise/check.js');
      const e = window.playground.engine, cell = e.index(7, 3);
      return Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, checkValue(e, 'h', cell, v.toFixed(2))]));
    }, answers);
    assert.equal(verdicts.glossary.ok, true, verdicts.glossary.text);
    assert.match(verdicts.glossary.text, /octile \(= Manhattan on 4-way moves\)/, 'the menus\' words');
    assert.equal(verdicts.eightWay.ok, false, verdicts.eightWay.text);
  });
});
