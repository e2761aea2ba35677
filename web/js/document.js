// The page's document: one versioned schema for everything a visitor sets up, and the only
// module that reads or writes the document's encoded forms (share links, lesson links, embeds,
// the autosave: all four are the JSON of a snapshot; share.js only turns text into link bytes).
//
// kFields lists every field: its default, its check (ranges and names from core's registry and
// limits, never typed here), and which module owns it in the page. store.snapshot() reads every
// field and store.restore(document) applies a checked one; a field's owner registers with
// store.own(name, { read, apply }) (store.js). A field that fails its check is left out with
// a problem to show, except the map and the lesson, which refuse the whole document.
//
// Versions: 1 was 0.2.0's link and autosave ({ v: 1, map, settings, race?, lab?, lesson? });
// 2 adds every other field; 3 counts the speed in expansions per second (2 had them per frame);
// 4 has no 'learn' section (the code pane is the Learn view's, a choice of the browser, not the
// document's) and draws only the cell path unless the string-pulled or smoothed line is asked for;
// 5 has the agent's size in the settings (a document before it searched for a one-cell agent).
// migrate() turns any older version into the current one.
import { LessonError, parseLesson, cellsNamed } from './lessons/format.js';
import { encodeLinkText, decodeLinkText, LinkError } from './share.js';
import { parseJsonWithLongString } from './json_long_string.js';

export const kDocumentVersion = 5;
export class DocumentError extends Error {
  inLesson = false;  // set when the document carries a lesson (messages then say "the lesson link")
}

