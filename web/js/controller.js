// The search controller: what Play, Step, Back, Finish, Reset, the timeline's scrub and "live"
// do, as a state machine over the store's current search. The state is derived, never stored
// twice: idle (no search), stepping (a search in progress, paused), playing (in progress,
// advanced by tick() every frame), finished (found, no path or invalid input), and preparing
// (see below).
//
//   event \ state  idle            stepping        playing            finished
//   play           playing (begin) playing         stepping (pause)   playing (begin again)
//   step           stepping (begin+1) stepping/finished  stepping (+1) stepping (begin again +1)
//   back           idle            stepping/idle   stepping (-1)      stepping (-1)
//   seek k         stepping/finished (the search after exactly k expansions; paused)
//   finish         finished        finished        finished           finished
//   reset          idle            idle            idle               idle
//   tick           -               -               playing/finished   -
//   change, live   finished        finished        finished           finished
//   change, not live idle          idle            idle               idle
// "change" is any document change the search depends on (map, query, settings). With live on,
// every change re-runs the search to the end at once (a teacher editing a map wants the answer
// now); a step begun on a finished search starts it again. The table is also in CONTRIBUTING.md.
//
// Finish, a seek and a live re-run rush: the search advances as fast as the page stays
// responsive, kRushSyncMs of work at once (most maps' searches are done there, before the next
// paint) and then kSliceMs per frame from tick(), shown as playing until it gets there (Pause
// stops it). So no task blocks the page for long, even on a 4096 x 4096 map.
//
// Playing goes at `speed` expansions per second (Infinity: as fast as the page stays
// responsive), counted from the frame times (loop.js's Pace), so the pace does not depend on the
// display's frame rate. replay() plays the current search again from its first expansion up to
// where it is (a lesson's "Try this" shows its result growing).
//
// Preparing: an action that needs the search (play, step, finish, a live re-run) on an
// algorithm with per-map tables (the registry's `preprocessed` trait: JPS+) whose tables are
// not complete for this map. Building them in one go would freeze the page for seconds on a
// big map, so the first kSyncMs are built at once (small maps never see this state), then
// tick() builds a slice of about kSliceMs per frame, the page shows `preparation` (0..1), and
// the action runs when they are done. Another action replaces the waiting one; reset, and a
// change with live off, drop it; a change with live on waits for the new map's tables.
import { Status } from './engine.js';
import { Pace } from './loop.js';

export const ControllerState = Object.freeze({
  Idle: 'idle', Stepping: 'stepping', Playing: 'playing', Finished: 'finished', Preparing: 'preparing',
});
const kSyncMs = 30;   // table building done at once before the page shows progress
const kDeferredPrepareCells = 1 << 20;  // from this many cells (20 MB of search records) a live re-run prepares from the next frame
const kSliceMs = 12;  // table building per frame while preparing, and an instant search's work per frame
const kRushSyncMs = 50;   // a rush's work at once, within one task (most searches end there)

