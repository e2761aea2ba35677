// The document and the one place that changes it. The document is the map (cells, rules,
// portals, name), the query (start and goals), the search settings and the current search;
// the wasm engine holds all of it (the only copy of the map). Every change goes through a
// method here, which validates it, records undo for map and query edits (one History, one
// protocol), and announces what changed:
//   'map'      brush cells of a stroke ({ whole: false }), or rules, portals, a whole new map ({ whole: true, fit })
//   'query'    start or goals moved
//   'settings' algorithm, heuristic, weight, awareness switches
//   'search'   the current search began, stepped, finished or was cleared
//   'history'  the undo/redo stacks changed
//   'race'     race mode turned on or off, or its second search's settings changed
//   'lab'      the evolution lab's settings changed
//   'part'     a field of the document that a view owns changed ({ name }: heat map, speed, ...)
// The whole document goes out through snapshot() and comes back through restore() only
// (document/: the schema, its checks and its encodings).
// Readers (views, agents, files, compare) subscribe with on(kind, fn) and read through
// `engine`'s getters; only this module calls the engine's setters (scripts/check_web.mjs).
import { Status, kAllDirections } from './engine.js';
import { History } from './history.js';
import { kFields, kFieldNames, kDocumentVersion, documentContext, defaultOf } from './document/schema.js';

export class Store {
  constructor(engine) {
    this.engine = engine;
    this.history = new History();
    this.listeners = new Map();  // kind -> [fn(detail)]
    this.mapSerial = 0;          // counts whole-map changes (loads, undo, rules)
    this.stroke = null;          // { label, before } while a brush stroke or a drag is open
    this.textMemo = null;        // { key, text }: docText() until the document changes
    this.race = null;            // race mode's second search settings (setRace), or null
    this.lab = null;             // the evolution lab's settings (setLab, web/js/lab/), or null
    // The heuristic follows the movement rule (core's default for it) until the user, a link
    // or the autosave picks another one.
    this.heuristicFollows = true;
    this.context = documentContext(engine.core, engine.registry);  // what document/schema.js's checks need from core
    this.owners = new Map();   // field name -> { read, apply } (own())
    this.pending = new Map();  // field name -> restored value waiting for its owner to register
  }

  // ---- the document as a whole (document/) ----
  // A module that owns a field of the document (the heat map's kind, the speed, the open
  // sections...) registers here: read() gives its value, apply(value) shows a checked one.
  // It starts with the value restored before it loaded (agents, HPA*), else the schema's
  // default: the defaults live in document/schema.js only.
  own(name, owner) {
    if (!kFieldNames.includes(name)) throw new Error(`"${name}" is not a field of the document (document/schema.js)`);
    this.owners.set(name, owner);
    const value = this.pending.has(name) ? this.pending.get(name) : defaultOf(name, this.context);
    this.pending.delete(name);
    owner.apply(value);
  }
  // An owner's field changed (by the user): autosave and the shared link hear it.
  partChanged(name) { this.emit('part', { name }); }

  // Every field's current value (a field whose owner has not loaded yet: what was restored for
  // it, else its default). start and goals are read for comparison; the map text carries them.
  snapshot() {
    const e = this.engine, cell = (n) => [e.xOf(n), e.yOf(n)];
    const own = {
      map: () => this.docText(),
      start: () => (e.start() >= 0 ? cell(e.start()) : null),
      goals: () => Array.from(e.goals(), cell),
      settings: () => ({ ...e.settings }),
      race: () => (this.race ? { ...this.race } : null),
      lab: () => (this.lab ? { method: this.lab.method, params: { ...this.lab.params } } : null),
    };
    const out = { v: kDocumentVersion };
    for (const { name } of kFields) {
      if (own[name]) out[name] = own[name]();
      else if (this.owners.has(name)) out[name] = this.owners.get(name).read();
      else out[name] = this.pending.has(name) ? this.pending.get(name) : defaultOf(name, this.context);
    }
    return out;
  }

