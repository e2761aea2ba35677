// The words a planner's layer (the navigation mesh, the subgoal graph) shows beside its figures
// when the planner did not answer: why it does not run on this map, taken from core's result
// and the registry row's note (never typed here), or what the query came to.

// "Not on this map: ..." for a map the planner refuses or a map too big for the page to build
// it on; null when the planner ran.
export function notOnThisMap(result, row) {
  if (result.status === 'too-big') return `Not on this map: ${result.message}.`;
  if (result.status === 'unsupported') return `Not on this map: ${result.message}. (${row?.note ?? ''})`;
  return null;
}

// The query's line when it found no path: no start or goal yet, no path, or core's message.
export function queryWithoutPath(result) {
  if (result.status === 'idle') return 'Place a start and a goal to see a query.';
  if (result.status === 'no-path') return 'No path.';
  return `${result.status}: ${result.message}`;
}

// "Building the subgoal graph of 262,144 cells in the background… 3 s" while the planner
// worker works on a big map (planners/background.js); null otherwise.
export function inTheBackground(result) {
  if (result.status !== 'building') return null;
  const seconds = Math.floor((performance.now() - result.startedAt) / 1000);
  return `${result.message[0].toUpperCase()}${result.message.slice(1)}… ${seconds} s`;
}
