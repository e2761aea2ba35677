// Types of astar-playground-engine (index.js). Cells are [x, y], x to the right, y down.

export type Cell = [number, number];
export type AlgorithmName = 'astar' | 'weighted-astar' | 'dijkstra' | 'greedy' | 'bfs' | 'dfs' | 'jps' | (string & {});
export type HeuristicName = 'manhattan' | 'octile' | 'euclidean' | 'chebyshev' | 'zero' | (string & {});
export type MovementName = 'never' | 'only-when-no-obstacles' | 'if-at-most-one-obstacle' | 'always';
export type SearchStatus = 'idle' | 'searching' | 'found' | 'no-path' | 'invalid-input';

export interface SearchOptions {
  /** Default 'astar'. */
  algorithm?: AlgorithmName;
  /** Default 'octile'. */
  heuristic?: HeuristicName;
  /** Weighted A*: f = g + weight * h, weight >= 1 (default 1.5). */
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

export class Engine {
  readonly version: string;
  readonly algorithms: string[];
  readonly heuristics: string[];
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

/** The raw Embind module (Engine, SideSearch, AgentWorld, registry()), for advanced use. */
export function loadCore(moduleOptions?: object): Promise<any>;

/** Loads the wasm module (in node it reads the .wasm next to index.js). */
export function loadEngine(moduleOptions?: object): Promise<Engine>;
