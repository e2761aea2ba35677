// The exercise, "Predict, then see" (issue 32), with real mouse, keyboard and touch input: a
// correct click is accepted, a wrong one shows the right cell with its f, a cell tied on f with
// the engine's pick is accepted (tapped on a touch phone), the same seed gives the same
// questions in two fresh browsers, h and f typed in the field, the admissibility question
// against a Dijkstra from every cell, and Stop gives back the visitor's map and settings (after
// a reload too); a missed question can be tried again. Every expected answer is read from the page's engine, never typed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { withPage, clickCell, cellPoint, engineState, saveScreenshot, repoDir } from './support.mjs';

// The question shown, as the page holds it, and its text and state.
const shown = (page) => page.evaluate(() => {
  const q = window.playground?.modules?.exercise?.question, body = document.getElementById('exercise-body');
  return q ? { seed: q.seed, index: q.index, kind: q.kind, k: q.k, cell: q.cell, g: q.g, from: q.from, settings: q.settings,
    text: document.getElementById('exercise-question').textContent, state: body.dataset.state,
    position: document.getElementById('exercise-position').textContent } : null;
});
const feedback = (page) => page.evaluate(() => {
  const f = document.getElementById('exercise-feedback');
  return { text: f.textContent, result: f.dataset.result, streak: document.getElementById('exercise-streak').textContent };
});
const waitAsking = (page) => page.waitForFunction(() => window.playground?.modules?.exercise?.question && document.getElementById('exercise-body').dataset.state === 'asking');
const waitAnswered = (page) => page.waitForFunction(() => document.getElementById('exercise-body').dataset.state === 'answered');

// Question `index` of `seed` (the panel's own start, as a link or a reload opens it).
async function goTo(page, seed, index) {
  await page.evaluate(([s, i]) => window.playground.modules.exercise.start(s, { seed: s, index: i, streak: 0, right: 0, asked: 0 }), [seed, index]);
  await waitAsking(page);
}
// [seed, index] of questions of a kind, in seed order.
const questionsOf = (page, kind, seeds, perSeed = 10) => page.evaluate(async ([k, n, per]) => {
  const m = await import(new URL('js/exercise/questions.js', location.href).href);
  const out = [];
  for (let seed = 1; seed <= n; seed++) for (let i = 0; i < per; i++) if (m.kindOf(seed, i) === k) out.push([seed, i]);
  return out;
}, [kind, seeds, perSeed]);

// The engine's view of the question: the open list in order, the algorithm's frontier and label.
const engineNext = (page) => page.evaluate(() => {
  const e = window.playground.engine, info = e.algorithmInfo();
  return { rows: e.openList(200), frontier: info.frontier, label: info.label, expanded: e.stats().expanded, start: e.start(), goal: e.goal(),
    width: e.width, states: Array.from(e.states()) };
});
const fmt = (page, v) => page.evaluate(async (x) => (await import(new URL('js/dom.js', location.href).href)).formatNumber(x), v);
const xy = (n, width) => `(${n % width}, ${Math.floor(n / width)})`;
const sameF = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

test('the algorithms of every built-in lesson are asked about, on random and lesson maps', async () => {
  const lessonDir = path.join(repoDir, 'maps/lessons'), taught = new Set();
  for (const file of fs.readdirSync(lessonDir).filter((f) => f.endsWith('.lesson.json'))) {
    const l = JSON.parse(fs.readFileSync(path.join(lessonDir, file), 'utf8'));
    if (l.settings?.algorithm) taught.add(l.settings.algorithm);
    for (const step of l.lesson.steps) for (const t of step.try ?? []) for (const a of t.actions) if (a.algorithm) taught.add(a.algorithm);
  }
  await withPage({}, async ({ page }) => {
    const asked = await page.evaluate(async () => (await import(new URL('js/exercise/questions.js', location.href).href)).kTaughtAlgorithms);
    for (const a of taught) assert.ok(asked.includes(a), `lessons teach ${a}: the exercise asks about it (${asked.join(', ')})`);
    const froms = [];
    for (let i = 0; i < 10; i++) {
      await goTo(page, 4242, i);
      froms.push((await shown(page)).from);
    }
    assert.ok(froms.some((f) => /lesson/.test(f)) && froms.some((f) => /seed \d+/.test(f)), `lesson maps and seeded random maps (${froms.join(' | ')})`);
  });
});

