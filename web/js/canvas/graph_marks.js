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
