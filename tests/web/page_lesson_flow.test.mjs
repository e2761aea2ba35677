// Lessons that flow (issue 32): "Next lesson →" at the end of every lesson walks through all of
// them to the last; the lesson list shows this browser's progress and keeps it over a reload;
// the lesson's page buttons are named apart from the search's Step and Back; closing a lesson
// after several gives back the visitor's own map and settings; on a touch phone the hint says
// what touch does and no message covers the lesson's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { withPage, distDir, engineState, saveScreenshot } from './support.mjs';

const lessonDir = path.join(distDir, 'maps/lessons');
const index = () => JSON.parse(fs.readFileSync(path.join(lessonDir, 'index.json'), 'utf8')).lessons;
const readLesson = (file) => JSON.parse(fs.readFileSync(path.join(lessonDir, file), 'utf8'));

const listState = (page) => page.evaluate(() => ({
  count: document.getElementById('lesson-list-count').textContent,
  rows: [...document.querySelectorAll('#lesson-list li')].map((li) => ({ file: li.dataset.file, state: li.dataset.state, text: li.textContent })),
  options: [...document.getElementById('lesson-select').options].map((o) => o.textContent),
}));

async function waitTitle(page, title) {
  await page.waitForFunction((t) => !document.getElementById('lesson-body').hidden && document.getElementById('lesson-title').textContent === t, title);
}

// The visitor's own settings (an algorithm, one switch off), then a lesson opened over them.
// Returns the document as it was before the lesson.
async function ownSettingsThenLesson(page, { algorithm, off }, entry) {
  await page.selectOption('#algorithm', algorithm);
  await page.uncheck(off);
  const before = await engineState(page);
  await page.selectOption('#lesson-select', entry.file);
  await page.click('#lesson-open');
  await waitTitle(page, entry.title);
  return before;
}

test('"Next lesson" walks through every lesson to the last, and the progress survives a reload', async () => {
  const lessons = index();
  await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page }) => {
    // The lesson's own buttons cannot be taken for the search's.
    const names = await page.evaluate(() => ['lesson-back', 'lesson-next', 'step', 'step-back'].map((id) => document.getElementById(id).textContent.trim()));
    assert.deepEqual(names.slice(0, 2), ['← Previous page', 'Next page →']);
    assert.ok(!names.slice(0, 2).some((n) => names.slice(2).includes(n)), `lesson and search buttons differ (${names.join(' / ')})`);
    let list = await listState(page);
    assert.equal(list.count, `· 0 of ${lessons.length} done`);
    assert.deepEqual(list.rows.map((r) => r.state), lessons.map(() => 'new'));

    // The list opens a lesson (real clicks).
    await page.click('#lesson-list-box > summary');
    await page.click(`#lesson-list li[data-file="${lessons[0].file}"] button`);
    await waitTitle(page, lessons[0].title);
    assert.equal(await page.textContent('#lesson-position'), `Lesson 1 of ${lessons.length}`);
    // Part way through the first lesson, a reload keeps the place and the progress.
    await page.focus('#lesson-next');
    await page.keyboard.press('Enter');
    assert.equal(await page.textContent('#lesson-progress'), `Page 2 of ${readLesson(lessons[0].file).lesson.steps.length}`);
    await page.waitForTimeout(700);  // the autosave's delay
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await waitTitle(page, lessons[0].title);
    list = await listState(page);
    assert.equal(list.rows[0].state, 'started');
    assert.match(list.rows[0].text, new RegExp(`page 2 of ${readLesson(lessons[0].file).lesson.steps.length}`));

    for (const [i, entry] of lessons.entries()) {
      const pages = readLesson(entry.file).lesson.steps.length;
      await waitTitle(page, entry.title);
      assert.equal(await page.textContent('#lesson-position'), `Lesson ${i + 1} of ${lessons.length}`);
      for (;;) {
        const at = Number(/Page (\d+) of (\d+)/.exec(await page.textContent('#lesson-progress'))[1]);
        if (at === pages) break;
        assert.equal(await page.isVisible('#lesson-next-lesson'), false, `${entry.file} page ${at}: no "Next lesson" before the end`);
        await page.click('#lesson-next');
        assert.equal(await page.textContent('#lesson-progress'), `Page ${at + 1} of ${pages}`);
      }
      assert.equal(await page.isVisible('#lesson-next'), false, `${entry.file}: no "Next page" on the last page`);
      if (i < lessons.length - 1) {
        assert.equal(await page.isVisible('#lesson-next-lesson'), true, `${entry.file}: "Next lesson" on the last page`);
        assert.equal(await page.textContent('#lesson-next-lesson'), 'Next lesson →');
        const end = await page.textContent('#lesson-end'), next = `Next: “${lessons[i + 1].title}”`;
        assert.ok(end.includes(next), `${end} names ${next}`);
        await page.click('#lesson-next-lesson');
        await waitTitle(page, lessons[i + 1].title);
        assert.equal(await page.evaluate(() => document.activeElement.id), 'lesson-title', 'the focus goes to the new lesson');
        assert.equal(await page.isHidden('#message-box'), true, 'no message box over the lesson');
      } else {
        assert.equal(await page.isVisible('#lesson-next-lesson'), false, 'the last lesson has no next one');
        assert.match(await page.textContent('#lesson-end'), /End of the last lesson/);
      }
    }
    list = await listState(page);
    assert.equal(list.count, `· ${lessons.length} of ${lessons.length} done`);
    await page.waitForTimeout(700);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    list = await listState(page);
    assert.equal(list.count, `· ${lessons.length} of ${lessons.length} done`, 'the progress survives a reload');
    assert.deepEqual(list.rows.map((r) => r.state), lessons.map(() => 'done'));
    assert.ok(list.options.slice(1).every((o) => o.startsWith('✓ ')), `the picker marks finished lessons (${list.options.join(' | ')})`);
    await page.locator('#lessons').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'lesson_flow.png');
  });
});

