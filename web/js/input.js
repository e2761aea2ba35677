// Pointer and keyboard input on the grid: placing and dragging start/goal, brush strokes
// (one undo step each), portals, zoom and pan, and keyboard placement and control.

import { hexLine } from './hex.js';

const kTools = ['place', 'wall', 'floor', 'terrain', 'portal', 'oneway', 'inspect'];

// Cells on the line from a to b (Bresenham; on hex maps, hex line drawing), so fast strokes
// leave no gaps: each cell is a neighbour of the one before.
function* lineCells(x0, y0, x1, y1) {
  const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    yield [x0, y0];
    if (x0 === x1 && y0 === y1) return;
    const e2 = 2 * err;
    if (e2 >= dy) { err += dy; x0 += sx; }
    if (e2 <= dx) { err += dx; y0 += sy; }
  }
}

export function bindInput(app) {
  const canvas = app.renderer.canvas, r = app.renderer, e = app.engine;
  let drag = null;        // { kind: 'start'|'goal'|'paint'|'pan', ... }
  let touchPlacesGoal = false;
  const touches = new Map();  // pointerId -> point, for two-finger pinch zoom and pan

  const local = (ev) => {
    const rect = canvas.getBoundingClientRect();
    return { x: ev.clientX - rect.left, y: ev.clientY - rect.top };
  };
  const setHover = (n) => {
    if (r.hover === n) return;
    r.hover = n;
    app.updateInspector();
    app.requestDraw();
  };

  canvas.addEventListener('contextmenu', (ev) => ev.preventDefault());

  // Synthetic or already-released pointers cannot be captured; the drag works without.
  const capture = (ev) => {
    try {
      canvas.setPointerCapture(ev.pointerId);
    } catch { /* not capturable */ }
  };
  const pinchState = () => {
    const [a, b] = [...touches.values()];
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  };

  canvas.addEventListener('pointerdown', (ev) => {
    canvas.focus();
    const n = r.cellAtEvent(ev), p = local(ev);
    if (ev.pointerType === 'touch') {
      touches.set(ev.pointerId, p);
      if (touches.size === 2) {
        endDrag();  // the first finger's action stays one undo step
        drag = { kind: 'pinch', ...pinchState() };
        capture(ev);
        return;
      }
    }
    if (ev.button === 1 || ev.altKey) {
      drag = { kind: 'pan', x: p.x, y: p.y };
      capture(ev);
      ev.preventDefault();
      return;
    }
    if (n < 0) return;
    setHover(n);  // a tap inspects too (no hover on touch screens)
    if (app.tool === 'inspect') return;
    capture(ev);
    const before = app.docText();
    // The markers can be dragged whatever the tool.
    if (n === e.start() || n === e.goal()) {
      drag = { kind: n === e.start() ? 'start' : 'goal', before };
      return;
    }
    const tool = app.tool;
    if (tool === 'place') {
      let which = ev.button === 2 || ev.shiftKey ? 'goal' : 'start';
      if (ev.pointerType === 'touch') {  // taps alternate: start, then goal
        which = touchPlacesGoal ? 'goal' : 'start';
        touchPlacesGoal = !touchPlacesGoal;
      }
      app.placeEndpoint(which, n);
      drag = { kind: which, before };
    } else if (tool === 'portal') {
      app.portalClick(n);
    } else {
      drag = { kind: 'paint', before, x: e.xOf(n), y: e.yOf(n) };
      app.paint(n);
      app.searchChanged();
    }
  });

  canvas.addEventListener('pointermove', (ev) => {
    const n = r.cellAtEvent(ev);
    if (touches.has(ev.pointerId)) touches.set(ev.pointerId, local(ev));
    if (drag?.kind === 'pinch') {
      if (touches.size < 2) return;
      const now = pinchState();
      r.pan(now.mid.x - drag.mid.x, now.mid.y - drag.mid.y);
      r.zoomAt(now.mid.x, now.mid.y, now.dist / drag.dist);
      Object.assign(drag, now);
      app.requestDraw();
      return;
    }
    if (!drag) {
      setHover(n);
      return;
    }
    if (drag.kind === 'pan') {
      const p = local(ev);
      r.pan(p.x - drag.x, p.y - drag.y);
      drag.x = p.x;
      drag.y = p.y;
      app.requestDraw();
      return;
    }
    if (n < 0) return;
    if (drag.kind === 'start' || drag.kind === 'goal') {
      const other = drag.kind === 'start' ? e.goal() : e.start();
      if (n !== other) app.placeEndpoint(drag.kind, n);  // live: re-runs while dragging
      setHover(n);
    } else if (drag.kind === 'paint') {
      const x = e.xOf(n), y = e.yOf(n);
      if (x === drag.x && y === drag.y) return;
      const line = e.isHex() ? hexLine(drag.x, drag.y, x, y) : lineCells(drag.x, drag.y, x, y);
      for (const [cx, cy] of line) if (e.contains(cx, cy)) app.paint(e.index(cx, cy));
      drag.x = x;
      drag.y = y;
      app.searchChanged();
    }
  });

  function endDrag() {
    if (!drag) return;
    if (drag.before !== undefined) {
      const label = drag.kind === 'paint' ? `paint ${app.tool}` : `move ${drag.kind}`;
      app.history.record(label, drag.before, app.docText());
      app.emit('map');
      app.updateStats();
    }
    drag = null;
  }
  const release = (ev) => {
    touches.delete(ev.pointerId);
    if (drag?.kind === 'pinch') {
      if (touches.size === 0) drag = null;
      return;
    }
    endDrag();
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('pointerleave', () => { if (!drag) setHover(-1); });

  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = local(ev);
    r.zoomAt(p.x, p.y, Math.exp(-ev.deltaY * 0.0015));
    app.requestDraw();
  }, { passive: false });

  // Keyboard: works whenever the focus is not in a text field.
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (t instanceof HTMLInputElement && t.type !== 'checkbox' && t.type !== 'radio' && t.type !== 'range') return;
    if (t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
    if (document.querySelector('dialog[open]')) return;
    if (t instanceof HTMLButtonElement && (ev.key === ' ' || ev.key === 'Enter')) return;  // the button's own click
    const key = ev.key;
    const ctrl = ev.ctrlKey || ev.metaKey;
    if (ctrl && (key === 'z' || key === 'Z')) {
      if (ev.shiftKey) app.redo();
      else app.undo();
    } else if (ctrl && (key === 'y' || key === 'Y')) {
      app.redo();
    } else if (ctrl) {
      return;
    } else if (key.startsWith('Arrow')) {
      const d = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key];
      const from = r.cursor >= 0 ? r.cursor : Math.max(0, e.start());
      const x = Math.min(e.width - 1, Math.max(0, e.xOf(from) + d[0]));
      const y = Math.min(e.height - 1, Math.max(0, e.yOf(from) + d[1]));
      r.cursor = e.index(x, y);
      app.updateInspector();
      app.requestDraw();
    } else if (key === 's' || key === 'g') {
      if (r.cursor < 0) r.cursor = Math.max(0, e.start());
      const which = key === 's' ? 'start' : 'goal';
      const before = app.docText();
      app.placeEndpoint(which, r.cursor);
      app.history.record(`move ${which}`, before, app.docText());
    } else if (key === ' ') {
      app.togglePlay();
    } else if (key === '.') {
      app.step();
    } else if (key === ',') {
      app.stepBack();
    } else if (key === 'Enter') {
      app.finish();
    } else if (key === 'r') {
      app.resetSearch();
    } else if (key === 'l') {
      const live = document.getElementById('live');
      live.checked = !live.checked;
      live.dispatchEvent(new Event('change'));
    } else if (key === 'c') {
      app.compare?.start();
    } else if (key === 'f') {
      r.fit();
      app.requestDraw();
    } else if (key === '+' || key === '=' || key === '-') {
      document.getElementById(key === '-' ? 'zoom-out' : 'zoom-in').click();
    } else if (key === '?') {
      document.getElementById('help').showModal();
    } else if (key >= '1' && key <= '7') {
      app.tool = kTools[Number(key) - 1];
    } else {
      return;
    }
    ev.preventDefault();
  });
}
