// The one message area, with levels: info and warning fade after a few seconds; an error stays
// until the user dismisses it or another error replaces it, never replaced by routine info (a
// bad link's reason must not vanish under "Opened Arcade."). Search results and messages also
// go to a polite live region for screen readers. An offer (a message with one action button,
// e.g. "A new version is ready — Reload") stays like an error until it is taken or dismissed.
import { $, el } from '../dom.js';

const kFadeMs = { info: 4000, warning: 8000 };

export class Messages {
  constructor() {
    this.box = $('message-box');
    this.text = $('message');
    this.live = $('announce');
    this.timer = 0;
    this.level = '';
    this.action = null;  // an offer's button, while one is shown
    this.quiet = false;  // quietly(): announcements are dropped
    $('message-close').addEventListener('click', () => this.dismiss());
  }

  // level: 'info' | 'warning' | 'error'. Returns whether the message is on screen.
  show(text, level = 'info') {
    this.announce(text);
    if ((this.level === 'error' || this.action) && !this.box.hidden && level !== 'error') return false;
    clearTimeout(this.timer);
    this.removeAction();
    this.level = level;
    this.text.textContent = text;
    this.text.dataset.level = level;
    this.box.dataset.level = level;
    this.box.hidden = false;
    if (level !== 'error') this.timer = setTimeout(() => this.dismiss(), kFadeMs[level] ?? kFadeMs.info);
    return true;
  }

  // Shows text with a button labelled label that runs run() (and closes the message). It stays
  // until taken or dismissed; only an error replaces it.
  offer(text, label, run) {
    if (!this.show(text, 'info')) return false;
    clearTimeout(this.timer);
    this.action = el('button', { text: label, attrs: { id: 'message-action', type: 'button' } });
    this.action.addEventListener('click', () => {
      this.dismiss();
      run();
    });
    this.text.after(this.action);
    return true;
  }

  dismiss() {
    clearTimeout(this.timer);
    this.removeAction();
    this.box.hidden = true;
    this.level = '';
  }

  removeAction() {
    this.action?.remove();
    this.action = null;
  }

  // Runs fn() with announcements held back: a lesson's "Try this" runs its search to the end
  // before the grid replays it, and "Path found" then would come before the picture does.
  quietly(fn) {
    const was = this.quiet;
    this.quiet = true;
    try {
      return fn();
    } finally {
      this.quiet = was;
    }
  }

  // Screen readers only (the region is visually hidden).
  announce(text) {
    if (this.quiet) return;
    if (this.live.textContent === text) this.live.textContent = '';
    this.live.textContent = text;
  }
}