test('closing a lesson reached through "Next lesson" gives back the visitor\'s own map and settings', async () => {
  const lessons = index();
  await withPage({}, async ({ page }) => {
    const from = lessons.length - 2;
    const before = await ownSettingsThenLesson(page, { algorithm: 'dijkstra', off: '#portal-aware' }, lessons[from]);
    while (await page.isVisible('#lesson-next')) await page.click('#lesson-next');
    await page.click('#lesson-next-lesson');
    await waitTitle(page, lessons[from + 1].title);
    // Run every "Try this" of the last lesson: they change settings (tunnel- and portal-aware h).
    for (;;) {
      for (const button of await page.locator('#lesson-tries .lesson-try button').all()) await button.click();
      if (!await page.isVisible('#lesson-next')) break;
      await page.click('#lesson-next');
    }
    assert.notDeepEqual((await engineState(page)).settings, before.settings);
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    assert.deepEqual(await engineState(page), before, 'map and settings as before the first lesson');
    assert.equal(await page.isChecked('#portal-aware'), false);
    assert.equal(await page.inputValue('#algorithm'), 'dijkstra');
  });
});

test('after a reload inside a lesson, closing it still gives back the visitor\'s own map and settings', async () => {
  const lessons = index();
  await withPage({}, async ({ page }) => {
    const before = await ownSettingsThenLesson(page, { algorithm: 'greedy', off: '#wrap-aware' }, lessons[2]);
    await page.click('#lesson-next');
    await page.waitForTimeout(700);  // the autosave's delay
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await waitTitle(page, lessons[2].title);
    assert.notDeepEqual((await engineState(page)).settings, before.settings, 'the lesson\'s settings after the reload');
    await page.click('#lesson-close');
    await page.waitForFunction(() => document.getElementById('lesson-body').hidden);
    assert.deepEqual(await engineState(page), before, 'map and settings as before the lesson, after a reload');
    assert.equal(await page.isChecked('#wrap-aware'), false);
    assert.match(await page.textContent('#message'), /the map and settings you had before it are back/);
  });
});

test('on a touch phone: touch words in the hint, and no message over the lesson\'s text', async () => {
  await withPage({ viewport: { width: 390, height: 844 }, touch: true }, async ({ page }) => {
    const hint = await page.textContent('#hint-text');
    assert.match(hint, /^Tap a cell for the start, then another for the goal/);
    assert.doesNotMatch(hint, /click|Shift/i);
    assert.match(await page.getAttribute('#grid', 'aria-label'), /tap a cell/);
    const lessons = index();
    await page.waitForFunction(() => document.getElementById('message-box').hidden, null, { timeout: 10000 });  // "Opened Arcade." fades
    await page.selectOption('#lesson-select', lessons[0].file);
    await page.locator('#lesson-open').tap();
    await waitTitle(page, lessons[0].title);
    assert.equal(await page.isHidden('#message-box'), true, `opening a lesson shows no message box (${await page.textContent('#message')})`);
    // Another map under the lesson: "Opened Arcade." shows over the grid, not over the lesson.
    await page.locator('#lesson-text').scrollIntoViewIfNeeded();
    await page.selectOption('#map-select', 'arcade.map.txt');
    await page.waitForFunction(() => !document.getElementById('message-box').hidden);
    const boxes = await page.evaluate(() => {
      const r = (id) => { const b = document.getElementById(id).getBoundingClientRect(); return { x: b.left, y: b.top, r: b.right, b: b.bottom }; };
      return { message: r('message-box'), text: r('lesson-text'), body: r('lesson-body'), stage: r('stage'), nav: r('lesson-nav') };
    });
    const overlaps = (a, b) => a.x < b.r && b.x < a.r && a.y < b.b && b.y < a.b;
    assert.ok(!overlaps(boxes.message, boxes.body), `the message (${JSON.stringify(boxes.message)}) is not over the lesson (${JSON.stringify(boxes.body)})`);
    assert.ok(boxes.message.y >= boxes.stage.y && boxes.message.b <= boxes.stage.b, 'the message is over the grid');
    await saveScreenshot(page, 'lesson_phone_message.png');
    for (const id of ['lesson-back', 'lesson-next', 'lesson-close']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.width >= 24 && box.height >= 24 && box.x >= 0 && box.x + box.width <= 390, `#${id} is a touch target on screen`);
    }
  });
});
