// For the type checker only (tsconfig.json): the served folder has the engine package's
// index.js as astar_engine.js next to js/ (scripts/assemble_dist.cmake copies it there).
export * from '../packages/engine/index.js';
