// The subgoal-graph layer: core's SubgoalGraph (web/subgoal_bindings.cpp, on the engine's own
// map) drawn over the grid: the subgoals (dots at the corners a shortest path may turn at) and
// the abstract path of the current start and goal (start, subgoals, goal: a dashed line), with
// the query's figures beside them. Controls: the "Subgoal graph" section of the Tools view
// (index.html). The graph is built on the first query after a change (core rebuilds it when
// the grid's journal says the map changed); a map it does not apply to gets core's reason. On
// maps over kUnslicedPlannerCells the build would be one long task, so the planner worker
// builds and queries there (planners/background.js) and the layer shows 'building' meanwhile.
import { $, formatNumber } from '../dom.js';
import { kUnslicedPlannerCells } from '../engine.js';
import { drawNodeDots, drawAbstractPath } from '../canvas/graph_marks.js';
import { notOnThisMap, queryWithoutPath, inTheBackground } from '../planner_status.js';
import { BackgroundQuery } from '../planners/background.js';

const kDotColor = 'rgba(0, 150, 136, 0.95)';
const kPathColor = 'rgba(0, 121, 107, 0.95)';

export class SubgoalView {
  constructor(app) {
    const core = app.engine.core;
    if (typeof core.SubgoalLayer !== 'function') throw new Error('this build of the engine has no SubgoalLayer (link web/subgoal_bindings.cpp)');
    this.app = app;
    this.raw = new core.SubgoalLayer(app.engine.raw);
    this.row = app.engine.registry.planners.find((p) => p.kind === 'subgoal-graph');  // core's row: its note
    this.shown = false;
    this.result = null;                   // the last query (web/subgoal_bindings.cpp, query())
    this.cells = new Uint32Array(0);      // the subgoals, copied out of wasm memory
    this.dirty = true;
    this.controls = null;
    this.background = new BackgroundQuery(app, {
      layer: 'subgoal', what: 'the subgoal graph', row: this.row, tick: () => this.showStats(),
      take: (answer) => {
        this.result = answer.result;
        this.cells = answer.cells ?? new Uint32Array(0);
        this.showStats();
        app.requestDraw();
      },
    });
    app.renderer.addOverlay((ctx, r) => this.draw(ctx, r));
    app.onChange((kind) => {
      if (kind === 'search') return;  // a search step changes neither the map nor the query
      this.dirty = true;
      if (this.shown) app.requestDraw();
    });
  }

  show(on) {
    this.shown = !!on;
    if (this.controls) this.controls.show.checked = this.shown;
    this.dirty = true;
    this.refresh();
    this.app.requestDraw();
  }

  refresh() {
    if (!this.shown || !this.dirty) return this.result;
    this.dirty = false;
    const e = this.app.engine;
    if (e.cellCount > kUnslicedPlannerCells) {  // the build is one long task: in the worker
      if (!this.background.current()) this.cells = new Uint32Array(0);  // the old map's subgoals
      this.result = this.background.ask();
    } else {
      this.result = this.raw.query(e.start(), e.goal());
      this.cells = Uint32Array.from(this.raw.subgoals());  // a copy: the view dies with the next call
    }
    this.showStats();
    return this.result;
  }

  showStats() {
    const out = this.controls?.stats;
    if (!out) return;
    const r = this.result;
    out.dataset.cost = r?.status === 'found' ? String(r.cost) : '';
    out.dataset.status = r?.status ?? '';
    this.controls.progress.hidden = !this.shown || r?.status !== 'building';
    if (!this.shown || !r) {
      out.textContent = '';
      return;
    }
    const aside = notOnThisMap(r, this.row) ?? inTheBackground(r);
    if (aside) {
      out.textContent = aside;
      return;
    }
    const graph = `${formatNumber(r.subgoals)} subgoals, ${formatNumber(r.edges / 2)} pairs that see each other` +
      ` (${formatNumber(r.coreSubgoals)} left after contraction${r.coreTable ? ', with a table of their distances' : ''}); built in ${r.buildMs.toFixed(1)} ms, ${Math.round(r.bytes / 1024)} KB.`;
    const query = r.status === 'found'
      ? `Path cost ${formatNumber(r.cost)}, ${r.cells} cells, through ${Math.max(0, r.abstractPath.length - 2)} subgoals; ${formatNumber(r.expanded)} graph nodes expanded.`
      : queryWithoutPath(r);
    out.textContent = `${graph}\n${query}`;
  }

  draw(ctx, r) {
    if (!this.shown) return;
    this.refresh();
    if (this.result?.status === 'unsupported' || this.result?.status === 'too-big') return;
    drawNodeDots(ctx, r, this.cells, kDotColor);
    drawAbstractPath(ctx, r, this.result?.status === 'found' ? this.result.abstractPath : [], kPathColor);
  }
}

export function installSubgoals(app) {
  const view = new SubgoalView(app);
  const show = $('subgoal-show'), stats = $('subgoal-stats'), progress = $('subgoal-progress');
  if (show && stats && progress) {
    view.controls = { show, stats, progress };
    show.addEventListener('change', () => {
      view.show(show.checked);
      app.store.partChanged('subgoals');
    });
  }
  // The document's `subgoals` field (document/schema.js) is this layer's: whether it is shown.
  app.store.own('subgoals', { read: () => ({ show: view.shown }), apply: (v) => view.show(v.show) });
  return view;
}
