// A "Try this" result in step with the picture. The lesson's check runs at once (the engine
// gives the answer), but the sentence that states it, its ✓ and the screen reader's
// announcement wait until the grid shows the search the sentence describes: a result shown
// while the replay is at 23 of 210 expansions spoils the prediction the lesson asks for.
// Scrubbing back before that point hides it again; another document (an edit, another try)
// ends the wait and shows it, as the record of what the try gave.
import { Status } from '../engine.js';

export class TryReveal {
  constructor(store) {
    this.store = store;
    this.pending = null;  // { expanded, ended, show(on), shown }
    store.on('search', () => this.update());
    for (const kind of ['map', 'query', 'settings']) store.on(kind, () => this.release());
  }

  // Waits for the grid to show `expanded` expansions (and, when `ended`, the search's end);
  // calls show(true) then, show(false) when it goes back before that. Replaces any earlier wait.
  watch({ expanded, ended }, show) {
    this.release();
    this.pending = { expanded, ended, show, shown: null };
    this.update();
  }

  reached({ expanded, ended }) {
    const e = this.store.engine, status = e.status();
    if (e.stats().expanded < expanded) return false;
    return !ended || (status !== Status.InProgress && status !== Status.Idle);
  }

  update() {
    const p = this.pending;
    if (!p) return;
    const on = this.reached(p);
    if (on === p.shown) return;
    p.shown = on;
    p.show(on);
  }

  // Stops watching without showing (the try's box is gone: another page, the lesson closed).
  cancel() { this.pending = null; }

  // Stops watching; a result not yet shown is shown.
  release() {
    const p = this.pending;
    this.pending = null;
    if (p && !p.shown) p.show(true);
  }
}
