// Lessons in the page: opening one (built-in file or link) and running its "Try this" actions.
// Opening checks everything first (the lesson's fields, its settings, its map in a scratch
// engine and every cell its actions name) and only then loads the map and settings through the
// store, so a bad lesson changes nothing. Actions are store and controller commands; the one
// view switch (parent arrows) goes through its checkbox, as a click would.
import { kDefaultSettings, kMovementNames } from '../engine.js';
import { $ } from '../dom.js';
import { LessonError, parseLesson, parseSettings, cellsNamed, checkExpect } from './format.js';

// Core's names the validator checks against (never typed here).
export function namesOf(engine) {
  const r = engine.registry;
  return {
    algorithms: engine.algorithms, heuristics: engine.heuristics, movements: kMovementNames,
    statuses: r.statuses.map((s) => s.name),
  };
}

// state: { map, settings, lesson } (a decoded link, or a built-in file with its map read).
// Returns { lesson, settings, map } checked, or throws LessonError. Loads nothing.
export function checkLessonState(engine, state) {
  const names = namesOf(engine);
  if (typeof state.map !== 'string' || !state.map) throw new LessonError('the lesson has no map');
  const lesson = parseLesson(state.lesson, names);
  const settings = parseSettings(state.settings, names);
  // The map is read by core in a scratch engine: its errors, size and walls, before anything changes.
  const scratch = new engine.core.Engine();
  try {
    const problem = scratch.loadMap(state.map, '');
    if (problem) throw new LessonError(`its map is invalid (${problem})`);
    const width = scratch.width(), height = scratch.height();
    for (const c of cellsNamed(lesson)) {
      if (c.x >= width || c.y >= height) throw new LessonError(`${c.where}: cell (${c.x}, ${c.y}) is outside the ${width}×${height} map`);
      if (scratch.costs()[c.y * width + c.x] === 0) throw new LessonError(`${c.where}: cell (${c.x}, ${c.y}) is a wall`);
    }
  } finally {
    scratch.delete();
  }
  return { lesson, settings, map: state.map };
}

// Loads a checked lesson's map and settings (missing settings take the page's defaults, so a
// lesson always starts the same way). Returns "" or a problem.
export function loadLessonState(store, checked) {
  const problem = store.load(checked.map, '', `open lesson ${checked.lesson.title}`, { name: checked.lesson.title });
  if (problem) return problem;
  return store.setSettings({ ...kDefaultSettings, ...checked.settings });
}

// What the expectations are checked against, read from the engine after a run.
export function resultOf(engine) {
  const s = engine.stats();
  const status = engine.registry.statuses[engine.status()]?.name ?? 'unknown';
  return {
    status, admissible: !!engine.heuristicInfo().admissible, cost: s.pathCost, expanded: s.expanded,
    generated: s.generated, maxOpen: s.maxOpen, pathCells: s.pathCells,
  };
}

function setCheckbox(id, on) {
  const box = $(id);
  if (!box || box.checked === on) return;
  box.checked = on;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

// One action. Returns "" or why it could not run.
function runAction({ store, controller }, action) {
  const e = store.engine, v = action.value;
  switch (action.kind) {
    case 'algorithm': case 'heuristic': case 'weight': case 'wrapAware': case 'portalAware':
      return store.setSettings({ [action.kind]: v });
    case 'movement':
      return store.setDiagonal(kMovementNames.indexOf(v)) || '';
    case 'start': case 'goal':
      if (!e.contains(v[0], v[1])) return `cell (${v[0]}, ${v[1]}) is outside the map`;
      return store.placeEndpoint(action.kind, e.index(v[0], v[1]));
    case 'finish':
      controller.finish();
      return '';
    case 'reset':
      controller.reset();
      return '';
    case 'step': {
      controller.step();  // begins (again) when needed, then one expansion
      if (v > 1 && controller.state === 'stepping') {
        store.step(v - 1);
        controller.announce();
      }
      return '';
    }
    case 'live':
      controller.setLive(v);
      return '';
    case 'parents':
      setCheckbox('show-parents', v);
      return '';
    default:
      return `unknown action ${action.kind}`;
  }
}

// Runs a "Try this": its actions in order (stopping at the first that cannot run), then reads
// the result and checks the expectation. earlier: id -> result of earlier runs (updated here).
// Returns { problem, result, checks }.
export function runTry(ctx, tryThis, earlier) {
  for (const [i, action] of tryThis.actions.entries()) {
    const problem = runAction(ctx, action);
    if (problem) return { problem: `action ${i + 1} (${action.kind}): ${problem}`, result: null, checks: [] };
  }
  const result = resultOf(ctx.store.engine);
  const checks = checkExpect(tryThis.expect, result, earlier);
  if (tryThis.id) earlier.set(tryThis.id, result);
  return { problem: '', result, checks };
}
