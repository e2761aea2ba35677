// The Lessons section: the built-in lessons (maps/lessons/index.json) and this browser's
// progress in them (lesson_list.js, lesson_progress.js), a lesson's pages with "Previous page" /
// "Next page" (named apart from the search's Step and Back) and "Next lesson →" on the last page,
// its "Try this" buttons with the engine's result and the checks in words (check_words.js: ✓ as
// the text says, ✗ differs). The lesson in progress (content, step, file) is the document's
// `lesson` field, owned here: a link, a lesson file or the autosave brings it through
// store.restore (files.js opens them), and the page buttons and Close announce it. Text from
// lesson files and links only ever goes in as textContent (the glossary then marks its terms).
import { $, el } from '../dom.js';
import { fillResult } from './format.js';
import { runTry } from './runner.js';
import { LessonAuthor, showLessonLink } from './author.js';
import { LessonProgress } from './lesson_progress.js';
import { renderLessonList } from './lesson_list.js';
import { summarySentence } from './check_words.js';
import { TryReveal } from './reveal.js';
import { markTerms } from '../views/glossary_view.js';

export const kLessonDir = 'maps/lessons/';
const kMaxLessonFileBytes = 256 * 1024;
const kFileKeys = ['map', 'settings', 'lesson'];

async function fetchText(url, limit) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > limit) throw new Error(`larger than ${Math.round(limit / 1024)} KB`);
  return text;
}

export class LessonsPanel {
  // store: the document; controller: the search; messages: the message area; files: share links.
  // views: the Learn / Tools switch (a lesson reads in the Learn view).
  constructor({ store, controller, messages, files, views = null }) {
    this.store = store;
    this.views = views;
    this.fromPicker = false;  // opening through the Tools view's picker: a teacher's preview stays there
    this.controller = controller;
    this.messages = messages;
    this.files = files;
    this.index = [];
    this.current = null;  // { lesson, step, earlier: Map(id -> result), file, raw }
    this.origin = null;   // the document as the lesson opened (a snapshot)
    this.busy = false;    // while the lesson itself changes the document
    this.author = new LessonAuthor({ store, controller, messages });
    this.progress = new LessonProgress();
    /** @type {{ show(name: string): { problem: string, length: number | null, label: string } } | null} */
    this.lines = null;  // lessons/lines.js: the path lines a `line` action shows; main.js sets it once the modules are in
    this.labels = new Map();  // id -> label of the open lesson's tries (the checks name them)
    this.reveal = new TryReveal(store);  // a try's result shows when the grid gets there
    // Another map (a file, a bundled map, undo, an edit) under an open lesson: its text may no
    // longer hold, so say so and offer to load the lesson's map again.
    store.on('map', () => { if (this.current && !this.busy) $('lesson-stale').hidden = false; });
  }

  bind() {
    $('lesson-start').addEventListener('click', () => this.openBuiltin($('lesson-start').dataset.file));
    $('lesson-open').addEventListener('click', async () => {
      const file = $('lesson-select').value;
      if (!file) {
        this.messages.show('Choose a lesson in the list first.', 'warning');
        return;
      }
      this.fromPicker = true;
      try {
        await this.openBuiltin(file);
      } finally {
        this.fromPicker = false;
      }
    });
    $('lesson-back').addEventListener('click', () => this.go(-1));
    $('lesson-next').addEventListener('click', () => this.go(1));
    $('lesson-next-lesson').addEventListener('click', () => {
      const next = this.nextLesson();
      if (next) this.openBuiltin(next.file);
    });
    $('lesson-close').addEventListener('click', () => this.close());
    $('lesson-reopen').addEventListener('click', () => this.reopen());
    $('lesson-author-open').addEventListener('click', () => this.author.toggle());
    $('lesson-link').addEventListener('click', () => this.shareCurrent());
    // Share's third option: the open lesson's link, else the form to write one on this map.
    $('share-lesson').addEventListener('click', () => {
      if (this.current) {
        this.shareCurrent();
      } else {
        this.author.toggle(true);
        $('lessons').scrollIntoView({ block: 'nearest' });
      }
    });
    this.author.bind();
    this.store.own('lesson', { read: () => this.read(), apply: (value) => this.apply(value) });
  }

  async loadIndex() {
    try {
      const json = JSON.parse(await fetchText(`${kLessonDir}index.json`, kMaxLessonFileBytes));
      const list = Array.isArray(json?.lessons) ? json.lessons : [];
      this.index = list.filter((l) => typeof l?.file === 'string' && /^[\w.-]+\.lesson\.json$/.test(l.file))
        .map((l) => ({ file: l.file, title: String(l.title ?? l.file) }));
    } catch (e) {
      this.index = [];
      console.warn(`${kLessonDir}index.json: ${e.message}`);
    }
    $('lesson-select').replaceChildren(new Option('(choose a lesson)', ''), ...this.index.map((l) => new Option(l.title, l.file)));
    this.renderList();
    return this.index;
  }

