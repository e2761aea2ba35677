// Race mode: a second search on the same map and query, drawn on a second canvas beside the
// main one, with its own algorithm, heuristic, weight and awareness switches (store.race,
// part of the document and of share links). It runs through a SideSearch (a second search
// over the page engine's own map, no copy) and keeps pace with the main search: the same
// number of expansions while the main one runs; when the main one finishes while playing, the
// other goes on at the same speed until it finishes too (that is the race); after Finish, a
// live re-run or a step, it finishes at once. Map and query edits restart both.
import { Status, kDefaultSettings } from '../engine.js';
import { Renderer } from '../render.js';
import { $, setText, formatNumber } from '../dom.js';
import { fillSelect } from '../views/search_panel.js';
import { labelHeuristicOptions } from '../glossary.js';
import { Pace } from '../loop.js';

const kRunToEnd = 4294967295;  // SideSearch.step's largest budget (a non-finite one means 1)

// The engine's map reads with the states, path and inspection of another search: what a
// Renderer draws (it reads everything through the object it is given).
function searchSource(engine, side) {
  const source = Object.create(engine);
  source.states = () => side.states();
  source.path = () => side.path();
  source.inspect = (n) => side.inspect(n);
  source.status = () => side.status();
  source.stats = () => side.stats();
  return source;
}

