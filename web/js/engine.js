// The page's model: one wasm engine (map + search) and the search settings. Everything the
// canvas draws comes from typed-array views of the engine's per-cell state; this module
// owns no per-cell JS objects.
import createAstarCore from '../astar_core.mjs';

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
}

export const kDefaultSettings = Object.freeze({
  algorithm: 'astar',
  heuristic: 'octile',
  weight: 1.5,
  wrapAware: true,
  portalAware: true,
});

export async function loadEngine(moduleOptions = {}) {
  const core = await createAstarCore(moduleOptions);
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
    this.settings = { ...kDefaultSettings };
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
  revision() { return this.raw.revision(); }

  // ---- views (fetch fresh ones each frame: a heap growth detaches old ones) ----
  costs() { return this.raw.costs(); }
  entryMasks() { return this.raw.entryMasks(); }
  states() { return this.raw.states(); }
  path() { return this.raw.path(); }
  parents() { return this.raw.parents(); }
  portals() { return this.raw.portals(); }

  // ---- the document ----
  name() { return this.raw.name(); }
  setName(name) { this.raw.setName(String(name)); }
  start() { return this.raw.start(); }   // -1 when none
  goal() { return this.raw.goal(); }     // -1 when none
  goals() { return this.raw.goals(); }   // a file may have several
  setStart(n) { this.raw.setStart(n); }
  setGoal(n) { this.raw.setGoal(n); }
  // Reads any format core knows (by content, then by file name). Returns "" or the error
  // ("line 3, column 5: ..."); on error the current map is kept.
  loadText(text, fileName = '') { return this.raw.loadMap(String(text), String(fileName)); }
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
    if (!(w >= 1 && w <= 1e6)) throw new Error('weight must be a number from 1 to 1000000');
    this.settings = { ...next, weight: w, wrapAware: !!next.wrapAware, portalAware: !!next.portalAware };
  }
  begin() {
    const s = this.settings;
    return this.raw.begin(this.algorithms.indexOf(s.algorithm), this.heuristics.indexOf(s.heuristic), s.weight,
      s.wrapAware, s.portalAware, false);
  }
  step(n = 1) { return this.raw.step(n); }
  stepBack() { return this.raw.stepBack(); }
  run() { return this.raw.run(); }
  clear() { this.raw.clear(); }
  status() { return this.raw.status(); }
  message() { return this.raw.message(); }
  stats() { return this.raw.stats(); }
  inspect(n) { return this.raw.inspect(n); }
  heuristicInfo() {
    const s = this.settings;
    return this.raw.heuristicInfo(this.heuristics.indexOf(s.heuristic), s.wrapAware, s.portalAware);
  }
}
