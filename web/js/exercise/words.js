// The exercise's questions in words: the map, the search so far and what is asked, with the
// glossary's terms (the panel marks them) and touch words on a touch screen ("Tap", not "Click").
import { formatNumber } from '../dom.js';
import { cellText, heuristicLabel } from './check.js';

// The awareness switches that change h on this map, in words.
function awareness(e) {
  const parts = [];
  if (e.wrapX() || e.wrapY()) parts.push(`tunnel-aware h ${e.settings.wrapAware ? 'on' : 'off'}`);
  if (e.portals().length > 0) parts.push(`portal-aware h ${e.settings.portalAware ? 'on' : 'off'}`);
  return parts.length > 0 ? ` with ${parts.join(' and ')}` : '';
}

// The text of question q (questions.js) with the page's engine set to it; touch: a touch screen.
export function questionText(e, q, touch) {
  const info = e.algorithmInfo();
  const label = e.stats().fellBack ? `${info.label} (running as ${e.algorithmInfo(e.stats().ranAs)?.label ?? 'A*'} on this map)` : info.label;
  const heuristic = `${heuristicLabel(e)}${awareness(e)}`;
  const moves = e.diagonal() === 0 ? '4-way moves' : '8-way moves';
  const at = (n) => cellText(e, n);
  const context = `The map: ${q.from}, ${moves}, start ${at(e.start())}, goal ${at(e.goal())}. `;
  if (q.kind === 'next') {
    const rule = info.frontier === 'queue' ? 'It takes the open cells in the order they were added (a queue).'
      : info.frontier === 'stack' ? 'It takes the open cell added last (a stack).'
        : info.heuristicOnly ? `It takes the open cell with the lowest h (${heuristic}).`
          : info.weighted ? `It takes the open cell with the lowest f = g + w·h (w = ${e.settings.weight}, h: ${heuristic}).`
            : info.usesHeuristic ? `It takes the open cell with the lowest f = g + h (h: ${heuristic}).` : 'It takes the open cell with the lowest f = g (no h).';
    const how = touch ? 'Tap it on the grid.' : 'Click it on the grid, or move the cursor with the arrow keys and press Enter.';
    return `${context}${label} has expanded ${q.k} cells. Which cell will it expand next? ${rule} ${how}`;
  }
  if (q.kind === 'h') {
    return `${context}What is h at the ringed cell ${at(q.cell)}? The heuristic is ${heuristic}: its estimate of the cost from a cell to the goal. ` +
      'Type it (two decimals are enough) and press Enter or Check.';
  }
  if (q.kind === 'f') {
    const how = info.heuristicOnly ? 'greedy best-first search' : info.weighted ? `weighted A* with w = ${e.settings.weight}` : info.label;
    return `${context}What is f at the ringed open cell ${at(q.cell)}? Its g is ${formatNumber(q.g)}; the search is ${how}` +
      `${info.usesHeuristic ? `, the heuristic ${heuristic}` : ''}. Type it and press Enter or Check.`;
  }
  return `${context}Is ${heuristic} admissible on this map, for this goal: does h never overestimate the real cost left from any cell? Answer Yes or No.`;
}
