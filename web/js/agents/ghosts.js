// Ghost chase: Pac-Man steered by the keyboard through an arcade maze (tunnel included) and
// four ghosts re-planning towards him every few frames through the path service, all within
// one per-frame expansion budget (nearest ghost most urgent). Eaten ghosts' eyes go home to
// the ghost house along a flow field built once for the house cells.
import { kNone } from './world.js';
import { PathFollower } from './follower.js';
import { kRowPitch } from '../hex.js';

export const kGhostColors = ['#e53935', '#f48fb1', '#26c6da', '#ffa726'];
const kDirs = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

export class GhostChase {
  // house: cells of the ghost house (flow field goals); pacStart: a cell. lives: catches
  // Pac-Man survives minus one; each catch puts everyone back at the start, the last ends it.
  /**
   * @param {any} world
   * @param {{ house?: number[], pacStart?: number, ghostStarts?: number[], replanFrames?: number, budget?: number,
   *   speed?: number, lives?: number }} [options]
   */
  constructor(world, { house, pacStart, ghostStarts = [], replanFrames = 8, budget = 3000, speed = 5, lives = 3 } = {}) {
    this.world = world;
    const floor = (n) => n >= 0 && n < world.width * world.height && world.cells()[n] > 0;
    // A start on a wall is refused, not moved to the nearest floor cell: the user sees the
    // start where they put it, and a silent move would hide that the map and the game disagree.
    if (!floor(pacStart)) {
      const where = pacStart >= 0 ? ` (${pacStart % world.width}, ${Math.floor(pacStart / world.width)}) is a wall` : ' is not set';
      throw new Error(`Pac-Man must start on a floor cell: the start${where}. Move the start first.`);
    }
    this.house = house.filter(floor);
    if (!this.house.length) throw new Error('the ghost house (the goals) has no floor cell');
    this.replanFrames = replanFrames;
    this.budget = budget;        // node expansions per frame, shared by the ghosts' requests
    this.speed = speed;          // cells per second
    const problem = world.raw.setFlowGoals(this.house);
    if (problem) throw new Error(problem);
    this.pacStart = pacStart;
    this.lives = lives;
    this.over = false;           // no lives left: update() does nothing
    this.events = [];            // {type: 'caught' | 'over', lives}, for the page to show (and clear)
    // want and move: the arrow asked for and the one being followed (up, down, left, right);
    // dir: the step it makes from the current cell (on hex maps up and down zig-zag).
    this.pac = { x: 0, y: 0, dir: [0, 0], move: [0, 0], want: [0, 0], caught: 0, ate: 0 };
    this.ghosts = [];
    for (let i = 0; i < 4; i++) {
      const home = ghostStarts[i % Math.max(1, ghostStarts.length)] ?? this.house[i % this.house.length];
      this.ghosts.push({ x: 0, y: 0, mode: 'chase', follower: null, request: 0, replanIn: 1, color: kGhostColors[i],
        releaseAt: 0, home, eyesTo: -1 });
    }
    this.time = 0;
    this.restart();
    this.frames = 0;
    this.expansions = 0;         // used in the last frame
    this.maxExpansions = 0;      // the most used in any frame
    this.replans = 0;            // paths received
  }

  // Everyone back to their start (the beginning, and after a catch); ghosts leave the house
  // one by one again, so a caught Pac-Man is not caught again at once.
  restart() {
    const w = this.world, start = w.centre(this.pacStart);
    Object.assign(this.pac, { x: start.x, y: start.y, dir: [0, 0], move: [0, 0], want: [0, 0] });
    this.ghosts.forEach((g, i) => {
      if (g.request) w.raw.cancel(g.request);
      const c = w.centre(g.home);
      Object.assign(g, { x: c.x, y: c.y, mode: 'chase', follower: null, request: 0, replanIn: 1, releaseAt: this.time + i * 1.5 });
    });
    this.frightenedFor = 0;
  }

