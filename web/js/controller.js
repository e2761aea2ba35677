// The search controller: what Play, Step, Back, Finish, Reset and "live" do, as a state
// machine over the store's current search. The state is derived, never stored twice:
// idle (no search), stepping (a search in progress, paused), playing (in progress, advanced
// by tick() every frame), finished (found, no path or invalid input), and preparing (see below).
//
//   event \ state  idle            stepping        playing            finished
//   play           playing (begin) playing         stepping (pause)   playing (begin again)
//   step           stepping (begin+1) stepping/finished  stepping (+1) stepping (begin again +1)
//   back           idle            stepping/idle   stepping (-1)      stepping (-1)
//   finish         finished        finished        finished           finished
//   reset          idle            idle            idle               idle
//   tick           -               -               playing/finished   -
//   change, live   finished        finished        finished           finished
//   change, not live idle          idle            idle               idle
// "change" is any document change the search depends on (map, query, settings). With live on,
// every change re-runs the search to the end at once; a step begun on a finished search starts
// it again. The table is also in CONTRIBUTING.md.
//
// Preparing: an action that needs the search (play, step, finish, a live re-run) on an
// algorithm with per-map tables (the registry's `preprocessed` trait: JPS+) whose tables are
// not complete for this map. Building them in one go would freeze the page for seconds on a
// big map, so the first kSyncMs are built at once (small maps never see this state), then
// tick() builds a slice of about kSliceMs per frame, the page shows `preparation` (0..1), and
// the action runs when they are done. Another action replaces the waiting one; reset, and a
// change with live off, drop it; a change with live on waits for the new map's tables.
import { Status } from './engine.js';

export const ControllerState = Object.freeze({
  Idle: 'idle', Stepping: 'stepping', Playing: 'playing', Finished: 'finished', Preparing: 'preparing',
});
const kSyncMs = 30;   // table building done at once before the page shows progress
const kSliceMs = 12;  // table building per frame while preparing

// Speed slider 0..100 -> expansions per frame 1..10000 (logarithmic).
export function speedFromSlider(v) { return Math.max(1, Math.round(10 ** (Number(v) / 25))); }
export function sliderFromSpeed(speed) { return Math.round(25 * Math.log10(Math.max(1, speed))); }

export class Controller {
  constructor(store) {
    this.store = store;
    this.playing = false;
    this.live = true;
    this.speed = 1;
    this.listeners = [];  // fn(state) after every transition (and after each preparing slice)
    this.waiting = null;  // the action waiting for the tables (preparing), or null
    this.preparation = 1; // fraction of the tables built while preparing
    this.sources = 1;     // goal-bounding sources per preprocess call, adapted to the slice
    for (const kind of ['map', 'query', 'settings']) store.on(kind, () => this.documentChanged());
  }

  get state() {
    if (this.waiting) return ControllerState.Preparing;
    const status = this.store.engine.status();
    if (status === Status.Idle) return ControllerState.Idle;
    if (status === Status.InProgress) return this.playing ? ControllerState.Playing : ControllerState.Stepping;
    return ControllerState.Finished;
  }
  onState(fn) { this.listeners.push(fn); }
  announce() {
    const state = this.state;
    for (const fn of this.listeners) fn(state);
  }

  togglePlay() {
    if (this.playing) {
      this.playing = false;
      this.announce();
      return;
    }
    this.whenPrepared(() => { this.playing = this.store.ensureStarted(); });
  }
  step() {
    this.playing = false;
    this.whenPrepared(() => { if (this.store.ensureStarted()) this.store.step(1); });
  }
  back() {
    this.playing = false;
    this.waiting = null;
    this.store.stepBack();
    this.announce();
  }
  finish() {
    this.playing = false;
    this.whenPrepared(() => this.store.finish());
  }
  reset() {
    this.playing = false;
    this.waiting = null;
    this.store.clearSearch();
    this.announce();
  }
  setLive(on) {
    this.live = !!on;
    if (this.live) this.documentChanged();
    else this.announce();
  }
  setSpeed(expansionsPerFrame) { this.speed = Math.max(1, Math.round(expansionsPerFrame)); }

  // Called once per animation frame; returns whether it wants another frame.
  tick() {
    if (this.waiting) {
      if (this.prepare(kSliceMs) < 1) {
        this.announce();
        return true;
      }
      const action = this.waiting;
      this.waiting = null;
      action();
      this.announce();
      return this.playing;
    }
    if (!this.playing) return false;
    if (this.store.step(this.speed) !== Status.InProgress) {
      this.playing = false;
      this.announce();
    }
    return this.playing;
  }

  documentChanged() {
    this.playing = false;
    this.waiting = null;
    if (this.live) {
      this.whenPrepared(() => this.store.runToEnd());
      return;
    }
    this.store.clearSearch();
    this.announce();
  }

  // Runs `action` now if the algorithm's tables are complete (or can be finished within
  // kSyncMs); otherwise the search is cleared and the action waits for tick() to finish them.
  whenPrepared(action) {
    this.waiting = null;
    if (this.prepare(kSyncMs) >= 1) {
      action();
    } else {
      this.store.clearSearch();
      this.waiting = action;
    }
    this.announce();
  }
  // Builds tables for about `ms` milliseconds; returns the fraction done.
  prepare(ms) {
    const until = performance.now() + ms;
    for (;;) {
      const t0 = performance.now();
      this.preparation = this.store.preprocessSome(this.sources);
      const spent = performance.now() - t0;
      if (this.preparation >= 1 || t0 + spent >= until) return this.preparation;
      if (spent < ms / 8) this.sources = Math.min(this.sources * 2, 1 << 20);
      else if (spent > ms / 2 && this.sources > 1) this.sources = Math.max(1, this.sources >> 1);
    }
  }
}
