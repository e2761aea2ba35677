// The teaching layer ("Learn" in the panel): the code pane, the open-list table, heat maps and
// race mode. While the Learn section is open the engine keeps its expansion records
// (store.setInspection); the marks the pane and the table place on the grid (the expanded
// cell, the neighbour being relaxed, a selected open-list row) are drawn by one overlay.
import { $ } from '../dom.js';
import { CodePane } from './code_pane.js';
import { LineState } from './line_state.js';
import { OpenListView } from './open_list.js';
import { HeatMap } from './heat_map.js';
import { RaceView } from './race.js';

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
    ring(focus.expanded, '#d55e00', w, -w / 2);
    ring(focus.neighbour, '#cc79a7', w, -w / 2);
    ring(focus.selected, '#000000', w, w / 2);
  };
}

export function bindTeaching({ store, controller, loop, view }) {
  const focus = { visible: false, expanded: -1, neighbour: -1, selected: -1, changed: () => loop.requestDraw() };
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
  const learn = $('learn');
  const toggled = () => {
    const open = learn.open;
    focus.visible = open;
    store.setInspection(open);
    codePane.setActive(open);
    openList.setActive(open);
    loop.requestDraw();
  };
  learn.addEventListener('toggle', toggled);
  toggled();
  return { codePane, openList, heat, race, focus, line };
}
