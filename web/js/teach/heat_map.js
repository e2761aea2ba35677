// Heat maps over the grid: g, h, f, expansion order, the exact cost to the goal, and the
// heuristic's error (exact - h, from a reverse Dijkstra in the engine), with a colour legend.
// Values come from engine.heat(kind) (NaN where a value does not apply: not drawn). The error
// map shows where h underestimates (the larger, the weaker the guidance) and, in red, where it
// overestimates (an inadmissible heuristic: A* may then miss the cheapest path). The clearance
// map needs no search: core's true clearance of each floor cell (astar/clearance.h, through
// core.ClearanceView), the largest agent size a search can anchor there.
import { $, setText, formatNumber } from '../dom.js';
import { copyOut } from '../engine.js';
import { kHeatKindNames } from '../document/names.js';

// The labels of the document's heat map kinds (document/names.js, kHeatKindNames).
const kHeatLabels = {
  none: 'off',
  g: 'g: cost from the start',
  h: 'h: the heuristic estimate',
  f: 'f = g + h',
  order: 'expansion order',
  exact: 'exact cost to the goal',
  error: 'heuristic error: exact − h',
  clearance: 'clearance: the largest square agent that fits with its top-left cell here',
};
// The same kinds, short, for the canvas's legend.
const kLegendNames = { g: 'g', h: 'h', f: 'f', order: 'expansion order', exact: 'exact cost', error: 'exact − h', clearance: 'clearance' };
export const kHeatKinds = Object.freeze(Object.fromEntries(kHeatKindNames.map((k) => [k, kHeatLabels[k]])));

// Viridis (perceptually even, readable with the common colour-vision deficiencies).
const kStops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
const kOverestimate = [215, 25, 28];
const kLevels = 64;

export function heatColour(t) {
  const x = Math.min(1, Math.max(0, t)) * (kStops.length - 1), i = Math.min(kStops.length - 2, Math.floor(x)), f = x - i;
  const a = kStops[i], b = kStops[i + 1];
  return [0, 1, 2].map((c) => Math.round(a[c] + (b[c] - a[c]) * f));
}

export class HeatMap {
  constructor(store) {
    this.store = store;
    this.kind = 'none';
    this.values = null;  // a JS copy of the engine's values for the current kind
    this.min = 0;
    this.max = 0;
    this.dirty = true;
    this.clearance = null;  // core.ClearanceView, made on first use
    this.kindChanged = () => {};  // set by the teaching layer: the expansion order needs inspection
    for (const kind of ['map', 'query', 'settings', 'search']) store.on(kind, () => { this.dirty = true; });
  }

  bind(requestDraw) {
    const select = $('heat-kind');
    for (const [value, label] of Object.entries(kHeatKinds)) select.append(new Option(label, value));
    // The Learn view's switch shows the clearance map (the same field: Tools' list shows it too).
    const clearance = $('learn-clearance');
    // The switch belongs with agent sizes: shown when the agent is bigger than a cell (or the
    // clearance map is on), not among a newcomer's first controls.
    const showSwitch = () => {
      $('learn-clearance-row').hidden = !(this.store.engine.settings.agentSize > 1 || this.kind === 'clearance');
    };
    for (const kind of ['settings', 'map']) this.store.on(kind, showSwitch);
    const choose = (kind) => {
      this.kind = kind;
      select.value = kind;
      clearance.checked = kind === 'clearance';
      this.dirty = true;
      this.kindChanged();
      showSwitch();
      requestDraw();
    };
    select.addEventListener('change', () => {
      choose(select.value);
      this.store.partChanged('heatMap');
    });
    showSwitch();
    clearance.addEventListener('change', () => {
      choose(clearance.checked ? 'clearance' : 'none');
      this.store.partChanged('heatMap');
    });
    this.requestDraw = requestDraw;
    // The document's `heatMap` field (document/schema.js) is this view's kind.
    this.store.own('heatMap', {
      read: () => this.kind,
      apply: choose,
    });
  }

  // Fresh values (only when something changed since the last draw).
  refresh() {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.kind === 'none') {
      this.values = null;
      this.showLegend();
      return;
    }
    this.values = this.kind === 'clearance' ? this.clearanceValues() : copyOut(this.store.engine.heat(this.kind));
    let min = Infinity, max = -Infinity;
    for (const v of this.values) {
      if (Number.isNaN(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    this.min = min;
    this.max = max;
    this.showLegend();
  }

  // Core's clearance per cell, NaN on walls (not drawn: a wall's clearance is 0).
  clearanceValues() {
    const e = this.store.engine;
    this.clearance ??= new e.core.ClearanceView(e.raw);
    return Float64Array.from(this.clearance.values(), (v) => (v === 0 ? NaN : v));
  }

  // The colour scale where the heat map is seen: the canvas's legend (every view) and the Tools
  // section's; the Learn view's clearance switch says the range in words too.
  showLegend() {
    const clearance = this.kind === 'clearance' && this.max >= this.min;
    setText('learn-clearance-range', clearance ? `from ${formatNumber(this.min)} (dark) to ${formatNumber(this.max)} (yellow) cells` : '');
    $('heat-legend').hidden = !this.values;
    $('legend-heat').hidden = !this.values;
    if (!this.values) return;
    const empty = !(this.max >= this.min);
    const low = empty ? '–' : formatNumber(this.error ? Math.max(0, this.min) : this.min), high = empty ? '–' : formatNumber(this.max);
    setText('heat-min', low);
    setText('heat-max', high);
    setText('legend-heat-name', `${kLegendNames[this.kind] ?? this.kind}:`);
    setText('legend-heat-min', low);
    setText('legend-heat-max', high);
    const negatives = this.kind === 'error' && this.min < -1e-9;
    $('heat-over').hidden = !negatives;
    $('legend-heat-over').hidden = !negatives;
    if (negatives) setText('heat-over', `red: h overestimates (by up to ${formatNumber(-this.min)}): not admissible here`);
  }

  get error() { return this.kind === 'error'; }

  // The overlay (renderer.addOverlay): translucent cells, one path per colour (64 levels, and
  // red for an overestimate), so a big map costs 65 fills, not one per cell.
  draw(ctx, view) {
    this.refresh();
    const values = this.values;
    if (!values) return;
    const e = view.engine, hex = view.hex, { x0, y0, x1, y1 } = view.visibleRange();
    const low = this.error ? 0 : this.min, span = Math.max(1e-12, this.max - low);
    const levels = kLevels, paths = [];
    for (let y = y0; y < y1; ++y) {
      for (let x = x0; x < x1; ++x) {
        const v = values[y * e.width + x];
        if (Number.isNaN(v)) continue;
        const level = this.error && v < -1e-9 ? levels : Math.min(levels - 1, Math.floor(((v - low) / span) * levels));
        view.addCellOutline(paths[level] ??= new Path2D(), x, y, hex);
      }
    }
    ctx.save();
    ctx.globalAlpha = 0.72;
    paths.forEach((path, level) => {
      if (!path) return;
      const [r, g, b] = level === levels ? kOverestimate : heatColour((level + 0.5) / levels);
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fill(path);
    });
    ctx.restore();
  }
}
