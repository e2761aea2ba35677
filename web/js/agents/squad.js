// Squad: a fixed formation that follows one path and keeps its shape. The leader walks the
// (smoothed) path; each member steers to its slot, an offset behind the leader turned with
// the leader's heading. Where a slot falls in a wall the member follows the leader's trail
// instead (single file through doors), and after a portal or tunnel jump it jumps too. Members
// are as big as the leader (size cells a side): a slot or a step counts where their whole
// square fits (World.fits), and slots are spaced by their size.
import { PathFollower } from './follower.js';

export class Squad {
  constructor(world, points, { size = 9, columns = 3, spacing = 0.9, speed = 4, agentSize = 1 } = {}) {
    this.world = world;
    this.agentSize = agentSize;
    this.leader = new PathFollower(world, points, { speed, size: agentSize });
    spacing *= agentSize;
    this.spacing = spacing;
    this.slots = [];
    for (let i = 0; i < size - 1; i++) {
      const row = Math.floor(i / columns) + 1, column = (i % columns) - (columns - 1) / 2;
      this.slots.push({ back: row * spacing, side: column * spacing });
    }
    this.members = this.slots.map(() => ({ x: this.leader.x, y: this.leader.y, inSlot: false, settled: false }));
    this.trail = [{ x: this.leader.x, y: this.leader.y }];  // the leader's past positions, newest last
  }

  get done() { return this.leader.done && this.members.every((m) => m.settled); }

  // The point `distance` cells back along the leader's trail.
  trailPoint(distance) {
    const w = this.world;
    let left = distance;
    for (let i = this.trail.length - 1; i > 0; i--) {
      const a = this.trail[i], b = this.trail[i - 1];
      const d = w.delta(a.x, a.y, b.x, b.y), len = Math.hypot(d.dx, d.dy);
      if (len > 1.5) return a;  // a jump: stop at its far side
      if (len >= left) return w.wrapPoint(a.x + (d.dx / len) * left, a.y + (d.dy / len) * left);
      left -= len;
    }
    return this.trail[0];
  }

  update(dt) {
    const w = this.world, leader = this.leader;
    const jumpsBefore = leader.jumps;
    leader.update(dt);
    const last = this.trail[this.trail.length - 1];
    if (last.x !== leader.x || last.y !== leader.y) this.trail.push({ x: leader.x, y: leader.y });
    if (this.trail.length > 4000) this.trail.splice(0, 2000);
    const jumped = leader.jumps !== jumpsBefore;
    const cos = Math.cos(leader.heading), sin = Math.sin(leader.heading);
    const step = leader.speed * 1.5 * dt;
    this.slots.forEach((slot, i) => {
      const m = this.members[i];
      // The slot in the world: behind the leader along its heading, and to the side.
      let tx = leader.x - cos * slot.back - sin * slot.side, ty = leader.y - sin * slot.back + cos * slot.side;
      m.inSlot = w.fits(tx, ty, this.agentSize) && this.clear(leader.x, leader.y, tx, ty);
      if (!m.inSlot) ({ x: tx, y: ty } = this.trailPoint((i + 1) * this.spacing * 0.75));  // single file
      const d = w.delta(m.x, m.y, tx, ty), len = Math.hypot(d.dx, d.dy);
      if (jumped || len > 3) {  // follow the leader through a portal or tunnel
        const p = w.wrapPoint(tx, ty);
        m.x = p.x; m.y = p.y;
      } else if (len > 1e-9) {
        const s = Math.min(step, len);
        const p = w.wrapPoint(m.x + (d.dx / len) * s, m.y + (d.dy / len) * s);
        if (w.fits(p.x, p.y, this.agentSize)) { m.x = p.x; m.y = p.y; }
      }
      m.settled = len <= step;
    });
  }

  // Whether a member's square stays on open cells along the straight line a-b (sampled every
  // quarter cell).
  clear(ax, ay, bx, by) {
    const w = this.world, d = w.delta(ax, ay, bx, by), n = Math.ceil(Math.hypot(d.dx, d.dy) * 4);
    for (let k = 1; k <= n; k++) if (!w.fits(ax + (d.dx * k) / n, ay + (d.dy * k) / n, this.agentSize)) return false;
    return true;
  }
}
