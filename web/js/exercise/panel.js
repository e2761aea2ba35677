// The Exercise section ("Predict, then see"): questions on the search, answered on the grid
// (a click or a tap on a cell, or the arrow keys and Enter) or in a field, checked by the
// page's engine (check.js), with the numbers in the feedback and a streak. While an exercise is
// open the grid answers instead of editing, the page shows the question's map and settings,
// and the document from before it is kept the way a lesson keeps it (files.keepBefore, in the
// tab's session storage; the autosave holds it too): Stop brings it back. A link with
// ?exercise=SEED opens the same questions in any browser (questions.js).
import { Status } from '../engine.js';
import { $ } from '../dom.js';
import { keepDocument } from '../document/storage.js';
import { startCopy } from '../clipboard.js';
import { isTextField } from '../keys.js';
import { touchFirst } from '../views/hint.js';
import { markTerms } from '../views/glossary_view.js';
import { kLessonDir } from '../lessons/panel.js';
import { QuestionMaker, kSetSize, randomSeed, parseSeed } from './questions.js';
import { checkNext, checkValue, checkAdmissible } from './check.js';
import { questionText } from './words.js';
import { readPlace, savePlace } from './exercise_progress.js';
import { ExerciseScore, newPlace } from './score.js';

export const kLinkParameter = 'exercise';

export class ExercisePanel {
  // app: window.playground (main.js's pageContext).
  constructor(app) {
    this.app = app;
    this.store = app.store;
    this.engine = app.store.engine;
    this.files = app.files;
    this.lessonFiles = new Map();  // file -> { map, title } (fetched once)
    this.maker = null;  // made at the first question (its sandbox engine is not needed before)
    this.active = false;
    this.busy = false;         // while the exercise itself changes the document
    this.place = null;         // { seed, index, streak, right, asked, kinds } (score.js)
    this.retrying = false;     // the question is asked again after a miss (Try again)
    this.question = null;
    this.answer = null;        // the check's result once answered, else null
    this.shown = { revision: -1, start: -1, goal: -1 };  // the page's engine as set to the question
    this.lessonBefore = null;  // a lesson's kept document when the exercise started
    this.score = new ExerciseScore();
    this.rings = { ask: -1, right: -1, wrong: -1 };
  }

