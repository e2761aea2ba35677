// PathFollower: moves an agent along smoothed path points at a set speed (cells per second),
// blending towards the next waypoint as it nears the current one, walking through wrap
// tunnels (off one edge, in at the other) and jumping through portals.
import { Join } from './world.js';

export class PathFollower {
  // world: a World (wrap and passability); points: [{x, y, join}] from World.smooth(); size: the
  // agent's side in cells (its top-left cell walks the points). A bigger agent does not blend:
  // cutting a turn would sweep its square over the inner corner's cell, which the path's
  // moves never promised to be free (core's clearance.h).
  constructor(world, points, { speed = 5, blend = 0.45, size = 1 } = {}) {
    this.world = world;
    this.points = points;
    this.speed = speed;
    this.size = size;
    this.blend = size > 1 ? 0 : blend;  // blend radius in cells (kept below half a cell so blending stays in the cell)
    this.index = 1;      // the waypoint being approached
    this.x = points.length ? points[0].x : 0;
    this.y = points.length ? points[0].y : 0;
    this.heading = 0;
    this.finishedAt = undefined;  // when it arrived (set by the agents' ticker)
    this.jumps = 0;      // portals and tunnels taken
    this.travelled = 0;  // cells walked
  }

  get done() { return this.index >= this.points.length; }

  // Advances by dt seconds; returns true while still moving.
  update(dt) {
    let budget = Math.max(0, this.speed * dt);
    for (let guard = 0; budget > 1e-12 && !this.done && guard < 64; guard++) {
      const target = this.points[this.index];
      if (target.join === Join.Portal) {  // a portal is a jump, not a walk
        this.x = target.x;
        this.y = target.y;
        this.index++;
        this.jumps++;
        continue;
      }
      const to = this.world.delta(this.x, this.y, target.x, target.y);
      const distance = Math.hypot(to.dx, to.dy);
      if (distance <= budget) {
        this.moveBy(to.dx, to.dy);
        budget -= distance;
        if (target.join === Join.Wrap) this.jumps++;
        this.index++;
        continue;
      }
      // Near the waypoint, turn towards the next one (blending the two directions) and count
      // the waypoint as passed once the agent is beyond it along the onward direction.
      const next = this.points[this.index + 1];
      let sx = (to.dx / distance) * budget, sy = (to.dy / distance) * budget;
      let passed = false;
      if (next && next.join === Join.Walk && distance < this.blend) {
        const t = 1 - distance / this.blend;
        const onward = this.world.delta(target.x, target.y, next.x, next.y);
        const len = Math.hypot(onward.dx, onward.dy) || 1;
        const ax = (1 - t) * to.dx / distance + t * onward.dx / len, ay = (1 - t) * to.dy / distance + t * onward.dy / len;
        const aimLength = Math.hypot(ax, ay) || 1;
        const bx = (ax / aimLength) * budget, by = (ay / aimLength) * budget;
        // A blended step that would leave the open cells falls back to the plain one.
        if (this.world.open(this.x + bx, this.y + by)) {
          sx = bx;
          sy = by;
          passed = (to.dx - sx) * onward.dx + (to.dy - sy) * onward.dy <= 0;
        }
      }
      this.moveBy(sx, sy);
      if (passed) this.index++;
      budget = 0;
    }
    return !this.done;
  }

  moveBy(dx, dy) {
    if (dx !== 0 || dy !== 0) this.heading = Math.atan2(dy, dx);
    this.travelled += Math.hypot(dx, dy);
    const p = this.world.wrapPoint(this.x + dx, this.y + dy);
    this.x = p.x;
    this.y = p.y;
  }
}
