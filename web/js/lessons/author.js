// "Share as lesson": a small form that turns the current map and settings into a lesson link
// (the share link's #v1. format with a lesson field; docs/lessons.md). The author writes a
// title and the text of each step; "Add Try this" records the current search settings, start
// and goal as actions and runs them, so the expectation a reader's page checks (status, cost,
// expanded) is what the engine gave here. The lesson goes through the same validator as any
// lesson link before the link is made.
import { $, el } from '../dom.js';
import { kMaxLinkChars } from '../share.js';
import { documentLink } from '../document/encodings.js';
import { describeDocument, searchWords } from '../document_words.js';
import { startCopy } from '../clipboard.js';
import { LessonError, kLessonLimits, parseLesson } from './format.js';
import { resultOf } from './runner.js';

// The map without its start and goal lines: captured tries stay valid while only those move.
const mapBody = (text) => text.split('\n').filter((l) => !/^(start|goal):/.test(l)).join('\n');

export class LessonAuthor {
  constructor({ store, controller, messages }) {
    this.store = store;
    this.controller = controller;
    this.messages = messages;
    this.steps = [];  // [{ text: <textarea>, tries: [{ raw, body, label: <input> }], list: <ul> }]
  }

  bind() {
    $('lesson-author-add-step').addEventListener('click', () => this.addStep());
    $('lesson-author-make').addEventListener('click', () => this.makeLink());
    $('lesson-author-cancel').addEventListener('click', () => this.toggle(false));
    for (const kind of ['map', 'query', 'settings', 'race', 'lab', 'part']) this.store.on(kind, () => this.showPreview());
  }

  toggle(show = $('lesson-author').hidden) {
    $('lesson-author').hidden = !show;
    $('lesson-author-open').setAttribute('aria-expanded', String(show));
    if (show) {
      if (!this.steps.length) this.addStep();
      $('lesson-author-title').focus();
    }
    this.showPreview();
  }

  // What the link will hold, before it is made: the document the lesson opens with (every
  // field away from its default, in words), each step's "Try this" buttons with what they set
  // and what the student's page will check, and what a "Try this" cannot change.
  showPreview() {
    if ($('lesson-author').hidden) return;
    const snapshot = this.store.snapshot(), ctx = this.store.context, mapNow = mapBody(snapshot.map);
    $('lesson-author-opens').replaceChildren(...describeDocument(snapshot, ctx, { skip: ['lesson'] })
      .map(({ field, text }) => el('li', { text, attrs: { 'data-field': field } })));
    $('lesson-author-plan').replaceChildren(...this.steps.map((step, i) => {
      const tries = step.tries.map((t) => el('li', { text: tryWords(t, ctx, mapNow), cls: t.body === mapNow ? '' : 'warn' }));
      return el('li', { text: `Step ${i + 1}: ${tries.length ? '' : 'text only'}` }, tries.length ? [el('ul', {}, tries)] : []);
    }));
    const open = snapshot.lesson?.lesson?.title;
    $('lesson-author-cannot').textContent = 'A “Try this” sets only the search, the start and the goal, then runs to the end; '
      + 'everything else listed above holds on every step.'
      + (open ? ` The lesson open now (“${open}”) is not carried: this one takes its place.` : '');
  }

  addStep() {
    if (this.steps.length >= kLessonLimits.steps) {
      this.messages.show(`A lesson has at most ${kLessonLimits.steps} steps.`, 'warning');
      return;
    }
    const n = this.steps.length + 1;
    const text = el('textarea', { attrs: { rows: '3', maxlength: String(kLessonLimits.stepText), 'aria-label': `Step ${n} text` } });
    const list = el('ul', { cls: 'lesson-author-tries' });
    const capture = el('button', { text: 'Add “Try this” from the current search', attrs: { type: 'button' } });
    const remove = el('button', { text: 'Remove step', attrs: { type: 'button' } });
    const box = el('fieldset', { cls: 'lesson-author-step' }, [el('legend', { text: `Step ${n}` }), text, list,
      el('div', { cls: 'row buttons' }, [capture, remove])]);
    const step = { text, tries: [], list, box };
    capture.addEventListener('click', () => this.capture(step));
    remove.addEventListener('click', () => this.removeStep(step));
    this.steps.push(step);
    $('lesson-author-steps').append(box);
    text.focus();
    this.showPreview();
  }

  removeStep(step) {
    this.steps = this.steps.filter((s) => s !== step);
    step.box.remove();
    this.steps.forEach((s, i) => {
      s.box.querySelector('legend').textContent = `Step ${i + 1}`;
      s.text.setAttribute('aria-label', `Step ${i + 1} text`);
    });
    this.showPreview();
  }