test('a correct click is accepted, a wrong one shows the right cell with its f; the keyboard answers too; canvas clicks edit nothing', async () => {
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    const list = await questionsOf(page, 'next', 6);
    // Right, by mouse: the engine's next pick.
    await goTo(page, ...list[0]);
    const q = await shown(page);
    let e = await engineNext(page);
    assert.match(q.text, /Which cell will .* expand next\? .*Click it on the grid/);
    const startBefore = e.start;
    await clickCell(page, e.rows[0].cell);
    await waitAnswered(page);
    let f = await feedback(page);
    assert.equal(f.result, 'right', f.text);
    assert.match(f.text, /^Right: /);
    assert.ok(f.text.includes(` expands ${xy(e.rows[0].cell, e.width)} next: `), f.text);
    assert.match(f.streak, /^Streak 1 · best \d+ · 1 of 1 right/);
    let after = await engineNext(page);
    assert.equal(after.expanded, q.k + 1, 'then see: the engine took its pick');
    assert.equal(after.states[e.rows[0].cell], 2, 'the pick is closed now');
    assert.equal(after.start, startBefore, 'the click placed no start');

    // Right, by keyboard: arrows from the cursor (the start) to the pick, then Enter.
    await goTo(page, ...list[1]);
    e = await engineNext(page);
    await page.focus('#grid');
    const target = e.rows[0].cell, from = e.start, dx = (target % e.width) - (from % e.width), dy = Math.floor(target / e.width) - Math.floor(from / e.width);
    await page.evaluate(() => { window.playground.marks.cursor = -1; });
    for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await waitAnswered(page);
    f = await feedback(page);
    assert.equal(f.result, 'right', `keyboard: ${f.text}`);
    assert.equal((await engineNext(page)).expanded, (await shown(page)).k + 1, 'Enter answered; it did not finish the search');

    // Wrong: an open cell with a larger f (else the closed start).
    let wrong = null;
    for (const at of list.slice(2)) {
      await goTo(page, ...at);
      e = await engineNext(page);
      const larger = e.rows.find((r) => r.f > e.rows[0].f + 1e-6);
      if (e.frontier === 'priority' && larger) {
        wrong = larger.cell;
        break;
      }
    }
    assert.ok(wrong !== null, 'a question with an open cell of larger f');
    await clickCell(page, wrong);
    await waitAnswered(page);
    f = await feedback(page);
    const right = e.rows[0];
    assert.equal(f.result, 'wrong', f.text);
    assert.ok(f.text.startsWith(`Not this one: ${xy(wrong, e.width)} is open with`), f.text);
    assert.ok(f.text.includes(`expands ${xy(right.cell, e.width)} next: f = `), `the right cell: ${f.text}`);
    assert.ok(f.text.includes(`= ${await fmt(page, right.f)}`), `its f (${right.f}): ${f.text}`);
    assert.match(f.streak, /^Streak 0 /);
    after = await engineNext(page);
    assert.equal(after.goal, e.goal, 'the click placed no goal');
    assert.equal(after.states[right.cell], 2, 'the engine\'s pick is expanded next, as the feedback says');
    await page.locator('#exercise-section').scrollIntoViewIfNeeded();
    console.log(`screenshot: ${await saveScreenshot(page, 'exercise.png')}`);
  });
});

