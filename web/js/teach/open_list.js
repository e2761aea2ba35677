// The open-list table: the first entries of the open list in the order the engine will take
// them (engine.openList(): the heap and the ready stack merged as the search merges them), the
// next pick highlighted, and a sentence saying why it wins. While the code pane steps through
// an expansion line by line, the list as it stands at that line (line_state.js). Clicking a
// row marks the cell on the grid.
import { Status } from '../engine.js';
import { $, el, setText, formatNumber } from '../dom.js';

export const kOpenListRows = 12;

// Why the first entry comes first, from the algorithm's registry row and the first two rows.
export function whyNext(info, rows, cellText) {
  if (rows.length === 0) return '';
  const first = rows[0], second = rows[1];
  const name = cellText(first.cell);
  if (info.frontier === 'queue') return `${name} was added first: a queue is first in, first out.`;
  if (info.frontier === 'stack') return `${name} was added last: a stack is last in, first out.`;
  const greedy = info.heuristicOnly;
  const key = greedy ? 'h' : 'f', value = greedy ? first.h : first.f;
  let text = `${name} has the lowest ${key} = ${formatNumber(value)}`;
  if (second && Math.abs((greedy ? second.h : second.f) - value) <= 1e-9 * Math.max(1, Math.abs(value))) {
    const tie = greedy ? 'smaller g' : 'larger g';
    text += `; tied with ${cellText(second.cell)}, ${tie} wins (g ${formatNumber(first.g)} vs ${formatNumber(second.g)})`;
    if (first.g === second.g) text += ', then the order they were pushed in';
  }
  return `${text}.`;
}

export class OpenListView {
  // line: the search at the code pane's line (LineState), read here.
  constructor(store, focus, line) {
    this.store = store;
    this.focus = focus;
    this.line = line;
    this.active = false;
    this.rows = [];
    store.on('search', () => this.update());
    store.on('settings', () => this.update());
    line.onChange(() => this.update());
  }

  bind() {
    $('open-list-rows').addEventListener('click', (event) => {
      const row = event.target.closest('tr[data-cell]');
      if (row) this.select(Number(row.dataset.cell));
    });
    $('open-list-rows').addEventListener('keydown', (event) => {
      const row = event.target.closest('tr[data-cell]');
      if (row && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        this.select(Number(row.dataset.cell));
      }
    });
  }

  setActive(on) {
    this.active = on;
    if (on) this.update();
  }

  select(cell) {
    this.focus.selected = this.focus.selected === cell ? -1 : cell;
    for (const tr of $('open-list-rows').children) tr.classList.toggle('selected', Number(tr.dataset.cell) === this.focus.selected);
    this.focus.changed();
  }

  update() {
    if (!this.active) return;
    const e = this.store.engine;
    const searching = e.status() === Status.InProgress || this.line.partial;
    const list = searching ? this.line.openList(kOpenListRows) : null;
    this.rows = list ?? [];
    const cellText = (n) => `(${e.xOf(n)}, ${e.yOf(n)})`;
    const body = $('open-list-rows');
    body.replaceChildren(...this.rows.map((r, i) => {
      const tr = el('tr', { cls: i === 0 ? 'next' : '', attrs: { 'data-cell': String(r.cell), tabindex: '0' } }, [
        el('td', { text: i === 0 ? 'next' : String(i + 1) }),
        el('td', { text: cellText(r.cell) }),
        el('td', { text: formatNumber(r.g), cls: 'num' }),
        el('td', { text: formatNumber(r.h), cls: 'num' }),
        el('td', { text: formatNumber(r.f), cls: 'num' }),
      ]);
      tr.classList.toggle('selected', r.cell === this.focus.selected);
      return tr;
    }));
    const open = list ? list.total : 0;
    let why = whyNext(e.algorithmInfo(), this.rows, cellText);
    if (!searching) why = e.status() === Status.Idle ? 'Step once to see the open list.' : 'The search has finished.';
    else if (open > this.rows.length) why += ` ${open - this.rows.length} more below.`;
    setText('open-list-why', why);
  }
}
