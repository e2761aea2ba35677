// The glossary: every word of the trade the page uses, with a plain definition. The one place
// these definitions live; views/glossary_view.js finds the terms in the page's text (legend,
// notes, lessons, the code pane, lesson checks, the compare table) and makes each one a
// focusable word whose definition shows on hover, keyboard focus and tap.
// `match` is the pattern of the term in running text (flags are added: 'g', plus 'i' when
// `caseless`). Single letters (g, h, f) are matched lowercase only and never inside a word,
// an abbreviation ("e.g.") or a file name. No DOM here: node tests read the same list.

// h's formulas for each movement rule on square grids, with unit steps: dx and dy are the
// columns and rows between a cell and the goal (the shorter way round a wrapping map when h is
// tunnel-aware). The map's cheapest cell cost and the step costs (1 and √2, or 10 and 14) scale
// them; on hex maps Manhattan, octile and Chebyshev are the hex distance. The glossary's words
// below show them; page_glossary evaluates them against the engine's h.
export const kHeuristicFormulas = Object.freeze({
  zero: { '4-way': '0', '8-way': '0' },
  manhattan: { '4-way': 'dx + dy', '8-way': 'dx + dy' },
  octile: { '4-way': 'dx + dy', '8-way': 'max(dx, dy) + (√2 − 1) × min(dx, dy)' },
  euclidean: { '4-way': '√(dx² + dy²)', '8-way': '√(dx² + dy²)' },
  chebyshev: { '4-way': 'max(dx, dy)', '8-way': 'max(dx, dy)' },
});
// The glossary entry that defines each heuristic of core's registry.
export const kHeuristicTerms = Object.freeze({
  zero: 'zero-h', manhattan: 'manhattan', octile: 'octile', euclidean: 'euclidean', chebyshev: 'chebyshev', exact: 'exact-h', landmarks: 'landmarks',
});

// A heuristic's name as menus and questions show it: where the name runs as another distance,
// it says which (octile on 4-way moves is the Manhattan distance: there is no diagonal step).
export function heuristicShownName(name, { fourWay = false, hex = false } = {}) {
  return name === 'octile' && fourWay && !hex ? 'octile (= Manhattan on 4-way moves)' : name;
}
// Refreshes a heuristic menu's option texts for an engine's movement rule and cell shape.
export function labelHeuristicOptions(select, engine) {
  const on = { fourWay: engine.diagonal() === 0, hex: engine.isHex() };
  for (const option of select.options) option.textContent = heuristicShownName(option.value, on);
}

