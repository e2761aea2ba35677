// The edit tools on the canvas: which tool is chosen, the brush footprint, portals (click one
// end, then the other) and start/goal placement. Every change is a store command; the portal
// being placed is a pointer mark (drawn by the canvas), not document state.
import { hexDisc } from './hex.js';
import { $ } from './dom.js';
import { kUiRanges } from './document/names.js';

export const kTools = ['place', 'wall', 'floor', 'terrain', 'portal', 'oneway', 'inspect'];

export class Editor {
  constructor(store, marks, messages) {
    this.store = store;
    this.marks = marks;
    this.messages = messages;
    store.on('map', (d) => { if (d.whole) this.marks.pendingPortal = -1; });
  }

  get tool() { return /** @type {HTMLInputElement | null} */ (document.querySelector('input[name=tool]:checked'))?.value ?? 'place'; }
  set tool(value) {
    const radio = /** @type {HTMLInputElement | null} */ (document.querySelector(`input[name=tool][value="${value}"]`));
    if (radio) radio.checked = true;
  }

  // The cells of the brush centred on cell n: a size x size block, or on hex cells the cells
  // within (size - 1) / 2 hex steps.
  brushCells(n) {
    const e = this.store.engine;
    const { min, max } = kUiRanges.brush;
    const size = Math.max(min, Math.min(max, Number($('brush-size').value) || min));
    const half = Math.floor((size - 1) / 2), cx = e.xOf(n), cy = e.yOf(n);
    if (e.isHex()) return hexDisc(cx, cy, half);
    const cells = [];
    for (let y = cy - half; y < cy - half + size; ++y) for (let x = cx - half; x < cx - half + size; ++x) cells.push([x, y]);
    return cells;
  }

  // Paints the brush at each cell of `centres` (inside an open stroke); announces once.
  paint(centres) {
    const tool = this.tool, options = { cost: Number($('terrain-cost').value), mask: Number($('oneway-dir').value) };
    let problem = '';
    for (const n of centres) for (const [x, y] of this.brushCells(n)) problem ||= this.store.paintCell(tool, x, y, options);
    if (problem) this.messages.show(problem, 'error');
    this.store.painted();
  }

  // Portal tool: click one end then the other; clicking an existing end removes that portal.
  portalClick(n) {
    const s = this.store, m = this.marks;
    const existing = s.engine.portals().findIndex((p) => p.from === n || p.to === n);
    if (existing >= 0) {
      m.pendingPortal = -1;
      s.removePortal(existing);
      this.messages.show('Portal removed.');
      return;
    }
    if (m.pendingPortal < 0 || m.pendingPortal === n) {
      m.pendingPortal = m.pendingPortal === n ? -1 : n;
      this.messages.show(m.pendingPortal >= 0 ? 'Now click the other end of the portal.' : 'Portal cancelled.');
      return;
    }
    const from = m.pendingPortal;
    m.pendingPortal = -1;
    const problem = s.addPortal(from, n);
    if (problem) this.messages.show(problem, 'error');
    else this.messages.show('Portal made.');
  }

  // Start or goal to cell n; a refusal (a wall, the other endpoint) is shown.
  place(which, n) {
    const problem = this.store.placeEndpoint(which, n);
    if (problem) this.messages.show(problem, 'warning');
    return !problem;
  }
}
