// The lesson format (docs/lessons.md): a lesson is a share link's state (map + settings) plus
// text: a title, a summary and steps, each with text and "Try this" buttons. A button runs a
// short list of actions from a closed vocabulary and may carry an expectation that is checked
// against the engine after the run, so the text and the engine cannot drift apart.
// A lesson from a link is hostile input: parseLesson checks every field, type, size and name
// before anything is loaded and throws a LessonError naming the first problem and where it is.
// No DOM and no engine here (the page and node tests share this module); names (algorithms,
// heuristics, movements, statuses) and ranges (`limits`) come from core's registry through
// `names` (document/schema.js's documentContext).

import { formatNumber } from '../dom.js';
import { statusClaim, admissibleClaim, measureClaim } from './check_words.js';

export class LessonError extends Error {}

export const kLessonLimits = Object.freeze({
  title: 120, summary: 600, steps: 12, stepText: 2000, tries: 4, label: 60, result: 400, actions: 12,
  stepsPerAction: 100000,
});

// The path lines a `line` action shows alone and measures (lessons/lines.js): the page path as
// drawn, its string-pulled line, the Theta* and the navigation mesh's paths of the same query.
export const kLessonLineNames = Object.freeze(['path', 'pulled', 'theta', 'navmesh']);

// Actions: one key per object, e.g. { "algorithm": "dijkstra" } or { "step": 10 }.
// kind -> a check of its value (returns "" or what is wrong).
const isBool = (v) => (typeof v === 'boolean' ? '' : 'must be true or false');
const kActionChecks = {
  algorithm: (v, n) => oneOf(v, n.algorithms),
  heuristic: (v, n) => oneOf(v, n.heuristics),
  weight: (v, n) => {
    const { minWeight, maxWeight } = n.limits;
    return typeof v === 'number' && v >= minWeight && v <= maxWeight ? '' : `must be a number from ${minWeight} to ${maxWeight}`;
  },
  wrapAware: isBool,
  portalAware: isBool,
  agentSize: (v, n) => {
    const { minAgentSize, maxAgentSize } = n.limits;
    return Number.isInteger(v) && v >= minAgentSize && v <= maxAgentSize ? '' : `must be a whole number from ${minAgentSize} to ${maxAgentSize}`;
  },
  movement: (v, n) => oneOf(v, n.movements),
  start: (v, n) => cellCheck(v, n.limits.maxGridSide),
  goal: (v, n) => cellCheck(v, n.limits.maxGridSide),
  finish: (v) => (v === true ? '' : 'must be true'),
  reset: (v) => (v === true ? '' : 'must be true'),
  step: (v) => (Number.isInteger(v) && v >= 1 && v <= kLessonLimits.stepsPerAction ? '' : `must be a whole number from 1 to ${kLessonLimits.stepsPerAction}`),
  live: isBool,
  parents: isBool,
  line: (v) => oneOf(v, kLessonLineNames),
};
export const kActionKinds = Object.freeze(Object.keys(kActionChecks));

// Expectations: a status name, the heuristic's admissibility, and comparisons of the counts.
// length: the Euclidean length of the line the try's `line` action showed (none without one).
export const kMeasures = Object.freeze(['cost', 'expanded', 'generated', 'maxOpen', 'pathCells', 'length']);
const kOps = ['eq', 'lt', 'le', 'gt', 'ge'];
// Placeholders a result text may use, filled from the engine after the run.
export const kPlaceholders = Object.freeze([...kMeasures, 'status']);
const kSettingKeys = ['algorithm', 'heuristic', 'weight', 'wrapAware', 'portalAware', 'agentSize'];

function oneOf(v, list) {
  if (typeof v !== 'string') return 'must be a name (text)';
  return list.includes(v) ? '' : `"${clip(v)}" is not one of ${list.join(', ')}`;
}
function cellCheck(v, side) {
  const ok = Array.isArray(v) && v.length === 2 && v.every((c) => Number.isInteger(c) && c >= 0 && c < side);
  return ok ? '' : `must be [x, y] with whole numbers from 0 to ${side - 1}`;
}
function clip(s) { return s.length > 40 ? `${s.slice(0, 40)}…` : s; }
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function fail(where, what) { throw new LessonError(where ? `${where}: ${what}` : what); }
function onlyKeys(obj, allowed, where) {
  for (const k of Object.keys(obj)) if (!allowed.includes(k)) fail(where, `unknown field "${clip(k)}" (allowed: ${allowed.join(', ')})`);
}

