// The HPA* layer: core's HierarchicalMap (web/hpa_bindings.cpp, on the engine's own map) drawn
// over the grid: cluster boundaries (lines), entrances (the abstract nodes, dots) and the
// abstract path of the current start and goal (a dashed line through its nodes), with the
// query's stats beside A*'s optimal cost, both for the search's agent size (settings.agentSize: a k x k
// agent has its own abstraction in core). Controls: the "Hierarchical search (HPA*)" section of
// the panel (index.html): show/hide and the cluster size (limits from core).
//
// The bindings notice edits and loads by themselves (the grid's revision, the engine's
// generation): an edit updates only the clusters it touches, a new document rebuilds. This
// module only re-queries when the page announces a change (playground.onChange). It uses the
// page's engine read-only and draws through renderer.addOverlay.

import { $ } from '../dom.js';
import { drawNodeDots, drawAbstractPath } from '../canvas/graph_marks.js';
const kLineColor = 'rgba(106, 27, 154, 0.75)';
const kNodeColor = 'rgba(255, 111, 0, 0.95)';
const kPathColor = 'rgba(255, 111, 0, 0.95)';

function format(x, digits = 4) { return Number.isFinite(x) ? String(Number(x.toFixed(digits))) : '-'; }

export class HpaView {
  constructor(app) {
    const core = app.engine.core;
    if (typeof core.HpaLayer !== 'function') throw new Error('this build of the engine has no HpaLayer (link web/hpa_bindings.cpp)');
    this.app = app;
    this.info = core.hierarchicalInfo();  // name, label and cluster-size limits from core
    this.raw = new core.HpaLayer(app.engine.raw);
    this.shown = false;
    this.result = null;  // the last query's figures (web/hpa_bindings.cpp, query())
    this.nodes = new Uint32Array(0);  // abstract nodes (cells), copied out of wasm memory
    this.dirty = true;
    this.controls = null;
    app.renderer.addOverlay((ctx, r) => this.draw(ctx, r));
    app.onChange((kind) => { if (kind !== 'search') this.changed(); });  // a search step changes nothing here
  }

  show(on) {
    this.shown = !!on;
    if (this.controls) this.controls.show.checked = this.shown;
    this.dirty = true;
    this.refresh();
    this.app.requestDraw();
  }

  // Returns '' or core's message (the previous size stays).
  setClusterSize(size) {
    const problem = this.raw.setClusterSize(Number(size));
    if (problem) {
      this.app.showMessage(`HPA*: ${problem}`, 'error');
      if (this.controls) this.controls.size.value = String(this.raw.clusterSize());
      return problem;
    }
    this.dirty = true;
    this.refresh();
    this.app.requestDraw();
    return '';
  }

  changed() {
    this.dirty = true;
    if (this.shown) {
      this.refresh();
      this.app.requestDraw();
    }
  }

  // Re-runs the query for the page's start and goal (the bindings update the abstraction first).
  refresh() {
    if (!this.shown || !this.dirty) return this.result;
    this.dirty = false;
    const e = this.app.engine, start = e.start(), goal = e.goal();
    if (!e.width || !e.height) {
      this.result = null;
      this.nodes = new Uint32Array(0);
    } else {
      // For the search's agent size (settings.agentSize): core builds that size's abstraction at its first query.
      const size = e.settings.agentSize;
      this.result = start >= 0 && goal >= 0 ? { ...this.raw.query(start, goal, size), agentSize: size } : null;
      this.nodes = Uint32Array.from(this.raw.nodes(size));  // a copy: the view dies with the next call
    }
    this.showStats();
    return this.result;
  }

