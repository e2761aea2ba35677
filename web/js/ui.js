// The playground controller: search controls, stats panel, inspector, editing and the
// render loop. Pointer/keyboard input lives in input.js, files and links in files.js.
import { Status, kStatusNames, kStateNames, kAllDirections, kDirectionNames } from './engine.js';
import { Renderer } from './render.js';
import { History } from './history.js';
import { hexDisc } from './hex.js';

const $ = (id) => document.getElementById(id);

// One-way choices (entry direction masks, bits N E S W NE SE SW NW) for square and hex cells.
const kOneWayChoices = {
  square: [['145', '↑ N'], ['50', '→ E'], ['100', '↓ S'], ['200', '← W'], ['255', 'clear']],
  hex: [['16', '↗ NE'], ['2', '→ E'], ['32', '↘ SE'], ['64', '↙ SW'], ['8', '← W'], ['128', '↖ NW'],
    ['145', '↑ up (NE NW)'], ['100', '↓ down (SE SW)'], ['255', 'clear']],
};
const kHexDistanceHeuristics = ['manhattan', 'octile', 'chebyshev'];

export function formatNumber(v) {
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '–';
  if (Math.abs(v - Math.round(v)) < 1e-9) return String(Math.round(v));
  return String(Number(v.toFixed(4)));
}

// Speed slider 0..100 -> expansions per frame 1..10000 (logarithmic).
export function speedFromSlider(v) { return Math.max(1, Math.round(10 ** (Number(v) / 25))); }

export class Playground {
  constructor(engine, canvas) {
    this.engine = engine;
    this.renderer = new Renderer(canvas, engine);
    this.history = new History();
    this.playing = false;
    this.live = true;
    this.speed = 1;
    this.raf = 0;
    this.frameWork = [];   // ms of engine + drawing work per animated frame
    this.tickers = [];     // extra per-frame hooks: fn(nowMs) -> true to keep animating
    this.listeners = [];   // fn(kind) after map/search changes ('map', 'search')
    this.messageTimer = 0;
    this.shownTopology = -1;  // the cell shape the view was last fitted for
    this.mapSerial = 0;       // counts whole-map changes (loads, undo, rules), for the compare table
    this.compare = null;      // the Compare panel (compare.js), told of every query change
    this.frame = this.frame.bind(this);
  }

  // ---- hooks for other modules (agents, overlays) ----
  addTicker(fn) {
    this.tickers.push(fn);
    this.requestDraw();
    return () => { this.tickers = this.tickers.filter((f) => f !== fn); };
  }
  onChange(fn) { this.listeners.push(fn); }
  emit(kind) { for (const fn of this.listeners) fn(kind); }

