// The built-in overlays, drawn over the cells in this order, each a function (ctx, view)
// registered through Renderer.addOverlay like any other module's: grid lines, wrap-around
// edges, one-way arrows, portals, parent arrows, the path, g/h/f numbers, start/goal markers
// and the inspected cell. They draw in CSS pixels and read the map through the engine and the
// pointer marks (hover, cursor, pending portal) through renderer.marks; the path and markers
// take the current look's colours (renderer.palette).
import { NodeState, kDirectionX, kDirectionY } from '../engine.js';
import { hexDirectionVector } from '../hex.js';
import { kColors } from './cell_layers.js';

function drawGridLines(view) {
  const ctx = view.ctx, { x0, y0, x1, y1 } = view.visibleRange(false);
  ctx.strokeStyle = 'rgba(0,0,0,0.08)';
  ctx.lineWidth = 1 / view.dpr;
  ctx.beginPath();
  for (let x = x0; x <= x1; ++x) {
    const px = view.offsetX + x * view.cell;
    ctx.moveTo(px, view.offsetY + y0 * view.cell);
    ctx.lineTo(px, view.offsetY + y1 * view.cell);
  }
  for (let y = y0; y <= y1; ++y) {
    const py = view.offsetY + y * view.cell;
    ctx.moveTo(view.offsetX + x0 * view.cell, py);
    ctx.lineTo(view.offsetX + x1 * view.cell, py);
  }
  ctx.stroke();
}

// Wrap-around axes: a dashed band on both opposite edges, with arrows pointing out.
function drawWrapEdges(view) {
  const e = view.engine, ctx = view.ctx;
  if (!e.wrapX() && !e.wrapY()) return;
  const { w: mapW, h: mapH } = view.mapSize();
  const w = Math.max(3, Math.min(8, view.cell * 0.4));
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
    for (const [x, dx] of [[view.offsetX - w / 2, -1], [view.offsetX + mapW + w / 2, 1]]) {
      ctx.beginPath();
      ctx.moveTo(x, view.offsetY);
      ctx.lineTo(x, view.offsetY + mapH);
      ctx.stroke();
      arrow(x + dx * w, view.offsetY + mapH / 2, dx, 0);
    }
  }
  if (e.wrapY()) {
    for (const [y, dy] of [[view.offsetY - w / 2, -1], [view.offsetY + mapH + w / 2, 1]]) {
      ctx.beginPath();
      ctx.moveTo(view.offsetX, y);
      ctx.lineTo(view.offsetX + mapW, y);
      ctx.stroke();
      arrow(view.offsetX + mapW / 2, y + dy * w, 0, dy);
    }
  }
  ctx.restore();
}

