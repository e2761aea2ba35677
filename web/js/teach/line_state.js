// The search as it stands at the code pane's highlighted line: a view over the engine's state
// after its latest expansion with the part of that expansion not yet narrated undone, from the
// engine's record of it (engine.lastExpansion(): each neighbour's state and g before it was
// relaxed) and core's open list part-way through it (engine.openListAt). The engine stays the
// only owner of the search; the code pane only moves the line. The open-list table and the
// canvas's cell states read from here; at an expansion's last line, and whenever no line is
// being stepped through, this is the engine's own state.
import { NodeState } from '../engine.js';

export class LineState {
  constructor(store) {
    this.store = store;
    this.record = null;
    this.at = null;       // { done, expanded } (see pseudo_code.js, linesOfExpansion) or null
    this.cache = null;    // the cell states at the line, worked out once per line
    this.listeners = [];
  }

  onChange(fn) { this.listeners.push(fn); }

  // record: engine.lastExpansion(); at: the line's { done, expanded }, or null for the engine's state.
  // Listeners hear of it unless the state was and stays the engine's (whose changes the views
  // hear from the store).
  set(record, at) {
    const was = this.at;
    this.record = record;
    this.at = at ? { done: at.done, expanded: at.expanded } : null;
    this.cache = null;
    if (was || this.at) for (const fn of this.listeners) fn();
  }

  // Whether the state shown is part-way through an expansion (not the engine's).
  get partial() { return this.at !== null; }

  // Cell states (0 unseen, 1 open, 2 closed) at the line, or null when they are the engine's.
  states() {
    if (!this.at) return null;
    if (this.cache) return this.cache;
    const out = new Uint8Array(this.store.engine.states());  // a copy: the live view is not ours to edit
    const relaxations = this.record.relaxations;
    for (let j = relaxations.length - 1; j >= this.at.done; --j) out[relaxations[j].cell] = relaxations[j].previousState;
    if (this.at.expanded !== 'closed') out[this.record.cell] = NodeState.Open;
    return (this.cache = out);
  }

  // Expanded and generated as they stand at the line, or null when they are the engine's: the
  // node is not expanded before it is taken, nor a neighbour generated before its relaxation ends.
  counts() {
    if (!this.at) return null;
    const s = this.store.engine.stats();
    return {
      expanded: s.expanded - (this.at.expanded === 'open' ? 1 : 0),
      generated: s.generated - (this.record.relaxations.length - this.at.done),
    };
  }

  // The first n rows of the open list at the line, [{cell, g, h, f}], with `total` (all open cells).
  openList(n) {
    const e = this.store.engine;
    if (!this.at) {
      const rows = e.openList(n);
      rows.total = e.stats().openSize;
      return rows;
    }
    const rows = e.openListAt(n, this.at.done);
    if (this.at.expanded === 'open') {
      // Before it is taken the node being expanded is still first on the list.
      const u = this.record.cell, info = e.inspect(u), total = rows.total + 1;
      rows.unshift({ cell: u, g: info.g, h: info.h, f: info.f });
      if (rows.length > n) rows.length = n;
      rows.total = total;
    }
    return rows;
  }
}
