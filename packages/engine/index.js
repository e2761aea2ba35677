// astar-playground-engine: the A* Playground's C++ engine in WebAssembly, for games and pages
// (browsers, Web Workers, node 20). One Engine holds one map; searches and flow fields run on it.
//   import { loadEngine } from 'astar-playground-engine';
//   const engine = await loadEngine();
//   engine.loadMap(text);                                   // any format: playground, Moving AI, tutorial
//   const r = engine.findPath([1, 1], [26, 29], { algorithm: 'jps' });
//   if (r.found) console.log(r.cost, r.path);               // path: [[x, y], ...]
// Errors (a bad map, a cell off the map, an unknown option) throw AstarError with a message.
import createAstarCore from './astar_core.mjs';

/** Thrown for bad input: the message says what and, for maps, where (line, column). */
export class AstarError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AstarError';
  }
}

// The shapes index.d.ts declares, for the type check of this file (tsconfig.json).
/** @typedef {{ algorithm?: string, heuristic?: string, weight?: number, wrapAware?: boolean, portalAware?: boolean }} SearchOptions */
/** @typedef {{ status: string, found: boolean, message: string, cost: number, path: Array<[number, number]>, expanded: number, generated: number }} PathResult */
/** @typedef {{ next(x: number, y: number): [number, number] | null, distance(x: number, y: number): number }} FlowField */
/** @typedef {import('./index.js').AstarCore} AstarCore */
/** @typedef {import('./index.js').LoadOptions} LoadOptions */

/**
 * Loads the wasm module (the raw Embind classes: Engine, SideSearch, AgentWorld, registry()).
 * The playground loads it through this too. In browsers and workers the loaded core's
 * `wasmModule` is the compiled WebAssembly.Module: post it to a worker and pass it there as
 * `{ wasmModule }`, and the worker neither fetches nor compiles the .wasm again.
 * @param {LoadOptions} [moduleOptions] passed to the Emscripten module, except wasmModule (a
 *   module compiled before)
 * @returns {Promise<AstarCore>}
 */
export async function loadCore(moduleOptions = {}) {
  const { wasmModule, ...rest } = moduleOptions;
  /** @type {any} */
  const options = rest;
  const wasmUrl = new URL('./astar_core.wasm', import.meta.url);
  // node: read the .wasm next to this file (browsers and workers fetch it by URL).
  const node = /** @type {any} */ (globalThis).process?.versions?.node;
  if (!options.wasmBinary && node && !wasmModule) {
    // @ts-expect-error node's module: no node types in the checked build (it runs in node only)
    const fs = await import('node:fs');
    options.wasmBinary = fs.readFileSync(wasmUrl);
  }
  if (options.wasmBinary || options.instantiateWasm) return createAstarCore(options);
  // Compiled here, not inside the Emscripten module, so that the module is kept. Emscripten
  // waits for receive(); a failure is raced in, or the load would never settle.
  let compiled = wasmModule ?? null;
  /** @type {(reason: unknown) => void} */
  let fail = () => {};
  const failed = new Promise((_, reject) => { fail = reject; });
  options.instantiateWasm = (/** @type {WebAssembly.Imports} */ imports, /** @type {Function} */ receive) => {
    (compiled ? Promise.resolve(compiled) : compileWasm(wasmUrl))
      .then((module) => { compiled = module; return WebAssembly.instantiate(module, imports); })
      .then((instance) => receive(instance, compiled), fail);
    return {};  // the exports come through receive()
  };
  const core = await Promise.race([createAstarCore(options), failed]);
  core.wasmModule = compiled;
  return core;
}

/** @param {URL} url @returns {Promise<WebAssembly.Module>} */
async function compileWasm(url) {
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
    } catch {
      // e.g. a server that does not send application/wasm: compile the bytes instead
    }
  }
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the engine's .wasm could not be fetched (HTTP ${response.status} for ${url})`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Loads the wasm module and returns an Engine with an empty 1 x 1 map.
 * @param {LoadOptions} [moduleOptions] as loadCore's
 * @returns {Promise<Engine>}
 */
