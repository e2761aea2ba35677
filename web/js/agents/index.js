// Agents in the playground: path views (raw / string-pulled / smoothed), an agent walking the
// current path, a squad, crowd mode on a flow field with boids, and the ghost chase demo.
// Installs itself on the page through the playground's hooks and a panel section of its own
// (panel.js); touches no other module's DOM. Of the app it uses only engine,
// renderer.addOverlay, addTicker, onChange, requestDraw and showMessage.
import { World, Join } from './world.js';
import { PathFollower } from './follower.js';
import { Crowd, kDefaultCrowdWeights } from './crowd.js';
import { GhostChase } from './ghosts.js';
import { Squad } from './squad.js';
import { PathWorker } from './worker_client.js';
import { buildPanel } from './panel.js';
import { $ } from '../dom.js';
import { failureSentence } from '../views/failures.js';
import { copyOut } from '../engine.js';
import { kPathViewNames as kPathKinds } from '../document/names.js';

const kPathStyles = {
  raw: { color: 'rgba(120, 120, 120, 0.9)', width: 1.5, dash: [4, 3] },
  pulled: { color: 'rgba(30, 136, 229, 0.95)', width: 2, dash: [] },
  smooth: { color: 'rgba(216, 27, 96, 0.95)', width: 2.5, dash: [] },
};

export class AgentsController {
  constructor(app) {
    this.app = app;
    this.world = new World(app.engine);
    this.views = { raw: false, pulled: false, smooth: false };  // the cell path alone unless asked (document/schema.js)
    // The page path's three lines, each worked out when first read after the path changed
    // (pathOf): a line nobody draws or walks is not computed (seconds on a 4096² map).
    this.lines = {};
    this.paths = Object.defineProperties({}, Object.fromEntries(kPathKinds.map((kind) => [kind, { get: () => this.pathOf(kind), enumerable: true }])));
    this.pathKey = '';
    this.agent = null;
    this.squad = null;
    this.agentSpeed = 6;
    this.crowd = null;
    this.chase = null;
    this.turnOptions = { turnCost: 0, noReverse: true };  // the ghosts' turn-aware search (turn_panel.js)
    this.worker = null;  // the path worker, made on first use
    this.lastTick = 0;
    this.frameMs = [];  // agents' own work per frame (crowd step, chase update)
    this.shape = this.shapeKey();
    this.panel = null;  // panel.js's handles (buttons to relabel, lives), once built
    app.renderer.addOverlay((ctx, r) => this.draw(ctx, r));
    app.addTicker((now) => this.tick(now));
    app.onChange(() => this.mapOrPathChanged());
  }

  // ---- the map ----
  shapeKey() { const w = this.world; return `${w.width}x${w.height}:${w.hex}`; }
  // Agents' positions mean nothing on a map of another size or cell shape: they stop (with a
  // message). An edit, or a new document of the same shape (an undo), keeps them running:
  // the flow field and the ghosts' paths follow the map.
  mapOrPathChanged() {
    this.checkShape();
    if (this.crowd) this.app.requestDraw();
    this.refreshPaths();
  }
  checkShape() {
    this.world.refresh();  // (whoever refreshed first, the shape tells)
    if (this.shapeKey() === this.shape) return;
    this.shape = this.shapeKey();
    if (!this.running()) return;
    this.stopAll();
    this.app.showMessage('Agents stopped: the map changed size or cell shape.', 'info');
  }
  running() { return !!(this.agent || this.squad || this.crowd || this.chase); }
  stopAll() {
    this.agent = this.squad = this.crowd = this.chase = null;
    this.panel?.sync();
    this.app.requestDraw();
  }

