// Canvas rendering. Square maps: two 1-pixel-per-cell layers (terrain, search state) are
// rebuilt from the engine's typed arrays and scaled up without smoothing. Hex maps (pointy-top,
// odd rows shifted right, rows cell * sqrt(3) / 2 apart): when cells are small, the same layers
// in a brick layout (each cell 2 pixels wide, odd rows shifted by 1 pixel: the same six-neighbour
// tiling) scaled up; when cells are large, real hexagons (terrain cached per view, search
// state drawn per frame, visible cells only). Vector overlays (path, markers, portals,
// one-way arrows, wrap edges, inspector) are drawn on top at device resolution.
// Colours: Okabe-Ito (colour-blind safe): open = bluish green, closed = orange, path = blue.
import { NodeState, kDirectionX, kDirectionY, kAllDirections } from './engine.js';
import { kRowPitch, kHexSize, hexAtLayout, hexExtent, hexDirectionVector } from './hex.js';

// Hex maps are drawn as hexagons from this many CSS pixels per cell (and at most
// kHexVectorMaxCells visible cells); below, as the brick-layout image.
export const kHexVectorMinCell = 10;
export const kHexVectorMaxCells = 12000;

export const kColors = Object.freeze({
  wall: [43, 47, 54],
  floor: [255, 255, 255],
  heavy: [140, 109, 70],   // terrain shading towards this as the cost rises
  light: [196, 224, 247],  // cheaper than floor
  open: [0, 158, 115, 150],
  closed: [230, 159, 0, 120],
  path: '#0072b2',
  start: '#0072b2',
  goal: '#cc79a7',
  portal: '#7d3c98',
  oneWay: '#3b4650',
  wrap: '#009e73',
  hover: '#d55e00',
});

function packRgba(r, g, b, a = 255) {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;  // ImageData is RGBA in memory (little-endian)
}

function makeLayer(width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(canvas.width, canvas.height);
  return { canvas, ctx, image, pixels: new Uint32Array(image.data.buffer) };
}

// Adds a pointy-top hexagon centred at (cx, cy) to a path: half width hw, centre-to-corner s.
function addHexagon(path, cx, cy, hw, s) {
  path.moveTo(cx, cy - s);
  path.lineTo(cx + hw, cy - s / 2);
  path.lineTo(cx + hw, cy + s / 2);
  path.lineTo(cx, cy + s);
  path.lineTo(cx - hw, cy + s / 2);
  path.lineTo(cx - hw, cy - s / 2);
  path.closePath();
}