// Text shown to people: a string of at most max characters, no control characters but line breaks.
function text(v, max, where, { required = true } = {}) {
  if (v === undefined && !required) return '';
  if (typeof v !== 'string') fail(where, 'must be text');
  if (required && !v.trim()) fail(where, 'is empty');
  if (v.length > max) fail(where, `is too long (${v.length.toLocaleString('en')} characters; at most ${max})`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(v)) fail(where, 'contains control characters');
  return v;
}

// A result text: placeholders {cost} {expanded} ... only; other braces are refused.
function resultText(v, where) {
  const t = text(v, kLessonLimits.result, where, { required: false });
  const rest = t.replace(/\{([A-Za-z]+)\}/g, (m, name) => {
    if (!kPlaceholders.includes(name)) fail(where, `unknown placeholder {${clip(name)}} (known: ${kPlaceholders.map((p) => `{${p}}`).join(' ')})`);
    return '';
  });
  if (/[{}]/.test(rest)) fail(where, 'has a brace that is not a placeholder');
  return t;
}

function parseAction(a, names, where) {
  if (!isPlainObject(a)) fail(where, 'must be an object with one action, e.g. {"finish": true}');
  const keys = Object.keys(a);
  if (keys.length !== 1) fail(where, `must name exactly one action (it has ${keys.length})`);
  const kind = keys[0];
  if (!Object.hasOwn(kActionChecks, kind)) fail(where, `unknown action "${clip(kind)}" (known: ${kActionKinds.join(', ')})`);
  const problem = kActionChecks[kind](a[kind], names);
  if (problem) fail(where, `${kind} ${problem}`);
  return { kind, value: Array.isArray(a[kind]) ? [...a[kind]] : a[kind] };
}

function parseComparison(v, earlierIds, where) {
  if (typeof v === 'number') v = { eq: v };
  if (!isPlainObject(v)) fail(where, 'must be a number or {"lt": ...} with eq, lt, le, gt or ge');
  onlyKeys(v, kOps, where);
  const out = {};
  for (const op of Object.keys(v)) {
    const ref = v[op];
    if (typeof ref === 'number') {
      if (!Number.isFinite(ref)) fail(where, `${op} must be a finite number`);
    } else if (typeof ref === 'string') {
      if (!earlierIds.includes(ref)) fail(where, `${op} refers to "${clip(ref)}", which is not the id of an earlier "Try this"`);
    } else {
      fail(where, `${op} must be a number or the id of an earlier "Try this"`);
    }
    out[op] = ref;
  }
  if (!Object.keys(out).length) fail(where, 'has no comparison');
  return out;
}

function parseExpect(e, names, earlierIds, where) {
  if (e === undefined) return null;
  if (!isPlainObject(e)) fail(where, 'must be an object');
  onlyKeys(e, ['status', 'admissible', ...kMeasures], where);
  const out = {};
  if (e.status !== undefined) {
    const problem = oneOf(e.status, names.statuses);
    if (problem) fail(`${where}, status`, problem);
    out.status = e.status;
  }
  if (e.admissible !== undefined) {
    if (typeof e.admissible !== 'boolean') fail(`${where}, admissible`, 'must be true or false');
    out.admissible = e.admissible;
  }
  for (const m of kMeasures) if (e[m] !== undefined) out[m] = parseComparison(e[m], earlierIds, `${where}, ${m}`);
  if (!Object.keys(out).length) fail(where, 'states nothing to check');
  return out;
}

function parseTry(t, names, ids, where) {
  if (!isPlainObject(t)) fail(where, 'must be an object');
  onlyKeys(t, ['id', 'label', 'actions', 'expect', 'result'], where);
  let id = '';
  if (t.id !== undefined) {
    if (typeof t.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,23}$/.test(t.id)) fail(`${where}, id`, 'must be 1-24 of a-z, 0-9 and -');
    if (ids.includes(t.id)) fail(`${where}, id`, `"${t.id}" is used twice`);
    id = t.id;
  }
  const label = text(t.label, kLessonLimits.label, `${where}, label`);
  if (!Array.isArray(t.actions) || !t.actions.length) fail(`${where}, actions`, 'must be a list of at least one action');
  if (t.actions.length > kLessonLimits.actions) fail(`${where}, actions`, `has ${t.actions.length} actions (at most ${kLessonLimits.actions})`);
  const actions = t.actions.map((a, i) => parseAction(a, names, `${where}, action ${i + 1}`));
  const expect = parseExpect(t.expect, names, ids, `${where}, expect`);
  const result = resultText(t.result, `${where}, result`);
  if (id) ids.push(id);
  return { id, label, actions, expect, result };
}

