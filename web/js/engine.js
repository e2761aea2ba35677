// The page's model: one wasm engine (map + search) and the search settings. Everything the
// canvas draws comes from typed-array views of the engine's per-cell state; this module
// owns no per-cell JS objects.
// The module is loaded by the engine package's loadCore (packages/engine/index.js, copied into the
// served folder as astar_engine.js): one copy of the loading glue for the page and the package.
import { loadCore } from '../astar_engine.js';

// Core's registries (core.registry(): web/registry_bindings.cpp) fill these tables once the
// module has loaded (loadEngine), before any page code runs; nothing here re-types core's
// names. Status keys are core's status names in PascalCase: Status.Found, Status.NoPath.
export const Status = {};
export const kStatusNames = [];   // for people: 'searching', 'no path', ...
export const kDirectionNames = [];  // 'N', 'E', ... by core's Direction value
export const kDirectionX = [];
export const kDirectionY = [];
export const kMovementNames = [];   // 'never', 'only-when-no-obstacles', ...
export const NodeState = Object.freeze({ Unseen: 0, Open: 1, Closed: 2 });
export const kStateNames = ['unseen', 'open', 'closed'];
export const kAllDirections = 0xff;

// The largest map (in cells) on which the page runs a planner's preprocessing and query in one
// task (Compare all's rows outside the search loop, the subgoal and navmesh layers); on bigger
// maps Compare all says those rows were not run and the layers ask the planner worker (planners/). The bundled random 128 x 128 map (5,316
// subgoals) builds its subgoal graph in 80 ms natively; in Chromium on the loaded 2-core VM it
// took up to 500 ms.
export const kUnslicedPlannerCells = 16384;

const pascalCase = (name) => name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());

// Fills the tables above from core.registry() (once; later calls change nothing).
export function applyRegistry(registry) {
  if (kStatusNames.length > 0) return;
  registry.statuses.forEach((s, i) => { Status[pascalCase(s.name)] = i; kStatusNames.push(s.label); });
  Object.freeze(Status);
  for (const d of registry.directions) {
    kDirectionNames.push(d.name);
    kDirectionX.push(d.dx);
    kDirectionY.push(d.dy);
  }
  for (const m of registry.movements) kMovementNames.push(m.name);
  Object.freeze(Object.assign(kDefaultSettings, { agentSize: registry.limits.minAgentSize }, registry.defaults));
}

// The page's first settings: core's default algorithm and weighted A*'s default weight
// (registry.defaults), awareness on, an agent one cell wide (core's smallest agentSize). The
// heuristic is not here: it follows the map's movement rule (engine.defaultHeuristic()).
/** @type {{ algorithm: string, weight: number, wrapAware: boolean, portalAware: boolean, agentSize: number }} */
export const kDefaultSettings = /** @type {any} */ ({ wrapAware: true, portalAware: true });

// ---- Crossing the wasm boundary ----
// costs(), entryMasks(), states(), path() and parents() here, and the agents' AgentWorld
// flowNext(), flowDistance() and flowGoals(), return LIVE views of wasm memory. A live view
// dies after any call into the module that may allocate: when the heap grows its buffer is
// detached (length 0: a .set() or a C++ conversion from it throws "detached ArrayBuffer"), and
// when the map is replaced it may point at freed memory. Calls that may allocate: newBlank,
// loadText, generate, restore, begin, step, run, stepBack, commitCells, parents(), exportText,
// addPortal, setTopology, and on an AgentWorld anything that searches, smooths, submits, pumps
// or builds a field (and any of its calls after a map change, which repairs the field). Reading
// a view is safe until the next such call; to keep data longer, or to hand it to C++ or to a
// worker, copy it out with copyOut() (or take snapshot()). Fetch views again each frame.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const kTextPieceChars = 2 << 20;  // a map text goes into wasm this many characters per task

export function copyOut(view) {
  return view.slice();  // a JS-owned copy of the same typed-array type
}

export async function loadEngine(moduleOptions = {}) {
  const core = await loadCore(moduleOptions);
  return new PlaygroundEngine(core);  // fills the module's tables from core's registry
}

