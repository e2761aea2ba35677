// The inspector panel: the hovered (or tapped) cell, else the keyboard cursor: terrain,
// search state, g, h, f and parent.
import { Status, kStateNames, kAllDirections, kDirectionNames } from '../engine.js';
import { setText, formatNumber } from '../dom.js';

const kFields = ['inspect-cell', 'inspect-terrain', 'inspect-state', 'inspect-g', 'inspect-h', 'inspect-f', 'inspect-parent'];

export class InspectorView {
  // engine: read-only; marks: { hover, cursor } (the input router's).
  constructor(store, marks) {
    this.engine = store.engine;
    this.marks = marks;
    for (const kind of ['map', 'query', 'search']) store.on(kind, () => this.update());
  }

  describeCell(n) {
    const e = this.engine;
    return n >= 0 ? `(${e.xOf(n)}, ${e.yOf(n)})` : '–';
  }

  update() {
    const e = this.engine, m = this.marks;
    const n = m.hover >= 0 ? m.hover : m.cursor;
    if (n < 0 || n >= e.cellCount) {
      for (const id of kFields) setText(id, '–');
      return;
    }
    const info = e.inspect(n), cost = e.costs()[n], mask = e.entryMasks()[n];
    let terrain = cost === 0 ? 'wall' : `cost ${formatNumber(cost)}`;
    if (cost !== 0 && mask !== kAllDirections) {
      const hex = e.isHex();  // N and S are not hex moves
      const dirs = kDirectionNames.filter((_, d) => mask & (1 << d) && !(hex && (d === 0 || d === 2)));
      terrain += `, one-way (enter moving ${dirs.join(' ') || 'nowhere'})`;
    }
    if (e.portals().some((p) => p.from === n || p.to === n)) terrain += ', portal';
    if (n === e.start()) terrain += ', start';
    if (n === e.goal()) terrain += ', goal';
    setText('inspect-cell', this.describeCell(n));
    setText('inspect-terrain', terrain);
    setText('inspect-state', kStateNames[info.state] ?? '–');
    setText('inspect-g', formatNumber(info.g));
    setText('inspect-h', info.state === 0 && e.status() === Status.Idle ? '–' : formatNumber(info.h));
    setText('inspect-f', formatNumber(info.f));
    setText('inspect-parent', info.parent >= 0 ? this.describeCell(info.parent) : '–');
  }
}