test('a cell tied on f with the engine\'s pick is accepted, with the tie rule (tapped on a touch phone)', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    let tie = null, e = null;
    for (const at of await questionsOf(page, 'next', 60)) {
      await goTo(page, ...at);
      e = await engineNext(page);
      const other = e.frontier === 'priority' ? e.rows.slice(1).find((r) => sameF(r.f, e.rows[0].f)) : null;
      if (other) {
        tie = other;
        break;
      }
    }
    assert.ok(tie, 'a question whose open list has a tie on f');
    assert.ok(sameF(tie.f, e.rows[0].f) && tie.cell !== e.rows[0].cell, 'the engine says: tied on f, not its pick');
    const q = await shown(page);
    assert.match(q.text, /Tap it on the grid\./, 'touch words');
    assert.doesNotMatch(q.text, /[Cc]lick/);
    await page.locator('#grid').scrollIntoViewIfNeeded();
    const p = await cellPoint(page, tie.cell);
    await page.touchscreen.tap(p.x, p.y);
    await waitAnswered(page);
    const f = await feedback(page);
    assert.equal(f.result, 'tie', f.text);
    assert.ok(f.text.startsWith(`Right: ${xy(tie.cell, e.width)} is tied with the engine's pick ${xy(e.rows[0].cell, e.width)} on `), f.text);
    assert.match(f.text, /Tie rule: .*tied with/);
    assert.match(f.streak, /^Streak 1 /);
  });
});

test('the same seed gives the same questions in two fresh browsers (the exercise link)', async () => {
  const seed = 31337, seen = [];
  for (let run = 0; run < 2; run++) {
    await withPage({ hash: `?exercise=${seed}` }, async ({ page }) => {
      await waitAsking(page);
      assert.equal(await page.evaluate(() => location.search), '', 'the seed leaves the address once open');
      const questions = [];
      for (let i = 0; i < 6; i++) {
        const q = await shown(page);
        const answer = await page.evaluate(() => {
          const e = window.playground.engine, x = window.playground.modules.exercise.question;
          return { map: window.playground.docText(), settings: { ...e.settings }, next: e.openList(1)[0]?.cell ?? -1,
            h: x.cell >= 0 ? e.inspect(x.cell).h : null, f: x.cell >= 0 ? e.inspect(x.cell).f : null };
        });
        questions.push({ ...q, ...answer });
        assert.equal(q.position, `Question ${i + 1} of 10 · set ${seed}`);
        await page.click('#exercise-next');
        await page.waitForFunction((n) => window.playground.modules.exercise.question?.index === n && document.getElementById('exercise-body').dataset.state === 'asking', i + 1);
      }
      // The link the panel makes opens this seed.
      await page.click('#exercise-link');
      assert.match(await page.inputValue('#exercise-link-box'), new RegExp(`\\?exercise=${seed}$`));
      seen.push(questions);
    });
  }
  assert.deepEqual(seen[1], seen[0]);
  assert.ok(new Set(seen[0].map((q) => q.kind)).size >= 3, `several kinds (${seen[0].map((q) => q.kind).join(', ')})`);
});

test('h and f questions: the right number is accepted, a wrong one shows the number (keyboard only)', async () => {
  await withPage({}, async ({ page }) => {
    for (const kind of ['h', 'f']) {
      const list = await questionsOf(page, kind, 4);
      for (const [n, at] of list.slice(0, 2).entries()) {
        await goTo(page, ...at);
        const q = await shown(page);
        assert.match(q.text, new RegExp(`What is ${kind} at the ringed ${kind === 'f' ? 'open ' : ''}cell`));
        assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-value', 'the field has the focus');
        const value = await page.evaluate(([k, c]) => window.playground.engine.inspect(c)[k], [kind, q.cell]);
        const typed = n === 0 ? value.toFixed(2) : (value + 1.5).toFixed(2);
        await page.keyboard.type(typed);
        await page.keyboard.press('Enter');
        await waitAnswered(page);
        const f = await feedback(page);
        if (n === 0) {
          assert.equal(f.result, 'right', `${kind} = ${typed}: ${f.text}`);
        } else {
          assert.equal(f.result, 'wrong', `${kind} = ${typed}: ${f.text}`);
          assert.ok(f.text.startsWith(`Not ${await fmt(page, Number(typed))}: `), f.text);
        }
        assert.ok(f.text.includes(await fmt(page, value)), `the feedback shows ${kind} = ${value}: ${f.text}`);
      }
    }
  });
});

