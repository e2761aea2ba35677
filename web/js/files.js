// Maps in and out: the bundled map picker (maps/index.json), import by file picker or drag
// and drop (core reads every format), export, share links in the URL fragment, and the
// tab's autosave. Links and the autosave are encodings of store.snapshot() (document.js);
// opening one goes through store.restore(), and the document it replaces is kept for
// "Restore it". Text from files and links is only ever shown with textContent.
import { kMaxLinkChars, LinkError } from './share.js';
import { DocumentError, documentLink, readDocumentLink, saveTabDocument, refuseTabDocument, readTabDocument, keepDocument, readKeptDocument,
  sameDocument, checkDocument, claimTabId, keepBefore, readBefore } from './document.js';
import { $, saveBlob, fileBaseName } from './dom.js';
import { showEmbedCode } from './embed.js';
import { startCopy } from './clipboard.js';
// Browsers keep about 5 MB of localStorage per site (Chromium: 5 M characters); a document
// larger than this is not even tried.
export const kMaxAutosaveChars = 4_500_000;
export const kMaxImportBytes = 64 * 1024 * 1024;
// A link's map text longer than this (a 1024² map) is read a band of rows per task (read at
// once, a 4096² map blocked the page for 0.6 s).
const kSlicedReadChars = 1024 * 1024;

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

export class Files {
  // store: the document (loads go through it); messages: the message area.
  constructor(store, messages) {
    this.store = store;
    this.messages = messages;
    this.sharedFragment = '';  // the fragment Share put in the address bar, while it is current
    this.index = [];
    this.autosaveTimer = 0;
    this.autosaveWarned = false;
    this.embedded = false;  // an embed (embed.js) leaves the visitor's storage alone
    // Whether the document has changes of the visitor's own since it was opened (from a link,
    // a lesson, a file, the bundled maps): only such a document is kept when a link replaces it.
    this.touched = false;
    this.opening = false;   // while a document is being opened (its own change events)
    // The document a lesson (an exercise) replaced ({ snapshot, touched }), brought back when
    // the lesson is closed (closeLesson; the exercise: exercise/panel.js), by slot; also in the
    // tab's session storage (document.js), for after a reload.
    this.before = { lesson: null, exercise: null };
    // While an exercise is open its maps are not the visitor's: the autosave keeps the document
    // from before it (a reload or a closed tab then loses nothing).
    this.autosaveHeld = false;
  }