export class PlaygroundEngine {
  constructor(core) {
    this.core = core;
    this.raw = new core.Engine();
    this.registry = core.registry();
    applyRegistry(this.registry);
    this.algorithms = this.registry.algorithms.map((a) => a.name);
    this.heuristics = this.registry.heuristics;
    this.generators = this.registry.generators.map((g) => g.name);
    this.settings = { ...kDefaultSettings, heuristic: this.defaultHeuristic() };
    this.inspector = new core.SearchInspector(this.raw);  // reads of the search for the teaching views
    /** @type {{ text: string, load: any } | null} */
    this.prepared = null;  // a map text read by prepareText(), until loadText() takes it
    this.sampler = null;   // core.StateSampler, made on first use (sampledStates)
  }

  // Core's heuristic for this map's cell shape and movement rule (registry.defaultHeuristics):
  // manhattan on 4-way, octile on 8-way, the hex distance on hex cells.
  defaultHeuristic() {
    const r = this.registry;
    return r.defaultHeuristics[r.cellShapes[this.raw.topology()]][this.raw.diagonal()];
  }

  // Core's row for an algorithm name: {name, label, usesHeuristic, optimal, weighted, heuristicOnly,
  // squareUniformGrids, note}.
  algorithmInfo(name = this.settings.algorithm) { return this.registry.algorithms.find((a) => a.name === name); }
  get width() { return this.raw.width(); }
  get height() { return this.raw.height(); }
  get cellCount() { return this.raw.width() * this.raw.height(); }
  index(x, y) { return y * this.raw.width() + x; }
  xOf(n) { return n % this.raw.width(); }
  yOf(n) { return Math.floor(n / this.raw.width()); }
  contains(x, y) { return x >= 0 && y >= 0 && x < this.raw.width() && y < this.raw.height(); }
  // Increases on every edit and load and never repeats (core's change journal, map_journal.h):
  // a cache of anything drawn from the map keys on it.
  revision() { return this.raw.revision(); }

  // ---- live views of wasm memory: see "Crossing the wasm boundary" below ----
  costs() { return this.raw.costs(); }            // Float64Array: entry cost, 0 = wall
  entryMasks() { return this.raw.entryMasks(); }  // Uint8Array: allowed entry directions
  states() { return this.raw.states(); }          // Uint8Array: 0 unseen, 1 open, 2 closed
  // The states of one cell per step x step block, row by row (Uint8Array, ceil(w/step) x ceil(h/step)).
  sampledStates(step) { return (this.sampler ??= new this.core.StateSampler(this.raw)).sample(step); }
  path() { return this.raw.path(); }              // Uint32Array: cells, start first
  parents() { return this.raw.parents(); }        // Int32Array (filling it allocates)
  portals() { return this.raw.portals(); }        // a plain JS array (a copy)

  // The map as JS-owned copies: for a worker (restore() there) or for holding across calls.
  snapshot() {
    const r = this.raw;
    return {
      width: r.width(), height: r.height(), costs: copyOut(r.costs()), masks: copyOut(r.entryMasks()),
      portals: r.portals(), wrapX: r.wrapX(), wrapY: r.wrapY(), diagonal: r.diagonal(), costModel: r.costModel(),
      topology: r.topology(),
    };
  }
  // Replaces the map with a snapshot() (start, goals and name are not part of it). Returns ""
  // or the first error; on error the map may be partly applied.
  restore(s) {
    const r = this.raw;
    const problem = r.newMap(s.width, s.height) || r.setTopology(s.topology) || r.setWrap(!!s.wrapX, !!s.wrapY) ||
      r.setDiagonal(s.diagonal) || r.setCostModel(s.costModel);
    if (problem) return problem;
    // Views taken after the last allocating call and written at once (set() makes no wasm call).
    r.costs().set(s.costs);
    r.entryMasks().set(s.masks);
    const cells = r.commitCells();
    if (cells) return cells;
    for (const p of s.portals) {
      const e = this.addPortal(p.from, p.to, p.cost, p.twoWay);
      if (e) return e;
    }
    return '';
  }