export async function loadEngine(moduleOptions = {}) {
  return new Engine(await loadCore(moduleOptions));
}

export class Engine {
  /** @param {AstarCore} core the loaded Emscripten module (use loadEngine) */
  constructor(core) {
    this.core = core;
    this.raw = new core.Engine();
    this.registry = core.registry();
    // Status names as core writes them (registry): 'idle', 'in-progress', 'found', 'no-path', 'invalid-input'.
    this.statusNames = this.registry.statuses.map((s) => s.name);
    /** @type {any} */
    this.flow = null;
  }

  /** Library version, e.g. "0.2.0". */
  get version() { return this.registry.version; }
  /** Algorithm names, from core's registry: 'astar', 'weighted-astar', 'dijkstra', 'greedy', 'bfs', 'dfs', 'jps', 'jps-plus', 'theta', 'lazy-theta'. */
  get algorithms() { return this.registry.algorithms.map((a) => a.name); }
  /** Heuristic names: 'manhattan', 'octile', 'euclidean', 'chebyshev', 'zero', 'landmarks', ... */
  get heuristics() { return this.registry.heuristics.slice(); }
  get width() { return this.raw.width(); }
  get height() { return this.raw.height(); }

  /**
   * Reads a map in any format the engine knows (playground .map.txt, Moving AI .map, tutorial
   * grids), detected from the text (then the file name). Keeps its start and goals.
   * @param {string} text @param {string} [fileName]
   */
  loadMap(text, fileName = '') {
    check(this.raw.loadMap(String(text), String(fileName)));
    this.flow = null;
  }

  /**
   * A new map from an array of entry costs, row by row (0 = wall, else the cost > 0 of entering).
   * @param {number} width @param {number} height @param {ArrayLike<number>} cells
   */
  setGrid(width, height, cells) {
    if (!cells || cells.length !== width * height) throw new AstarError(`setGrid: ${width} x ${height} needs ${width * height} cells`);
    check(this.raw.newMap(width, height));
    this.raw.costs().set(cells);  // the view is used at once, before any other call
    check(this.raw.commitCells());
    this.flow = null;
  }

  /** @param {number} x @param {number} y */
  setWall(x, y) { check(this.raw.setWall(x, y)); }
  /** @param {number} x @param {number} y @param {number} cost > 0 */
  setCost(x, y, cost) { check(this.raw.setCost(x, y, cost)); }
  /** The Pac-Man tunnel: the left and right (and/or top and bottom) edges meet. */
  setWrap(x, y) { check(this.raw.setWrap(!!x, !!y)); }
  /**
   * Diagonal moves: 'never' (4-way), 'only-when-no-obstacles', 'if-at-most-one-obstacle', 'always'.
   * @param {string} name
   */
  setMovement(name) {
    const i = this.registry.movements.findIndex((m) => m.name === name);
    if (i < 0) throw new AstarError(`unknown movement "${name}" (${this.registry.movements.map((m) => m.name).join(', ')})`);
    this.raw.setDiagonal(i);
  }
  /** A portal between two cells (cost of the jump; two-way unless told). */
  addPortal([fx, fy], [tx, ty], cost = 1, twoWay = true) { check(this.raw.addPortal(fx, fy, tx, ty, cost, twoWay)); }
  /** The entry cost of cell (x, y): 0 = wall. */
  cost(x, y) { this.cell(x, y); return this.raw.costs()[y * this.width + x]; }
  /** The map in a format: 'playground' (keeps everything) or 'movingai'. */
  exportMap(format = 'playground') { return this.raw.exportMap(format); }

