// Keyboard shortcuts. With the canvas (or nothing interactive) focused, every shortcut acts. A
// focused form control keeps its native keys and only those: Space toggles a checkbox or radio
// and presses a button, arrows move a slider or a radio choice, a select and a text field keep
// every key; the other shortcuts (., ?, 1-7...) still work there. Undo and redo (Ctrl+Z /
// Ctrl+Y) work everywhere but in text fields, which have their own.
import { kTools } from './editor.js';
import { $ } from './dom.js';

const kArrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

const kArrowKeys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];
const kSliderKeys = [...kArrowKeys, 'Home', 'End', 'PageUp', 'PageDown'];

// A field that keeps every key (the exercise's key handler leaves these alone too).
export function isTextField(t) {
  return t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t?.isContentEditable === true ||
    (t instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'button', 'submit', 'reset', 'file'].includes(t.type));
}
// Whether the focused element t has a native use for this key (then it is left to it).
function nativeKey(t, key, canvas) {
  if (!(t instanceof HTMLElement) || t === document.body || t === canvas) return false;
  if (t instanceof HTMLInputElement) {
    if (t.type === 'range') return kSliderKeys.includes(key);
    if (t.type === 'checkbox') return key === ' ';
    if (t.type === 'radio') return key === ' ' || kArrowKeys.includes(key);
    return key === ' ' || key === 'Enter';  // button-like inputs
  }
  if (t.matches('button, a[href], summary')) return key === ' ' || key === 'Enter';
  if (t.matches('[tabindex]')) return key === ' ' || kSliderKeys.includes(key);  // scrollable boxes
  return false;
}

// actions: { undo, redo, compare } from the panels; controller: search actions; view: fit.
export function bindKeys({ store, controller, editor, view, marks, marksChanged, actions }) {
  const canvas = view.renderer.canvas, e = store.engine;
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (document.querySelector('dialog[open]') || isTextField(t)) return;
    const key = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
    if (ctrl && (key === 'z' || key === 'Z')) {
      if (ev.shiftKey) actions.redo();
      else actions.undo();
      ev.preventDefault();
      return;
    }
    if (ctrl && (key === 'y' || key === 'Y')) {
      actions.redo();
      ev.preventDefault();
      return;
    }
    if (ctrl || ev.altKey || nativeKey(t, key, canvas)) return;
    if (kArrows[key]) {
      const d = kArrows[key];
      const from = marks.cursor >= 0 ? marks.cursor : Math.max(0, e.start());
      const x = Math.min(e.width - 1, Math.max(0, e.xOf(from) + d[0]));
      const y = Math.min(e.height - 1, Math.max(0, e.yOf(from) + d[1]));
      marks.cursor = e.index(x, y);
      marksChanged();
    } else if (key === 's' || key === 'g') {
      if (marks.cursor < 0) marks.cursor = Math.max(0, e.start());
      editor.place(key === 's' ? 'start' : 'goal', marks.cursor);
    } else if (key === ' ') {
      controller.togglePlay();
    } else if (key === '.') {
      controller.step();
    } else if (key === ',') {
      controller.back();
    } else if (key === 'Enter') {
      controller.finish();
    } else if (key === 'r') {
      controller.reset();
    } else if (key === 'l') {
      $('live').click();
    } else if (key === 'c') {
      actions.compare();
    } else if (key === 'f') {
      view.fit();
    } else if (key === '+' || key === '=' || key === '-') {
      view.zoomBy(key === '-' ? 0.8 : 1.25);
    } else if (key === '?') {
      $('help').showModal();
    } else if (key >= '1' && key <= '7') {
      editor.tool = kTools[Number(key) - 1];
    } else {
      return;
    }
    ev.preventDefault();
  });
}
