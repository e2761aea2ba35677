// What the page's Web Workers (agents/path_worker.js, planners/planner_worker.js) share with
// their clients on the page. A worker has its own wasm module instance, so there (and only there)
// the map is copied: the page sends engine.snapshot() when the engine's revision changed since the
// last copy it sent, and the worker's engine restore()s it.

// The worker could not start (its engine did not load: blocked, offline, a bad build). Its
// message is a sentence for the part of the page that uses the worker; the page goes on without it.
export class WorkerUnavailable extends Error {}

// The page's side: which map a worker has (one of these per worker).
export class MapCopies {
  constructor() {
    this.sent = -1;  // the engine's revision last sent
  }
  // { map, transfer } when the page's map changed since the last copy sent (the buffers in
  // `transfer` are moved to the worker, not copied again), else null.
  next(engine) {
    const revision = engine.revision();
    if (revision === this.sent) return null;
    this.sent = revision;
    const map = engine.snapshot();
    return { map, transfer: [map.costs.buffer, map.masks.buffer] };
  }
  // The worker did not take the last copy: send one again next time.
  resend() { this.sent = -1; }
}

// The worker's side: "" or why the copy could not be restored (out of memory on a huge map, say).
export function restoreMap(engine, map) {
  try {
    return engine.restore(map);
  } catch (e) {
    return e.message;
  }
}