  // Applies a document checked by document/check.js (checkDocument: fields it lacks keep what the
  // page shows). The map replaces the current one as one undo step (record) or as the first
  // document of a visit. Returns [{ what, problem }] for fields that could not be applied; a
  // map the reader refuses changes nothing and returns [{ what: 'map', problem, fatal }].
  restore(doc, { label = 'open document', record = true, name = '' } = {}) {
    const problems = [];
    if (doc.map !== undefined) {
      const problem = this.load(doc.map, '', label, { record, name });
      if (problem) return [{ what: 'map', problem, fatal: true }];
    }
    if (doc.settings) {
      const problem = this.setSettings(doc.settings);
      if (problem) problems.push({ what: 'settings', problem });
    }
    if (doc.race !== undefined) {
      const problem = this.setRace(doc.race);
      if (problem) problems.push({ what: 'race settings', problem });
    }
    if (doc.lab !== undefined) this.setLab(doc.lab);
    for (const { name } of kFields) {
      if (['map', 'start', 'goals', 'settings', 'race', 'lab'].includes(name) || doc[name] === undefined) continue;
      const owner = this.owners.get(name);
      if (owner) owner.apply(doc[name]);
      else this.pending.set(name, doc[name]);
    }
    return problems;
  }

  on(kind, fn) {
    if (!this.listeners.has(kind)) this.listeners.set(kind, []);
    this.listeners.get(kind).push(fn);
    return () => this.listeners.set(kind, this.listeners.get(kind).filter((f) => f !== fn));
  }
  emit(kind, detail = {}) {
    for (const fn of this.listeners.get(kind) ?? []) fn(detail);
  }

  // The document as playground text (what undo, autosave and share links keep). Kept until the
  // map changes: the grid's revision (which never repeats, core's map journal) covers cells,
  // portals, rules and loads; start, goals and name are the rest of the text. An edit asks for
  // it before and after, and the autosave again (300 ms each on a 4096² map).
  docText() {
    const e = this.engine, key = `${e.revision()}|${e.start()}|${Array.from(e.goals()).join(',')}|${e.name()}`;
    if (this.textMemo?.key !== key) this.textMemo = { key, text: e.exportText('playground').text };
    return this.textMemo.text;
  }

  // The least number of characters the map's text takes (a cell each, a line end per row): a
  // budget it is surely over is known without writing the text out.
  leastTextChars() { return this.engine.cellCount + this.engine.height; }

  // ---- undoable edits ----
  // Runs fn (engine setters; returns "" or a problem) as one undo step. Returns the problem.
  edit(label, fn, { kind = 'map', whole = true } = {}) {
    const before = this.docText();
    const problem = fn() || '';
    if (!problem) this.history.record(label, before, this.docText());
    this.changed(kind, { whole });
    return problem;
  }

  // A stroke groups many small edits (a brush drag, a marker drag) into one undo step.
  beginStroke(label) {
    this.endStroke();
    this.stroke = { label, before: this.docText() };
  }
  endStroke() {
    const s = this.stroke;
    if (!s) return;
    this.stroke = null;
    this.history.record(s.label, s.before, this.docText());
    this.emit('history');
  }

  changed(kind, detail = {}) {
    const followed = kind === 'map' && detail.whole && this.followMovementRule();
    if (kind === 'map' && detail.whole) this.mapSerial += 1;
    this.emit(kind, detail);
    if (followed) this.emit('settings');
    this.emit('history');
  }

  // After a whole-map change: the default heuristic of the new rule, unless one was chosen.
  // Returns whether the heuristic changed.
  followMovementRule() {
    const e = this.engine, heuristic = e.defaultHeuristic();
    if (!this.heuristicFollows || e.settings.heuristic === heuristic) return false;
    e.setSettings({ heuristic });
    return true;
  }

  // Replaces the whole map from text (a file, a bundled map, a link, autosave) as one undo
  // step. Returns "" or the reader's error (then the current map is kept).
  load(text, fileName, label, { record = true, fit = true, name = '' } = {}) {
    const before = this.docText();
    const problem = this.engine.loadText(text, fileName);
    if (problem) return problem;
    if (name && !this.engine.name()) this.engine.setName(name);
    this.ensureEndpoints();
    if (record) this.history.record(label, before, null);  // written out if it is ever undone
    this.changed('map', { whole: true, fit });
    return '';
  }
  // Forgets undo (the first map of a visit is not an undoable step).
  resetHistory() {
    this.history = new History();
    this.emit('history');
  }

