// The agents' panel section: path views, walker and squad (start, stop, clear), the path
// worker, crowd and bunkers, and the ghost chase with its lives. Every button reflects what
// is running (sync()), so each mode can be stopped where it was started.
import { kDefaultCrowdWeights } from './crowd.js';
import { el } from '../dom.js';
import { kUiRanges } from '../document/names.js';
import { failureSentence } from '../views/failures.js';
import { WorkerUnavailable } from '../worker_link.js';
import { buildTurnControls } from './turn_panel.js';

// A button's label for a mode: idle, moving (stop it), arrived (clear it from the canvas).
function label(thing, idle, name) {
  if (!thing) return idle;
  return thing.done ? `Clear ${name}` : `Stop ${name}`;
}

// Builds the section into container; returns { sync } (called by the controller whenever a
// mode starts, stops or arrives, and every half second).
export function buildPanel(agents, container) {
  const app = agents.app;
  const section = el('section', { attrs: { 'aria-labelledby': 'h-agents', id: 'agents-panel' } });
  section.append(el('h2', { text: 'Agents', attrs: { id: 'h-agents' } }));
  const views = el('div', { cls: 'row' });
  for (const [name, text] of [['raw', 'raw'], ['pulled', 'string-pulled'], ['smooth', 'smoothed']]) {
    const box = el('input', { attrs: { type: 'checkbox', id: `agents-view-${name}` } });
    box.checked = agents.views[name];
    box.addEventListener('change', () => {
      agents.setView(name, box.checked);
      app.store.partChanged('pathViews');
    });
    views.append(el('label', { cls: 'check' }, [box, ` ${text}`]));
  }
  section.append(views);

  const speed = el('input', { attrs: { type: 'range', id: 'agents-speed', min: '1', max: '30', value: String(agents.agentSpeed) } });
  speed.addEventListener('input', () => {
    agents.setSpeed(Number(speed.value));
    app.store.partChanged('agents');
  });
  const walk = el('button', { text: 'Walk the path', attrs: { type: 'button', id: 'agents-walk' } });
  walk.addEventListener('click', () => {
    if (agents.agent) agents.stopAgent();
    else if (!agents.startAgent()) app.showMessage('Find a path first: the walker follows it.', 'info');
    sync();
  });
  const squad = el('button', { text: 'Squad', attrs: { type: 'button', id: 'agents-squad' } });
  squad.addEventListener('click', () => {
    if (agents.squad) agents.stopSquad();
    else if (!agents.startSquad()) app.showMessage('Find a path first: the squad follows it.', 'info');
    sync();
  });
  section.append(el('div', { cls: 'row' }, [walk, squad, el('label', { cls: 'grow' }, ['Speed ', speed])]));

  const inWorker = el('button', { text: 'Search in worker', attrs: { type: 'button', id: 'agents-worker' } });
  const workerOut = el('output', { attrs: { id: 'agents-worker-result' } });
  inWorker.addEventListener('click', async () => {
    workerOut.textContent = 'searching…';
    try {
      const r = await agents.workerFind();
      workerOut.textContent = r.path.length ? `cost ${r.cost.toFixed(3)}, ${r.expanded} expanded, ${r.ms.toFixed(0)} ms`
        : r.message ? `refused: ${r.message}` : 'no path';
    } catch (e) {
      // A worker that could not start says so in its own row; other failures as a sentence.
      workerOut.textContent = e instanceof WorkerUnavailable ? e.message : '';
      if (!(e instanceof WorkerUnavailable)) app.showMessage(failureSentence('The search in the worker', e), 'error');
    }
  });
  section.append(el('div', { cls: 'row' }, [inWorker, workerOut]));

  const { min: fewest, max: most } = kUiRanges.crowd;
  const count = el('input', { attrs: { type: 'number', id: 'agents-count', min: String(fewest), max: String(most), value: '500' } });
  const crowd = el('button', { text: 'Crowd', attrs: { type: 'button', id: 'agents-crowd' } });
  const bunker = el('button', { text: 'Destroy a bunker', attrs: { type: 'button', id: 'agents-bunker' } });
  const status = el('output', { attrs: { id: 'agents-status' } });
  crowd.addEventListener('click', () => {
    try {
      if (agents.crowd) agents.stopCrowd();
      else agents.startCrowd(Math.max(fewest, Math.min(most, Number(count.value) || 500)));
    } catch (e) { app.showMessage(failureSentence('The crowd', e), 'error'); }
    sync();
  });
  bunker.addEventListener('click', () => {
    const r = agents.destroyBunker();
    app.showMessage(r.text, r.level);
  });
  section.append(el('div', { cls: 'row' }, [crowd, el('label', {}, ['Agents ', count]), bunker]));
  const weights = el('div', { cls: 'row' });
  for (const name of ['separation', 'alignment', 'cohesion']) {
    const slider = el('input', { attrs: { type: 'range', id: `agents-${name}`, min: '0', max: '4', step: '0.1', value: String(kDefaultCrowdWeights[name]) } });
    slider.addEventListener('input', () => { if (agents.crowd) agents.crowd.weights[name] = Number(slider.value); });
    weights.append(el('label', { cls: 'grow' }, [`${name} `, slider]));
  }
  section.append(weights);

  const chase = el('button', { text: 'Ghost chase', attrs: { type: 'button', id: 'agents-chase' } });
  const pellet = el('button', { text: 'Power pellet', attrs: { type: 'button', id: 'agents-pellet' } });
  const lives = el('output', { attrs: { id: 'agents-lives', 'aria-live': 'polite' } });
  chase.addEventListener('click', () => {
    try {
      if (agents.chase) agents.stopChase();
      else agents.startChase();
    } catch (e) { app.showMessage(failureSentence('The ghost chase', e), 'error'); }
    sync();
  });
  pellet.addEventListener('click', () => agents.chase?.powerPellet());
  section.append(el('div', { cls: 'row' }, [chase, pellet, lives, status]));
  const turns = buildTurnControls(agents);  // the ghosts' turn-aware search (turn_panel.js)
  section.append(turns.row);
  section.append(el('p', { text: 'Chase: arrow keys steer Pac-Man (start = Pac-Man, goals = ghost house).', cls: 'note' }));

  // While the chase runs the arrows steer Pac-Man; capturing at window keeps them from also
  // moving the page's keyboard cursor. Form fields that use arrows (sliders, radios, lists,
  // text) keep them; on a focused button or checkbox they steer.
  window.addEventListener('keydown', (event) => {
    if (!agents.chase) return;
    const name = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' }[event.key];
    const t = /** @type {any} */ (event.target);
    if (!name || t?.isContentEditable || (t?.matches?.('input, select, textarea') && t.type !== 'checkbox')) return;
    agents.chase.steer(name);
    event.preventDefault();
    event.stopPropagation();
  }, { capture: true });

  function sync() {
    walk.textContent = label(agents.agent, 'Walk the path', 'walker');
    squad.textContent = label(agents.squad, 'Squad', 'squad');
    crowd.textContent = agents.crowd ? 'Stop crowd' : 'Crowd';
    chase.textContent = agents.chase ? 'Stop chase' : 'Ghost chase';
    const c = agents.chase;
    lives.textContent = c ? `Lives: ${c.lives}` : '';
    lives.dataset.value = c ? String(c.lives) : '';
    const s = agents.frameStats();
    status.textContent = agents.crowd || agents.chase ? `${s.meanMs.toFixed(2)} ms/frame` : '';
    turns.sync();
  }
  setInterval(sync, 500);
  sync();
  container.append(section);
  return { section, sync };
}