test('the admissibility question is checked by the engine: h against a Dijkstra from every cell', async () => {
  await withPage({}, async ({ page }) => {
    const verdicts = new Set();
    let answered = 0;
    for (const at of await questionsOf(page, 'admissible', 40)) {
      await goTo(page, ...at);
      // The truth, independently: for every floor cell, a Dijkstra from it to the goal in a
      // scratch engine of the same core, against the page engine's h there.
      const truth = await page.evaluate(() => {
        const app = window.playground, e = app.engine, core = e.core, scratch = new core.Engine();
        try {
          scratch.loadMap(app.docText(), '');
          const dijkstra = e.registry.algorithms.findIndex((a) => a.name === 'dijkstra'), goal = e.goal(), costs = Array.from(e.costs());
          let over = 0;
          for (let n = 0; n < costs.length; n++) {
            if (costs[n] === 0 || n === goal) continue;
            scratch.setStart(n);
            scratch.setGoal(goal);
            scratch.begin(dijkstra, 0, 1, true, true, false);
            if (e.registry.statuses[scratch.run()].name !== 'found') continue;
            over = Math.max(over, e.inspect(n).h - scratch.stats().pathCost);
          }
          return { admissible: over <= 1e-9, over, heuristic: e.settings.heuristic, wrapAware: e.settings.wrapAware };
        } finally {
          scratch.delete();
        }
      });
      if (verdicts.has(truth.admissible) && answered >= 2) continue;
      verdicts.add(truth.admissible);
      // Answer right the first time each verdict comes up, wrong after.
      const sayYes = answered < 2 ? truth.admissible : !truth.admissible;
      await page.click(sayYes ? '#exercise-yes' : '#exercise-no');
      await waitAnswered(page);
      const f = await feedback(page);
      assert.equal(f.result, sayYes === truth.admissible ? 'right' : 'wrong', `${JSON.stringify(truth)}: ${f.text}`);
      if (truth.admissible) assert.match(f.text, /is admissible here/);
      else assert.match(f.text, new RegExp(`h overestimates by ${(await fmt(page, truth.over)).replace('.', '\\.')}\\.`), f.text);
      answered++;
      if (verdicts.size === 2 && answered >= 3) break;
    }
    assert.equal(verdicts.size, 2, 'questions on admissible and on inadmissible heuristics');
  });
});