  // Runs open() (store.load: "" or a problem; store.restore: a list of problems) without
  // counting its changes as the visitor's. A refused one changed nothing, touched included.
  asOpened(open, touched = false) {
    const before = this.touched;
    this.opening = true;
    let result;
    try {
      result = open();
    } finally {
      this.opening = false;
    }
    const refused = typeof result === 'string' ? result !== '' : result.some((p) => p.fatal);
    this.touched = refused ? before : touched;
    return result;
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

  // Opens the link in location.hash, if any, then takes it out of the address bar: a
  // reload then restores the tab's autosave (which holds the link's document once it is open),
  // and a bad link does not fail again.
  async openLinkFromLocation({ first = false } = {}) {
    const hash = location.hash;
    if (hash.length <= 1) return false;
    history.replaceState(null, '', location.pathname + location.search);
    return this.openLink(hash, { first });
  }

  // Opens a share link's (or a lesson link's) fragment. A bad link shows why and keeps the
  // current document. first: the visit's first document (not an undo step; the tab's saved
  // document is what it replaces).
  async openLink(fragment, { first = false } = {}) {
    let checked;
    try {
      checked = await readDocumentLink(fragment, this.store.context);
    } catch (e) {
      const why = e instanceof LinkError || e instanceof DocumentError ? e.message : `unexpected error (${e.message})`;
      const what = e instanceof DocumentError && e.inLesson ? 'the lesson link' : 'the link';
      this.messages.show(`Could not open ${what}: ${why}. Your map was kept.`, 'error');
      return false;
    }
    // A big map is read a band of rows per task first (a problem is reported by the open).
    if (checked.document.map?.length >= kSlicedReadChars) {
      this.messages.show('Opening the link\'s map…');
      await this.store.engine.prepareText(checked.document.map);
    }
    return this.openDocument(checked, { label: 'open link', what: 'link', first });
  }

  // Opens a checked document (a link's, a lesson's: { document, problems }) in place of the
  // current one, which is kept for "Restore it" when it differs. Returns whether it opened.
  // touched: the document opened is the visitor's own work (a kept one), not a link's.
  openDocument({ document, problems }, { label, what, first = false, name = '', keep = true, touched = false }) {
    const replaced = keep ? this.replacedDocument(first) : null;
    const lessonBefore = this.store.owners.get('lesson')?.read() ?? null;
    const before = document.lesson && !lessonBefore && !first ? { snapshot: this.store.snapshot(), touched: this.touched } : null;
    const applied = this.asOpened(() => this.store.restore(document, { label, record: !first, name }), touched);
    const fatal = applied.find((p) => p.fatal);
    if (fatal) {
      this.messages.show(`Could not open the ${what}: its map is invalid (${fatal.problem}). Your map was kept.`, 'error');
      return false;
    }
    if (first) this.store.resetHistory();  // the first document of a visit is not an undoable step
    if (before) this.setBeforeLesson(before);
    else if (document.lesson === null) this.setBeforeLesson(null);
    this.showChosen('');
    for (const p of [...problems, ...applied]) {
      this.messages.show(`The ${what}'s map is open, but its ${p.what} ${p.what.endsWith('s') ? 'were' : 'was'} not used: ${p.problem}`, 'error');
    }
    // (A kept map shorter than the new one's text is surely another: not written out to compare.)
    if (replaced && (replaced.map.length < this.store.leastTextChars() || !sameDocument(replaced, this.store.snapshot()))) {
      if (keepDocument(replaced)) {
        this.showKept();
      } else {
        // Said as the autosave says it: the visitor must know before more is lost.
        this.messages.show(`Your previous map could not be kept (the browser's storage is full or off)${first ? '' : ': Undo brings it back'}. ` +
          'Use Export to keep maps as files.', 'warning');
      }
    }
    return true;
  }

  // The document a link or a lesson is about to replace: the page's own, or on a visit's first
  // document the tab's saved one (an embed keeps nothing: it never touches storage).
  replacedDocument(first) {
    if (this.embedded) return null;
    if (!first) return this.touched ? this.store.snapshot() : null;
    const saved = readTabDocument(this.store.context);
    return saved?.touched ? saved.document : null;
  }

  showKept() {
    $('kept-notice').hidden = false;
  }

  // "Restore it": the kept document comes back as an undoable step (Undo returns to the link's).
  restoreKept() {
    const kept = readKeptDocument(this.store.context);
    $('kept-notice').hidden = true;
    if (!kept) {
      this.messages.show('The previous map is no longer kept (the browser\'s storage was cleared).', 'error');
      return false;
    }
    const opened = this.openDocument(kept, { label: 'restore previous map', what: 'previous document', keep: false, touched: true });
    if (opened) this.messages.show('Your previous map is back (Undo returns to the link\'s).');
    return opened;
  }

  // A closed lesson gives back the document it replaced (map, settings and the rest: a lesson's
  // settings do not stay behind on the next map). Returns whether there was one.
  closeLesson() {
    // After a reload the tab's session storage still has it.
    const before = this.keptBefore('lesson');
    this.setBeforeLesson(null);
    if (!before) return false;
    const opened = this.openDocument({ document: before.snapshot, problems: [] },
      { label: 'close lesson', what: 'document', keep: false, touched: before.touched });
    if (opened) this.messages.show('The lesson is closed: the map and settings you had before it are back (Undo returns to the lesson\'s).');
    return opened;
  }

  setBeforeLesson(before) { this.keepBefore('lesson', before); }

  // The document a lesson or an exercise (slot) replaced: keep it, or read it (after a reload
  // from the tab's session storage).
  keepBefore(slot, before) {
    this.before[slot] = before;
    if (!this.embedded) keepBefore(slot, before);
  }
  keptBefore(slot) {
    return this.before[slot] ?? (this.embedded ? null : readBefore(slot, this.store.context));
  }

  // A lesson file's state ({ map, settings, lesson }) as a document at its first step.
  openLesson(state, file) {
    let checked;
    try {
      checked = checkDocument({ v: 1, ...state }, this.store.context);
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      this.messages.show(`Could not open the lesson ${file}: ${e.message}. Your map was kept.`, 'error');
      return false;
    }
    checked.document.lesson.file = file;
    return this.openDocument(checked, { label: `open lesson ${checked.document.lesson.lesson.title}`, what: 'lesson',
      name: checked.document.lesson.lesson.title });
  }

  // ---- autosave: the tab's own document (document.js) ----
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