  // A built-in lesson: { map: file name in maps/lessons/, settings, lesson }.
  async openBuiltin(file) {
    let state;
    try {
      if (!/^[\w.-]+\.lesson\.json$/.test(file)) throw new Error('not a lesson file name');
      const raw = JSON.parse(await fetchText(kLessonDir + file, kMaxLessonFileBytes));
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('not a lesson file');
      const unknown = Object.keys(raw).find((k) => !kFileKeys.includes(k));
      if (unknown) throw new Error(`unknown field "${unknown}"`);
      if (typeof raw.map !== 'string' || !/^[\w.-]+\.map\.txt$/.test(raw.map)) throw new Error('its "map" must name a .map.txt file in maps/lessons/');
      state = { ...raw, map: await fetchText(kLessonDir + raw.map, kMaxLessonFileBytes) };
    } catch (e) {
      this.messages.show(`Could not open the lesson ${file}: ${e.message}. Your map was kept.`, 'error');
      return false;
    }
    return this.files.openLesson(state, file);
  }

  // The document's lesson field: { file, step, lesson (checked), raw } or null.
  read() {
    const c = this.current;
    return c ? { file: c.file, step: c.step, lesson: c.lesson, raw: c.raw } : null;
  }
  apply(value) {
    if (!value) {
      this.hide();
      return;
    }
    const same = this.current?.raw === value.raw;
    this.current = { lesson: value.lesson, step: value.step, earlier: same ? this.current.earlier : new Map(), file: value.file, raw: value.raw };
    this.origin = this.store.snapshot();  // what "Load the lesson's map again" brings back
    // An embed has no panel: its lesson goes under the canvas, above the play bar.
    const embedded = document.documentElement.dataset.embed !== undefined;
    if (embedded && $('embed-bar')) $('embed-bar').before($('lesson-body'));
    $('lesson-stale').hidden = true;
    $('lesson-link-box').hidden = true;
    $('lesson-select').value = value.file;
    $('lesson-body').hidden = false;
    // A lesson reads in the Learn view (from the list, Next lesson, a link), unless a teacher
    // opened it with the Tools view's picker.
    if (!this.fromPicker) this.views?.lessonOpened();
    $('lesson-body').dataset.source = value.file ? 'builtin' : 'link';
    $('lesson-title').textContent = value.lesson.title;
    $('lesson-summary').textContent = value.lesson.summary;
    $('lesson-summary').hidden = !value.lesson.summary;
    markTerms($('lesson-title'));
    markTerms($('lesson-summary'));
    const at = this.index.findIndex((l) => l.file === value.file);
    $('lesson-position').textContent = at >= 0 ? `Lesson ${at + 1} of ${this.index.length}` : 'A lesson from a link';
    this.labels = new Map(value.lesson.steps.flatMap((st) => st.tries.filter((t) => t.id).map((t) => [t.id, t.label])));
    this.showStep();
    if (!same) this.controller.reset();  // a lesson opens unsolved: the learner watches it with Play
    this.renderList();
    if (!same && !embedded) {  // an embed never takes the focus from its course page
      // Said to screen readers only: the lesson on screen says it, and a message box would
      // cover its text on a phone.
      this.messages.announce(`Opened the lesson “${value.lesson.title}”.`);
      $('lesson-title').focus({ preventScroll: false });
    }
  }

  reopen() {
    const origin = this.origin;
    if (origin) this.files.openDocument({ document: origin, problems: [] }, { label: `open lesson ${origin.lesson.lesson.title}`, what: 'lesson' });
  }

  // A link to the lesson as it opened (its map and settings), from its first step. (Share link
  // gives the whole document as it is now, with the lesson at the step shown.)
  async shareCurrent() {
    if (!this.current || !this.origin) return '';
    return showLessonLink($('lesson-link-box'), { ...this.origin, lesson: { ...this.origin.lesson, step: 0 } }, this.messages);
  }

  close() {
    this.hide();
    if (!this.files.closeLesson()) this.store.partChanged('lesson');
    // Focus stays in the lessons: the list in the Learn view, the chooser in the Tools view.
    (this.views?.view === 'tools' ? $('lesson-open') : $('lesson-list-box').querySelector('summary')).focus();
  }
  hide() {
    this.reveal.cancel();
    this.current = null;
    this.origin = null;
    $('lesson-body').hidden = true;
    this.views?.lessonClosed();
    this.renderList();
  }

  // The built-in lesson after the open one, or null (the last, or a lesson from a link).
  nextLesson() {
    const at = this.current ? this.index.findIndex((l) => l.file === this.current.file) : -1;
    return at >= 0 ? this.index[at + 1] ?? null : null;
  }

  renderList() {
    renderLessonList({ index: this.index, progress: this.progress, current: this.current?.file ?? '', open: (file) => this.openBuiltin(file) });
  }