test('a missed question can be tried again: the same question, the streak moves, the set counts first answers (per kind); Stop gives the map back', async () => {
  await withPage({}, async ({ page }) => {
    const before = await engineState(page);
    const [at] = await questionsOf(page, 'h', 4);
    await goTo(page, ...at);
    const q = await shown(page);
    const value = await page.evaluate((c) => window.playground.engine.inspect(c).h, q.cell);
    await page.keyboard.type((value + 2).toFixed(2));
    await page.keyboard.press('Enter');
    await waitAnswered(page);
    const missed = await feedback(page);
    assert.equal(missed.result, 'wrong', missed.text);
    assert.match(missed.streak, /^Streak 0 · best \d+ · 0 of 1 right in this set \(h 0 of 1\)$/);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-retry', 'Try again has the focus after a miss');
    await page.keyboard.press('Enter');
    await waitAsking(page);
    const again = await shown(page);
    assert.deepEqual([again.seed, again.index, again.cell, again.text], [q.seed, q.index, q.cell, q.text], 'the same question');
    assert.equal(await page.isHidden('#exercise-retry'), true);
    assert.equal((await feedback(page)).text, '', 'the miss is cleared');
    await page.keyboard.type(value.toFixed(2));
    await page.keyboard.press('Enter');
    await waitAnswered(page);
    const right = await feedback(page);
    assert.equal(right.result, 'right', right.text);
    assert.match(right.text, /Another try: the set's score counts first answers/);
    assert.match(right.streak, /^Streak 1 · best \d+ · 0 of 1 right in this set \(h 0 of 1\)$/);
    assert.equal(await page.isHidden('#exercise-retry'), true, 'nothing to retry after a right answer');
    await page.click('#exercise-stop');
    assert.deepEqual(await engineState(page), before, 'the visitor\'s map and settings are back');
  });
});

test('starting an exercise says the map is kept, and an old message does not stay over the grid', async () => {
  await withPage({}, async ({ page }) => {
    await page.evaluate(() => window.playground.showMessage('Opened Arcade.', 'info'));
    assert.equal(await page.isVisible('#message-box'), true);
    await page.click('#exercise-start');
    await waitAsking(page);
    assert.equal(await page.isVisible('#message-box'), false, 'the message from before the exercise is gone');
    assert.match(await page.textContent('#exercise-kept'), /yours is kept, and Stop gives it back/);
    assert.equal(await page.isVisible('#exercise-kept'), true);
  });
});

test('Stop gives back the previous map and settings, after a reload inside the exercise too', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#algorithm', 'dijkstra');
    await page.uncheck('#portal-aware');
    const before = await engineState(page);
    await page.click('#exercise-start');
    await waitAsking(page);
    const q = await shown(page);
    assert.notDeepEqual(await engineState(page), before, 'the question has its own map');
    // Settings changed by hand while a question waits are set back to the question's.
    await page.selectOption('#algorithm', 'bfs');
    await page.waitForFunction((a) => window.playground.engine.settings.algorithm === a, q.settings.algorithm);
    await page.click('#exercise-stop');
    assert.deepEqual(await engineState(page), before, 'map and settings as before the exercise');
    assert.equal(await page.inputValue('#algorithm'), 'dijkstra');
    assert.equal(await page.isChecked('#portal-aware'), false);
    assert.equal(await page.isHidden('#exercise-body'), true);

    // A reload inside the exercise goes on with the same question; Stop still gives the map back.
    await page.click('#exercise-start');
    await waitAsking(page);
    const inside = await shown(page);
    await page.waitForTimeout(700);  // longer than the autosave's delay: it must keep the visitor's map
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await waitAsking(page);
    const again = await shown(page);
    assert.deepEqual([again.seed, again.index, again.text], [inside.seed, inside.index, inside.text], 'the same question after the reload');
    await page.click('#exercise-stop');
    assert.deepEqual(await engineState(page), before, 'map and settings as before the exercise, after a reload');
    await page.waitForTimeout(700);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.deepEqual(await engineState(page), before, 'and the autosave holds them');
    assert.equal(await page.isHidden('#exercise-body'), true, 'no exercise after Stop and a reload');
  });
});

test('a lesson opened during an exercise ends it; closing the lesson gives back the map from before the exercise', async () => {
  await withPage({}, async ({ page }) => {
    await page.selectOption('#algorithm', 'greedy');
    await page.uncheck('#wrap-aware');
    const before = await engineState(page);
    await page.click('#exercise-start');
    await waitAsking(page);
    await page.selectOption('#lesson-select', '3_astar_heuristic.lesson.json');
    await page.click('#lesson-open');
    await page.waitForFunction(() => !document.getElementById('lesson-body').hidden);
    assert.equal(await page.isHidden('#exercise-body'), true, 'the exercise ended');
    assert.equal(await page.evaluate(() => window.playground.modules.exercise.active), false);
    // The exercise hands its kept document to the lesson once the lesson has opened.
    await page.waitForFunction(() => window.playground.files.before.lesson?.snapshot.settings.algorithm === 'greedy');
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    assert.deepEqual(await engineState(page), before, 'map and settings as before the exercise');
  });
});
