// Names and ranges the page itself defines for the document (its views' choices, the speed,
// the ranges of its own controls, the lab's parameters): the schema checks fields against
// them (schema.js) and the views read them from here.
// Names the page itself defines (its views' choices): the views read them from here.
export const kHeatKindNames = Object.freeze(['none', 'g', 'h', 'f', 'order', 'exact', 'error', 'clearance']);
export const kLookChoices = Object.freeze(['auto', 'square', 'arcade']);
export const kSectionNames = Object.freeze(['heat', 'lab', 'hpa', 'subgoal', 'navmesh']);  // the Tools view's <details> ids
export const kPathViewNames = Object.freeze(['raw', 'pulled', 'smooth']);
export const kSettingNames = Object.freeze(['algorithm', 'heuristic', 'weight', 'wrapAware', 'portalAware', 'agentSize']);
// The search's playing speed (the `speed` field; the timeline's slider reads its range here):
// expansions per second from `min` to `max`, or 'instant' (as fast as the page can go without
// freezing). The default lets a learner follow the arcade maze's first search (62 expansions,
// about 3 s). `framesPerSecond` converts version 2's expansions per frame (a 60 Hz display).
export const kSpeed = Object.freeze({ min: 1, max: 100000, instant: 'instant', defaultPerSecond: 20, framesPerSecond: 60 });
// Ranges of the page's own controls, with no rule of core's behind them (core's ranges come from
// engine.registry.limits): the brush's side in cells, a crowd's size, the ghosts' turn-cost
// field, and generator seeds (whole numbers, as core takes them: 32 bits). Every number field's
// min and max is one of these or one of core's limits (page_limits checks it).
export const kUiRanges = Object.freeze({
  brush: Object.freeze({ min: 1, max: 25 }),
  crowd: Object.freeze({ min: 1, max: 5000 }),
  turnCost: Object.freeze({ min: 0, max: 20 }),
  seed: Object.freeze({ min: 0, max: 2 ** 32 - 1 }),
});
export function applyRange(input, { min, max }) {
  Object.assign(input, { min: String(min), max: String(max) });
}
// The evolution lab's parameters by method; true for whole numbers (counts and the seed).
// Their ranges are core's: LabRun.start says what is wrong when a run starts.
export const kLabParams = Object.freeze({
  ga: { population: true, generations: true, crossoverRate: false, mutationRate: false, elitism: true, tournament: true, seed: true },
  aco: { ants: true, generations: true, alpha: true, beta: true, evaporation: false, deposit: false, eliteWeight: false,
    minPheromone: false, seed: true },
});
