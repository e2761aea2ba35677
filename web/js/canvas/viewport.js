// The view transform shared by every look: canvas size and device pixel ratio, the cell size
// and the map's offset in CSS pixels, fit / zoom / pan, and hit-testing (which cell is under a
// point, where a cell's centre is). Square maps: cell (x, y) spans [x, x + 1] cell widths;
// hex maps (pointy-top, odd rows shifted right): see hex.js. Reads the map through the engine.
import { kRowPitch, kHexSize, hexAtLayout, hexExtent } from '../hex.js';

// Adds a pointy-top hexagon centred at (cx, cy) to a path: half width hw, centre-to-corner s.
export function addHexagon(path, cx, cy, hw, s) {
  path.moveTo(cx, cy - s);
  path.lineTo(cx + hw, cy - s / 2);
  path.lineTo(cx + hw, cy + s / 2);
  path.lineTo(cx, cy + s);
  path.lineTo(cx - hw, cy + s / 2);
  path.lineTo(cx - hw, cy - s / 2);
  path.closePath();
}

export class Viewport {
  constructor(canvas, engine) {
    this.canvas = canvas;
    this.engine = engine;
    this.dpr = 1;
    this.cssWidth = 1;
    this.cssHeight = 1;
    this.cell = 10;      // CSS pixels per cell (on hex maps: the hexagon's width, flat side to flat side)
    this.offsetX = 0;    // CSS pixels of the map's top-left corner (of its bounding box on hex maps)
    this.offsetY = 0;
    this.userMoved = false;  // zoomed or panned by the user since the last fit: a resize keeps the view
    this.fixedSize = null;   // { width, height }: draw at this size instead of the canvas's on-screen size
    // The canvas's on-screen size as the page's ResizeObserver last reported it (canvas_view.js).
    // Until it has, the size is read from the layout, which forces one: read every frame after
    // the panels changed, that cost a phone ~0.1 s of the page's first second.
    this.observedSize = null;  // { width, height } in CSS pixels
  }

  // ---- layout ----
  get hex() { return this.engine.isHex(); }
  // Vertical distance between the centres of two rows, in CSS pixels.
  get rowPitch() { return this.hex ? this.cell * kRowPitch : this.cell; }
  // Size of the map's bounding box in CSS pixels.
  mapSize() {
    const e = this.engine;
    if (!this.hex) return { w: e.width * this.cell, h: e.height * this.cell };
    const x = hexExtent(e.width, e.height);
    return { w: x.x * this.cell, h: x.y * this.cell };
  }
  // Layout units (cell widths from the map's top-left corner; see hex.js) to CSS pixels.
  layoutToScreen(lx, ly) { return { x: this.offsetX + lx * this.cell, y: this.offsetY + ly * this.cell }; }