  // A map without start or goal gets the first and last passable cells.
  ensureEndpoints() {
    const e = this.engine;
    if (e.start() >= 0 && e.goal() >= 0) return;  // (the costs' copy is 64 MB on a 4096² map)
    const costs = e.costs();
    const first = costs.findIndex((c) => c > 0), last = costs.findLastIndex((c) => c > 0);
    if (e.start() < 0 && first >= 0) e.setStart(first);
    if (e.goal() < 0 && last >= 0 && last !== e.start()) e.setGoal(last);
  }

  undo() { return this.travel(this.history.undo(), 'before'); }
  redo() { return this.travel(this.history.redo(), 'after'); }
  travel(entry, side) {
    if (!entry) return null;
    if (entry.after === null) entry.after = this.docText();  // undoing it: the document now is its after
    this.engine.loadText(entry[side], '');
    this.changed('map', { whole: true, fit: false });
    return entry.label;
  }

  newBlank(width, height) {
    const shape = this.engine.topology();
    return this.edit(`new ${width}×${height} map`, () => {
      const problem = this.engine.newBlank(width, height);
      if (problem) return problem;
      const e = this.engine;
      if (shape) e.setTopology(shape);  // a new map keeps the cell shape when it can
      e.setStart(e.index(0, 0));
      e.setGoal(e.index(width - 1, height - 1));
      return '';
    });
  }
  generate(kind, width, height, seed) {
    const shape = this.engine.topology();
    return this.edit(`generate ${kind}`, () => {
      const problem = this.engine.generate(kind, width, height, seed);
      if (problem) return problem;
      if (shape) this.engine.setTopology(shape);
      this.ensureEndpoints();
      return '';
    });
  }
  setCells(kind) {
    const t = kind === 'hex' ? 1 : 0;
    if (this.engine.topology() === t) return '';
    return this.edit(t ? 'hex cells' : 'square cells', () => this.engine.setTopology(t));
  }
  setDiagonal(d) { return this.edit('movement rule', () => this.engine.setDiagonal(d)); }
  setCostModel(m) { return this.edit('cost model', () => this.engine.setCostModel(m)); }
  setWrap(x, y) { return this.edit('wrap-around', () => this.engine.setWrap(x, y)); }

  // Paints one brush cell (x, y) inside the open stroke: 'wall' | 'floor' | 'terrain' | 'oneway'.
  // Start and goal cells are never walled. Returns "" or a problem.
  paintCell(tool, x, y, { cost = 1, mask = kAllDirections } = {}) {
    const e = this.engine;
    if (!e.contains(x, y)) return '';
    const n = e.index(x, y);
    if (tool === 'wall') return n === e.start() || n === e.goal() ? '' : e.setWall(x, y);
    if (tool === 'floor') return e.setCost(x, y, 1) || e.setEntryMask(x, y, kAllDirections);
    if (tool === 'terrain') return e.setCost(x, y, cost);
    if (tool === 'oneway') return e.costs()[n] > 0 ? e.setEntryMask(x, y, mask) : '';
    return '';
  }
  // Announces the cells painted since the last call (each brush cell of a stroke, so views and
  // live searches follow the stroke as it is drawn; core structures read which cells from the
  // grid's change journal).
  painted() { this.emit('map', { whole: false }); }

  addPortal(from, to) { return this.edit('add portal', () => this.engine.addPortal(from, to, 1, true)); }
  removePortal(i) { return this.edit('remove portal', () => { this.engine.removePortal(i); return ''; }); }

  // Moves the start or the goal to cell n (inside an open stroke when dragging, else as its own
  // undo step). Refused on walls and on the other endpoint. Returns "" or why not.
  placeEndpoint(which, n) {
    const e = this.engine;
    if (n < 0 || n >= e.cellCount) return 'outside the map';
    if ((which === 'start' ? e.start() : e.goal()) === n) return '';
    if (e.costs()[n] === 0) return `The ${which} cannot be on a wall: choose a floor cell.`;
    if ((which === 'start' ? e.goal() : e.start()) === n) return `The ${which} cannot be on the ${which === 'start' ? 'goal' : 'start'}.`;
    const own = !this.stroke;
    const before = own ? this.docText() : '';
    if (which === 'start') e.setStart(n);
    else e.setGoal(n);
    if (own) this.history.record(`move ${which}`, before, this.docText());
    this.emit('query');
    this.emit('history');
    return '';
  }

