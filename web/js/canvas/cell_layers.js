// The layer cache every look draws from (looks: look_square.js, look_hex.js, look_arcade.js):
// two 1-pixel-per-cell layers (terrain, search state) rebuilt from the engine's typed arrays
// only when the map or the search changed; on hex maps in a brick layout (each cell 2 pixels
// wide, odd rows shifted by 1 pixel: the same six-neighbour tiling). Also per map: the packed
// terrain colour of each cell, the one-way cells, and whether the arcade look suits the map.
// Colours: Okabe-Ito (colour-blind safe): open = bluish green, closed = orange.
import { kAllDirections } from '../engine.js';
import { Viewport } from './viewport.js';

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

export function packRgba(r, g, b, a = 255) {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;  // ImageData is RGBA in memory (little-endian)
}

export function makeLayer(width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(canvas.width, canvas.height);
  return { canvas, ctx, image, pixels: new Uint32Array(image.data.buffer) };
}

// The arcade look suits 4-way square maps of plain walls and floor (no terrain costs) up to
// kArcadeMaxCells cells whose corridors are narrow: at most 15 % of the floor cells in a 2 x 2
// block of floor (an arcade maze's are its ghost house; open rooms and blank maps have more).
// Larger mazes (the 257 x 257 one) stay square: fitted, their cells are a few pixels wide, too
// small for outlines, and the outline would be stroked again every frame.
export const kArcadeMaxCells = 128 * 128;
function hasNarrowCorridors(e, costs, maxCost, minCost) {
  const { width, height } = e;
  if (e.diagonal() !== 0 || maxCost !== 1 || minCost !== 1 || width * height > kArcadeMaxCells) return false;
  const roomy = new Uint8Array(costs.length);  // cells in some 2 x 2 block of floor
  let floor = 0;
  for (let y = 0, i = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x, ++i) {
      if (costs[i] === 0) continue;
      ++floor;
      if (x + 1 < width && y + 1 < height && costs[i + 1] && costs[i + width] && costs[i + width + 1]) {
        roomy[i] = roomy[i + 1] = roomy[i + width] = roomy[i + width + 1] = 1;
      }
    }
  }
  let inBlocks = 0;
  for (let i = 0; i < roomy.length; ++i) inBlocks += roomy[i];
  return floor > 0 && inBlocks <= 0.15 * floor;
}

export class CellLayers extends Viewport {
  constructor(canvas, engine) {
    super(canvas, engine);
    this.ctx = canvas.getContext('2d');
    this.base = null;
    this.state = null;
    this.baseKey = -1;
    this.baseStep = 1;  // cells per layer pixel across and down (layerStep)
    this.stateDirty = true;
    this.cellColors = new Uint32Array(0);  // packed terrain colour per cell
    this.terrain = null;  // { min, max, low, high }: the costs drawn and their packed colours
    /** @type {((terrain: { min: number, max: number, low: number, high: number }) => void) | null} */
    this.terrainChanged = null;  // after the terrain layer is rebuilt (the legend's terrain key)
    this.hexView = null;       // hexagons drawn for one view: { canvas, ctx, key, shown states }
    this.oneWayCells = [];
    this.lastMode = '';         // 'square', 'hex-brick', 'hex-vector' or 'arcade': how the last frame drew the cells
    this.stateColours = null;   // packed colour per search state, in statePalette's colours
    this.statePalette = null;
    this.compositeCache = null; // Map: terrain colour x state -> CSS colour (hexagons)
    this.narrowCorridors = false;  // see rebuildBase: whether the arcade look suits this map
    this.stateView = null;  // () => cell states to draw instead of the engine's, or null (the code pane's line)
  }

  // The cell states drawn (0 unseen, 1 open, 2 closed): the engine's, unless stateView gives others.
  cellStates() { return this.stateView?.() ?? this.engine.states(); }

  // The terrain layer, rebuilt when the map changed (the grid's revision never repeats, loads
  // included: core's map_journal.h).
  ensureBase(hex = this.hex) {
    const e = this.engine;
    if (this.baseKey !== e.revision() || !this.base || this.baseHex !== hex || this.baseStep !== this.layerStep(hex)) this.rebuildBase(hex);
  }
  // Cells per layer pixel: 1, or on a map larger than the canvas shows it (a 4096² map fitted
  // in 800 pixels) the whole number of cells a device pixel covers. The layers then hold about
  // the canvas's pixels, not 16 M, and one cell of each block is drawn: what scaling the full
  // layer down without smoothing showed. Hex layers are always full.
  layerStep(hex) {
    return hex ? 1 : Math.max(1, Math.floor(1 / (this.cell * this.dpr)));
  }
  // The CSS size of a square layer drawn at the current zoom (it may cover a few cells past the
  // map's edge when the map's side is not a multiple of the step).
  layerSize() {
    const s = this.baseStep * this.cell;
    return { width: this.base.canvas.width * s, height: this.base.canvas.height * s };
  }
  // The search-state layer in a palette's colours, rebuilt when the search changed.
  ensureState(hex = this.hex, palette = kColors) {
    if (this.stateDirty || this.statePalette !== palette) this.rebuildState(hex, palette);
  }

