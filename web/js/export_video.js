// A video of the search, start to finish: the search is run once to learn its length (for the
// progress), then begun again and stepped `speed` expansions per frame on a canvas of the map's
// own size (export_image.js), which canvas.captureStream() feeds to a MediaRecorder (WebM, or
// MP4 where the browser records no WebM: WebKit). The steps go through the store, so the page
// shows the same search as the video.
import { Status } from './engine.js';
import { mapRenderer } from './export_image.js';

export const kVideoFps = 30;
export const kVideoMaxSide = 1280;  // pixels: encoders slow down a lot on larger frames
const kHoldFrames = kVideoFps;      // the finished search stays on screen for a second

// What MediaRecorder may be asked for, best first: WebM (Chromium, Firefox), then MP4 (WebKit
// records only MP4; H.264 plays everywhere), each with the file name's extension and its name.
const kVideoFormats = [
  { mimeType: 'video/webm;codecs=vp9', container: 'video/webm', extension: 'webm', label: 'WebM' },
  { mimeType: 'video/webm;codecs=vp8', container: 'video/webm', extension: 'webm', label: 'WebM' },
  { mimeType: 'video/webm', container: 'video/webm', extension: 'webm', label: 'WebM' },
  { mimeType: 'video/mp4;codecs=avc1', container: 'video/mp4', extension: 'mp4', label: 'MP4' },
  { mimeType: 'video/mp4', container: 'video/mp4', extension: 'mp4', label: 'MP4' },
];

// The first format this browser records, or null (no MediaRecorder, or none of the formats).
export function videoFormat() {
  if (typeof MediaRecorder !== 'function' || typeof MediaRecorder.isTypeSupported !== 'function') return null;
  return kVideoFormats.find((f) => MediaRecorder.isTypeSupported(f.mimeType)) ?? null;
}

// A recorder that says it supports a format yet delivers nothing (WebKitGTK without a working
// H.264 encoder: MP4 supported, 0 bytes recorded): there is no video to save.
export class NoVideoDataError extends Error {}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 1000 / kVideoFps));

// Records the search; onProgress(fraction 0..1). Returns { blob, frames, width, height, extension }.
/** @param {{ store: any, pageRenderer: any, speed: number, onProgress?: (fraction: number) => void }} options */
export async function recordSearch({ store, pageRenderer, speed, onProgress = () => {} }) {
  const format = videoFormat();
  if (!format) throw new Error('this browser cannot record video (MediaRecorder records neither WebM nor MP4)');
  if (!Number.isInteger(speed) || speed < 1) throw new Error('the speed must be a whole number of expansions per frame, 1 or more');
  const e = store.engine;
  store.runToEnd();
  const total = Math.max(1, e.stats().expanded);
  store.clearSearch();
  if (!store.ensureStarted() && e.status() !== Status.Found) throw new Error(e.message() || 'the search cannot start');
  const r = mapRenderer(pageRenderer, kVideoMaxSide);
  r.draw();
  const stream = r.canvas.captureStream(kVideoFps);
  const recorder = new MediaRecorder(stream, { mimeType: format.mimeType });
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
  const blob = new Blob(chunks, { type: format.container });
  if (blob.size === 0) throw new NoVideoDataError(`this browser's recorder gave no data for ${format.label} video`);
  return { blob, frames, width: r.canvas.width, height: r.canvas.height, extension: format.extension };
}
