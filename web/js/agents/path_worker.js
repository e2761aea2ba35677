// A module Web Worker running path requests on its own engine, so that large searches never
// block the page. A worker has its own wasm module instance, so here (and only here) the map
// is copied: the page sends engine.snapshot() and this engine restore()s it; its AgentWorld
// notices the new map by itself and cancels what was queued on the old one. Requests are
// served by the core PathService (most urgent first) in slices of `slice` expansions; between
// slices the worker returns to its event loop, so 'cancel' and new, more urgent requests are
// seen while a search runs.
//   -> {type: 'sync', map: snapshot}             <- {type: 'synced', error}
//   -> {type: 'find', id, start, goal, priority, algorithm, agentSize}
//                                                <- {type: 'reply', id, status, cancelled, cost, expanded, path, message, ms}
//   -> {type: 'cancel', id}
//                                                <- {type: 'failed'} once, if the engine cannot load
//   -> {type: 'engine', module} first (worker_link.js's startEngineWorker)
import { engineFromPage, restoreMap } from '../worker_link.js';

// The engine comes from the page's compiled module (worker_link.js). A worker whose engine cannot
// load (the wasm blocked or missing) says so once and then ignores requests: the page reports it
// in the worker's panel row, and nothing is uncaught.
const ready = engineFromPage().then((engine) => ({ engine, world: new engine.core.AgentWorld(engine.raw) }), () => {
  postMessage({ type: 'failed' });
  return null;
});
const byService = new Map();  // service request id -> { id, started }
const slice = 50000;  // expansions between looks at the message queue (a few ms)
let pumping = false;
// Yielding through a MessageChannel: unlike nested setTimeout(0) it is not clamped to 4 ms.
const yieldChannel = new MessageChannel();
let resume = null;
yieldChannel.port1.onmessage = () => resume();

function pump(world) {
  if (pumping) return;
  pumping = true;
  const run = () => {
    world.pump(slice);
    for (const r of world.takeReplies()) {
      const request = byService.get(r.id);
      byService.delete(r.id);
      if (!request) continue;
      postMessage({ type: 'reply', id: request.id, status: r.status, cancelled: r.cancelled, cost: r.cost, expanded: r.expanded,
        path: r.path, message: r.message, ms: performance.now() - request.started });
    }
    if (world.queued() > 0) yieldChannel.port2.postMessage(null);  // yield: let messages in between slices
    else pumping = false;
  };
  resume = run;
  yieldChannel.port2.postMessage(null);
}

onmessage = async (event) => {
  if (event.data.type === 'engine') return;  // engineFromPage's
  const loaded = await ready;
  if (!loaded) return;
  const { engine, world } = loaded;
  const m = event.data;
  if (m.type === 'sync') {
    postMessage({ type: 'synced', error: restoreMap(engine, m.map) });
  } else if (m.type === 'find') {
    world.setAgentSize(m.agentSize ?? 1);  // core refuses a size the map cannot take (the reply's message)
    const serviceId = world.submit(m.start, m.goal, m.priority ?? 0, m.algorithm ?? 0);
    byService.set(serviceId, { id: m.id, started: performance.now() });
    pump(world);
  } else if (m.type === 'cancel') {
    for (const [serviceId, request] of byService) if (request.id === m.id) world.cancel(serviceId);
    pump(world);
  }
};
