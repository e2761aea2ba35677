// A module Web Worker that builds and queries the subgoal graph and the navigation mesh, and runs
// Compare all's planner rows, on maps too big to do so on the page in one task (over
// kUnslicedPlannerCells): core's SubgoalLayer, NavMeshLayer and PlannerQuery
// (web/subgoal_bindings.cpp, web/navmesh_bindings.cpp, web/planner_bindings.cpp) on this worker's
// own engine, which holds a copy of the page's map (worker_link.js). A layer's build is one call
// into core, done on the first query after the map changed; later queries on the same map are fast.
// Only the newest query of each layer and the newest map are kept: messages that arrive while
// a build runs replace what was waiting, so a stale query is never built for. A 'compare' query
// runs one planner row per task and answers each, so a newer compare replaces it between rows.
//   -> {type: 'query', id, layer: 'subgoal' | 'navmesh', revision, start, goal, theta, map?: snapshot}
//   <- {type: 'answer', id, layer, revision, start, goal, result, cells: Uint32Array (subgoal),
//       rects: Int32Array and theta (navmesh), mapProblem: "" or why the map copy failed}
//   -> {type: 'query', id, layer: 'compare', revision, start, goals, rows: [planner names],
//       search: {heuristic (index), weight, wrapAware, portalAware, agentSize}, map?: snapshot}
//   <- {type: 'answer', id, layer: 'compare', revision, start, goals, row, last, result: PlannerQuery.run's
//       object, or {status: 'invalid-input', message} when the map copy failed; mapProblem}
//   -> {type: 'drop', id, layer}: the layer's query is no longer wanted
//   <- {type: 'failed'} once, if the engine cannot load
//   -> {type: 'engine', module} first (worker_link.js's startEngineWorker)
import { engineFromPage, restoreMap } from '../worker_link.js';

// The engine comes from the page's compiled module (worker_link.js). A worker whose engine cannot
// load says so once and then ignores queries.
const ready = engineFromPage().then((engine) => ({ engine, layers: {} }), () => {
  postMessage({ type: 'failed' });
  return null;
});
let newestMap = null;       // the newest map copy not yet restored
const waiting = new Map();  // layer -> its newest query not yet answered
const newestIds = new Map();  // layer -> the id of its newest message (a compare goes on only if it is its)
let scheduled = false;
// The queries are answered in a task of their own, after every message already queued is in.
const answerChannel = new MessageChannel();
answerChannel.port1.onmessage = () => answerAll();

function schedule() {
  if (scheduled) return;
  scheduled = true;
  answerChannel.port2.postMessage(null);
}

onmessage = (event) => {
  const m = event.data;
  if (m.type === 'engine') return;  // engineFromPage's
  if (m.map) newestMap = m.map;
  newestIds.set(m.layer, m.id);
  if (m.type === 'drop') {
    waiting.delete(m.layer);
    return;
  }
  waiting.set(m.layer, m);
  schedule();
};

async function answerAll() {
  const loaded = await ready;
  scheduled = false;
  if (!loaded) return;
  let mapProblem = '';
  if (newestMap) {
    mapProblem = restoreMap(loaded.engine, newestMap);
    newestMap = null;
  }
  const queries = [...waiting.values()];
  waiting.clear();
  for (const q of queries) {
    if (q.layer === 'compare') runNextRow(loaded, q, mapProblem);
    else postAnswer(q, mapProblem ? refused(q, mapProblem) : answer(loaded, q));
  }
}

// One planner row of a compare; the rest wait for a task of their own, unless a newer compare
// (or a drop) arrived meanwhile. The page's start and goals become this worker engine's
// (PlannerQuery reads them from the engine).
function runNextRow({ engine, layers }, q, mapProblem) {
  const row = q.rows[q.next ?? 0];
  q.next = (q.next ?? 0) + 1;
  let result;
  if (mapProblem) {
    result = refused(q, mapProblem).result;
  } else {
    const s = q.search;
    engine.restoreQuery(q.start, q.goals);
    result = (layers.compare ??= new engine.core.PlannerQuery(engine.raw)).run(row, s.heuristic, s.weight, s.wrapAware, s.portalAware, s.agentSize);
  }
  const last = !!mapProblem || q.next >= q.rows.length;  // no rows on a map that did not copy
  postMessage({ type: 'answer', id: q.id, layer: q.layer, revision: q.revision, start: q.start, goals: q.goals, row, last, result, mapProblem });
  if (last || newestIds.get(q.layer) !== q.id) return;
  waiting.set(q.layer, q);
  schedule();
}

function refused(q, mapProblem) {
  return { result: { status: 'invalid-input', message: `the worker could not copy the map: ${mapProblem}` }, mapProblem };
}

// The layer's query on this worker's map, with what the page draws (copied out of wasm memory).
function answer({ engine, layers }, q) {
  if (q.layer === 'subgoal') {
    const layer = layers.subgoal ??= new engine.core.SubgoalLayer(engine.raw);
    const result = layer.query(q.start, q.goal);
    return { result, cells: Uint32Array.from(layer.subgoals()) };
  }
  const layer = layers.navmesh ??= new engine.core.NavMeshLayer(engine.raw);
  const result = layer.query(q.start, q.goal);
  const rects = Int32Array.from(layer.rectangles());
  return { result, rects, theta: q.theta ? layer.theta(q.start, q.goal) : null };
}

function postAnswer(q, reply) {
  const transfer = [reply.cells?.buffer, reply.rects?.buffer].filter(Boolean);
  postMessage({ type: 'answer', id: q.id, layer: q.layer, revision: q.revision, start: q.start, goal: q.goal, ...reply }, { transfer });
}