  // ---- the document ----
  name() { return this.raw.name(); }
  setName(name) { this.raw.setName(String(name)); }
  start() { return this.raw.start(); }   // -1 when none
  goal() { return this.raw.goal(); }     // -1 when none
  goals() { return this.raw.goals(); }   // a file may have several
  setStart(n) { this.raw.setStart(n); }
  setGoal(n) { this.raw.setGoal(n); }
  // A copy of another engine's start() and goals() (a worker's engine: the page's own query
  // changes only through store.js), like restore() for the map.
  restoreQuery(start, goals) {
    this.raw.setStart(start);
    this.raw.setGoal(goals.length ? goals[0] : -1);
    for (let i = 1; i < goals.length; ++i) this.raw.addGoal(goals[i]);
  }
  // Reads any format core knows (by content, then by file name). Returns "" or the error
  // ("line 3, column 5: ..."); on error the current map is kept. The text prepareText() read
  // is not read again: its map replaces the current one.
  loadText(text, fileName = '') {
    const prepared = this.prepared;
    this.prepared = null;
    if (prepared?.text === text) {
      const problem = prepared.load.commit();
      prepared.load.delete();
      return problem;
    }
    prepared?.load.delete();
    return this.raw.loadMap(String(text), String(fileName));
  }
  // Reads playground map text a band of rows per task (core's MapTextReader, web/big_map_bindings.cpp):
  // a 4096² map's reading (0.6 s at once) in tasks of about sliceMs. The current map stays until
  // loadText(text) with the same text takes the map read. Returns "" or the reader's problem
  // (then loadText reads the text again and reports the same).
  async prepareText(text, { sliceMs = 20 } = {}) {
    this.dropPrepared();
    if (!text.startsWith('astar-map')) return '';  // other formats are read by loadText at once
    let load = null, problem = '';
    try {
      load = new this.core.MapTextLoad(this.raw);
      await nextTask();  // the text's buffer may grow the heap: not in the task that produced the text
      await this.copyText(load, text);
      load.begin();
      let rows = 8;
      while (!load.done() && !problem) {
        const t0 = performance.now();
        problem = load.read(rows);
        // The next band's rows from this one's time (at most twice as many: the first is a guess).
        rows = Math.max(1, Math.round(rows * Math.min(2, sliceMs / Math.max(0.5, performance.now() - t0))));
        await nextTask();  // after the last band too: the map's commit is a task of its own
      }
      problem ||= load.problem();
    } catch {
      load?.delete();  // out of memory, say: loadText reads the text at once and reports it
      return '';
    }
    if (problem) {
      load.delete();
    } else {
      this.dropPrepared();  // another open's, read meanwhile
      this.prepared = { text, load };
    }
    return problem;
  }
  // The text's UTF-8 bytes into a MapTextLoad's buffer, a piece per task. A map's rows are ASCII
  // (a byte a character): the buffer has a byte per character, and a text with other characters
  // (in its name, say) is encoded at once instead.
  async copyText(load, text) {
    const encoder = new TextEncoder(), start = load.textBuffer(text.length).byteOffset;
    for (let at = 0; at < text.length; at += kTextPieceChars) {
      // The heap's view is taken again for each piece: the heap may have grown meanwhile.
      const piece = text.slice(at, at + kTextPieceChars), room = this.core.HEAPU8.subarray(start + at, start + text.length);
      const { read, written } = encoder.encodeInto(piece, room);
      if (read !== piece.length || written !== read) {
        const bytes = encoder.encode(text);
        load.textBuffer(bytes.length).set(bytes);  // a view taken after the last allocating call
        return;
      }
      await nextTask();
    }
  }
  dropPrepared() {
    this.prepared?.load.delete();
    this.prepared = null;
  }
  // 'playground' or 'movingai'; returns { text, lost } (lost: what the format cannot hold).
  exportText(format) {
    const text = this.raw.exportMap(format);
    return { text, lost: this.raw.exportLosses() };
  }
  newBlank(width, height) { return this.raw.newMap(width, height); }
  generate(kind, width, height, seed) { return this.raw.generate(kind, width, height, seed); }

