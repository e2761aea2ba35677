// Small DOM and formatting helpers every view shares (one copy of each).
import { clockStepMs } from './clock.js';

// The page's elements by id. Typed `any`: which element an id names (an input, a select, a
// canvas) is the page's markup, which the type checker cannot see.
/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

// An element: el('td', { text, cls, title, attrs: { 'aria-label': ... } }, [children]).
// Text always goes in as textContent: nothing from a file or a link becomes HTML.
/**
 * @param {string} tag
 * @param {{ text?: string, cls?: string, title?: string, attrs?: Record<string, string> }} [options]
 * @param {Array<Node | string>} [children]
 * @returns {any}
 */
export function el(tag, { text, cls, title, attrs } = {}, children = []) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  if (title) e.title = title;
  for (const [k, v] of Object.entries(attrs ?? {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

// Sets an element's text (only when it changed: no needless layout) and its data-value.
export function setText(id, text, value) {
  const e = $(id);
  if (e.textContent !== text) e.textContent = text;
  if (value !== undefined) e.dataset.value = String(value);
}

// A cost or a g/h/f value for people: integers without decimals, at most 4 decimals, ∞ / –.
export function formatNumber(v) {
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '–';
  if (Math.abs(v - Math.round(v)) < 1e-9) return String(Math.round(v));
  return String(Number(v.toFixed(4)));
}

// Engine milliseconds, to the precision of the browser's clock (clock.js: 0.1 ms steps in
// Chromium, 1 ms in Firefox and WebKit): '< 1' for what took less than one step there, '< 0.1'
// in Chromium; no more decimals than the step has, and at most 2 (1 from 10 ms on).
export function formatMs(ms, stepMs = clockStepMs()) {
  const stepDecimals = Math.max(0, Math.ceil(-Math.log10(stepMs) - 1e-9));
  if (!(ms >= stepMs)) return `< ${Number(stepMs.toFixed(stepDecimals))}`;
  return ms.toFixed(Math.min(stepDecimals, ms < 10 ? 2 : 1));
}

// Offers a blob as a download named fileName (map files, pictures, videos).
export function saveBlob(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// A file name from a map's name: letters, digits, '.', '_' and '-' only; 'map' when empty.
export function fileBaseName(name) {
  return (name || 'map').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'map';
}
