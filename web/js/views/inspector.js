// The hovered (or tapped) cell, else the keyboard cursor: terrain, search state, g, h, f and
// parent. Two renderings of the same facts: the Tools view's inspector panel, and the readout
// over the canvas in the Learn view and embeds (one line of plain words, on the side of the
// canvas away from the cell).
import { Status, NodeState, kStateNames, kAllDirections, kDirectionNames } from '../engine.js';
import { $, setText, formatNumber } from '../dom.js';

const kFields = ['inspect-cell', 'inspect-terrain', 'inspect-state', 'inspect-g', 'inspect-h', 'inspect-f', 'inspect-parent'];
const kStateWords = { [NodeState.Unseen]: 'not reached yet', [NodeState.Open]: 'open (found, not expanded yet)', [NodeState.Closed]: 'closed (expanded)' };

export class InspectorView {
  // engine: read-only; marks: { hover, cursor } (the input router's); view: the CanvasView
  // (where the cell is on screen, so the readout does not cover it).
  constructor(store, marks, view = null) {
    this.engine = store.engine;
    this.marks = marks;
    this.view = view;
    this.placedCell = -1;  // the cell the readout's side was worked out for
    for (const kind of ['map', 'query', 'search']) store.on(kind, () => this.update());
  }

  describeCell(n) {
    const e = this.engine;
    return n >= 0 ? `(${e.xOf(n)}, ${e.yOf(n)})` : '–';
  }

  // What the cell is, apart from its search state: "wall", "cost 3, one-way (…), start".
  terrainOf(n) {
    const e = this.engine, cost = e.costs()[n], mask = e.entryMasks()[n];
    let terrain = cost === 0 ? 'wall' : `cost ${formatNumber(cost)}`;
    if (cost !== 0 && mask !== kAllDirections) {
      const hex = e.isHex();  // N and S are not hex moves
      const dirs = kDirectionNames.filter((_, d) => mask & (1 << d) && !(hex && (d === 0 || d === 2)));
      terrain += `, one-way (enter moving ${dirs.join(' ') || 'nowhere'})`;
    }
    if (e.portals().some((p) => p.from === n || p.to === n)) terrain += ', portal';
    if (n === e.start()) terrain += ', start';
    if (n === e.goal()) terrain += ', goal';
    return terrain;
  }

  update() {
    const e = this.engine, m = this.marks;
    const n = m.hover >= 0 ? m.hover : m.cursor;
    if (n < 0 || n >= e.cellCount) {
      for (const id of kFields) setText(id, '–');
      this.showReadout(-1, '');
      return;
    }
    const info = e.inspect(n), terrain = this.terrainOf(n), searched = e.status() !== Status.Idle;
    setText('inspect-cell', this.describeCell(n));
    setText('inspect-terrain', terrain);
    setText('inspect-state', kStateNames[info.state] ?? '–');
    setText('inspect-g', formatNumber(info.g));
    setText('inspect-h', info.state === 0 && !searched ? '–' : formatNumber(info.h));
    setText('inspect-f', formatNumber(info.f));
    setText('inspect-parent', info.parent >= 0 ? this.describeCell(info.parent) : '–');
    this.showReadout(n, this.readoutWords(n, info, terrain, searched));
  }

  // "(7, 3), cost 1: open (found, not expanded yet): g = 4, h = 12.49, f = 16.49; parent (6, 3)."
  readoutWords(n, info, terrain, searched) {
    const where = `${this.describeCell(n)}, ${terrain}`;
    if (terrain.startsWith('wall')) return `${where}.`;
    if (!searched) return `${where}: no search yet (Step or Play).`;
    if (info.state === NodeState.Unseen) return `${where}: ${kStateWords[info.state]}; h = ${formatNumber(info.h)}.`;
    const parent = info.parent >= 0 ? `; parent ${this.describeCell(info.parent)}` : '';
    return `${where}: ${kStateWords[info.state]}: g = ${formatNumber(info.g)}, h = ${formatNumber(info.h)}, f = ${formatNumber(info.f)}${parent}.`;
  }

  showReadout(n, text) {
    const box = $('cell-readout');
    if (!box) return;
    box.hidden = n < 0;
    if (n < 0) this.placedCell = -1;
    box.textContent = text;
    box.dataset.cell = String(n);
    // On the canvas's left when the cell is under the readout's usual place (top right). Worked
    // out when the cell changes, not at every frame of a playing search (it reads the layout).
    const r = this.view?.renderer;
    if (n < 0 || !r || n === this.placedCell) return;
    this.placedCell = n;
    const c = r.cellCenter(n), area = r.canvas.getBoundingClientRect(), own = box.getBoundingClientRect();
    box.classList.toggle('left', c.x >= area.width - own.width - 16 && c.y <= own.height + 16);
  }
}