  // ---- messages (always textContent: nothing from a file or a link becomes HTML) ----
  showMessage(text, kind = 'info', ms = kind === 'error' ? 9000 : 3500) {
    const box = $('message');
    box.textContent = text;
    box.className = kind;
    box.hidden = false;
    box.dataset.kind = kind;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => { box.hidden = true; }, ms);
  }

  // ---- the document ----
  docText() { return this.engine.exportText('playground').text; }

  // Runs an edit as one undoable step; edit() returns "" or an error message.
  edit(label, fn) {
    const before = this.docText();
    const problem = fn() || '';
    if (problem) {
      this.showMessage(problem, 'error');
      this.mapChanged();
      return false;
    }
    this.history.record(label, before, this.docText());
    this.mapChanged();
    return true;
  }

  // Replaces the whole map from text (a file, a bundled map, a link, autosave) as one
  // undoable step. Returns "" or the reader's error (then the current map is kept).
  loadText(text, fileName, label, { fit = true, record = true, quiet = false } = {}) {
    const before = this.docText();
    const problem = this.engine.loadText(text, fileName);
    if (problem) {
      if (!quiet) this.showMessage(`${label}: ${problem}`, 'error');
      return problem;
    }
    this.ensureEndpoints();
    if (record) this.history.record(label, before, this.docText());
    this.mapChanged({ fit });
    return '';
  }

  // A map without start or goal gets the first and last passable cells.
  ensureEndpoints() {
    const e = this.engine, costs = e.costs();
    if (e.start() < 0) {
      const i = costs.findIndex((c) => c > 0);
      if (i >= 0) e.setStart(i);
    }
    if (e.goal() < 0) {
      const i = costs.findLastIndex((c) => c > 0);
      if (i >= 0 && i !== e.start()) e.setGoal(i);
    }
  }

  undo() {
    const entry = this.history.undo();
    if (!entry) return;
    this.engine.loadText(entry.before, '');
    this.mapChanged({ fit: false });
    this.showMessage(`Undid: ${entry.label}`);
  }
  redo() {
    const entry = this.history.redo();
    if (!entry) return;
    this.engine.loadText(entry.after, '');
    this.mapChanged({ fit: false });
    this.showMessage(`Redid: ${entry.label}`);
  }

  mapChanged({ fit = false } = {}) {
    this.mapSerial += 1;
    this.renderer.markMapDirty();
    this.renderer.pendingPortal = -1;
    // Square and hex layouts differ in size: a change of cell shape (switch, undo, a loaded
    // map) fits the view again.
    if (fit || this.engine.topology() !== this.shownTopology) this.renderer.fit();
    this.shownTopology = this.engine.topology();
    this.syncMapControls();
    this.emit('map');
    this.searchChanged();
  }

  // ---- search ----
  searchChanged() {
    this.playing = false;
    if (this.live) this.runNow();
    else this.engine.clear();
    this.refresh();
    this.compare?.queryChanged();
  }

  runNow() {
    if (this.engine.begin() === Status.InProgress) this.engine.run();
  }

  ensureStarted() {
    const s = this.engine.status();
    if (s === Status.InProgress) return true;
    return this.engine.begin() === Status.InProgress;
  }

  togglePlay() {
    if (this.playing) {
      this.playing = false;
    } else if (this.ensureStarted()) {
      this.playing = true;
      this.frameWork = [];
    }
    this.refresh();
  }
  step() {
    this.playing = false;
    if (this.ensureStarted()) this.engine.step(1);
    this.refresh();
  }
  stepBack() {
    this.playing = false;
    this.engine.stepBack();
    this.refresh();
  }
  finish() {
    this.playing = false;
    if (this.ensureStarted()) this.engine.run();
    this.refresh();
  }
  resetSearch() {
    this.playing = false;
    this.engine.clear();
    this.refresh();
  }

  setSettings(patch) {
    try {
      this.engine.setSettings(patch);
    } catch (e) {
      this.showMessage(e.message, 'error');
    }
    this.syncSearchControls();
    this.emit('settings');
    this.searchChanged();
  }

  // ---- frame loop ----
  requestDraw() {
    if (!this.raf) this.raf = requestAnimationFrame(this.frame);
  }
  refresh() {
    this.renderer.markStateDirty();
    this.updateStats();
    this.updateInspector();
    this.requestDraw();
  }

  frame(now) {
    this.raf = 0;
    const t0 = performance.now();
    let more = false;
    if (this.playing) {
      if (this.engine.step(this.speed) !== Status.InProgress) this.playing = false;
      this.renderer.markStateDirty();
      this.updateStats();
      more = this.playing;
    }
    for (const tick of this.tickers) if (tick(now)) more = true;
    this.renderer.draw();
    if (this.playing || more) {
      if (this.frameWork.length >= 2000) this.frameWork.shift();
      this.frameWork.push(performance.now() - t0);
      this.requestDraw();
    }
    if (!this.playing) this.updateStats();
  }

  frameStats() {
    const v = [...this.frameWork].sort((a, b) => a - b);
    if (!v.length) return { frames: 0, meanMs: 0, p95Ms: 0, maxMs: 0 };
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    return { frames: v.length, meanMs: mean, p95Ms: v[Math.min(v.length - 1, Math.floor(v.length * 0.95))], maxMs: v[v.length - 1] };
  }

  // ---- panels ----
  updateStats() {
    const e = this.engine, s = e.stats(), status = e.status();
    let statusText = kStatusNames[status];
    if (status === Status.InvalidInput) statusText += `: ${e.message()}`;
    if (status === Status.NoPath && s.partial) statusText += ' (showing the closest reachable cell)';
    if (this.playing) statusText = 'playing';
    const set = (id, text, value) => {
      const el = $(id);
      if (el.textContent !== text) el.textContent = text;
      if (value !== undefined) el.dataset.value = String(value);
    };
    set('stat-status', statusText);
    $('stat-status').dataset.status = String(status);
    set('stat-expanded', String(s.expanded), s.expanded);
    set('stat-generated', String(s.generated), s.generated);
    set('stat-max-open', String(s.maxOpen), s.maxOpen);
    const hasPath = status === Status.Found || status === Status.NoPath;
    set('stat-path-cost', hasPath ? formatNumber(s.pathCost) + (s.partial ? ' (partial)' : '') : '–', hasPath ? s.pathCost : '');
    set('stat-path-cells', String(s.pathCells), s.pathCells);
    // The browser's clock ticks in 0.1 ms steps (no cross-origin isolation): below that, say so.
    set('stat-time', s.engineMs > 0 ? `${s.engineMs.toFixed(s.engineMs < 1 ? 3 : 2)} ms` : (s.expanded ? '< 0.1 ms' : '0 ms'), s.engineMs);
    $('play').textContent = this.playing ? 'Pause' : 'Play';
    $('step-back').disabled = s.expanded === 0;
    $('undo').disabled = !this.history.canUndo();
    $('redo').disabled = !this.history.canRedo();
  }

  describeCell(n) {
    const e = this.engine;
    return n >= 0 ? `(${e.xOf(n)}, ${e.yOf(n)})` : '–';
  }

  updateInspector() {
    const e = this.engine, r = this.renderer;
    const n = r.hover >= 0 ? r.hover : r.cursor;
    const set = (id, text) => { $(id).textContent = text; };
    if (n < 0 || n >= e.cellCount) {
      for (const id of ['inspect-cell', 'inspect-terrain', 'inspect-state', 'inspect-g', 'inspect-h', 'inspect-f', 'inspect-parent']) set(id, '–');
      return;
    }
    const info = e.inspect(n), cost = e.costs()[n], mask = e.entryMasks()[n];
    let terrain = cost === 0 ? 'wall' : `cost ${formatNumber(cost)}`;
    if (cost !== 0 && mask !== kAllDirections) {
      const hex = e.isHex();  // N and S are not hex moves
      const dirs = kDirectionNames.filter((_, d) => mask & (1 << d) && !(hex && (d === 0 || d === 2)));
      terrain += `, one-way (enter moving ${dirs.join(' ') || 'nowhere'})`;
    }
    if (e.portals().some((p) => p.from === n || p.to === n)) terrain += ', portal';
    if (n === e.start()) terrain += ', start';
    if (n === e.goal()) terrain += ', goal';
    set('inspect-cell', this.describeCell(n));
    set('inspect-terrain', terrain);
    set('inspect-state', kStateNames[info.state] ?? '–');
    set('inspect-g', formatNumber(info.g));
    set('inspect-h', info.state === 0 && e.status() === Status.Idle ? '–' : formatNumber(info.h));
    set('inspect-f', formatNumber(info.f));
    set('inspect-parent', info.parent >= 0 ? this.describeCell(info.parent) : '–');
  }

  syncSearchControls() {
    const s = this.engine.settings;
    $('algorithm').value = s.algorithm;
    $('heuristic').value = s.heuristic;
    $('weight').value = String(s.weight);
    const algorithm = this.engine.algorithmInfo();
    $('weight').disabled = !algorithm.weighted;
    $('wrap-aware').checked = s.wrapAware;
    $('portal-aware').checked = s.portalAware;
    const blind = !algorithm.usesHeuristic;
    $('heuristic').disabled = blind;
    const info = this.engine.heuristicInfo();
    const note = $('heuristic-note');
    if (blind) {
      note.textContent = `${s.algorithm} ignores the heuristic.`;
      note.className = 'note';
    } else if (!info.admissible) {
      note.textContent = `${s.heuristic} may overestimate on this map: the path may not be the shortest.`;
      note.className = 'note warn';
    } else {
      note.textContent = algorithm.optimal ? `${s.heuristic} is admissible here: the path is the shortest. ${algorithm.note}`
        : algorithm.note;
      note.className = 'note';
    }
    if (this.engine.isHex()) {
      if (!blind && kHexDistanceHeuristics.includes(s.heuristic)) {
        note.textContent += ' On hex cells manhattan, octile and chebyshev all mean the hex distance (the number of hex steps).';
      } else if (!blind && s.heuristic === 'euclidean') {
        note.textContent += ' On hex cells euclidean is the straight-line distance between hex centres.';
      }
      if (algorithm.squareUniformGrids) note.textContent += ` ${algorithm.label} runs as plain A* on hex cells.`;
    }
  }

  syncMapControls() {
    const e = this.engine;
    $('wrap-x').checked = e.wrapX();
    $('wrap-y').checked = e.wrapY();
    $('diagonal').value = String(e.diagonal());
    $('cost-model').checked = e.costModel() === 1;
    const hex = e.isHex();
    $('cells').value = hex ? 'hex' : 'square';
    // The diagonal rule is about squares' corners: hex cells have six edge neighbours, all
    // one straight step away, so it does not apply.
    $('diagonal').disabled = hex;
    $('diagonal').title = hex ? 'Hex cells have six neighbours, each one straight step away: the movement rule applies to square cells only.' : '';
    const movementNote = $('movement-note');
    movementNote.hidden = !hex;
    movementNote.textContent = hex
      ? 'Hex cells: six neighbours (E, W, NE, NW, SE, SW), each step costs one straight step × the entered cell\'s cost; the movement rule applies to square cells only.'
      : '';
    this.syncOneWayChoices(hex);
    const name = e.name() || 'untitled';
    $('map-name').textContent = `${name} · ${e.width}×${e.height}`;
    $('map-name').title = name;
    this.syncSearchControls();
  }

  // The one-way direction menu lists the moves of the map's cells; the choice is kept when
  // the other shape has it.
  syncOneWayChoices(hex) {
    const select = $('oneway-dir'), kind = hex ? 'hex' : 'square';
    if (select.dataset.kind === kind) return;
    const keep = select.value;
    select.replaceChildren(...kOneWayChoices[kind].map(([value, label]) => new Option(label, value)));
    if (kOneWayChoices[kind].some(([value]) => value === keep)) select.value = keep;
    select.dataset.kind = kind;
  }

  // Square or hex cells, as one undoable step; refused (with core's message) e.g. for hex
  // cells on a map that wraps top to bottom with an odd height.
  setCells(kind) {
    const t = kind === 'hex' ? 1 : 0;
    if (this.engine.topology() === t) return true;
    return this.edit(t ? 'hex cells' : 'square cells', () => this.engine.setTopology(t));
  }

  // ---- wiring of the side panel ----
  bindControls() {
    const e = this.engine;
    // Every list comes from core's registry (value = core's name, text = its label).
    const fill = (select, rows) => {
      select.replaceChildren(...rows.map(({ value, text, title }) => {
        const o = document.createElement('option');
        o.value = value;
        o.textContent = text;
        if (title) o.title = title;
        return o;
      }));
    };
    const r = e.registry;
    fill($('algorithm'), r.algorithms.map((a) => ({ value: a.name, text: a.label, title: a.note })));
    fill($('heuristic'), r.heuristics.map((h) => ({ value: h, text: h })));
    fill($('generator'), r.generators.map((g) => ({ value: g.name, text: g.label, title: g.description })));
    fill($('diagonal'), r.movements.map((m, i) => ({ value: String(i), text: m.description, title: m.name })));
    $('generate').disabled = e.generators.length === 0;

    $('algorithm').addEventListener('change', (ev) => this.setSettings({ algorithm: ev.target.value }));
    $('heuristic').addEventListener('change', (ev) => this.setSettings({ heuristic: ev.target.value }));
    $('weight').addEventListener('change', (ev) => this.setSettings({ weight: Number(ev.target.value) }));
    $('wrap-aware').addEventListener('change', (ev) => this.setSettings({ wrapAware: ev.target.checked }));
    $('portal-aware').addEventListener('change', (ev) => this.setSettings({ portalAware: ev.target.checked }));
    $('diagonal').addEventListener('change', (ev) => this.edit('movement rule', () => e.setDiagonal(Number(ev.target.value))));
    $('cost-model').addEventListener('change', (ev) => this.edit('cost model', () => e.setCostModel(ev.target.checked ? 1 : 0)));
    $('cells').addEventListener('change', (ev) => this.setCells(ev.target.value));
    $('wrap-x').addEventListener('change', () => this.edit('wrap-around', () => e.setWrap($('wrap-x').checked, $('wrap-y').checked)));
    $('wrap-y').addEventListener('change', () => this.edit('wrap-around', () => e.setWrap($('wrap-x').checked, $('wrap-y').checked)));

    $('play').addEventListener('click', () => this.togglePlay());
    $('step').addEventListener('click', () => this.step());
    $('step-back').addEventListener('click', () => this.stepBack());
    $('finish').addEventListener('click', () => this.finish());
    $('reset').addEventListener('click', () => this.resetSearch());
    const speed = () => {
      this.speed = speedFromSlider($('speed').value);
      $('speed-label').textContent = `${this.speed}/frame`;
    };
    $('speed').addEventListener('input', speed);
    speed();
    $('live').addEventListener('change', (ev) => {
      this.live = ev.target.checked;
      if (this.live) this.searchChanged();
    });
    this.live = $('live').checked;

    $('show-parents').addEventListener('change', (ev) => { this.renderer.showParents = ev.target.checked; this.requestDraw(); });
    $('show-numbers').addEventListener('change', (ev) => {
      this.renderer.showNumbers = ev.target.checked;
      if (ev.target.checked && this.renderer.cell < 30) this.showMessage('Zoom in (mouse wheel or +) to see the numbers.');
      this.requestDraw();
    });
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('fit').addEventListener('click', () => { this.renderer.fit(); this.requestDraw(); });
    for (const [id, factor] of [['zoom-in', 1.25], ['zoom-out', 0.8]]) {
      $(id).addEventListener('click', () => {
        const r = this.renderer;
        r.zoomAt(r.cssWidth / 2, r.cssHeight / 2, factor);
        this.requestDraw();
      });
    }
    $('new-map').addEventListener('click', () => this.newBlank());
    $('generate').addEventListener('click', () => this.generate());
    $('help-button').addEventListener('click', () => $('help').showModal());
    window.addEventListener('resize', () => this.requestDraw());
  }

  // New blank maps and generated mazes keep the current cell shape (generators lay out
  // square mazes; on hex cells the same walls make a different, still valid, maze).
  keepShape(topology) {
    if (!topology || this.engine.topology() === topology) return;
    const problem = this.engine.setTopology(topology);
    if (problem) this.showMessage(`The new map stays square: ${problem}`, 'error');
  }

  newBlank() {
    const w = Number($('new-width').value), h = Number($('new-height').value), shape = this.engine.topology();
    this.edit(`new ${w}×${h} map`, () => {
      const problem = this.engine.newBlank(w, h);
      if (!problem) {
        this.keepShape(shape);
        this.engine.setStart(this.engine.index(0, 0));
        this.engine.setGoal(this.engine.index(w - 1, h - 1));
      }
      return problem;
    });
    this.renderer.fit();
  }

  generate() {
    const kind = $('generator').value, w = Number($('new-width').value), h = Number($('new-height').value);
    const seed = Number($('seed').value) >>> 0, shape = this.engine.topology();
    this.edit(`generate ${kind}`, () => {
      const problem = this.engine.generate(kind, w, h, seed);
      if (!problem) {
        this.keepShape(shape);
        this.ensureEndpoints();
      }
      return problem;
    });
    this.renderer.fit();
  }

  // ---- editing helpers used by input.js ----
  get tool() { return document.querySelector('input[name=tool]:checked')?.value ?? 'place'; }
  set tool(value) {
    const radio = document.querySelector(`input[name=tool][value="${value}"]`);
    if (radio) radio.checked = true;
  }

  // Applies the current brush at cell n (no undo entry: input.js groups a stroke).
  paint(n) {
    const e = this.engine, tool = this.tool;
    const size = Math.max(1, Math.min(25, Number($('brush-size').value) || 1));
    const half = Math.floor((size - 1) / 2);
    const cx = e.xOf(n), cy = e.yOf(n);
    let problem = '';
    // Square cells: a size x size block; hex cells: the cells within (size - 1) / 2 hex steps.
    const cells = [];
    if (e.isHex()) cells.push(...hexDisc(cx, cy, half));
    else for (let y = cy - half; y < cy - half + size; ++y) for (let x = cx - half; x < cx - half + size; ++x) cells.push([x, y]);
    for (const [x, y] of cells) {
      if (!e.contains(x, y)) continue;
      const m = e.index(x, y);
      if (tool === 'wall') {
        if (m !== e.start() && m !== e.goal()) problem ||= e.setWall(x, y);
      } else if (tool === 'floor') {
        problem ||= e.setCost(x, y, 1) || e.setEntryMask(x, y, kAllDirections);
      } else if (tool === 'terrain') {
        problem ||= e.setCost(x, y, Number($('terrain-cost').value));
      } else if (tool === 'oneway') {
        if (e.costs()[m] > 0) problem ||= e.setEntryMask(x, y, Number($('oneway-dir').value));
      }
    }
    if (problem) this.showMessage(problem, 'error');
    this.renderer.markMapDirty();
    return !problem;
  }

  // Portal tool: click one end then the other; clicking an existing end removes that portal.
  portalClick(n) {
    const e = this.engine, r = this.renderer;
    const existing = e.portals().findIndex((p) => p.from === n || p.to === n);
    if (existing >= 0) {
      this.edit('remove portal', () => { e.removePortal(existing); return ''; });
      return;
    }
    if (r.pendingPortal < 0 || r.pendingPortal === n) {
      r.pendingPortal = r.pendingPortal === n ? -1 : n;
      this.showMessage(r.pendingPortal >= 0 ? 'Now click the other end of the portal.' : 'Portal cancelled.');
      this.requestDraw();
      return;
    }
    const from = r.pendingPortal;
    this.edit('add portal', () => e.addPortal(from, n, 1, true));
  }

  placeEndpoint(which, n) {
    const e = this.engine;
    if (n < 0) return;
    if ((which === 'start' ? e.start() : e.goal()) === n) return;
    if (which === 'start') e.setStart(n);
    else e.setGoal(n);
    this.emit('map');
    this.searchChanged();
  }
}