  /**
   * Starts a search from start to goal (cells [x, y]) that you advance with step(n), e.g. a
   * budget of expansions per frame. One search at a time per Engine: a new one replaces it.
   * @param {[number, number]} start @param {[number, number]} goal @param {SearchOptions} [options]
   * @returns {Search}
   */
  search(start, goal, options = {}) {
    this.raw.setStart(this.cell(...start));
    this.raw.setGoal(this.cell(...goal));
    // Unset options take core's defaults (the registry); the heuristic is octile (documented).
    const { defaults } = this.registry;
    const { algorithm = defaults.algorithm, heuristic = 'octile', weight = defaults.weight, wrapAware = true,
      portalAware = true } = options;
    const a = this.algorithms.findIndex((name) => name === algorithm);
    const h = this.heuristics.findIndex((name) => name === heuristic);
    if (a < 0) throw new AstarError(`unknown algorithm "${algorithm}" (${this.algorithms.join(', ')})`);
    if (h < 0) throw new AstarError(`unknown heuristic "${heuristic}" (${this.registry.heuristics.join(', ')})`);
    this.raw.begin(a, h, Number(weight), !!wrapAware, !!portalAware, false);
    return new Search(this);
  }

  /**
   * One search run to the end.
   * @param {[number, number]} start @param {[number, number]} goal @param {SearchOptions} [options]
   * @returns {PathResult}
   */
  findPath(start, goal, options = {}) {
    const s = this.search(start, goal, options);
    s.step(Infinity);
    return s.result();
  }

  /**
   * A flow field towards the nearest of the goals: next(x, y) is the next cell on a shortest
   * path, distance(x, y) the cost to go (Infinity when no goal is reachable). It follows map
   * edits made through this Engine.
   * @param {Array<[number, number]>} goals
   * @returns {FlowField}
   */
  flowField(goals) {
    this.flow ??= new this.core.AgentWorld(this.raw);
    check(this.flow.setFlowGoals(goals.map(([x, y]) => this.cell(x, y))));
    const engine = this, world = this.flow;
    return {
      next(x, y) {
        const n = world.flowNext()[engine.cell(x, y)];
        return n === 4294967295 ? null : [n % engine.width, Math.floor(n / engine.width)];
      },
      distance(x, y) { return world.flowDistance()[engine.cell(x, y)]; },
    };
  }

  /** Frees the wasm memory of this Engine. */
  dispose() {
    this.flow?.delete();
    this.raw.delete();
  }

  /** The index of cell (x, y); throws when it is off the map. */
  cell(x, y) {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= this.width || y >= this.height) {
      throw new AstarError(`cell (${x}, ${y}) is off the ${this.width} x ${this.height} map`);
    }
    return y * this.width + x;
  }
}

export class Search {
  /** @param {Engine} engine */
  constructor(engine) { this.engine = engine; }
  /** 'in-progress', 'found', 'no-path' or 'invalid-input' (core's status names). */
  get status() { return this.engine.statusNames[this.engine.raw.status()] ?? 'idle'; }
  get done() { return this.status !== 'in-progress'; }
  /** Expands at most n nodes; returns the status. */
  step(n = 1) {
    const budget = n === Infinity ? 4294967295 : Math.max(1, Math.floor(n));
    return this.engine.statusNames[this.engine.raw.step(budget)] ?? 'idle';
  }
  /** @returns {PathResult} */
  result() {
    const raw = this.engine.raw, st = raw.stats(), status = this.status, w = this.engine.width;
    const cells = Array.from(raw.path());  // a copy: views die when wasm memory grows
    return {
      status,
      found: status === 'found',
      message: status === 'invalid-input' ? raw.message() : '',
      cost: status === 'found' ? st.pathCost : Infinity,
      path: status === 'found' ? cells.map((n) => [n % w, Math.floor(n / w)]) : [],
      expanded: st.expanded,
      generated: st.generated,
    };
  }
}

function check(problem) {
  if (problem) throw new AstarError(problem);
}