  go(delta) {
    const c = this.current;
    if (!c) return;
    const next = Math.min(Math.max(c.step + delta, 0), c.lesson.steps.length - 1);
    if (next === c.step) return;
    c.step = next;
    this.showStep();
    this.store.partChanged('lesson');
  }

  showStep() {
    const c = this.current, steps = c.lesson.steps, step = steps[c.step], last = c.step === steps.length - 1;
    $('lesson-progress').textContent = `Page ${c.step + 1} of ${steps.length}`;
    $('lesson-text').textContent = step.text;
    markTerms($('lesson-text'));
    $('lesson-back').disabled = c.step === 0;
    $('lesson-next').hidden = last;
    $('lesson-body').dataset.step = String(c.step + 1);
    this.reveal.cancel();
    $('lesson-tries').replaceChildren(...step.tries.map((t, i) => this.tryBox(t, i)));
    // The last page leads on to the next lesson (the last lesson, or one from a link, says so);
    // an embed shows its one lesson only.
    const embedded = document.documentElement.dataset.embed !== undefined;
    const next = last && !embedded ? this.nextLesson() : null, end = $('lesson-end');
    $('lesson-next-lesson').hidden = !next;
    $('lesson-next-lesson').title = next ? `Open the next lesson: ${next.title}` : '';
    end.hidden = !last;
    const lastBuiltin = !embedded && this.index.length > 0 && this.index[this.index.length - 1].file === c.file;
    end.textContent = !last ? '' : next ? `End of this lesson. Next: “${next.title}”.`
      : lastBuiltin ? 'End of the last lesson: well done. Close it to get your own map back, or open any lesson again from the list.'
        : embedded ? 'End of this lesson.' : 'End of this lesson. Close it to get your own map back.';
    markTerms(end);
    if (c.file && this.progress.saw(c.file, c.step, steps.length)) this.renderList();
  }

  tryBox(t, i) {
    const button = el('button', { text: `Try this: ${t.label}`, cls: 'lesson-try-button', attrs: { type: 'button' } });
    const result = el('p', { cls: 'lesson-result note', attrs: { 'aria-live': 'polite' } });
    const checks = el('ul', { cls: 'lesson-checks' });
    const box = el('div', { cls: 'lesson-try', attrs: { 'data-index': String(i), 'data-state': 'idle', 'data-id': t.id } },
      [button, result, checks]);
    button.addEventListener('click', () => this.runTry(t, box, result, checks));
    return box;
  }

  // Runs a "Try this": the result and one line per claim are checked at once and shown when
  // the grid's replay reaches the search they describe (reveal.js).
  runTry(t, box, resultLine, checkList) {
    const c = this.current;
    if (!c) return;
    this.busy = true;
    let outcome;
    try {
      outcome = this.messages.quietly(() => runTry({ store: this.store, controller: this.controller, lines: this.lines }, t, c.earlier, this.labels));
    } finally {
      this.busy = false;
    }
    const { problem, result, checks } = outcome;
    if (problem) {
      this.reveal.release();  // an earlier try still waiting shows its result: the grid moves on
      box.dataset.state = 'error';
      box.dataset.shown = 'true';
      resultLine.textContent = `Could not run this: ${problem}`;
      checkList.replaceChildren();
      this.messages.show(`Try this “${t.label}”: ${problem}`, 'error');
      return;
    }
    this.controller.replay();
    const failed = checks.some((k) => k.ok === false), pending = checks.some((k) => k.ok === null);
    box.dataset.state = failed ? 'differs' : pending ? 'pending' : 'ok';
    const text = t.result ? fillResult(t.result, result) : `${result.status}: cost ${result.cost}, ${result.expanded} expanded.`;
    // All claims hold: one sentence; otherwise one per claim, each marked.
    const summary = summarySentence(checks, result.label);
    const items = summary ? [el('li', { text: `✓ ${summary}`, cls: 'ok' })] : checks.map((k) => el('li', {
      text: `${k.ok === true ? '✓' : k.ok === false ? '✗' : '…'} ${k.text}`,
      cls: k.ok === true ? 'ok' : k.ok === false ? 'differs' : 'pending',
    }));
    let warned = false;
    const show = (on) => {
      box.dataset.shown = String(on);
      checkList.replaceChildren(...(on ? items : []));
      resultLine.textContent = on ? text : 'Watch the grid: the result shows when the search gets there (Finish shows it now).';
      markTerms(resultLine);
      markTerms(checkList);
      if (on && failed && !warned) {
        warned = true;
        this.messages.show(`This result differs from what the lesson says: ${checks.filter((k) => k.ok === false).map((k) => k.text).join(' ')}`, 'warning');
      }
    };
    // Nothing replays (no search, or the try only shows a line): the grid already shows it.
    if (!this.controller.playing) show(true);
    else this.reveal.watch({ expanded: result.expanded, ended: !['in-progress', 'idle'].includes(result.status) }, show);
  }
}
