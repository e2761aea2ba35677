// Agents in the playground: path views (raw / string-pulled / smoothed), an agent walking the
// current path, crowd mode on a flow field with boids, and the ghost chase demo. Installs
// itself on the page through the playground's hooks (renderer.addOverlay, app.addTicker,
// app.onChange) and a panel section of its own; touches no other module's DOM.
import { World, Join } from './world.js';
import { PathFollower } from './follower.js';
import { Crowd, kDefaultCrowdWeights } from './crowd.js';
import { GhostChase } from './ghosts.js';
import { Squad } from './squad.js';
import { PathWorker } from './worker_client.js';

const kPathStyles = {
  raw: { color: 'rgba(120, 120, 120, 0.9)', width: 1.5, dash: [4, 3] },
  pulled: { color: 'rgba(30, 136, 229, 0.95)', width: 2, dash: [] },
  smooth: { color: 'rgba(216, 27, 96, 0.95)', width: 2.5, dash: [] },
};

function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

export class AgentsController {
  constructor(app) {
    this.app = app;
    this.world = new World(app.engine);
    this.views = { raw: false, pulled: true, smooth: true };
    this.paths = { raw: [], pulled: [], smooth: [] };
    this.pathKey = '';
    this.agent = null;
    this.squad = null;
    this.agentSpeed = 6;
    this.crowd = null;
    this.chase = null;
    this.lastTick = 0;
    this.frameMs = [];  // agents' own work per frame (crowd step, chase update)
    this.world.sync();
    app.renderer.addOverlay((ctx, r) => this.draw(ctx, r));
    app.addTicker((now) => this.tick(now));
    app.onChange(() => this.mapOrPathChanged());
  }

  // ---- paths ----
  mapOrPathChanged() {
    const changed = this.world.sync();
    if (changed && this.crowd) this.app.requestDraw();
    this.refreshPaths();
  }
  // Called on map changes and before drawing: a search that finished or stepped since (no
  // change event) may have found another path with the same ends and length, so the key
  // hashes every cell.
  refreshPaths() {
    const view = this.app.engine.path();
    let hash = 2166136261;
    for (let i = 0; i < view.length; i++) hash = Math.imul(hash ^ view[i], 16777619);
    const key = `${this.world.revision}:${view.length}:${hash >>> 0}`;
    if (key === this.pathKey) return;
    this.pathKey = key;
    const path = Array.from(view);
    try {
      this.paths.raw = this.world.smooth(path, { stringPull: false, spline: false });
      this.paths.pulled = this.world.smooth(path, { stringPull: true, spline: false });
      this.paths.smooth = this.world.smooth(path, { stringPull: true, spline: true });
    } catch (e) {
      this.paths = { raw: [], pulled: [], smooth: [] };
      this.app.showMessage(`smoothing: ${e.message}`, 'error');
    }
  }
  setView(name, on) { this.views[name] = !!on; this.app.requestDraw(); }

  // ---- the walking agent ----
  startAgent(kind = 'smooth') {
    this.world.sync();
    this.refreshPaths();
    const points = this.paths[kind];
    if (!points || points.length < 2) return false;
    this.agent = new PathFollower(this.world, points, { speed: this.agentSpeed });
    this.app.requestDraw();
    return true;
  }
  // A fixed-formation squad on the same path.
  startSquad(size = 9, kind = 'smooth') {
    this.world.sync();
    this.refreshPaths();
    const points = this.paths[kind];
    if (!points || points.length < 2) return false;
    this.squad = new Squad(this.world, points, { size, speed: this.agentSpeed * 0.7 });
    this.app.requestDraw();
    return true;
  }
  // The current start -> goal in the path worker (the page keeps running meanwhile).
  // algorithm: core's Algorithm index (0 A*, 2 Dijkstra); default: the page's setting.
  async workerFind(algorithm = null) {
    const e = this.app.engine;
    if (e.start() < 0 || e.goal() < 0) throw new Error('set a start and a goal first');
    this.worker ??= new PathWorker();
    await this.worker.sync(e);
    const index = algorithm ?? Math.max(0, e.algorithms.indexOf(e.settings.algorithm));
    return this.worker.find(e.start(), e.goal(), { algorithm: index });
  }
  agentState() {
    const a = this.agent;
    return a && { x: a.x, y: a.y, done: a.done, jumps: a.jumps, travelled: a.travelled, cell: this.world.cellAt(a.x, a.y) };
  }

