// Crowd: hundreds of agents riding a flow field (the "flowing river" towards the nearest
// goal) with boids steering: separation, alignment and cohesion, weights adjustable.
// State lives in typed arrays; neighbours come from a uniform bucket grid rebuilt per step.
// Members of agentSize > 1 cells are squares (x, y: the centre of the top-left cell, core's
// anchor): the flow field is then core's for that agent (FlowField::setAgentSize, set by the
// caller), and a step that would put any cell of the square on a wall is not taken.
import { kNone } from './world.js';

export const kDefaultCrowdWeights = Object.freeze({ flow: 4, separation: 1.6, alignment: 0.6, cohesion: 0.3 });

// Whether the k x k square with top-left cell n lies on the map's floor (costs: a live view).
function squareFree(costs, width, height, n, k) {
  const x0 = n % width, y0 = Math.floor(n / width);
  if (x0 + k > width || y0 + k > height) return false;
  for (let y = y0; y < y0 + k; y++) for (let x = x0; x < x0 + k; x++) if (!(costs[y * width + x] > 0)) return false;
  return true;
}

export class Crowd {
  constructor(world, count, { seed = 1, maxSpeed = 4, radius = 1.2, weights = kDefaultCrowdWeights, agentSize = 1 } = {}) {
    this.world = world;
    this.count = count;
    this.agentSize = agentSize;
    radius *= agentSize;       // bigger members keep further apart
    this.maxSpeed = maxSpeed;  // cells per second
    this.radius = radius;      // neighbour radius in cells
    this.weights = { ...weights };
    this.x = new Float32Array(count);
    this.y = new Float32Array(count);
    this.vx = new Float32Array(count);
    this.vy = new Float32Array(count);
    this.arrived = 0;          // agents that reached a goal (and were sent back in)
    this.jumps = 0;            // portal jumps taken
    this.seed = seed >>> 0 || 1;
    this.bucketHead = new Int32Array(0);
    this.bucketNext = new Int32Array(count);
    for (let i = 0; i < count; i++) this.respawn(i);
  }

  random() {  // xorshift32: the same crowd for the same seed
    let s = this.seed;
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    this.seed = s;
    return s / 4294967296;
  }

  // Puts agent i on a random open cell that can reach a goal (or any open cell); a bigger
  // member on the centre of an anchor whose square is free (never on a wall).
  respawn(i) {
    // Live views, read with no allocating call in between (world.js, engine.js).
    const w = this.world, distance = w.raw.flowDistance(), costs = w.cells(), k = this.agentSize;
    const cells = w.width * w.height;
    for (let tries = 0; tries < 200; tries++) {
      const n = Math.floor(this.random() * cells);
      if (!(costs[n] > 0) || (distance.length === cells && !(distance[n] < Infinity) && tries < 150)) continue;
      if (k > 1 && !squareFree(costs, w.width, w.height, n, k)) continue;
      const c = w.centre(n);  // within 0.3 of the centre: inside the square or the hexagon
      const jitter = k > 1 ? 0 : 0.3;
      this.x[i] = c.x - jitter + 2 * jitter * this.random();
      this.y[i] = c.y - jitter + 2 * jitter * this.random();
      this.vx[i] = this.vy[i] = 0;
      return;
    }
    if (k > 1) this.x[i] = this.y[i] = -1;  // nowhere fits: off the map (step() respawns it again)
  }

  buildBuckets() {
    const w = this.world, size = this.radius;
    this.bw = Math.max(1, Math.ceil(w.width / size));
    this.bh = Math.max(1, Math.ceil(w.height / size));
    if (this.bucketHead.length !== this.bw * this.bh) this.bucketHead = new Int32Array(this.bw * this.bh);
    this.bucketHead.fill(-1);
    for (let i = 0; i < this.count; i++) {
      const b = this.bucketOf(this.x[i], this.y[i]);
      this.bucketNext[i] = this.bucketHead[b];
      this.bucketHead[b] = i;
    }
  }
  bucketOf(x, y) {
    const bx = Math.min(this.bw - 1, Math.max(0, Math.floor(x / this.radius)));
    const by = Math.min(this.bh - 1, Math.max(0, Math.floor(y / this.radius)));
    return by * this.bw + bx;
  }

