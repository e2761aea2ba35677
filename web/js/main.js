// Boots the playground and wires its parts (see docs/architecture.md):
//   store (the document: map, query, settings, current search; the only writer)
//     -> views that listen: canvas, stats, inspector, search and map panels, compare, files
//   input (pointer, keys) and panels -> commands on the store / the controller
// The first map comes from the link in the URL, else the autosave, else the bundled arcade maze.
import { loadEngine } from './engine.js';
import { Store } from './store.js';
import { Controller } from './controller.js';
import { FrameLoop } from './loop.js';
import { Editor } from './editor.js';
import { bindPointer } from './pointer.js';
import { bindKeys } from './keys.js';
import { Files } from './files.js';
import { Compare } from './compare.js';
import { Messages } from './views/messages.js';
import { CanvasView } from './views/canvas_view.js';
import { StatsView } from './views/stats.js';
import { InspectorView } from './views/inspector.js';
import { SearchPanel } from './views/search_panel.js';
import { Timeline } from './views/timeline.js';
import { MapPanel } from './views/map_panel.js';
import { showFirstVisitHint } from './views/hint.js';
import { bindLookPanel } from './views/look_panel.js';
import { embedOptions, buildEmbedBar } from './embed.js';
import { bindExportPanel } from './export_panel.js';
import { warmUp } from './warm_up.js';
import { afterPaint, nextTask } from './yield.js';
import { bindTeaching } from './teach/index.js';
import { LessonsPanel } from './lessons/panel.js';
import { bindSections } from './views/sections.js';
import { bindGlossary } from './views/glossary_view.js';
import { ViewSwitch } from './views/view_switch.js';
import { installModules } from './optional_modules.js';
import { lessonLines } from './lessons/lines.js';
import { $ } from './dom.js';
import { registerOffline } from './offline.js';

// The first document: the link in the address, else the tab's autosave, else the arcade maze.
// Returns where it came from: 'link', 'autosave' or 'bundled'.
async function firstMap(store, controller, files, lessons) {
  await Promise.all([files.loadIndex(), lessons.loadIndex()]);
  if (location.hash.length > 1 && await files.openLinkFromLocation({ first: true })) return 'link';
  if (!files.embedded && files.restoreAutosave()) {
    store.resetHistory();
    return 'autosave';
  }
  const preferred = files.index.find((m) => /arcade|pac/i.test(m.file)) ?? files.index[0];
  // It opens unsolved (main resets it): no live search of it meanwhile.
  await controller.withoutLiveSearch(async () => {
    if (!preferred || !await files.loadBundled(preferred.file, { quiet: true })) store.newBlank(40, 30);
  });
  store.resetHistory();  // the first map is not an undoable step
  return 'bundled';
}

// The page's parts, for the optional modules (optional_modules.js) and for tests: the
// hooks agents use (addTicker, onChange, requestDraw, showMessage, renderer.addOverlay) and
// read access to the rest.
function pageContext(parts) {
  const { store, controller, loop, messages, view } = parts;
  return {
    ...parts,
    engine: store.engine,
    renderer: view.renderer,
    get history() { return store.history; },
    get playing() { return controller.playing; },
    get live() { return controller.live; },
    get speed() { return controller.speed; },
    get frameWork() { return loop.frameWork; },
    docText: () => store.docText(),
    addTicker: (fn) => loop.addTicker(fn),
    requestDraw: () => loop.requestDraw(),
    frameStats: () => loop.frameStats(),
    showMessage: (text, level) => messages.show(text, level),
    // fn(kind) after any document change: 'map' (also each brush cell of a stroke), 'query',
    // 'settings', 'search'.
    onChange: (fn) => { for (const kind of ['map', 'query', 'settings', 'search']) store.on(kind, () => fn(kind)); },
  };
}