// Names the page itself defines (its views' choices): the views read them from here.
export const kHeatKindNames = Object.freeze(['none', 'g', 'h', 'f', 'order', 'exact', 'error', 'clearance']);
export const kLookChoices = Object.freeze(['auto', 'square', 'arcade']);
export const kSectionNames = Object.freeze(['heat', 'lab', 'hpa', 'subgoal', 'navmesh']);  // the Tools view's <details> ids
export const kPathViewNames = Object.freeze(['raw', 'pulled', 'smooth']);
export const kSettingNames = Object.freeze(['algorithm', 'heuristic', 'weight', 'wrapAware', 'portalAware', 'agentSize']);
// The search's playing speed (the `speed` field; the timeline's slider reads its range here):
// expansions per second from `min` to `max`, or 'instant' (as fast as the page can go without
// freezing). The default lets a learner follow the arcade maze's first search (62 expansions,
// about 3 s). `framesPerSecond` converts version 2's expansions per frame (a 60 Hz display).
export const kSpeed = Object.freeze({ min: 1, max: 100000, instant: 'instant', defaultPerSecond: 20, framesPerSecond: 60 });
// Ranges of the page's own controls, with no rule of core's behind them (core's ranges come from
// engine.registry.limits): the brush's side in cells, a crowd's size, the ghosts' turn-cost
// field, and generator seeds (whole numbers, as core takes them: 32 bits). Every number field's
// min and max is one of these or one of core's limits (page_limits checks it).
export const kUiRanges = Object.freeze({
  brush: Object.freeze({ min: 1, max: 25 }),
  crowd: Object.freeze({ min: 1, max: 5000 }),
  turnCost: Object.freeze({ min: 0, max: 20 }),
  seed: Object.freeze({ min: 0, max: 2 ** 32 - 1 }),
});
export function applyRange(input, { min, max }) {
  Object.assign(input, { min: String(min), max: String(max) });
}
// The evolution lab's parameters by method; true for whole numbers (counts and the seed).
// Their ranges are core's: LabRun.start says what is wrong when a run starts.
export const kLabParams = Object.freeze({
  ga: { population: true, generations: true, crossoverRate: false, mutationRate: false, elitism: true, tournament: true, seed: true },
  aco: { ants: true, generations: true, alpha: true, beta: true, evaporation: false, deposit: false, eliteWeight: false,
    minPheromone: false, seed: true },
});

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const clip = (s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
function must(ok, what) { if (!ok) throw new DocumentError(what); }
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
const defaultSettings = (ctx) => ({ wrapAware: true, portalAware: true, agentSize: ctx.limits.minAgentSize, ...ctx.defaults });

// Search settings (the page's, and race mode's B): core's names and weight range. A weight
// is kept whatever the algorithm, as the page keeps it. The agent size (core's range) is the
// page's search's alone: race mode's second search moves a one-cell agent.
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
    must(agentSize, 'race mode\'s second search moves a one-cell agent (it has no agent size)');
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

// Any known version as the current one. Version 1 (0.2.0): its settings patched the page's
// (a lesson's started from the defaults), race and lab were off unless given, and every field
// it did not have kept what the page showed; a lesson opened at its first step.
export function migrate(raw, ctx) {
  must(isObject(raw), 'the document is not an object');
  if (raw.v === kDocumentVersion) return raw;
  if (raw.v === 4) return migrateVersion4(raw, ctx);
  if (raw.v === 3) return migrateVersion4(migrateVersion3(raw), ctx);
  if (raw.v === 2) return migrateVersion4(migrateVersion3(migrateVersion2(raw)), ctx);
  must(raw.v === 1, 'the document has an unknown version');
  const out = { v: kDocumentVersion, map: raw.map, race: raw.race ?? null, lab: raw.lab ?? null };
  if (raw.settings !== undefined) out.settings = oneCellAgent(raw.settings, ctx);
  if (raw.lesson !== undefined) {
    must(isObject(raw.lesson), 'it has a bad lesson (not an object)');
    out.settings = { ...defaultSettings(ctx), ...(isObject(raw.settings) ? raw.settings : {}) };
    out.lesson = { file: '', step: 0, lesson: raw.lesson };
  }
  return out;
}

// Version 2 played `speed` expansions per animation frame: the same pace on a 60 Hz display,
// per second, kept inside today's range. Anything else about it is left to the field's check.
function migrateVersion2(raw) {
  const out = { ...raw, v: 3 };
  if (typeof raw.speed === 'number' && Number.isFinite(raw.speed)) {
    out.speed = Math.min(kSpeed.max, Math.max(kSpeed.min, raw.speed * kSpeed.framesPerSecond));
  }
  return out;
}

// Version 3 had the code pane in a 'learn' section (now the Learn view's: dropped), and every
// document carried 3's default path views, string-pulled and smoothed on: they become 4's
// default (the cell path alone); other choices are kept.
function migrateVersion3(raw) {
  const out = { ...raw, v: 4 };
  if (Array.isArray(raw.sections)) out.sections = raw.sections.filter((s) => s !== 'learn');
  const views = raw.pathViews;
  if (isObject(views) && views.raw === false && views.pulled === true && views.smooth === true) {
    out.pathViews = { raw: false, pulled: false, smooth: false };
  }
  return out;
}

// Version 4 and older searched for a one-cell agent: their settings say so, rather than leave
// the size the page shows (a link opened after a size-3 search would refuse a narrow maze).
function migrateVersion4(raw, ctx) {
  return isObject(raw.settings) ? { ...raw, v: kDocumentVersion, settings: oneCellAgent(raw.settings, ctx) } : { ...raw, v: kDocumentVersion };
}
const oneCellAgent = (settings, ctx) =>
  (isObject(settings) && settings.agentSize === undefined ? { ...settings, agentSize: ctx.limits.minAgentSize } : settings);

// Checks a document of any version. Returns { document, problems: [{ field, what, problem }] }
// with only the fields that passed (fields it does not have are left out too: the page keeps
// what it shows for them); throws DocumentError when the document cannot be opened at all.
export function checkDocument(raw, ctx) {
  try {
    return checkFields(migrate(raw, ctx), ctx, raw.v === 1);
  } catch (e) {
    if (e instanceof DocumentError) e.inLesson = isObject(raw) && raw.lesson != null;
    throw e;
  }
}
function checkFields(doc, ctx, fromVersion1) {
  const out = { v: kDocumentVersion }, problems = [];
  // A lesson's settings are part of what its text states: a lesson naming an unknown
  // algorithm is refused as a whole, before its map is loaded.
  const strict = (field) => field.fatal || (field.name === 'settings' && doc.lesson != null);
  for (const field of kFields) {
    if (field.carriedBy || doc[field.name] === undefined) continue;
    try {
      out[field.name] = field.check(doc[field.name], ctx);
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      if (strict(field)) {
        throw new DocumentError(field.name === 'map' ? `its map is invalid (${e.message})` : field.name === 'lesson' ? e.message : `bad ${field.what}: ${e.message}`);
      }
      problems.push({ field: field.name, what: field.what, problem: e.message });
    }
  }
  if (out.map === undefined) throw new DocumentError('there is no map');
  // A lesson link (0.2.0's, or Lesson link's) brings its own map: a cell that does not fit it
  // refuses the link. A saved document may have a map edited since: the lesson is left out.
  if (out.lesson) {
    try {
      checkLessonCells(out.lesson.lesson, out.map, ctx);
    } catch (e) {
      if (!(e instanceof DocumentError) || fromVersion1 || /map is invalid/.test(e.message)) throw e;
      problems.push({ field: 'lesson', what: 'lesson', problem: e.message });
      delete out.lesson;
    }
  }
  return { document: out, problems };
}

// A lesson's cells must be floor cells of its map (read by core in a scratch engine).
function checkLessonCells(lesson, map, ctx) {
  const scratch = new ctx.core.Engine();
  try {
    const problem = scratch.loadMap(map, '');
    if (problem) throw new DocumentError(`its map is invalid (${problem})`);
    const width = scratch.width(), height = scratch.height();
    for (const c of cellsNamed(lesson)) {
      if (c.x >= width || c.y >= height) throw new DocumentError(`${c.where}: cell (${c.x}, ${c.y}) is outside the ${width}×${height} map`);
      if (scratch.costs()[c.y * width + c.x] === 0) throw new DocumentError(`${c.where}: cell (${c.x}, ${c.y}) is a wall`);
    }
  } finally {
    scratch.delete();
  }
}

// ---- encodings: each is the JSON text of a snapshot ----

// A snapshot as stored: the fields a snapshot has, minus those carried by another field. A
// lesson keeps its content as it came (the checked copy is the page's).
export function documentJson(snapshot) {
  const out = { v: kDocumentVersion };
  for (const field of kFields) {
    if (field.carriedBy || snapshot[field.name] === undefined) continue;
    const value = snapshot[field.name];
    out[field.name] = field.name === 'lesson' && value ? { file: value.file, step: value.step, lesson: value.raw ?? value.lesson } : value;
  }
  return JSON.stringify(out);
}

// JSON text (from a link or the autosave) -> { document, problems }, or throws DocumentError.
export function parseDocumentJson(text, ctx) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new DocumentError('its content is not valid JSON text');
  }
  return checkDocument(raw, ctx);
}

