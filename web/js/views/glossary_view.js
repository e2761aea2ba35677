// Plain words: finds the glossary's terms (js/glossary.js) in the page's text and makes the first
// mention of each term in a block (a paragraph, list item, label, legend key...) a focusable word
// with its definition: aria-describedby names the definition for screen readers, and one small
// tooltip shows it on hover, on keyboard focus and on tap (touch has no hover). Escape or a tap
// elsewhere hides it. Words inside controls (buttons, a section's <summary>, selects, fields)
// are left alone: a control cannot hold another focusable element (a click on it must open the
// section, not a definition), and the text inside says the same.
//   markTerms(element)  marks an element's text now (views that fill text call it after filling);
//   watchTerms(element) marks it now and again whenever its text changes (notes filled by views
//                       that do not call markTerms themselves).
import { kGlossary, termPattern } from '../glossary.js';

const kSkip = 'button, summary, select, option, textarea, input, script, style, canvas, kbd, .term, #glossary-tip, ' +
  '#glossary-defs, #message-box, #announce, [data-no-terms]';
const kBlocks = 'p, li, dt, dd, th, td, label, summary, h1, h2, h3, h4, caption, .key, div';
const kById = new Map(kGlossary.map((t) => [t.id, t]));
// Each term's pattern, made once (the page's text holds ~500 text nodes: a new RegExp per term
// and node was most of a phone's glossary pass); exec() below starts each from index 0.
const kPatterns = kGlossary.map((entry) => ({ entry, pattern: termPattern(entry) }));

let tip = null;      // the one tooltip
let owner = null;    // the term it describes
let pinned = false;  // shown by a tap, a click or a key: stays until dismissed

// The hidden definitions that aria-describedby points at, and the tooltip; made once.
function ensureParts() {
  if (tip) return;
  const defs = document.createElement('div');
  defs.id = 'glossary-defs';
  defs.hidden = true;
  for (const t of kGlossary) {
    const d = document.createElement('span');
    d.id = `glossary-def-${t.id}`;
    d.textContent = t.text;
    defs.append(d);
  }
  tip = document.createElement('div');
  tip.id = 'glossary-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  document.body.append(defs, tip);
  bindEvents();
}

// Makes an element a term's focusable word (the markup may name one with data-term).
/** @param {HTMLElement} element @param {string} id */
function asTerm(element, id) {
  element.classList.add('term');
  element.tabIndex = 0;
  element.dataset.term = id;
  element.setAttribute('aria-describedby', `glossary-def-${id}`);
  return element;
}
function termElement(entry, text) {
  const span = document.createElement('span');
  span.textContent = text;
  return asTerm(span, entry.id);
}

// The first match of every term not yet marked in its block, without overlaps (earliest first,
// the longer of two that start together).
function matchesIn(text, seen) {
  const found = [];
  for (const { entry, pattern } of kPatterns) {
    if (seen.has(entry.id)) continue;
    pattern.lastIndex = 0;
    const m = pattern.exec(text);
    if (m && m[0]) found.push({ entry, index: m.index, end: m.index + m[0].length });
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const out = [];
  let after = 0;
  for (const f of found) {
    if (f.index < after) continue;
    out.push(f);
    after = f.end;
  }
  return out;
}

export function markTerms(root) {
  if (!root || !(root instanceof Element) || root.closest(kSkip)) return;
  ensureParts();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === Node.ELEMENT_NODE
      ? (/** @type {Element} */ (n).matches(kSkip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP)
      : (/\w/.test(n.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP)),
  });
  const texts = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
  const seenIn = new Map();  // block -> term ids marked in it
  for (const node of texts) {
    const block = node.parentElement.closest(kBlocks) ?? root;
    let seen = seenIn.get(block);
    if (!seen) {
      seen = new Set([...block.querySelectorAll('.term')].map((t) => t.dataset.term));
      seenIn.set(block, seen);
    }
    const text = node.nodeValue, found = matchesIn(text, seen);
    if (!found.length) continue;
    const parts = [];
    let at = 0;
    for (const f of found) {
      if (f.index > at) parts.push(text.slice(at, f.index));
      parts.push(termElement(f.entry, text.slice(f.index, f.end)));
      seen.add(f.entry.id);
      at = f.end;
    }
    if (at < text.length) parts.push(text.slice(at));
    node.replaceWith(...parts);
  }
}

