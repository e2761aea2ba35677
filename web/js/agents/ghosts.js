// Ghost chase: Pac-Man steered by the keyboard through an arcade maze (tunnel included) and
// four ghosts that move cell to cell like the arcade's and never turn back. Each ghost plans
// with core's turn-aware search (astar/turn_space.h through web/turn_bindings.cpp's
// TurnPlanner) from the state it is about to be in, (the cell it is entering, its heading), with
// the no-reverse rule, every few frames within one per-frame expansion budget (nearest ghost
// most urgent); at each cell centre it takes its plan's next move, or, without a plan for that
// state, the arcade's own rule (the allowed move whose cell is nearest its target). A ghost's
// heading flips only at the arcade's events, each logged in `reversals` ({frame, ghost, reason}):
//  - 'frightened': a power pellet turns every ghost out of the house around at once;
//  - 'dead-end': a cell with no other move, where core's rule allows the reversal.
// A catch (everyone back to the start) and eaten ghosts' eyes (home along a flow field built
// once for the house cells) clear the heading instead. Frightened ghosts wander: a seeded
// random allowed move at each cell.
import { kNone } from './world.js';
import { kRowPitch } from '../hex.js';

export const kGhostColors = ['#e53935', '#f48fb1', '#26c6da', '#ffa726'];
const kDirs = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

// One TurnPlanner per World (on the engine's map), kept for the World's life.
const planners = new WeakMap();
export function turnPlannerFor(world) {
  let planner = planners.get(world);
  if (!planner) {
    if (typeof world.engine.core.TurnPlanner !== 'function')
      throw new Error('this build of the engine has no TurnPlanner (link web/turn_bindings.cpp)');
    planner = new world.engine.core.TurnPlanner(world.engine.raw);
    planners.set(world, planner);
  }
  return planner;
}

export class GhostChase {
  // house: cells of the ghost house (flow field goals); pacStart: a cell. lives: catches
  // Pac-Man survives minus one; each catch puts everyone back at the start, the last ends it.
  // turnCost (per heading step) and noReverse: the ghosts' turn-aware search (setTurns()).
  /**
   * @param {any} world
   * @param {{ house?: number[], pacStart?: number, ghostStarts?: number[], replanFrames?: number, budget?: number,
   *   speed?: number, lives?: number, turnCost?: number, noReverse?: boolean, seed?: number }} [options]
   */
  constructor(world, { house, pacStart, ghostStarts = [], replanFrames = 8, budget = 3000, speed = 5, lives = 3,
    turnCost = 0, noReverse = true, seed = 1 } = {}) {
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
    this.planner = turnPlannerFor(world);
    this.setTurns({ turnCost, noReverse });
    this.replanFrames = replanFrames;
    this.budget = budget;        // node expansions per frame, shared by the ghosts' requests
    this.speed = speed;          // cells per second
    this.seed = seed >>> 0 || 1; // frightened ghosts' choices
    // One-cell ghosts: the world's field may still be a bigger crowd's.
    const problem = world.raw.setFlowAgentSize(1) || world.raw.setFlowGoals(this.house);
    if (problem) throw new Error(problem);
    this.pacStart = pacStart;
    this.lives = lives;
    this.over = false;           // no lives left: update() does nothing
    this.events = [];            // {type: 'caught' | 'over', lives}, for the page to show (and clear)
    this.reversals = [];         // {frame, ghost, reason}: the allowed turn-arounds (see the file comment)
    // want and move: the arrow asked for and the one being followed (up, down, left, right);
    // dir: the step it makes from the current cell (on hex maps up and down zig-zag).
    this.pac = { x: 0, y: 0, dir: [0, 0], move: [0, 0], want: [0, 0], caught: 0, ate: 0 };
    this.ghosts = [];
    for (let i = 0; i < 4; i++) {
      const home = ghostStarts[i % Math.max(1, ghostStarts.length)] ?? this.house[i % this.house.length];
      // cell: the cell left (or stood on); to: the cell moved to (-1 when standing); heading: the
      // Direction of the last move (-1: none yet); jump: the move is a portal jump; plan: the
      // last turn-aware path ({cells, directions}).
      this.ghosts.push({ x: 0, y: 0, mode: 'chase', request: 0, replanIn: 1, color: kGhostColors[i],
        releaseAt: 0, home, eyesTo: -1, cell: home, to: -1, heading: -1, jump: false, plan: null });
    }
    this.time = 0;
    this.restart();
    this.frames = 0;
    this.expansions = 0;         // used in the last frame
    this.maxExpansions = 0;      // the most used in any frame
    this.replans = 0;            // paths received
  }