  showStats() {
    if (!this.controls) return;
    const r = this.result, out = this.controls.stats;
    if (!this.shown) {
      out.textContent = '';
      return;
    }
    if (!r) {
      out.textContent = `${this.nodes.length} entrance cells. Place a start and a goal to see a query.`;
      return;
    }
    const lines = r.agentSize > 1 ? [`for a ${r.agentSize}×${r.agentSize}-cell agent (its own abstraction: entrances where it fits)`] : [];
    if (r.status === 'found') {
      const ratio = r.optimal > 0 ? r.cost / r.optimal : 1;
      lines.push(`cost ${format(r.cost)} (A* optimal ${format(r.optimal)}, ×${format(ratio, 3)}), ${r.cells} cells`);
    } else {
      lines.push(r.status === 'no-path' ? 'no path' : `${r.status}: ${r.message}`);
    }
    lines.push(`abstract nodes expanded ${r.abstractExpanded}; grid cells expanded: refine ${r.refineExpanded}, ` +
      `insert start/goal ${r.insertExpanded}; A* expanded ${r.astarExpanded}`);
    lines.push(`${r.clusters} clusters, ${r.nodes} abstract nodes, ${r.edges} edges; last build/update ` +
      `${format(r.buildMs, 1)} ms, ${r.clustersRebuilt} cluster tables rebuilt (${r.updates} incremental updates)`);
    out.textContent = lines.join('\n');
    out.dataset.cost = r.status === 'found' ? String(r.cost) : '';
    out.dataset.updates = String(r.updates);
  }

  draw(ctx, r) {
    if (!this.shown) return;
    this.refresh();
    const e = this.app.engine, w = e.width, h = e.height, size = this.raw.clusterSize();
    if (!w || !h) return;
    ctx.save();
    // Cluster boundaries: halfway between the last column (row) of one cluster and the first of the next.
    ctx.strokeStyle = kLineColor;
    ctx.lineWidth = Math.max(1, Math.min(3, r.cell * 0.12));
    const top = r.centreOf(0, 0).y - r.rowPitch / 2, bottom = r.centreOf(0, h - 1).y + r.rowPitch / 2;
    const left = r.centreOf(0, 0).x - r.cell / 2, right = r.centreOf(w - 1, 0).x + r.cell / 2;
    ctx.beginPath();
    for (let x = size; x < w; x += size) {
      const lx = (r.centreOf(x - 1, 0).x + r.centreOf(x, 0).x) / 2;
      ctx.moveTo(lx, top);
      ctx.lineTo(lx, bottom);
    }
    for (let y = size; y < h; y += size) {
      const ly = (r.centreOf(0, y - 1).y + r.centreOf(0, y).y) / 2;
      ctx.moveTo(left, ly);
      ctx.lineTo(right, ly);
    }
    ctx.stroke();
    drawNodeDots(ctx, r, this.nodes, kNodeColor);  // the entrances
    drawAbstractPath(ctx, r, this.result?.status === 'found' ? this.result.abstractPath : [], kPathColor);
    ctx.restore();
  }
}

// The panel's controls (index.html's #hpa section), wired to the view.
function bindControls(view) {
  const show = $('hpa-show'), size = $('hpa-cluster-size'), stats = $('hpa-stats');
  if (!show || !size || !stats) return null;
  size.min = String(view.info.minClusterSize);
  size.max = String(view.info.maxClusterSize);
  size.value = String(view.raw.clusterSize());
  const store = view.app.store;
  show.addEventListener('change', () => {
    view.show(show.checked);
    store.partChanged('hierarchical');
  });
  size.addEventListener('change', () => {
    view.setClusterSize(size.value);
    store.partChanged('hierarchical');
  });
  const label = $('hpa-label');
  if (label) label.textContent = view.info.label;
  return { show, size, stats };
}

export function installHpa(app) {
  const view = new HpaView(app);
  view.controls = bindControls(view);
  // The document's `hierarchical` field (document/schema.js) is this layer's: shown, cluster size.
  app.store.own('hierarchical', {
    read: () => ({ show: view.shown, clusterSize: view.raw.clusterSize() }),
    apply: (v) => {
      if (v.clusterSize !== undefined && v.clusterSize !== view.raw.clusterSize()) {
        view.setClusterSize(v.clusterSize);
        if (view.controls) view.controls.size.value = String(view.raw.clusterSize());
      }
      if (v.show !== undefined) view.show(v.show);
    },
  });
  return view;
}
