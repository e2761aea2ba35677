// The canvas view: the cells in one of three looks, each a module of its own over the shared
// view transform (canvas/viewport.js) and layer cache (canvas/cell_layers.js): square
// (canvas/look_square.js), hex (canvas/look_hex.js) and arcade (canvas/look_arcade.js); then
// the overlays on top (canvas/overlays.js, then any other module's, all through addOverlay, then
// the start/goal markers and the inspected cell above them all).
// It reads the document through the engine and the pointer marks (hovered cell, keyboard
// cursor, first end of a portal being placed) from `marks`, which the input router owns; it
// writes neither. Every read of the search (states, path, inspect) goes through this.engine.
import { CellLayers } from './canvas/cell_layers.js';
import { kLookChoices } from './document/names.js';
import { kBuiltInOverlays, kTopOverlays } from './canvas/overlays.js';
import { squareLook } from './canvas/look_square.js';
import { hexLook } from './canvas/look_hex.js';
import { arcadeLook } from './canvas/look_arcade.js';

// 'auto': arcade for 4-way square maps with narrow corridors, else square (hex maps are always hex).

export class Renderer extends CellLayers {
  constructor(canvas, engine, marks = { hover: -1, cursor: -1, pendingPortal: -1 }) {
    super(canvas, engine);
    this.marks = marks;
    this.showParents = false;
    this.showNumbers = false;
    this.lookChoice = 'auto';
    this.pellets = true;  // the arcade look's pellets
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

  setLook(choice) {
    if (!kLookChoices.includes(choice)) throw new Error(`unknown look "${choice}" (${kLookChoices.join(', ')})`);
    this.lookChoice = choice;
  }
  // The look this map is drawn in now.
  get look() {
    if (this.hex) return hexLook;
    if (this.lookChoice !== 'auto') return this.lookChoice === 'arcade' ? arcadeLook : squareLook;
    this.ensureBase(false);  // narrowCorridors is worked out with the terrain layer
    return this.narrowCorridors ? arcadeLook : squareLook;
  }
  // The overlays' colours (path, markers...) in the current look.
  get palette() { return this.look.palette; }

  drawCells() {
    const look = this.look;
    look.draw(this);
    // For the page's CSS (the legend's colours follow the look).
    if (this.canvas.dataset.look !== look.name) this.canvas.dataset.look = look.name;
  }

  draw() {
    const t0 = performance.now();
    const e = this.engine, ctx = this.ctx;
    this.resize();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    if (!e.width || !e.height) return;
    this.drawCells();
    for (const overlay of this.overlays) overlay(ctx, this);
    for (const overlay of kTopOverlays) overlay(ctx, this);
    this.lastDrawMs = performance.now() - t0;
  }
}