  // The ghosts' search: turn cost per heading step (45 degrees on 8-way square maps, 90 on
  // 4-way, 60 on hex) and the no-reverse rule. Throws core's message on a bad value.
  setTurns({ turnCost = 0, noReverse = true } = {}) {
    const problem = this.planner.setOptions(turnCost, noReverse);
    if (problem) throw new Error(problem);
    this.turnCost = turnCost;
    this.noReverse = noReverse;
    for (const g of this.ghosts ?? []) { g.request = 0; g.plan = null; }
  }

  // The heading opposite `direction` among the grid's headings (core's ring order).
  opposite(direction) {
    const ring = this.planner.headings(), i = ring.indexOf(direction);
    return i < 0 ? -1 : ring[(i + ring.length / 2) % ring.length];
  }

  // Everyone back to their start (the beginning, and after a catch); ghosts leave the house
  // one by one again, so a caught Pac-Man is not caught again at once.
  restart() {
    const w = this.world, start = w.centre(this.pacStart);
    Object.assign(this.pac, { x: start.x, y: start.y, dir: [0, 0], move: [0, 0], want: [0, 0] });
    this.ghosts.forEach((g, i) => {
      if (g.request) this.planner.cancel(g.request);
      const c = w.centre(g.home);
      Object.assign(g, { x: c.x, y: c.y, mode: 'chase', request: 0, replanIn: 1, releaseAt: this.time + i * 1.5,
        cell: g.home, to: -1, heading: -1, jump: false, plan: null });
    });
    this.frightenedFor = 0;
  }

  steer(name) { if (kDirs[name]) this.pac.want = kDirs[name]; }
  // Frightened for `seconds`: every chasing ghost turns around at once (the arcade's rule).
  powerPellet(seconds = 6) {
    this.frightenedFor = seconds;
    this.ghosts.forEach((g, i) => {
      if (g.mode !== 'chase') return;
      g.mode = 'frightened';
      if (this.time >= g.releaseAt) this.turnAround(g, i, 'frightened');
    });
  }

