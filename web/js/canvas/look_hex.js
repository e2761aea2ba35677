// The hex look: when cells are small, the layer cache's brick layout scaled up; when cells are
// large, real hexagons (terrain cached per view, search state drawn per frame, visible cells
// only).
import { NodeState } from '../engine.js';
import { kRowPitch, kHexSize } from '../hex.js';
import { kColors } from './cell_layers.js';

// Hex maps are drawn as hexagons from this many CSS pixels per cell (and at most
// kHexVectorMaxCells visible cells); below, as the brick-layout image.
export const kHexVectorMinCell = 10;
export const kHexVectorMaxCells = 12000;

// How the cells are drawn this frame: 'hex-brick' or 'hex-vector'.
function drawMode(view) {
  if (view.cell < kHexVectorMinCell) return 'hex-brick';
  const { x0, y0, x1, y1 } = view.visibleRange(true);
  return (x1 - x0) * (y1 - y0) <= kHexVectorMaxCells ? 'hex-vector' : 'hex-brick';
}

export const hexLook = Object.freeze({
  name: 'hex',
  palette: kColors,
  draw(view) {
    const e = view.engine, ctx = view.ctx;
    view.ensureBase(true);
    const mode = view.lastMode = drawMode(view);
    ctx.imageSmoothingEnabled = false;
    if (mode === 'hex-vector') {
      drawHexagons(view);
      view.stateDirty = true;  // the brick layer was not kept up to date meanwhile
      return;
    }
    view.ensureState(true);
    // Each brick row is one row pitch high, centred on its row's centres.
    const x = view.offsetX, y = view.offsetY + (kHexSize - kRowPitch / 2) * view.cell;
    const w = (e.width + 0.5) * view.cell, h = e.height * view.rowPitch;
    ctx.drawImage(view.base.canvas, x, y, w, h);
    ctx.drawImage(view.state.canvas, x, y, w, h);
  },
});

// Hex maps with large cells (r: the renderer): the visible hexagons, each filled with its terrain colour with
// its search state blended in (opaque), and their outlines, kept in a canvas the size of the
// page's. A zoom, a resize or a map edit redraws them all; a pan by whole device pixels
// shifts the canvas and draws the uncovered strips; otherwise only the cells whose search
// state changed since the last frame are drawn again, so animating a search costs a scan of
// the visible states plus the few hexagons that changed.
function drawHexagons(r) {
  const e = r.engine, states = r.cellStates(), n = e.width * e.height;
  if (states.length !== n) return;
  const key = `${e.revision()}|${r.cell}|${r.canvas.width}|${r.canvas.height}|${r.dpr}`;
  let view = r.hexView;
  if (!view || view.canvas.width !== r.canvas.width || view.canvas.height !== r.canvas.height || view.shown.length !== n) {
    const canvas = view?.canvas ?? document.createElement('canvas');
    canvas.width = r.canvas.width;
    canvas.height = r.canvas.height;
    view = r.hexView = { canvas, ctx: canvas.getContext('2d'), key: '', offsetX: 0, offsetY: 0, shown: new Uint8Array(n) };
  }
  const c = view.ctx, colors = r.cellColors, shown = view.shown, { x0, y0, x1, y1 } = r.visibleRange(true);
  const dx = (r.offsetX - view.offsetX) * r.dpr, dy = (r.offsetY - view.offsetY) * r.dpr;
  const whole = (v) => Math.abs(v - Math.round(v)) < 1e-6;
  let full = view.key !== key;
  if (!full && (dx !== 0 || dy !== 0)) {
    if (whole(dx) && whole(dy) && Math.abs(dx) < r.canvas.width / 2 && Math.abs(dy) < r.canvas.height / 2) {
      // Pan: move what is drawn, then redraw every cell within a cell of the uncovered strips.
      c.save();
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.globalCompositeOperation = 'copy';
      c.drawImage(view.canvas, Math.round(dx), Math.round(dy));
      c.restore();
      const sx = dx / r.dpr, sy = dy / r.dpr, m = r.cell;
      for (let y = y0; y < y1; ++y) {
        for (let x = x0; x < x1; ++x) {
          const p = r.centreOf(x, y, true);
          if ((sx > 0 && p.x < sx + m) || (sx < 0 && p.x > r.cssWidth + sx - m) ||
              (sy > 0 && p.y < sy + m) || (sy < 0 && p.y > r.cssHeight + sy - m)) shown[y * e.width + x] = 255;
        }
      }
    } else {
      full = true;
    }
  }
  view.offsetX = r.offsetX;
  view.offsetY = r.offsetY;
  c.setTransform(r.dpr, 0, 0, r.dpr, 0, 0);
  if (full) {
    c.clearRect(0, 0, r.cssWidth, r.cssHeight);
    shown.fill(255);
  }
  // Neighbours overlap a little (no hairline seams between fills); a redrawn cell also
  // covers its old outline, which it then strokes again.
  const grow = (full ? 0.35 : 0.6) / r.dpr;
  const groups = new Map();  // composite colour key -> Path2D
  const outlines = r.cell >= 12 ? new Path2D() : null;
  let changed = 0;
  for (let y = y0; y < y1; ++y) {
    for (let x = x0, i = y * e.width + x0; x < x1; ++x, ++i) {
      const s = states[i] & 3;
      if (shown[i] === s) continue;
      shown[i] = s;
      const k = colors[i] * 4 + s;
      let path = groups.get(k);
      if (!path) groups.set(k, path = new Path2D());
      r.addCellOutline(path, x, y, true, grow);
      if (outlines) r.addCellOutline(outlines, x, y, true);
      ++changed;
    }
  }
  for (const [k, path] of groups) {
    c.fillStyle = compositeColour(r, k);
    c.fill(path);
  }
  if (outlines && changed) {
    c.strokeStyle = 'rgba(0,0,0,0.10)';
    c.lineWidth = 1 / r.dpr;
    c.stroke(outlines);
  }
  view.key = key;
  r.lastChangedCells = changed;
  r.ctx.save();
  r.ctx.setTransform(1, 0, 0, 1, 0, 0);
  r.ctx.drawImage(view.canvas, 0, 0);
  r.ctx.restore();
}

// CSS colour of a terrain colour (packed, opaque) with a search state's colour over it.
function compositeColour(r, k) {
  r.compositeCache ??= new Map();
  let css = r.compositeCache.get(k);
  if (css !== undefined) return css;
  const terrain = Math.floor(k / 4), s = k % 4;
  const over = s === NodeState.Closed ? kColors.closed : s === NodeState.Open ? kColors.open : null;
  const a = over ? over[3] / 255 : 0;
  const channel = (shift, j) => Math.round(((terrain >>> shift) & 255) * (1 - a) + (over ? over[j] * a : 0));
  css = `rgb(${channel(0, 0)},${channel(8, 1)},${channel(16, 2)})`;
  if (r.compositeCache.size > 4096) r.compositeCache.clear();  // not a limit: a cache size
  r.compositeCache.set(k, css);
  return css;
}