try {
  // The hint is plain markup: show it before the engine loads (it is the first text a visitor
  // reads, and the page's largest paint on a phone).
  const embed = embedOptions();  // index.html?embed: canvas and a play bar only (embed.js)
  if (!embed.on) showFirstVisitHint(document.getElementById('grid'));
  await afterPaint();  // the markup is painted before the engine's work begins
  const engine = await loadEngine();
  await warmUp(engine);  // before any timed search: the first figure shown is a real one
  // The page's parts are made in a few tasks, not one: on a phone's CPU the whole boot is
  // over a second of work (the page never blocks for 200 ms; Lighthouse counts every 50).
  const messages = new Messages();
  const store = new Store(engine);
  const controller = new Controller(store);
  const marks = { hover: -1, cursor: -1, pendingPortal: -1 };  // pointer state, drawn not saved
  const canvas = document.getElementById('grid');
  let view = null;
  const loop = new FrameLoop(controller, () => view.renderer.draw());
  view = new CanvasView(store, canvas, marks, loop);
  const inspector = new InspectorView(store, marks, view);
  const stats = new StatsView(store, controller, messages);
  const searchPanel = new SearchPanel(store, controller, messages);
  const timeline = new Timeline(store, controller);
  const mapPanel = new MapPanel(store, messages, view);
  const editor = new Editor(store, marks, messages);
  const files = new Files(store, messages);
  files.embedded = embed.on;  // an embed never reads or writes the autosave
  // Input during the boot changes the placeholder map: it must not be saved over the document
  // the tab is about to restore (the first map releases the hold).
  files.holdAutosave(true);
  const compare = new Compare(store, controller, messages);
  const marksChanged = () => {
    inspector.update();
    loop.requestDraw();
  };
  await nextTask();
  searchPanel.bind();
  timeline.bind();
  mapPanel.bind();
  compare.bind();
  files.bind();
  await nextTask();
  const views = new ViewSwitch();
  views.bind();
  const teach = bindTeaching({ store, controller, loop, view, views });
  stats.followLine(teach.line);
  const lessons = new LessonsPanel({ store, controller, messages, files, views });
  lessons.bind();
  await nextTask();
  bindLookPanel(view, loop, store);
  bindSections(store);
  bindExportPanel({ store, controller, view, messages });
  bindPointer({ store, editor, view, marks, marksChanged });
  bindKeys({ store, controller, editor, view, marks, marksChanged,
    actions: { undo: () => mapPanel.undo(), redo: () => mapPanel.redo(), compare: () => compare.start() } });
  $('help-button').addEventListener('click', () => $('help').showModal());
  $('version').textContent = `version ${engine.registry.version}`;
  if (embed.on) buildEmbedBar({ store, options: embed });
  await nextTask();
  const source = await firstMap(store, controller, files, lessons);
  files.holdAutosave(false);  // the first document is in: changes from here on are saved
  // A first visit and an embed open unsolved, for the visitor to watch the search grow with
  // Play (a lesson opens unsolved too: lessons/panel.js); a link or the visitor's own autosave
  // opens as live shows it.
  if (source === 'bundled' || embed.on) controller.reset();
  view.fit();
  stats.update();
  await nextTask();
  bindGlossary();  // after the first map: the notes hold their first text
  const app = pageContext({ store, controller, loop, messages, view, editor, files, compare, marks, teach, lessons, views });
  window.playground = app;  // for tests and the console
  app.modules = await installModules(app);  // an embed's too: its document may show their path lines
  lessons.lines = lessonLines(app.modules);  // the lines a lesson's `line` action shows
  document.body.dataset.ready = 'true';
  if (embed.autoplay) controller.togglePlay();  // once the page is ready: the speed counts from here
  registerOffline(messages);  // the service worker, once the page is ready: offline use and the new-version notice
} catch (e) {
  const text = document.getElementById('message');
  text.textContent = `The engine failed to load: ${e.message}`;
  text.dataset.level = 'error';
  document.getElementById('message-box').dataset.level = 'error';
  document.getElementById('message-box').hidden = false;
  document.body.dataset.ready = 'error';
  console.error(e);
}
