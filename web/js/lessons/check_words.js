// A lesson's checks in words: each claim of a "Try this" (format.js's checkExpect) as a phrase
// and a sentence ("Breadth-first found a path, as the text says"; "Path cost 12; the lesson says
// 11"), and all of a try's claims as one sentence when they all hold ("Breadth-first found a
// path: path cost 11, 12 cells on the path, as the text says"). No DOM, no engine: the node
// tests read the same words.
import { formatNumber } from '../dom.js';

// Core's status names (registry().statuses) as what the search did; another name is shown as is.
const kStatusWords = {
  found: 'found a path', 'no-path': 'found no path', 'in-progress': 'is still searching', idle: 'has not started',
  'invalid-input': 'could not start (the query is invalid)',
};
export const statusWords = (status) => kStatusWords[status] ?? `ended as "${status}"`;

// Each measure as a count of something ("250 cells expanded") and its comparisons.
const kMeasureWords = {
  cost: { noun: (v) => `path cost ${v}`, less: 'less than' },
  expanded: { noun: (v) => `${v} cells expanded`, less: 'fewer than' },
  generated: { noun: (v) => `${v} neighbours generated`, less: 'fewer than' },
  maxOpen: { noun: (v) => `largest open list ${v}`, less: 'less than' },
  pathCells: { noun: (v) => `${v} cells on the path`, less: 'fewer than' },
  length: { noun: (v) => `line length ${v}`, less: 'shorter than' },
};
const fmt = (v) => (typeof v === 'number' ? formatNumber(v) : String(v));
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function opWords(m, op) {
  return { eq: 'the same as', lt: kMeasureWords[m].less, le: 'at most', gt: 'more than', ge: 'at least' }[op];
}

// who: the algorithm's label ("Breadth-first"), or '' ("The search").
export function statusClaim(who, got, want) {
  const subject = who || 'The search';
  const part = `${subject} ${statusWords(got)}`;
  return got === want ? { part, text: `${part}, as the text says.` }
    : { part, text: `${part}; the lesson says it ${statusWords(want)}.` };
}

const admissibleWords = (a) => (a ? 'the heuristic is admissible here (it never overestimates)' : 'the heuristic may overestimate here');
export function admissibleClaim(got, want) {
  const part = admissibleWords(got);
  return got === want ? { part, text: `${capital(part)}, as the text says.` }
    : { part, text: `${capital(part)}; the lesson says ${admissibleWords(want).replace(/^the heuristic /, 'it ')}.` };
}

// A measure against a number or an earlier try's result. ref: the number or the id; refLabel:
// that try's button label (for an id); other: the value compared with (undefined: not run yet).
export function measureClaim(m, op, value, ref, refLabel, other, ok) {
  const noun = kMeasureWords[m].noun(fmt(value));
  if (other === undefined) {
    const what = kMeasureWords[m].noun('').trim();
    return { part: noun, text: `Run “${refLabel || ref}” first: this compares its ${what} with that one's.` };
  }
  const against = typeof ref === 'number' ? fmt(other) : `“${refLabel || ref}” (${fmt(other)})`;
  // "Path cost 11" says "equal to 11" by itself; a comparison or a reference needs its words.
  const cmp = op === 'eq' && typeof ref === 'number' ? '' : `${opWords(m, op)} ${against}`;
  const part = cmp ? `${noun}, ${cmp}` : noun;
  if (ok) return { part, noun, cmp, text: `${capital(part)}, as the text says.` };
  const says = op === 'eq' && typeof ref === 'number' ? `${kMeasureWords[m].noun(fmt(other))}` : `${opWords(m, op)} ${against}`;
  return { part, text: `${capital(noun)}; the lesson says ${says}.` };
}

// One sentence for a try whose claims all hold: the status first (or who ran), then the rest.
export function summarySentence(checks, who) {
  if (!checks.length || checks.some((c) => c.ok !== true)) return '';
  const status = checks.find((c) => c.kind === 'status');
  // Claims on one measure read as one phrase: "250 cells expanded, more than 200 and fewer than 315".
  const rest = [];
  let last = null;
  for (const c of checks) {
    if (c === status) continue;
    if (last && c.kind === last.kind && c.noun && c.cmp && last.cmps) {
      last.cmps.push(c.cmp);
      continue;
    }
    last = { kind: c.kind, noun: c.noun, part: c.part, cmps: c.noun && c.cmp ? [c.cmp] : null };
    rest.push(last);
  }
  const phrases = rest.map((r) => (r.cmps ? `${r.noun}, ${r.cmps.join(' and ')}` : r.part));
  const lead = status ? status.part : `${who || 'The search'}:`;
  if (!phrases.length) return `${lead}, as the text says.`;
  return `${lead}${status ? ':' : ''} ${phrases.join(', ')}, as the text says.`;
}
