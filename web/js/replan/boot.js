// The replanning walker (walker.js; web/js/optional_modules.js installs it after the agents):
// a panel row (button + the last repair's figures), a ticker, an overlay (the walker, its
// path, and the cells the last repair re-expanded, highlighted for a moment) and a listener on
// the store's 'map' event, which lists the brush cells an edit touched.
import { ReplanningWalker } from './walker.js';
import { Join } from '../agents/world.js';
import { el, setText } from '../dom.js';

/** @param {any} app @param {Record<string, any>} modules the modules installed before this one */
export function install(app, modules) {
  const agents = modules.agents;
  if (!agents) throw new Error('it walks the agents\' world, and the agents did not start');
  const walker = new ReplanningWalker(app, agents.world, { speed: agents.agentSpeed });
  const button = el('button', { text: 'Walk, replanning (D* Lite)', attrs: { type: 'button', id: 'replan-walk' } });
  const status = el('output', { attrs: { id: 'replan-status' } });
  const sync = () => { button.textContent = walker.follower ? 'Stop the replanning walker' : 'Walk, replanning (D* Lite)'; };
  const show = () => {
    const last = walker.last;
    if (!last) { setText('replan-status', walker.follower ? `path cost ${walker.cost.toFixed(2)}` : ''); return; }
    const how = last.startedOver ? ' (started over)' : '';
    const text = `repair re-expanded ${last.expanded} cells${how} · a fresh A* expands ${last.fresh}`;
    setText('replan-status', text);
    status.dataset.expanded = String(last.expanded);
    status.dataset.fresh = String(last.fresh);
  };
  button.addEventListener('click', () => {
    if (walker.follower) {
      walker.stop();
    } else {
      walker.speed = agents.agentSpeed;
      const problem = walker.start();
      if (problem) app.showMessage(problem, 'info');
    }
    sync();
    show();
    app.requestDraw();
  });
  const section = document.getElementById('agents-panel') ?? document.getElementById('panel');
  section?.append(el('div', { cls: 'row', attrs: { id: 'replan-row' } }, [button, status]));
  section?.append(el('p', {
    cls: 'note',
    text: 'Replanning walker: with live on, paint walls or terrain as it walks; D* Lite repairs its path and the re-expanded cells light up.',
  }));

  app.store.on('map', () => {
    walker.mapEdited();
    show();
    sync();
  });

  let lastTick = 0;
  app.addTicker((now) => {
    const dt = lastTick ? Math.min(0.05, (now - lastTick) / 1000) : 1 / 60;
    lastTick = now;
    const more = walker.tick(dt, now);
    if (!more) lastTick = 0;
    if (!walker.walking && walker.follower?.done) sync();
    return more;
  });

  app.renderer.addOverlay((ctx, r) => {
    const hex = agents.world.hex, f = walker.follower;
    const fade = walker.highlightLeft(performance.now());
    if (fade > 0) {
      ctx.save();
      ctx.fillStyle = `rgba(255, 145, 0, ${0.55 * fade})`;
      const w = agents.world.width;
      ctx.beginPath();
      for (const n of walker.last.cells) r.addCellOutline(ctx, n % w, Math.floor(n / w), hex);
      ctx.fill();
      ctx.restore();
    }
    if (!f) return;
    const X = (x) => r.offsetX + x * r.cell, Y = (y) => r.offsetY + y * r.cell;
    ctx.save();
    ctx.strokeStyle = 'rgba(0, 172, 193, 0.95)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    f.points.forEach((p, i) => (i === 0 || p.join !== Join.Walk ? ctx.moveTo(X(p.x), Y(p.y)) : ctx.lineTo(X(p.x), Y(p.y))));
    ctx.stroke();
    ctx.fillStyle = '#ff6d00';
    ctx.beginPath();
    ctx.arc(X(f.x), Y(f.y), Math.max(2, 0.38 * r.cell), 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  });
  return walker;
}