  // ---- paths ----
  // Called on map changes and before drawing: a search that finished or stepped since (no
  // change event) may have found another path with the same ends and length, so the key
  // hashes every cell. A new key drops the lines worked out for the old path.
  refreshPaths() {
    this.world.refresh();
    const path = copyOut(this.app.engine.path());  // kept across the smoothing calls in pathOf
    let hash = 2166136261;
    for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path[i], 16777619);
    const key = `${this.world.revision}:${path.length}:${hash >>> 0}`;
    if (key === this.pathKey) return;
    this.pathKey = key;
    this.cellPath = path;
    this.lines = {};
  }
  // One line of the page's path: 'raw' (cell centres), 'pulled' (string-pulled) or 'smooth'.
  pathOf(kind) {
    this.refreshPaths();
    if (!this.lines[kind]) {
      const [stringPull, spline] = { raw: [false, false], pulled: [true, false], smooth: [true, true] }[kind];
      try {
        this.lines[kind] = this.world.smooth(this.cellPath, { stringPull, spline });
      } catch (e) {
        this.lines[kind] = [];
        this.app.showMessage(failureSentence(kind === 'raw' ? 'The path line' : 'The smoothed line', e), 'error');
      }
    }
    return this.lines[kind];
  }
  setView(name, on) {
    this.views[name] = !!on;
    const key = document.getElementById(`legend-${name}`);  // each line's legend entry, only while it is drawn
    if (key) key.hidden = !on;
    this.app.requestDraw();
  }
  setSpeed(speed) {
    this.agentSpeed = speed;
    if (this.agent) this.agent.speed = speed;
  }

  // ---- the walking agent and the squad ----
  // The search's agent size (settings.agentSize): the page's path is then the top-left cell of
  // a size x size agent, which the walker and the squad are.
  agentSize() { return this.app.engine.settings.agentSize; }
  // The line an agent of this size walks: a bigger agent walks the cell path (the string-pulled
  // and smoothed lines test line of sight for a point, not for its square), and says so.
  walkLine(kind) {
    const size = this.agentSize();
    if (size === 1 || kind === 'raw') return kind;
    this.app.showMessage(`A ${size}×${size} agent walks the cell path: the string-pulled and smoothed lines are for one-cell agents.`, 'info');
    return 'raw';
  }
  startAgent(kind = 'smooth') {
    this.refreshPaths();
    const points = this.paths[this.walkLine(kind)];
    if (!points || points.length < 2) return false;
    this.agent = new PathFollower(this.world, points, { speed: this.agentSpeed, size: this.agentSize() });
    this.app.requestDraw();
    return true;
  }
  stopAgent() { this.agent = null; this.app.requestDraw(); }
  // A fixed-formation squad on the same path.
  startSquad(size = 9, kind = 'smooth') {
    this.refreshPaths();
    const points = this.paths[this.walkLine(kind)];
    if (!points || points.length < 2) return false;
    this.squad = new Squad(this.world, points, { size, speed: this.agentSpeed * 0.7, agentSize: this.agentSize() });
    this.app.requestDraw();
    return true;
  }
  stopSquad() { this.squad = null; this.app.requestDraw(); }

  // The current start -> goal in the path worker (the page keeps running meanwhile).
  // algorithm: core's Algorithm index (0 A*, 2 Dijkstra); default: the page's setting.
  async workerFind(algorithm = null) {
    const e = this.app.engine;
    if (e.start() < 0 || e.goal() < 0) throw new Error('set a start and a goal first');
    this.worker ??= new PathWorker(e);
    await this.worker.sync(e);
    const index = algorithm ?? Math.max(0, e.algorithms.indexOf(e.settings.algorithm));
    return this.worker.find(e.start(), e.goal(), { algorithm: index, agentSize: this.agentSize() });
  }
  agentState() {
    const a = this.agent;
    return a && { x: a.x, y: a.y, done: a.done, jumps: a.jumps, travelled: a.travelled, cell: this.world.cellAt(a.x, a.y), size: a.size };
  }
  // The ghost chase moves one-cell agents (the ghosts' turn-aware planner has no agent size):
  // with a bigger size set it refuses to start with core's sentence: why the map cannot move
  // such an agent (hex, wrap: the arcade mazes), else why the turn-aware planner does not.
  refuseBigAgents(what) {
    const size = this.agentSize();
    if (size <= 1) return;
    const e = this.app.engine, mapProblem = new e.core.ClearanceView(e.raw), problem = mapProblem.problem(size);
    mapProblem.delete();
    const why = problem || e.core.plannerRefusal('turn-aware', 'agent-size');
    throw new Error(`${what} cannot move a ${size}×${size} agent: ${why}. Set the agent size to 1 to start it.`);
  }

  // ---- crowd ----
  startCrowd(count = 500, goals = null) {
    const g = goals ?? Array.from(this.app.engine.goals());
    if (!g.length) throw new Error('crowd mode needs at least one goal (a bunker)');
    // Members as big as the search's agent: the flow field over the anchors where they fit.
    const size = this.agentSize(), refused = this.world.raw.setFlowAgentSize(size);
    if (refused) throw new Error(`Crowd mode cannot move a ${size}×${size} agent: ${refused}. Set the agent size to 1 to start it.`);
    const problem = this.world.raw.setFlowGoals(g);
    if (problem) throw new Error(problem);
    this.crowd = new Crowd(this.world, count, { weights: { ...kDefaultCrowdWeights }, agentSize: size });
    this.frameMs = [];
    this.app.requestDraw();
  }
  stopCrowd() { this.crowd = null; this.app.requestDraw(); }
  // Destroys a bunker (the first goal, or `cell`): the crowd re-routes to the nearest one left.
  // The last bunker stays: without a goal the flow field points nowhere and the crowd would
  // only scatter. Returns {ok, text, level} for the page to show.
  destroyBunker(cell = null) {
    if (!this.crowd) return { ok: false, text: 'Start the crowd first: its bunkers are the map\'s goals.', level: 'info' };
    const goals = Array.from(this.world.raw.flowGoals());
    if (goals.length <= 1)
      return { ok: false, text: 'Only one bunker is left, so it stays: without it the crowd would have nowhere to go. A map with several goals has several bunkers.', level: 'warning' };
    const target = cell ?? goals[0];
    const problem = this.world.raw.removeFlowGoal(target);
    if (problem) return { ok: false, text: problem, level: 'error' };
    const w = this.world.width, left = goals.length - 1;
    return { ok: true, text: `Bunker (${target % w}, ${Math.floor(target / w)}) destroyed: the crowd re-routes to the ${left === 1 ? 'last one' : `${left} left`}.`, level: 'info' };
  }

  // ---- ghost chase ----
  startChase(options = {}) {
    const e = this.app.engine;
    const goals = Array.from(e.goals());
    const house = options.house ?? goals.filter((n) => n >= 0);
    const pacStart = options.pacStart ?? e.start();
    if (!house.length || pacStart < 0) throw new Error('the chase needs a start (Pac-Man) and a goal (the ghost house)');
    this.refuseBigAgents('The ghost chase');
    this.chase = new GhostChase(this.world, { house, pacStart, ...this.turnOptions, ...options });
    this.frameMs = [];
    this.app.requestDraw();
  }
  stopChase() { this.chase = null; this.app.requestDraw(); }
  // A catch costs a life (the chase restarts from the start); the last one ends the chase.
  showChaseEvents() {
    const c = this.chase;
    if (!c || !c.events.length) return;
    for (const event of c.events.splice(0)) {
      if (event.type === 'over') {
        this.app.showMessage(`Game over: the ghosts caught Pac-Man ${c.pac.caught} times.`, 'info');
        this.chase = null;
      } else {
        this.app.showMessage(`Caught! Pac-Man lost a life: ${event.lives} left.`, 'warning');
      }
    }
    this.panel?.sync();
  }

  frameStats() {
    const v = [...this.frameMs].sort((a, b) => a - b);
    if (!v.length) return { frames: 0, meanMs: 0, p95Ms: 0, maxMs: 0 };
    return {
      frames: v.length,
      meanMs: v.reduce((s, x) => s + x, 0) / v.length,
      p95Ms: v[Math.min(v.length - 1, Math.floor(v.length * 0.95))],
      maxMs: v[v.length - 1],
    };
  }

  tick(now) {
    const dt = this.lastTick ? Math.min(0.05, (now - this.lastTick) / 1000) : 1 / 60;
    this.lastTick = now;
    if (!this.running()) { this.lastTick = 0; return false; }
    const t0 = performance.now();
    this.checkShape();
    if (!this.running()) return false;
    const agentWasMoving = this.agent && !this.agent.done, squadWasMoving = this.squad && !this.squad.done;
    if (this.agent && !this.agent.update(dt)) this.agent.finishedAt ??= now;
    if (this.squad) this.squad.update(dt);
    if (this.crowd) this.crowd.step(dt);
    if (this.chase) this.chase.update(dt);
    this.showChaseEvents();
    if ((agentWasMoving && this.agent.done) || (squadWasMoving && this.squad.done)) this.panel?.sync();
    if (this.crowd || this.chase) {
      if (this.frameMs.length >= 2000) this.frameMs.shift();
      this.frameMs.push(performance.now() - t0);
    }
    return !!(this.crowd || this.chase || (this.agent && !this.agent.done) || (this.squad && !this.squad.done));
  }

  // ---- drawing (CSS pixels) ----
  draw(ctx, r) {
    this.refreshPaths();
    // World positions are the renderer's layout units (cell widths from the map's corner).
    const X = (x) => r.offsetX + x * r.cell, Y = (y) => r.offsetY + y * r.cell;
    ctx.save();
    for (const name of kPathKinds) {
      if (!this.views[name]) continue;
      const pts = this.paths[name], style = kPathStyles[name];
      ctx.strokeStyle = style.color;
      ctx.lineWidth = style.width;
      ctx.setLineDash(style.dash);
      ctx.beginPath();
      pts.forEach((p, i) => {
        if (i === 0 || p.join !== Join.Walk) ctx.moveTo(X(p.x), Y(p.y));  // jumps are not drawn as walks
        else ctx.lineTo(X(p.x), Y(p.y));
      });
      ctx.stroke();
    }
    // A bigger agent's square, dashed, at both ends of the page's path (its top-left cells).
    const size = this.agentSize(), cells = this.cellPath;
    if (size > 1 && !this.world.hex && cells?.length) {
      ctx.strokeStyle = 'rgba(251, 140, 0, 0.95)';
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      for (const n of [cells[0], cells[cells.length - 1]]) {
        ctx.strokeRect(X(n % this.world.width) + 1, Y(Math.floor(n / this.world.width)) + 1, size * r.cell - 2, size * r.cell - 2);
      }
    }
    ctx.setLineDash([]);
    const disc = (x, y, radius, color) => {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(X(x), Y(y), Math.max(1.5, radius * r.cell), 0, Math.PI * 2);
      ctx.fill();
    };
    // A size x size agent is drawn as its square (its top-left cell's centre is at x, y).
    const body = (x, y, size, radius, color) => {
      if (size === 1) return disc(x, y, radius, color);
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.8;
      ctx.fillRect(X(x - 0.5) + 1, Y(y - 0.5) + 1, size * r.cell - 2, size * r.cell - 2);
      ctx.globalAlpha = 1;
    };
    if (this.agent) body(this.agent.x, this.agent.y, this.agent.size, 0.35, '#fdd835');
    if (this.squad) {
      const size = this.squad.agentSize;
      for (const m of this.squad.members) body(m.x, m.y, size, 0.25, m.inSlot ? '#6d4c41' : '#a1887f');
      body(this.squad.leader.x, this.squad.leader.y, size, 0.32, '#3e2723');
    }
    if (this.crowd && this.crowd.agentSize > 1) {
      const c = this.crowd;
      for (let i = 0; i < c.count; i++) body(c.x[i], c.y[i], c.agentSize, 0, 'rgba(67, 160, 71, 0.5)');
    } else if (this.crowd) {
      ctx.fillStyle = 'rgba(67, 160, 71, 0.9)';
      const size = Math.max(1.5, 0.3 * r.cell);
      for (let i = 0; i < this.crowd.count; i++) ctx.fillRect(X(this.crowd.x[i]) - size / 2, Y(this.crowd.y[i]) - size / 2, size, size);
    }
    if (this.chase) {
      const p = this.chase.pac;
      disc(p.x, p.y, 0.42, '#fdd835');
      for (const g of this.chase.ghosts) {
        if (g.mode !== 'eyes') disc(g.x, g.y, 0.4, g.mode === 'frightened' ? '#3949ab' : g.color);
        disc(g.x - 0.13, g.y - 0.08, 0.1, '#fff');
        disc(g.x + 0.13, g.y - 0.08, 0.1, '#fff');
      }
    }
    ctx.restore();
  }
}

export function installAgents(app, panel = document.getElementById('panel')) {
  const controller = new AgentsController(app);
  if (panel) controller.panel = buildPanel(controller, panel);
  // The document's `pathViews` and `agents` fields (document/schema.js) are this controller's.
  app.store.own('pathViews', {
    read: () => ({ ...controller.views }),
    apply: (views) => {
      for (const [name, on] of Object.entries(views)) {
        controller.setView(name, on);
        if ($(`agents-view-${name}`)) $(`agents-view-${name}`).checked = on;
      }
    },
  });
  app.store.own('agents', {
    read: () => ({ speed: controller.agentSpeed }),
    apply: (v) => {
      if (v.speed === undefined) return;
      controller.setSpeed(v.speed);
      if ($('agents-speed')) $('agents-speed').value = String(v.speed);
    },
  });
  controller.refreshPaths();
  return controller;
}