// ---- links (share links, lesson links, embeds: the same fragment) ----

// The fragment of a link to this snapshot (without '#').
export function documentLink(snapshot) { return encodeLinkText(documentJson(snapshot)); }

const kLongText = 2 * 1024 * 1024;  // a document's JSON text this long has its map text decoded in slices
// A link's fragment -> { document, problems }; throws LinkError or DocumentError.
export async function readDocumentLink(fragment, ctx) {
  const text = await decodeLinkText(String(fragment));
  try {
    // A 4096² map's JSON: the rest parsed at once, the map's text in slices (json_long_string.js).
    const raw = text.length >= kLongText ? await parseJsonWithLongString(text, 'map') : null;
    return raw ? checkDocument(raw, ctx) : parseDocumentJson(text, ctx);
  } catch (e) {
    if (e instanceof DocumentError && /JSON/.test(e.message)) throw new LinkError('the link is corrupt (its content is not valid JSON text)');
    throw e;
  }
}

// ---- the autosave: one document per tab ----
// Each tab saves under its own key (its id lives in sessionStorage, which a reload keeps and
// another tab does not share), so two tabs never overwrite each other and a reload brings back
// the tab's own document. A new tab starts from the newest document any tab saved (or 0.2.0's
// single autosave). Before a link or a lesson replaces a document that is not saved anywhere
// else, the document is kept under kKeptKey for "Restore it".
export const kLegacyAutosaveKey = 'astar-playground/autosave';  // 0.2.0's one autosave
const kTabDocumentPrefix = 'astar-playground/document/';
const kKeptKey = 'astar-playground/kept';
const kTabIdKey = 'astar-playground/tab-id';
const kMaxTabDocuments = 6;  // older tabs' documents beyond this are dropped (localStorage holds ~5 MB)