  // Records the current settings, start and goal as a "Try this", runs it to the end and keeps
  // what the engine gave as its expectation.
  capture(step) {
    if (step.tries.length >= kLessonLimits.tries) {
      this.messages.show(`A step has at most ${kLessonLimits.tries} “Try this” buttons.`, 'warning');
      return;
    }
    const e = this.store.engine, s = e.settings, info = e.algorithmInfo();
    if (e.start() < 0 || e.goal() < 0) {
      this.messages.show('Place a start and a goal first.', 'error');
      return;
    }
    /** @type {Array<Record<string, unknown>>} */
    const actions = [{ algorithm: s.algorithm }, { heuristic: s.heuristic }];
    if (info.weighted) actions.push({ weight: s.weight });
    // The agent size always: the reader's page may have another one set.
    actions.push({ wrapAware: s.wrapAware }, { portalAware: s.portalAware }, { agentSize: s.agentSize },
      { start: [e.xOf(e.start()), e.yOf(e.start())] }, { goal: [e.xOf(e.goal()), e.yOf(e.goal())] }, { finish: true });
    this.controller.finish();
    const r = resultOf(e);
    const expect = { status: r.status, expanded: r.expanded };
    if (r.status === 'found') expect.cost = r.cost;
    const label = el('input', { attrs: { type: 'text', maxlength: String(kLessonLimits.label), 'aria-label': 'Button label' } });
    const h = info.usesHeuristic ? `, ${s.heuristic}${s.wrapAware ? '' : ', not tunnel-aware'}${s.portalAware ? '' : ', not portal-aware'}` : '';
    label.value = `${info.label}${info.weighted ? ` w ${s.weight}` : ''}${h}`.slice(0, kLessonLimits.label);
    const raw = { actions, expect, result: '{status}: cost {cost}, {pathCells} cells, {expanded} expanded.' };
    const entry = { raw, label, body: mapBody(this.store.docText()) };
    const drop = el('button', { text: '×', attrs: { type: 'button', 'aria-label': 'Remove this Try this' } });
    const item = el('li', {}, [label, el('span', { cls: 'note', text: ` ${r.status}, cost ${r.cost}, ${r.expanded} expanded ` }), drop]);
    drop.addEventListener('click', () => {
      step.tries = step.tries.filter((t) => t !== entry);
      item.remove();
      this.showPreview();
    });
    label.addEventListener('input', () => this.showPreview());
    step.tries.push(entry);
    step.list.append(item);
    this.showPreview();
    this.messages.show(`Recorded: ${label.value}: ${r.status}, cost ${r.cost}, ${r.expanded} expanded.`);
  }

  // The lesson as written in the form (not yet checked).
  rawLesson() {
    const summary = $('lesson-author-summary').value.trim();
    return {
      title: $('lesson-author-title').value.trim(),
      ...(summary ? { summary } : {}),
      steps: this.steps.map((s) => ({
        text: s.text.value.trim(),
        try: s.tries.map((t) => ({ ...t.raw, label: t.label.value.trim() })),
      })),
    };
  }

  async makeLink() {
    const out = $('lesson-author-link');
    out.hidden = true;
    const raw = this.rawLesson(), map = this.store.docText();
    try {
      parseLesson(raw, this.store.context.names);
    } catch (e) {
      if (!(e instanceof LessonError)) throw e;
      this.messages.show(`The lesson is not ready: ${e.message}.`, 'error');
      return '';
    }
    if (this.steps.some((s) => s.tries.some((t) => t.body !== mapBody(map)))) {
      this.messages.show('The map changed after a “Try this” was recorded: its result may differ now. Remove it and record it again.', 'error');
      return '';
    }
    return showLessonLink(out, { ...this.store.snapshot(), lesson: { file: '', step: 0, lesson: raw } }, this.messages);
  }
}

// One recorded "Try this" in words: its label, what it sets, what the student's page checks.
function tryWords(entry, ctx, mapNow) {
  const a = Object.assign({}, ...entry.raw.actions), e = entry.raw.expect;
  const checks = [e.status, ...(e.cost !== undefined ? [`cost ${e.cost}`] : []), `${e.expanded} expanded`].join(', ');
  const stale = entry.body === mapNow ? '' : ' The map changed since: record it again.';
  return `“${entry.label.value.trim() || '(no label)'}”: ${searchWords(a, ctx)}, from (${a.start.join(', ')}) to (${a.goal.join(', ')}); checks ${checks}.${stale}`;
}

// Encodes a snapshot with a lesson as a link, puts it in the read-only box (selected) and on
// the clipboard when the browser allows. Returns the URL, or "" when the link would be too long.
export async function showLessonLink(box, snapshot, messages) {
  const copy = startCopy();  // inside the click, before any await: WebKit copies only there
  const fragment = await documentLink(snapshot);
  if (fragment.length > kMaxLinkChars) {
    copy.supply('');
    messages.show(`This lesson is too large for a link (${fragment.length.toLocaleString('en')} characters; at most ${kMaxLinkChars.toLocaleString('en')}).`, 'error');
    return '';
  }
  const url = `${location.origin}${location.pathname}#${fragment}`;
  box.value = url;
  box.hidden = false;
  box.focus();
  box.select();
  copy.supply(url);
  const copied = await copy.copied;  // if not, the link is in the box
  messages.show(`${copied ? 'Lesson link copied' : 'Lesson link ready in the box'} (${url.length} characters).`);
  return url;
}
