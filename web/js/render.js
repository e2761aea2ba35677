// The canvas view: the cells (canvas/cell_layers.js, over the shared view transform of
// canvas/viewport.js) and the overlays on top (canvas/overlays.js, then any other module's,
// all through addOverlay). It reads the document through the engine and the pointer marks
// (hovered cell, keyboard cursor, first end of a portal being placed) from `marks`, which the
// input router owns; it writes neither.
import { CellLayers } from './canvas/cell_layers.js';
import { kBuiltInOverlays } from './canvas/overlays.js';

export class Renderer extends CellLayers {
  constructor(canvas, engine, marks = { hover: -1, cursor: -1, pendingPortal: -1 }) {
    super(canvas, engine);
    this.marks = marks;
    this.showParents = false;
    this.showNumbers = false;
    this.overlays = [...kBuiltInOverlays];  // drawing hooks: fn(ctx, renderer), in order
    this.lastDrawMs = 0;
  }

  // Overlays (agents, flow fields...) register here; they draw in CSS pixels, after the
  // built-in ones. Returns a function that removes it.
  addOverlay(fn) {
    this.overlays.push(fn);
    return () => { this.overlays = this.overlays.filter((f) => f !== fn); };
  }

  // For tests and older callers: the marks read through the renderer.
  get cursor() { return this.marks.cursor; }
  get hover() { return this.marks.hover; }

  draw() {
    const t0 = performance.now();
    const e = this.engine, ctx = this.ctx;
    this.resize();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    if (!e.width || !e.height) return;
    this.drawCells();
    for (const overlay of this.overlays) overlay(ctx, this);
    this.lastDrawMs = performance.now() - t0;
  }
}