  steer(name) { if (kDirs[name]) this.pac.want = kDirs[name]; }
  powerPellet(seconds = 6) {
    this.frightenedFor = seconds;
    for (const g of this.ghosts) if (g.mode === 'chase') g.mode = 'frightened';
  }

  // Each ghost has its own idea of where to go (as in the arcade): the first chases Pac-Man,
  // the second aims four cells ahead of him, the third two cells behind, the fourth chases
  // only from afar and otherwise heads back to its corner.
  targetOf(i, g) {
    const w = this.world, p = this.pac;
    const ahead = [0, 4, -2, 0][i];
    const x = p.x + p.dir[0] * ahead, y = p.y + p.dir[1] * ahead;
    if (i === 3) {
      const d = w.delta(g.x, g.y, p.x, p.y);
      if (Math.hypot(d.dx, d.dy) < 8) return g.home;
    }
    return w.open(x, y) ? w.cellAt(x, y) : w.cellAt(p.x, p.y);
  }

  update(dt) {
    if (this.over) return;
    this.frames++;
    this.time += dt;
    this.movePac(dt);
    if (this.frightenedFor > 0 && (this.frightenedFor -= dt) <= 0)
      for (const g of this.ghosts) if (g.mode === 'frightened') g.mode = 'chase';
    const w = this.world, pacCell = w.cellAt(this.pac.x, this.pac.y);
    // Re-plan: submit a request per ghost whose turn it is (nearest first = most urgent).
    this.ghosts.forEach((g, i) => {
      if (g.mode === 'eyes' || g.request || this.time < g.releaseAt || --g.replanIn > 0) return;
      const from = w.cellAt(g.x, g.y), to = this.targetOf(i, g);
      if (from < 0 || pacCell < 0 || to < 0 || from === to) return;
      const d = w.delta(g.x, g.y, this.pac.x, this.pac.y);
      g.request = w.raw.submit(from, to, Math.max(0, 1000 - Math.round(Math.hypot(d.dx, d.dy))), 0);
      g.replanIn = this.replanFrames;
    });
    this.expansions = w.raw.pump(this.budget);
    this.maxExpansions = Math.max(this.maxExpansions, this.expansions);
    for (const reply of w.raw.takeReplies()) {
      const g = this.ghosts.find((h) => h.request === reply.id);
      if (!g) continue;
      g.request = 0;
      if (reply.cancelled || reply.path.length < 2 || g.mode === 'eyes') continue;
      this.replans++;
      g.follower = new PathFollower(w, w.smooth(reply.path, { stringPull: false, spline: false }), { speed: this.speed * 0.9 });
      g.follower.x = g.x;  // continue from where the ghost is now
      g.follower.y = g.y;
    }
    for (const g of this.ghosts) {
      if (g.mode === 'eyes') {
        this.moveEyes(g, dt);
      } else if (g.follower) {
        g.follower.speed = this.speed * (g.mode === 'frightened' ? 0.5 : 0.9);
        g.follower.update(dt);
        g.x = g.follower.x;
        g.y = g.follower.y;
      }
      const d = w.delta(g.x, g.y, this.pac.x, this.pac.y);
      if (g.mode !== 'eyes' && Math.hypot(d.dx, d.dy) < 0.6) {
        if (g.mode === 'frightened') {
          g.mode = 'eyes';
          g.follower = null;
          g.eyesTo = -1;
          this.pac.ate++;
        } else {
          this.caught();
          return;
        }
      }
    }
  }

  caught() {
    this.pac.caught++;
    this.lives = Math.max(0, this.lives - 1);
    this.over = this.lives === 0;
    this.events.push({ type: this.over ? 'over' : 'caught', lives: this.lives });
    if (!this.over) this.restart();
  }