  // One steering step of dt seconds.
  step(dt) {
    // A live view: this loop makes no call that may allocate (flowDistance() only reads).
    const w = this.world, next = w.raw.flowNext(), weights = this.weights;
    if (next.length !== w.width * w.height) return;
    this.buildBuckets();
    const r2 = this.radius * this.radius;
    for (let i = 0; i < this.count; i++) {
      const x = this.x[i], y = this.y[i];
      const cell = w.cellAt(x, y);
      if (cell < 0) { this.respawn(i); continue; }
      const to = next[cell];
      if (to === kNone) {  // at a goal (or cut off): the agent is home; send a new one in
        if (w.raw.flowDistance()[cell] === 0) this.arrived++;
        this.respawn(i);
        continue;
      }
      // The river: towards the next cell's centre, or through the portal once near the centre.
      const c = w.centre(to), here = w.centre(cell);
      let d = w.delta(x, y, c.x, c.y);
      if (Math.abs(d.dx) > 1.5 || Math.abs(d.dy) > 1.5) {
        const home = w.delta(x, y, here.x, here.y);
        if (Math.hypot(home.dx, home.dy) < 0.3) {
          this.x[i] = c.x; this.y[i] = c.y; this.jumps++;
          continue;
        }
        d = home;
      }
      const dl = Math.hypot(d.dx, d.dy) || 1;
      let ax = weights.flow * ((d.dx / dl) * this.maxSpeed - this.vx[i]);
      let ay = weights.flow * ((d.dy / dl) * this.maxSpeed - this.vy[i]);
      // Neighbours from the 3 x 3 buckets around (no wrap for the flocking itself).
      let n = 0, sx = 0, sy = 0, avx = 0, avy = 0, cx = 0, cy = 0;
      const bx = Math.floor(x / this.radius), by = Math.floor(y / this.radius);
      for (let oy = -1; oy <= 1; oy++) {
        const yy = by + oy;
        if (yy < 0 || yy >= this.bh) continue;
        for (let ox = -1; ox <= 1; ox++) {
          const xx = bx + ox;
          if (xx < 0 || xx >= this.bw) continue;
          for (let j = this.bucketHead[yy * this.bw + xx]; j >= 0; j = this.bucketNext[j]) {
            if (j === i) continue;
            const dx = x - this.x[j], dy = y - this.y[j], q = dx * dx + dy * dy;
            if (q >= r2 || q === 0) continue;
            n++;
            sx += dx / q; sy += dy / q;
            avx += this.vx[j]; avy += this.vy[j];
            cx += this.x[j]; cy += this.y[j];
          }
        }
      }
      if (n > 0) {
        ax += weights.separation * sx + weights.alignment * (avx / n - this.vx[i]) + weights.cohesion * (cx / n - x);
        ay += weights.separation * sy + weights.alignment * (avy / n - this.vy[i]) + weights.cohesion * (cy / n - y);
      }
      let vx = this.vx[i] + ax * dt, vy = this.vy[i] + ay * dt;
      const speed = Math.hypot(vx, vy);
      if (speed > this.maxSpeed) { vx *= this.maxSpeed / speed; vy *= this.maxSpeed / speed; }
      // Walls: slide along the blocked axis, stop if both are blocked (the whole square for bigger members).
      const k = this.agentSize;
      let nx = x + vx * dt, ny = y + vy * dt;
      if (!w.fits(nx, ny, k)) {
        if (w.fits(nx, y, k)) { ny = y; vy = 0; }
        else if (w.fits(x, ny, k)) { nx = x; vx = 0; }
        else { nx = x; ny = y; vx = vy = 0; }
      }
      const p = w.wrapPoint(nx, ny);
      this.x[i] = p.x; this.y[i] = p.y; this.vx[i] = vx; this.vy[i] = vy;
    }
  }
}