  // ---- map edits ----
  setWall(x, y) { return this.raw.setWall(x, y); }
  setCost(x, y, cost) { return this.raw.setCost(x, y, cost); }
  setEntryMask(x, y, mask) { return this.raw.setEntryMask(x, y, mask); }
  wrapX() { return this.raw.wrapX(); }
  wrapY() { return this.raw.wrapY(); }
  setWrap(x, y) { return this.raw.setWrap(!!x, !!y); }
  // 0 square, 1 hex (odd rows shifted right by half a cell).
  topology() { return this.raw.topology(); }
  isHex() { return this.raw.topology() === 1; }
  setTopology(t) { return this.raw.setTopology(t); }
  diagonal() { return this.raw.diagonal(); }
  setDiagonal(d) { return this.raw.setDiagonal(d); }
  costModel() { return this.raw.costModel(); }
  setCostModel(m) { return this.raw.setCostModel(m); }
  addPortal(from, to, cost = 1, twoWay = true) {
    return this.raw.addPortal(this.xOf(from), this.yOf(from), this.xOf(to), this.yOf(to), cost, twoWay);
  }
  removePortal(i) { this.raw.removePortal(i); }

  // ---- search ----
  setSettings(patch) {
    const next = { ...this.settings, ...patch };
    if (!this.algorithms.includes(next.algorithm)) throw new Error(`unknown algorithm "${next.algorithm}"`);
    if (!this.heuristics.includes(next.heuristic)) throw new Error(`unknown heuristic "${next.heuristic}"`);
    const w = Number(next.weight);
    const { minWeight, maxWeight } = this.registry.limits;
    if (!(w >= minWeight && w <= maxWeight)) throw new Error(`weight must be a number from ${minWeight} to ${maxWeight}`);
    const { minAgentSize, maxAgentSize } = this.registry.limits, k = Number(next.agentSize);
    if (!(Number.isInteger(k) && k >= minAgentSize && k <= maxAgentSize)) {
      throw new Error(`the agent size must be a whole number of cells from ${minAgentSize} to ${maxAgentSize}`);
    }
    this.settings = { ...next, weight: w, wrapAware: !!next.wrapAware, portalAware: !!next.portalAware, agentSize: k };
  }
  // The search runs for a square agent of settings.agentSize cells, its path the cells of the
  // agent's top-left corner (core's clearance.h); core refuses a size the algorithm or the map
  // cannot take (status invalid input, its sentence in message()).
  begin() {
    const s = this.settings;
    this.raw.setAgentSize(s.agentSize);
    return this.raw.begin(this.algorithms.indexOf(s.algorithm), this.heuristics.indexOf(s.heuristic), s.weight,
      s.wrapAware, s.portalAware, false);
  }
  step(n = 1) { return this.raw.step(n); }
  // Builds what the search needs on this map a slice at a time: its per-node records (64 K nodes
  // per source: a 4096² map's 320 MB would block the page for 0.5 s or more at once), then, when
  // `tables`, a preprocessed algorithm's tables (at most `sources` goal-bounding Dijkstras per
  // call). Returns the fraction done of the part under way (1: complete).
  preprocess(sources, tables) { return this.raw.preprocess(sources, tables); }
  stepBack() { return this.raw.stepBack(); }
  run() { return this.raw.run(); }
  clear() { this.raw.clear(); }
  status() { return this.raw.status(); }
  message() { return this.raw.message(); }
  stats() { return this.raw.stats(); }
  inspect(n) { return this.raw.inspect(n); }

  // ---- inspection (the teaching views: web/js/teach/) ----
  // On: searches keep their expansion order and a record of each expansion; a search under
  // way is replayed to the same point. Returns the status.
  setInspection(on) { return this.raw.setInspection(!!on); }
  inspection() { return this.raw.inspection(); }
  // [{cell, g, h, f}]: the first n open cells in the order the search will expand them.
  openList(n) { return this.inspector.openList(n); }
  // The same part-way through the last expansion: its cell taken and its first `relaxations`
  // relaxations done; the array's `total` is the number of open cells then.
  openListAt(n, relaxations) { return this.inspector.openListAt(n, relaxations); }
  // {cell, goal, relaxations: [{cell, stepCost, tentativeG, previousG, previousState, outcome, h, f}]}
  // (h and f: the neighbour's, f with g = tentativeG).
  lastExpansion() { return this.inspector.lastExpansion(); }
  // Float64Array per cell (a LIVE view): 'g', 'h', 'f', 'order', 'exact' or 'error'; NaN where
  // the value does not apply.
  heat(kind) { return this.inspector.heat(kind); }
  heuristicInfo() {
    const s = this.settings;
    return this.raw.heuristicInfo(this.heuristics.indexOf(s.heuristic), s.wrapAware, s.portalAware);
  }
}
