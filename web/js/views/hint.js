// A one-line hint on the canvas for a first visit (what to do first, as PathFinding.js's demo
// says in one box). The markup shows it (js/first_paint.js and style.css hide it at once for a
// returning visitor); it goes away on the first click or key on the canvas and is not shown
// again in this browser. On a touch screen it says what touch does (js/pointer.js: taps
// take turns placing the start and the goal, a marker drags, two fingers pinch), not Shift+click.
import { $ } from '../dom.js';

const kSeenKey = 'astar-playground/hint-seen';
const kTouchHint = 'Tap a cell for the start, then another for the goal (taps take turns); drag either to move it, ' +
  'pinch to zoom. Press Play to watch the search.';
// The Learn view's words on placing the start and the goal (index.html has the mouse's).
const kTouchPlace = 'Tap a cell for the start, then another for the goal.';
const kTouchGridLabel = 'Grid: tap a cell for the start, then another for the goal; drag either to move it';

// A touch screen is the main pointer (a phone or tablet; a laptop with a touch screen keeps the mouse words).
export function touchFirst() {
  return typeof matchMedia === 'function' && (matchMedia('(pointer: coarse)').matches ||
    (navigator.maxTouchPoints > 0 && !matchMedia('(hover: hover)').matches));
}

export function showFirstVisitHint(canvas) {
  const hint = $('hint');
  if (touchFirst()) {
    $('learn-place').textContent = kTouchPlace;
    $('hint-text').textContent = kTouchHint;
    canvas.setAttribute('aria-label', kTouchGridLabel);
  }
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
