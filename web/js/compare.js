// The Compare panel: every planner row of core's registry on the current map and query (start,
// goals, heuristic, weight, tunnel- and portal-aware options), side by side in a table. The
// search loop's algorithms run in a second search over the page engine's own map
// (core.SideSearch, web/search_bindings.cpp), so the page's own search, its canvas and its
// settings are untouched; clicking one of their rows then runs that algorithm on the page as
// the algorithm menu would. Big maps do not freeze the page: those searches run in slices of a
// few milliseconds, one slice per animation frame, and rows fill in as they finish. The other
// planners (HPA*, D* Lite, the turn-aware search, ...) run through core's PlannerRunner
// (compare_planners.js): on maps of at most kUnslicedPlannerCells each to its end in one slice
// of its own, on bigger ones in the planner worker, each row filling in when its answer comes
// (an answer for a compare that is no longer the page's is dropped).
// With an agent size above 1 (settings.agentSize) every row whose registry entry takes the size
// (PlannerOption::AgentSize) runs for that agent; the others say core's refusal in their row.
import { Status, kStatusNames } from './engine.js';
import { PlannerRows, plannerRowsInWorker, kNotRun } from './compare_planners.js';
import { $, el, formatNumber, formatMs } from './dom.js';
import { touchFirst } from './views/hint.js';

const kSliceMs = 10;        // engine work per animation frame
const kTargetCallMs = 3;    // aim for step() calls of about this long (each also copies the cell states)
const kInlineCells = 65536; // up to this size the first slice runs in the click; above, in the next frame
const kRelTolerance = 1e-9; // costs summed in another order differ in the last bits

// The tag beside a search that could not run as itself here (core's stats().ranAs says what ran).
function fellBackTag(info, ranAsInfo) {
  const label = ranAsInfo?.label ?? 'A*';
  return el('small', { text: `as ${label}`, cls: 'tag', title: `${info?.note ?? ''} Here it ran as ${label}.`.trim() });
}

function sameCost(a, b) { return Math.abs(a - b) <= kRelTolerance * Math.max(1, Math.abs(a), Math.abs(b)); }



export class Compare {
  // store: the document (read; a chosen row becomes the algorithm setting); controller: to
  // finish the chosen search when live is off; messages: problems.
  constructor(store, controller, messages) {
    this.store = store;
    this.controller = controller;
    this.messages = messages;
    this.side = null;        // a second search over the page engine's map (made on the first compare)
    this.planners = new PlannerRows();  // runs the planner rows outside the search loop
    this.job = null;         // the compare in progress
    this.result = null;      // the last compare: { key, rows, optimum, ... } (also for tests)
    this.state = 'empty';    // 'empty' | 'running' | 'done' | 'stale'
    this.raf = 0;
    this.pump = this.pump.bind(this);
  }

  bind() {
    $('compare').addEventListener('click', () => this.start());
    $('compare-rows').addEventListener('click', (ev) => {
      const row = ev.target.closest('tr[data-algorithm]');
      if (row) this.choose(row.dataset.algorithm);
    });
    for (const kind of ['map', 'query', 'settings']) this.store.on(kind, () => this.queryChanged());
  }

  // Everything a compare's numbers depend on, except the page's algorithm. The map serial
  // changes with every whole-map change (load, undo, new, generate, cell shape, movement
  // rule, wrap, portals); the grid revision with every painted cell.
  queryKey() {
    const e = this.store.engine, s = e.settings;
    return JSON.stringify([this.store.mapSerial, e.revision(), e.width, e.height, e.topology(), e.wrapX(), e.wrapY(), e.diagonal(),
      e.costModel(), e.portals(), e.start(), e.goals(), s.heuristic, s.weight, s.wrapAware, s.portalAware, s.agentSize]);
  }

  // Called by the page after every change of map, query or settings.
  queryChanged() {
    this.markCurrentRow();
    if (this.state !== 'running' && this.state !== 'done') return;
    const key = this.queryKey();
    if (this.job ? key === this.job.key : key === this.result?.key) return;
    this.cancel();
    this.setState('stale');
  }

