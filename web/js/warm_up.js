// Warms the engine before the first search the page times: the first calls into a fresh wasm
// module run unoptimised code and grow its memory, so the first search on a new page took
// 5-23 ms where a re-run took under 1 ms. A throwaway engine (not the document) runs every
// algorithm once on a small generated maze, so the page's first reported time means
// what later ones mean.
import { Status } from './engine.js';

const kRounds = 1;  // the first calls compile and grow memory; one round of every algorithm is enough

export function warmUp(engine) {
  const raw = new engine.core.Engine();
  try {
    const generator = engine.generators.includes('backtracker') ? 'backtracker' : engine.generators[0];
    if (!generator || raw.generate(generator, 32, 32, 7)) return;
    const cells = raw.costs(), first = cells.findIndex((c) => c > 0), last = cells.findLastIndex((c) => c > 0);
    raw.setStart(first);
    raw.setGoal(last);
    for (let round = 0; round < kRounds; ++round) {
      for (let a = 0; a < engine.algorithms.length; ++a) {
        if (raw.begin(a, 0, 1.5, true, true, false) === Status.InProgress) raw.run();
      }
    }
  } finally {
    raw.delete();
  }
}
