// The code pane: the selected algorithm's pseudo-code with the line being executed
// highlighted. "Step line" walks through one expansion line by line, one neighbour's
// relaxation at a time (from the engine's record of the expansion, engine.lastExpansion());
// at the end of an expansion it asks the controller for the next one. "Back line" walks back
// the same way (before an expansion's first line: the previous expansion's last line). While a
// line is highlighted the grid and the open-list table show the search as it stands at that
// line (line_state.js). Any other step (Step, Play, Back) shows the last line the latest
// expansion ran, which is the engine's own state.
import { Status } from '../engine.js';
import { $, el, setText, formatNumber } from '../dom.js';
import { familyOf, linesOfExpansion } from './pseudo_code.js';
import { markTerms } from '../views/glossary_view.js';

const kStateWords = ['unseen', 'open', 'closed'];

export class CodePane {
  // store: the document (read); controller: step(), back(), reset(); focus: the teaching marks
  // drawn on the grid; line: the search at the highlighted line (LineState), set here.
  constructor(store, controller, focus, line) {
    this.store = store;
    this.controller = controller;
    this.focus = focus;
    this.line = line;
    this.active = false;
    this.family = null;
    this.listingKey = '';  // the listing's text, to notice a change of algorithm
    this.sequence = [];   // [{ line, relaxation, done, expanded }] of the latest expansion
    this.cursor = -1;     // index into sequence
    this.record = { cell: -1, goal: false, relaxations: [] };
    store.on('search', () => this.searchChanged());
    store.on('settings', () => this.renderListing());
  }

  bind() {
    $('code-step-line').addEventListener('click', () => this.stepLine());
    $('code-back-line').addEventListener('click', () => this.backLine());
  }

  setActive(on) {
    this.active = on;
    if (on) {
      this.renderListing();
      this.searchChanged();
    } else {
      this.line.set(null, null);
    }
  }

  renderListing() {
    if (!this.active) return;
    const e = this.store.engine;
    this.family = familyOf(e.algorithmInfo());
    this.listingKey = this.family.lines.join('\n');
    const listing = $('code-listing');
    listing.replaceChildren(...this.family.lines.map((text, i) => el('li', { text, attrs: { 'data-line': String(i) } })));
    listing.dataset.family = this.family.name;
    markTerms(listing);  // the page's watcher leaves the listing to this pane (glossary_view.js)
    const info = e.algorithmInfo();
    setText('learn-what', info.usesHeuristic
      ? `${info.label} · heuristic: ${e.registry.heuristicLabels[e.heuristics.indexOf(e.settings.heuristic)]}` : info.label);
    this.highlight();
  }

  searchChanged() {
    if (!this.active) return;
    const e = this.store.engine;
    // A settings change may announce the re-run search before 'settings' reaches this pane:
    // the listing must be the current algorithm's before its lines are worked out.
    if (!this.family || familyOf(e.algorithmInfo()).lines.join('\n') !== this.listingKey) this.renderListing();
    this.record = e.lastExpansion();
    this.sequence = linesOfExpansion(this.family, this.record, e.status() === Status.NoPath);
    if (e.stats().expanded === 1) this.sequence.unshift({ line: 0, relaxation: -1, done: 0, expanded: 'open' });  // the set-up line
    this.cursor = this.sequence.length - 1;
    this.highlight();
  }

  // One line further; past the expansion's last line, the next expansion (its first line).
  stepLine() {
    const e = this.store.engine;
    if (this.cursor >= 0 && this.cursor < this.sequence.length - 1 && e.status() !== Status.Idle) {
      ++this.cursor;
      this.highlight();
      return;
    }
    this.controller.step();  // as the Step button: the next expansion, or a finished search begun again
    this.cursor = 0;
    this.highlight();
  }

  // One line back; before the expansion's first line, the previous expansion's last line
  // (the engine steps back one expansion); before the first expansion's set-up line, no search.
  backLine() {
    const e = this.store.engine;
    if (e.status() === Status.Idle) return;
    if (this.cursor > 0) {
      --this.cursor;
      this.highlight();
    } else if (e.stats().expanded <= 1) {
      this.controller.reset();
    } else {
      this.controller.back();  // 'search': the previous expansion, at its last line
    }
  }

