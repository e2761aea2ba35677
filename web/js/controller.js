// The search controller: what Play, Step, Back, Finish, Reset and "live" do, as a state
// machine over the store's current search. The state is derived, never stored twice:
// idle (no search), stepping (a search in progress, paused), playing (in progress, advanced
// by tick() every frame), finished (found, no path or invalid input).
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
import { Status } from './engine.js';

export const ControllerState = Object.freeze({ Idle: 'idle', Stepping: 'stepping', Playing: 'playing', Finished: 'finished' });

// Speed slider 0..100 -> expansions per frame 1..10000 (logarithmic).
export function speedFromSlider(v) { return Math.max(1, Math.round(10 ** (Number(v) / 25))); }

export class Controller {
  constructor(store) {
    this.store = store;
    this.playing = false;
    this.live = true;
    this.speed = 1;
    this.listeners = [];  // fn(state) after every transition
    for (const kind of ['map', 'query', 'settings']) store.on(kind, () => this.documentChanged());
  }

  get state() {
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
    if (this.playing) this.playing = false;
    else this.playing = this.store.ensureStarted();
    this.announce();
  }
  step() {
    this.playing = false;
    if (this.store.ensureStarted()) this.store.step(1);
    this.announce();
  }
  back() {
    this.playing = false;
    this.store.stepBack();
    this.announce();
  }
  finish() {
    this.playing = false;
    this.store.finish();
    this.announce();
  }
  reset() {
    this.playing = false;
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
    if (!this.playing) return false;
    if (this.store.step(this.speed) !== Status.InProgress) {
      this.playing = false;
      this.announce();
    }
    return this.playing;
  }

  documentChanged() {
    this.playing = false;
    if (this.live) this.store.runToEnd();
    else this.store.clearSearch();
    this.announce();
  }
}