  resize() {
    // A fixed size (pictures and videos, export_image.js): that many pixels, one per CSS pixel.
    const rect = this.fixedSize ?? this.observedSize ?? this.canvas.getBoundingClientRect();
    this.dpr = this.fixedSize ? 1 : window.devicePixelRatio || 1;
    this.cssWidth = Math.max(1, rect.width);
    this.cssHeight = Math.max(1, rect.height);
    const w = Math.round(this.cssWidth * this.dpr), h = Math.round(this.cssHeight * this.dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
  }

  fit() {
    this.resize();
    this.userMoved = false;
    const { width, height } = this.engine;
    if (!width || !height) return;
    const margin = 8;
    const units = this.hex ? hexExtent(width, height) : { x: width, y: height };
    this.cell = Math.max(0.05, Math.min((this.cssWidth - 2 * margin) / units.x, (this.cssHeight - 2 * margin) / units.y));
    this.offsetX = (this.cssWidth - this.cell * units.x) / 2;
    this.offsetY = (this.cssHeight - this.cell * units.y) / 2;
  }

  zoomAt(cssX, cssY, factor) {
    this.userMoved = true;
    const next = Math.min(96, Math.max(0.05, this.cell * factor));
    const k = next / this.cell;
    this.offsetX = cssX - (cssX - this.offsetX) * k;
    this.offsetY = cssY - (cssY - this.offsetY) * k;
    this.cell = next;
  }

  pan(dx, dy) {
    this.userMoved = true;
    this.offsetX += dx;
    this.offsetY += dy;
  }

  // The cell under a point in CSS pixels relative to the canvas, or -1. On hex maps, the
  // hexagon that contains the point (not its bounding box).
  cellAtPoint(cssX, cssY) {
    const lx = (cssX - this.offsetX) / this.cell, ly = (cssY - this.offsetY) / this.cell;
    let x, y;
    if (this.hex) [x, y] = hexAtLayout(lx, ly);
    else [x, y] = [Math.floor(lx), Math.floor(ly)];
    return this.engine.contains(x, y) ? this.engine.index(x, y) : -1;
  }
  cellAtEvent(event) {
    const rect = this.canvas.getBoundingClientRect();
    return this.cellAtPoint(event.clientX - rect.left, event.clientY - rect.top);
  }
  // Centre of cell (x, y) in CSS pixels.
  centreOf(x, y, hex = this.hex) {
    if (!hex) return { x: this.offsetX + (x + 0.5) * this.cell, y: this.offsetY + (y + 0.5) * this.cell };
    return { x: this.offsetX + (x + 0.5 + 0.5 * (y & 1)) * this.cell, y: this.offsetY + (kHexSize + y * kRowPitch) * this.cell };
  }
  // Centre of a cell in CSS pixels (for tests and overlays).
  cellCenter(n) {
    const e = this.engine;
    return this.centreOf(e.xOf(n), e.yOf(n));
  }
  // Adds cell (x, y)'s outline (a square or a hexagon) to a path, grown by `grow` CSS pixels.
  addCellOutline(path, x, y, hex, grow = 0) {
    const c = this.centreOf(x, y, hex);
    if (hex) addHexagon(path, c.x, c.y, this.cell / 2 + grow, this.cell * kHexSize + grow);
    else path.rect(c.x - this.cell / 2 - grow, c.y - this.cell / 2 - grow, this.cell + 2 * grow, this.cell + 2 * grow);
  }

  // The screen vector from the centre of a to the centre of b, taking the short way through a
  // wrap-around edge; near: whether b is then a neighbour on screen (not a portal jump).
  stepVector(a, b) {
    const e = this.engine, pa = this.cellCenter(a), pb = this.cellCenter(b);
    let vx = pb.x - pa.x, vy = pb.y - pa.y, wrapped = false;
    const dx = e.xOf(b) - e.xOf(a), dy = e.yOf(b) - e.yOf(a);
    if (e.wrapX() && Math.abs(dx) > 1 && Math.abs(dx) === e.width - 1) {
      vx -= Math.sign(dx) * e.width * this.cell;
      wrapped = true;
    }
    if (e.wrapY() && Math.abs(dy) > 1 && Math.abs(dy) === e.height - 1) {
      vy -= Math.sign(dy) * e.height * this.rowPitch;
      wrapped = true;
    }
    const near = Math.abs(vx) <= this.cell * 1.01 && Math.abs(vy) <= this.cell * 1.01;
    return { from: pa, to: pb, vx, vy, wrapped, near };
  }

  // The visible cell range [x0, x1) x [y0, y1).
  visibleRange(hex = this.hex) {
    const e = this.engine;
    if (!hex) {
      const x0 = Math.max(0, Math.floor(-this.offsetX / this.cell)), y0 = Math.max(0, Math.floor(-this.offsetY / this.cell));
      const x1 = Math.min(e.width, Math.ceil((this.cssWidth - this.offsetX) / this.cell));
      const y1 = Math.min(e.height, Math.ceil((this.cssHeight - this.offsetY) / this.cell));
      return { x0, y0, x1, y1 };
    }
    // Row y spans [y * pitch, y * pitch + 2 * size] below offsetY; cell x of row y spans
    // [x + shift, x + shift + 1] cell widths right of offsetX (shift 0 or 0.5).
    const pitch = this.rowPitch;
    const y0 = Math.max(0, Math.floor((-this.offsetY - 2 * kHexSize * this.cell) / pitch));
    const y1 = Math.min(e.height, Math.ceil((this.cssHeight - this.offsetY) / pitch) + 1);
    const x0 = Math.max(0, Math.floor(-this.offsetX / this.cell - 1));
    const x1 = Math.min(e.width, Math.ceil((this.cssWidth - this.offsetX) / this.cell) + 1);
    return { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1, y1 };
  }

}
