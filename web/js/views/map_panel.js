// The map controls: cell shape, movement rule, cost model, wrap-around, the one-way direction
// menu, the map's name, New blank / Generate, Undo / Redo, and the view buttons (fit, zoom,
// parent arrows, numbers). Edits go to the store as commands; the view to the canvas view.
import { $ } from '../dom.js';
import { fillSelect } from './search_panel.js';
import { kUiRanges, applyRange } from '../document/names.js';

// One-way choices (entry direction masks, bits N E S W NE SE SW NW) for square and hex cells.
const kOneWayChoices = {
  square: [['145', '↑ N'], ['50', '→ E'], ['100', '↓ S'], ['200', '← W'], ['255', 'clear']],
  hex: [['16', '↗ NE'], ['2', '→ E'], ['32', '↘ SE'], ['64', '↙ SW'], ['8', '← W'], ['128', '↖ NW'],
    ['145', '↑ up (NE NW)'], ['100', '↓ down (SE SW)'], ['255', 'clear']],
};

export class MapPanel {
  // canvasView: fit / zoom / overlay switches (canvas_view.js).
  constructor(store, messages, canvasView) {
    this.store = store;
    this.messages = messages;
    this.canvasView = canvasView;
    // Only rule changes and whole maps touch these controls (edits are whole: a stroke's cells are not).
    store.on('map', (d) => { if (d.whole) this.sync(); });
  }

  // Runs a store command and shows its problem, if any, as an error.
  run(problem) {
    if (problem) this.messages.show(problem, 'error');
    return !problem;
  }

  bind() {
    const s = this.store, e = s.engine, r = e.registry, limits = r.limits;
    // Every number field's range: core's limits, or the page's own (document/names.js's kUiRanges).
    applyRange($('brush-size'), kUiRanges.brush);
    applyRange($('terrain-cost'), { min: limits.minCellCost, max: limits.maxCost });
    for (const id of ['new-width', 'new-height']) applyRange($(id), { min: limits.minGridSide, max: limits.maxGridSide });
    applyRange($('seed'), kUiRanges.seed);
    fillSelect($('generator'), r.generators.map((g) => ({ value: g.name, text: g.label, title: g.description })));
    fillSelect($('diagonal'), r.movements.map((m, i) => ({ value: String(i), text: m.description, title: m.name })));
    $('generate').disabled = e.generators.length === 0;
    $('diagonal').addEventListener('change', (ev) => this.run(s.setDiagonal(Number(ev.target.value))));
    $('cost-model').addEventListener('change', (ev) => this.run(s.setCostModel(ev.target.checked ? 1 : 0)));
    $('cells').addEventListener('change', (ev) => this.run(s.setCells(ev.target.value)));
    const wrap = () => this.run(s.setWrap($('wrap-x').checked, $('wrap-y').checked));
    $('wrap-x').addEventListener('change', wrap);
    $('wrap-y').addEventListener('change', wrap);
    $('undo').addEventListener('click', () => this.undo());
    $('redo').addEventListener('click', () => this.redo());
    $('new-map').addEventListener('click', () => this.newBlank());
    $('generate').addEventListener('click', () => this.generate());
    const v = this.canvasView;
    $('fit').addEventListener('click', () => v.fit());
    $('zoom-in').addEventListener('click', () => v.zoomBy(1.25));
    $('zoom-out').addEventListener('click', () => v.zoomBy(0.8));
    $('show-parents').addEventListener('change', (ev) => {
      v.setShow('parents', ev.target.checked);
      this.store.partChanged('overlays');
    });
    $('show-numbers').addEventListener('change', (ev) => {
      v.setShow('numbers', ev.target.checked);
      this.store.partChanged('overlays');
      if (ev.target.checked && v.renderer.cell < 30) this.messages.show('Zoom in (mouse wheel or +) to see the numbers.');
    });
    // The document's `overlays` field (document/schema.js): parent arrows and numbers on the cells.
    this.store.own('overlays', {
      read: () => ({ parents: v.renderer.showParents, numbers: v.renderer.showNumbers }),
      apply: (o) => {
        for (const [name, id] of [['parents', 'show-parents'], ['numbers', 'show-numbers']]) {
          if (o[name] === undefined) continue;
          v.setShow(name, o[name]);
          $(id).checked = o[name];
        }
      },
    });
    this.sync();
  }

  undo() {
    const label = this.store.undo();
    if (label) this.messages.show(`Undid: ${label}`);
  }
  redo() {
    const label = this.store.redo();
    if (label) this.messages.show(`Redid: ${label}`);
  }

  newBlank() {
    const w = Number($('new-width').value), h = Number($('new-height').value);
    if (this.run(this.store.newBlank(w, h))) this.canvasView.fit();
  }
  generate() {
    const kind = $('generator').value, w = Number($('new-width').value), h = Number($('new-height').value);
    if (this.run(this.store.generate(kind, w, h, Number($('seed').value) >>> 0))) this.canvasView.fit();
  }

  sync() {
    const e = this.store.engine, hex = e.isHex();
    $('wrap-x').checked = e.wrapX();
    $('wrap-y').checked = e.wrapY();
    $('diagonal').value = String(e.diagonal());
    $('cost-model').checked = e.costModel() === 1;
    $('cells').value = hex ? 'hex' : 'square';
    // The diagonal rule is about squares' corners: hex cells have six edge neighbours, all
    // one straight step away, so it does not apply.
    $('diagonal').disabled = hex;
    $('diagonal').title = hex ? 'Hex cells have six neighbours, each one straight step away: the movement rule applies to square cells only.' : '';
    const movementNote = $('movement-note');
    movementNote.hidden = !hex;
    movementNote.textContent = hex
      ? 'Hex cells: six neighbours (E, W, NE, NW, SE, SW), each step costs one straight step × the entered cell\'s cost; the movement rule applies to square cells only.'
      : '';
    this.syncOneWayChoices(hex);
    const name = e.name() || 'untitled';
    $('map-name').textContent = `${name} · ${e.width}×${e.height}`;
    $('map-name').title = name;
  }

  // The one-way direction menu lists the moves of the map's cells; the choice is kept when
  // the other shape has it.
  syncOneWayChoices(hex) {
    const select = $('oneway-dir'), kind = hex ? 'hex' : 'square';
    if (select.dataset.kind === kind) return;
    const keep = select.value;
    select.replaceChildren(...kOneWayChoices[kind].map(([value, label]) => new Option(label, value)));
    if (kOneWayChoices[kind].some(([value]) => value === keep)) select.value = keep;
    select.dataset.kind = kind;
  }
}
