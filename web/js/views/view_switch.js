// Two views over the one page (issue 32). Learn: the canvas, the timeline, the lesson, the code
// pane and the open list, nothing else; the default on a first visit and while a lesson is
// open. Tools: every other tool (settings, editing, compare, agents, lab, import and export).
// Both are views over the same store: switching hides and shows, it never changes the document.
// Which view a visitor chose is this browser's preference (localStorage), not part of the
// document, so a shared link opens in the reader's own view. js/first_paint.js puts the stored
// view on <html data-view> before the first paint; style.css hides by that attribute.
import { $ } from '../dom.js';

export const kViews = Object.freeze(['learn', 'tools']);
export const kViewKey = 'astar-playground/view';

const kLabels = {
  learn: { text: 'Tools', title: 'Show every tool: algorithm and settings, editing, compare, agents, import and export (the map stays as it is)' },
  tools: { text: 'Learn', title: 'Back to the Learn view: the search, its code line by line and the open list' },
};

export class ViewSwitch {
  constructor() {
    this.listeners = [];
    this.beforeLesson = null;  // the view a lesson switched away from, given back when it closes
  }

  get view() { return document.documentElement.dataset.view === 'tools' ? 'tools' : 'learn'; }

  bind() {
    $('view-switch').addEventListener('click', () => this.set(this.view === 'learn' ? 'tools' : 'learn'));
    this.show();
  }

  onChange(fn) { this.listeners.push(fn); }

  // remember: a visitor's own choice is kept for the next visit; a lesson's is not.
  set(view, { remember = true } = {}) {
    if (!kViews.includes(view)) return;
    if (remember) {
      this.beforeLesson = null;  // chosen during a lesson: closing it keeps this choice
      try { localStorage.setItem(kViewKey, view); } catch { /* kept for this page only */ }
    }
    if (view === this.view) return;
    document.documentElement.dataset.view = view;
    this.show();
    for (const fn of this.listeners) fn(view);
  }

  // A lesson reads in the Learn view; closing it goes back to the view it was opened from.
  lessonOpened() {
    if (this.view === 'learn') return;
    this.beforeLesson = this.view;
    this.set('learn', { remember: false });
  }
  lessonClosed() {
    if (this.beforeLesson) this.set(this.beforeLesson, { remember: false });
    this.beforeLesson = null;
  }

  show() {
    const button = $('view-switch'), label = kLabels[this.view];
    button.textContent = label.text;
    button.title = label.title;
  }
}