export class RaceView {
  constructor({ store, controller, loop }) {
    this.store = store;
    this.controller = controller;
    this.loop = loop;
    const engine = store.engine;
    this.side = new engine.core.SideSearch(engine.raw);
    this.renderer = new Renderer($('race-grid'), searchSource(engine, this.side));
    this.chasing = false;  // the main search finished while playing: the second one goes on
    this.pace = new Pace();  // the chase's expansions per frame, at the page's speed (per second)
    this.removeTicker = null;
    this.agentSize = 0;  // the agent size of the second search's last begin (A's then)
    store.on('race', () => this.raceChanged());
    store.on('search', () => this.sync());
    store.on('map', (d) => {
      this.renderer.markMapDirty();
      if (d.whole && this.on) this.renderer.fit();  // a new map (size) is fitted, as on the main canvas
    });
    // The second canvas follows its box (a window resize, a phone's rotation) like the first.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (!this.on) return;
        this.renderer.fit();
        this.loop.requestDraw();
      }).observe($('race-grid'));
    }
    store.on('settings', () => this.showLabels());
    store.on('map', () => this.showControls());  // wrap and portals decide what B's switches do
  }

  bind() {
    const e = this.store.engine;
    // B's first algorithm: the optimal search that ignores the heuristic (Dijkstra) beside A's,
    // or the default (A*) when A already is that one: the race then shows what h saves.
    const raceDefault = (engine) => {
      const blind = engine.registry.algorithms.find((a) => a.optimal && !a.usesHeuristic && a.frontier === 'priority');
      return engine.settings.algorithm === blind.name ? kDefaultSettings.algorithm : blind.name;
    };
    fillSelect($('race-algorithm'), e.registry.algorithms.map((a) => ({ value: a.name, text: a.label, title: a.note })));
    fillSelect($('race-heuristic'), e.heuristics.map((h) => ({ value: h, text: h })));
    const { minWeight, maxWeight } = e.registry.limits;
    Object.assign($('race-weight'), { min: String(minWeight), max: String(maxWeight) });  // core's range
    $('race-on').addEventListener('change', () => {
      const on = $('race-on').checked;
      this.store.setRace(on ? (this.store.race ?? { ...e.settings, algorithm: raceDefault(e) }) : null);
    });
    const patch = () => {
      const problem = this.store.setRace({
        algorithm: $('race-algorithm').value, heuristic: $('race-heuristic').value, weight: Number($('race-weight').value),
        wrapAware: $('race-wrap-aware').checked, portalAware: this.store.race?.portalAware ?? true,
      });
      if (problem) $('race-weight').value = String(this.store.race?.weight ?? 1);
    };
    for (const id of ['race-algorithm', 'race-heuristic', 'race-weight', 'race-wrap-aware']) $(id).addEventListener('change', patch);
  }

  get on() { return !!this.store.race; }

  raceChanged() {
    const race = this.store.race;
    $('race-on').checked = !!race;
    $('race-settings').hidden = !race;
    $('stage').classList.toggle('racing', !!race);
    $('race-grid').hidden = !race;
    for (const id of ['race-label-a', 'race-label-b']) $(id).hidden = !race;
    if (race) {
      $('race-algorithm').value = race.algorithm;
      labelHeuristicOptions($('race-heuristic'), this.store.engine);
      $('race-heuristic').value = race.heuristic;
      $('race-weight').value = String(race.weight);
      $('race-wrap-aware').checked = race.wrapAware;
      this.showControls();
      this.side.clear();
      if (!this.removeTicker) this.removeTicker = this.loop.addTicker((now) => this.frame(now));
      this.renderer.markMapDirty();
      this.renderer.fit();
    } else if (this.removeTicker) {
      this.removeTicker();
      this.removeTicker = null;
    }
    this.sync();
  }

  beginSecond() {
    const e = this.store.engine, r = this.store.race;
    // The same agent as A's (settings.agentSize): core refuses a size the map cannot take.
    this.agentSize = e.settings.agentSize;
    return this.side.begin(e.algorithms.indexOf(r.algorithm), e.heuristics.indexOf(r.heuristic), r.weight, r.wrapAware,
      r.portalAware, false, e.settings.agentSize);
  }

  // Brings the second search level with the main one (see the opening comment).
  sync() {
    if (!this.on) return;
    const e = this.store.engine, main = e.status(), target = e.stats().expanded;
    this.chasing = false;
    if (main === Status.InvalidInput && e.settings.agentSize > 1) {
      this.beginSecond();  // B is asked too: core's sentence on that agent in its label
    } else if (main === Status.Idle || main === Status.InvalidInput) {
      this.side.clear();
    } else {
      let status = this.side.status();
      const done = this.side.stats().expanded;
      const newAgent = this.agentSize !== e.settings.agentSize;  // A's agent size changed: B's agent too
      if (status === Status.Idle || newAgent || (main === Status.InProgress && done > target)) status = this.beginSecond();
      if (status === Status.InProgress) {
        if (main === Status.InProgress) {
          const behind = target - this.side.stats().expanded;
          if (behind > 0) this.side.step(behind);
        } else if (this.controller.playing) {
          this.chasing = true;
          this.pace.restart();
        } else {
          this.side.step(kRunToEnd);
        }
      }
    }
    this.renderer.markStateDirty();
    this.showLabels();
    this.loop.requestDraw();
  }

  // Each frame (a ticker): the chase, then the second canvas.
  frame(now) {
    if (this.chasing) {
      const speed = this.controller.speed, due = speed === Infinity ? kRunToEnd : this.pace.take(now, speed);
      if (due > 0 && this.side.step(due) !== Status.InProgress) this.chasing = false;
      this.renderer.markStateDirty();
      this.showLabels();
    }
    this.renderer.draw();
    return this.chasing;
  }

  // B's controls that change nothing for B's algorithm on this map are off, the reason in the
  // note under them; the note also says whether B's h may overestimate here, as A's does.
  showControls() {
    const race = this.store.race;
    if (!race) return;
    const e = this.store.engine, info = e.algorithmInfo(race.algorithm), wraps = e.wrapX() || e.wrapY();
    $('race-heuristic').disabled = !info.usesHeuristic;
    $('race-weight').disabled = !info.weighted;
    $('race-wrap-aware').disabled = !info.usesHeuristic || !wraps;
    const h = e.raw.heuristicInfo(e.heuristics.indexOf(race.heuristic), race.wrapAware, race.portalAware);
    const note = $('race-note');
    let text = !info.usesHeuristic ? `B: ${info.label} ignores the heuristic.`
      : !h.admissible ? `B: ${race.heuristic} may overestimate on this map: B's path may not be the shortest.`
        : `B: ${race.heuristic} is admissible here${info.optimal ? ': B\'s path is the shortest' : ''}.`;
    if (!info.weighted) text += ' The weight is for weighted searches only.';
    if (info.usesHeuristic && !wraps) text += ' This map does not wrap: tunnel-awareness changes nothing.';
    note.textContent = text;
    note.className = info.usesHeuristic && !h.admissible ? 'note warn' : 'note';
  }

  showLabels() {
    if (!this.on) return;
    const e = this.store.engine;
    const label = (settings) => {
      const info = e.algorithmInfo(settings.algorithm);
      let text = info.label;
      if (info.usesHeuristic) text += `, ${settings.heuristic}${settings.wrapAware ? '' : ' (not tunnel-aware)'}`;
      if (info.weighted) text += `, w = ${formatNumber(settings.weight)}`;
      return text;
    };
    // B searches for A's agent: with a bigger one both labels say its size, and a refusal core's sentence.
    const size = e.settings.agentSize, agent = size > 1 ? `, ${size}×${size} agent` : '';
    const counts = (status, stats, message) => {
      if (status === Status.InvalidInput) return `refused: ${message}`;
      const found = status === Status.Found ? `, cost ${formatNumber(stats.pathCost)}` : status === Status.NoPath ? ', no path' : '';
      return `${stats.expanded} expanded${found}`;
    };
    const a = e.stats(), b = this.side.stats();
    setText('race-label-a', `A: ${label(e.settings)}${agent} — ${counts(e.status(), a, e.message())}`, a.expanded);
    setText('race-label-b', `B: ${label(this.store.race)}${agent} — ${counts(this.side.status(), b, this.side.message())}`, b.expanded);
    $('race-label-a').dataset.status = String(e.status());
    $('race-label-b').dataset.status = String(this.side.status());
  }
}