  // An event's reversal: a ghost between two cells heads back to the one it left.
  turnAround(g, i, reason) {
    if (g.heading < 0) return;
    if (g.to >= 0 && !g.jump) [g.cell, g.to] = [g.to, g.cell];
    g.heading = this.opposite(g.heading);
    g.plan = null;
    if (g.request) this.planner.cancel(g.request);
    g.request = 0;
    g.replanIn = 1;
    this.reversals.push({ frame: this.frames, ghost: i, reason });
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
    const w = this.world, planner = this.planner;
    // Re-plan: a request per chasing ghost whose turn it is, from the state it is about to be
    // in (the cell it is entering with its heading), nearest ghost first.
    this.ghosts.forEach((g, i) => {
      if (g.mode !== 'chase' || g.request || this.time < g.releaseAt || --g.replanIn > 0) return;
      const from = g.to >= 0 ? g.to : g.cell, to = this.targetOf(i, g);
      if (from < 0 || to < 0 || from === to) return;
      const d = w.delta(g.x, g.y, this.pac.x, this.pac.y);
      g.request = planner.submit(from, g.heading, to, Math.max(0, 1000 - Math.round(Math.hypot(d.dx, d.dy))));
      g.replanIn = this.replanFrames;
    });
    this.expansions = planner.pump(this.budget);
    this.maxExpansions = Math.max(this.maxExpansions, this.expansions);
    for (const reply of planner.takeReplies()) {
      const g = this.ghosts.find((h) => h.request === reply.id);
      if (!g) continue;
      g.request = 0;
      if (reply.cancelled || reply.cells.length < 2 || g.mode !== 'chase') continue;
      this.replans++;
      g.plan = { cells: reply.cells, directions: reply.directions };
    }
    this.ghosts.forEach((g, i) => {
      if (g.mode === 'eyes') this.moveEyes(g, dt);
      else if (this.time >= g.releaseAt) this.moveGhost(g, i, this.speed * (g.mode === 'frightened' ? 0.5 : 0.9) * dt);
    });
    for (const g of this.ghosts) {
      const d = w.delta(g.x, g.y, this.pac.x, this.pac.y);
      if (g.mode !== 'eyes' && Math.hypot(d.dx, d.dy) < 0.6) {
        if (g.mode === 'frightened') {
          Object.assign(g, { mode: 'eyes', eyesTo: -1, to: -1, heading: -1, jump: false, plan: null });
          this.pac.ate++;
        } else {
          this.caught();
          return;
        }
      }
    }
  }

  // Cell to cell, centre to centre (through the tunnel; a portal is a jump), deciding at each
  // centre.
  moveGhost(g, i, budget) {
    const w = this.world;
    for (let guard = 0; budget > 1e-9 && guard < 16; guard++) {
      if (g.to < 0 && !this.decide(g, i)) return;
      const c = w.centre(g.to);
      if (g.jump) {
        g.x = c.x; g.y = c.y;
      } else {
        const d = w.delta(g.x, g.y, c.x, c.y), len = Math.hypot(d.dx, d.dy);
        if (len > budget) {
          const p = w.wrapPoint(g.x + (d.dx / len) * budget, g.y + (d.dy / len) * budget);
          g.x = p.x; g.y = p.y;
          return;
        }
        g.x = c.x; g.y = c.y;
        budget -= len;
      }
      g.cell = g.to;
      g.to = -1;
      g.jump = false;
    }
  }

  // At the centre of g.cell with heading g.heading: the next move among the allowed ones
  // (core's, no-reverse applied): the plan's, else the arcade's (nearest the target), or a
  // random one when frightened. Returns false when there is none.
  decide(g, i) {
    const moves = this.planner.moves(g.cell, g.heading);
    if (!moves.length) return false;
    let next = null;
    if (g.mode === 'frightened') {
      this.seed = (Math.imul(this.seed, 1664525) + 1013904223) >>> 0;
      next = moves[this.seed % moves.length];
    } else if (g.plan) {
      const { cells, directions } = g.plan;
      for (let k = 0; k + 1 < cells.length && !next; k++) {
        if (cells[k] !== g.cell || directions[k] !== g.heading) continue;
        next = moves.find((m) => m.cell === cells[k + 1] && m.direction === directions[k + 1]) ?? null;
      }
    }
    if (!next) {
      const w = this.world, target = w.centre(this.targetOf(i, g));
      let best = Infinity;
      for (const m of moves) {
        const c = w.centre(m.cell), d = w.delta(c.x, c.y, target.x, target.y), far = Math.hypot(d.dx, d.dy);
        if (far < best) { best = far; next = m; }
      }
    }
    if (g.heading >= 0 && !next.portal && next.direction === this.opposite(g.heading))
      this.reversals.push({ frame: this.frames, ghost: i, reason: this.noReverse ? 'dead-end' : 'allowed' });  // core: only there
    g.to = next.cell;
    g.heading = next.direction;
    g.jump = next.portal;
    return true;
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
        Object.assign(g, { cell: w.cellAt(g.x, g.y), to: -1, heading: -1, jump: false, plan: null });
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
