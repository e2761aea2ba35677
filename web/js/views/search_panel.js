// The Search section: algorithm, heuristic and weight lists (from core's registry), the
// awareness switches and the note on what the choice means; live, and the progress of an
// algorithm's tables. Settings go to the store, search actions to the controller (the search
// buttons and the speed are the timeline's: views/timeline.js).
import { $, setText } from '../dom.js';
import { ControllerState } from '../controller.js';
import { Status } from '../engine.js';
import { labelHeuristicOptions } from '../glossary.js';

const kHexDistanceHeuristics = ['manhattan', 'octile', 'chebyshev'];

// Fills a <select> from registry rows (value = core's name, text = its label).
export function fillSelect(select, rows) {
  select.replaceChildren(...rows.map(({ value, text, title }) => {
    const o = new Option(text, value);
    if (title) o.title = title;
    return o;
  }));
}

export class SearchPanel {
  constructor(store, controller, messages) {
    this.store = store;
    this.controller = controller;
    this.messages = messages;
    store.on('settings', () => this.sync());
    store.on('map', (d) => { if (d.whole) this.sync(); });
  }

  bind() {
    const e = this.store.engine, r = e.registry, c = this.controller;
    fillSelect($('algorithm'), r.algorithms.map((a) => ({ value: a.name, text: a.label, title: a.note })));
    fillSelect($('heuristic'), r.heuristics.map((h) => ({ value: h, text: h })));
    Object.assign($('weight'), { min: String(r.limits.minWeight), max: String(r.limits.maxWeight) });  // core's range
    Object.assign($('agent-size'), { min: String(r.limits.minAgentSize), max: String(r.limits.maxAgentSize) });
    const set = (patch) => {
      const problem = this.store.setSettings(patch);
      if (problem) this.messages.show(problem, 'error');
    };
    $('algorithm').addEventListener('change', (ev) => set({ algorithm: ev.target.value }));
    $('heuristic').addEventListener('change', (ev) => set({ heuristic: ev.target.value }));
    $('weight').addEventListener('change', (ev) => set({ weight: Number(ev.target.value) }));
    $('agent-size').addEventListener('change', (ev) => set({ agentSize: Number(ev.target.value) }));
    this.store.on('search', () => this.showAgentSize());
    $('wrap-aware').addEventListener('change', (ev) => set({ wrapAware: ev.target.checked }));
    $('portal-aware').addEventListener('change', (ev) => set({ portalAware: ev.target.checked }));
    $('live').addEventListener('change', (ev) => c.setLive(ev.target.checked));
    c.live = $('live').checked;
    // The Learn view has no live switch: its intro says what an edit does there.
    const showLive = () => setText('learn-live', c.live
      ? 'Live is on (Tools): an edit shows the finished search; Reset, then Play, replays it.'
      : 'Live is off (Tools): a change clears the search, ready for Play.');
    showLive();
    c.onState((state) => {
      if ($('live').checked !== c.live) $('live').checked = c.live;
      showLive();
      this.showPreparation(state);
    });
    this.sync();
  }

  // The progress of the search's preparation for a big map (the controller's preparing state).
  showPreparation(state) {
    const box = $('preprocess'), on = state === ControllerState.Preparing;
    if (box.hidden === !on && !on) return;
    box.hidden = !on;
    if (!on) return;
    const c = this.controller, algorithm = this.store.engine.algorithmInfo();
    const what = algorithm.preprocessed ? `Building ${algorithm.label} tables` : 'Making room for the search';
    $('preprocess-progress').value = c.preparation;
    $('preprocess-label').textContent = `${what} for this map: ${Math.floor(c.preparation * 100)} %`;
  }

  // What the agent size did to the finished search: core's refusal (the status line has it too),
  // or the algorithm that ran instead (JPS and the any-angle rows run as A* for a bigger agent).
  showAgentSize() {
    const e = this.store.engine, k = e.settings.agentSize, note = $('agent-size-note'), status = e.status();
    let text = '';
    if (k > 1 && status === Status.InvalidInput) {
      text = `Agent size ${k} refused: ${e.message()}`;
    } else if (k > 1 && (status === Status.Found || status === Status.NoPath)) {
      const st = e.stats(), ran = e.algorithmInfo(st.ranAs);
      text = `The path is the top-left cell of a ${k}×${k} agent.`;
      const asked = e.algorithmInfo();
      if (st.ranAs !== asked.name) text += ` ${asked.label} ran as ${ran?.label ?? st.ranAs}${asked.anyAgentSize ? ' on this map' : ': it moves one-cell agents only'}.`;
    }
    setText('agent-size-note', text);
    note.hidden = !text;
    note.className = status === Status.InvalidInput ? 'note warn' : 'note';
  }

  sync() {
    const e = this.store.engine, s = e.settings;
    $('algorithm').value = s.algorithm;
    labelHeuristicOptions($('heuristic'), e);
    $('heuristic').value = s.heuristic;
    $('weight').value = String(s.weight);
    const algorithm = e.algorithmInfo();
    $('weight').disabled = !algorithm.weighted;
    $('agent-size').value = String(s.agentSize);
    this.showAgentSize();
    $('wrap-aware').checked = s.wrapAware;
    $('portal-aware').checked = s.portalAware;
    const blind = !algorithm.usesHeuristic;
    $('heuristic').disabled = blind;
    const info = e.heuristicInfo();
    const note = $('heuristic-note');
    if (blind) {
      note.textContent = `${s.algorithm} ignores the heuristic.`;
      note.className = 'note';
    } else if (!info.admissible) {
      note.textContent = `${s.heuristic} may overestimate on this map: the path may not be the shortest.`;
      note.className = 'note warn';
    } else {
      note.textContent = algorithm.optimal ? `${s.heuristic} is admissible here: the path is the shortest. ${algorithm.note}`
        : algorithm.note;
      note.className = 'note';
    }
    if (e.isHex()) {
      if (!blind && kHexDistanceHeuristics.includes(s.heuristic)) {
        note.textContent += ' On hex cells manhattan, octile and chebyshev all mean the hex distance (the number of hex steps).';
      } else if (!blind && s.heuristic === 'euclidean') {
        note.textContent += ' On hex cells euclidean is the straight-line distance between hex centres.';
      }
      if (algorithm.squareUniformGrids) note.textContent += ` ${algorithm.label} runs as plain A* on hex cells.`;
    }
  }
}
