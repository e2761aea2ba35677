// The stats panel and the Undo / Redo buttons' states (the search buttons' are the timeline's); a finished
// search is also announced to screen readers. Shows the engine time only once the engine is
// warm (main.js warms it before the first search, so the first figure is a real one).
import { Status, kStatusNames } from '../engine.js';
import { $, setText, formatNumber, formatMs } from '../dom.js';
import { ControllerState } from '../controller.js';

export class StatsView {
  // store: the document (engine, history); controller: the search state; messages: announce().
  constructor(store, controller, messages) {
    this.store = store;
    this.controller = controller;
    this.messages = messages;
    this.lastAnnounced = '';
    this.line = null;  // the code pane's line (teach/line_state.js), once the Learn view binds it
    store.on('search', () => this.update());
    store.on('history', () => this.updateButtons());
    controller.onState(() => this.update());
  }

  // While the code pane steps through an expansion, Expanded and Generated are the line's.
  followLine(line) {
    this.line = line;
    line.onChange(() => this.update());
  }

  update() {
    const e = this.store.engine, s = { ...e.stats(), ...this.line?.counts() }, status = e.status(), state = this.controller.state;
    let statusText = kStatusNames[status];
    if (status === Status.InvalidInput) statusText += `: ${e.message()}`;
    if (status === Status.NoPath && s.partial) statusText += ' (showing the closest reachable cell)';
    if (state === ControllerState.Playing) statusText = 'playing';
    setText('stat-status', statusText);
    $('stat-status').dataset.status = String(status);
    setText('stat-expanded', String(s.expanded), s.expanded);
    setText('stat-generated', String(s.generated), s.generated);
    setText('stat-max-open', String(s.maxOpen), s.maxOpen);
    const hasPath = status === Status.Found || status === Status.NoPath;
    setText('stat-path-cost', hasPath ? formatNumber(s.pathCost) + (s.partial ? ' (partial)' : '') : '–', hasPath ? s.pathCost : '');
    setText('stat-path-cells', String(s.pathCells), s.pathCells);
    setText('stat-time', s.engineMs > 0 || s.expanded ? `${formatMs(s.engineMs)} ms` : '0 ms', s.engineMs);
    this.updateButtons();
    if (state === ControllerState.Finished) this.announceResult(status, e.stats());  // the search's, not the line's
    else this.lastAnnounced = '';
  }

  updateButtons() {
    $('undo').disabled = !this.store.history.canUndo();
    $('redo').disabled = !this.store.history.canRedo();
  }

  // One sentence per finished search (not per frame), e.g. "Path found: cost 23, 31 cells, 54 expanded."
  announceResult(status, s) {
    let text;
    if (status === Status.Found) text = `Path found: cost ${formatNumber(s.pathCost)}, ${s.pathCells} cells, ${s.expanded} expanded.`;
    else if (status === Status.NoPath) text = `No path: ${s.expanded} cells expanded.`;
    else text = `Search not run: ${kStatusNames[status]}.`;
    if (text === this.lastAnnounced) return;
    this.lastAnnounced = text;
    this.messages.announce(text);
  }
}
