// Pictures of the map: what the page shows (the look, the search, the overlays, the agents'
// drawings) drawn again on a canvas of the map's own size, cellPx pixels per cell whatever the
// screen's zoom, and saved as a PNG. The video recorder (export_video.js) draws on the same kind
// of canvas.
import { Renderer } from './render.js';

export const kPictureCellPx = 16;     // pixels per cell when the map fits
export const kPictureMaxSide = 8192;  // Chromium refuses canvases much larger than this

// Pixels per cell for a map of width x height cells within maxSide pixels (at least 1).
export function pictureCellPx(width, height, maxSide = kPictureMaxSide, cellPx = kPictureCellPx) {
  return Math.max(1, Math.min(cellPx, Math.floor(maxSide / Math.max(1, width, height))));
}

// A renderer on a new canvas of the map's size that draws like the page's (same engine, look,
// pellets, overlays), without the pointer marks.
export function mapRenderer(pageRenderer, maxSide = kPictureMaxSide) {
  const e = pageRenderer.engine, canvas = document.createElement('canvas');
  const r = new Renderer(canvas, e);
  r.lookChoice = pageRenderer.lookChoice;
  r.pellets = pageRenderer.pellets;
  r.showParents = pageRenderer.showParents;
  r.showNumbers = pageRenderer.showNumbers;
  r.overlays = pageRenderer.overlays.slice();
  r.cell = pictureCellPx(e.width, e.height, maxSide);
  r.offsetX = 0;
  r.offsetY = 0;
  r.userMoved = true;
  const size = r.mapSize();
  r.fixedSize = { width: Math.ceil(size.w), height: Math.ceil(size.h) };
  return r;
}

// The current view as a PNG: { blob, width, height, cellPx }.
export async function pictureBlob(pageRenderer) {
  const r = mapRenderer(pageRenderer);
  r.draw();
  const blob = await new Promise((resolve, reject) => r.canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not encode the picture'))), 'image/png'));
  return { blob, width: r.canvas.width, height: r.canvas.height, cellPx: r.cell };
}
