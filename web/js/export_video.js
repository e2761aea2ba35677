// A video of the search, start to finish: the search is run once to learn its length (for the
// progress), then begun again and stepped `speed` expansions per frame on a canvas of the map's
// own size (export_image.js), which canvas.captureStream() feeds to a MediaRecorder (WebM). The
// steps go through the store, so the page shows the same search as the video.
import { Status } from './engine.js';
import { mapRenderer } from './export_image.js';

export const kVideoFps = 30;
export const kVideoMaxSide = 1280;  // pixels: encoders slow down a lot on larger frames
const kHoldFrames = kVideoFps;      // the finished search stays on screen for a second

// The first WebM type this browser records, or ''.
export function videoType() {
  if (typeof MediaRecorder !== 'function') return '';
  return ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 1000 / kVideoFps));

// Records the search; onProgress(fraction 0..1). Returns { blob, frames, width, height }.
/** @param {{ store: any, pageRenderer: any, speed: number, onProgress?: (fraction: number) => void }} options */
export async function recordSearch({ store, pageRenderer, speed, onProgress = () => {} }) {
  const type = videoType();
  if (!type) throw new Error('this browser cannot record WebM video (MediaRecorder)');
  if (!Number.isInteger(speed) || speed < 1) throw new Error('the speed must be a whole number of expansions per frame, 1 or more');
  const e = store.engine;
  store.runToEnd();
  const total = Math.max(1, e.stats().expanded);
  store.clearSearch();
  if (!store.ensureStarted() && e.status() !== Status.Found) throw new Error(e.message() || 'the search cannot start');
  const r = mapRenderer(pageRenderer, kVideoMaxSide);
  r.draw();
  const stream = r.canvas.captureStream(kVideoFps);
  const recorder = new MediaRecorder(stream, { mimeType: type });
  const chunks = [];
  recorder.ondataavailable = (ev) => { if (ev.data.size) chunks.push(ev.data); };
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start(250);
  let frames = 0;
  while (e.status() === Status.InProgress) {
    await nextFrame();
    store.step(speed);
    r.draw();
    ++frames;
    onProgress(Math.min(1, e.stats().expanded / total));
  }
  for (let i = 0; i < kHoldFrames; ++i, ++frames) {
    await nextFrame();
    r.draw();
  }
  recorder.stop();
  await stopped;
  stream.getTracks().forEach((t) => t.stop());
  onProgress(1);
  return { blob: new Blob(chunks, { type: 'video/webm' }), frames, width: r.canvas.width, height: r.canvas.height };
}
