// The teaching layer: the code pane and the open-list table (the Learn view), heat maps and
// race mode (a Tools section). In the Learn view, and for the expansion-order heat map, the
// engine keeps its expansion records (store.setInspection) on maps up to kInspectMaxCells: on a
// 4096 x 4096 map the order alone is 64 MB, and turning records on replays the search. The
// marks the pane and the table place on the grid (the expanded cell, the neighbour being
// relaxed, a selected open-list row) are drawn by one overlay.
import { $, formatNumber } from '../dom.js';
import { CodePane } from './code_pane.js';
import { LineState } from './line_state.js';
import { OpenListView } from './open_list.js';
import { HeatMap } from './heat_map.js';
import { RaceView } from './race.js';

// The rings' colours, drawn here and shown in the canvas's legend (index.html's #legend-ring-*
// keys, coloured from this table), each key while its ring is on the grid.
export const kRingColours = Object.freeze({ expanded: '#d55e00', neighbour: '#cc79a7', selected: '#000000' });
function showRingKeys(focus) {
  for (const [name, colour] of Object.entries(kRingColours)) {
    const key = $(`legend-ring-${name}`);
    key.querySelector('i').style.borderColor = colour;
    key.hidden = !focus.visible || !(focus[name] >= 0);
  }
}

// Rings around the cells the teaching views point at.
function drawFocus(focus) {
  return (ctx, view) => {
    const ring = (cell, colour, width, grow) => {
      if (cell < 0 || cell >= view.engine.cellCount) return;
      const path = new Path2D();
      view.addCellOutline(path, view.engine.xOf(cell), view.engine.yOf(cell), view.hex, grow);
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.stroke(path);
    };
    if (!focus.visible) return;
    const w = Math.max(2, Math.min(4, view.cell * 0.12));
    ring(focus.expanded, kRingColours.expanded, w, -w / 2);
    ring(focus.neighbour, kRingColours.neighbour, w, -w / 2);
    ring(focus.selected, kRingColours.selected, w, w / 2);
  };
}

export const kInspectMaxCells = 512 * 512;

// views: the Learn / Tools switch (views/view_switch.js).
export function bindTeaching({ store, controller, loop, view, views }) {
  const focus = { visible: false, expanded: -1, neighbour: -1, selected: -1 };
  focus.changed = () => {
    showRingKeys(focus);
    loop.requestDraw();
  };
  // The search at the code pane's line: the open-list table and the grid's cell states show it.
  const line = new LineState(store);
  view.renderer.stateView = () => line.states();
  line.onChange(() => {
    view.renderer.markStateDirty();
    loop.requestDraw();
  });
  const codePane = new CodePane(store, controller, focus, line);
  const openList = new OpenListView(store, focus, line);
  const heat = new HeatMap(store);
  const race = new RaceView({ store, controller, loop });
  codePane.bind();
  openList.bind();
  heat.bind(() => loop.requestDraw());
  race.bind();
  view.renderer.addOverlay((ctx, renderer) => heat.draw(ctx, renderer));
  view.renderer.addOverlay(drawFocus(focus));
  let active = null, tooBig = null;
  const update = () => {
    const cells = store.engine.cellCount, fits = cells <= kInspectMaxCells, inLearn = views.view === 'learn';
    store.setInspection(fits && (inLearn || heat.kind === 'order'));
    const learning = inLearn && fits;
    if (learning !== active) {
      active = learning;
      focus.visible = learning;
      codePane.setActive(learning);
      openList.setActive(learning);
      focus.changed();
    }
    const big = inLearn && !fits ? cells : null;
    if (big !== null && big !== tooBig) {
      $('code-explain').textContent = `The code pane follows searches on maps of up to ${formatNumber(kInspectMaxCells)} cells ` +
        `(${Math.sqrt(kInspectMaxCells)} x ${Math.sqrt(kInspectMaxCells)}); this one has ${formatNumber(cells)}. The timeline still plays and scrubs the search.`;
    }
    tooBig = big;
  };
  heat.kindChanged = update;
  views.onChange(update);
  store.on('map', update);
  update();
  return { codePane, openList, heat, race, focus, line };
}
