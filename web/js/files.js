// Maps in and out: the bundled map picker (maps/index.json), import by file picker or drag
// and drop (core reads every format), export, share links in the URL fragment, and the
// tab's autosave. Links and the autosave are encodings of store.snapshot() (document/encodings.js, document/storage.js);
// opening a link, a lesson or a kept document is DocumentOpener's (open_documents.js).
// Text from files and links is only ever shown with textContent.
import { kMaxLinkChars } from './share.js';
import { documentLink } from './document/encodings.js';
import { saveTabDocument, refuseTabDocument, readTabDocument, claimTabId } from './document/storage.js';
import { DocumentOpener } from './open_documents.js';
import { $, saveBlob, fileBaseName } from './dom.js';
import { showEmbedCode } from './embed.js';
import { startCopy } from './clipboard.js';
// Browsers keep about 5 MB of localStorage per site (Chromium: 5 M characters); a document
// larger than this is not even tried.
export const kMaxAutosaveChars = 4_500_000;
export const kMaxImportBytes = 64 * 1024 * 1024;

// maps/index.json: an array of entries, or { maps: [...] }; an entry has a file (or path)
// relative to maps/ and optionally a name (or title).
export function parseIndex(json) {
  const list = Array.isArray(json) ? json : Array.isArray(json?.maps) ? json.maps : [];
  return list
    .map((m) => ({ file: String(m.file ?? m.path ?? ''), name: String(m.name ?? m.title ?? m.file ?? m.path ?? ''), ...m }))
    .filter((m) => m.file && !m.file.includes('..'));
}

// The file picker's filter from core's format table (registry().formats): the last part of
// each format's endings (a picker matches ".txt", not ".map.txt"), and plain text.
export function importAccept(formats) {
  const endings = formats.flatMap((f) => f.extensions.map((e) => e.slice(e.lastIndexOf('.'))));
  return [...new Set(endings), 'text/plain'].join(',');
}

export class Files extends DocumentOpener {
  // store: the document (loads go through it); messages: the message area.
  constructor(store, messages) {
    super(store, messages);
    this.sharedFragment = '';  // the fragment Share put in the address bar, while it is current
    this.index = [];
    this.autosaveTimer = 0;
    this.autosaveWarned = false;
    // While an exercise is open its maps are not the visitor's: the autosave keeps the document
    // from before it (a reload or a closed tab then loses nothing).
    this.autosaveHeld = false;
  }

  bind() {
    $('map-select').addEventListener('change', async (ev) => {
      const file = ev.target.value;
      if (file) await this.loadBundled(file);
    });
    $('import-file').accept = importAccept(this.store.engine.registry.formats);
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
    for (const kind of ['map', 'query', 'settings', 'race', 'lab', 'part']) {
      this.store.on(kind, (detail) => {
        // Opening a panel section is not work to keep (and its event comes after a restore).
        if (!this.opening && detail?.name !== 'sections') this.touched = true;
        this.scheduleAutosave();
        this.forgetSharedLink();
      });
    }
    if (!this.embedded) claimTabId();
    // A reload or a closed tab within the autosave's delay still keeps the last change.
    window.addEventListener('pagehide', () => { if (this.autosaveTimer) this.autosave(); });
    $('kept-restore').addEventListener('click', () => this.restoreKept());
    $('kept-dismiss').addEventListener('click', () => { $('kept-notice').hidden = true; });
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

  // quiet: the page's own first map (a first visit is not told what it did not ask for).
  async loadBundled(file, { quiet = false } = {}) {
    const entry = this.index.find((m) => m.file === file);
    try {
      const res = await fetch(`maps/${file}`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      const problem = this.asOpened(() => this.store.load(text, file, `open ${entry?.name ?? file}`, { name: entry?.name ?? '' }));
      if (problem) throw new Error(problem);
      this.showChosen(file);
      if (!quiet) this.messages.show(`Opened ${entry?.name ?? file}.`);
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
    const problem = this.asOpened(() => this.store.load(text, file.name, `import ${file.name}`, { name: file.name.replace(/\.[^.]*$/, '') }));
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
  async share() {
    const copy = startCopy();  // inside the click, before any await: WebKit copies only there
    const fragment = await documentLink(this.store.snapshot());
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

  // ---- autosave: the tab's own document (document/storage.js) ----
  scheduleAutosave() {
    if (this.embedded || this.autosaveHeld) return;
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => this.autosave(), 400);
  }

  // While held (an exercise is open) the autosave keeps the document saved before: a pending
  // save is written first; released, the document shown is saved again.
  holdAutosave(on) {
    if (on && this.autosaveTimer) this.autosave();
    this.autosaveHeld = !!on;
    if (!on) this.scheduleAutosave();
  }

  // Saves the document. One too large for localStorage is not saved, the tab's previous save
  // is removed (a reload must not bring back an older map as if it were this one), and the
  // user is told once per map to export it instead.
  autosave() {
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = 0;
    if (this.embedded) return false;
    // A map whose text is surely over the budget is not written out (300 ms on a 4096² map).
    const least = this.store.leastTextChars();
    const problem = least > kMaxAutosaveChars ? refuseTabDocument(least)
      : saveTabDocument(this.store.snapshot(), kMaxAutosaveChars, this.touched);
    if (!problem) {
      this.autosaveWarned = false;
      return true;
    }
    if (!this.autosaveWarned) {
      this.messages.show(`This map is not autosaved (${problem}), so a reload will not bring it back: ` +
        'use Export to keep it as a file.', 'warning');
    }
    this.autosaveWarned = true;
    return false;
  }

  // The tab's saved document (a new tab: the newest any tab saved). Returns whether it opened.
  restoreAutosave() {
    const saved = readTabDocument(this.store.context);
    if (!saved) return false;
    const applied = this.asOpened(() => this.store.restore(saved.document, { label: 'restore autosave', record: false }), saved.touched);
    return !applied.some((p) => p.fatal);
  }
}
