// The lab's plot: best cost so far and mean fitness per generation, with A*'s optimal cost as
// a horizontal line, on its own small canvas. The axes' mapping is exported (plotLayout) so a
// test can find the optimal line's row and a curve's pixel.

export const kPlotColors = { optimal: '#d81b60', best: '#1565c0', mean: '#2e7d32', axis: '#555555' };
const kMargin = { left: 34, right: 8, top: 8, bottom: 18 };

// The mapping from (generation, cost) to CSS pixels for a canvas of width x height showing
// generations 0..lastGeneration and costs 0..top.
export function plotLayout(width, height, lastGeneration, top) {
  const w = width - kMargin.left - kMargin.right, h = height - kMargin.top - kMargin.bottom;
  return {
    x: (g) => Math.round(kMargin.left + (lastGeneration > 0 ? g / lastGeneration : 0) * w) + 0.5,
    y: (c) => Math.round(kMargin.top + h - (top > 0 ? c / top : 0) * h) + 0.5,
    left: kMargin.left, right: width - kMargin.right, top: kMargin.top, bottom: height - kMargin.bottom,
  };
}

// The cost range shown: everything plotted, with 5% headroom.
export function plotTop(history, optimal) {
  let top = optimal ?? 0;
  for (const s of history) top = Math.max(top, s.best ?? 0, s.mean);
  return top > 0 ? top * 1.05 : 1;
}

function curve(ctx, layout, history, pick, color) {
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.beginPath();
  let drawing = false;
  for (const s of history) {
    const v = pick(s);
    if (v === null || v === undefined) {
      drawing = false;
      continue;
    }
    const x = layout.x(s.generation), y = layout.y(v);
    if (drawing) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    drawing = true;
  }
  ctx.stroke();
}

// Draws the plot; returns the layout used.
export function drawPlot(canvas, history, optimal, lastGeneration) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 320, height = canvas.clientHeight || 160;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const top = plotTop(history, optimal);
  const layout = plotLayout(width, height, Math.max(1, lastGeneration), top);
  ctx.strokeStyle = kPlotColors.axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(layout.left - 0.5, layout.top);
  ctx.lineTo(layout.left - 0.5, layout.bottom);
  ctx.lineTo(layout.right, layout.bottom);
  ctx.stroke();
  ctx.fillStyle = kPlotColors.axis;
  ctx.font = '10px sans-serif';
  ctx.textAlign = 'right';
  ctx.fillText(String(Math.round(top)), layout.left - 3, layout.top + 8);
  ctx.fillText('0', layout.left - 3, layout.bottom);
  ctx.textAlign = 'left';
  ctx.fillText(`generation ${Math.max(1, lastGeneration)}`, layout.right - 70, height - 4);
  curve(ctx, layout, history, (s) => s.mean, kPlotColors.mean);
  curve(ctx, layout, history, (s) => s.best, kPlotColors.best);
  if (optimal !== null && optimal !== undefined) {
    ctx.strokeStyle = kPlotColors.optimal;
    ctx.lineWidth = 1;
    ctx.setLineDash([]);
    ctx.beginPath();
    const y = layout.y(optimal);
    ctx.moveTo(layout.left, y);
    ctx.lineTo(layout.right, y);
    ctx.stroke();
  }
  return { layout, top, width, height };
}
