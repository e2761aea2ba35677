// Marks of an abstract graph over the grid, shared by the layers that draw one (HPA*'s
// entrances, the subgoal graph's subgoals): its nodes as dots, and the abstract path of the
// current query as a dashed line through its nodes' cell centres (renderer.cellCenter: square
// or hex). CSS pixels, inside a renderer overlay.

export function drawNodeDots(ctx, r, cells, color) {
  ctx.fillStyle = color;
  const radius = Math.max(1.5, r.cell * 0.22);
  ctx.beginPath();
  for (const n of cells) {
    const c = r.cellCenter(n);
    ctx.moveTo(c.x + radius, c.y);
    ctx.arc(c.x, c.y, radius, 0, 2 * Math.PI);
  }
  ctx.fill();
}

export function drawAbstractPath(ctx, r, cells, color) {
  if (cells.length < 2) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(2, r.cell * 0.18);
  ctx.setLineDash([Math.max(4, r.cell * 0.5), Math.max(3, r.cell * 0.3)]);
  ctx.beginPath();
  for (let i = 1; i < cells.length; i++) {
    const a = r.cellCenter(cells[i - 1]), b = r.cellCenter(cells[i]);
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.stroke();
  ctx.restore();
}

// A line in the plane through flat points [x, y, ...] in cell units (the centre of cell (cx, cy)
// is (cx + 0.5, cy + 0.5)), square cells: the navmesh and Theta* paths. style: {color, width, dash}.
export function drawPolyline(ctx, r, points, style) {
  if (points.length < 4) return;
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width;
  ctx.setLineDash(style.dash);
  ctx.beginPath();
  ctx.moveTo(r.offsetX + points[0] * r.cell, r.offsetY + points[1] * r.cell);
  for (let i = 2; i < points.length; i += 2) ctx.lineTo(r.offsetX + points[i] * r.cell, r.offsetY + points[i + 1] * r.cell);
  ctx.stroke();
  ctx.restore();
}
