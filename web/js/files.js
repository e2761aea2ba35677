// Maps in and out: the bundled map picker (maps/index.json), import by file picker or drag
// and drop (core reads every format), export, share links in the URL fragment, and
// autosave to localStorage. Text from files and links is only ever shown with textContent.
import { encodeShare, decodeShare, LinkError, kMaxLinkChars } from './share.js';
import { $, saveBlob, fileBaseName } from './dom.js';
import { showEmbedCode } from './embed.js';
import { startCopy } from './clipboard.js';
export const kAutosaveKey = 'astar-playground/autosave';
// Browsers keep about 5 MB of localStorage per site (Chromium: 5 M characters); a map text
// larger than this is not even tried (stringifying 16 MB on every edit would stall the page).
export const kMaxAutosaveChars = 4_500_000;
const megabytes = (chars) => (chars / 1e6).toFixed(1);
export const kMaxImportBytes = 64 * 1024 * 1024;

// maps/index.json: an array of entries, or { maps: [...] }; an entry has a file (or path)
// relative to maps/ and optionally a name (or title).
export function parseIndex(json) {
  const list = Array.isArray(json) ? json : Array.isArray(json?.maps) ? json.maps : [];
  return list
    .map((m) => ({ file: String(m.file ?? m.path ?? ''), name: String(m.name ?? m.title ?? m.file ?? m.path ?? ''), ...m }))
    .filter((m) => m.file && !m.file.includes('..'));
}

export class Files {
  // store: the document (loads go through it); messages: the message area.
  constructor(store, messages) {
    this.store = store;
    this.messages = messages;
    this.sharedFragment = '';  // the fragment Share put in the address bar, while it is current
    this.index = [];
    this.autosaveTimer = 0;
    this.autosaveWarned = false;
    this.lessonOpener = null;  // (state) => opened: set by the Lessons panel for links with a lesson
    this.embedded = false;  // an embed (embed.js) leaves the visitor's autosave alone
  }

