// The page's side of planner_worker.js: one worker, started on the first query that needs it,
// shared by the subgoal-graph and navigation-mesh layers and Compare all's planner rows. query()
// and compare() send the query (and a copy of the page's map when it changed since the last one
// sent) and return a promise of the answer; a layer's newer query (or drop()) supersedes its
// earlier one, whose promise then resolves to null (its answer, built for a map or query that is
// gone, is dropped). Nothing here blocks the page.
import { MapCopies, WorkerUnavailable, startEngineWorker } from '../worker_link.js';

let nextId = 1;

class PlannerWorker {
  // From the page's address, not this module's: the published site bundles this module into
  // js/ (scripts/site.mjs) while the worker stays at js/planners/.
  // engine: the page's (its compiled module starts the worker's engine).
  constructor(engine, url = new URL('js/planners/planner_worker.js', document.baseURI)) {
    this.worker = startEngineWorker(url, engine);
    this.copies = new MapCopies();
    this.pending = new Map();  // layer ('compare' too) -> { id, resolve, reject, onRow }: its newest query
    this.failed = null;        // a WorkerUnavailable once the worker said it cannot start
    this.worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'failed') {
        this.fail(new WorkerUnavailable('the planner worker could not start (its engine did not load)'));
      } else if (m.type === 'answer') {
        if (m.mapProblem) this.copies.resend();
        const newest = this.pending.get(m.layer);
        if (newest?.id !== m.id) return;  // superseded: its promise already resolved to null
        if (newest.onRow) {  // a compare: an answer per row, then done
          newest.onRow(m);
          if (!m.last) return;
        }
        this.pending.delete(m.layer);
        newest.resolve(m);
      }
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();  // reported by the layers, not as an uncaught error
      this.fail(new WorkerUnavailable('the planner worker could not start or stopped with an error'));
    };
  }

  fail(error) {
    this.failed = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  // layer: 'subgoal' or 'navmesh'; theta: also the Theta* line (navmesh). Resolves to the
  // worker's answer (planner_worker.js), or null when a newer query of the layer replaced it.
  query(layer, engine, { theta = false } = {}) {
    return this.send(layer, engine, { start: engine.start(), goal: engine.goal(), theta });
  }

  // Compare all's planner rows (names from core's registry) on the page's map, start and goals
  // with search: {heuristic (index), weight, wrapAware, portalAware, agentSize}. onRow(answer)
  // gets each row's answer as it comes; the promise resolves after the last, or to null when a
  // newer compare replaced this one (no later answer of this one reaches onRow).
  compare(engine, rows, search, onRow) {
    return this.send('compare', engine, { start: engine.start(), goals: Array.from(engine.goals()), rows, search }, onRow);
  }

  // Forgets the layer's query: its promise resolves to null, and the worker runs no more of it.
  drop(layer) {
    this.pending.get(layer)?.resolve(null);
    this.pending.delete(layer);
    this.worker.postMessage({ type: 'drop', id: nextId++, layer });
  }

  // Sends a query (and the map when it changed); the layer's earlier query resolves to null.
  send(layer, engine, fields, onRow = null) {
    if (this.failed) return Promise.reject(this.failed);
    this.pending.get(layer)?.resolve(null);
    const id = nextId++, copy = this.copies.next(engine);
    const promise = new Promise((resolve, reject) => this.pending.set(layer, { id, resolve, reject, onRow }));
    this.worker.postMessage({ type: 'query', id, layer, revision: engine.revision(), ...fields, map: copy?.map }, copy?.transfer ?? []);
    return promise;
  }
}

let shared = null;

// The page's planner worker (started on first use, with the page's engine). Throws
// WorkerUnavailable when this browser cannot start a module worker.
export function plannerWorker(engine = null) {
  if (shared) return shared;
  try {
    shared = new PlannerWorker(engine);
  } catch (e) {
    throw new WorkerUnavailable(`the planner worker could not start (${e.message})`);
  }
  return shared;
}