// Checks the lesson part (title, summary, steps). Returns a normalized copy (only known fields);
// throws LessonError.
export function parseLesson(raw, names) {
  if (!isPlainObject(raw)) fail('', 'the lesson must be an object');
  onlyKeys(raw, ['title', 'summary', 'steps'], 'lesson');
  const title = text(raw.title, kLessonLimits.title, 'title');
  const summary = text(raw.summary, kLessonLimits.summary, 'summary', { required: false });
  if (!Array.isArray(raw.steps) || !raw.steps.length) fail('steps', 'must be a list of at least one step');
  if (raw.steps.length > kLessonLimits.steps) fail('steps', `has ${raw.steps.length} steps (at most ${kLessonLimits.steps})`);
  const ids = [];
  const steps = raw.steps.map((s, i) => {
    const where = `step ${i + 1}`;
    if (!isPlainObject(s)) fail(where, 'must be an object');
    onlyKeys(s, ['text', 'try'], where);
    const body = text(s.text, kLessonLimits.stepText, `${where}, text`);
    const list = s.try ?? [];
    if (!Array.isArray(list)) fail(`${where}, try`, 'must be a list');
    if (list.length > kLessonLimits.tries) fail(`${where}, try`, `has ${list.length} buttons (at most ${kLessonLimits.tries})`);
    return { text: body, tries: list.map((t, j) => parseTry(t, names, ids, `${where}, "Try this" ${j + 1}`)) };
  });
  return { title, summary, steps };
}

// Checks the settings a lesson starts with (strict, unlike a plain share link: a lesson that
// names an unknown algorithm is refused before its map is loaded).
export function parseSettings(raw, names) {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) fail('settings', 'must be an object');
  onlyKeys(raw, kSettingKeys, 'settings');
  const out = {};
  for (const key of Object.keys(raw)) {
    const problem = kActionChecks[key](raw[key], names);
    if (problem) fail(`settings, ${key}`, problem);
    out[key] = raw[key];
  }
  return out;
}

// Every cell an action names, as { where, x, y }: the page checks them against the map before
// loading it.
export function cellsNamed(lesson) {
  const out = [];
  lesson.steps.forEach((s, i) => s.tries.forEach((t, j) => t.actions.forEach((a, k) => {
    if (a.kind === 'start' || a.kind === 'goal') out.push({ where: `step ${i + 1}, "Try this" ${j + 1}, action ${k + 1} (${a.kind})`, x: a.value[0], y: a.value[1] });
  })));
  return out;
}

// ---- after a run ----

// result: { status: core's status name, admissible, cost, expanded, generated, maxOpen, pathCells,
// label: the algorithm's label }. earlier: id -> result of an earlier "Try this"; labels: id ->
// that try's button label (for the words). Returns [{ ok, kind, text, part }], one per claim: text
// a sentence, part a phrase for check_words.js's summarySentence; a claim whose reference has not
// run yet has ok = null.
export function checkExpect(expect, result, earlier = new Map(), labels = new Map()) {
  if (!expect) return [];
  const out = [];
  if (expect.status !== undefined) {
    const ok = result.status === expect.status;
    out.push({ ok, kind: 'status', ...statusClaim(result.label ?? '', result.status, expect.status) });
  }
  if (expect.admissible !== undefined) {
    const ok = result.admissible === expect.admissible;
    out.push({ ok, kind: 'admissible', ...admissibleClaim(result.admissible, expect.admissible) });
  }
  for (const m of kMeasures) {
    const cmp = expect[m];
    if (!cmp) continue;
    for (const [op, ref] of Object.entries(cmp)) {
      const other = typeof ref === 'number' ? ref : earlier.get(ref)?.[m];
      const ok = other === undefined ? null : compare(result[m], op, other);
      out.push({ ok, kind: m, ...measureClaim(m, op, result[m], ref, labels.get(ref), other, ok) });
    }
  }
  return out;
}

function compare(a, op, b) {
  const tolerance = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));  // costs are sums of doubles
  const eq = Math.abs(a - b) <= tolerance;
  if (op === 'eq') return eq;
  if (op === 'lt') return a < b && !eq;
  if (op === 'le') return a < b || eq;
  if (op === 'gt') return a > b && !eq;
  return a > b || eq;
}

export function formatValue(v) { return typeof v === 'number' ? formatNumber(v) : String(v); }

// Fills {cost}, {expanded}, ... in a result text.
export function fillResult(template, result) {
  return template.replace(/\{([A-Za-z]+)\}/g, (m, name) => (Object.hasOwn(result, name) ? formatValue(result[name]) : m));
}