export class Controller {
  constructor(store) {
    this.store = store;
    this.playing = false;
    this.live = true;
    this.speed = 1;       // expansions per second; Infinity: instant (the timeline sets it)
    this.pace = new Pace();
    this.stopAt = -1;     // replay(), a rush: the expansion where playing stops, -1 for the end
    this.rushing = false; // playing as fast as the page stays responsive, whatever the speed
    this.instantChunk = 256;  // expansions per frame at instant speed, adapted to kSliceMs
    this.total = -1;      // expansions of the finished search for this document, -1 until known
    this.listeners = [];  // fn(state) after every transition (and after each preparing slice)
    this.waiting = null;  // the action waiting for the tables (preparing), or null
    this.preparation = 1; // fraction of the tables built while preparing
    this.sources = 1;     // goal-bounding sources per preprocess call, adapted to the slice
    this.liveHeld = false; // withoutLiveSearch(): changes are not searched live meanwhile
    for (const kind of ['map', 'query', 'settings']) store.on(kind, () => this.documentChanged());
    store.on('search', () => this.noteTotal());
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

  // Stops playing (and a replay's stop point) before another action.
  pause() {
    this.playing = false;
    this.rushing = false;
    this.stopAt = -1;
  }
  startPlaying() {
    this.playing = this.store.ensureStarted();
    this.pace.restart(1);  // the first expansion on the first frame, whatever the speed
  }

  togglePlay() {
    if (this.playing) {
      this.pause();
      this.announce();
      return;
    }
    this.whenPrepared(() => this.startPlaying());
  }
  step() {
    this.pause();
    this.whenPrepared(() => { if (this.store.ensureStarted()) this.store.step(1); });
  }
  back() {
    this.pause();
    this.waiting = null;
    this.store.stepBack();
    this.announce();
  }
  finish() {
    this.pause();
    this.whenPrepared(() => {
      if (this.store.ensureStarted()) this.rush(-1);
    });
  }
  // Runs load() (sync or async) with its document changes not searched live: for a document
  // that opens unsolved (a first visit's map), that search would be thrown away (~0.3 s of a
  // phone's page load).
  async withoutLiveSearch(load) {
    this.liveHeld = true;
    try {
      return await load();
    } finally {
      this.liveHeld = false;
    }
  }
  reset() {
    this.pause();
    this.waiting = null;
    this.store.clearSearch();
    this.announce();
  }
  // The search after exactly k expansions, paused (the timeline's scrub). At or past the
  // known end it is the finished search, status and path included.
  seek(k) {
    this.pause();
    const atEnd = this.total >= 0 && k >= this.total;
    this.whenPrepared(() => {
      const target = atEnd ? -1 : Math.max(0, Math.floor(k)), e = this.store.engine;
      const status = e.status(), done = e.stats().expanded;
      if (status !== Status.Idle && status !== Status.InProgress && (target < 0 || target >= done)) {
        this.store.searchChanged();  // already the finished search
        return;
      }
      // Backward (or from no search, or a finished one): from the start again; forward: on from here.
      if (status !== Status.InProgress || (target >= 0 && target < done)) this.store.seekTo(0);
      if (target !== 0) this.rush(target);
    });
  }
  // Advances the search to expansion `target` (-1: its end) as fast as the page stays
  // responsive: kRushSyncMs now, the rest from tick() (see the head of this file).
  rush(target) {
    this.stopAt = target;
    this.rushing = true;
    this.playing = true;
    // The views hear of it once, at the end: each 'search' event costs them a frame's work.
    const e = this.store.engine, until = performance.now() + kRushSyncMs;
    const left = () => (target < 0 ? this.instantChunk : Math.min(this.instantChunk, target - e.stats().expanded));
    let status = e.status();
    while (status === Status.InProgress && left() > 0 && performance.now() < until) {
      const t0 = performance.now(), asked = left();
      status = this.store.step(asked, { quiet: true });
      this.adaptChunk(performance.now() - t0, asked);
    }
    // Ended: paused before the views hear of it, so a race's second search runs to its end too
    // (while playing it would follow at the playing speed).
    if (status !== Status.InProgress || (target >= 0 && e.stats().expanded >= target)) this.pause();
    this.store.searchChanged();
  }
  // The expansions per step at instant speed: about kSliceMs of work. Only a step of the whole
  // chunk says the chunk is small: a step cut short (a one-expansion seek) doubled it each time,
  // so a later Finish on a big map would have run its whole search in one step.
  adaptChunk(spent, asked) {
    if (spent < kSliceMs / 2 && asked >= this.instantChunk) this.instantChunk = Math.min(this.instantChunk * 2, 1 << 24);
    else if (spent > kSliceMs) this.instantChunk = Math.max(1, this.instantChunk >> 1);
  }
  // Plays the current search again from its first expansion to where it is now (to the end
  // when it is finished). Nothing to replay when there is no search.
  replay() {
    const e = this.store.engine, status = e.status();
    if (this.waiting || status === Status.Idle) return;
    const target = status === Status.InProgress ? e.stats().expanded : -1;
    this.store.seekTo(0);
    this.startPlaying();
    this.stopAt = target;
    this.announce();
  }
  setLive(on) {
    this.live = !!on;
    if (this.live) this.documentChanged();
    else this.announce();
  }
  // Expansions per second (kSpeed's range in document/names.js), or Infinity for instant.
  setSpeed(perSecond) { if (perSecond > 0) this.speed = perSecond; }

  // The finished search's length, for the timeline's scrub range (kept until the document changes).
  noteTotal() {
    const status = this.store.engine.status();
    if (status !== Status.Idle && status !== Status.InProgress) this.total = this.store.engine.stats().expanded;
  }

  // Called once per animation frame (now: its time in ms); returns whether it wants another frame.
  tick(now = performance.now()) {
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
    return this.advance(now);
  }
  // One frame of playing: the expansions due at this speed (at instant speed, about kSliceMs
  // of work), never past a replay's stop point.
  advance(now) {
    const e = this.store.engine, instant = this.rushing || this.speed === Infinity;
    let due = instant ? this.instantChunk : this.pace.take(now, this.speed);
    if (this.stopAt >= 0) due = Math.min(due, this.stopAt - e.stats().expanded);
    let status = e.status();
    if (due > 0) {
      const t0 = performance.now();
      status = this.store.step(due, { quiet: true });
      if (instant) this.adaptChunk(performance.now() - t0, due);  // the engine's work alone, not the views'
    }
    const ended = status !== Status.InProgress || (this.stopAt >= 0 && e.stats().expanded >= this.stopAt);
    if (ended && this.rushing) this.pause();  // a rush's end is not playing (see rush())
    if (due > 0) this.store.searchChanged();
    if (ended) {
      this.pause();
      this.announce();
    }
    return this.playing;
  }

  documentChanged() {
    this.pause();
    this.waiting = null;
    this.total = -1;
    if (this.live && !this.liveHeld) {
      const rerun = () => {
        this.store.seekTo(0);
        this.rush(-1);
      };
      // A big map's preparation starts at the next frame: its first slice grows the wasm heap
      // for the search's records, too long a wait to add to the task that changed the map.
      const e = this.store.engine;
      if (e.width * e.height >= kDeferredPrepareCells) {
        this.store.clearSearch();
        this.waiting = rerun;
        this.announce();
      } else {
        this.whenPrepared(rerun);
      }
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
