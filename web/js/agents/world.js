// The agents' view of the page's map (a core AgentWorld from web/agents_bindings.cpp, on the
// engine's own grid) and the small geometry helpers every agents module shares. Positions are
// in cell widths from the map's top-left corner, the renderer's layout units (so overlays draw
// offset + position * cell):
//  - square maps: the centre of cell (x, y) is (x + 0.5, y + 0.5);
//  - hex maps (pointy-top, odd rows shifted right): regular hexagons one unit wide, rows
//    sqrt(3) / 2 apart, the centre of (x, y) at (x + 0.5 + 0.5 * (y odd), 1 / sqrt(3) + y * sqrt(3) / 2);
//    distances are then the same in every direction, so speeds and radii mean the same thing.
import { kRowPitch, hexAtLayout, hexCentreLayout, colRowToLayout } from '../hex.js';

export const kNone = 4294967295;  // NodeId kNoNode as seen through a Uint32Array
export const Join = Object.freeze({ Start: 0, Walk: 1, Portal: 2, Wrap: 3 });

export class World {
  // engine: the page's PlaygroundEngine (web/js/engine.js); its wasm module must include
  // the AgentWorld bindings. The AgentWorld works on the engine's own map and notices its
  // edits and loads by itself; this object keeps no copy of the map either: it reads cells
  // through a live view of the engine's costs (see cells()). The engine must outlive it.
  constructor(engine) {
    if (typeof engine.core.AgentWorld !== 'function')
      throw new Error('this build of the engine has no AgentWorld (link web/agents_bindings.cpp)');
    this.engine = engine;
    this.raw = new engine.core.AgentWorld(engine.raw);
    this.revision = -1;  // the engine's revision() last seen (it never repeats, loads included)
    this.width = 0;
    this.height = 0;
    this.wrapX = false;
    this.wrapY = false;
    this.hex = false;
    this.periodY = 0;  // how far apart in y a vertical wrap puts the same place
    this.view = null;
    this.refresh();
  }

  // Takes the map's size and rules from the engine when it changed since the last look (two
  // cheap calls otherwise); returns true when it did. open() and cellAt() call it, so positions
  // are always read against the current map.
  refresh() {
    const e = this.engine, revision = e.revision();
    if (revision === this.revision) return false;
    this.revision = revision;
    this.width = e.width;
    this.height = e.height;
    this.wrapX = e.wrapX();
    this.wrapY = e.wrapY();
    this.hex = e.topology() === 1;
    this.periodY = this.hex ? this.height * kRowPitch : this.height;
    this.view = null;
    return true;
  }

  // Kept for callers from before the single map (tests/web/page_hex.test.mjs): there is
  // nothing to copy any more, so it only refreshes.
  sync() { return this.refresh(); }

  // The engine's live costs view (0 = wall). Kept between calls but never used dead: a heap
  // growth detaches it (length 0, refetched here) and only a new document moves the engine's
  // cost array (refresh() drops the view on any change).
  cells() {
    let v = this.view;
    if (v === null || v.length !== this.width * this.height) v = this.view = this.engine.costs();
    return v;
  }

  // Whether the point lies in a passable cell (outside the map: no, unless wrapped).
  open(x, y) {
    const n = this.cellAt(x, y);
    return n >= 0 && this.cells()[n] > 0;
  }

  // Whether a size x size agent stands on floor cells only, (x, y) being the centre of its
  // top-left cell (core's anchor, clearance.h): every cell its square [x - 0.5, x - 0.5 + size)
  // overlaps must be a floor cell of the map. Size 1 is open(); bigger agents move on square
  // maps without wrap only (core refuses the others).
  fits(x, y, size = 1) {
    if (size === 1) return this.open(x, y);
    this.refresh();
    const e = 1e-6, x0 = Math.floor(x - 0.5 + e), y0 = Math.floor(y - 0.5 + e);
    const x1 = Math.floor(x - 0.5 + size - e), y1 = Math.floor(y - 0.5 + size - e);
    if (x0 < 0 || y0 < 0 || x1 >= this.width || y1 >= this.height) return false;
    const cells = this.cells();
    for (let cy = y0; cy <= y1; ++cy) for (let cx = x0; cx <= x1; ++cx) if (!(cells[cy * this.width + cx] > 0)) return false;
    return true;
  }

  // The point moved back onto the map along wrapping axes.
  wrapPoint(x, y) {
    if (this.wrapX) x = ((x % this.width) + this.width) % this.width;
    if (this.wrapY) y = ((y % this.periodY) + this.periodY) % this.periodY;
    return { x, y };
  }

  // Shortest displacement from a to b (through the tunnel when the map wraps).
  delta(ax, ay, bx, by) {
    let dx = bx - ax, dy = by - ay;
    if (this.wrapX && Math.abs(dx) > this.width / 2) dx -= Math.sign(dx) * this.width;
    if (this.wrapY && Math.abs(dy) > this.periodY / 2) dy -= Math.sign(dy) * this.periodY;
    return { dx, dy };
  }

  centre(n) {
    const x = n % this.width, y = Math.floor(n / this.width);
    return this.hex ? hexCentreLayout(x, y) : { x: x + 0.5, y: y + 0.5 };
  }
  // The cell containing a point (on hex maps the hexagon, not its bounding box), or -1.
  cellAt(x, y) {
    this.refresh();
    let cx, cy;
    if (this.hex) {
      [cx, cy] = hexAtLayout(x, y);
      // A wrapped hex map's seams: columns repeat every width, rows (an even number) every height.
      if (this.wrapX) cx = ((cx % this.width) + this.width) % this.width;
      if (this.wrapY) cy = ((cy % this.height) + this.height) % this.height;
    } else {
      const p = this.wrapPoint(x, y);
      cx = Math.floor(p.x);
      cy = Math.floor(p.y);
    }
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    return cy * this.width + cx;
  }

  // Points [{x, y, join}] of a cell path: raw, string-pulled and/or splined.
  smooth(path, { stringPull = true, spline = true, samplesPerCell = 4 } = {}) {
    if (!path || path.length === 0) return [];
    this.refresh();
    // Array.from: a JS copy, since path may be a live view and the call allocates.
    const flat = this.raw.smooth(Array.from(path), stringPull, spline, samplesPerCell);
    if (flat === null) throw new Error(this.raw.lastError());
    const points = [];
    for (let i = 0; i < flat.length; i += 3) {
      // Core gives hex centres in column / row units: move them to layout units.
      const p = this.hex ? colRowToLayout(flat[i], flat[i + 1]) : { x: flat[i], y: flat[i + 1] };
      points.push({ x: p.x, y: p.y, join: flat[i + 2] });
    }
    return points;
  }

  dispose() { this.raw.delete(); }
}
