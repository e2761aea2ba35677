// The page's document: one versioned schema for everything a visitor sets up. The modules of
// this folder are the only ones that read or write the document's encoded forms (share links,
// lesson links, embeds, the autosave: all four are the JSON of a snapshot, encodings.js; the
// browser's storage, storage.js; share.js only turns text into link bytes).
//
// kFields lists every field: its default, its check (ranges and names from core's registry and
// limits, never typed here), and which module owns it in the page. store.snapshot() reads every
// field and store.restore(document) applies a checked one (check.js); a field's owner registers
// with store.own(name, { read, apply }) (store.js). A field that fails its check is left out with
// a problem to show, except the map and the lesson, which refuse the whole document. Older
// versions are turned into this one first (migrate.js).
import { LessonError, parseLesson } from '../lessons/format.js';
import { kHeatKindNames, kLookChoices, kSectionNames, kPathViewNames, kSpeed, kLabParams } from './names.js';

export const kDocumentVersion = 5;
export class DocumentError extends Error {
  inLesson = false;  // set when the document carries a lesson (messages then say "the lesson link")
}

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const clip = (s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
export function must(ok, what) { if (!ok) throw new DocumentError(what); }
function bool(v, what) { must(typeof v === 'boolean', `${what} must be true or false`); return v; }
// noun: 'algorithm', 'heuristic'... ("unknown algorithm "x"", as the engine says it).
function oneOf(v, list, noun) {
  must(typeof v === 'string', `the ${noun} must be a name (one of ${list.join(', ')})`);
  must(list.includes(v), `unknown ${noun} "${clip(v)}" (known: ${list.join(', ')})`);
  return v;
}
function booleans(v, names, what) {
  must(isObject(v), `${what} must be an object`);
  const out = {};
  for (const name of names) if (v[name] !== undefined) out[name] = bool(v[name], `${what}: ${name}`);
  return out;
}

// What the checks need from core: its registry (names, limits, defaults) and the core module
// (scratch engines, the hierarchical layer's table). Works in node too (tests).
export function documentContext(core, registry = core.registry()) {
  return {
    core, registry, limits: registry.limits,
    names: { algorithms: registry.algorithms.map((a) => a.name), heuristics: registry.heuristics, movements: registry.movements.map((m) => m.name),
      statuses: registry.statuses.map((s) => s.name), limits: registry.limits },
    defaults: registry.defaults,
  };
}

// The page's first settings: core's default algorithm and weight, awareness on, an agent one
// cell wide; the heuristic follows the map's movement rule until one is chosen (store.js).
export const defaultSettings = (ctx) => ({ wrapAware: true, portalAware: true, agentSize: ctx.limits.minAgentSize, ...ctx.defaults });

// Search settings (the page's, and race mode's B): core's names and weight range. A weight
// is kept whatever the algorithm, as the page keeps it. The agent size (core's range) is the
// page's search's alone: race mode's second search moves the same agent (it has no size of its own).
function checkSettings(v, ctx, what, { agentSize = true } = {}) {
  must(isObject(v), `${what} must be an object`);
  const out = {}, { minWeight, maxWeight } = ctx.limits;
  if (v.algorithm !== undefined) out.algorithm = oneOf(v.algorithm, ctx.names.algorithms, 'algorithm');
  if (v.heuristic !== undefined) out.heuristic = oneOf(v.heuristic, ctx.names.heuristics, 'heuristic');
  if (v.weight !== undefined) {
    must(typeof v.weight === 'number' && v.weight >= minWeight && v.weight <= maxWeight,
      `the weight must be a number from ${minWeight} to ${maxWeight}`);
    out.weight = v.weight;
  }
  for (const key of ['wrapAware', 'portalAware']) if (v[key] !== undefined) out[key] = bool(v[key], key);
  if (v.agentSize !== undefined) {
    const { minAgentSize, maxAgentSize } = ctx.limits;
    must(agentSize, 'race mode\'s second search moves the page search\'s agent (it has no agent size of its own)');
    must(Number.isInteger(v.agentSize) && v.agentSize >= minAgentSize && v.agentSize <= maxAgentSize,
      `the agent size must be a whole number of cells from ${minAgentSize} to ${maxAgentSize}`);
    out.agentSize = v.agentSize;
  }
  return out;
}

function checkLab(v) {
  if (v === null) return null;
  must(isObject(v), 'the lab settings must be an object or null');
  must(Object.hasOwn(kLabParams, v.method), 'the lab\'s method must be "ga" or "aco"');
  must(isObject(v.params), 'the lab settings have no parameters');
  const known = kLabParams[v.method], params = {};
  for (const [key, whole] of Object.entries(known)) {
    if (!Object.hasOwn(v.params, key)) continue;
    const x = v.params[key];
    must(typeof x === 'number' && Number.isFinite(x) && (!whole || (Number.isInteger(x) && x >= 0)),
      `the lab's ${key} must be ${whole ? 'a whole number, 0 or more' : 'a number'}`);
    params[key] = x;
  }
  return { method: v.method, params };
}

// The lesson in progress: its content (title, summary, steps: lessons/format.js), the step
// shown, and the built-in file it came from ('' for a lesson from a link).
function checkLesson(v, ctx) {
  if (v === null) return null;
  must(isObject(v), 'the lesson must be an object or null');
  let lesson;
  try {
    lesson = parseLesson(v.lesson, ctx.names);
  } catch (e) {
    if (e instanceof LessonError) throw new DocumentError(e.message);
    throw e;
  }
  const step = v.step ?? 0;
  must(Number.isInteger(step) && step >= 0 && step < lesson.steps.length, `the lesson's step must be a whole number from 0 to ${lesson.steps.length - 1}`);
  const file = v.file ?? '';
  must(typeof file === 'string' && (file === '' || /^[\w.-]+\.lesson\.json$/.test(file)), 'the lesson\'s file must name a .lesson.json file');
  return { file, step, lesson, raw: v.lesson };
}

// The fields, in the order restore applies them. carriedBy: the field is written inside
// another one (start and goals are lines of the map text), so it has one copy.
// fatal: a document whose field fails the check is refused as a whole (as 0.2.0 refused a
// link with a bad lesson or bad lab settings; other fields are left out with a message).
export const kFields = Object.freeze([
  // The map text's size is bounded by its encodings (a link's, the autosave's); core reads it.
  { name: 'map', what: 'map', fatal: true, default: () => '',
    check: (v) => {
      must(typeof v === 'string' && v.length > 0, 'there is no map');
      return v;
    } },
  { name: 'start', what: 'start', carriedBy: 'map', default: () => null },
  { name: 'goals', what: 'goals', carriedBy: 'map', default: () => [] },
  { name: 'settings', what: 'settings', default: (ctx) => defaultSettings(ctx),
    check: (v, ctx) => checkSettings(v, ctx, 'the settings') },
  { name: 'race', what: 'race settings', default: () => null,
    check: (v, ctx) => (v === null ? null : checkSettings(v, ctx, 'the race settings', { agentSize: false })) },
  { name: 'lab', what: 'lab settings', fatal: true, default: () => null, check: (v) => checkLab(v) },
  { name: 'heatMap', what: 'heat map', default: () => 'none', check: (v) => oneOf(v, kHeatKindNames, 'heat map') },
  { name: 'overlays', what: 'overlays', default: () => ({ parents: false, numbers: false }),
    check: (v) => booleans(v, ['parents', 'numbers'], 'the overlays') },
  { name: 'pathViews', what: 'path views', default: () => ({ raw: false, pulled: false, smooth: false }),
    check: (v) => booleans(v, kPathViewNames, 'the path views') },
  { name: 'speed', what: 'speed', default: () => kSpeed.defaultPerSecond,
    check: (v) => {
      must(v === kSpeed.instant || (typeof v === 'number' && v >= kSpeed.min && v <= kSpeed.max),
        `the speed must be "${kSpeed.instant}" or a number of expansions per second from ${kSpeed.min} to ${kSpeed.max}`);
      return v;
    } },
  { name: 'sections', what: 'open sections', default: () => [],
    check: (v) => {
      must(Array.isArray(v) && v.length <= kSectionNames.length, 'the open sections must be a list');
      return [...new Set(v.map((s) => oneOf(s, kSectionNames, 'section')))];
    } },
  { name: 'hierarchical', what: 'HPA* settings', default: (ctx) => ({ show: false, clusterSize: ctx.core.hierarchicalInfo?.().defaultClusterSize ?? ctx.limits.minClusterSize }),
    check: (v, ctx) => {
      must(isObject(v), 'the HPA* settings must be an object');
      const { minClusterSize, maxClusterSize } = ctx.limits, out = {};
      if (v.show !== undefined) out.show = bool(v.show, 'HPA*\'s show');
      if (v.clusterSize !== undefined) {
        must(Number.isInteger(v.clusterSize) && v.clusterSize >= minClusterSize && v.clusterSize <= maxClusterSize,
          `HPA*'s cluster size must be a whole number from ${minClusterSize} to ${maxClusterSize}`);
        out.clusterSize = v.clusterSize;
      }
      return out;
    } },
  { name: 'subgoals', what: 'subgoal graph settings', default: () => ({ show: false }),
    check: (v) => booleans(v, ['show'], 'the subgoal graph settings') },
  { name: 'navmesh', what: 'navigation mesh settings', default: () => ({ show: false, navmeshLine: false, thetaLine: false }),
    check: (v) => booleans(v, ['show', 'navmeshLine', 'thetaLine'], 'the navigation mesh settings') },
  { name: 'agents', what: 'agent and replanning settings', default: () => ({ speed: 6 }),
    check: (v) => {
      must(isObject(v), 'the agent settings must be an object');
      must(v.speed === undefined || (typeof v.speed === 'number' && Number.isFinite(v.speed) && v.speed > 0), 'the agents\' speed must be a positive number');
      return v.speed === undefined ? {} : { speed: v.speed };
    } },
  { name: 'look', what: 'look', default: () => ({ look: 'auto', pellets: true }),
    check: (v) => {
      must(isObject(v), 'the look must be an object');
      const out = {};
      if (v.look !== undefined) out.look = oneOf(v.look, kLookChoices, 'look');
      if (v.pellets !== undefined) out.pellets = bool(v.pellets, 'the pellets');
      return out;
    } },
  { name: 'lesson', what: 'lesson', fatal: true, default: () => null, check: (v, ctx) => checkLesson(v, ctx) },
]);
export const kFieldNames = Object.freeze(kFields.map((f) => f.name));
const fieldNamed = (name) => kFields.find((f) => f.name === name);

export function defaultOf(name, ctx) { return fieldNamed(name).default(ctx); }
