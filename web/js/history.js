// Undo/redo of whole-document snapshots (the playground text core writes). Every change to
// the map, including loading another map or a link, is one entry, so nothing is lost
// without a way back. Old entries are dropped once the snapshots pass a size budget.
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
    let total = 0;
    for (const e of this.done) total += e.before.length + e.after.length;
    while (this.done.length > 1 && total > this.maxChars) {
      const e = this.done.shift();
      total -= e.before.length + e.after.length;
    }
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