  // ---- crowd ----
  startCrowd(count = 500, goals = null) {
    this.world.sync();
    const g = goals ?? Array.from(this.app.engine.goals ? this.app.engine.goals() : []);
    if (!g.length) throw new Error('crowd mode needs at least one goal (a bunker)');
    const problem = this.world.raw.setFlowGoals(g);
    if (problem) throw new Error(problem);
    this.crowd = new Crowd(this.world, count, { weights: { ...kDefaultCrowdWeights } });
    this.frameMs = [];
    this.app.requestDraw();
  }
  stopCrowd() { this.crowd = null; }
  // Destroys a bunker: agents re-route to the next nearest one.
  destroyBunker(cell = null) {
    const goals = Array.from(this.world.raw.flowGoals());
    if (goals.length === 0) return '';
    return this.world.raw.removeFlowGoal(cell ?? goals[0]);
  }

  // ---- ghost chase ----
  startChase(options = {}) {
    this.world.sync();
    const e = this.app.engine;
    const goals = Array.from(e.goals ? e.goals() : []);
    const house = options.house ?? (goals.length ? goals : [e.goal()]).filter((n) => n >= 0);
    const pacStart = options.pacStart ?? e.start();
    if (!house.length || pacStart < 0) throw new Error('the chase needs a start (Pac-Man) and a goal (the ghost house)');
    this.chase = new GhostChase(this.world, { house, pacStart, ...options });
    this.frameMs = [];
    this.app.requestDraw();
  }
  stopChase() { this.chase = null; }

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
    if (!this.agent && !this.squad && !this.crowd && !this.chase) { this.lastTick = 0; return false; }
    const t0 = performance.now();
    this.world.sync();
    if (this.agent && !this.agent.update(dt)) this.agent.finishedAt ??= now;
    if (this.squad) this.squad.update(dt);
    if (this.crowd) this.crowd.step(dt);
    if (this.chase) this.chase.update(dt);
    if (this.crowd || this.chase) {
      if (this.frameMs.length >= 2000) this.frameMs.shift();
      this.frameMs.push(performance.now() - t0);
    }
    return !!(this.crowd || this.chase || (this.agent && !this.agent.done) || (this.squad && !this.squad.done));
  }

  // ---- drawing (CSS pixels) ----
  draw(ctx, r) {
    if (this.world.revision === this.app.engine.revision()) this.refreshPaths();
    // World positions are the renderer's layout units (cell widths from the map's corner).
    const X = (x) => r.offsetX + x * r.cell, Y = (y) => r.offsetY + y * r.cell;
    ctx.save();
    for (const name of ['raw', 'pulled', 'smooth']) {
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
    ctx.setLineDash([]);
    const disc = (x, y, radius, color) => {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(X(x), Y(y), Math.max(1.5, radius * r.cell), 0, Math.PI * 2);
      ctx.fill();
    };
    if (this.agent) disc(this.agent.x, this.agent.y, 0.35, '#fdd835');
    if (this.squad) {
      for (const m of this.squad.members) disc(m.x, m.y, 0.25, m.inSlot ? '#6d4c41' : '#a1887f');
      disc(this.squad.leader.x, this.squad.leader.y, 0.32, '#3e2723');
    }
    if (this.crowd) {
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

  // ---- the panel section ----
  buildPanel(container) {
    const section = el('section', { 'aria-labelledby': 'h-agents', id: 'agents-panel' });
    section.append(el('h2', { id: 'h-agents', text: 'Agents' }));
    const views = el('div', { class: 'row' });
    for (const [name, label] of [['raw', 'raw'], ['pulled', 'string-pulled'], ['smooth', 'smoothed']]) {
      const box = el('input', { type: 'checkbox', id: `agents-view-${name}` });
      box.checked = this.views[name];
      box.addEventListener('change', () => this.setView(name, box.checked));
      views.append(el('label', { class: 'check' }, [box, ` ${label}`]));
    }
    section.append(views);
    const speed = el('input', { type: 'range', id: 'agents-speed', min: '1', max: '30', value: String(this.agentSpeed) });
    speed.addEventListener('input', () => {
      this.agentSpeed = Number(speed.value);
      if (this.agent) this.agent.speed = this.agentSpeed;
    });
    const walk = el('button', { type: 'button', id: 'agents-walk', text: 'Walk the path' });
    walk.addEventListener('click', () => {
      if (!this.startAgent()) this.app.showMessage('find a path first', 'info');
    });
    const squad = el('button', { type: 'button', id: 'agents-squad', text: 'Squad' });
    squad.addEventListener('click', () => {
      if (!this.startSquad()) this.app.showMessage('find a path first', 'info');
    });
    section.append(el('div', { class: 'row' }, [walk, squad, el('label', { class: 'grow' }, ['Speed ', speed])]));
    const inWorker = el('button', { type: 'button', id: 'agents-worker', text: 'Search in worker' });
    const workerOut = el('output', { id: 'agents-worker-result' });
    inWorker.addEventListener('click', async () => {
      workerOut.textContent = 'searching…';
      try {
        const r = await this.workerFind();
        workerOut.textContent = r.path.length ? `cost ${r.cost.toFixed(3)}, ${r.expanded} expanded, ${r.ms.toFixed(0)} ms` : 'no path';
      } catch (e) {
        workerOut.textContent = '';
        this.app.showMessage(e.message, 'error');
      }
    });
    section.append(el('div', { class: 'row' }, [inWorker, workerOut]));

    const count = el('input', { type: 'number', id: 'agents-count', min: '1', max: '5000', value: '500' });
    const crowd = el('button', { type: 'button', id: 'agents-crowd', text: 'Crowd' });
    const bunker = el('button', { type: 'button', id: 'agents-bunker', text: 'Destroy a bunker' });
    const status = el('output', { id: 'agents-status' });
    crowd.addEventListener('click', () => {
      try {
        if (this.crowd) this.stopCrowd();
        else this.startCrowd(Math.max(1, Math.min(5000, Number(count.value) || 500)));
        crowd.textContent = this.crowd ? 'Stop crowd' : 'Crowd';
      } catch (e) { this.app.showMessage(e.message, 'error'); }
    });
    bunker.addEventListener('click', () => {
      const problem = this.destroyBunker();
      if (problem) this.app.showMessage(problem, 'error');
    });
    section.append(el('div', { class: 'row' }, [crowd, el('label', {}, ['Agents ', count]), bunker]));
    const weights = el('div', { class: 'row' });
    for (const name of ['separation', 'alignment', 'cohesion']) {
      const slider = el('input', { type: 'range', id: `agents-${name}`, min: '0', max: '4', step: '0.1', value: String(kDefaultCrowdWeights[name]) });
      slider.addEventListener('input', () => { if (this.crowd) this.crowd.weights[name] = Number(slider.value); });
      weights.append(el('label', { class: 'grow' }, [`${name} `, slider]));
    }
    section.append(weights);

    const chase = el('button', { type: 'button', id: 'agents-chase', text: 'Ghost chase' });
    const pellet = el('button', { type: 'button', id: 'agents-pellet', text: 'Power pellet' });
    chase.addEventListener('click', () => {
      try {
        if (this.chase) this.stopChase();
        else this.startChase();
        chase.textContent = this.chase ? 'Stop chase' : 'Ghost chase';
      } catch (e) { this.app.showMessage(e.message, 'error'); }
    });
    pellet.addEventListener('click', () => this.chase?.powerPellet());
    section.append(el('div', { class: 'row' }, [chase, pellet, status]));
    section.append(el('p', { class: 'note', text: 'Chase: arrow keys steer Pac-Man (start = Pac-Man, goals = ghost house).' }));
    // While the chase runs the arrows steer Pac-Man; capturing at window keeps them from also
    // moving the page's keyboard cursor.
    window.addEventListener('keydown', (event) => {
      if (!this.chase) return;
      const name = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' }[event.key];
      if (!name) return;
      this.chase.steer(name);
      event.preventDefault();
      event.stopPropagation();
    }, { capture: true });
    setInterval(() => {
      const s = this.frameStats();
      status.textContent = this.crowd || this.chase ? `${s.meanMs.toFixed(2)} ms/frame` : '';
    }, 500);
    container.append(section);
    return section;
  }
}

export function installAgents(app, panel = document.getElementById('panel')) {
  const controller = new AgentsController(app);
  if (panel) controller.buildPanel(panel);
  controller.refreshPaths();
  return controller;
}
