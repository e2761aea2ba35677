// The timeline under the canvas, a media bar in the style of VisuAlgo's: Reset, Back,
// Play / Pause, Step and Finish (the page's only search buttons; the embed shows the same bar),
// a scrub slider over the expansions and the speed. Scrubbing to k shows the search exactly as
// it was after k expansions (controller.seek); the slider's range is the finished search's
// length, or grows with a search that has not finished yet. The speed is the document's `speed`
// field: expansions per second on a logarithmic slider whose last notch is "instant".
import { $, formatNumber } from '../dom.js';
import { ControllerState } from '../controller.js';
import { Status } from '../engine.js';
import { kSpeed } from '../document/names.js';

// Ten notches per decade from kSpeed.min to kSpeed.max, then one more for instant.
const kNotchesPerDecade = 10;
const kTopNotch = Math.round(kNotchesPerDecade * Math.log10(kSpeed.max / kSpeed.min));

// Slider notch -> expansions per second, to two significant digits (1, 1.3, 1.6, 2, 2.5, ...,
// 20, ...), or Infinity on the instant notch.
export function speedAtNotch(notch) {
  const n = Math.min(Math.max(0, Math.round(Number(notch))), kTopNotch + 1);
  if (n > kTopNotch) return Infinity;
  return Number((kSpeed.min * 10 ** (n / kNotchesPerDecade)).toPrecision(2));
}
// The notch nearest a speed (a link may hold any speed in range, e.g. one migrated from 0.3's per-frame speeds).
export function notchOfSpeed(speed) {
  if (speed === Infinity) return kTopNotch + 1;
  return Math.min(kTopNotch, Math.max(0, Math.round(kNotchesPerDecade * Math.log10(speed / kSpeed.min))));
}
export function speedText(speed) { return speed === Infinity ? 'instant' : `${formatNumber(speed)}/s`; }

// A seek that took longer than a frame: the next ones wait for a frame and take only the
// latest position, so dragging the scrub over a big map does not queue a replay per pointer move.
const kFrameMs = 16;

export class Timeline {
  // store: the document (the search is read, the speed field owned); controller: every action.
  constructor(store, controller) {
    this.store = store;
    this.controller = controller;
    this.pendingSeek = -1;  // the scrub's position waiting for the next frame, or -1
    this.lastSeekMs = 0;
    store.on('search', () => this.update());
    controller.onState(() => this.update());
  }

  bind() {
    const c = this.controller, speed = $('speed'), scrub = $('scrub');
    $('play').addEventListener('click', () => c.togglePlay());
    $('step').addEventListener('click', () => c.step());
    $('step-back').addEventListener('click', () => c.back());
    $('finish').addEventListener('click', () => c.finish());
    $('reset').addEventListener('click', () => c.reset());
    scrub.addEventListener('input', () => this.seekSoon(Number(scrub.value)));
    Object.assign(speed, { min: '0', max: String(kTopNotch + 1), step: '1' });
    speed.addEventListener('input', () => {
      c.setSpeed(speedAtNotch(speed.value));
      this.showSpeed();
      this.store.partChanged('speed');
    });
    // The document's `speed` field (document/schema.js): expansions per second, or 'instant'.
    this.store.own('speed', {
      read: () => (c.speed === Infinity ? kSpeed.instant : c.speed),
      apply: (v) => {
        c.setSpeed(v === kSpeed.instant ? Infinity : v);
        speed.value = String(notchOfSpeed(c.speed));
        this.showSpeed();
      },
    });
    this.update();
  }

  seekSoon(k) {
    const waiting = this.pendingSeek >= 0;
    this.pendingSeek = k;
    if (waiting) return;
    if (this.lastSeekMs < kFrameMs) {
      this.seekNow();
      return;
    }
    requestAnimationFrame(() => this.seekNow());
  }
  seekNow() {
    const k = this.pendingSeek, t0 = performance.now();
    this.pendingSeek = -1;
    this.controller.seek(k);
    this.lastSeekMs = performance.now() - t0;
  }

  showSpeed() {
    const speed = this.controller.speed;
    $('speed-label').textContent = speedText(speed);
    $('speed').setAttribute('aria-valuetext', speed === Infinity ? 'instant' : `${formatNumber(speed)} expansion${speed === 1 ? '' : 's'} per second`);
  }

  // The buttons' states and the scrub's range, value and text.
  update() {
    const e = this.store.engine, c = this.controller, status = e.status();
    const done = status === Status.Idle ? 0 : e.stats().expanded;
    const max = Math.max(c.total, done), scrub = $('scrub');
    if (scrub.max !== String(max)) scrub.max = String(max);
    if (scrub.value !== String(done)) scrub.value = String(done);
    scrub.disabled = max === 0;
    const text = c.total >= 0 ? `${done} / ${c.total}` : String(done);
    if ($('scrub-label').textContent !== text) $('scrub-label').textContent = text;
    scrub.setAttribute('aria-valuetext', c.total >= 0 ? `expansion ${done} of ${c.total}` : `expansion ${done}, search not finished`);
    $('play').textContent = c.state === ControllerState.Playing ? 'Pause' : 'Play';
    $('step-back').disabled = done === 0;
  }
}
