// A planner layer's query on a map too big to build on the page in one task (over
// kUnslicedPlannerCells): asked of the planner worker (planner_client.js). Until the answer the
// layer shows a 'building' result (what is built, of how many cells, the seconds so far: core
// reports no fraction done, so none is shown); the answer is taken only if the page's map,
// start and goal are still those it was asked for. A page that cannot start the worker keeps
// the refusal it gave before the worker existed ('too-big'), with the worker's reason.
import { kUnslicedPlannerCells } from '../engine.js';
import { WorkerUnavailable } from '../worker_link.js';
import { plannerWorker } from './planner_client.js';

const kTickMs = 500;  // how often the seconds so far are shown again

export class BackgroundQuery {
  // layer: 'subgoal' or 'navmesh' (planner_worker.js); what: 'the subgoal graph', say; row: core's
  // registry row (its name is the CLI's --algorithm); take(answer): the layer takes a fresh
  // answer or a refusal ({result}); tick(): the layer shows its figures again.
  constructor(app, { layer, what, row, take, tick }) {
    this.app = app;
    this.layer = layer;
    this.what = what;
    this.row = row;
    this.take = take;
    this.tick = tick;
    this.answeredRevision = -1;  // the map revision of the last answer taken
    this.ticker = 0;
  }

  // Whether the last answer taken was for the page's map as it is (its drawing still holds).
  current() { return this.answeredRevision === this.app.engine.revision(); }

  // Sends the page's query; returns the result to show until the answer.
  ask(options = {}) {
    const e = this.app.engine;
    let worker;
    try {
      worker = plannerWorker(e);
    } catch (error) {
      return this.refusal(error);
    }
    if (worker.failed) return this.refusal(worker.failed);
    const message = this.current() ? `querying ${this.what} in the background`
      : `building ${this.what} of ${e.cellCount.toLocaleString('en')} cells in the background`;
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.tick(), kTickMs);
    worker.query(this.layer, e, options).then((answer) => {
      if (!answer) return;  // a newer query replaced it
      clearInterval(this.ticker);
      if (answer.revision !== e.revision() || answer.start !== e.start() || answer.goal !== e.goal()) return;  // the page moved on
      this.answeredRevision = answer.revision;
      this.take(answer);
    }, (error) => {
      clearInterval(this.ticker);
      this.take({ result: this.refusal(error) });
    });
    return { status: 'building', message, startedAt: performance.now() };
  }

  refusal(error) {
    const why = error instanceof WorkerUnavailable ? error.message : `the planner worker failed (${error.message})`;
    return { status: 'too-big', message: `${why}, and maps over ${kUnslicedPlannerCells.toLocaleString('en')} cells are not built on the page itself (one long task); astar path --algorithm ${this.row?.name} answers on any size` };
  }
}