// One-way cells: an arrow per allowed entry direction (square: the four orthogonal ones;
// hex: the six hex moves).
function drawOneWayArrows(view) {
  if (!view.oneWayCells.length) return;
  const e = view.engine, ctx = view.ctx, masks = e.entryMasks(), hex = view.hex;
  const { x0, y0, x1, y1 } = view.visibleRange(hex);
  const r = view.cell * (hex ? 0.3 : 0.32);
  const directions = hex ? [1, 3, 4, 5, 6, 7] : [0, 1, 2, 3];
  ctx.save();
  ctx.strokeStyle = kColors.oneWay;
  ctx.fillStyle = kColors.oneWay;
  ctx.lineWidth = Math.max(1, view.cell * 0.08);
  for (const n of view.oneWayCells) {
    const x = e.xOf(n), y = e.yOf(n);
    if (x < x0 || x >= x1 || y < y0 || y >= y1) continue;
    const { x: cx, y: cy } = view.centreOf(x, y, hex);
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
function drawPortals(view) {
  const portals = view.engine.portals();
  if (!portals.length && view.marks.pendingPortal < 0) return;
  const ctx = view.ctx, r = Math.max(3, view.cell * 0.38);
  ctx.save();
  ctx.strokeStyle = kColors.portal;
  ctx.fillStyle = kColors.portal;
  ctx.lineWidth = Math.max(1.5, Math.min(4, view.cell * 0.12));
  for (const p of portals) {
    const a = view.cellCenter(p.from), b = view.cellCenter(p.to);
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
  if (view.marks.pendingPortal >= 0) {
    const q = view.cellCenter(view.marks.pendingPortal);
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.arc(q.x, q.y, r * 1.3, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.restore();
}

// Steps between cells that are not neighbours on screen (tunnels, portals) are drawn
// as two stubs towards the edge, or a dashed jump for portals.
function drawPath(view) {
  const path = view.engine.path();
  if (path.length < 2) return;
  const ctx = view.ctx;
  ctx.save();
  ctx.strokeStyle = view.palette.path;
  ctx.lineWidth = Math.max(2, Math.min(6, view.cell * 0.3));
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  const first = view.cellCenter(path[0]);
  ctx.moveTo(first.x, first.y);
  const jumps = [];
  for (let i = 1; i < path.length; ++i) {
    const step = view.stepVector(path[i - 1], path[i]), prev = step.from, next = step.to;
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

function arrow(view, from, to, color, width) {
  const ctx = view.ctx;
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
function drawParentArrows(view) {
  const e = view.engine, parents = e.parents(), { x0, y0, x1, y1 } = view.visibleRange();
  view.ctx.save();
  for (let y = y0; y < y1; ++y) {
    for (let x = x0; x < x1; ++x) {
      const n = y * e.width + x, p = parents[n];
      if (p < 0) continue;
      const step = view.stepVector(n, p);
      let dx = step.vx / view.cell, dy = step.vy / view.cell;
      if (!step.near) {
        const len = Math.hypot(dx, dy) || 1;
        dx /= len;
        dy /= len;
      }
      const c = step.from;
      const t = { x: c.x + dx * view.cell * 0.42, y: c.y + dy * view.cell * 0.42 };
      arrow(view, { x: c.x - dx * view.cell * 0.2, y: c.y - dy * view.cell * 0.2 }, t, 'rgba(29,35,43,0.55)', 1);
    }
  }
  view.ctx.restore();
}

function drawNumbers(view) {
  const e = view.engine, ctx = view.ctx, hex = view.hex, { x0, y0, x1, y1 } = view.visibleRange(hex);
  // The visible seen cells, read from the states view before any other engine call (a view
  // is only good until a call that may grow the wasm heap).
  const states = view.cellStates(), seen = [];
  for (let y = y0; y < y1; ++y) for (let x = x0; x < x1; ++x) if (states[y * e.width + x] !== NodeState.Unseen) seen.push(y * e.width + x);
  const fmt = (v) => (Number.isFinite(v) ? (Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : v.toFixed(1)) : '∞');
  ctx.save();
  ctx.fillStyle = '#1d232b';
  const size = Math.max(8, Math.min(13, view.cell / 4));
  const font = `${size}px system-ui, sans-serif`, bold = `bold ${size}px system-ui, sans-serif`;
  ctx.font = font;
  ctx.textBaseline = 'top';
  ctx.textAlign = hex ? 'center' : 'left';
  for (const n of seen) {
    const x = n % e.width, y = (n - x) / e.width;
    const info = e.inspect(n);
    let px, py;
    if (hex) {  // three centred lines in the middle of the hexagon
      const c = view.centreOf(x, y, true);
      px = c.x;
      py = c.y - 1.5 * size;
    } else {
      px = view.offsetX + x * view.cell + 2;
      py = view.offsetY + y * view.cell + 1;
    }
    ctx.fillText(`g${fmt(info.g)}`, px, py);
    ctx.fillText(`h${fmt(info.h)}`, px, py + size);
    ctx.font = bold;
    ctx.fillText(`f${fmt(info.f)}`, px, py + 2 * size);
    ctx.font = font;
  }
  ctx.restore();
}

function drawMarkers(view) {
  const e = view.engine, ctx = view.ctx;
  const r = Math.max(4, view.cell * (view.hex ? 0.38 : 0.42));
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
    const c = view.cellCenter(e.start());
    ctx.fillStyle = view.palette.start;
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    label(c, 'S');
  }
  for (const goal of e.goals()) {
    const c = view.cellCenter(goal);
    ctx.fillStyle = view.palette.goal;
    ctx.fillRect(c.x - r, c.y - r, 2 * r, 2 * r);
    ctx.strokeRect(c.x - r, c.y - r, 2 * r, 2 * r);
    label(c, 'G');
  }
  ctx.restore();
}

// Hovered cell: outline (its square or hexagon), and an arrow to its parent. Keyboard
// cursor: dashed outline.
function drawInspector(view) {
  const ctx = view.ctx, e = view.engine, hex = view.hex;
  const outline = (n, dashed) => {
    ctx.setLineDash(dashed ? [4, 3] : []);
    ctx.beginPath();
    view.addCellOutline(ctx, e.xOf(n), e.yOf(n), hex);
    ctx.stroke();
  };
  ctx.save();
  ctx.strokeStyle = kColors.hover;
  ctx.lineWidth = 2;
  if (view.marks.cursor >= 0 && view.marks.cursor < e.cellCount) outline(view.marks.cursor, true);
  if (view.marks.hover >= 0 && view.marks.hover < e.cellCount) {
    outline(view.marks.hover, false);
    const parent = e.inspect(view.marks.hover).parent;
    if (parent >= 0) arrow(view, view.cellCenter(view.marks.hover), view.cellCenter(parent), kColors.hover, 2);
  }
  ctx.restore();
}

// In drawing order; each entry draws only when it has something to show at this zoom.
export const kBuiltInOverlays = [
  (ctx, view) => { if (!view.hex && view.lastMode === 'square' && view.cell >= 12) drawGridLines(view); },
  (ctx, view) => { if (view.lastMode !== 'arcade') drawWrapEdges(view); },  // the arcade look draws its tunnels
  (ctx, view) => { if (view.cell >= 5) drawOneWayArrows(view); },
  (ctx, view) => drawPortals(view),
  (ctx, view) => { if (view.showParents && view.cell >= 14) drawParentArrows(view); },
  (ctx, view) => drawPath(view),
  (ctx, view) => { if (view.showNumbers && view.cell >= 30) drawNumbers(view); },
];
// Drawn after every other overlay, other modules' too (the agents' string-pulled and smoothed
// lines): the start and goal letters and the inspected cell are never under a line.
export const kTopOverlays = [
  (ctx, view) => drawMarkers(view),
  (ctx, view) => drawInspector(view),
];
