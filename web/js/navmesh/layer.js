// The navigation-mesh layer: core's NavMesh (web/navmesh_bindings.cpp, on the engine's own map)
// drawn over the grid: every polygon outlined, the current query's corridor shaded, the portals
// it crosses and the funnel's path; and two path lines beside the grid path and the
// string-pulled line: the navmesh path and the Theta* path of the same start and goal. Controls:
// the "Navigation mesh" section of the Tools view (index.html). Core refreshes the mesh from the
// grid's change journal after edits; a map the mesh does not apply to gets core's reason and
// the registry row's note. On maps over kUnslicedPlannerCells the build (and Theta*) would be
// one long task, so the planner worker builds and queries there (planners/background.js) and
// the layer shows 'building' meanwhile.
import { $, formatNumber } from '../dom.js';
import { kUnslicedPlannerCells } from '../engine.js';
import { drawPolyline } from '../canvas/graph_marks.js';
import { notOnThisMap, queryWithoutPath, inTheBackground } from '../planner_status.js';
import { BackgroundQuery } from '../planners/background.js';

const kOutline = 'rgba(93, 64, 55, 0.55)';
const kCorridorFill = 'rgba(3, 155, 229, 0.2)';  // blue: apart from the closed cells' yellow
const kCrossed = 'rgba(230, 81, 0, 0.95)';
// The path lines' colours: the legend's keys (style.css .line.navmesh, .line.theta) match.
export const kLineStyles = Object.freeze({
  navmesh: { color: 'rgba(255, 111, 0, 0.95)', width: 2.5, dash: [] },
  theta: { color: 'rgba(123, 31, 162, 0.95)', width: 2, dash: [6, 3] },
});
const kLineNames = Object.keys(kLineStyles);

export class NavMeshView {
  constructor(app) {
    const core = app.engine.core;
    if (typeof core.NavMeshLayer !== 'function') throw new Error('this build of the engine has no NavMeshLayer (link web/navmesh_bindings.cpp)');
    this.app = app;
    this.raw = new core.NavMeshLayer(app.engine.raw);
    this.row = app.engine.registry.planners.find((p) => p.kind === 'navmesh');  // core's row: its note
    this.shown = false;
    this.lines = { navmesh: false, theta: false };  // the path lines, off until asked
    this.result = null;                  // the last mesh query (web/navmesh_bindings.cpp, query())
    this.thetaResult = null;             // the last Theta* line (theta())
    this.rects = new Int32Array(0);      // the polygons, copied out of wasm memory
    this.dirty = true;
    this.controls = null;
    this.background = new BackgroundQuery(app, {
      layer: 'navmesh', what: 'the navigation mesh', row: this.row, tick: () => this.showStats(),
      take: (answer) => {
        this.result = answer.result;
        this.rects = answer.rects ?? new Int32Array(0);
        this.thetaResult = answer.theta ?? null;
        this.showStats();
        app.requestDraw();
      },
    });
    app.renderer.addOverlay((ctx, r) => this.draw(ctx, r));
    app.onChange((kind) => {
      if (kind === 'search') return;  // a search step changes neither the map nor the query
      this.dirty = true;
      if (this.active()) app.requestDraw();
    });
  }

  active() { return this.shown || this.lines.navmesh || this.lines.theta; }

  show(on) {
    this.shown = !!on;
    if (this.controls) this.controls.show.checked = this.shown;
    this.changed();
  }
  setLine(name, on) {
    this.lines[name] = !!on;
    if (this.controls) this.controls[name].checked = this.lines[name];
    const key = document.getElementById(`legend-${name}`);  // the legend's entry, only while drawn
    if (key) key.hidden = !this.lines[name];
    this.changed();
  }
  changed() {
    this.dirty = true;
    this.refresh();
    this.app.requestDraw();
  }

  refresh() {
    if (!this.active() || !this.dirty) return this.result;
    this.dirty = false;
    const e = this.app.engine;
    if (e.cellCount > kUnslicedPlannerCells) {  // the build and Theta* are one long task each: in the worker
      if (!this.background.current()) this.rects = new Int32Array(0);  // the old map's polygons
      this.thetaResult = null;
      this.result = this.background.ask({ theta: this.lines.theta });
    } else {
      this.result = this.raw.query(e.start(), e.goal());
      this.rects = Int32Array.from(this.raw.rectangles());  // a copy: the view dies with the next call
      this.thetaResult = this.lines.theta ? this.raw.theta(e.start(), e.goal()) : null;
    }
    this.showStats();
    return this.result;
  }

  // The figures the section shows (and the lesson reads): the navmesh and Theta* lengths.
  lengths() {
    this.refresh();
    return { navmesh: this.result?.status === 'found' ? this.result.length : null, theta: this.thetaResult?.length ?? null };
  }