  highlight() {
    const listing = $('code-listing');
    const at = this.sequence[this.cursor];
    const line = at ? at.line : -1;
    for (const li of listing.children) li.classList.toggle('current', Number(li.dataset.line) === line);
    listing.dataset.current = String(line);
    const r = at && at.relaxation >= 0 ? this.record.relaxations[at.relaxation] : null;
    this.focus.expanded = this.record.cell;
    this.focus.neighbour = r ? r.cell : -1;
    setText('code-explain', this.explain(at, r));
    // The state at this line: the engine's at the expansion's last line (and when the search
    // did not end in this expansion's record: no path).
    const status = this.store.engine.status();
    const partway = at && this.cursor < this.sequence.length - 1 && this.record.cell >= 0 &&
      (status === Status.InProgress || status === Status.Found);
    this.line.set(this.record, partway ? at : null);
    this.focus.changed();
  }

  // h and f of a neighbour at its new g, in words with the numbers: "h(4, 6) = 7 (Manhattan),
  // f = 1 + 7 = 8". The heuristic's label is core's (registry.heuristicLabels).
  keyNarration(r) {
    const e = this.store.engine, info = e.algorithmInfo();
    if (info.frontier !== 'priority') return '';
    const g = formatNumber(r.tentativeG), h = formatNumber(r.h), f = formatNumber(r.f);
    const name = `h(${e.xOf(r.cell)}, ${e.yOf(r.cell)}) = ${h}`;
    if (!info.usesHeuristic) return `${name} (${info.label} uses no heuristic), f = g = ${f}`;
    const heuristic = `${name} (${e.registry.heuristicLabels[e.heuristics.indexOf(e.settings.heuristic)]})`;
    if (info.heuristicOnly) return `${heuristic}, f = h = ${f}`;
    if (info.weighted) return `${heuristic}, f = ${g} + ${formatNumber(e.settings.weight)} × ${h} = ${f}`;
    return `${heuristic}, f = ${g} + ${h} = ${f}`;
  }

  // What the highlighted line does here, in one sentence with this expansion's numbers.
  explain(at, r) {
    const e = this.store.engine;
    if (!at) return e.status() === Status.Idle ? 'Press Step line to begin: the start goes on the open list.' : '';
    const cell = (n) => `(${e.xOf(n)}, ${e.yOf(n)})`;
    const u = this.record.cell;
    const s = this.family.steps;
    if (at.line === 0) return 'The open list starts with the start cell alone, at g = 0.';
    switch (at.line) {
      case s.loop: return u >= 0 ? 'The open list is not empty: the search goes on.' : 'The open list is empty: every reachable cell was expanded.';
      case s.take: return `Take ${cell(u)} off the open list: it came first (the table now shows the rest).`;
      case s.goal: return this.record.goal ? `${cell(u)} is the goal: the path is found.` : `${cell(u)} is not a goal.`;
      case s.close: return `Close ${cell(u)}: its g is final.`;
      case s.none: return 'No path: the goal cannot be reached.';
      default: break;
    }
    if (!r) return '';
    const v = cell(r.cell), was = kStateWords[r.previousState] ?? '?';
    const key = this.keyNarration(r);
    if (at.line === s.each) return `Neighbour ${v} (move cost ${formatNumber(r.stepCost)}), ${was}.`;
    if (at.line === s.jump) return `The jump from ${cell(u)} stops at ${v}.`;
    if (at.line === s.skip) {
      if (r.outcome === 'skipped-closed') return `${v} is closed: skipped.`;
      if (r.outcome === 'not-better' && s.tentative < 0) return `${v} was already seen: skipped.`;
      return `${v} is not closed.`;
    }
    if (at.line === s.tentative) return `g′ = ${formatNumber(r.tentativeG - r.stepCost)} + ${formatNumber(r.stepCost)} = ${formatNumber(r.tentativeG)}.`;
    if (at.line === s.push) {
      if (r.outcome !== 'opened') return `${v} is already open.`;
      return `${v} was not open: pushed with g = ${formatNumber(r.tentativeG)}${key ? `; ${key}` : ''}.`;
    }
    if (at.line === s.improve) {
      return r.outcome === 'not-better'
        ? `${formatNumber(r.tentativeG)} is not below its g = ${formatNumber(r.previousG)}: nothing changes.`
        : `${formatNumber(r.tentativeG)} < ${formatNumber(r.previousG)}: a cheaper way to ${v}; its key drops: ${key}.`;
    }
    return '';
  }
}
