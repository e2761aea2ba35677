// A document in plain words: one line per schema field (document/schema.js, kFields) that differs
// from what a new visitor gets, so "Share as lesson…" can show what its link will open with
// before the teacher sends it. Every field of the schema has an entry here (describeDocument
// throws on one without, and page_document's test fails), so a new field is never left out of
// the preview silently.
import { kFieldNames, defaultOf } from './document/schema.js';
import { kHeatKinds } from './teach/heat_map.js';
import { formatNumber } from './dom.js';

const at = ([x, y]) => `(${x}, ${y})`;
const listed = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
const onNames = (flags, words) => Object.keys(words).filter((k) => flags[k]).map((k) => words[k]);

// "A* with Octile distance, weight 2.5": search settings (the page's or a race's B) in words.
export function searchWords(s, ctx) {
  const r = ctx.registry, info = r.algorithms.find((a) => a.name === s.algorithm);
  const h = info?.usesHeuristic ? ` with ${r.heuristicLabels[r.heuristics.indexOf(s.heuristic)] ?? s.heuristic}` : '';
  const parts = [`${info?.label ?? s.algorithm}${h}`];
  if (info?.weighted) parts.push(`weight ${formatNumber(s.weight)}`);
  if (info?.usesHeuristic && s.wrapAware === false) parts.push('not tunnel-aware');
  if (info?.usesHeuristic && s.portalAware === false) parts.push('not portal-aware');
  if (s.agentSize > 1) parts.push(`for a ${s.agentSize}×${s.agentSize}-cell agent`);
  return parts.join(', ');
}

// field name -> (value, ctx) => the line a person reads.
const kWords = {
  map: (text) => {
    const name = /^name: (.*)$/m.exec(text)?.[1], size = /^size: (\d+) x (\d+)$/m.exec(text);
    return `Map${name ? ` “${name}”` : ''}${size ? `, ${size[1]}×${size[2]} cells` : ''}`;
  },
  start: (cell) => (cell ? `Start at ${at(cell)}` : 'No start'),
  goals: (cells) => (cells.length ? `Goal${cells.length > 1 ? 's' : ''} at ${listed(cells.map(at))}` : 'No goal'),
  settings: (s, ctx) => `Search: ${searchWords(s, ctx)}`,
  race: (s, ctx) => (s ? `Race: B runs ${searchWords(s, ctx)} beside it` : 'No race'),
  lab: (v, ctx) => {
    if (!v) return 'Lab: not set up';
    const method = ctx.registry.labMethods?.find((m) => m.name === v.method);
    return `Lab: ${method?.label ?? v.method} (${Object.entries(v.params).map(([k, x]) => `${k} ${formatNumber(x)}`).join(', ')})`;
  },
  heatMap: (v) => `Heat map: ${kHeatKinds[v] ?? v}`,
  overlays: (v) => `Drawn on the grid: ${listed(onNames(v, { parents: 'parent arrows', numbers: 'g, h, f numbers' })) || 'nothing extra'}`,
  pathViews: (v) => `Path lines: ${listed(onNames(v, { raw: 'raw', pulled: 'string-pulled', smooth: 'smoothed' })) || 'none'}`,
  speed: (v) => `Speed: ${typeof v === 'number' ? `${formatNumber(v)} expansions a second` : 'instant'}`,
  sections: (v) => `Open in Tools: ${listed(v.map((s) => ({ heat: 'heat map and race', lab: 'lab', hpa: 'HPA*', subgoal: 'subgoal graph', navmesh: 'navigation mesh' })[s] ?? s)) || 'nothing'}`,
  hierarchical: (v) => `HPA*: clusters of ${v.clusterSize ?? 'default size'}${v.show ? ', shown on the grid' : ''}`,
  subgoals: (v) => `Subgoal graph: ${v.show ? 'shown on the grid' : 'hidden'}`,
  navmesh: (v) => `Navigation mesh: ${v.show ? 'shown on the grid' : 'hidden'}; any-angle lines: ${listed(onNames(v, { navmeshLine: 'navmesh path', thetaLine: 'Theta* path' })) || 'none'}`,
  agents: (v) => `Agents move ${formatNumber(v.speed ?? 0)} cells a second`,
  look: (v) => `Look: ${v.look ?? 'auto'}${v.pellets === false ? ', no pellets' : ''}`,
  lesson: (v) => (v ? `Lesson: “${v.lesson?.title ?? ''}”, page ${(v.step ?? 0) + 1}` : 'No lesson'),
};

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// [{ field, text }]: the map, its start and goals and the search always, then every other field whose value
// differs from its default; `skip` names fields the caller words itself (the lesson being written).
export function describeDocument(snapshot, ctx, { skip = [] } = {}) {
  const missing = kFieldNames.filter((f) => !kWords[f]);
  if (missing.length) throw new Error(`document_words.js has no words for ${missing.join(', ')}`);
  const always = ['map', 'start', 'goals', 'settings'];
  return kFieldNames
    .filter((f) => !skip.includes(f) && (always.includes(f) || !same(snapshot[f], defaultOf(f, ctx))))
    .map((f) => ({ field: f, text: kWords[f](snapshot[f], ctx) }));
}

// Fields the words table covers (for the test that every schema field has words).
export const kDescribedFields = Object.freeze(Object.keys(kWords));