const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
export function tabId() {
  try {
    let id = sessionStorage.getItem(kTabIdKey);
    if (!id) {
      id = newTabId();
      sessionStorage.setItem(kTabIdKey, id);
    }
    return id;
  } catch {
    return 'no-session-storage';
  }
}

// A duplicated tab starts with a copy of its original's sessionStorage, so with the same id:
// at start a tab asks the others (BroadcastChannel) whether its id is taken, and a tab that
// is already running with that id answers; the newcomer then takes a new id (it keeps the
// document it restored, and saves it under its own key from then on).
let startId = '';  // the id this page load began with: its document is what a load restores
export function claimTabId() {
  startId = tabId();
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel('astar-playground/tabs');
  const asked = startId;
  channel.onmessage = (event) => {
    const m = event.data;
    if (m?.type === 'hello' && m.id === tabId()) channel.postMessage({ type: 'taken', id: m.id });
    else if (m?.type === 'taken' && m.id === asked && tabId() === asked) {
      try { sessionStorage.setItem(kTabIdKey, newTabId()); } catch { /* no session storage: one id for all */ }
    }
  };
  channel.postMessage({ type: 'hello', id: asked });
}

// touched: the document has the visitor's own changes (files.js), so a link replacing it keeps it.
const record = (snapshot, touched = true) => `{"savedAt":${Date.now()},"touched":${!!touched},"document":${documentJson(snapshot)}}`;
function readRecord(key) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!isObject(saved)) return null;
    if (key === kLegacyAutosaveKey) return { savedAt: 0, touched: true, document: saved };
    return isObject(saved.document) && Number.isFinite(saved.savedAt) ? saved : null;
  } catch {
    return null;
  }
}
// When a record was saved, read from its first characters (records are up to ~4.5 MB: no
// parse just to compare their ages).
function savedAtOf(key) {
  try {
    return Number(/^\{"savedAt":(\d+),/.exec(localStorage.getItem(key)?.slice(0, 40) ?? '')?.[1] ?? 0);
  } catch {
    return 0;
  }
}
function tabDocumentKeys() {
  const keys = [];
  for (let i = 0; i < localStorage.length; ++i) {
    const key = localStorage.key(i);
    if (key?.startsWith(kTabDocumentPrefix)) keys.push(key);
  }
  return keys;
}

// Saves the snapshot as this tab's document; returns '' or why it could not (the tab's older
// save is then removed: a reload must not bring it back as if it were this one).
export function saveTabDocument(snapshot, maxChars, touched) {
  const key = kTabDocumentPrefix + tabId();
  // A map over the budget is not even written out as JSON (16 MB of text on a 4096² map).
  const text = snapshot.map.length > maxChars ? '' : record(snapshot, touched);
  let problem = '';
  if (!text || text.length > maxChars) {
    problem = tooLargeToKeep(Math.max(text.length, snapshot.map.length));
  } else {
    for (let attempt = 0; attempt < 2; ++attempt) {
      try {
        localStorage.setItem(key, text);
        pruneTabDocuments(key);
        return '';
      } catch (e) {
        problem = e.message;
        if (!pruneTabDocuments(key, 1)) break;  // room made: try once more
      }
    }
  }
  forgetTabDocument(key);
  return problem;
}

// The tab's document when its map's text (at least mapChars) is surely over the budget: it is
// not written out, and the tab's older save is removed. Returns why.
export function refuseTabDocument(mapChars) {
  forgetTabDocument(kTabDocumentPrefix + tabId());
  return tooLargeToKeep(mapChars);
}

const tooLargeToKeep = (chars) => `it is ${(chars / 1e6).toFixed(1)} MB of text and browsers keep about 5 MB per site`;
function forgetTabDocument(key) {
  try { localStorage.removeItem(key); } catch { /* storage unavailable: nothing kept either */ }
}

// Drops the oldest other tabs' documents beyond the budget (keep fewer to make room).
// Returns how many were dropped.
function pruneTabDocuments(ownKey, keep = kMaxTabDocuments - 1) {
  try {
    const keys = tabDocumentKeys().filter((k) => k !== ownKey);
    if (keys.length <= keep) return 0;
    const others = keys.map((k) => ({ k, at: savedAtOf(k) })).sort((a, b) => b.at - a.at);
    const drop = others.slice(keep);
    for (const { k } of drop) localStorage.removeItem(k);
    return drop.length;
  } catch {
    return 0;
  }
}

// The document a page load restores: this tab's own, else the newest of any tab (a new tab),
// else 0.2.0's autosave. Returns { document, problems, own } or null.
export function readTabDocument(ctx) {
  try {
    const ownKey = kTabDocumentPrefix + (startId || tabId());
    let saved = readRecord(ownKey), own = !!saved;
    if (!saved) {
      const newest = tabDocumentKeys().map((k) => ({ k, at: savedAtOf(k) })).sort((a, b) => b.at - a.at)[0];
      saved = (newest && readRecord(newest.k)) ?? readRecord(kLegacyAutosaveKey);
      own = false;
    }
    return saved ? { ...checkDocument(saved.document, ctx), own, touched: saved.touched !== false } : null;
  } catch {
    return null;
  }
}

// Keeps a document a link or a lesson is about to replace; returns whether it was kept.
export function keepDocument(snapshot) {
  try {
    localStorage.setItem(kKeptKey, record(snapshot));
    return true;
  } catch {
    return false;
  }
}
export function readKeptDocument(ctx) {
  const saved = readRecord(kKeptKey);
  if (!saved) return null;
  try {
    return checkDocument(saved.document, ctx);
  } catch {
    return null;
  }
}

// The document a lesson or an exercise replaced, for "Close lesson" and "Stop exercise" after a
// reload: per tab (sessionStorage, which a reload keeps), one per slot ('lesson', 'exercise'),
// dropped when the lesson or the exercise closes. before: { snapshot, touched } or null.
const kBeforeKeys = Object.freeze({ lesson: 'astar-playground/before-lesson', exercise: 'astar-playground/before-exercise' });
export function keepBefore(slot, before) {
  try {
    if (before) sessionStorage.setItem(kBeforeKeys[slot], record(before.snapshot, before.touched));
    else sessionStorage.removeItem(kBeforeKeys[slot]);
  } catch { /* no room or no storage: a reload then keeps the lesson's (the exercise's) settings */ }
}
export function readBefore(slot, ctx) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(kBeforeKeys[slot]) ?? 'null');
    return isObject(saved?.document) ? { snapshot: checkDocument(saved.document, ctx).document, touched: saved.touched !== false } : null;
  } catch {
    return null;
  }
}

// Whether two snapshots hold the same document (what a visitor would notice is lost).
export function sameDocument(a, b) { return documentJson(a) === documentJson(b); }
