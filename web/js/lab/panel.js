// The lab panel: runs core's genetic algorithm or ant colony (web/lab_bindings.cpp's LabRun)
// on the page's map and query, one generation per step, draws the best path (and the ants'
// pheromone) on the grid through renderer.addOverlay and the cost per generation in its own
// plot (plot.js). Its settings (method, seed, parameters) are part of the document
// (store.setLab), so share links carry them and reproduce the run.
import { drawPlot } from './plot.js';
import { $ } from '../dom.js';


// 'crossoverRate' -> 'crossover rate'
function words(key) { return key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`); }

export class LabPanel {
  constructor(pg) {
    this.pg = pg;
    this.store = pg.store;
    this.engine = pg.engine;
    this.core = this.engine.core;
    this.run = new this.core.LabRun(this.engine.raw);
    this.defaults = this.core.LabRun.defaults();
    this.history = [];
    this.optimal = null;
    this.playing = false;
    this.stale = false;
    this.lastTick = 0;
    this.plot = null;
    this.buildParams($('lab-method').value);
    $('lab-method').addEventListener('change', () => {
      this.buildParams($('lab-method').value);
      this.commit();
    });
    $('lab-params').addEventListener('change', () => this.commit());
    $('lab-seed').addEventListener('change', () => this.commit());
    $('lab-play').addEventListener('click', () => this.togglePlay());
    $('lab-step').addEventListener('click', () => {
      this.pause();
      this.stepOnce();
    });
    $('lab-reset').addEventListener('click', () => this.reset());
    // The first run starts when the panel is first opened (or a link brings settings): a
    // generation on a big map is not free, and most visits never open the lab.
    $('lab').addEventListener('toggle', () => {
      if ($('lab').open && !this.run.active() && !this.stale) this.reset();
      this.pg.requestDraw();
    });
    this.store.on('lab', () => this.applyStore());
    for (const kind of ['map', 'query']) this.store.on(kind, () => this.mapChanged());
    pg.renderer.addOverlay((ctx, view) => this.drawOverlay(ctx, view));
    pg.addTicker((now) => this.tick(now));
    if (this.store.lab) this.applyStore();
  }

  // The parameter inputs of a method, from core's defaults (names and values) and its rows in
  // the registry (registry().labMethods: range and description).
  buildParams(method) {
    const box = $('lab-params');
    box.replaceChildren();
    const rows = new Map((this.engine.registry.labMethods.find((m) => m.name === method)?.params ?? []).map((p) => [p.name, p]));
    const limit = (input, key) => {
      const row = rows.get(key);
      if (!row) return;
      input.min = String(row.min);
      input.max = String(row.max);
      input.title = row.description;
    };
    $('lab-seed').value = String(this.defaults[method].seed);
    limit($('lab-seed'), 'seed');
    for (const [key, value] of Object.entries(this.defaults[method])) {
      if (key === 'seed') continue;
      const label = document.createElement('label');
      label.append(`${words(key)} `);
      const input = document.createElement('input');
      input.type = 'number';
      input.id = `lab-${key}`;
      input.dataset.key = key;
      input.step = Number.isInteger(value) ? '1' : '0.01';
      input.value = String(value);
      limit(input, key);
      label.append(input);
      box.append(label);
    }
  }

  // The settings shown, as the document keeps them.
  settings() {
    const method = $('lab-method').value;
    const params = { seed: Number($('lab-seed').value) };
    for (const input of $('lab-params').querySelectorAll('input')) params[input.dataset.key] = Number(input.value);
    return { method, params };
  }

  commit() { this.store.setLab(this.settings()); }

  // The document's settings changed (a control, or an opened link): show them and start over.
  applyStore() {
    const lab = this.store.lab;
    if (lab) {
      if ($('lab-method').value !== lab.method) {
        $('lab-method').value = lab.method;
        this.buildParams(lab.method);
      }
      if (lab.params.seed !== undefined) $('lab-seed').value = String(lab.params.seed);
      for (const input of $('lab-params').querySelectorAll('input')) {
        if (lab.params[input.dataset.key] !== undefined) input.value = String(lab.params[input.dataset.key]);
      }
      $('lab').open = true;
    }
    this.reset();
  }

  reset() {
    this.pause();
    const { method, params } = this.settings();
    const problem = this.run.start(method, this.engine.raw.start(), this.engine.raw.goal(), params);
    this.stale = false;
    if (problem) {
      this.history = [];
      this.optimal = null;
      this.setStatus(`Cannot run: ${problem}.`, true);
      if (this.store.lab) this.pg.showMessage(`Lab: ${problem}`, 'error');
    } else {
      this.refresh();
    }
  }

  mapChanged() {
    if (!this.run.active()) return;
    this.pause();
    this.stale = true;
    this.setStatus('The map or the query changed: press Reset to run the lab on it.', false);
    this.pg.requestDraw();
  }

  stepOnce() {
    if (this.stale) return false;
    const more = this.run.step();
    this.refresh();
    return more;
  }

  togglePlay() {
    if (this.playing) {
      this.pause();
      return;
    }
    if (this.stale || !this.run.active()) this.reset();
    if (this.run.finished()) this.reset();
    this.playing = true;
    $('lab-play').textContent = 'Pause';
  }

  pause() {
    this.playing = false;
    $('lab-play').textContent = 'Play';
  }

  tick(now) {
    if (!this.playing) return false;
    const interval = 1000 / Number($('lab-speed').value || 5);
    if (now - this.lastTick >= interval) {
      this.lastTick = now;
      if (!this.stepOnce() || this.run.finished()) this.pause();
    }
    return this.playing;
  }

  refresh() {
    this.history = this.run.history();
    this.optimal = this.run.optimal();
    const last = this.history[this.history.length - 1];
    const lastGeneration = Number($('lab-generations')?.value) || 1;
    this.plot = drawPlot($('lab-plot'), this.history, this.optimal, lastGeneration);
    if (last) {
      const best = last.best === null ? 'none yet' : String(last.best);
      const ratio = last.best !== null && this.optimal ? ` (${(last.best / this.optimal).toFixed(3)} × optimal)` : '';
      $('lab-generation').textContent = String(last.generation);
      $('lab-best').textContent = best;
      $('lab-optimal').textContent = this.optimal === null ? 'no path' : String(this.optimal);
      this.setStatus(`Generation ${last.generation}: best ${best}${ratio}, mean fitness ${last.mean.toFixed(2)}, ` +
        `${last.reached} at the goal.`, false);
    }
    this.pg.requestDraw();
  }

  setStatus(text, error) {
    const p = $('lab-status');
    p.textContent = text;
    p.classList.toggle('warn', !!error);
  }

  drawOverlay(ctx, view) {
    if (!$('lab').open || !this.run.active() || this.stale) return;
    ctx.save();
    const pheromone = this.run.pheromone();
    if (pheromone) {
      let max = 0;
      for (const t of pheromone) max = Math.max(max, t);
      ctx.fillStyle = 'rgb(186, 104, 200)';
      const r = view.cell * 0.42;
      for (let n = 0; n < pheromone.length; ++n) {
        const a = max > 0 ? pheromone[n] / max : 0;
        if (a < 0.05) continue;
        const c = view.cellCenter(n);
        ctx.globalAlpha = Math.min(0.6, a);
        ctx.beginPath();
        ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    } else {
      this.polyline(ctx, view, this.run.fittest(), 'rgba(46, 125, 50, 0.8)', 1.5, [3, 3]);
    }
    this.polyline(ctx, view, this.run.best(), 'rgba(0, 229, 255, 0.9)', Math.max(2, view.cell * 0.25), []);
    ctx.restore();
  }

  polyline(ctx, view, cells, color, width, dash) {
    if (cells.length < 2) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.lineJoin = 'round';
    ctx.beginPath();
    let prev = view.cellCenter(cells[0]);
    ctx.moveTo(prev.x, prev.y);
    for (let i = 1; i < cells.length; ++i) {
      const next = view.cellCenter(cells[i]);
      // A wrap or portal move jumps: no line across the map.
      if (Math.abs(next.x - prev.x) > 1.5 * view.cell || Math.abs(next.y - prev.y) > 1.5 * view.cell) ctx.moveTo(next.x, next.y);
      else ctx.lineTo(next.x, next.y);
      prev = next;
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
}
