// The ghost chase's turn-aware search controls (issue 17): the turn cost per heading step
// (45 degrees on 8-way square maps, 90 on 4-way, 60 on hex) and the no-reverse rule, applied to
// a running chase at once and to the next one; and each ghost's heading by core's direction
// name (the registry's, through engine.js), '-' before its first move.
import { el } from '../dom.js';
import { kUiRanges } from '../document/names.js';
import { kDirectionNames } from '../engine.js';

// Returns { row, sync }: the controls' row for the panel, and sync() for its refresh.
export function buildTurnControls(agents) {
  agents.turnOptions ??= { turnCost: 0, noReverse: true };
  const cost = el('input', { attrs: { type: 'number', id: 'agents-turn-cost', min: String(kUiRanges.turnCost.min), max: String(kUiRanges.turnCost.max), step: '0.5',
    value: String(agents.turnOptions.turnCost), title: 'Ghosts: cost per heading step (45° square 8-way, 90° 4-way, 60° hex)' } });
  const noReverse = el('input', { attrs: { type: 'checkbox', id: 'agents-no-reverse' } });
  noReverse.checked = agents.turnOptions.noReverse;
  const headings = el('output', { attrs: { id: 'agents-ghost-headings', 'aria-live': 'off' } });
  function apply() {
    const next = { turnCost: Number(cost.value), noReverse: noReverse.checked };
    try {
      agents.chase?.setTurns(next);
      agents.turnOptions = next;
    } catch (e) {
      agents.app.showMessage(e.message, 'error');
      cost.value = String(agents.turnOptions.turnCost);
    }
  }
  cost.addEventListener('change', apply);
  noReverse.addEventListener('change', apply);
  function sync() {
    const c = agents.chase;
    headings.textContent = c ? `Headings: ${c.ghosts.map((g) => (g.heading >= 0 ? kDirectionNames[g.heading] : '-')).join(' ')}` : '';
  }
  const row = el('div', { cls: 'row' }, [
    el('label', {}, ['Turn cost ', cost]),
    el('label', { cls: 'check' }, [noReverse, ' ghosts never reverse']),
    headings,
  ]);
  return { row, sync };
}
