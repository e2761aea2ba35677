// Pseudo-code of each algorithm family and the lines one expansion executes, built from the
// engine's record of that expansion (engine.lastExpansion(): the node taken, whether it was a
// goal, and what happened to each neighbour). The lines are what the code pane highlights,
// one press of "Step line" at a time.
//
// Families by how they take the next node: a best-first open list (A*, weighted A*, Dijkstra,
// greedy: one listing, the key differs), a queue (BFS), a stack (DFS), jump point search
// (A* over jump points) and any-angle search (Theta*, Lazy Theta*). The algorithm's traits come from core's registry.

// The key each best-first algorithm orders its open list by, from its registry row.
export function keyText(info) {
  if (!info.usesHeuristic) return 'f = g';
  if (info.heuristicOnly) return 'f = h';
  if (info.weighted) return 'f = g + w·h';
  return 'f = g + h';
}

const kBestFirst = (key) => [
  `open ← {start}; g(start) ← 0`,
  `while open is not empty:`,
  `  u ← the open node with the lowest ${key}`,
  `  if u is a goal: return the path to u`,
  `  close u`,
  `  for each neighbour v of u:`,
  `    if v is closed: skip it`,
  `    g′ ← g(u) + cost(u, v)`,
  `    if v is not open: g(v) ← g′, parent(v) ← u, push v`,
  `    else if g′ < g(v): g(v) ← g′, parent(v) ← u, decrease v's key`,
  `return no path`,
];
const kQueueOrStack = (kind) => [
  `${kind} ← [start]; mark start seen`,
  `while the ${kind} is not empty:`,
  kind === 'queue' ? `  u ← take the first of the queue` : `  u ← take the last of the stack`,
  `  if u is a goal: return the path to u`,
  `  for each neighbour v of u:`,
  `    if v was seen: skip it`,
  `    mark v seen, parent(v) ← u, ${kind === 'queue' ? 'append v to the queue' : 'push v on the stack'}`,
  `return no path`,
];
const kJumpPoint = [
  `open ← {start}; g(start) ← 0`,
  `while open is not empty:`,
  `  u ← the open node with the lowest f = g + h`,
  `  if u is a goal: return the path to u`,
  `  close u`,
  `  for each direction not pruned by the move into u:`,
  `    v ← jump from u that way (to a forced neighbour, the goal, or nothing)`,
  `    if v is nothing or closed: skip it`,
  `    g′ ← g(u) + dist(u, v)`,
  `    if v is not open: g(v) ← g′, parent(v) ← u, push v`,
  `    else if g′ < g(v): g(v) ← g′, parent(v) ← u, decrease v's key`,
  `return no path`,
];

// Theta* and Lazy Theta* (the anyAngle trait): best-first, with the parent's line of sight;
// the same lines as the best-first listing, so its step lines serve.
const kAnyAngle = [
  `open ← {start}; g(start) ← 0`,
  `while open is not empty:`,
  `  u ← the open node with the lowest f = g + h`,
  `  if u is a goal: return the path to u`,
  `  close u (Lazy Theta*: if parent(u) does not see u, the cheapest closed neighbour becomes it)`,
  `  for each neighbour v of u:`,
  `    if v is closed: skip it`,
  `    p ← parent(u) if it sees v at no greater cost (Lazy Theta*: assumed), else u; g′ ← g(p) + cost(p, v)`,
  `    if v is not open: g(v) ← g′, parent(v) ← p, push v`,
  `    else if g′ < g(v): g(v) ← g′, parent(v) ← p, decrease v's key`,
  `return no path`,
];

// Line numbers (0-based) of each step of an expansion, per family.
const kSteps = {
  bestFirst: { loop: 1, take: 2, goal: 3, close: 4, each: 5, skip: 6, tentative: 7, push: 8, improve: 9, none: 10 },
  queue: { loop: 1, take: 2, goal: 3, close: -1, each: 4, skip: 5, tentative: -1, push: 6, improve: -1, none: 7 },
  jump: { loop: 1, take: 2, goal: 3, close: 4, each: 5, skip: 7, tentative: 8, push: 9, improve: 10, none: 11, jump: 6 },
};

// The family of an algorithm, from its registry traits: its listing and its step lines. A
// queue or stack frontier (BFS, DFS) has its own listing; jump successors (JPS, JPS+) theirs;
// any-angle rows (Theta*, Lazy Theta*) theirs; every other row is best-first.
export function familyOf(info) {
  if (info.frontier !== 'priority') return { name: info.frontier, lines: kQueueOrStack(info.frontier), steps: kSteps.queue };
  if (info.jumps) return { name: 'jump', lines: kJumpPoint, steps: kSteps.jump };
  if (info.anyAngle) return { name: 'any-angle', lines: kAnyAngle, steps: kSteps.bestFirst };
  return { name: 'best-first', lines: kBestFirst(keyText(info)), steps: kSteps.bestFirst };
}

// The lines one expansion runs, in order: [{ line, relaxation, done, expanded }] where
// relaxation indexes record.relaxations (-1 for the lines around them), done counts the
// relaxations whose effect has happened once the line has run (a neighbour's push or key
// decrease is the last line of its relaxation), and expanded says where the node being expanded
// stands then: 'open' (still first on the open list), 'taken' (off it, not yet closed) or
// 'closed' (a queue or a stack marks it as it takes it). A finished search with no expansion to
// show (the open list ran empty) gives the loop test and "return no path".
export function linesOfExpansion(family, record, noPath = false) {
  const s = family.steps, out = [];
  let done = 0, expanded = 'open';
  const at = (line, relaxation = -1) => { if (line >= 0) out.push({ line, relaxation, done, expanded }); };
  if (record.cell < 0) {
    if (noPath) { at(s.loop); at(s.none); }
    return out;
  }
  at(s.loop);
  expanded = s.close >= 0 ? 'taken' : 'closed';
  at(s.take);
  at(s.goal);
  if (record.goal) return out;
  expanded = 'closed';
  at(s.close);
  record.relaxations.forEach((r, i) => {
    at(s.each, i);
    if (s.jump !== undefined) at(s.jump, i);
    at(s.skip, i);
    if (!(r.outcome === 'skipped-closed' || (s.tentative < 0 && r.outcome === 'not-better'))) {
      at(s.tentative, i);
      at(s.push, i);
      if (r.outcome === 'improved' || r.outcome === 'not-better' || r.outcome === 'reopened') at(s.improve, i);
    }
    done = out.at(-1).done = i + 1;
  });
  return out;
}
