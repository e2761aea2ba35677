// The arcade look, for 4-way mazes with narrow corridors (CellLayers.narrowCorridors) or when
// chosen: a dark floor, walls drawn as rounded outlines between the corridors (as in the
// arcade, not as filled squares), the search state from the layer cache in colours that read
// on the dark floor (arcade_palette.js), optional pellets on the floor the search has not
// reached yet, and each tunnel drawn as an opening in the border with wrap arrows.
import { NodeState } from '../engine.js';
import { kColors } from './cell_layers.js';
import { kArcadePalette as P, css } from './arcade_palette.js';

// The outline runs this far inside a wall cell from the floor it faces (in cells), so a
// 2-cell wall shows as a band with rounded ends and a 1-cell wall as two close lines.
const kInset = 0.3;
const kPelletMinCell = 6;  // CSS px per cell below which pellets are not drawn

// The colours the overlays use in this look (path, markers, wrap arrows), over kColors.
const kPalette = Object.freeze({ ...kColors, open: P.open, closed: P.closed, path: css(P.path), start: css(P.start),
  goal: css(P.goal), wrap: css(P.tunnel) });

// The wall outline of a map as one Path2D in cell units (cell (x, y) spans [x, x + 1]).
// Each wall cell draws its four quarters: a straight piece along a side that faces floor, a
// quarter arc round a corner with floor on both sides (convex), or a small arc round a corner
// whose diagonal neighbour alone is floor (concave); pieces of neighbouring cells meet at the
// cell edges, so the outline is continuous. Outside the map counts as wall, so a tunnel's
// border opening shows as a gap.
export function wallOutline(width, height, costs) {
  const path = new Path2D(), r = 0.5 - kInset;
  const wall = (x, y) => x < 0 || y < 0 || x >= width || y >= height || costs[y * width + x] === 0;
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      if (!wall(x, y)) continue;
      const cx = x + 0.5, cy = y + 0.5;
      for (const sx of [-1, 1]) {
        for (const sy of [-1, 1]) {
          const side = wall(x + sx, y), upDown = wall(x, y + sy);
          if (!side && !upDown) {
            path.moveTo(cx + sx * r, cy);
            path.quadraticCurveTo(cx + sx * r, cy + sy * r, cx, cy + sy * r);
          } else if (side && !upDown) {
            path.moveTo(cx, cy + sy * r);
            path.lineTo(cx + sx * 0.5, cy + sy * r);
          } else if (!side && upDown) {
            path.moveTo(cx + sx * r, cy);
            path.lineTo(cx + sx * r, cy + sy * 0.5);
          } else if (!wall(x + sx, y + sy)) {
            path.moveTo(cx + sx * 0.5, cy + sy * r);
            path.quadraticCurveTo(cx + sx * r, cy + sy * r, cx + sx * r, cy + sy * 0.5);
          }
        }
      }
    }
  }
  return path;
}

// Rows (and columns) where the map wraps and both border cells are floor: the tunnels.
export function tunnelOpenings(e, costs) {
  const { width: w, height: h } = e, rows = [], columns = [];
  if (e.wrapX()) for (let y = 0; y < h; ++y) if (costs[y * w] && costs[y * w + w - 1]) rows.push(y);
  if (e.wrapY()) for (let x = 0; x < w; ++x) if (costs[x] && costs[(h - 1) * w + x]) columns.push(x);
  return { rows, columns };
}

// What the look keeps per map (in the layer cache's key): the outline and the tunnels.
function mazeOf(view) {
  const e = view.engine;
  if (view.arcadeMaze?.key !== view.baseKey) {
    const costs = e.costs();
    view.arcadeMaze = { key: view.baseKey, walls: wallOutline(e.width, e.height, costs), ...tunnelOpenings(e, costs) };
  }
  return view.arcadeMaze;
}

// A chevron pointing along (dx, dy), centred at (x, y), size s in CSS px.
function chevron(ctx, x, y, dx, dy, s) {
  ctx.moveTo(x - dx * s * 0.5 - dy * s * 0.6, y - dy * s * 0.5 + dx * s * 0.6);
  ctx.lineTo(x + dx * s * 0.5, y + dy * s * 0.5);
  ctx.lineTo(x - dx * s * 0.5 + dy * s * 0.6, y - dy * s * 0.5 - dx * s * 0.6);
}

function drawTunnels(view, maze) {
  const ctx = view.ctx, c = view.cell, { w: mapW, h: mapH } = view.mapSize();
  if (!maze.rows.length && !maze.columns.length) return;
  ctx.save();
  ctx.strokeStyle = kPalette.wrap;
  ctx.lineWidth = Math.max(1.5, c * 0.12);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const s = Math.max(4, c * 0.45);
  for (const y of maze.rows) {
    const cy = view.offsetY + (y + 0.5) * c;
    chevron(ctx, view.offsetX - s * 0.6, cy, -1, 0, s);
    chevron(ctx, view.offsetX + mapW + s * 0.6, cy, 1, 0, s);
  }
  for (const x of maze.columns) {
    const cx = view.offsetX + (x + 0.5) * c;
    chevron(ctx, cx, view.offsetY - s * 0.6, 0, -1, s);
    chevron(ctx, cx, view.offsetY + mapH + s * 0.6, 0, 1, s);
  }
  ctx.stroke();
  ctx.restore();
}

// Pellets on the visible floor cells the search has not seen (the states view is read at once).
function drawPellets(view) {
  if (view.cell < kPelletMinCell) return;
  const e = view.engine, costs = e.costs(), states = view.cellStates(), { x0, y0, x1, y1 } = view.visibleRange(false);
  if (states.length !== costs.length) return;
  const path = new Path2D(), r = Math.max(1, view.cell * 0.09);
  for (let y = y0; y < y1; ++y) {
    for (let x = x0, i = y * e.width + x0; x < x1; ++x, ++i) {
      if (costs[i] === 0 || states[i] !== NodeState.Unseen) continue;
      const px = view.offsetX + (x + 0.5) * view.cell, py = view.offsetY + (y + 0.5) * view.cell;
      path.moveTo(px + r, py);
      path.arc(px, py, r, 0, 2 * Math.PI);
    }
  }
  view.ctx.fillStyle = css(P.pellet);
  view.ctx.fill(path);
}

export const arcadeLook = Object.freeze({
  name: 'arcade',
  palette: kPalette,
  draw(view) {
    const ctx = view.ctx, c = view.cell;
    view.ensureBase(false);
    view.ensureState(false, kPalette);
    view.lastMode = 'arcade';
    const maze = mazeOf(view);
    ctx.fillStyle = css(P.floor);
    ctx.fillRect(0, 0, view.cssWidth, view.cssHeight);
    ctx.imageSmoothingEnabled = false;
    const layer = view.layerSize();
    ctx.drawImage(view.state.canvas, view.offsetX, view.offsetY, layer.width, layer.height);
    ctx.save();
    ctx.setTransform(view.dpr * c, 0, 0, view.dpr * c, view.dpr * view.offsetX, view.dpr * view.offsetY);
    ctx.strokeStyle = css(P.wall);
    ctx.lineWidth = Math.max(1.5 / c, 0.13);
    ctx.lineCap = 'round';
    ctx.stroke(maze.walls);
    ctx.restore();
    if (view.pellets) drawPellets(view);
    drawTunnels(view, maze);
  },
});