  bind() {
    $('map-select').addEventListener('change', async (ev) => {
      const file = ev.target.value;
      if (file) await this.loadBundled(file);
    });
    $('import-button').addEventListener('click', () => $('import-file').click());
    $('import-file').addEventListener('change', async (ev) => {
      const file = ev.target.files?.[0];
      ev.target.value = '';
      if (file) await this.importFile(file);
    });
    $('export-ours').addEventListener('click', () => this.download('playground'));
    $('export-movingai').addEventListener('click', () => this.download('movingai'));
    $('share').addEventListener('click', () => this.share());
    window.addEventListener('hashchange', () => this.openLinkFromLocation());

    const stage = $('stage'), hint = $('drop-hint');
    let depth = 0;
    stage.addEventListener('dragenter', (ev) => { ev.preventDefault(); depth++; hint.hidden = false; });
    stage.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; hint.hidden = true; } });
    stage.addEventListener('dragover', (ev) => ev.preventDefault());
    stage.addEventListener('drop', async (ev) => {
      ev.preventDefault();
      depth = 0;
      hint.hidden = true;
      const file = ev.dataTransfer?.files?.[0];
      if (file) await this.importFile(file);
      else this.messages.show('Drop a map file (playground .map.txt, Moving AI .map, tutorial grid).', 'error');
    });
    // Whole-map changes other than the picker's (generate, new, undo, import, a link) rename it.
    this.store.on('map', (d) => { if (d.whole) this.showChosen(); });
    for (const kind of ['map', 'query', 'settings', 'race']) {
      this.store.on(kind, () => {
        this.scheduleAutosave();
        this.forgetSharedLink();
      });
    }
  }

  // The picker shows the open map: its bundled entry (by file, else by the map's name, as after
  // a reload from the autosave), else the map's own name in the first option, never "(choose)".
  showChosen(file = '') {
    const select = $('map-select'), name = this.store.engine.name();
    const entry = this.index.find((m) => m.file === file) ?? this.index.find((m) => m.name === name);
    if (select.options.length > 0) select.options[0].textContent = entry ? '(other map)' : name || '(unnamed map)';
    select.value = entry ? entry.file : '';
  }

  async loadIndex() {
    try {
      const res = await fetch('maps/index.json');
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      this.index = parseIndex(await res.json());
    } catch (e) {
      this.index = [];
      console.warn(`maps/index.json: ${e.message}`);
    }
    const select = $('map-select');
    select.replaceChildren(new Option('(unnamed map)', ''), ...this.index.map((m) => new Option(m.name, m.file)));
    this.showChosen();
    return this.index;
  }

  async loadBundled(file) {
    const entry = this.index.find((m) => m.file === file);
    try {
      const res = await fetch(`maps/${file}`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      const problem = this.store.load(text, file, `open ${entry?.name ?? file}`, { name: entry?.name ?? '' });
      if (problem) throw new Error(problem);
      this.showChosen(file);
      this.messages.show(`Opened ${entry?.name ?? file}.`);
      return true;
    } catch (e) {
      this.messages.show(`Could not open maps/${file}: ${e.message}`, 'error');
    }
    return false;
  }

  async importFile(file) {
    if (file.size > kMaxImportBytes) {
      this.messages.show(`${file.name} is too large to import (${(file.size / 1048576).toFixed(1)} MB; at most 64 MB).`, 'error');
      return false;
    }
    let text;
    try {
      text = await file.text();
    } catch (e) {
      this.messages.show(`Could not read ${file.name}: ${e.message}`, 'error');
      return false;
    }
    const problem = this.store.load(text, file.name, `import ${file.name}`, { name: file.name.replace(/\.[^.]*$/, '') });
    if (problem) {
      this.messages.show(`import ${file.name}: ${problem}`, 'error');
      return false;
    }
    this.showChosen('');
    const e = this.store.engine;
    this.messages.show(`Imported ${file.name} (${e.width}×${e.height}).`);
    return true;
  }

  download(format) {
    const { text, lost } = this.store.engine.exportText(format);
    const fileName = fileBaseName(this.store.engine.name()) + (format === 'movingai' ? '.map' : '.map.txt');
    saveBlob(new Blob([text], { type: 'text/plain' }), fileName);
    // What the format could not hold is worth a warning, not an error: the file was saved.
    this.messages.show(lost ? `Saved ${fileName}. Not kept by this format: ${lost}` : `Saved ${fileName}.`, lost ? 'warning' : 'info');
  }

  // ---- share links ----
  currentState() {
    const race = this.store.race, lab = this.store.lab;
    return { map: this.store.docText(), settings: { ...this.store.engine.settings }, ...(race ? { race: { ...race } } : {}),
      ...(lab ? { lab: { method: lab.method, params: { ...lab.params } } } : {}) };
  }

  async share() {
    const copy = startCopy();  // inside the click, before any await: WebKit copies only there
    const fragment = await encodeShare(this.currentState());
    if (fragment.length > kMaxLinkChars) {
      copy.supply('');
      // A link this long could not be opened again (share.js refuses it): offer the file.
      $('share-link').hidden = true;
      this.messages.show(`This map is too large for a link (${fragment.length.toLocaleString('en')} characters; ` +
        `links hold at most ${kMaxLinkChars.toLocaleString('en')}). Use Export to save it as a file and share the file.`, 'error');
      $('export-ours').focus();
      return '';
    }
    const url = `${location.origin}${location.pathname}#${fragment}`;
    // The address bar holds the link too (until the next change), so it can be copied from there.
    history.replaceState(null, '', `${location.pathname}${location.search}#${fragment}`);
    this.sharedFragment = fragment;
    const box = $('share-link');
    box.hidden = false;
    box.value = url;
    box.scrollIntoView({ block: 'nearest' });
    box.focus({ preventScroll: true });
    box.select();
    showEmbedCode(url, this.messages);
    $('share-lesson').hidden = false;  // the third way to share (web/js/lessons/panel.js)
    copy.supply(url);
    const copied = await copy.copied;  // if not, the link is in the box to copy by hand
    this.messages.show(`${copied ? 'Link copied' : 'Link ready in the box next to Share and in the address bar'} (${url.length} characters).`);
    return url;
  }

  // After a change the shared link is out of date: take it out of the address bar (a reload
  // then restores the autosave, which is current).
  forgetSharedLink() {
    if (!this.sharedFragment) return;
    if (location.hash === `#${this.sharedFragment}`) history.replaceState(null, '', location.pathname + location.search);
    this.sharedFragment = '';
    $('share-link').hidden = true;
    $('share-embed').hidden = true;
    $('share-lesson').hidden = true;
  }

  // Opens the link in location.hash, if any, then takes it out of the address bar: a
  // reload then restores the autosave (which holds the link's map once it is open), and a
  // bad link does not fail again.
  async openLinkFromLocation() {
    const hash = location.hash;
    if (hash.length <= 1) return false;
    history.replaceState(null, '', location.pathname + location.search);
    return this.openLink(hash);
  }

  // Opens a share link's fragment. A bad link shows why and keeps the current map.
  async openLink(fragment) {
    let state;
    try {
      state = await decodeShare(String(fragment));
    } catch (e) {
      const why = e instanceof LinkError ? e.message : `unexpected error (${e.message})`;
      this.messages.show(`Could not open the link: ${why}. Your map was kept.`, 'error');
      return false;
    }
    if (state.lesson !== undefined && this.lessonOpener) return this.lessonOpener(state);
    const problem = this.store.load(state.map, '', 'open link');
    if (problem) {
      this.messages.show(`Could not open the link: its map is invalid (${problem}). Your map was kept.`, 'error');
      return false;
    }
    this.showChosen('');
    const unused = this.store.setSettings(state.settings);
    if (unused) this.messages.show(`The link's map is open, but its settings were not used: ${unused}`, 'error');
    const race = this.store.setRace(state.race ?? null);
    if (race) this.messages.show(`The link's map is open, but its race settings were not used: ${race}`, 'error');
    this.store.setLab(state.lab ?? null);  // checked by share.js; the lab panel runs it
    return true;
  }

  // ---- autosave ----
  scheduleAutosave() {
    if (this.embedded) return;
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.autosave(), 400);
  }

  // Saves the current map and settings. A map too large for localStorage is not saved, the
  // previous autosave is removed (a reload must not bring back an older map as if it were this
  // one), and the user is told once per map to export it instead.
  autosave() {
    let problem;
    const state = this.currentState();
    if (state.map.length > kMaxAutosaveChars) {
      problem = `it is ${megabytes(state.map.length)} MB of text and browsers keep about 5 MB per site`;
    } else {
      try {
        localStorage.setItem(kAutosaveKey, JSON.stringify({ v: 1, ...state }));
        this.autosaveWarned = false;
        return true;
      } catch (e) {
        problem = e.message;
      }
    }
    try { localStorage.removeItem(kAutosaveKey); } catch { /* storage unavailable: nothing kept either */ }
    if (!this.autosaveWarned) {
      this.messages.show(`This map is not autosaved (${problem}), so a reload will not bring it back: ` +
        'use Export to keep it as a file.', 'warning');
    }
    this.autosaveWarned = true;
    return false;
  }

  restoreAutosave() {
    let saved;
    try {
      saved = JSON.parse(localStorage.getItem(kAutosaveKey) ?? 'null');
    } catch {
      return false;
    }
    if (!saved || saved.v !== 1 || typeof saved.map !== 'string') return false;
    if (this.store.load(saved.map, '', 'restore autosave', { record: false })) return false;
    this.store.setSettings(saved.settings ?? {});  // a problem keeps the defaults
    return true;
  }
}