  cancel() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.job = null;
    this.planners.stop();
  }

  setState(state) {
    this.state = state;
    const section = $('compare-section');
    section.hidden = state === 'empty';
    section.dataset.state = state;
    const stale = $('compare-stale');
    stale.hidden = state !== 'stale';
    $('compare').textContent = state === 'running' ? 'Comparing…' : 'Compare all';
    $('compare').disabled = state === 'running';
  }

  // ---- running ----
  start() {
    const e = this.store.engine, s = e.settings;
    this.cancel();
    const t0 = performance.now();
    const info = e.heuristicInfo();
    this.job = {
      key: this.queryKey(),
      settings: { ...s },
      admissible: !!info.admissible,
      hex: e.isHex(),
      size: `${e.width}×${e.height}`,
      rows: [...e.algorithms.map((name) => ({ algorithm: name, status: -1 })),
        ...e.registry.planners.filter((p) => p.kind !== 'search').map((p) => ({ algorithm: p.name, planner: true, status: -1 }))],
      next: 0,          // the row being run
      begun: false,
      rate: 2000,       // expansions per ms of a step() call, measured as it runs
      t0,
      slices: 0,
      longestSliceMs: 0,
    };
    this.result = null;
    this.setState('running');
    // On a big map the planner rows go to the worker now; the loop below skips them.
    if (plannerRowsInWorker(e)) {
      const job = this.job;
      this.planners.runInWorker(job.rows.filter((row) => row.planner), e, job.settings, (row) => this.plannerRowUpdated(job, row));
    }
    this.renderTable();
    // Small maps finish at once, in this click; a big map's copy gets a frame of its own, after
    // the button and the waiting rows are drawn.
    if (e.cellCount <= kInlineCells) this.pump();
    else this.raf = requestAnimationFrame(this.pump);
    return true;
  }

  // Runs searches for about kSliceMs, then yields to the next animation frame.
  pump() {
    this.raf = 0;
    const job = this.job;
    if (!job) return;
    const sliceStart = performance.now();
    const e = this.store.engine, s = job.settings;
    // The rows search the page's own map and query (core.SideSearch: no copy of the map), and
    // leave the page's search as it was.
    const raw = this.side ??= new e.core.SideSearch(e.raw);
    const deadline = sliceStart + kSliceMs;
    let rowsThisSlice = 0;
    while (job.next < job.rows.length && performance.now() < deadline) {
      const row = job.rows[job.next];
      if (row.planner && plannerRowsInWorker(e)) {  // sent to the worker in start()
        job.next += 1;
        continue;
      }
      if (row.planner) {
        if (rowsThisSlice > 0 || job.begun) break;  // a slice of its own
        this.planners.runHere(row, e, s);
        job.next += 1;
        this.renderRow(row);
        break;
      }
      let status;
      if (!job.begun) {
        status = raw.begin(job.next, e.heuristics.indexOf(s.heuristic), s.weight, s.wrapAware, s.portalAware, false, s.agentSize);
        job.begun = true;
      } else {
        const left = Math.min(kTargetCallMs, deadline - performance.now());
        const chunk = Math.max(256, Math.min(1 << 22, Math.round(job.rate * left)));
        const c0 = performance.now();
        status = raw.step(chunk);
        const took = performance.now() - c0;
        // Only a call that used its whole budget tells the rate (a search that ended early did not).
        if (status === Status.InProgress && took >= 0.5) job.rate = chunk / took;
      }
      rowsThisSlice += 1;
      if (status !== Status.InProgress) {
        this.finishRow(row, status);
        job.next += 1;
        job.begun = false;
        this.renderRow(row);
      }
    }
    const sliceMs = performance.now() - sliceStart;
    job.slices += 1;
    job.longestSliceMs = Math.max(job.longestSliceMs, sliceMs);
    if (job.next < job.rows.length) {
      this.renderRow(job.rows[job.next], true);
      this.raf = requestAnimationFrame(this.pump);
      return;
    }
    this.finishIfComplete(job);
  }

  // A planner row the worker answered (or refused), or one still waiting whose seconds changed.
  plannerRowUpdated(job, row) {
    if (job !== this.job) return;  // a compare that is gone (cancel() also stops its answers)
    this.renderRow(row);
    this.finishIfComplete(job);
  }

  // The job ends when the loop is past its last row and the worker answered every row it has.
  finishIfComplete(job) {
    if (job !== this.job || job.next < job.rows.length || job.rows.some((row) => row.background)) return;
    this.finishJob();
  }

  finishRow(row, status) {
    const raw = this.side, st = raw.stats();
    Object.assign(row, {
      status,
      message: status === Status.InvalidInput ? raw.message() : '',
      found: status === Status.Found,
      cost: status === Status.Found ? st.pathCost : null,
      pathCells: status === Status.Found ? st.pathCells : null,
      expanded: st.expanded,
      generated: st.generated,
      maxOpen: st.maxOpen,
      engineMs: st.engineMs,
      fellBack: !!st.fellBack,
      ranAs: st.ranAs,
    });
  }

  finishJob() {
    const job = this.job;
    this.job = null;
    // The reference optimum: the optimal algorithm that ignores the heuristic (Dijkstra).
    const infoOf = (name) => this.store.engine.algorithmInfo(name);
    const dijkstra = job.rows.find((r) => infoOf(r.algorithm)?.optimal && !infoOf(r.algorithm)?.usesHeuristic);
    const optimum = dijkstra?.found ? dijkstra.cost : null;
    for (const row of job.rows) {
      row.ratio = row.found && optimum !== null ? (optimum > 0 ? row.cost / optimum : 1) : null;
      row.optimal = row.found && optimum !== null && sameCost(row.cost, optimum);
    }
    const wallMs = performance.now() - job.t0;
    this.result = {
      key: job.key,
      settings: job.settings,
      admissible: job.admissible,
      hex: job.hex,
      size: job.size,
      rows: job.rows,
      optimum,
      noPath: dijkstra?.status === Status.NoPath,
      wallMs,
      engineMs: job.rows.reduce((sum, r) => sum + (r.engineMs || 0), 0),
      slices: job.slices,
      longestSliceMs: job.longestSliceMs,
    };
    this.setState('done');
    this.renderTable();
  }

  // ---- choosing a row: the page runs that algorithm, as the algorithm menu would ----
  choose(algorithm) {
    if (!this.store.engine.algorithms.includes(algorithm)) return;
    this.store.setSettings({ algorithm });
    // With live off the menu only clears the search; a row asks to see that search: run it.
    if (!this.controller.live) this.controller.finish();
  }

  markCurrentRow() {
    const current = this.store.engine.settings.algorithm;
    for (const tr of document.querySelectorAll(/** @type {'tr'} */ ('#compare-rows tr[data-algorithm]'))) {
      const on = tr.dataset.algorithm === current;
      tr.classList.toggle('current', on);
      tr.setAttribute('aria-current', on ? 'true' : 'false');
    }
  }

  // A row's registry entry: the search loop's algorithm, else the planner row.
  rowInfo(name) { return this.store.engine.algorithmInfo(name) ?? this.store.engine.registry.planners.find((p) => p.name === name); }

  // ---- the table ----
  renderTable() {
    const data = this.result ?? this.job;
    if (!data) return;
    // The status column only while some search did not (yet) find a path.
    $('compare-section').dataset.allFound = String(!!this.result && this.result.rows.every((r) => r.found));
    const tbody = $('compare-rows');
    tbody.replaceChildren(...data.rows.map((row) => this.makeRow(row)));
    this.markCurrentRow();
    this.renderNotes(data);
  }

  renderRow(row, running = false) {
    const old = document.querySelector(`#compare-rows tr[data-algorithm="${row.algorithm}"]`);
    if (!old) return;
    const fresh = this.makeRow(row, running);
    old.replaceWith(fresh);
    fresh.classList.toggle('current', this.store.engine.settings.algorithm === row.algorithm);
  }

  makeRow(row, running = false) {
    const done = row.status >= 0 || row.status === kNotRun;
    // People read the registry's label ("Jump point search"); the row keeps the name for code.
    // A planner outside the search loop cannot be shown on the grid: its name is not a button.
    const info = this.rowInfo(row.algorithm);
    const name = row.planner ? el('span', { text: info?.label ?? row.algorithm, title: info?.note ?? '' })
      : el('button', { text: info?.label ?? row.algorithm, cls: 'link', title: `${info?.note ?? row.algorithm} ${touchFirst() ? 'Tap' : 'Click'} to show this search on the grid.`,
        attrs: { type: 'button' } });
    const first = el('th', { attrs: { scope: 'row' } }, [name]);
    if (row.fellBack) first.append(' ', fellBackTag(info, this.rowInfo(row.ranAs)));
    let statusText = !done ? (running ? 'running…' : 'waiting') : row.status === kNotRun ? 'not run' : kStatusNames[row.status];
    if (!done && row.background) statusText = `running in the background… ${Math.floor((performance.now() - row.background) / 1000)} s`;
    if ((row.status === Status.InvalidInput || row.status === kNotRun) && row.message) statusText += `: ${row.message}`;
    const ratioCell = el('td', { cls: 'num ratio-cell' });
    if (row.ratio !== null && row.ratio !== undefined) {
      ratioCell.append(el('span', { text: row.ratio.toFixed(3), cls: 'ratio' }));
      if (row.optimal) ratioCell.append(' ', el('span', { text: '✓', cls: 'mark', title: 'optimal: equals Dijkstra\'s cost' }));
    } else {
      ratioCell.append(el('span', { text: '–', cls: 'ratio' }));
    }
    const num = (v, text) => el('td', { text: done && v !== null && v !== undefined ? (text ?? String(v)) : '–', cls: 'num' });
    const tr = el('tr', { attrs: { 'data-algorithm': row.algorithm, 'data-status': String(row.status) } }, [
      first,
      el('td', { text: statusText, cls: 'status' }),
      num(row.cost, row.found ? formatNumber(row.cost) : undefined),
      ratioCell,
      num(row.pathCells),
      num(row.expanded),
      num(row.generated),
      num(row.maxOpen),
      num(row.engineMs, done ? formatMs(row.engineMs) : undefined),
    ]);
    if (done) {
      Object.assign(tr.dataset, {
        cost: row.cost === null ? '' : String(row.cost),
        ratio: row.ratio === null || row.ratio === undefined ? '' : String(row.ratio),
        optimal: String(!!row.optimal),
        fellBack: String(!!row.fellBack),
        ranAs: row.ranAs ?? '',
        expanded: String(row.expanded),
        generated: String(row.generated),
        maxOpen: String(row.maxOpen),
        pathCells: row.pathCells === null ? '' : String(row.pathCells),
        engineMs: String(row.engineMs),
      });
      if (row.optimal) tr.classList.add('optimal');
      if (row.status === Status.NoPath) tr.classList.add('no-path');
    }
    return tr;
  }

  renderNotes(data) {
    const s = data.settings, note = $('compare-note');
    const w = formatNumber(s.weight);
    const blindOnly = 'Dijkstra, BFS and DFS ignore the heuristic.';
    if (!data.admissible) {
      note.textContent = `Heuristic ${s.heuristic} is not admissible on this map (it may overestimate): A*, weighted A*, JPS ` +
        `and greedy may return longer paths than the optimum. ${blindOnly} Optimal = Dijkstra's cost.`;
      note.className = 'note warn';
    } else {
      note.textContent = `Heuristic ${s.heuristic} (admissible here), weight ${w}: A* and JPS find the optimum, weighted A* ` +
        `at most ${w}× it. ${blindOnly} Optimal = Dijkstra's cost.`;
      note.className = 'note';
    }
    note.dataset.admissible = String(!!data.admissible);
    const summary = $('compare-summary');
    if (!this.result) {
      summary.textContent = `Comparing on ${data.size}${data.hex ? ' hex' : ''}…`;
      return;
    }
    const r = this.result;
    const optimum = r.optimum !== null ? `Optimal cost ${formatNumber(r.optimum)}.` : r.noPath ? 'No path between start and goal.' : 'No optimum (invalid query).';
    const all = r.rows.every((row) => row.found) ? ' Every search found a path.' : '';
    const agent = s.agentSize > 1 ? ` for a ${s.agentSize}×${s.agentSize} agent` : '';
    summary.textContent = `${optimum}${all} ${r.rows.length} searches${agent} on ${r.size}${r.hex ? ' hex' : ''}: ` +
      `${formatMs(r.engineMs)} ms in the engine, ${formatMs(r.wallMs)} ms in all. ${touchFirst() ? 'Tap' : 'Click'} a row to show it on the grid.`;
  }
}
