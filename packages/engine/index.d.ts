// Types of astar-playground-engine (index.js). Cells are [x, y], x to the right, y down.

export type Cell = [number, number];
// The names below are core's (its registry); tests/web/npm_package.test.mjs checks each union
// against registry() of the built module.
export type AlgorithmName =
  | 'astar'
  | 'weighted-astar'
  | 'dijkstra'
  | 'greedy'
  | 'bfs'
  | 'dfs'
  | 'jps'
  | 'jps-plus'
  | 'theta'
  | 'lazy-theta';
export type HeuristicName = 'zero' | 'manhattan' | 'euclidean' | 'octile' | 'chebyshev' | 'exact' | 'landmarks';
export type MovementName = 'never' | 'only-when-no-obstacles' | 'if-at-most-one-obstacle' | 'always';
export type SearchStatus = 'idle' | 'in-progress' | 'found' | 'no-path' | 'invalid-input';
export type PlannerName = 'astar' | 'weighted-astar' | 'dijkstra' | 'greedy' | 'bfs' | 'dfs' | 'jps' | 'jps-plus' | 'theta' | 'lazy-theta' | 'hpa' | 'd-star-lite' | 'turn-aware' | 'subgoal' | 'navmesh';
export type PlannerKind = 'search' | 'hierarchical' | 'replanning' | 'turn-aware' | 'subgoal-graph' | 'navmesh';
export type PlannerOptionName = 'heuristic' | 'weight' | 'wrap-aware' | 'portal-aware' | 'reopen' | 'goal-bounding-cells' | 'cluster-size' | 'turn-cost' | 'no-reverse' | 'heading' | 'agent-size';

export interface SearchOptions {
  /** Default 'astar'. */
  algorithm?: AlgorithmName;
  /** Default 'octile'. */
  heuristic?: HeuristicName;
  /** Weighted A*: f = g + weight * h, weight from 1 to 1000000 (default 1.5). */
  weight?: number;
  /** The heuristic counts wrap-around edges (default true: stays admissible with tunnels). */
  wrapAware?: boolean;
  /** The heuristic counts portals (default true). */
  portalAware?: boolean;
}

export interface PathResult {
  status: SearchStatus;
  found: boolean;
  /** Why the search could not start, when status is 'invalid-input'. */
  message: string;
  /** Path cost (Infinity when not found). */
  cost: number;
  /** Cells from start to goal, both included ([] when not found). */
  path: Cell[];
  expanded: number;
  generated: number;
}

export interface FlowField {
  /** The next cell towards the nearest goal, or null (a goal, a wall, or unreachable). */
  next(x: number, y: number): Cell | null;
  /** Cost to the nearest goal (Infinity when unreachable). */
  distance(x: number, y: number): number;
}

export class AstarError extends Error {
  constructor(message: string);
}

export class Search {
  readonly status: SearchStatus;
  readonly done: boolean;
  /** Expands at most n nodes (Infinity: to the end); returns the status. */
  step(n?: number): SearchStatus;
  result(): PathResult;
}

/** A row of core's algorithm table (registry().algorithms). */
export interface AlgorithmInfo {
  name: AlgorithmName;
  label: string;
  usesHeuristic: boolean;
  optimal: boolean;
  weighted: boolean;
  heuristicOnly: boolean;
  squareUniformGrids: boolean;
  preprocessed: boolean;
  jumps: boolean;
  /** The path's consecutive cells are joined by straight segments, not moves; square grids only. */
  anyAngle: boolean;
  /** Moves agents bigger than one cell (SearchOptions::agentSize); false: runs as A* for them. */
  anyAgentSize: boolean;
  frontier: 'priority' | 'queue' | 'stack';
  note: string;
}

