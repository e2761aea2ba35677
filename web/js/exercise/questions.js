// The exercise's questions: a seeded sequence, the same in every browser for the same seed
// (a teacher's link gives the whole class the same set). Question i of seed s comes from its
// own random stream (s, i): a map (one of core's generators with a seed drawn from the stream,
// or a built-in lesson's map), search settings, how far the search has gone (k expansions) and
// the cell asked about. The map and the search are worked out in a sandbox engine of the same
// core (never the page's document); the answers are not kept here: the page's engine, set to
// the question, checks them (check.js).
import { PlaygroundEngine, Status } from '../engine.js';

// The algorithms the built-in lessons teach (maps/lessons: every lesson's settings and "Try
// this" actions; page_exercise checks that this list covers them). Written out rather than read
// from the lessons at run time: a seed must give a class the same questions, and a new lesson
// should not change the sets of a seed handed out before.
export const kTaughtAlgorithms = Object.freeze(['astar', 'dijkstra', 'bfs', 'greedy', 'weighted-astar', 'jps', 'theta']);
export const kSetSize = 10;
// Every five questions ask each kind once and "next" twice, in an order the seed shuffles.
const kBlock = Object.freeze(['next', 'next', 'h', 'f', 'admissible']);
const kMaxSeed = 999999;  // not a limit: six digits, easy to read out to a class
const kPlainHeuristics = Object.freeze(['manhattan', 'octile', 'euclidean', 'chebyshev']);

// A small deterministic stream (xorshift32) per (seed, index): numbers in [0, 1).
export function streamOf(seed, index) {
  let s = (Math.imul(seed + 0x3c6ef372, 0x27d4eb2d) ^ Math.imul(index + 0x1b873593, 0x165667b1)) >>> 0;
  if (s === 0) s = 0x9e3779b9;
  const next = () => {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    return s / 4294967296;
  };
  for (let i = 0; i < 8; i++) next();  // nearby seeds part ways
  const int = (n) => Math.floor(next() * n);
  return { next, int, between: (lo, hi) => lo + int(hi - lo + 1), pick: (list) => list[int(list.length)] };
}

export function randomSeed() {
  const bytes = new Uint32Array(1);
  crypto.getRandomValues(bytes);
  return 1 + (bytes[0] % kMaxSeed);
}
export function parseSeed(text) {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= kMaxSeed ? n : 0;
}

// The kind of question i of a seed.
export function kindOf(seed, index) {
  const block = Math.floor(index / kBlock.length), rng = streamOf(seed ^ 0x5bd1e995, block), order = [...kBlock];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order[index % kBlock.length];
}

export class QuestionMaker {
  // core: the wasm module (a sandbox engine is made from it); lessons: [{ file, title }] (the
  // built-in lessons' index); fetchLesson(file): { map: text, settings, title }.
  constructor(core, lessons, fetchLesson) {
    this.sandbox = new PlaygroundEngine(core);
    this.lessons = lessons;
    this.fetchLesson = fetchLesson;
    this.generators = this.sandbox.registry.generators.filter((g) => g.name !== 'hex');
  }

  // Question `index` of `seed`: { seed, index, kind, from, map, settings, k, cell, g }.
  // from: where the map comes from, in words; cell: the ringed cell (h, f) or -1.
  async make(seed, index) {
    const rng = streamOf(seed, index), kind = kindOf(seed, index);
    for (let attempt = 0; attempt < 12; attempt++) {
      const q = await this.attempt(rng, kind);
      if (q) return { seed, index, kind, ...q };
    }
    throw new Error(`no question ${index + 1} for seed ${seed}`);
  }

