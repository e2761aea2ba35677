// Undo/redo of whole-document snapshots (the playground text core writes). Every change to
// the map, including loading another map or a link, is one entry, so nothing is lost
// without a way back. Old entries are dropped once the snapshots pass a size budget. An
// entry's `after` may be null: the document as it is when the entry is undone (the store
// writes it out then: a 4096² map's text is 16 MB and 300 ms, not spent on opening it).
export class History {
  constructor(maxChars = 64 * 1024 * 1024) {
    this.maxChars = maxChars;
    this.done = [];
    this.undone = [];
  }

  record(label, before, after) {
    if (before === after) return;
    this.done.push({ label, before, after });
    this.undone = [];
    const size = (e) => e.before.length + (e.after?.length ?? 0);
    let total = 0;
    for (const e of this.done) total += size(e);
    while (this.done.length > 1 && total > this.maxChars) total -= size(this.done.shift());
  }

  canUndo() { return this.done.length > 0; }
  canRedo() { return this.undone.length > 0; }

  // Returns the entry to revert to (apply entry.before), or null.
  undo() {
    const e = this.done.pop();
    if (e) this.undone.push(e);
    return e ?? null;
  }
  // Returns the entry to re-apply (apply entry.after), or null.
  redo() {
    const e = this.undone.pop();
    if (e) this.done.push(e);
    return e ?? null;
  }
}
