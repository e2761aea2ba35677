// Lessons in the page: running their "Try this" actions (opening one is document/check.js's check
// and store.restore, through files.js). Actions are store and controller commands; the one
// view switch (parent arrows) goes through its checkbox, as a click would.
import { kMovementNames } from '../engine.js';
import { $ } from '../dom.js';
import { checkExpect } from './format.js';

// What the expectations are checked against, read from the engine after a run.
export function resultOf(engine) {
  const s = engine.stats();
  const status = engine.registry.statuses[engine.status()]?.name ?? 'unknown';
  return {
    label: engine.algorithmInfo()?.label ?? '', status, admissible: !!engine.heuristicInfo().admissible, cost: s.pathCost, expanded: s.expanded,
    generated: s.generated, maxOpen: s.maxOpen, pathCells: s.pathCells,
  };
}

function setCheckbox(id, on) {
  const box = $(id);
  if (!box || box.checked === on) return;
  box.checked = on;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

// One action. Returns "" or why it could not run. A `line` action leaves its length in shown.
function runAction({ store, controller, lines }, action, shown) {
  const e = store.engine, v = action.value;
  switch (action.kind) {
    case 'algorithm': case 'heuristic': case 'weight': case 'wrapAware': case 'portalAware': case 'agentSize':
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
    case 'line': {
      const r = lines ? lines.show(v) : { problem: 'the path lines are not loaded in this page', length: null, label: '' };
      shown.length = r.length;
      shown.label = r.label;
      return r.problem;
    }
    default:
      return `unknown action ${action.kind}`;
  }
}

// ctx: { store, controller, lines } (lines: lessons/lines.js, once the modules are in).
// Runs a "Try this": its actions in order (stopping at the first that cannot run), then reads
// the result and checks the expectation. earlier: id -> result of earlier runs (updated here);
// labels: id -> the button label of each try (for the check's words). Returns { problem,
// result, checks }.
export function runTry(ctx, tryThis, earlier, labels = new Map()) {
  const shown = { length: undefined, label: '' };
  for (const [i, action] of tryThis.actions.entries()) {
    const problem = runAction(ctx, action, shown);
    if (problem) return { problem: `action ${i + 1} (${action.kind}): ${problem}`, result: null, checks: [] };
  }
  const engine = resultOf(ctx.store.engine);
  const result = { ...engine, length: shown.length, label: shown.label || engine.label };
  const checks = checkExpect(tryThis.expect, result, earlier, labels);
  if (tryThis.id) earlier.set(tryThis.id, result);
  return { problem: '', result, checks };
}