// Marks an element now and each time a view rewrites its text.
export function watchTerms(element) {
  if (!element) return;
  markTerms(element);
  new MutationObserver(() => markTerms(element)).observe(element, { childList: true, characterData: true, subtree: true });
}

// Views that mark their own text when they fill it (the code pane's listing and the open list
// change every step: the code pane decides what to mark there).
const kOwnMarking = '#code-listing, #open-list';

// Marks the page's static text, the notes views fill in later, and what other modules add to
// the panel (the agents', replanning and lab sections, their notes) when it arrives.
export function bindGlossary() {
  ensureParts();
  for (const e of document.querySelectorAll(/** @type {'span'} */ ('[data-term]:not(.term)'))) if (kById.has(e.dataset.term)) asTerm(e, e.dataset.term);
  markTerms(document.body);
  for (const note of document.querySelectorAll('.note[id]')) watchTerms(note);
  const panel = document.getElementById('panel');
  if (panel) {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) if (n instanceof Element && !n.closest(kOwnMarking)) markTerms(n);
      }
    }).observe(panel, { childList: true, subtree: true });
  }
}

// ---- the tooltip ----
function show(term, pin) {
  const entry = kById.get(term.dataset.term);
  if (!entry) return;
  owner = term;
  pinned = pin || pinned;
  const name = document.createElement('b');
  name.textContent = entry.term;
  // The definition starts with the term; the tooltip names it once, in bold.
  const rest = entry.text.replace(/^[^:]+:\s*/, '');
  tip.replaceChildren(name, `: ${rest}`);
  tip.dataset.term = entry.id;
  tip.hidden = false;
  place(term);
}

function place(term) {
  const r = term.getBoundingClientRect(), w = window.innerWidth, h = window.innerHeight;
  tip.style.maxWidth = `${Math.min(320, w - 16)}px`;
  const box = tip.getBoundingClientRect();
  const left = Math.max(8, Math.min(r.left, w - box.width - 8));
  const below = r.bottom + 6;
  const top = below + box.height <= h - 8 ? below : Math.max(8, r.top - box.height - 6);
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

function hide() {
  if (!tip) return;
  tip.hidden = true;
  owner = null;
  pinned = false;
}

const termOf = (target) => (target instanceof Element ? target.closest('.term') : null);

function bindEvents() {
  document.addEventListener('focusin', (ev) => {
    const t = termOf(ev.target);
    if (t) show(t, false);
    else if (owner) hide();
  });
  document.addEventListener('pointerover', (ev) => {
    const t = termOf(ev.target);
    if (t && ev.pointerType !== 'touch' && t !== owner) show(t, false);
  });
  document.addEventListener('pointerout', (ev) => {
    const t = termOf(ev.target);
    if (t && t === owner && !pinned && document.activeElement !== t && !t.contains(/** @type {Node} */ (ev.relatedTarget))) hide();
  });
  // A tap or click shows it and keeps it; inside a label it must not also toggle the control
  // (the default action is the label's).
  document.addEventListener('click', (ev) => {
    const t = termOf(ev.target);
    if (!t) return;
    ev.preventDefault();
    show(t, true);
  });
  document.addEventListener('pointerdown', (ev) => {
    if (owner && !termOf(ev.target) && !tip.contains(/** @type {Node} */ (ev.target))) hide();
  }, true);
  // Before the page's shortcuts (keys.js): Enter and Space on a term show its definition, and
  // Escape hides it.
  window.addEventListener('keydown', (ev) => {
    const t = termOf(ev.target);
    if (ev.key === 'Escape' && owner) {
      hide();
      return;
    }
    if (t && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      ev.stopPropagation();
      show(t, true);
    }
  }, true);
  window.addEventListener('resize', () => { if (owner) place(owner); });
  document.addEventListener('scroll', () => { if (owner) place(owner); }, true);  // focus scrolls the panel
}
