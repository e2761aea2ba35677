// What the page's Web Workers (agents/path_worker.js, planners/planner_worker.js) share with
// their clients on the page: the compiled engine, and the map. A worker has its own wasm module
// instance, so there (and only there) the map is copied: the page sends engine.snapshot() when
// the engine's revision changed since the last copy it sent, and the worker's engine restore()s it.

import { loadEngine } from './engine.js';

// Starts a module worker (url) with the page's compiled engine: the core's WebAssembly.Module,
// posted as the worker's first message ({type: 'engine', module}), so that the worker neither
// fetches nor compiles the .wasm again (on a phone that is hundreds of ms of CPU, and on 2 cores
// here a compile starved the page: page_agents). A browser that cannot post a module, or a
// page without one, sends null and the worker loads its own.
export function startEngineWorker(url, engine) {
  const worker = new Worker(url, { type: 'module' });
  const module = engine?.core?.wasmModule ?? null;
  try {
    worker.postMessage({ type: 'engine', module });
  } catch {
    worker.postMessage({ type: 'engine', module: null });  // DataCloneError: not this browser
  }
  return worker;
}

// The worker's side: its engine, instantiated from the module in the page's first message.
// Rejects when it cannot load. The worker's own onmessage sees that message too and ignores it.
export function engineFromPage() {
  return new Promise((resolve, reject) => {
    const first = (/** @type {MessageEvent} */ event) => {
      if (event.data?.type !== 'engine') return;
      removeEventListener('message', first);
      const own = () => loadEngine();
      // A module this engine cannot instantiate here: the worker loads its own after all.
      (event.data.module ? loadEngine({ wasmModule: event.data.module }).catch(own) : own()).then(resolve, reject);
    };
    addEventListener('message', first);
  });
}

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
