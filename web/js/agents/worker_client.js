// The page's side of path_worker.js: find(start, goal) returns a promise of the reply;
// sync(engine) sends a copy of the page's map (engine.snapshot(): the worker has its own wasm
// memory, so a copy is inherent there). Nothing here blocks the page.
import { MapCopies, WorkerUnavailable, startEngineWorker } from '../worker_link.js';

let nextId = 1;

export class PathWorker {
  // From the page's address, not this module's: the published site bundles this module into
  // js/ (scripts/site.mjs) while the worker stays at js/agents/.
  // engine: the page's (its compiled module starts the worker's engine).
  constructor(engine, url = new URL('js/agents/path_worker.js', document.baseURI)) {
    this.worker = startEngineWorker(url, engine);
    this.pending = new Map();
    this.syncs = [];
    this.copies = new MapCopies();
    this.failed = null;  // a WorkerUnavailable once the worker said it cannot start
    this.worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'failed') {
        this.fail(new WorkerUnavailable('The worker could not start (its engine did not load), so searches run on the page only.'));
      } else if (m.type === 'synced') {
        const done = this.syncs.shift();
        if (m.error) done?.reject(new Error(m.error)); else done?.resolve();
      } else if (m.type === 'reply') {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(m);
      }
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();  // reported here and in the panel, not as an uncaught error
      this.fail(new WorkerUnavailable('The worker stopped with an error, so searches run on the page only.'));
    };
  }

  fail(error) {
    this.failed = error;
    for (const p of [...this.pending.values(), ...this.syncs]) p.reject(error);
    this.pending.clear();
    this.syncs = [];
  }

  // Sends the page's map when it changed since the last sync.
  sync(engine) {
    if (this.failed) return Promise.reject(this.failed);
    const copy = this.copies.next(engine);
    if (!copy) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.syncs.push({ resolve, reject: (e) => { this.copies.resend(); reject(e); } });
      this.worker.postMessage({ type: 'sync', map: copy.map }, copy.transfer);
    });
  }

  // algorithm: 0 A*, 2 Dijkstra (core's Algorithm order); agentSize: the agent's side in cells
  // (core's SearchOptions::agentSize). The promise has the id as .id.
  find(start, goal, { priority = 0, algorithm = 0, agentSize = 1 } = {}) {
    const id = nextId++;
    /** @type {Promise<any> & { id?: number }} */
    const promise = this.failed ? Promise.reject(this.failed) : new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    promise.id = id;
    if (this.failed) return promise;
    this.worker.postMessage({ type: 'find', id, start, goal, priority, algorithm, agentSize });
    return promise;
  }
  cancel(id) { this.worker.postMessage({ type: 'cancel', id }); }
  terminate() { this.worker.terminate(); }
}