  showStats() {
    const out = this.controls?.stats;
    if (!out) return;
    const r = this.result, t = this.thetaResult;
    out.dataset.status = r?.status ?? '';
    out.dataset.polygons = r?.polygons === undefined ? '' : String(r.polygons);
    out.dataset.length = r?.status === 'found' ? String(r.length) : '';
    out.dataset.thetaLength = t?.status === 'found' ? String(t.length) : '';
    this.controls.progress.hidden = !this.active() || r?.status !== 'building';
    if (!this.active() || !r) {
      out.textContent = '';
      return;
    }
    const aside = notOnThisMap(r, this.row) ?? inTheBackground(r);
    if (aside) {
      out.textContent = aside;
      return;
    }
    const mesh = `${formatNumber(r.polygons)} polygons, ${formatNumber(r.portals)} portals in ${formatNumber(r.tiles)} tiles;` +
      ` ${r.fullBuild ? 'built' : `${formatNumber(r.tilesRebuilt)} tiles rebuilt`} in ${r.buildMs.toFixed(2)} ms, ${Math.round(r.bytes / 1024)} KB.`;
    const query = r.status === 'found'
      ? `Navmesh path length ${formatNumber(r.length)} (cost ${formatNumber(r.cost)}), through a corridor of ${r.corridor.length} polygons, ${r.crossed.length / 4} portals crossed; ${formatNumber(r.expanded)} polygons expanded.`
      : queryWithoutPath(r);
    const theta = t ? (t.status === 'found' ? `\nTheta* path length ${formatNumber(t.length)}.` : `\nTheta*: ${t.status}.`) : '';
    out.textContent = `${mesh}\n${query}${theta}`;
  }

  draw(ctx, r) {
    if (!this.active()) return;
    this.refresh();
    if (this.app.engine.isHex()) return;
    const res = this.result, found = res?.status === 'found';
    const X = (x) => r.offsetX + x * r.cell, Y = (y) => r.offsetY + y * r.cell;
    ctx.save();
    // While the worker answers a new query on the same map, the mesh it last sent stays drawn.
    if (this.shown && ['found', 'idle', 'no-path', 'building'].includes(res?.status)) {
      ctx.fillStyle = kCorridorFill;
      for (const id of found ? res.corridor : []) {
        const i = 4 * id;
        ctx.fillRect(X(this.rects[i]), Y(this.rects[i + 1]), (this.rects[i + 2] - this.rects[i]) * r.cell, (this.rects[i + 3] - this.rects[i + 1]) * r.cell);
      }
      ctx.strokeStyle = kOutline;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = 0; i < this.rects.length; i += 4)
        ctx.rect(X(this.rects[i]), Y(this.rects[i + 1]), (this.rects[i + 2] - this.rects[i]) * r.cell, (this.rects[i + 3] - this.rects[i + 1]) * r.cell);
      ctx.stroke();
      if (found) {
        ctx.strokeStyle = kCrossed;
        ctx.lineWidth = Math.max(2, r.cell * 0.15);
        ctx.beginPath();
        for (let i = 0; i < res.crossed.length; i += 4) {
          ctx.moveTo(X(res.crossed[i]), Y(res.crossed[i + 1]));
          ctx.lineTo(X(res.crossed[i + 2]), Y(res.crossed[i + 3]));
        }
        ctx.stroke();
      }
    }
    // The funnel's path: with the mesh shown, or as the navmesh path line.
    if ((this.shown || this.lines.navmesh) && found) drawPolyline(ctx, r, res.points, kLineStyles.navmesh);
    if (this.lines.theta && this.thetaResult?.status === 'found') drawPolyline(ctx, r, this.thetaResult.points, kLineStyles.theta);
    ctx.restore();
  }
}

export function installNavMesh(app) {
  const view = new NavMeshView(app);
  const show = $('navmesh-show'), stats = $('navmesh-stats'), navmesh = $('navmesh-line'), theta = $('theta-line');
  const progress = $('navmesh-progress');
  if (show && stats && navmesh && theta && progress) {
    view.controls = { show, stats, navmesh, theta, progress };
    show.addEventListener('change', () => {
      view.show(show.checked);
      app.store.partChanged('navmesh');
    });
    for (const name of kLineNames) {
      view.controls[name].addEventListener('change', () => {
        view.setLine(name, view.controls[name].checked);
        app.store.partChanged('navmesh');
      });
    }
  }
  // The document's `navmesh` field (document/schema.js) is this layer's: the mesh and the two lines shown.
  app.store.own('navmesh', {
    read: () => ({ show: view.shown, navmeshLine: view.lines.navmesh, thetaLine: view.lines.theta }),
    apply: (v) => {
      view.show(v.show);
      view.setLine('navmesh', v.navmeshLine);
      view.setLine('theta', v.thetaLine);
    },
  });
  return view;
}
