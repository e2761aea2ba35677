// Compare all's planner rows outside the search loop (HPA*, D* Lite, the turn-aware search, ...:
// core's registry rows of another kind than 'search'), through core's PlannerRunner
// (core.PlannerQuery, web/planner_bindings.cpp). A query runs to its end in one call, so on maps
// of at most kUnslicedPlannerCells it runs on the page, one row per slice of Compare's loop; on
// bigger ones every such row goes to the planner worker (planners/planner_worker.js) at once, and
// each fills in when its answer comes, only if the compare that asked is still the page's.
// With an agent size above 1 a row whose registry entry does not take the size is not run and
// says core's sentence (planner_bindings.cpp), here and in the worker alike.
import { Status, kUnslicedPlannerCells } from './engine.js';
import { WorkerUnavailable } from './worker_link.js';
import { plannerWorker } from './planners/planner_client.js';

export const kNotRun = -2;  // a row's status when it was not run (its message says why)
const kTickMs = 500;        // how often a waiting row's seconds so far are shown again

// Whether this map's planner rows go to the worker (their preparation is one long task).
export const plannerRowsInWorker = (engine) => engine.cellCount > kUnslicedPlannerCells;

// Fills a row from PlannerQuery.run's object.
function fill(row, r) {
  Object.assign(row, {
    status: r.refused ? kNotRun : r.status, message: r.status === Status.InvalidInput ? r.message : '', found: r.status === Status.Found,
    cost: r.cost, pathCells: r.pathCells, expanded: r.expanded, generated: null, maxOpen: null,
    engineMs: r.engineMs + r.preprocessMs, fellBack: !!r.ranAs && r.ranAs !== row.algorithm, ranAs: r.ranAs, background: null,
  });
}

function notRun(row, message) {
  Object.assign(row, { status: kNotRun, message, found: false, cost: null, pathCells: null, expanded: null, generated: null, maxOpen: null,
    engineMs: null, fellBack: false, ranAs: row.algorithm, background: null });
}

// The sentence of a row that could not go to the worker.
function workerRefusal(error) {
  const why = error instanceof WorkerUnavailable ? error.message : `the planner worker failed (${error.message})`;
  return `${why}, and maps over ${kUnslicedPlannerCells.toLocaleString('en')} cells are not run on the page itself (one long task): astar compare runs it`;
}

// The search settings as PlannerQuery.run takes them.
function searchOf(e, s) {
  return { heuristic: e.heuristics.indexOf(s.heuristic), weight: s.weight, wrapAware: s.wrapAware, portalAware: s.portalAware, agentSize: s.agentSize };
}

export class PlannerRows {
  constructor() {
    this.query = null;   // core.PlannerQuery on the page's engine (made on the first row run here)
    this.asked = null;   // the compare with the worker: { rows }
    this.ticker = 0;
  }

  // One row on the page, to its end (small maps only: see the file comment).
  runHere(row, e, s) {
    this.query ??= new e.core.PlannerQuery(e.raw);
    const q = searchOf(e, s);
    fill(row, this.query.run(row.algorithm, q.heuristic, q.weight, q.wrapAware, q.portalAware, q.agentSize));
  }

  // Sends the rows to the worker; until its answer each row has `background` (when it was sent).
  // update(row) is called for each row the page should draw again: an answer or a refusal
  // (then row.background is null), or, every kTickMs, a waiting row (its seconds so far).
  // An answer whose map revision, start or goals are no longer the page's is not taken.
  runInWorker(rows, e, s, update) {
    this.stop();
    let worker;
    try {
      worker = plannerWorker(e);
      if (worker.failed) throw worker.failed;
    } catch (error) {
      for (const row of rows) notRun(row, workerRefusal(error));
      for (const row of rows) update(row);
      return;
    }
    const startedAt = performance.now();
    for (const row of rows) row.background = startedAt;
    const waiting = () => rows.filter((row) => row.background);
    this.ticker = setInterval(() => { for (const row of waiting()) update(row); }, kTickMs);
    const ask = this.asked = { rows };
    const current = (m) => m.revision === e.revision() && m.start === e.start() && m.goals.join(',') === Array.from(e.goals()).join(',');
    worker.compare(e, rows.map((row) => row.algorithm), searchOf(e, s), (m) => {
      if (!current(m)) return;  // the page moved on (Compare drops its job then too)
      const answered = m.mapProblem ? waiting() : rows.filter((row) => row.background && row.algorithm === m.row);
      for (const row of answered) {
        if (m.mapProblem) notRun(row, m.result.message);
        else fill(row, m.result);
        update(row);
      }
    }).then(() => this.settle(ask), (error) => {
      this.settle(ask);
      for (const row of waiting()) {
        notRun(row, workerRefusal(error));
        update(row);
      }
    });
  }

  // The worker is done with `ask` (when it is still the newest compare asked).
  settle(ask) {
    if (ask !== this.asked) return;
    clearInterval(this.ticker);
    this.ticker = 0;
    this.asked = null;
  }

  // The compare that asked is gone: no more answers for it.
  stop() {
    if (this.asked) plannerWorker().drop('compare');
    this.settle(this.asked);
  }
}
