// The page's model: one wasm engine (map + search) and the search settings. Everything the
// canvas draws comes from typed-array views of the engine's per-cell state; this module
// owns no per-cell JS objects.
import createAstarCore from '../astar_core.mjs';

export const Status = Object.freeze({ Idle: 0, InProgress: 1, Found: 2, NoPath: 3, Invalid: 4 });
export const kStatusNames = ['idle', 'searching', 'found', 'no path', 'invalid input'];
export const NodeState = Object.freeze({ Unseen: 0, Open: 1, Closed: 2 });
export const kStateNames = ['unseen', 'open', 'closed'];
// Direction bits as in core/include/astar/grid.h: N E S W NE SE SW NW.
export const kDirectionX = [0, 1, 0, -1, 1, 1, -1, -1];
export const kDirectionY = [-1, 0, 1, 0, -1, 1, 1, -1];
export const kAllDirections = 0xff;
export const kMovementNames = ['never', 'only-when-no-obstacles', 'if-at-most-one-obstacle', 'always'];

export const kDefaultSettings = Object.freeze({
  algorithm: 'astar',
  heuristic: 'octile',
  weight: 1.5,
  wrapAware: true,
  portalAware: true,
});

export async function loadEngine(moduleOptions = {}) {
  const core = await createAstarCore(moduleOptions);
  return new PlaygroundEngine(core);
}

export class PlaygroundEngine {
  constructor(core) {
    this.core = core;
    this.raw = new core.Engine();
    this.algorithms = core.algorithmNames();
    this.heuristics = core.heuristicNames();
    this.generators = typeof core.generatorNames === 'function' ? core.generatorNames() : [];
    this.settings = { ...kDefaultSettings };
  }

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
      s.wrapAware, s.portalAware);
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