  // Eyes follow the house flow field cell by cell (portals jump), then the ghost revives.
  moveEyes(g, dt) {
    const w = this.world, next = w.raw.flowNext();
    let budget = this.speed * 1.6 * dt;
    if (g.eyesTo === undefined || g.eyesTo < 0) g.eyesTo = w.cellAt(g.x, g.y);  // first its own cell's centre
    for (let guard = 0; budget > 1e-9 && guard < 16; guard++) {
      const c = w.centre(g.eyesTo), d = w.delta(g.x, g.y, c.x, c.y), len = Math.hypot(d.dx, d.dy);
      if (len > 1.5) {  // a portal: jump
        g.x = c.x; g.y = c.y;
      } else if (len > budget) {
        const p = w.wrapPoint(g.x + (d.dx / len) * budget, g.y + (d.dy / len) * budget);
        g.x = p.x; g.y = p.y;
        return;
      } else {
        g.x = c.x; g.y = c.y;
        budget -= len;
      }
      const to = next[g.eyesTo];
      if (to === kNone || to === undefined) {  // home (a house cell), or cut off from it
        g.eyesTo = -1;
        g.mode = this.frightenedFor > 0 ? 'frightened' : 'chase';
        g.replanIn = 1;
        return;
      }
      g.eyesTo = to;
    }
  }

  // The step from the centre of `cell` for an arrow (a [dx, dy] of -1, 0, 1). Square maps:
  // the arrow itself. Hex maps: left and right are W and E; up and down alternate NE / NW
  // (SE / SW) by row so that Pac-Man keeps to his column, taking the other one when the
  // preferred hex is a wall.
  stepFrom(cell, arrow) {
    const w = this.world;
    if (!w.hex || arrow[1] === 0) return arrow;
    const c = w.centre(cell), odd = Math.floor(cell / w.width) & 1;
    const preferred = [odd ? -0.5 : 0.5, arrow[1] * kRowPitch], other = [-preferred[0], preferred[1]];
    if (!w.open(c.x + preferred[0], c.y + preferred[1]) && w.open(c.x + other[0], c.y + other[1])) return other;
    return preferred;
  }

  // Pac-Man: grid-locked like the arcade, turning at cell centres, through the tunnel.
  movePac(dt) {
    const w = this.world, p = this.pac;
    const open = (c, dir) => (dir[0] !== 0 || dir[1] !== 0) && w.open(c.x + dir[0], c.y + dir[1]);
    let budget = this.speed * dt;
    for (let guard = 0; budget > 1e-9 && guard < 16; guard++) {
      if (p.want[0] === -p.move[0] && p.want[1] === -p.move[1]) {  // reverse at any time
        p.move = p.want;
        p.dir = [-p.dir[0], -p.dir[1]];
      }
      const cell = w.cellAt(p.x, p.y), c = w.centre(cell);
      const toC = w.delta(p.x, p.y, c.x, c.y);
      let target;
      if (Math.hypot(toC.dx, toC.dy) < 1e-9) {  // on a centre: turn if the wanted way is open
        const turn = this.stepFrom(cell, p.want);
        if (open(c, turn)) {
          p.move = p.want;
          p.dir = turn;
        } else {
          p.dir = this.stepFrom(cell, p.move);
        }
        if (!open(c, p.dir)) { p.dir = [0, 0]; p.move = [0, 0]; return; }
        target = { x: c.x + p.dir[0], y: c.y + p.dir[1] };
      } else if (toC.dx * p.dir[0] + toC.dy * p.dir[1] > 0) {
        target = c;  // this cell's centre is ahead
      } else {
        target = { x: c.x + p.dir[0], y: c.y + p.dir[1] };  // the next cell's centre
      }
      if (p.dir[0] === 0 && p.dir[1] === 0) { p.dir = [0, 0]; target = c; }
      const d = w.delta(p.x, p.y, target.x, target.y), len = Math.hypot(d.dx, d.dy);
      const s = Math.min(budget, len);
      const q = len - s < 1e-9 ? w.wrapPoint(target.x, target.y) : w.wrapPoint(p.x + (d.dx / len) * s, p.y + (d.dy / len) * s);
      p.x = q.x; p.y = q.y;
      budget -= s;
      if (len < 1e-9) return;
    }
  }
}
