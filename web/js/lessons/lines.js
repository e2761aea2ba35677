// The path lines a lesson's `line` action shows and measures (format.js, kLessonLineNames): the
// page path as drawn ('path', the agents' raw view) and its string-pulled line ('pulled'), the
// Theta* and navigation mesh paths of the same start and goal ('theta', 'navmesh': the
// navigation-mesh layer's lines). Each is switched through its checkbox, as a click would, so
// the document and the legend follow; the action shows the named line alone.
import { $ } from '../dom.js';

const kWalk = 1;  // core's PathJoin::Walk (agents/world.js, Join), not imported: agents load later
const kBoxes = { path: 'agents-view-raw', pulled: 'agents-view-pulled', theta: 'theta-line', navmesh: 'navmesh-line' };

// The Euclidean length of points {x, y, join} (agents' lines: jumps are not walked) or of flat
// [x, y, ...] (the navmesh layer's).
function lengthOf(points) {
  let length = 0;
  if (points.length && typeof points[0] === 'number') {
    for (let i = 2; i < points.length; i += 2) length += Math.hypot(points[i] - points[i - 2], points[i + 1] - points[i - 1]);
    return length;
  }
  for (let i = 1; i < points.length; i++)
    if (points[i].join === kWalk) length += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return length;
}

// Who drew a line that is not the page's search (the check's sentence names it, not the algorithm).
const kDrawnBy = { pulled: () => 'String pulling', navmesh: (navmesh) => navmesh.row?.label };

// modules: the page's optional modules (agents, navmesh). Returns { show(name) }: { problem: ""
// or why it could not be shown, length: the line's (null when it has none: no path yet), label:
// who drew it when not the page's search }.
export function lessonLines(modules) {
  return {
    show(name) {
      const agents = modules?.agents, navmesh = modules?.navmesh;
      if (!agents || !navmesh) return { problem: 'the path lines are not loaded in this page', length: null, label: '' };
      for (const [line, id] of Object.entries(kBoxes)) {
        const box = /** @type {HTMLInputElement | null} */ ($(id));
        if (!box || box.checked === (line === name)) continue;
        box.checked = line === name;
        box.dispatchEvent(new Event('change', { bubbles: true }));
      }
      navmesh.refresh();
      const points = name === 'path' ? agents.pathOf('raw') : name === 'pulled' ? agents.pathOf('pulled')
        : name === 'theta' ? navmesh.thetaResult?.points : navmesh.result?.points;
      return { problem: '', length: points && points.length ? lengthOf(points) : null, label: kDrawnBy[name]?.(navmesh) ?? '' };
    },
  };
}