  bind() {
    $('exercise-start').addEventListener('click', () => this.start(randomSeed()));
    $('exercise-stop').addEventListener('click', () => this.stop());
    $('exercise-next').addEventListener('click', () => this.next());
    $('exercise-retry').addEventListener('click', () => this.retry());
    $('exercise-link').addEventListener('click', () => this.showLink());
    $('exercise-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.answerValue();
    });
    $('exercise-yes').addEventListener('click', () => this.answerAdmissible(true));
    $('exercise-no').addEventListener('click', () => this.answerAdmissible(false));
    const canvas = this.app.renderer.canvas;
    // Before the page's own pointer and key handlers (pointer.js, keys.js): while an exercise is
    // open the grid answers, it does not place or paint (panning with the middle button or Alt
    // and the wheel's zoom stay).
    window.addEventListener('pointerdown', (ev) => {
      if (!this.active || ev.target !== canvas || ev.button === 1 || ev.altKey) return;
      ev.stopPropagation();
      canvas.focus({ preventScroll: true });
      if (ev.button === 0 && this.asking('next')) this.answerCell(this.app.renderer.cellAtEvent(ev));
    }, true);
    window.addEventListener('keydown', (ev) => this.key(ev), true);
    this.app.renderer.addOverlay((ctx, view) => this.drawRings(ctx, view));
    // Another map opened meanwhile (a file, a lesson, undo, a link) ends the exercise; settings
    // changed by hand while a question waits are set back to the question's.
    this.store.on('map', (d) => { if (this.active && !this.busy && d.whole) this.interrupted(); });
    for (const kind of ['settings', 'query']) {
      this.store.on(kind, () => {
        if (!this.active || this.busy || this.answer) return;
        setTimeout(() => { if (this.active && !this.answer) this.setQuestion(); });
      });
    }
  }

  // On load: a link's seed (taken out of the address, as share links are), else the tab's open
  // exercise after a reload.
  resume() {
    const url = new URL(location.href), seed = parseSeed(url.searchParams.get(kLinkParameter) ?? '');
    if (url.searchParams.has(kLinkParameter)) {
      url.searchParams.delete(kLinkParameter);
      history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
    const place = readPlace();
    if (seed) return this.start(seed, place?.seed === seed ? place : null);
    if (place) return this.start(place.seed, place);
    this.files.keepBefore('exercise', null);
    return Promise.resolve(false);
  }

  asking(kind) { return this.active && this.question !== null && !this.answer && (!kind || this.question.kind === kind); }

  async start(seed, place = null) {
    if (!this.active) {
      // The visitor's document, kept as a lesson keeps it (after a reload: the one kept then).
      const before = this.files.keptBefore('exercise') ?? { snapshot: this.store.snapshot(), touched: this.files.touched };
      this.lessonBefore = this.files.keptBefore('lesson');
      this.files.keepBefore('exercise', before);
      this.files.holdAutosave(true);
      this.active = true;
      // A message from before (a toast over the legend) is not about the question; an error stays.
      if (this.app.messages.level !== 'error') this.app.messages.dismiss();
    }
    this.place = place ? { ...place, kinds: { ...place.kinds } } : newPlace(seed, this.place?.streak ?? 0);
    this.retrying = false;
    document.documentElement.dataset.exercise = 'asking';
    $('hint').hidden = true;  // the first-visit hint's "tap for the start" is not what a tap does now
    $('exercise-body').hidden = false;
    $('exercise-start').hidden = true;
    $('exercise-stop').hidden = false;
    return this.load();
  }

  async load() {
    const p = this.place;
    savePlace(p);
    this.answer = null;
    this.question = null;
    this.rings = { ask: -1, right: -1, wrong: -1 };
    $('exercise-body').dataset.state = 'loading';
    $('exercise-position').textContent = `Question ${p.index + 1} of ${kSetSize} · set ${p.seed}`;
    let q;
    try {
      this.maker ??= new QuestionMaker(this.app.engine.core, this.app.lessons.index, (file) => this.fetchLesson(file));
      q = await this.maker.make(p.seed, p.index);
    } catch (e) {
      this.app.showMessage(`The exercise could not make its question: ${e.message}`, 'error');
      return false;
    }
    if (!this.active || this.place !== p) return false;  // stopped or moved on meanwhile
    this.question = q;
    this.setQuestion();
    this.app.view.fit();
    this.render();
    // On a phone the panel is under the grid: bring the question up to the grid's edge.
    $('exercise-question').scrollIntoView({ block: 'nearest' });
    const focus = q.kind === 'next' ? this.app.renderer.canvas : q.kind === 'admissible' ? $('exercise-yes') : $('exercise-value');
    focus.focus({ preventScroll: true });
    return true;
  }

  // The page's engine set to the question: its map and settings, the search after k
  // expansions, paused. The document's other fields (race, heat map, numbers) that would show
  // or hide the answer are set too; Stop brings all of them back.
  setQuestion() {
    const q = this.question, e = this.engine;
    this.busy = true;
    try {
      const problems = this.files.asOpened(() => this.store.restore({
        map: q.map, settings: q.settings, race: null, lesson: null, heatMap: 'none', overlays: { parents: false, numbers: false },
      }, { label: 'exercise', record: false }));
      if (problems.length > 0) throw new Error(problems.map((p) => p.problem).join('; '));
      this.app.controller.seek(q.k);
    } finally {
      this.busy = false;
    }
    this.shown = { revision: e.revision(), start: e.start(), goal: e.goal(), settings: JSON.stringify(e.settings) };
    this.rings.ask = q.kind === 'h' || q.kind === 'f' ? q.cell : -1;
  }

  // Before a check: the engine as the question set it (a step, a scrub or Play since then are undone).
  ensureQuestion() {
    const e = this.engine, s = this.shown;
    const same = e.revision() === s.revision && e.start() === s.start && e.goal() === s.goal && JSON.stringify(e.settings) === s.settings &&
      e.status() === Status.InProgress && e.stats().expanded === this.question.k;
    if (!same) this.setQuestion();
  }

  render() {
    const q = this.question;
    $('exercise-question').textContent = questionText(this.engine, q, touchFirst());
    markTerms($('exercise-question'));
    const field = q.kind === 'h' || q.kind === 'f';
    $('exercise-form').hidden = !field;
    $('exercise-value').value = '';
    $('exercise-value').disabled = false;
    $('exercise-check').disabled = false;
    $('exercise-choice').hidden = q.kind !== 'admissible';
    for (const id of ['exercise-yes', 'exercise-no']) $(id).disabled = false;
    $('exercise-feedback').textContent = '';
    $('exercise-feedback').dataset.result = '';
    $('exercise-next').textContent = 'Next question';
    $('exercise-retry').hidden = true;
    $('exercise-body').dataset.state = 'asking';
    $('exercise-body').dataset.kind = q.kind;
    document.documentElement.dataset.exercise = 'asking';
    this.renderStreak();
    this.app.requestDraw();
  }

  renderStreak() {
    $('exercise-streak').textContent = this.score.words(this.place);
  }

  answerCell(cell) {
    if (!this.asking('next')) return;
    if (cell < 0) {
      this.say('Move the cursor onto a cell with the arrow keys first, then press Enter.', '');
      return;
    }
    this.ensureQuestion();
    const result = checkNext(this.engine, cell);
    this.rings.right = result.right;
    this.rings.wrong = result.ok ? -1 : cell;
    if (result.tie) this.rings.wrong = -1;
    this.done(result);
    // Then see: the engine takes its pick, and the grid shows it closed.
    this.app.controller.step();
  }

  answerValue() {
    if (!this.asking('h') && !this.asking('f')) return;
    if ($('exercise-value').value.trim() === '') {
      this.say('Type a number first.', '');
      return;
    }
    this.ensureQuestion();
    this.done(checkValue(this.engine, this.question.kind, this.question.cell, $('exercise-value').value));
  }

  answerAdmissible(yes) {
    if (!this.asking('admissible')) return;
    this.ensureQuestion();
    const result = checkAdmissible(this.engine, yes);
    this.rings.right = result.right;
    this.done(result);
  }

  done(result) {
    const p = this.place, retry = this.retrying;
    this.answer = result;
    this.score.record(p, this.question.kind, result.ok, retry);
    const last = p.index + 1 >= kSetSize;
    const practice = retry ? ' (Another try: the set\'s score counts first answers.)' : '';
    this.say(result.text + practice + (last ? ` End of the set: ${p.right} of ${kSetSize} right.` : ''), result.ok ? (result.tie ? 'tie' : 'right') : 'wrong');
    $('exercise-value').disabled = true;
    $('exercise-check').disabled = true;
    for (const id of ['exercise-yes', 'exercise-no']) $(id).disabled = true;
    $('exercise-next').textContent = last ? 'Another set' : 'Next question';
    $('exercise-retry').hidden = result.ok;  // a miss can be tried again, the same question
    $('exercise-body').dataset.state = 'answered';
    document.documentElement.dataset.exercise = 'answered';
    savePlace(last ? p : { ...p, index: p.index + 1 });  // a reload goes on with the next question
    this.renderStreak();
    this.app.requestDraw();
    (result.ok ? $('exercise-next') : $('exercise-retry')).focus({ preventScroll: true });
  }

  // The missed question again, from its start (the map, the search after k expansions).
  retry() {
    if (!this.active || !this.answer || this.answer.ok) return Promise.resolve(false);
    this.retrying = true;
    return this.load();
  }

  say(text, result) {
    const box = $('exercise-feedback');
    box.textContent = text;
    box.dataset.result = result;
    markTerms(box);
  }

  next() {
    if (!this.active) return Promise.resolve(false);
    const p = this.place;
    this.retrying = false;
    if (p.index + 1 >= kSetSize) {
      this.place = newPlace(randomSeed(), p.streak);
    } else {
      this.place = { ...p, index: p.index + 1 };
    }
    return this.load();
  }

  showLink() {
    const copy = startCopy();
    const url = new URL(location.href);
    url.hash = '';
    url.search = '';
    url.searchParams.set(kLinkParameter, String(this.place?.seed ?? 0));
    const box = $('exercise-link-box');
    box.value = url.href;
    box.hidden = false;
    box.focus({ preventScroll: true });
    box.select();
    copy.supply(url.href);
    copy.copied.then((copied) => this.app.showMessage(copied ? 'Exercise link copied: everyone who opens it gets these questions.'
      : 'The exercise link is in the box: everyone who opens it gets these questions.'));
    return url.href;
  }

  // Stop: the visitor's own document comes back (map, settings, an open lesson...).
  stop() {
    if (!this.active) return false;
    const before = this.files.keptBefore('exercise');
    if (before) {
      this.busy = true;
      try {
        this.files.asOpened(() => this.store.restore(before.snapshot, { label: 'stop exercise', record: false }), before.touched);
      } finally {
        this.busy = false;
      }
      this.files.showChosen('');
    }
    this.end();
    this.app.showMessage('The exercise is closed: the map and settings you had before it are back.');
    $('exercise-start').focus({ preventScroll: true });
    return true;
  }

  // Another document opened during the exercise: it stays, and the visitor's own is kept
  // where the page keeps a replaced document (a lesson's Close, else "Restore it").
  interrupted() {
    const before = this.files.keptBefore('exercise'), lessonBefore = this.lessonBefore;
    this.end();
    const own = before?.snapshot.lesson ? lessonBefore : before;
    // After the opener has finished (files.js keeps a lesson's replaced document after loading it).
    setTimeout(() => {
      if (!own) return;
      if (this.app.lessons.current) this.files.setBeforeLesson(own);
      else if (own.touched && keepDocument(own.snapshot)) this.files.showKept();
    });
  }

  end() {
    this.active = false;
    this.question = null;
    this.answer = null;
    this.place = null;
    this.rings = { ask: -1, right: -1, wrong: -1 };
    savePlace(null);
    this.files.keepBefore('exercise', null);
    this.files.holdAutosave(false);
    delete document.documentElement.dataset.exercise;
    $('exercise-body').hidden = true;
    $('exercise-link-box').hidden = true;
    $('exercise-start').hidden = false;
    $('exercise-stop').hidden = true;
    this.app.requestDraw();
  }

  // Keys while an exercise is open (before keys.js): Enter on the grid answers with the
  // cursor's cell; keys that would edit the map or move the search past the question wait.
  key(ev) {
    if (!this.active || document.querySelector('dialog[open]') || isTextField(ev.target)) return;
    const canvas = this.app.renderer.canvas, t = ev.target, key = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
    const onGrid = t === canvas || t === document.body || t === document.documentElement;
    // Space and Enter press a focused button (or open a section); keys.js leaves them to it too.
    const native = t instanceof HTMLElement && t.matches('button, a[href], summary, input, select, textarea');
    let handled = false;
    if (ctrl && /^[zy]$/i.test(key)) {
      this.app.showMessage('Undo and redo wait until the exercise is stopped.', 'warning');
      handled = true;
    } else if (!ctrl && !ev.altKey) {
      if (key === 'Enter' && onGrid && this.asking('next')) {
        this.answerCell(this.app.marks.cursor);
        handled = true;
      } else {
        handled = key === 's' || key === 'g' || (this.asking() && (['.', ',', 'r', 'l'].includes(key) || ([' ', 'Enter'].includes(key) && !native)));
      }
    }
    if (handled) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
    }
  }

  drawRings(ctx, view) {
    if (!this.active) return;
    const w = Math.max(2, Math.min(5, view.cell * 0.14));
    const ring = (cell, colour) => {
      if (cell < 0 || cell >= view.engine.cellCount) return;
      const path = new Path2D();
      view.addCellOutline(path, view.engine.xOf(cell), view.engine.yOf(cell), view.hex, -w / 2);
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.stroke(path);
    };
    ring(this.rings.ask, '#0072b2');
    ring(this.rings.wrong, '#d55e00');
    ring(this.rings.right, '#009e73');
  }

  async fetchLesson(file) {
    if (!this.lessonFiles.has(file)) {
      const get = async (url) => {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        return res;
      };
      const raw = await (await get(kLessonDir + file)).json();
      if (typeof raw?.map !== 'string' || !/^[\w.-]+\.map\.txt$/.test(raw.map)) throw new Error(`${file} names no map`);
      this.lessonFiles.set(file, { map: await (await get(kLessonDir + raw.map)).text(), title: String(raw.lesson?.title ?? file) });
    }
    return this.lessonFiles.get(file);
  }
}
