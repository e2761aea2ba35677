// Opening a document in place of the current one: a share link or a lesson link (from the
// address bar), a lesson file, the kept document ("Restore it"), the document a lesson replaced.
// Each goes through store.restore(); the document it replaces is kept for "Restore it" when the
// visitor changed it. Files (files.js) extends this with the maps in and out and the autosave.
import { LinkError } from './share.js';
import { DocumentError } from './document/schema.js';
import { checkDocument } from './document/check.js';
import { readDocumentLink, sameDocument } from './document/encodings.js';
import { readTabDocument, keepDocument, readKeptDocument, keepBefore, readBefore } from './document/storage.js';
import { $ } from './dom.js';
// A link's map text longer than this (a 1024² map) is read a band of rows per task (read at
// once, a 4096² map blocked the page for 0.6 s).
const kSlicedReadChars = 1024 * 1024;

export class DocumentOpener {
  // store: the document (opens go through it); messages: the message area.
  constructor(store, messages) {
    this.store = store;
    this.messages = messages;
    this.embedded = false;  // an embed (embed.js) leaves the visitor's storage alone
    // Whether the document has changes of the visitor's own since it was opened (from a link,
    // a lesson, a file, the bundled maps): only such a document is kept when a link replaces it.
    this.touched = false;
    this.opening = false;   // while a document is being opened (its own change events)
    // The document a lesson (an exercise) replaced ({ snapshot, touched }), brought back when
    // the lesson is closed (closeLesson; the exercise: exercise/panel.js), by slot; also in the
    // tab's session storage (document/storage.js), for after a reload.
    this.before = { lesson: null, exercise: null };
  }

  // After an open the map picker shows the open map (`file`: its bundled entry, '' for none):
  // Files (files.js), which has the picker.
  /** @param {string} [file] */
  // eslint-disable-next-line no-unused-vars
  showChosen(file = '') {}

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
}