  // ---- settings (not undoable: they are choices about the search, not the map) ----
  setSettings(patch) {
    let problem = '';
    try {
      this.engine.setSettings(patch);
      // Choosing the rule's own default keeps following the rule; any other is the user's choice.
      if ('heuristic' in patch) this.heuristicFollows = patch.heuristic === this.engine.defaultHeuristic();
    } catch (err) {
      problem = err.message;
    }
    this.emit('settings');
    return problem;
  }

  // ---- the current search ----
  // Begins the search when none is in progress; returns whether one is.
  ensureStarted() {
    if (this.engine.status() === Status.InProgress) return true;
    const begun = this.engine.begin() === Status.InProgress;
    this.emit('search');
    return begun;
  }
  // quiet: the caller steps again at once and tells the views once, with searchChanged().
  step(n = 1, { quiet = false } = {}) {
    const status = this.engine.step(n);
    if (!quiet) this.emit('search');
    return status;
  }
  searchChanged() { this.emit('search'); }
  // What the search needs on the current map before its first query (its per-node records,
  // then a preprocessed algorithm's tables: JPS+), built a slice at a time so the page can show
  // progress; returns the fraction done (1 when there is nothing left to build).
  preprocessSome(sources) {
    return this.engine.preprocess(sources, this.engine.algorithmInfo().preprocessed);
  }
  stepBack() {
    this.engine.stepBack();
    this.emit('search');
  }
  // The search after exactly k expansions (the timeline): forward by stepping on, backward by
  // beginning again and stepping k (the search is deterministic; stepBack replays the same
  // way), then to its end when asked (a search that runs out of nodes learns so one step after
  // its last expansion). One 'search' announcement. Returns the status.
  seekTo(k, toEnd = false) {
    const e = this.engine;
    let status = e.status();
    // A refused search (invalid input) has nothing to seek in: begun again, under the settings
    // now (a refused agent size set back to 1 kept its refusal until the next step).
    if (status === Status.Idle || status === Status.InvalidInput || k < e.stats().expanded) status = e.begin();
    const behind = k - e.stats().expanded;
    if (status === Status.InProgress && behind > 0) status = e.step(behind);
    if (status === Status.InProgress && toEnd) status = e.run();
    this.emit('search');
    return status;
  }
  runToEnd() {
    if (this.engine.begin() === Status.InProgress) this.engine.run();
    this.emit('search');
  }
  clearSearch() {
    this.engine.clear();
    this.emit('search');
  }
  // ---- race mode: a second search's settings, part of the document (and of share links) ----
  // null (off) or { algorithm, heuristic, weight, wrapAware, portalAware }, checked like the
  // page's own settings. Returns "" or why it was refused (then nothing changes).
  setRace(settings) {
    let next = null;
    if (settings) {
      const e = this.engine, s = { ...e.settings, ...settings };
      const w = Number(s.weight);
      if (!e.algorithms.includes(s.algorithm)) return `unknown algorithm "${s.algorithm}"`;
      if (!e.heuristics.includes(s.heuristic)) return `unknown heuristic "${s.heuristic}"`;
      const { minWeight, maxWeight } = this.context.limits;
      if (!(w >= minWeight && w <= maxWeight)) return `weight must be a number from ${minWeight} to ${maxWeight}`;
      next = { algorithm: s.algorithm, heuristic: s.heuristic, weight: w, wrapAware: !!s.wrapAware, portalAware: !!s.portalAware };
    }
    this.race = next;
    this.emit('race');
    return '';
  }

  // ---- the evolution lab's run settings, part of the document (and of share links) ----
  // null or { method: 'ga' | 'aco', params: { seed, ... } } as document/schema.js checks them;
  // their ranges are core's (LabRun.start says what is wrong).
  setLab(lab) {
    this.lab = lab ? { method: lab.method, params: { ...lab.params } } : null;
    this.emit('lab');
  }

  // The teaching views turn inspection on while shown (expansion records, expansion order);
  // the search under way is replayed to the same point with it.
  setInspection(on) {
    if (this.engine.inspection() === !!on) return;
    this.engine.setInspection(on);
    this.emit('search');
  }
}
