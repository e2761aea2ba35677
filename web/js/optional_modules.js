// The page's optional modules: agents, the replanning walker, the lab, the HPA*, subgoal and navigation-mesh layers and the exercise. main.js
// installs them once the page's parts exist, in this order (the replanning walker walks the
// agents' world), by calling each one's install(app, modules): app is the page's context
// (main.js's pageContext), modules what was installed before it. What install returns is
// app.modules[key] (tests read it there; nothing goes on window). A module that fails to load
// or install is reported as an error message and the page keeps working without it. They are
// fetched together; each is installed in a task of its own (the page is drawn and answers input
// in between).
import { nextTask } from './yield.js';

export const kOptionalModules = Object.freeze([
  { key: 'agents', name: 'Agents', load: () => import('./agents/boot.js') },
  { key: 'replan', name: 'The replanning walker', load: () => import('./replan/boot.js') },
  { key: 'lab', name: 'The lab', load: () => import('./lab/boot.js') },
  { key: 'hpa', name: 'Hierarchical search', load: () => import('./hpa/boot.js') },
  { key: 'subgoal', name: 'The subgoal graph', load: () => import('./subgoal/boot.js') },
  { key: 'navmesh', name: 'The navigation mesh', load: () => import('./navmesh/boot.js') },
  { key: 'exercise', name: 'The exercise', load: () => import('./exercise/boot.js') },
]);

export async function installModules(app) {
  const modules = /** @type {Record<string, any>} */ ({});
  // Every module is fetched at once, then installed in order: one after another, their fetches
  // were seven round trips in a row (630 ms of a 3 s page open here; more on a phone's network).
  const loading = kOptionalModules.map((m) => {
    const loaded = m.load();
    loaded.catch(() => {});  // reported below, in its turn
    return loaded;
  });
  for (const [i, m] of kOptionalModules.entries()) {
    await nextTask();
    try {
      modules[m.key] = (await loading[i]).install(app, modules);
    } catch (e) {
      console.error(e);
      app.showMessage(`${m.name} could not start (${e.message}); the rest of the page works without it.`, 'error');
    }
  }
  return modules;
}
