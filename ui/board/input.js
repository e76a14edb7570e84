// Board input: pointer hover/click and the keyboard cursor.
//
// `moveCursor` is pure (tested headless). The bind functions attach listeners and each returns
// its unbind function, after chessground.

import { clientToCanvas, pixelToPoint } from './geometry.js';

const STEPS = Object.freeze({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
});

/**
 * Moves the keyboard cursor one point for an arrow key (Home/End jump to the row's ends),
 * clamped at the edges. Without a cursor yet, any move key puts it on the centre.
 * @param {{x: number, y: number} | null} cursor
 * @param {string} key a KeyboardEvent.key
 * @param {number} size
 * @returns {{x: number, y: number} | null} the new cursor, or null if `key` is not a move key
 */
export function moveCursor(cursor, key, size) {
  const isMove = key in STEPS || key === 'Home' || key === 'End';
  if (!isMove) return null;
  const centre = Math.floor(size / 2);
  if (!cursor) return { x: centre, y: centre };
  const clamp = (v) => Math.min(size - 1, Math.max(0, v));
  if (key === 'Home') return { x: 0, y: clamp(cursor.y) };
  if (key === 'End') return { x: size - 1, y: clamp(cursor.y) };
  const [dx, dy] = STEPS[key];
  return { x: clamp(cursor.x + dx), y: clamp(cursor.y + dy) };
}

/**
 * Pointer input on the board canvas.
 * @param {HTMLCanvasElement} canvas
 * @param {() => import('./geometry.js').Layout} getLayout
 * @param {{onHover: (p: {x: number, y: number} | null) => void,
 *   onPick: (p: {x: number, y: number}) => void}} handlers
 * @returns {() => void} unbind
 */
export function bindPointer(canvas, getLayout, handlers) {
  const pointAt = (e) => {
    const layout = getLayout();
    const { px, py } = clientToCanvas(layout, canvas.getBoundingClientRect(), e.clientX, e.clientY);
    return pixelToPoint(layout, px, py);
  };
  const onMove = (e) => handlers.onHover(pointAt(e));
  const onLeave = () => handlers.onHover(null);
  const onClick = (e) => {
    if (e.button !== 0) return;
    const p = pointAt(e);
    if (p) handlers.onPick(p);
  };
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('click', onClick);
  return () => {
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerleave', onLeave);
    canvas.removeEventListener('click', onClick);
  };
}

/**
 * Keyboard input on the focused board canvas: arrows move the cursor, Enter/Space place.
 * @param {HTMLCanvasElement} canvas
 * @param {{getSize: () => number, getCursor: () => ({x: number, y: number} | null),
 *   setCursor: (p: {x: number, y: number}, visible: boolean) => void,
 *   onPlace: (p: {x: number, y: number}) => void}} handlers
 * @returns {() => void} unbind
 */
export function bindBoardKeys(canvas, handlers) {
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const next = moveCursor(handlers.getCursor(), e.key, handlers.getSize());
    if (next) {
      e.preventDefault();
      handlers.setCursor(next, true);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const cursor = handlers.getCursor();
      if (cursor) handlers.onPlace(cursor);
      else handlers.setCursor(moveCursor(null, 'ArrowUp', handlers.getSize()), true);
    }
  };
  const onFocus = () => {
    if (canvas.matches(':focus-visible')) {
      const c = handlers.getCursor() ?? moveCursor(null, 'ArrowUp', handlers.getSize());
      handlers.setCursor(c, true);
    }
  };
  const onBlur = () => handlers.setCursor(handlers.getCursor(), false);
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('focus', onFocus);
  canvas.addEventListener('blur', onBlur);
  return () => {
    canvas.removeEventListener('keydown', onKey);
    canvas.removeEventListener('focus', onFocus);
    canvas.removeEventListener('blur', onBlur);
  };
}
