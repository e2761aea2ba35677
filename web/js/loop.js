// The frame loop: one requestAnimationFrame callback that advances a playing search
// (controller.tick), runs the tickers other modules add (agents), and draws the canvas. It
// only runs while something is animating or a redraw was asked for.
export class FrameLoop {
  constructor(controller, draw) {
    this.controller = controller;
    this.draw = draw;
    this.raf = 0;
    this.tickers = [];    // fn(nowMs) -> true to keep animating
    this.frameWork = [];  // ms of engine + drawing work per animated frame
    this.frame = this.frame.bind(this);
    controller.onState(() => this.requestDraw());
  }

  requestDraw() {
    if (!this.raf) this.raf = requestAnimationFrame(this.frame);
  }
  addTicker(fn) {
    this.tickers.push(fn);
    this.requestDraw();
    return () => { this.tickers = this.tickers.filter((f) => f !== fn); };
  }

  frame(now) {
    this.raf = 0;
    const t0 = performance.now();
    let more = this.controller.tick(now);
    for (const tick of this.tickers) if (tick(now)) more = true;
    this.draw();
    if (more) {
      if (this.frameWork.length >= 2000) this.frameWork.shift();
      this.frameWork.push(performance.now() - t0);
      this.requestDraw();
    }
  }

  frameStats() {
    const v = [...this.frameWork].sort((a, b) => a - b);
    if (!v.length) return { frames: 0, meanMs: 0, p95Ms: 0, maxMs: 0 };
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    return { frames: v.length, meanMs: mean, p95Ms: v[Math.min(v.length - 1, Math.floor(v.length * 0.95))], maxMs: v[v.length - 1] };
  }
}

// A longer gap between two frames (a background tab, a debugger pause) counts as this long:
// coming back must not run a burst of the search the visitor did not see.
const kMaxFrameGapMs = 250;

// Whole expansions per frame for a rate in expansions per second, from the frame times: the
// fraction left over is carried to the next frame, so the pace is the same at 30, 60 or 144
// frames per second and a rate below one per frame still advances (1/s: one every 60 frames).
export class Pace {
  constructor() {
    this.last = -1;   // the previous frame's time (ms), -1 before the first
    this.carry = 0;   // expansions owed, below 1 after each take()
  }
  // Starts counting from the next frame. `owed` expansions are due at once (Play shows its
  // first expansion on its first frame rather than after a second at the slowest speed).
  restart(owed = 0) {
    this.last = -1;
    this.carry = owed;
  }
  // The expansions due at frame time `now` (ms) at `perSecond`.
  take(now, perSecond) {
    const gap = this.last < 0 ? 0 : Math.min(kMaxFrameGapMs, Math.max(0, now - this.last));
    this.last = now;
    this.carry += (perSecond * gap) / 1000;
    const due = Math.floor(this.carry + 1e-9);  // 60 frames of 1/60 s add up to 0.99999...: that is one
    this.carry = Math.max(0, this.carry - due);
    return due;
  }
}