  markStateDirty() { this.stateDirty = true; }
  markMapDirty() {
    this.baseKey = -1;
    this.baseStep = 1;  // cells per layer pixel across and down (layerStep)
    this.stateDirty = true;
    if (this.hexView) this.hexView.key = '';  // drawn again in full (the canvas is kept)
  }

  rebuildBase(hex) {
    const e = this.engine, step = this.layerStep(hex);
    const width = e.width, height = e.height;
    const layerWidth = hex ? 2 * width + 1 : Math.ceil(width / step), layerHeight = Math.ceil(height / step);
    if (!this.base || this.base.canvas.width !== layerWidth || this.base.canvas.height !== layerHeight) {
      this.base = makeLayer(layerWidth, layerHeight);
      this.state = makeLayer(layerWidth, layerHeight);
    }
    this.baseStep = step;
    const costs = e.costs(), masks = e.entryMasks();
    let maxCost = 1, minCost = 1;  // over the cells drawn (each block's first on a layer of blocks)
    for (let y = 0; y < height; y += step) {
      for (let i = y * width, end = i + width; i < end; i += step) {
        const c = costs[i];
        if (c > maxCost) maxCost = c;
        if (c > 0 && c < minCost) minCost = c;
      }
    }
    const wall = packRgba(...kColors.wall), floor = packRgba(...kColors.floor);
    const heavySpan = Math.log(maxCost) || 1, lightSpan = Math.log(1 / minCost) || 1;
    const mix = (a, b, t) => packRgba(...a.map((v, k) => Math.round(v + (b[k] - v) * t)));
    const colorOf = (c) => (c === 0 ? wall : c === 1 ? floor : c > 1
      ? mix(kColors.floor, kColors.heavy, 0.25 + 0.75 * Math.log(c) / heavySpan)
      : mix(kColors.floor, kColors.light, 0.3 + 0.7 * Math.log(1 / c) / lightSpan));
    // The legend's terrain key (views/canvas_view.js): the costs drawn and their colours.
    this.terrain = { min: minCost, max: maxCost, low: colorOf(minCost), high: colorOf(maxCost) };
    this.terrainChanged?.(this.terrain);
    const px = this.base.pixels;
    this.oneWayCells = [];
    if (step > 1) {
      // Per-cell colours and one-way arrows are for cells a pixel or more wide (zoomed in).
      this.cellColors = new Uint32Array(0);
      this.sampleCells(costs, px, colorOf);
    } else {
      if (this.cellColors.length !== costs.length) this.cellColors = new Uint32Array(costs.length);
      const colors = this.cellColors;
      for (let i = 0; i < costs.length; ++i) {
        const c = costs[i];
        colors[i] = colorOf(c);
        if (masks[i] !== kAllDirections && c !== 0) this.oneWayCells.push(i);
      }
      if (hex) this.toBricks(colors, px, width, height);
      else px.set(colors);
    }
    this.base.ctx.putImageData(this.base.image, 0, 0);
    this.narrowCorridors = !hex && hasNarrowCorridors(e, costs, maxCost, minCost);
    this.baseKey = e.revision();
    this.baseHex = hex;
    if (this.hexView) this.hexView.key = '';
    this.stateDirty = true;
  }

  // A layer of baseStep x baseStep blocks: each pixel is colour(value) of its block's first cell.
  sampleCells(values, px, colour) {
    const { width, height } = this.engine, step = this.baseStep;
    for (let y = 0, p = 0; y < height; y += step) {
      for (let i = y * width, end = i + width; i < end; i += step) px[p++] = colour(values[i]);
    }
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

  rebuildState(hex, palette = kColors) {
    // On a layer of blocks the engine's states are sampled in wasm (not 16 M filled per frame).
    const shown = this.stateView?.() ?? null, sampled = !hex && this.baseStep > 1 && !shown;
    const states = sampled ? this.engine.sampledStates(this.baseStep) : shown ?? this.engine.states();
    const px = this.state.pixels;
    if (this.statePalette !== palette) {
      this.statePalette = palette;
      this.stateColours = Uint32Array.of(0, packRgba(...palette.open), packRgba(...palette.closed), 0);
    }
    const colour = this.stateColours;
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
    } else if (sampled) {
      for (let i = 0; i < states.length; ++i) px[i] = colour[states[i] & 3];
    } else if (this.baseStep > 1) {
      if (states.length === this.engine.cellCount) this.sampleCells(states, px, (v) => colour[v & 3]);
    } else {
      const n = Math.min(states.length, px.length);
      for (let i = 0; i < n; ++i) px[i] = colour[states[i] & 3];
    }
    this.state.ctx.putImageData(this.state.image, 0, 0);
    this.stateDirty = false;
  }
}