export class Renderer {
  constructor(canvas, engine) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.engine = engine;
    this.dpr = 1;
    this.cssWidth = 1;
    this.cssHeight = 1;
    this.cell = 10;      // CSS pixels per cell (on hex maps: the hexagon's width, flat side to flat side)
    this.offsetX = 0;    // CSS pixels of the map's top-left corner (of its bounding box on hex maps)
    this.offsetY = 0;
    this.base = null;
    this.state = null;
    this.baseRevision = -1;
    this.stateDirty = true;
    this.cellColors = new Uint32Array(0);  // packed terrain colour per cell
    this.hexView = null;       // hexagons drawn for one view: { canvas, ctx, key, shown states }
    this.oneWayCells = [];
    this.hover = -1;           // inspected cell
    this.cursor = -1;          // keyboard cursor
    this.pendingPortal = -1;   // first end of a portal being placed
    this.showParents = false;
    this.showNumbers = false;
    this.overlays = [];        // extra drawing hooks: fn(ctx, renderer), called last
    this.lastDrawMs = 0;
    this.lastMode = '';        // 'square', 'hex-brick' or 'hex-vector': how the last frame drew the cells
  }

  // Extra overlays (agents, flow fields...) register here; they draw in CSS pixels.
  addOverlay(fn) {
    this.overlays.push(fn);
    return () => { this.overlays = this.overlays.filter((f) => f !== fn); };
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
    const rect = this.canvas.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
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
    const { width, height } = this.engine;
    if (!width || !height) return;
    const margin = 8;
    const units = this.hex ? hexExtent(width, height) : { x: width, y: height };
    this.cell = Math.max(0.05, Math.min((this.cssWidth - 2 * margin) / units.x, (this.cssHeight - 2 * margin) / units.y));
    this.offsetX = (this.cssWidth - this.cell * units.x) / 2;
    this.offsetY = (this.cssHeight - this.cell * units.y) / 2;
  }

  zoomAt(cssX, cssY, factor) {
    const next = Math.min(96, Math.max(0.05, this.cell * factor));
    const k = next / this.cell;
    this.offsetX = cssX - (cssX - this.offsetX) * k;
    this.offsetY = cssY - (cssY - this.offsetY) * k;
    this.cell = next;
  }

  pan(dx, dy) {
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

  markStateDirty() { this.stateDirty = true; }
  markMapDirty() {
    this.baseRevision = -1;
    this.stateDirty = true;
    if (this.hexView) this.hexView.key = '';  // drawn again in full (the canvas is kept)
  }

  // How the cells are drawn this frame.
  drawMode(hex = this.hex) {
    if (!hex) return 'square';
    if (this.cell < kHexVectorMinCell) return 'hex-brick';
    const { x0, y0, x1, y1 } = this.visibleRange(hex);
    return (x1 - x0) * (y1 - y0) <= kHexVectorMaxCells ? 'hex-vector' : 'hex-brick';
  }

  rebuildBase(hex) {
    const e = this.engine;
    const width = e.width, height = e.height;
    const layerWidth = hex ? 2 * width + 1 : width;
    if (!this.base || this.base.canvas.width !== layerWidth || this.base.canvas.height !== height) {
      this.base = makeLayer(layerWidth, height);
      this.state = makeLayer(layerWidth, height);
    }
    const costs = e.costs(), masks = e.entryMasks();
    let maxCost = 1, minCost = 1;
    for (let i = 0; i < costs.length; ++i) {
      const c = costs[i];
      if (c > maxCost) maxCost = c;
      if (c > 0 && c < minCost) minCost = c;
    }
    const wall = packRgba(...kColors.wall), floor = packRgba(...kColors.floor);
    const heavySpan = Math.log(maxCost) || 1, lightSpan = Math.log(1 / minCost) || 1;
    const mix = (a, b, t) => packRgba(...a.map((v, k) => Math.round(v + (b[k] - v) * t)));
    if (this.cellColors.length !== costs.length) this.cellColors = new Uint32Array(costs.length);
    const colors = this.cellColors;
    this.oneWayCells = [];
    for (let i = 0; i < costs.length; ++i) {
      const c = costs[i];
      if (c === 0) colors[i] = wall;
      else if (c === 1) colors[i] = floor;
      else if (c > 1) colors[i] = mix(kColors.floor, kColors.heavy, 0.25 + 0.75 * Math.log(c) / heavySpan);
      else colors[i] = mix(kColors.floor, kColors.light, 0.3 + 0.7 * Math.log(1 / c) / lightSpan);
      if (masks[i] !== kAllDirections && c !== 0) this.oneWayCells.push(i);
    }
    const px = this.base.pixels;
    if (hex) this.toBricks(colors, px, width, height);
    else px.set(colors);
    this.base.ctx.putImageData(this.base.image, 0, 0);
    this.baseRevision = e.revision();
    this.baseHex = hex;
    if (this.hexView) this.hexView.key = '';
    this.stateDirty = true;
  }

  // Brick layout: cell (x, y) -> pixels 2x + (y & 1) and the one after in row y.
  toBricks(values, px, width, height) {
    const stride = 2 * width + 1;
    for (let y = 0, i = 0; y < height; ++y) {
      let p = y * stride + (y & 1);
      px[y * stride + ((y & 1) ? 0 : 2 * width)] = 0;
      for (let x = 0; x < width; ++x, ++i, p += 2) {
        const v = values[i];
        px[p] = v;
        px[p + 1] = v;
      }
    }
  }

  rebuildState(hex) {
    const states = this.engine.states();
    const px = this.state.pixels;
    const colour = this.stateColours ??= Uint32Array.of(0, packRgba(...kColors.open), packRgba(...kColors.closed), 0);
    if (hex) {
      const { width, height } = this.engine, stride = 2 * width + 1;
      if (states.length !== width * height) return;
      for (let y = 0, i = 0; y < height; ++y) {
        for (let p = y * stride + (y & 1), end = i + width; i < end; ++i, p += 2) {
          const v = colour[states[i] & 3];
          px[p] = v;
          px[p + 1] = v;
        }
      }
    } else {
      const n = Math.min(states.length, px.length);
      for (let i = 0; i < n; ++i) px[i] = colour[states[i] & 3];
    }
    this.state.ctx.putImageData(this.state.image, 0, 0);
    this.stateDirty = false;
  }

  draw() {
    const t0 = performance.now();
    const e = this.engine, ctx = this.ctx;
    this.resize();
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    if (!e.width || !e.height) return;
    const hex = this.hex;
    if (this.baseRevision !== e.revision() || !this.base || this.baseHex !== hex) this.rebuildBase(hex);
    const mode = this.drawMode(hex);
    this.lastMode = mode;

    ctx.imageSmoothingEnabled = false;
    if (mode === 'hex-vector') {
      this.drawHexCells();
      this.stateDirty = true;  // the brick layer was not kept up to date meanwhile
    } else {
      if (this.stateDirty) this.rebuildState(hex);
      if (hex) {
        // Each brick row is one row pitch high, centred on its row's centres.
        const x = this.offsetX, y = this.offsetY + (kHexSize - kRowPitch / 2) * this.cell;
        const w = (e.width + 0.5) * this.cell, h = e.height * this.rowPitch;
        ctx.drawImage(this.base.canvas, x, y, w, h);
        ctx.drawImage(this.state.canvas, x, y, w, h);
      } else {
        const mapW = e.width * this.cell, mapH = e.height * this.cell;
        ctx.drawImage(this.base.canvas, this.offsetX, this.offsetY, mapW, mapH);
        ctx.drawImage(this.state.canvas, this.offsetX, this.offsetY, mapW, mapH);
        if (this.cell >= 12) this.drawGridLines();
      }
    }
    this.drawWrapEdges();
    if (this.cell >= 5) this.drawOneWayArrows();
    this.drawPortals();
    if (this.showParents && this.cell >= 14) this.drawParentArrows();
    this.drawPath();
    if (this.showNumbers && this.cell >= 30) this.drawNumbers();
    this.drawMarkers();
    this.drawInspector();
    for (const overlay of this.overlays) overlay(ctx, this);
    this.lastDrawMs = performance.now() - t0;
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

  // Hex maps with large cells: the visible hexagons, each filled with its terrain colour with
  // its search state blended in (opaque), and their outlines, kept in a canvas the size of the
  // page's. A zoom, a resize or a map edit redraws them all; a pan by whole device pixels
  // shifts the canvas and draws the uncovered strips; otherwise only the cells whose search
  // state changed since the last frame are drawn again, so animating a search costs a scan of
  // the visible states plus the few hexagons that changed.
  drawHexCells() {
    const e = this.engine, states = e.states(), n = e.width * e.height;
    if (states.length !== n) return;
    const key = `${e.revision()}|${this.cell}|${this.canvas.width}|${this.canvas.height}|${this.dpr}`;
    let view = this.hexView;
    if (!view || view.canvas.width !== this.canvas.width || view.canvas.height !== this.canvas.height || view.shown.length !== n) {
      const canvas = view?.canvas ?? document.createElement('canvas');
      canvas.width = this.canvas.width;
      canvas.height = this.canvas.height;
      view = this.hexView = { canvas, ctx: canvas.getContext('2d'), key: '', offsetX: 0, offsetY: 0, shown: new Uint8Array(n) };
    }
    const c = view.ctx, colors = this.cellColors, shown = view.shown, { x0, y0, x1, y1 } = this.visibleRange(true);
    const dx = (this.offsetX - view.offsetX) * this.dpr, dy = (this.offsetY - view.offsetY) * this.dpr;
    const whole = (v) => Math.abs(v - Math.round(v)) < 1e-6;
    let full = view.key !== key;
    if (!full && (dx !== 0 || dy !== 0)) {
      if (whole(dx) && whole(dy) && Math.abs(dx) < this.canvas.width / 2 && Math.abs(dy) < this.canvas.height / 2) {
        // Pan: move what is drawn, then redraw every cell within a cell of the uncovered strips.
        c.save();
        c.setTransform(1, 0, 0, 1, 0, 0);
        c.globalCompositeOperation = 'copy';
        c.drawImage(view.canvas, Math.round(dx), Math.round(dy));
        c.restore();
        const sx = dx / this.dpr, sy = dy / this.dpr, m = this.cell;
        for (let y = y0; y < y1; ++y) {
          for (let x = x0; x < x1; ++x) {
            const p = this.centreOf(x, y, true);
            if ((sx > 0 && p.x < sx + m) || (sx < 0 && p.x > this.cssWidth + sx - m) ||
                (sy > 0 && p.y < sy + m) || (sy < 0 && p.y > this.cssHeight + sy - m)) shown[y * e.width + x] = 255;
          }
        }
      } else {
        full = true;
      }
    }
    view.offsetX = this.offsetX;
    view.offsetY = this.offsetY;
    c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    if (full) {
      c.clearRect(0, 0, this.cssWidth, this.cssHeight);
      shown.fill(255);
    }
    // Neighbours overlap a little (no hairline seams between fills); a redrawn cell also
    // covers its old outline, which it then strokes again.
    const grow = (full ? 0.35 : 0.6) / this.dpr;
    const groups = new Map();  // composite colour key -> Path2D
    const outlines = this.cell >= 12 ? new Path2D() : null;
    let changed = 0;
    for (let y = y0; y < y1; ++y) {
      for (let x = x0, i = y * e.width + x0; x < x1; ++x, ++i) {
        const s = states[i] & 3;
        if (shown[i] === s) continue;
        shown[i] = s;
        const k = colors[i] * 4 + s;
        let path = groups.get(k);
        if (!path) groups.set(k, path = new Path2D());
        this.addCellOutline(path, x, y, true, grow);
        if (outlines) this.addCellOutline(outlines, x, y, true);
        ++changed;
      }
    }
    for (const [k, path] of groups) {
      c.fillStyle = this.compositeColour(k);
      c.fill(path);
    }
    if (outlines && changed) {
      c.strokeStyle = 'rgba(0,0,0,0.10)';
      c.lineWidth = 1 / this.dpr;
      c.stroke(outlines);
    }
    view.key = key;
    this.lastChangedCells = changed;
    this.ctx.save();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.drawImage(view.canvas, 0, 0);
    this.ctx.restore();
  }

  // CSS colour of a terrain colour (packed, opaque) with a search state's colour over it.
  compositeColour(k) {
    this.compositeCache ??= new Map();
    let css = this.compositeCache.get(k);
    if (css !== undefined) return css;
    const terrain = Math.floor(k / 4), s = k % 4;
    const over = s === NodeState.Closed ? kColors.closed : s === NodeState.Open ? kColors.open : null;
    const a = over ? over[3] / 255 : 0;
    const channel = (shift, j) => Math.round(((terrain >>> shift) & 255) * (1 - a) + (over ? over[j] * a : 0));
    css = `rgb(${channel(0, 0)},${channel(8, 1)},${channel(16, 2)})`;
    if (this.compositeCache.size > 4096) this.compositeCache.clear();
    this.compositeCache.set(k, css);
    return css;
  }

  drawGridLines() {
    const ctx = this.ctx, { x0, y0, x1, y1 } = this.visibleRange(false);
    ctx.strokeStyle = 'rgba(0,0,0,0.08)';
    ctx.lineWidth = 1 / this.dpr;
    ctx.beginPath();
    for (let x = x0; x <= x1; ++x) {
      const px = this.offsetX + x * this.cell;
      ctx.moveTo(px, this.offsetY + y0 * this.cell);
      ctx.lineTo(px, this.offsetY + y1 * this.cell);
    }
    for (let y = y0; y <= y1; ++y) {
      const py = this.offsetY + y * this.cell;
      ctx.moveTo(this.offsetX + x0 * this.cell, py);
      ctx.lineTo(this.offsetX + x1 * this.cell, py);
    }
    ctx.stroke();
  }

  // Wrap-around axes: a dashed band on both opposite edges, with arrows pointing out.
  drawWrapEdges() {
    const e = this.engine, ctx = this.ctx;
    if (!e.wrapX() && !e.wrapY()) return;
    const { w: mapW, h: mapH } = this.mapSize();
    const w = Math.max(3, Math.min(8, this.cell * 0.4));
    ctx.save();
    ctx.strokeStyle = kColors.wrap;
    ctx.fillStyle = kColors.wrap;
    ctx.lineWidth = w;
    ctx.setLineDash([w * 2, w]);
    const arrow = (x, y, dx, dy) => {
      const s = w * 1.6;
      ctx.beginPath();
      ctx.moveTo(x + dx * s, y + dy * s);
      ctx.lineTo(x - dy * s * 0.7, y + dx * s * 0.7);
      ctx.lineTo(x + dy * s * 0.7, y - dx * s * 0.7);
      ctx.closePath();
      ctx.fill();
    };
    if (e.wrapX()) {
      for (const [x, dx] of [[this.offsetX - w / 2, -1], [this.offsetX + mapW + w / 2, 1]]) {
        ctx.beginPath();
        ctx.moveTo(x, this.offsetY);
        ctx.lineTo(x, this.offsetY + mapH);
        ctx.stroke();
        arrow(x + dx * w, this.offsetY + mapH / 2, dx, 0);
      }
    }
    if (e.wrapY()) {
      for (const [y, dy] of [[this.offsetY - w / 2, -1], [this.offsetY + mapH + w / 2, 1]]) {
        ctx.beginPath();
        ctx.moveTo(this.offsetX, y);
        ctx.lineTo(this.offsetX + mapW, y);
        ctx.stroke();
        arrow(this.offsetX + mapW / 2, y + dy * w, 0, dy);
      }
    }
    ctx.restore();
  }

  // One-way cells: an arrow per allowed entry direction (square: the four orthogonal ones;
  // hex: the six hex moves).
  drawOneWayArrows() {
    if (!this.oneWayCells.length) return;
    const e = this.engine, ctx = this.ctx, masks = e.entryMasks(), hex = this.hex;
    const { x0, y0, x1, y1 } = this.visibleRange(hex);
    const r = this.cell * (hex ? 0.3 : 0.32);
    const directions = hex ? [1, 3, 4, 5, 6, 7] : [0, 1, 2, 3];
    ctx.save();
    ctx.strokeStyle = kColors.oneWay;
    ctx.fillStyle = kColors.oneWay;
    ctx.lineWidth = Math.max(1, this.cell * 0.08);
    for (const n of this.oneWayCells) {
      const x = e.xOf(n), y = e.yOf(n);
      if (x < x0 || x >= x1 || y < y0 || y >= y1) continue;
      const { x: cx, y: cy } = this.centreOf(x, y, hex);
      const mask = masks[n];
      // Cannot be entered at all (on hex cells the N and S bits are no moves).
      if (hex ? !directions.some((d) => mask & (1 << d)) : mask === 0) {
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, 2 * Math.PI);
        ctx.moveTo(cx - r * 0.7, cy - r * 0.7);
        ctx.lineTo(cx + r * 0.7, cy + r * 0.7);
        ctx.stroke();
        continue;
      }
      for (const d of directions) {
        if (!(mask & (1 << d))) continue;
        const [dx, dy] = hex ? hexDirectionVector(d) : [kDirectionX[d], kDirectionY[d]];
        ctx.beginPath();
        ctx.moveTo(cx - dx * r, cy - dy * r);
        ctx.lineTo(cx + dx * r, cy + dy * r);
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(cx + dx * r * 1.15, cy + dy * r * 1.15);
        ctx.lineTo(cx + dx * r * 0.35 - dy * r * 0.55, cy + dy * r * 0.35 + dx * r * 0.55);
        ctx.lineTo(cx + dx * r * 0.35 + dy * r * 0.55, cy + dy * r * 0.35 - dx * r * 0.55);
        ctx.closePath();
        ctx.fill();
      }
    }
    ctx.restore();
  }

  // Portals: a ringed marker at each end and an arc between them (arrowhead if one-way).
  drawPortals() {
    const portals = this.engine.portals();
    if (!portals.length && this.pendingPortal < 0) return;
    const ctx = this.ctx, r = Math.max(3, this.cell * 0.38);
    ctx.save();
    ctx.strokeStyle = kColors.portal;
    ctx.fillStyle = kColors.portal;
    ctx.lineWidth = Math.max(1.5, Math.min(4, this.cell * 0.12));
    for (const p of portals) {
      const a = this.cellCenter(p.from), b = this.cellCenter(p.to);
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, dx = b.x - a.x, dy = b.y - a.y;
      const cx = mx - dy * 0.2, cy = my + dx * 0.2;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.quadraticCurveTo(cx, cy, b.x, b.y);
      ctx.stroke();
      ctx.setLineDash([]);
      for (const q of [a, b]) {
        ctx.beginPath();
        ctx.arc(q.x, q.y, r, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(q.x, q.y, r * 0.35, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (!p.twoWay) {
        const tx = b.x - cx, ty = b.y - cy, len = Math.hypot(tx, ty) || 1, ux = tx / len, uy = ty / len;
        const tipX = b.x - ux * r, tipY = b.y - uy * r, s = Math.max(6, r);
        ctx.beginPath();
        ctx.moveTo(tipX, tipY);
        ctx.lineTo(tipX - ux * s - uy * s * 0.5, tipY - uy * s + ux * s * 0.5);
        ctx.lineTo(tipX - ux * s + uy * s * 0.5, tipY - uy * s - ux * s * 0.5);
        ctx.closePath();
        ctx.fill();
      }
    }
    if (this.pendingPortal >= 0) {
      const q = this.cellCenter(this.pendingPortal);
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.arc(q.x, q.y, r * 1.3, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  }

  // Steps between cells that are not neighbours on screen (tunnels, portals) are drawn
  // as two stubs towards the edge, or a dashed jump for portals.
  drawPath() {
    const path = this.engine.path();
    if (path.length < 2) return;
    const ctx = this.ctx;
    ctx.save();
    ctx.strokeStyle = kColors.path;
    ctx.lineWidth = Math.max(2, Math.min(6, this.cell * 0.3));
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    const first = this.cellCenter(path[0]);
    ctx.moveTo(first.x, first.y);
    const jumps = [];
    for (let i = 1; i < path.length; ++i) {
      const step = this.stepVector(path[i - 1], path[i]), prev = step.from, next = step.to;
      if (step.near && !step.wrapped) {
        ctx.lineTo(next.x, next.y);
      } else {
        if (step.near) {  // out through one edge, in through the other
          ctx.lineTo(prev.x + step.vx * 0.5, prev.y + step.vy * 0.5);
          ctx.moveTo(next.x - step.vx * 0.5, next.y - step.vy * 0.5);
        } else {
          jumps.push([prev, next]);
          ctx.moveTo(next.x, next.y);
        }
        ctx.lineTo(next.x, next.y);
      }
    }
    ctx.stroke();
    ctx.setLineDash([4, 4]);
    ctx.lineWidth /= 2;
    for (const [a, b] of jumps) {
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
    ctx.restore();
  }

  arrow(from, to, color, width) {
    const ctx = this.ctx;
    const dx = to.x - from.x, dy = to.y - from.y, len = Math.hypot(dx, dy);
    if (len < 1) return;
    const ux = dx / len, uy = dy / len, s = Math.max(3, width * 3);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x - ux * s * 0.8, to.y - uy * s * 0.8);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(to.x, to.y);
    ctx.lineTo(to.x - ux * s - uy * s * 0.5, to.y - uy * s + ux * s * 0.5);
    ctx.lineTo(to.x - ux * s + uy * s * 0.5, to.y - uy * s - ux * s * 0.5);
    ctx.closePath();
    ctx.fill();
  }

  // Short arrows from each visible seen cell towards its parent (wrapped parents point the
  // way the step left the cell; portal parents point straight at the other end).
  drawParentArrows() {
    const e = this.engine, parents = e.parents(), { x0, y0, x1, y1 } = this.visibleRange();
    this.ctx.save();
    for (let y = y0; y < y1; ++y) {
      for (let x = x0; x < x1; ++x) {
        const n = y * e.width + x, p = parents[n];
        if (p < 0) continue;
        const step = this.stepVector(n, p);
        let dx = step.vx / this.cell, dy = step.vy / this.cell;
        if (!step.near) {
          const len = Math.hypot(dx, dy) || 1;
          dx /= len;
          dy /= len;
        }
        const c = step.from;
        const t = { x: c.x + dx * this.cell * 0.42, y: c.y + dy * this.cell * 0.42 };
        this.arrow({ x: c.x - dx * this.cell * 0.2, y: c.y - dy * this.cell * 0.2 }, t, 'rgba(29,35,43,0.55)', 1);
      }
    }
    this.ctx.restore();
  }

  drawNumbers() {
    const e = this.engine, ctx = this.ctx, states = e.states(), hex = this.hex, { x0, y0, x1, y1 } = this.visibleRange(hex);
    const fmt = (v) => (Number.isFinite(v) ? (Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : v.toFixed(1)) : '∞');
    ctx.save();
    ctx.fillStyle = '#1d232b';
    const size = Math.max(8, Math.min(13, this.cell / 4));
    const font = `${size}px system-ui, sans-serif`, bold = `bold ${size}px system-ui, sans-serif`;
    ctx.font = font;
    ctx.textBaseline = 'top';
    ctx.textAlign = hex ? 'center' : 'left';
    for (let y = y0; y < y1; ++y) {
      for (let x = x0; x < x1; ++x) {
        const n = y * e.width + x;
        if (states[n] === NodeState.Unseen) continue;
        const info = e.inspect(n);
        let px, py;
        if (hex) {  // three centred lines in the middle of the hexagon
          const c = this.centreOf(x, y, true);
          px = c.x;
          py = c.y - 1.5 * size;
        } else {
          px = this.offsetX + x * this.cell + 2;
          py = this.offsetY + y * this.cell + 1;
        }
        ctx.fillText(`g${fmt(info.g)}`, px, py);
        ctx.fillText(`h${fmt(info.h)}`, px, py + size);
        ctx.font = bold;
        ctx.fillText(`f${fmt(info.f)}`, px, py + 2 * size);
        ctx.font = font;
      }
    }
    ctx.restore();
  }

  drawMarkers() {
    const e = this.engine, ctx = this.ctx;
    const r = Math.max(4, this.cell * (this.hex ? 0.38 : 0.42));
    const label = (c, text) => {
      if (r < 6) return;
      ctx.fillStyle = '#fff';
      ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, c.x, c.y + 0.5);
    };
    ctx.save();
    ctx.lineWidth = Math.max(1, r * 0.15);
    ctx.strokeStyle = '#fff';
    if (e.start() >= 0) {
      const c = this.cellCenter(e.start());
      ctx.fillStyle = kColors.start;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      label(c, 'S');
    }
    for (const goal of e.goals()) {
      const c = this.cellCenter(goal);
      ctx.fillStyle = kColors.goal;
      ctx.fillRect(c.x - r, c.y - r, 2 * r, 2 * r);
      ctx.strokeRect(c.x - r, c.y - r, 2 * r, 2 * r);
      label(c, 'G');
    }
    ctx.restore();
  }

  // Hovered cell: outline (its square or hexagon), and an arrow to its parent. Keyboard
  // cursor: dashed outline.
  drawInspector() {
    const ctx = this.ctx, e = this.engine, hex = this.hex;
    const outline = (n, dashed) => {
      ctx.setLineDash(dashed ? [4, 3] : []);
      ctx.beginPath();
      this.addCellOutline(ctx, e.xOf(n), e.yOf(n), hex);
      ctx.stroke();
    };
    ctx.save();
    ctx.strokeStyle = kColors.hover;
    ctx.lineWidth = 2;
    if (this.cursor >= 0 && this.cursor < e.cellCount) outline(this.cursor, true);
    if (this.hover >= 0 && this.hover < e.cellCount) {
      outline(this.hover, false);
      const parent = e.inspect(this.hover).parent;
      if (parent >= 0) this.arrow(this.cellCenter(this.hover), this.cellCenter(parent), kColors.hover, 2);
    }
    ctx.restore();
  }
}
