// A one-line hint on the canvas for a first visit (what to do first, as PathFinding.js's demo
// says in one box). The markup shows it (js/first_paint.js and style.css hide it at once for a
// returning visitor); it goes away on the first click or key on the canvas and is not shown
// again in this browser.
import { $ } from '../dom.js';

const kSeenKey = 'astar-playground/hint-seen';

export function showFirstVisitHint(canvas) {
  const hint = $('hint');
  let seen = false;
  try { seen = localStorage.getItem(kSeenKey) === '1'; } catch { /* no storage: show it */ }
  hint.hidden = seen;
  if (seen) return;
  const done = () => {
    hint.hidden = true;
    try { localStorage.setItem(kSeenKey, '1'); } catch { /* shown again next visit */ }
    canvas.removeEventListener('pointerdown', done);
    canvas.removeEventListener('keydown', done);
  };
  canvas.addEventListener('pointerdown', done);
  canvas.addEventListener('keydown', done);
  $('hint-close').addEventListener('click', done);
}