  async attempt(rng, kind) {
    const s = this.sandbox;
    const lesson = this.lessons.length > 0 && rng.next() < 0.3;
    let from;
    if (lesson) {
      const entry = kind === 'admissible' ? this.lessonWith(rng) : rng.pick(this.lessons);
      const l = await this.fetchLesson(entry.file);
      if (s.loadText(l.map, '')) return null;
      from = `the map of the lesson “${entry.title}”`;
    } else {
      from = this.randomMap(rng, kind);
      if (!from || !this.placeEnds(rng)) return null;
    }
    const settings = this.settingsFor(rng, kind);
    s.setSettings(settings);
    if (s.begin() !== Status.InProgress || s.run() !== Status.Found) return null;
    const total = s.stats().expanded;
    const map = s.exportText('playground').text;
    if (kind === 'admissible') return { from, map, settings, k: 0, cell: -1, g: 0 };
    if (kind === 'h') {
      const cell = this.floorCell(rng, [s.start(), s.goal()]);
      return cell < 0 ? null : { from, map, settings, k: Math.min(total - 1, rng.between(0, 6)), cell, g: 0 };
    }
    // next and f: part-way, with a choice to make (at least two open cells).
    for (let tries = 0; tries < 8; tries++) {
      const k = rng.between(2, Math.max(2, Math.min(total - 2, 30)));
      if (k >= total || s.begin() !== Status.InProgress || s.step(k) !== Status.InProgress) continue;
      const rows = s.openList(12);
      if (rows.length < (kind === 'next' ? 3 : 2)) continue;
      const row = kind === 'f' ? rows[rng.int(rows.length)] : rows[0];
      return { from, map, settings, k, cell: kind === 'f' ? row.cell : -1, g: kind === 'f' ? row.g : 0 };
    }
    return null;
  }

  // A lesson whose map has tunnels or portals (where the awareness switches matter), else any.
  lessonWith(rng) {
    const marked = this.lessons.filter((l) => /admissib|tunnel|portal/i.test(l.title));
    return rng.pick(marked.length > 0 ? marked : this.lessons);
  }

  // One of core's generators (square cells) with a size and seed from the stream; admissibility
  // questions favour the arcade maze (tunnels) and 8-way random obstacles. Returns its words.
  randomMap(rng, kind) {
    let g = rng.pick(this.generators);
    if (kind === 'admissible' && rng.next() < 0.6) g = this.generators.find((x) => x.name === (rng.next() < 0.5 ? 'arcade' : 'random')) ?? g;
    const arcade = g.usesTunnels;
    const width = Math.max(g.minWidth, arcade ? rng.between(16, 22) : rng.between(12, 20));
    const height = Math.max(g.minHeight, arcade ? rng.between(13, 17) : rng.between(9, 14));
    const seed = rng.between(1, kMaxSeed);
    if (this.sandbox.generate(g.name, width, height, seed)) return '';
    return `${g.label.toLowerCase()}, ${width}×${height}, seed ${seed}`;
  }

  // A floor cell from the stream, other than `not`; -1 when the map has too few.
  floorCell(rng, not = []) {
    const costs = this.sandbox.costs(), floor = [];
    for (let n = 0; n < costs.length; n++) if (costs[n] > 0 && !not.includes(n)) floor.push(n);
    return floor.length > 0 ? rng.pick(floor) : -1;
  }

  // A start and a goal some way apart (a path is checked by the run that follows).
  placeEnds(rng) {
    const s = this.sandbox;
    for (let tries = 0; tries < 10; tries++) {
      const a = this.floorCell(rng), b = this.floorCell(rng, [a]);
      if (a < 0 || b < 0) return false;
      if (Math.abs(s.xOf(a) - s.xOf(b)) + Math.abs(s.yOf(a) - s.yOf(b)) < 6) continue;
      s.setStart(a);
      s.setGoal(b);
      return true;
    }
    return false;
  }

  // The search settings of a question: an algorithm the lessons teach, and for admissibility
  // a heuristic and awareness switches that may or may not overestimate on this map.
  settingsFor(rng, kind) {
    const s = this.sandbox, fits = s.defaultHeuristic();
    const settings = { algorithm: 'astar', heuristic: fits, weight: rng.pick([1.5, 2, 3]), wrapAware: true, portalAware: true };
    if (kind === 'next') settings.algorithm = rng.pick(kTaughtAlgorithms);
    else if (kind === 'f') settings.algorithm = rng.pick(['astar', 'weighted-astar', 'greedy', 'dijkstra']);
    else if (kind === 'h') settings.heuristic = rng.pick(kPlainHeuristics);
    else {
      settings.heuristic = rng.next() < 0.5 ? fits : rng.pick(kPlainHeuristics);
      if (s.wrapX() || s.wrapY()) settings.wrapAware = rng.next() < 0.4;
      if (s.portals().length > 0) settings.portalAware = rng.next() < 0.4;
    }
    return settings;
  }
}