/** A row of core's planner table (registry().planners): every way to answer a query. */
export interface PlannerInfo {
  name: PlannerName;
  label: string;
  kind: PlannerKind;
  optimal: boolean;
  bounded: boolean;
  usesHeuristic: boolean;
  preprocessed: boolean;
  incremental: boolean;
  /** Its path is points in the plane joined by straight segments (Theta*, the navigation mesh). */
  anyAngle: boolean;
  /** Refuses hex cells, wrap, portals and one-way cells (it says why). */
  plainSquareGrids: boolean;
  /** The options it takes ('heuristic', 'weight', 'cluster-size', ...). */
  options: PlannerOptionName[];
  /** cost <= factor x optimal for parameter values in [min, max] (factor 0: the parameter itself). */
  bounds: Array<{ min: number; max: number; factor: number }>;
  boundText: string;
  note: string;
}

/** Core's limits (astar/limits.h): sizes, counts, costs and ranges. */
export interface Limits {
  minGridSide: number;
  maxGridSide: number;
  maxGoals: number;
  maxPortals: number;
  minCellCost: number;
  maxCost: number;
  maxSearchNodes: number;
  minWeight: number;
  maxWeight: number;
  minClusterSize: number;
  maxClusterSize: number;
  defaultClusterSize: number;
  minAgentSize: number;
  maxAgentSize: number;
}

/** Core's names, traits and limits (registry()). */
export interface Registry {
  version: string;
  algorithms: AlgorithmInfo[];
  planners: PlannerInfo[];
  /** Every option a planner row may take (the CLI's option names without "--"). */
  plannerOptions: PlannerOptionName[];
  defaults: { algorithm: AlgorithmName; weight: number };
  heuristics: HeuristicName[];
  movements: Array<{ name: MovementName; description: string }>;
  statuses: Array<{ name: SearchStatus; label: string }>;
  limits: Limits;
  [more: string]: unknown;
}

/** The raw Embind module: the classes index.js wraps. Their methods are core's bindings
 * (web/*bindings.cpp); prefer the Engine class above. */
export interface AstarCore {
  /** The compiled wasm (browsers and workers; null in node): give it to a worker's loadCore. */
  wasmModule?: WebAssembly.Module | null;
  registry(): Registry;
  Engine: new () => RawEngine;
  AgentWorld: new (engine: RawEngine) => { delete(): void; [method: string]: unknown };
  [more: string]: unknown;
}

/** The raw engine (web/bindings.cpp): one map and its search. */
export interface RawEngine {
  width(): number;
  height(): number;
  status(): number;
  step(budget: number): number;
  message(): string;
  delete(): void;
  [method: string]: any;
}

export class Engine {
  readonly version: string;
  readonly algorithms: AlgorithmName[];
  readonly heuristics: HeuristicName[];
  /** Core's status names, by status number. */
  readonly statusNames: SearchStatus[];
  readonly width: number;
  readonly height: number;
  loadMap(text: string, fileName?: string): void;
  setGrid(width: number, height: number, cells: ArrayLike<number>): void;
  setWall(x: number, y: number): void;
  setCost(x: number, y: number, cost: number): void;
  setWrap(x: boolean, y: boolean): void;
  setMovement(name: MovementName): void;
  addPortal(from: Cell, to: Cell, cost?: number, twoWay?: boolean): void;
  cost(x: number, y: number): number;
  exportMap(format?: 'playground' | 'movingai'): string;
  search(start: Cell, goal: Cell, options?: SearchOptions): Search;
  findPath(start: Cell, goal: Cell, options?: SearchOptions): PathResult;
  flowField(goals: Cell[]): FlowField;
  dispose(): void;
  cell(x: number, y: number): number;
}

/**
 * Options for the Emscripten module (e.g. wasmBinary), and wasmModule: a WebAssembly.Module
 * compiled before (another core's wasmModule, posted to this worker), so the .wasm is neither
 * fetched nor compiled again.
 */
export interface LoadOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmModule?: WebAssembly.Module | null;
  [option: string]: unknown;
}

/** The raw Embind module (Engine, SideSearch, AgentWorld, registry()), for advanced use. */
export function loadCore(moduleOptions?: LoadOptions): Promise<AstarCore>;

/** Loads the wasm module (in node it reads the .wasm next to index.js). */
export function loadEngine(moduleOptions?: LoadOptions): Promise<Engine>;
