// The exercise's place and this browser's best streak. The best streak is the visitor's (kept
// in localStorage, like lesson progress: no link or document carries it); the open exercise's
// place (seed, question, streak, score) is the tab's (sessionStorage: a reload goes on from the
// same question). No storage means this visit only.

const kBestKey = 'astar-playground/exercise-best';
const kPlaceKey = 'astar-playground/exercise';

export function readBestStreak() {
  try {
    const best = Number(localStorage.getItem(kBestKey) ?? 0);
    return Number.isInteger(best) && best > 0 ? best : 0;
  } catch {
    return 0;
  }
}
export function saveBestStreak(best) {
  try { localStorage.setItem(kBestKey, String(best)); } catch { /* this visit only */ }
}

// { seed, index, streak, right, asked, kinds: { kind: { right, asked } } } or null.
export function readPlace() {
  try {
    const p = JSON.parse(sessionStorage.getItem(kPlaceKey) ?? 'null');
    const whole = (v) => Number.isInteger(v) && v >= 0;
    if (!p || !whole(p.seed) || !whole(p.index) || !whole(p.streak) || !whole(p.right) || !whole(p.asked)) return null;
    const kinds = {};
    for (const [kind, k] of Object.entries(p.kinds && typeof p.kinds === 'object' ? p.kinds : {})) {
      if (/^[a-z]+$/.test(kind) && whole(k?.right) && whole(k?.asked)) kinds[kind] = { right: k.right, asked: k.asked };
    }
    return { seed: p.seed, index: p.index, streak: p.streak, right: p.right, asked: p.asked, kinds };
  } catch {
    return null;
  }
}
export function savePlace(place) {
  try {
    if (place) sessionStorage.setItem(kPlaceKey, JSON.stringify(place));
    else sessionStorage.removeItem(kPlaceKey);
  } catch { /* this visit only */ }
}