export const kGlossary = Object.freeze([
  {
    id: 'g', term: 'g',
    match: String.raw`(?<![\w.'’-])g(?![\w'’-]|\.\w)`,
    text: 'g: the cost of the cheapest way found so far from the start to this cell (it can only go down while the search runs).',
  },
  {
    id: 'h', term: 'h',
    match: String.raw`(?<![\w.'’-])h(?![\w'’-]|\.\w)`,
    text: 'h: the heuristic\'s estimate of the cost left from this cell to the goal. The search never knows it exactly; it guesses.',
  },
  {
    id: 'f', term: 'f',
    match: String.raw`(?<![\w.'’-])f(?![\w'’-]|\.\w)`,
    text: 'f = g + h: the estimated cost of the whole path through this cell. A* expands the open cell with the lowest f next.',
  },
  {
    id: 'heuristic', term: 'heuristic', caseless: true,
    match: String.raw`\bheuristics?\b`,
    text: 'Heuristic: a quick estimate (h) of the cost from a cell to the goal, such as the Manhattan or straight-line distance. A good one steers the search towards the goal.',
  },
  {
    id: 'open', term: 'open list (frontier)', caseless: true,
    match: String.raw`\bopen (?:list|cells?|nodes?|set)\b|\bfrontier\b`,
    text: 'Open list, or frontier: the cells found but not expanded yet, waiting their turn. A* takes the one with the lowest f first.',
  },
  {
    id: 'closed', term: 'closed', caseless: true,
    match: String.raw`\bclosed (?:list|cells?|nodes?|set)\b|\bclosed \(expanded\)`,
    text: 'Closed: a cell already expanded (taken off the open list with its neighbours looked at). A* does not look at it again.',
  },
  {
    id: 'expand', term: 'expand', caseless: true,
    match: String.raw`\bexpan(?:d|ds|ded|ding|sions?)\b`,
    text: 'Expand: take a cell off the open list, close it, and look at each of its neighbours (a new or cheaper way to a neighbour puts it on the open list). "Expanded" counts these.',
  },
  {
    id: 'generated', term: 'generated', caseless: true,
    match: String.raw`\bgenerated\b`,
    text: 'Generated: neighbours looked at while expanding cells, counted each time (a cell can be generated several times).',
  },
  {
    id: 'max-open', term: 'max open', caseless: true,
    match: String.raw`\bmax(?:imum)? open\b`,
    text: 'Max open: the largest number of cells the open list held at one time (the memory the search needed).',
  },
  {
    id: 'admissible', term: 'admissible', caseless: true,
    match: String.raw`\b(?:in)?admissib(?:le|ility)\b`,
    text: 'Admissible: a heuristic that never overestimates the real cost left to the goal. With one, A* always finds the cheapest path.',
  },
  {
    id: 'overestimate', term: 'overestimate', caseless: true,
    match: String.raw`\boverestimat(?:e|es|ed|ing|ion)\b`,
    text: 'Overestimate: h says the goal is further than it really is. A heuristic that does so is not admissible, and A* may then return a longer path.',
  },
  {
    id: 'consistent', term: 'consistent', caseless: true,
    match: String.raw`\b(?:in)?consisten(?:t|cy)\b`,
    text: 'Consistent (monotone): h never drops by more than the cost of one step between neighbours. Then f never decreases along a path, and no closed cell needs opening again.',
  },
  {
    id: 'tie', term: 'tie-breaking', caseless: true,
    match: String.raw`\btie[- ]break(?:ing|er|ers|s)?\b|\btied\b|\bties\b`,
    text: 'Tie-breaking: the rule for which open cell goes first when several share the lowest f. Here the larger g wins (the cell nearer the goal), then the one pushed last.',
  },
  {
    id: 'weighted', term: 'weighted A*', caseless: true,
    match: String.raw`\bweighted(?: A\*)?|\bweight\b|\bw·h\b`,
    text: 'Weighted A*: f = g + w·h with a weight w above 1. It trusts the heuristic more, expands fewer cells, and returns a path at most w times the cheapest.',
  },
  {
    id: 'greedy', term: 'greedy best-first', caseless: true,
    match: String.raw`\bgreedy(?: best-first)?\b`,
    text: 'Greedy best-first: orders the open list by h alone, ignoring the cost so far. Fast, but the path is often not the cheapest.',
  },
  {
    id: 'bfs', term: 'breadth-first search', caseless: true,
    match: String.raw`\bbreadth-first(?: search)?\b|\bBFS\b`,
    text: 'Breadth-first search (BFS): expands cells in the order they were found (a queue), ring by ring. It finds the path with the fewest steps and ignores costs.',
  },
  {
    id: 'dijkstra', term: 'Dijkstra', caseless: true,
    match: String.raw`\bDijkstra(?:'s|’s)?\b`,
    text: 'Dijkstra\'s algorithm: expands the cell with the lowest g (cost from the start) first, with no heuristic. Always the cheapest path; it looks in every direction.',
  },
  {
    id: 'jump-point', term: 'jump point search', caseless: true,
    match: String.raw`\bjump points?(?: search)?\b|\bJPS\b`,
    text: 'Jump point search (JPS): A* on a grid of equal costs that skips over runs of cells that many equally cheap paths share, stopping only at "jump points" where a wall forces a turn.',
  },
  {
    id: 'string-pulling', term: 'string pulling', caseless: true,
    match: String.raw`\bstring[- ]pull(?:ing|ed|s)?\b`,
    text: 'String pulling: straightens the cell path by joining cells that see each other in a straight line, as if a string along the path were pulled tight. Never through a wall.',
  },
  {
    id: 'smoothing', term: 'smoothing', caseless: true,
    match: String.raw`\bsmooth(?:ing|ed)\b`,
    text: 'Smoothing: turns the path\'s corners into curves (Catmull-Rom splines) for a unit to follow, checked against walls.',
  },
  {
    id: 'parent', term: 'parent', caseless: true,
    match: String.raw`\bparents?\b`,
    text: 'Parent: the cell a cell was reached from on its cheapest known way. Following parents back from the goal gives the path.',
  },
  {
    id: 'manhattan', term: 'Manhattan distance', caseless: true,
    match: String.raw`\bmanhattan\b`,
    text: `Manhattan distance: steps across plus steps up or down, as on city blocks: h = ${kHeuristicFormulas.manhattan['4-way']} (dx, dy: the columns and rows to the goal). Exact on an empty 4-way grid; with 8-way moves it can overestimate, since one diagonal step covers one of each.`,
  },
  {
    id: 'octile', term: 'octile distance', caseless: true,
    match: String.raw`\boctile\b`,
    text: `Octile distance: the cost on an empty grid with the map's own moves. With 8-way moves, diagonal steps (√2) first, then straight ones: h = ${kHeuristicFormulas.octile['8-way']}. With 4-way moves there is no diagonal step, so it is h = ${kHeuristicFormulas.octile['4-way']}, the Manhattan distance.`,
  },
  {
    id: 'euclidean', term: 'Euclidean distance', caseless: true,
    match: String.raw`\beuclidean\b`,
    text: `Euclidean distance: the straight-line distance, as the crow flies: h = ${kHeuristicFormulas.euclidean['8-way']} with any moves. Never more than the real cost, so admissible, but it often underestimates on a grid.`,
  },
  {
    id: 'chebyshev', term: 'Chebyshev distance', caseless: true,
    match: String.raw`\bchebyshev\b`,
    text: `Chebyshev distance: the larger of the two, h = ${kHeuristicFormulas.chebyshev['8-way']}, the moves a chess king needs. Admissible with any moves (a step costs at least 1 and moves at most one column and one row), but weaker than octile.`,
  },
  {
    id: 'zero-h', term: 'zero h', caseless: true,
    match: String.raw`\bzero h\b`,
    text: 'Zero h: h = 0 everywhere. A* then takes cells in order of g alone, as Dijkstra does.',
  },
  {
    id: 'exact-h', term: 'exact h', caseless: true,
    match: String.raw`\bexact h\b`,
    text: 'Exact h: the true cost left from each cell to the goal, worked out before the search (a Dijkstra search backwards from the goal). A* with it expands only cells on a cheapest path.',
  },
  {
    id: 'landmarks', term: 'landmarks (ALT)',
    match: String.raw`\b[Ll]andmarks\b|\bALT\b`,
    text: 'Landmarks (ALT): true costs to a few landmark cells, worked out before the search. By the triangle rule |cost(landmark, goal) − cost(landmark, cell)| never overestimates; h is the largest of these and the octile distance.',
  },
  {
    id: 'tunnel-aware', term: 'tunnel-aware h', caseless: true,
    match: String.raw`\btunnel-aware\b|\bwrap-aware\b`,
    text: 'Tunnel-aware h: a heuristic that knows the map wraps around (leaving on the left comes back on the right), so it measures the shorter way round and stays admissible.',
  },
  {
    id: 'portal-aware', term: 'portal-aware h', caseless: true,
    match: String.raw`\bportal-aware\b`,
    text: 'Portal-aware h: a heuristic that also counts the way through a portal, so it never overestimates when a portal is the shortcut.',
  },
  {
    id: 'relax', term: 'relax', caseless: true,
    match: String.raw`\brelax(?:es|ed|ing|ation|ations)?\b`,
    text: 'Relax: look at one neighbour of the cell being expanded; when the way through this cell is cheaper than its g, lower its g, set its parent and put it on the open list.',
  },
  {
    id: 'optimal', term: 'optimal', caseless: true,
    match: String.raw`\boptim(?:al|um)\b`,
    text: 'Optimal: the cheapest path there is. Dijkstra and A* with an admissible heuristic always return one.',
  },
]);

// Each term's pattern as a RegExp (a new one per call: the 'g' flag keeps state).
export function termPattern(entry) {
  return new RegExp(entry.match, entry.caseless ? 'gi' : 'g');
}
