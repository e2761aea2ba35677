// Pointer input on the canvas: placing and dragging start/goal, brush strokes (one undo step
// each), portals, zoom and pan (wheel, middle or Alt drag, two-finger pinch), and the hovered
// cell. A touch tap inspects its cell until the next tap (touch pointers leave right after
// they lift, so leaving does not clear a tapped cell).
import { hexLine } from './hex.js';

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

// view: the CanvasView; marks: { hover, cursor, pendingPortal }; marksChanged(): redraw + inspector.
export function bindPointer({ store, editor, view, marks, marksChanged }) {
  const r = view.renderer, canvas = r.canvas, e = store.engine;
  let drag = null;        // { kind: 'start'|'goal'|'paint'|'pan'|'pinch', ... }
  let touchPlacesGoal = false;
  const touches = new Map();  // pointerId -> point, for two-finger pinch zoom and pan

  const local = (ev) => {
    const rect = canvas.getBoundingClientRect();
    return { x: ev.clientX - rect.left, y: ev.clientY - rect.top };
  };
  const setHover = (n) => {
    if (marks.hover === n) return;
    marks.hover = n;
    marksChanged();
  };
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
  function endDrag() {
    if (drag?.stroke) store.endStroke();
    drag = null;
  }

  canvas.addEventListener('contextmenu', (ev) => ev.preventDefault());
  canvas.addEventListener('pointerdown', (ev) => {
    canvas.focus({ preventScroll: true });
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
    const tool = editor.tool;
    if (tool === 'inspect') return;
    capture(ev);
    // The markers can be dragged whatever the tool.
    if (n === e.start() || n === e.goal()) {
      const which = n === e.start() ? 'start' : 'goal';
      store.beginStroke(`move ${which}`);
      drag = { kind: which, stroke: true };
      return;
    }
    if (tool === 'place') {
      let which = ev.button === 2 || ev.shiftKey ? 'goal' : 'start';
      if (ev.pointerType === 'touch') {  // taps alternate: start, then goal
        which = touchPlacesGoal ? 'goal' : 'start';
        touchPlacesGoal = !touchPlacesGoal;
      }
      store.beginStroke(`move ${which}`);
      drag = { kind: which, stroke: true };
      editor.place(which, n);
    } else if (tool === 'portal') {
      editor.portalClick(n);
      marksChanged();
    } else {
      store.beginStroke(`paint ${tool}`);
      drag = { kind: 'paint', stroke: true, x: e.xOf(n), y: e.yOf(n) };
      editor.paint([n]);
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
      view.loop.requestDraw();
      return;
    }
    if (!drag) {
      if (ev.pointerType !== 'touch') setHover(n);
      return;
    }
    if (drag.kind === 'pan') {
      const p = local(ev);
      r.pan(p.x - drag.x, p.y - drag.y);
      drag.x = p.x;
      drag.y = p.y;
      view.loop.requestDraw();
      return;
    }
    if (n < 0) return;
    if (drag.kind === 'start' || drag.kind === 'goal') {
      const other = drag.kind === 'start' ? e.goal() : e.start();
      // Dragging over walls skips them silently (the marker stays on its last floor cell).
      if (n !== other && e.costs()[n] > 0) store.placeEndpoint(drag.kind, n);  // live: re-runs while dragging
      setHover(n);
    } else if (drag.kind === 'paint') {
      const x = e.xOf(n), y = e.yOf(n);
      if (x === drag.x && y === drag.y) return;
      const line = e.isHex() ? hexLine(drag.x, drag.y, x, y) : lineCells(drag.x, drag.y, x, y);
      const centres = [];
      for (const [cx, cy] of line) if (e.contains(cx, cy)) centres.push(e.index(cx, cy));
      drag.x = x;
      drag.y = y;
      editor.paint(centres);
    }
  });

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
  canvas.addEventListener('pointerleave', (ev) => { if (!drag && ev.pointerType !== 'touch') setHover(-1); });

  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = local(ev);
    r.zoomAt(p.x, p.y, Math.exp(-ev.deltaY * 0.0015));
    view.loop.requestDraw();
  }, { passive: false });
}
