// The agents' copy of the page's map (a core AgentWorld from web/agents_bindings.cpp) and the
// small geometry helpers every agents module shares. Positions are in cell widths from the
// map's top-left corner, the renderer's layout units (so overlays draw offset + position * cell):
//  - square maps: the centre of cell (x, y) is (x + 0.5, y + 0.5);
//  - hex maps (pointy-top, odd rows shifted right): regular hexagons one unit wide, rows
//    sqrt(3) / 2 apart, the centre of (x, y) at (x + 0.5 + 0.5 * (y odd), 1 / sqrt(3) + y * sqrt(3) / 2);
//    distances are then the same in every direction, so speeds and radii mean the same thing.
import { kRowPitch, hexAtLayout, hexCentreLayout, colRowToLayout } from '../hex.js';

export const kNone = 4294967295;  // NodeId kNoNode as seen through a Uint32Array
export const Join = Object.freeze({ Start: 0, Walk: 1, Portal: 2, Wrap: 3 });

export class World {
  // engine: the page's PlaygroundEngine (web/js/engine.js); its wasm module must include
  // the AgentWorld bindings.
  constructor(engine) {
    if (typeof engine.core.AgentWorld !== 'function')
      throw new Error('this build of the engine has no AgentWorld (link web/agents_bindings.cpp)');
    this.engine = engine;
    this.raw = new engine.core.AgentWorld();
    this.revision = -1;
    this.width = 0;
    this.height = 0;
    this.wrapX = false;
    this.wrapY = false;
    this.hex = false;
    this.periodY = 0;  // how far apart in y a vertical wrap puts the same place
    this.passable = new Uint8Array(0);
  }

  // Mirrors the page's map when it changed; returns true when it did.
  sync() {
    const e = this.engine;
    const revision = e.revision();
    if (revision === this.revision) return false;
    const topology = typeof e.topology === 'function' ? e.topology() : 0;
    // Copies, not the engine's views: converting a view into a C++ vector allocates, and when
    // that grows the wasm heap the view it is reading from is detached (a 1024 x 1024 or larger
    // map failed half-applied). Copies live in JS memory and survive the growth.
    const problem = this.raw.sync(e.width, e.height, e.costs().slice(), e.entryMasks().slice(), e.portals(),
      e.wrapX(), e.wrapY(), e.diagonal(), e.costModel(), topology);
    if (problem) throw new Error(problem);
    this.revision = revision;
    this.width = e.width;
    this.height = e.height;
    this.wrapX = e.wrapX();
    this.wrapY = e.wrapY();
    this.hex = topology === 1;
    this.periodY = this.hex ? this.height * kRowPitch : this.height;
    const costs = e.costs();
    if (this.passable.length !== costs.length) this.passable = new Uint8Array(costs.length);
    for (let i = 0; i < costs.length; i++) this.passable[i] = costs[i] > 0 ? 1 : 0;
    return true;
  }

  // Whether the point lies in a passable cell (outside the map: no, unless wrapped).
  open(x, y) {
    const n = this.cellAt(x, y);
    return n >= 0 && this.passable[n] === 1;
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
