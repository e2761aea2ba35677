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
    let more = this.controller.tick();
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
