// Warms the engine before the first search the page times: the first calls into a fresh wasm
// module run unoptimised code and grow its memory, so the first search on a new page took
// 5-23 ms where a re-run took under 1 ms. A throwaway engine (not the document) runs every
// algorithm once on a small generated maze, so the page's first reported time means
// what later ones mean. One algorithm per task: together the first calls held a phone's main
// thread for ~0.5 s.
import { Status } from './engine.js';
import { nextTask } from './yield.js';

export async function warmUp(engine) {
  const raw = new engine.core.Engine();
  try {
    const generator = engine.generators.includes('backtracker') ? 'backtracker' : engine.generators[0];
    if (!generator || raw.generate(generator, 32, 32, 7)) return;
    const cells = raw.costs(), first = cells.findIndex((c) => c > 0), last = cells.findLastIndex((c) => c > 0);
    raw.setStart(first);
    raw.setGoal(last);
    for (let a = 0; a < engine.algorithms.length; ++a) {
      await nextTask();
      if (raw.begin(a, 0, 1.5, true, true, false) === Status.InProgress) raw.run();
    }
  } finally {
    raw.delete();
  }
}
