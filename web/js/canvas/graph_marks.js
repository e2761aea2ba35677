// Marks of an abstract graph over the grid, shared by the layers that draw one (HPA*'s
// entrances, the subgoal graph's subgoals): its nodes as dots, and the abstract path of the
// current query as a dashed line through its nodes' cell centres (renderer.cellCenter: square
// or hex). CSS pixels, inside a renderer overlay.

// Dots this small (in CSS pixels) are squares of pixels in one image, drawn in one call: a
// circle that small looks the same, and a 512 x 512 map's 67,000 subgoals took the page ~300 ms
// a frame as arcs of one path and ~90 ms as fillRects (a loaded 2-core machine).
const kPixelDotRadius = 2;
let scratch = null;  // the image's canvas, kept between frames

function drawPixelDots(ctx, r, cells, color, radius, centre) {
  const width = Math.ceil(r.cssWidth), height = Math.ceil(r.cssHeight);
  if (width < 1 || height < 1) return;
  scratch ??= document.createElement('canvas');
  if (scratch.width !== width || scratch.height !== height) Object.assign(scratch, { width, height });
  const g = scratch.getContext('2d', { willReadFrequently: true });
  g.clearRect(0, 0, width, height);
  g.fillStyle = color;
  g.fillRect(0, 0, 1, 1);
  const image = g.getImageData(0, 0, width, height), pixels = new Uint32Array(image.data.buffer), ink = pixels[0];
  pixels[0] = 0;
  const side = Math.round(2 * radius);
  for (const n of cells) {
    const c = centre(n), x0 = Math.round(c.x - radius), y0 = Math.round(c.y - radius);
    const x1 = Math.min(width, x0 + side), y1 = Math.min(height, y0 + side);
    for (let y = Math.max(0, y0); y < y1; y++) pixels.fill(ink, y * width + Math.max(0, x0), y * width + x1);
  }
  g.putImageData(image, 0, 0);
  ctx.drawImage(scratch, 0, 0, width, height);
}

export function drawNodeDots(ctx, r, cells, color) {
  ctx.fillStyle = color;
  const radius = Math.max(1.5, r.cell * 0.22);
  // The map's width and cell shape read once: r.cellCenter asks the engine for them at every cell.
  const width = r.engine.width, hex = r.hex, centre = (n) => r.centreOf(n % width, Math.floor(n / width), hex);
  if (radius <= kPixelDotRadius) {
    drawPixelDots(ctx, r, cells, color, radius, centre);
    return;
  }
  ctx.beginPath();
  for (const n of cells) {
    const c = centre(n);
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
