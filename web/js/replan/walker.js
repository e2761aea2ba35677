// The replanning walker: an agent that walks from the start to the goal on a D* Lite path (core's
// Replanner through web/replan_bindings.cpp, on the engine's own map). When the map is edited
// during its walk (with live on), the path is repaired from the cell the agent stands on, not
// searched again: the cells the repair re-expanded are kept for a moment (the overlay highlights
// them) with their count beside what a fresh A* from the same cell would expand.
import { PathFollower } from '../agents/follower.js';
import { Join } from '../agents/world.js';
import { copyOut } from '../engine.js';

// Core's ReplanStatus values by name ('idle', 'found', 'no-path', 'invalid-input'), from the
// registry: nothing here re-types core's numbering.
const statusesOf = (registry) => Object.fromEntries(registry.replanStatuses.map((name, i) => [name, i]));
export const kHighlightMs = 1500;  // how long the re-expanded cells stay highlighted

export class ReplanningWalker {
  // app: window.playground; world: the agents' World (geometry, smoothing).
  constructor(app, world, { speed = 6 } = {}) {
    if (typeof app.engine.core.ReplanWalker !== 'function')
      throw new Error('this build of the engine has no ReplanWalker (link web/replan_bindings.cpp)');
    this.app = app;
    this.world = world;
    this.speed = speed;
    this.raw = new app.engine.core.ReplanWalker(app.engine.raw);
    this.follower = null;
    this.goal = -1;
    this.cell = -1;       // the cell the last plan or repair started from
    this.path = [];       // that plan's cells (a copy)
    this.cost = Infinity;
    this.repairs = 0;
    this.edited = false;  // the map changed since the last repair (repaired when live is back on)
    this.last = null;     // { expanded, fresh, cells, at, startedOver } of the last repair
    this.statuses = statusesOf(app.engine.registry);
    /** @type {number} */
    this.status = this.statuses.idle;
  }

  get walking() { return !!this.follower && !this.follower.done; }

  // Plans from the engine's start to its goal and starts walking. Returns "" or why not.
  start() {
    const e = this.app.engine, start = e.start(), goal = e.goal();
    if (start < 0 || goal < 0) return 'Set a start and a goal first.';
    this.goal = goal;
    this.repairs = 0;
    this.last = null;
    this.edited = false;
    this.status = this.raw.plan(start, goal);
    if (this.status !== this.statuses.found) return this.status === this.statuses['no-path'] ? 'No path from the start to the goal.' : this.raw.message();
    this.cell = start;
    this.takePath(null);
    return '';
  }
  stop() { this.follower = null; }

  // The agent's cell now (the last open cell it stood in, if a wall was painted under it).
  agentCell() {
    const f = this.follower;
    if (!f) return this.cell;
    const n = this.world.cellAt(f.x, f.y);
    return n >= 0 && this.world.cells()[n] > 0 ? n : this.cell;
  }

  // After any edit or load. The replanner reads what changed from the grid's change journal
  // (core's map_journal.h): cell edits are repaired cell by cell, a load or rule change starts over.
  mapEdited() {
    if (!this.follower) return;
    this.edited = true;
    if (this.app.live) this.repairNow();
  }

  repairNow() {
    const here = this.agentCell();
    this.edited = false;
    if (here !== this.cell && this.raw.moveStart(here) === this.statuses.idle) this.cell = here;
    const t0 = performance.now();
    this.status = this.raw.repair();
    const ms = performance.now() - t0;
    this.repairs++;
    const expandedCells = copyOut(this.raw.expandedCells());
    const expanded = this.raw.expanded(), startedOver = this.raw.startedOver();
    const fresh = this.raw.freshExpanded(this.cell, this.goal);
    this.last = { expanded, fresh, cells: expandedCells, at: performance.now(), startedOver, ms };
    if (this.status === this.statuses.found) this.takePath(this.follower);
    else this.follower = null;  // no way to the goal any more: the agent stops where it is
  }

  // Walks the new path from where the agent is (its cell's path continues from there).
  takePath(previous) {
    this.path = Array.from(copyOut(this.raw.path()));
    this.cost = this.raw.cost();
    const points = this.world.smooth(this.path, { stringPull: false, spline: false });
    if (previous) points[0] = { x: previous.x, y: previous.y, join: Join.Start };
    this.follower = new PathFollower(this.world, points, { speed: this.speed });
  }

  // Advances the walk; true while something is left to animate.
  tick(dt, now) {
    if (this.edited && this.app.live && this.follower) this.repairNow();
    if (this.follower && !this.follower.done) this.follower.update(dt);
    return this.walking || this.highlightLeft(now) > 0;
  }
  // 1 just after a repair, down to 0 after kHighlightMs.
  highlightLeft(now) {
    if (!this.last) return 0;
    return Math.max(0, 1 - (now - this.last.at) / kHighlightMs);
  }

  // What the page test reads.
  state() {
    const f = this.follower;
    return {
      walking: this.walking, cell: this.cell, goal: this.goal, path: [...this.path], cost: this.cost, status: this.status,
      repairs: this.repairs, agent: f && { x: f.x, y: f.y, done: f.done },
      last: this.last && { expanded: this.last.expanded, fresh: this.last.fresh, startedOver: this.last.startedOver, cells: this.last.cells.length },
    };
  }

  dispose() { this.raw.delete(); }
}
