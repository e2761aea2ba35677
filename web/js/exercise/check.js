// Checking an answer: always against the page's engine, set to the question (its map, settings
// and search after k expansions), read live: the open list in the order the search will take
// it (engine.openList), a cell's g, h and f (engine.inspect), and for admissibility the exact
// cost to the goal from every cell (engine.heat('exact'), a reverse Dijkstra) against h. Each
// check returns { ok, tie, text, right, picked } with the numbers for the feedback; nothing
// here is typed: the answers are the engine's.
import { NodeState } from '../engine.js';
import { formatNumber } from '../dom.js';
import { whyNext } from '../teach/open_list.js';
import { heuristicShownName } from '../glossary.js';

const kTolerance = 0.01;  // a typed h or f to two decimals is right
const sameKey = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
export const cellText = (engine, n) => `(${engine.xOf(n)}, ${engine.yOf(n)})`;

// The heuristic's name for people (core's registry).
export function heuristicLabel(engine) {
  const r = engine.registry, name = engine.settings.heuristic;
  // The menus' words where a name runs as another distance (octile on 4-way moves).
  const shown = heuristicShownName(name, { fourWay: engine.diagonal() === 0, hex: engine.isHex() });
  return shown !== name ? shown : r.heuristicLabels[r.heuristics.indexOf(name)] ?? name;
}

// "f = g + h = 3 + 4.24 = 7.24" for a cell of the current search, in the algorithm's own terms.
export function fSum(engine, cell) {
  const info = engine.algorithmInfo(), { g, h, f } = engine.inspect(cell), w = engine.settings.weight;
  const n = formatNumber;
  if (info.heuristicOnly) return `f = h = ${n(f)} (greedy ignores g = ${n(g)})`;
  if (!info.usesHeuristic) return `f = g = ${n(f)} (no h)`;
  if (info.weighted) return `f = g + w·h = ${n(g)} + ${n(w)} × ${n(h)} = ${n(f)}`;
  return `f = g + h = ${n(g)} + ${n(h)} = ${n(f)}`;
}

// Which cell the search expands next; a tap on `cell`. An open cell whose key (f; h for
// greedy) equals the engine's pick is right too: the tie rule only orders equals.
export function checkNext(engine, cell) {
  const info = engine.algorithmInfo(), [next] = engine.openList(1);
  const label = info.label, text = (n) => cellText(engine, n);
  // A queue or a stack has no key: its order is when cells were added.
  const rightPart = info.frontier === 'priority' ? `${label} expands ${text(next.cell)} next: ${fSum(engine, next.cell)}`
    : `${label} expands ${text(next.cell)} next (g = ${formatNumber(next.g)})`;
  const picked = cell >= 0 && cell < engine.cellCount ? engine.inspect(cell) : null;
  if (cell === next.cell) {
    const rows = engine.openList(2);
    return { ok: true, tie: false, right: next.cell, picked: cell, text: `Right: ${rightPart}. ${whyNext(info, rows, text)}` };
  }
  if (picked && picked.state === NodeState.Open && info.frontier === 'priority' && sameKey(picked.f, next.f)) {
    const rows = [next, { cell, g: picked.g, h: picked.h, f: picked.f }];
    return {
      ok: true, tie: true, right: next.cell, picked: cell,
      text: `Right: ${text(cell)} is tied with the engine's pick ${text(next.cell)} on ${info.heuristicOnly ? 'h' : 'f'} = ${formatNumber(next.f)}. ` +
        `Tie rule: ${whyNext(info, rows, text)} So ${rightPart}.`,
    };
  }
  let why;
  if (!picked) why = 'That is outside the map.';
  else if (engine.costs()[cell] === 0) why = `${text(cell)} is a wall.`;
  else if (picked.state === NodeState.Closed) why = `${text(cell)} is closed: it was expanded already.`;
  else if (picked.state !== NodeState.Open) why = `${text(cell)} is not on the open list yet.`;
  else if (info.frontier !== 'priority') why = `${text(cell)} is open, but joined the ${info.frontier} later.`;
  else why = `${text(cell)} is open with ${fSum(engine, cell)}.`;
  return { ok: false, tie: false, right: next.cell, picked: cell, text: `Not this one: ${why} ${rightPart}. ${whyNext(info, engine.openList(2), text)}` };
}

// A typed number: "7.07", "7,07" or "7".
export function parseAnswer(text) {
  const t = String(text).trim().replace(',', '.');
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN;
}

// h or f of the ringed cell, typed.
export function checkValue(engine, kind, cell, typed) {
  const value = parseAnswer(typed), cellInfo = engine.inspect(cell), right = kind === 'h' ? cellInfo.h : cellInfo.f;
  const where = cellText(engine, cell);
  const numbers = kind === 'h' ? `h${where} = ${formatNumber(right)}, the ${heuristicLabel(engine)} estimate of the cost to the goal`
    : `at ${where}, ${fSum(engine, cell)}`;
  if (Number.isNaN(value)) return { ok: false, tie: false, right: cell, picked: -1, text: `That is not a number. ${capital(numbers)}.`, value };
  const ok = Math.abs(value - right) <= kTolerance + 1e-9;
  return { ok, tie: false, right: cell, picked: -1, value, text: ok ? `Right: ${numbers}.` : `Not ${formatNumber(value)}: ${numbers}.` };
}
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// Whether h is admissible on this map and query: h never above the exact cost to the goal, on
// every cell that can reach it. The engine's own fill, compared cell by cell.
export function admissibility(engine) {
  const exact = Float64Array.from(engine.heat('exact'));  // a copy: the next heat() reuses the view
  const h = Float64Array.from(engine.heat('h'));
  let worst = -1, worstBy = 0, cells = 0;
  for (let n = 0; n < exact.length; n++) {
    if (!Number.isFinite(exact[n]) || Number.isNaN(h[n])) continue;
    cells++;
    const over = h[n] - exact[n];
    if (over > 1e-9 * Math.max(1, exact[n]) && over > worstBy) {
      worst = n;
      worstBy = over;
    }
  }
  return { admissible: worst < 0, cells, worst, h: worst >= 0 ? h[worst] : 0, exact: worst >= 0 ? exact[worst] : 0 };
}

export function checkAdmissible(engine, sayYes) {
  const a = admissibility(engine), ok = sayYes === a.admissible;
  const name = heuristicLabel(engine);
  const text = a.admissible
    ? `${ok ? 'Right' : 'Not so'}: ${name} is admissible here. On all ${a.cells} cells that can reach the goal, h is at most the real cost left (the engine's exact fill).`
    : `${ok ? 'Right' : 'Not so'}: ${name} is not admissible here. At ${cellText(engine, a.worst)}, h = ${formatNumber(a.h)} but the cheapest way to the goal costs ` +
      `${formatNumber(a.exact)}: h overestimates by ${formatNumber(a.h - a.exact)}.`;
  return { ok, tie: false, right: a.worst, picked: -1, text, admissible: a.admissible };
}
