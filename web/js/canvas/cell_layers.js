// The cells of a map, drawn under the overlays. Square maps: two 1-pixel-per-cell layers
// (terrain, search state) rebuilt from the engine's typed arrays and scaled up without
// smoothing. Hex maps: when cells are small, the same layers in a brick layout (each cell 2
// pixels wide, odd rows shifted by 1 pixel: the same six-neighbour tiling) scaled up; when cells
// are large, real hexagons (terrain cached per view, search state drawn per frame, visible cells
// only). Colours: Okabe-Ito (colour-blind safe): open = bluish green, closed = orange.
import { NodeState, kAllDirections } from '../engine.js';
import { kRowPitch, kHexSize } from '../hex.js';
import { Viewport } from './viewport.js';

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

export class CellLayers extends Viewport {
  constructor(canvas, engine) {
    super(canvas, engine);
    this.ctx = canvas.getContext('2d');
    this.base = null;
    this.state = null;
    this.baseKey = '';
    this.stateDirty = true;
    this.cellColors = new Uint32Array(0);  // packed terrain colour per cell
    this.hexView = null;       // hexagons drawn for one view: { canvas, ctx, key, shown states }
    this.oneWayCells = [];
    this.lastMode = '';
    this.stateColours = null;   // packed colour per search state
    this.compositeCache = null; // Map: terrain colour x state -> CSS colour (hexagons)        // 'square', 'hex-brick' or 'hex-vector': how the last frame drew the cells
  }

  // Draws the cells (terrain with the search state over it) in the current view.
  drawCells() {
    const e = this.engine, ctx = this.ctx, hex = this.hex;
    // Revision and generation: a loaded map may have the revision number the old one had.
    if (this.baseKey !== `${e.generation()}:${e.revision()}` || !this.base || this.baseHex !== hex) this.rebuildBase(hex);
    const mode = this.drawMode(hex);
    this.lastMode = mode;
    ctx.imageSmoothingEnabled = false;
    if (mode === 'hex-vector') {
      this.drawHexCells();
      this.stateDirty = true;  // the brick layer was not kept up to date meanwhile
      return;
    }
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
    }
  }

  markStateDirty() { this.stateDirty = true; }
  markMapDirty() {
    this.baseKey = '';
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
    this.baseKey = `${e.generation()}:${e.revision()}`;
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

  // Hex maps with large cells: the visible hexagons, each filled with its terrain colour with
  // its search state blended in (opaque), and their outlines, kept in a canvas the size of the
  // page's. A zoom, a resize or a map edit redraws them all; a pan by whole device pixels
  // shifts the canvas and draws the uncovered strips; otherwise only the cells whose search
  // state changed since the last frame are drawn again, so animating a search costs a scan of
  // the visible states plus the few hexagons that changed.
  drawHexCells() {
    const e = this.engine, states = e.states(), n = e.width * e.height;
    if (states.length !== n) return;
    const key = `${e.generation()}:${e.revision()}|${this.cell}|${this.canvas.width}|${this.canvas.height}|${this.dpr}`;
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

}
