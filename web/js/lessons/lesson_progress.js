// How far this browser got in each built-in lesson: the furthest page seen and whether the last
// page was reached. Kept in localStorage under one key, like the first-visit hint's flag (it
// belongs to the visitor, not to a document: a link or the autosave never carries it). No
// storage (private mode, storage off) means progress for this visit only.

const kProgressKey = 'astar-playground/lesson-progress';
const kVersion = 1;

// file -> { seen: furthest page index seen (0-based), pages: the lesson's page count, done }.
function readAll() {
  try {
    const raw = JSON.parse(localStorage.getItem(kProgressKey) ?? 'null');
    if (raw?.v !== kVersion || typeof raw.lessons !== 'object' || raw.lessons === null) return {};
    const out = {};
    for (const [file, p] of Object.entries(raw.lessons)) {
      if (!/^[\w.-]+\.lesson\.json$/.test(file) || typeof p !== 'object' || p === null) continue;
      const pages = Number.isInteger(p.pages) && p.pages > 0 ? p.pages : 1;
      const seen = Number.isInteger(p.seen) ? Math.min(Math.max(p.seen, 0), pages - 1) : 0;
      out[file] = { seen, pages, done: p.done === true };
    }
    return out;
  } catch {
    return {};
  }
}

export class LessonProgress {
  constructor() {
    this.lessons = readAll();
  }

  of(file) {
    return this.lessons[file] ?? null;
  }

  // Records that page `page` (0-based) of a lesson of `pages` pages was shown. Returns whether
  // anything changed.
  saw(file, page, pages) {
    if (!file) return false;
    const old = this.lessons[file];
    const seen = Math.max(page, old?.seen ?? 0), done = (old?.done ?? false) || page === pages - 1;
    if (old && old.seen === seen && old.pages === pages && old.done === done) return false;
    this.lessons[file] = { seen, pages, done };
    this.save();
    return true;
  }

  doneCount(files) {
    return files.filter((f) => this.lessons[f]?.done).length;
  }

  save() {
    try {
      localStorage.setItem(kProgressKey, JSON.stringify({ v: kVersion, lessons: this.lessons }));
    } catch { /* storage off or full: kept for this visit */ }
  }
}
