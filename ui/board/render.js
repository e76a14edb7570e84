// The board canvas: layers, animations and redraw scheduling.
//
// The host feeds a board model (see `boardModel` in state.js) plus pointer/cursor state; the
// renderer never knows a rule. A cached background layer (wood, grid, coordinates) is rebuilt only
// on resize or theme change; stones come from cached sprites; overlays (last move, numbers, winning
// line, hint, ghost stone, forbidden marks, cursor) are drawn on top. Redraws are batched with
// requestAnimationFrame and the canvas follows its box with a ResizeObserver.

import { computeLayout, pointToPixel } from './geometry.js';
import {
  DEFAULT_BOARD_THEME, makeStoneSprite, paintBackground, paintCursor, paintForbidden,
  paintCandidate, paintFocusRing, paintHintRing, paintLabel, paintLastMove, paintStone,
  paintWinLine,
} from './paint.js';

const PLACE_MS = 200;
const WIN_LINE_MS = 650;
const WIN_PULSE_MS = 4000;
const BOARD_INSET = 26;

const keyOf = (p) => `${p.x},${p.y}`;
const easeOutBack = (t) => 1 + 2.2 * (t - 1) ** 3 + 1.2 * (t - 1) ** 2;

function createCanvas(w, h) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

/** Draws and animates a board on a canvas element. */
export class BoardRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{reducedMotion?: () => boolean, theme?: object,
   *   onLayout?: (layout: import('./geometry.js').Layout) => void}} [options]
   *   onLayout: told after every change of size, so the page can place overlays
   */
  constructor(canvas, options = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.reducedMotion = options.reducedMotion ?? (() => false);
    this.onLayout = options.onLayout ?? (() => {});
    this.theme = options.theme ?? DEFAULT_BOARD_THEME;
    this.model = null;
    this.hover = null;
    this.cursor = null;
    this.cursorVisible = false;
    this.placed = new Map(); // key -> animation start time
    this.winStart = 0;
    this.winKey = '';
    this.frame = 0;
    this.background = null;
    this.sprites = null;
    this.currentLayout = computeLayout(0, 0, 15, 1, BOARD_INSET);
  }

  /** @returns {import('./geometry.js').Layout} the layout of the last resize */
  layout() {
    return this.currentLayout;
  }

  /**
   * Shows a new board model; stones that were not there before get a placement animation.
   * @param {object} model
   */
  setModel(model) {
    const prev = this.model;
    const now = performance.now();
    const before = new Set(prev && prev.size === model.size ? prev.stones.map(keyOf) : []);
    const added = model.stones.filter((s) => !before.has(keyOf(s)));
    const animate = prev && prev.size === model.size && added.length <= 2 && !this.reducedMotion();
    this.placed = new Map([...this.placed].filter(([k]) => model.stones.some((s) => keyOf(s) === k)));
    if (animate) for (const s of added) this.placed.set(keyOf(s), now);
    const winKey = model.winLine ? model.winLine.map(keyOf).join(' ') : '';
    if (winKey !== this.winKey) {
      this.winKey = winKey;
      this.winStart = now;
    }
    this.model = model;
    if (!prev || prev.size !== model.size) this.resize();
    this.requestDraw();
  }

  /** @param {{x: number, y: number} | null} point the intersection under the pointer */
  setHover(point) {
    if (keyOf(point ?? { x: -1, y: -1 }) === keyOf(this.hover ?? { x: -1, y: -1 })) return;
    this.hover = point;
    this.requestDraw();
  }

  /**
   * @param {{x: number, y: number} | null} point
   * @param {boolean} visible whether the keyboard cursor is drawn
   */
  setCursor(point, visible) {
    this.cursor = point;
    this.cursorVisible = visible;
    this.requestDraw();
  }

  /** @param {object} theme board colours (see DEFAULT_BOARD_THEME) */
  setTheme(theme) {
    this.theme = { ...DEFAULT_BOARD_THEME, ...theme };
    this.background = null;
    this.requestDraw();
  }

  /** Matches the backing store to the canvas box and the devicePixelRatio. */
  resize() {
    const dpr = window.devicePixelRatio || 1;
    const size = this.model?.size ?? 15;
    const { clientWidth: w, clientHeight: h } = this.canvas;
    const next = computeLayout(w, h, size, dpr, BOARD_INSET);
    const old = this.currentLayout;
    this.currentLayout = next;
    if (old.pixelWidth === next.pixelWidth && old.pixelHeight === next.pixelHeight
      && old.dpr === next.dpr && old.size === next.size && old.cssWidth === next.cssWidth
      && this.background) return;
    this.canvas.width = next.pixelWidth;
    this.canvas.height = next.pixelHeight;
    this.background = null;
    this.sprites = null;
    this.onLayout(next);
    this.requestDraw();
  }

  /**
   * Follows the canvas box and the devicePixelRatio.
   * @returns {() => void} stops observing
   */
  observe() {
    const onResize = () => this.resize();
    const observer = new ResizeObserver(onResize);
    observer.observe(this.canvas);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }

  /** Schedules one redraw on the next animation frame (several calls make one draw). */
  requestDraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw(performance.now());
    });
  }

  /** Stops any pending redraw. */
  destroy() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  ensureLayers() {
    const layout = this.currentLayout;
    if (!this.background) {
      this.background = createCanvas(layout.pixelWidth, layout.pixelHeight);
      const bg = this.background.getContext('2d');
      bg.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
      paintBackground(bg, layout, this.theme);
    }
    if (!this.sprites) {
      this.sprites = {
        black: makeStoneSprite('black', layout.stoneRadius, layout.dpr, createCanvas),
        white: makeStoneSprite('white', layout.stoneRadius, layout.dpr, createCanvas),
      };
    }
  }

  /**
   * Draws one frame; asks for another while an animation runs.
   * @param {number} now
   */
  draw(now) {
    const layout = this.currentLayout;
    const ctx = this.ctx;
    if (layout.cell <= 0 || layout.side <= 0) return;
    this.ensureLayers();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, layout.pixelWidth, layout.pixelHeight);
    ctx.drawImage(this.background, 0, 0);
    if (!this.model) return; // an empty board until the first snapshot arrives
    ctx.setTransform(layout.dpr, 0, 0, layout.dpr, 0, 0);
    let animating = this.drawStones(ctx, layout, now);
    this.drawMarks(ctx, layout);
    animating = this.drawWin(ctx, layout, now) || animating;
    this.drawPointer(ctx, layout);
    if (animating) this.requestDraw();
  }

  drawStones(ctx, layout, now) {
    let animating = false;
    const occupied = new Set(this.model.stones.map(keyOf));
    for (const f of this.model.forbidden) {
      if (occupied.has(keyOf(f))) continue;
      const { px, py } = pointToPixel(layout, f.x, f.y);
      paintForbidden(ctx, px, py, layout.cell, this.theme);
    }
    for (const stone of this.model.stones) {
      const { px, py } = pointToPixel(layout, stone.x, stone.y);
      const start = this.placed.get(keyOf(stone));
      let t = start === undefined ? 1 : Math.min(1, (now - start) / PLACE_MS);
      if (t < 0) t = 0;
      if (t < 1) animating = true;
      paintStone(ctx, this.sprites[stone.color], px, py, 0.75 + 0.25 * easeOutBack(t), Math.min(1, t * 1.8));
    }
    this.drawCandidates(ctx, layout, occupied);
    this.drawHint(ctx, layout, occupied);
    return animating;
  }

  drawCandidates(ctx, layout, occupied) {
    const hinted = new Set((this.model.hint ?? []).slice(0, 1).map(keyOf));
    for (const c of [...(this.model.candidates ?? [])].reverse()) {
      if (occupied.has(keyOf(c)) || hinted.has(keyOf(c))) continue;
      const { px, py } = pointToPixel(layout, c.x, c.y);
      paintCandidate(ctx, px, py, layout.stoneRadius, c.rank, c.tone);
    }
  }

  drawHint(ctx, layout, occupied) {
    const line = this.model.hint;
    if (!line?.length) return;
    const r = layout.stoneRadius;
    line.slice(0, this.model.hintLimit ?? 6).forEach((p, i) => {
      if (occupied.has(keyOf(p))) return;
      const color = i % 2 === 0 ? this.model.hintColor : (this.model.hintColor === 'black' ? 'white' : 'black');
      const { px, py } = pointToPixel(layout, p.x, p.y);
      paintStone(ctx, this.sprites[color], px, py, 1, i === 0 ? 0.6 : 0.32);
      paintLabel(ctx, i + 1, px, py, r, color === 'black' ? 'rgba(255,255,255,0.9)' : 'rgba(0,0,0,0.75)', this.theme.font);
      if (i === 0) paintHintRing(ctx, px, py, r, this.theme);
    });
  }

  drawMarks(ctx, layout) {
    const { stones, lastMove, showNumbers } = this.model;
    const r = layout.stoneRadius;
    if (showNumbers) {
      for (const s of stones) {
        const { px, py } = pointToPixel(layout, s.x, s.y);
        const isLast = lastMove && lastMove.x === s.x && lastMove.y === s.y;
        const ink = isLast ? this.theme.accent : s.color === 'black' ? '#f4f1ea' : '#1d1b18';
        if (s.number != null) paintLabel(ctx, s.number, px, py, r, ink, this.theme.font);
      }
    } else if (lastMove) {
      const { px, py } = pointToPixel(layout, lastMove.x, lastMove.y);
      paintLastMove(ctx, px, py, r, this.theme);
    }
  }

  drawWin(ctx, layout, now) {
    const line = this.model.winLine;
    if (!line?.length) return false;
    const still = this.reducedMotion();
    const elapsed = now - this.winStart;
    const progress = still ? 1 : Math.min(1, Math.max(0, elapsed / WIN_LINE_MS));
    const pulsing = !still && elapsed < WIN_LINE_MS + WIN_PULSE_MS;
    const glow = pulsing ? 0.5 + 0.5 * Math.sin((elapsed / 420) * Math.PI) : 0.6;
    const centres = line.map((p) => pointToPixel(layout, p.x, p.y));
    paintWinLine(ctx, centres, layout.stoneRadius, progress, glow, this.theme);
    return pulsing;
  }

  drawPointer(ctx, layout) {
    const { hover, model } = this;
    if (hover && model.ghostColor && this.isOpen(hover)) {
      const { px, py } = pointToPixel(layout, hover.x, hover.y);
      paintStone(ctx, this.sprites[model.ghostColor], px, py, 1, 0.45);
    }
    if (this.cursorVisible) paintFocusRing(ctx, layout, this.theme);
    if (this.cursor && this.cursorVisible) {
      const { px, py } = pointToPixel(layout, this.cursor.x, this.cursor.y);
      if (model.ghostColor && this.isOpen(this.cursor) && !(hover && keyOf(hover) === keyOf(this.cursor))) {
        paintStone(ctx, this.sprites[model.ghostColor], px, py, 1, 0.35);
      }
      paintCursor(ctx, px, py, layout.cell, this.theme);
    }
  }

  /** Empty and not marked forbidden: where the ghost stone may show. */
  isOpen(p) {
    const k = keyOf(p);
    return !this.model.stones.some((s) => keyOf(s) === k) && !this.model.forbidden.some((f) => keyOf(f) === k);
  }
}
