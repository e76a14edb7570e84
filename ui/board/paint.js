// Canvas painting primitives for the board: wood, grid, coordinates, stones and overlays.
//
// Each function draws one thing on a 2D context whose transform maps CSS pixels (the Layout's
// unit); none keeps state. `board/render.js` decides what to draw, in which layer and when.

import { columnLabel, crispLine, pointToPixel, rowLabel, starPoints } from './geometry.js';

/** Colours of the board; the page passes its own from CSS variables (see main.js). */
export const DEFAULT_BOARD_THEME = Object.freeze({
  woodLight: 'rgb(246, 226, 194)',
  wood: 'rgb(240, 217, 181)',
  woodDark: 'rgb(224, 192, 148)',
  grain: '120, 78, 36',
  line: 'rgba(64, 40, 18, 0.80)',
  coord: 'rgba(84, 56, 28, 0.88)',
  accent: '#e0442a',
  win: '255, 196, 64',
  forbidden: '#d42f1f',
  cursor: '#2563eb',
  pageShadow: 'rgba(40, 24, 8, 0.35)',
  font: 'system-ui, sans-serif',
});

/** Deterministic PRNG (mulberry32) so the grain is the same on every redraw. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Device pixels per unit of the context's current transform (shadows ignore the transform). */
function deviceScale(ctx) {
  return typeof ctx.getTransform === 'function' ? ctx.getTransform().a || 1 : 1;
}

function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function wavyLine(ctx, left, side, y0, amp, freq, phase, wobble) {
  ctx.beginPath();
  for (let x = 0; x <= side; x += 6) {
    const y = y0 + amp * Math.sin(x * freq + phase) + wobble * Math.sin(x * 0.07 + phase * 3);
    if (x === 0) ctx.moveTo(left, y);
    else ctx.lineTo(left + x, y);
  }
  ctx.stroke();
}

function paintGrain(ctx, layout, theme) {
  const { boardLeft: left, boardTop: top, side } = layout;
  const rand = random(0x60b0 + layout.size);
  ctx.lineCap = 'round';
  const bands = Math.round(side / 22);
  for (let i = 0; i < bands; i += 1) {
    ctx.strokeStyle = `rgba(${theme.grain}, ${0.018 + rand() * 0.035})`;
    ctx.lineWidth = side * (0.006 + rand() * 0.022);
    wavyLine(ctx, left, side, top + rand() * side, 2 + rand() * side * 0.012,
      (1 + rand() * 2.5) * Math.PI * 2 / side, rand() * 6.3, 0.8);
  }
  const fibres = Math.round(side / 3.2);
  for (let i = 0; i < fibres; i += 1) {
    ctx.strokeStyle = `rgba(${theme.grain}, ${0.015 + rand() * 0.045})`;
    ctx.lineWidth = 0.4 + rand() * 0.9;
    wavyLine(ctx, left, side, top + rand() * side, 1 + rand() * side * 0.008,
      (1 + rand() * 2.5) * Math.PI * 2 / side, rand() * 6.3, 0.5);
  }
}

/** How much smaller than the board's pixels its drop shadow is blurred (see paintDropShadow). */
const SHADOW_SCALE = 0.25;

/**
 * Paints the board's drop shadow (a blurred copy of its shape, lower and outside it). The blur
 * is made on a canvas a quarter of the size and drawn scaled up: a blur is as smooth at any
 * scale, and in software its cost grows with its area and radius (~12 ms at full size, the
 * first frame's largest single cost after the grain). The shape itself is drawn far to the
 * left of the small canvas, so only its shadow lands there. Without a document (no canvas to
 * borrow) the shadow is blurred in place.
 */
function paintDropShadow(ctx, layout, theme, radius) {
  const { boardLeft: x, boardTop: y, side, dpr } = layout;
  const blur = side * 0.045;
  const drop = side * 0.016;
  const doc = globalThis.document;
  if (!doc) {
    paintShadowAt(ctx, theme, dpr, blur, drop, () => roundedRect(ctx, x, y, side, side, radius));
    return;
  }
  const margin = blur * 2 + drop;
  const box = side + 2 * margin;
  const scale = dpr * SHADOW_SCALE;
  const small = doc.createElement('canvas');
  small.width = small.height = Math.ceil(box * scale);
  const sctx = small.getContext('2d');
  sctx.setTransform(scale, 0, 0, scale, 0, 0);
  const away = box * 2;
  sctx.translate(-away, 0);
  paintShadowAt(sctx, theme, scale, blur, drop,
    () => roundedRect(sctx, margin, margin, side, side, radius), away * scale);
  ctx.drawImage(small, x - margin, y - margin, box, box);
}

/** Fills the path `shape` with its shadow `blur` CSS px soft, `drop` lower and `shiftX` device
 * px to the right, at `scale` device px per CSS px. */
function paintShadowAt(ctx, theme, scale, blur, drop, shape, shiftX = 0) {
  ctx.save();
  ctx.shadowColor = theme.pageShadow;
  ctx.shadowBlur = blur * scale;
  ctx.shadowOffsetX = shiftX;
  ctx.shadowOffsetY = drop * scale;
  shape();
  ctx.fillStyle = theme.wood;
  ctx.fill();
  ctx.restore();
}

/**
 * Paints the wooden board: drop shadow, warm gradient, grain, vignette and a soft bevel.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./geometry.js').Layout} layout
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintWood(ctx, layout, theme) {
  const { boardLeft: x, boardTop: y, side } = layout;
  const radius = Math.max(4, side * 0.014);
  paintDropShadow(ctx, layout, theme, radius);
  ctx.save();
  roundedRect(ctx, x, y, side, side, radius);
  ctx.fillStyle = theme.wood;
  ctx.fill();
  ctx.restore();

  ctx.save();
  roundedRect(ctx, x, y, side, side, radius);
  ctx.clip();
  const base = ctx.createLinearGradient(x, y, x + side, y + side);
  base.addColorStop(0, theme.woodLight);
  base.addColorStop(0.5, theme.wood);
  base.addColorStop(1, theme.woodDark);
  ctx.fillStyle = base;
  ctx.fillRect(x, y, side, side);
  paintGrain(ctx, layout, theme);
  const vignette = ctx.createRadialGradient(
    x + side / 2, y + side / 2, side * 0.3, x + side / 2, y + side / 2, side * 0.75,
  );
  vignette.addColorStop(0, `rgba(${theme.grain}, 0)`);
  vignette.addColorStop(1, `rgba(${theme.grain}, 0.16)`);
  ctx.fillStyle = vignette;
  ctx.fillRect(x, y, side, side);
  ctx.restore();

  ctx.save();
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.45)';
  roundedRect(ctx, x + 1.5, y + 1.5, side - 3, side - 3, radius - 1);
  ctx.stroke();
  ctx.strokeStyle = `rgba(${theme.grain}, 0.45)`;
  roundedRect(ctx, x + 0.5, y + 0.5, side - 1, side - 1, radius);
  ctx.stroke();
  ctx.restore();
}

/**
 * Paints the grid lines (the outer frame slightly heavier) and the star points, snapped to device
 * pixels.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./geometry.js').Layout} layout
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintGrid(ctx, layout, theme) {
  const { size, cell, originX, originY, dpr } = layout;
  const span = (size - 1) * cell;
  ctx.save();
  ctx.strokeStyle = theme.line;
  ctx.lineCap = 'square';
  for (let i = 0; i < size; i += 1) {
    const edge = i === 0 || i === size - 1;
    const wanted = edge ? Math.max(1.6, cell * 0.05) : Math.max(1, cell * 0.028);
    const v = crispLine(originX + i * cell, wanted, dpr);
    const h = crispLine(originY + i * cell, wanted, dpr);
    ctx.lineWidth = v.width;
    ctx.beginPath();
    ctx.moveTo(v.pos, originY);
    ctx.lineTo(v.pos, originY + span);
    ctx.moveTo(originX, h.pos);
    ctx.lineTo(originX + span, h.pos);
    ctx.stroke();
  }
  ctx.fillStyle = theme.line;
  const r = Math.max(2, cell * 0.09);
  for (const p of starPoints(size)) {
    const { px, py } = pointToPixel(layout, p.x, p.y);
    ctx.beginPath();
    ctx.arc(px, py, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/**
 * Paints the coordinates: letters A.. along the bottom, numbers along the left with row 1 at the
 * bottom (the engine's notation).
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./geometry.js').Layout} layout
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintCoordinates(ctx, layout, theme) {
  const { size, cell, originX, originY, boardLeft, boardTop, side } = layout;
  const fontPx = Math.max(8, Math.min(15, cell * 0.34));
  ctx.save();
  ctx.fillStyle = theme.coord;
  ctx.font = `600 ${fontPx}px ${theme.font ?? DEFAULT_BOARD_THEME.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // clear of a stone on the edge line (radius 0.47 cell), still inside the rim
  const bottom = originY + (size - 1) * cell;
  const labelY = Math.min(bottom + cell * 0.8, boardTop + side - fontPx * 0.8);
  const labelX = Math.max(originX - cell * 0.82, boardLeft + fontPx * 0.9);
  for (let i = 0; i < size; i += 1) {
    ctx.fillText(columnLabel(i), originX + i * cell, labelY);
    ctx.fillText(rowLabel(i, size), labelX, originY + i * cell);
  }
  ctx.restore();
}

/**
 * @typedef {{canvas: HTMLCanvasElement | OffscreenCanvas, cssSize: number, radius: number}} Sprite
 */

/**
 * Renders one stone, with its soft shadow, into its own canvas for fast reuse.
 * @param {'black' | 'white'} color
 * @param {number} radius CSS px
 * @param {number} dpr
 * @param {(w: number, h: number) => HTMLCanvasElement} createCanvas
 * @returns {Sprite}
 */
export function makeStoneSprite(color, radius, dpr, createCanvas) {
  const pad = radius * 0.45;
  const cssSize = 2 * (radius + pad);
  const canvas = createCanvas(Math.ceil(cssSize * dpr), Math.ceil(cssSize * dpr));
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const c = cssSize / 2;

  ctx.save();
  ctx.shadowColor = 'rgba(0, 0, 0, 0.42)';
  ctx.shadowBlur = radius * 0.32 * dpr;
  ctx.shadowOffsetX = radius * 0.07 * dpr;
  ctx.shadowOffsetY = radius * 0.16 * dpr;
  ctx.beginPath();
  ctx.arc(c, c, radius * 0.98, 0, Math.PI * 2);
  ctx.fillStyle = color === 'black' ? '#111' : '#ddd';
  ctx.fill();
  ctx.restore();

  const body = ctx.createRadialGradient(
    c - radius * 0.38, c - radius * 0.42, radius * 0.05, c, c, radius * 1.02,
  );
  if (color === 'black') {
    body.addColorStop(0, '#727272');
    body.addColorStop(0.28, '#2e2e30');
    body.addColorStop(1, '#040405');
  } else {
    body.addColorStop(0, '#ffffff');
    body.addColorStop(0.45, '#f3f1ec');
    body.addColorStop(1, '#c4bfb4');
  }
  ctx.beginPath();
  ctx.arc(c, c, radius, 0, Math.PI * 2);
  ctx.fillStyle = body;
  ctx.fill();
  if (color === 'white') {
    ctx.lineWidth = Math.max(0.6, radius * 0.03);
    ctx.strokeStyle = 'rgba(70, 60, 45, 0.35)';
    ctx.stroke();
  } else {
    const gloss = ctx.createRadialGradient(
      c - radius * 0.35, c - radius * 0.45, 0, c - radius * 0.35, c - radius * 0.45, radius * 0.55,
    );
    gloss.addColorStop(0, 'rgba(255, 255, 255, 0.28)');
    gloss.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = gloss;
    ctx.fill();
  }
  return { canvas, cssSize, radius };
}

/**
 * Draws a stone sprite centred on (px, py).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Sprite} sprite
 * @param {number} px
 * @param {number} py
 * @param {number} [scale=1]
 * @param {number} [alpha=1]
 */
export function paintStone(ctx, sprite, px, py, scale = 1, alpha = 1) {
  const s = sprite.cssSize * scale;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(sprite.canvas, px - s / 2, py - s / 2, s, s);
  ctx.restore();
}

/**
 * Writes a number on a stone (move numbers, hint order).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string | number} text
 * @param {number} px
 * @param {number} py
 * @param {number} radius
 * @param {string} color
 * @param {string} [family] the font family (the board theme's `font`)
 */
export function paintLabel(ctx, text, px, py, radius, color, family = DEFAULT_BOARD_THEME.font) {
  const label = String(text);
  const scale = label.length >= 3 ? 0.62 : label.length === 2 ? 0.78 : 0.9;
  ctx.save();
  ctx.fillStyle = color;
  ctx.font = `650 ${radius * scale}px ${family}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, px, py + radius * 0.04);
  ctx.restore();
}

/**
 * Marks the last move with a small accent dot.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} px
 * @param {number} py
 * @param {number} radius stone radius
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintLastMove(ctx, px, py, radius, theme) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(px, py, radius * 0.22, 0, Math.PI * 2);
  ctx.fillStyle = theme.accent;
  ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
  ctx.shadowBlur = radius * 0.15 * deviceScale(ctx);
  ctx.fill();
  ctx.restore();
}

/**
 * Marks a forbidden point (renju, black to move) with a small red ×.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} px
 * @param {number} py
 * @param {number} cell
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintForbidden(ctx, px, py, cell, theme) {
  const d = cell * 0.17;
  ctx.save();
  ctx.strokeStyle = theme.forbidden;
  ctx.lineWidth = Math.max(1.5, cell * 0.065);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(px - d, py - d);
  ctx.lineTo(px + d, py + d);
  ctx.moveTo(px + d, py - d);
  ctx.lineTo(px - d, py + d);
  ctx.stroke();
  ctx.restore();
}

/**
 * Draws the keyboard cursor: four corner brackets around the point.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} px
 * @param {number} py
 * @param {number} cell
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintCursor(ctx, px, py, cell, theme) {
  const h = cell * 0.5;
  const arm = cell * 0.2;
  ctx.save();
  ctx.strokeStyle = theme.cursor;
  ctx.lineWidth = Math.max(2, cell * 0.07);
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
    const cx = px + sx * h;
    const cy = py + sy * h;
    ctx.moveTo(cx, cy - sy * arm);
    ctx.lineTo(cx, cy);
    ctx.lineTo(cx - sx * arm, cy);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * Highlights the winning five: a glowing stroke through their centres, drawn up to `progress`
 * (0..1), and a ring round each stone, with a glow of strength `glow` (0..1).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{px: number, py: number}[]} centres in line order
 * @param {number} radius
 * @param {number} progress
 * @param {number} glow
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintWinLine(ctx, centres, radius, progress, glow, theme) {
  if (centres.length < 2) return;
  const first = centres[0];
  const last = centres[centres.length - 1];
  const endX = first.px + (last.px - first.px) * progress;
  const endY = first.py + (last.py - first.py) * progress;
  ctx.save();
  ctx.shadowColor = `rgba(${theme.win}, ${0.55 + 0.45 * glow})`;
  ctx.shadowBlur = radius * (0.6 + 1.1 * glow) * deviceScale(ctx);
  ctx.strokeStyle = `rgba(${theme.win}, 0.95)`;
  ctx.lineWidth = Math.max(2, radius * 0.16);
  ctx.beginPath();
  for (const c of centres.slice(0, Math.max(1, Math.ceil(progress * centres.length)))) {
    ctx.moveTo(c.px + radius * 1.04, c.py);
    ctx.arc(c.px, c.py, radius * 1.04, 0, Math.PI * 2);
  }
  ctx.stroke();
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(3, radius * 0.26);
  ctx.beginPath();
  ctx.moveTo(first.px, first.py);
  ctx.lineTo(endX, endY);
  ctx.stroke();
  ctx.restore();
}

/**
 * Draws the keyboard-focus ring around the wooden board.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./geometry.js').Layout} layout
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintFocusRing(ctx, layout, theme) {
  const gap = 5;
  const { boardLeft: x, boardTop: y, side } = layout;
  ctx.save();
  ctx.strokeStyle = theme.cursor;
  ctx.lineWidth = 2.5;
  roundedRect(ctx, x - gap, y - gap, side + 2 * gap, side + 2 * gap, Math.max(4, side * 0.014) + gap);
  ctx.stroke();
  ctx.restore();
}

/**
 * Outlines a suggested move with a dashed ring.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} px
 * @param {number} py
 * @param {number} radius
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintHintRing(ctx, px, py, radius, theme) {
  ctx.save();
  ctx.strokeStyle = theme.cursor;
  ctx.lineWidth = Math.max(1.5, radius * 0.1);
  ctx.setLineDash([radius * 0.3, radius * 0.2]);
  ctx.beginPath();
  ctx.arc(px, py, radius * 1.08, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * Paints the static layer: wood, grid, star points and coordinates.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./geometry.js').Layout} layout
 * @param {typeof DEFAULT_BOARD_THEME} theme
 */
export function paintBackground(ctx, layout, theme) {
  paintWood(ctx, layout, theme);
  paintGrid(ctx, layout, theme);
  paintCoordinates(ctx, layout, theme);
}

/** Colours of analysis mode's candidate marks, by tone (see `toneOf` in study.js). */
export const CANDIDATE_COLORS = Object.freeze({
  best: '#1f9d55',
  good: '#6aa84f',
  fair: '#e69b23',
  bad: '#d6452b',
});

/**
 * Marks a candidate move of analysis mode: a disc coloured by its value with its rank.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} px
 * @param {number} py
 * @param {number} radius stone radius
 * @param {number} rank 1 = best
 * @param {keyof typeof CANDIDATE_COLORS} tone
 */
export function paintCandidate(ctx, px, py, radius, rank, tone) {
  ctx.save();
  ctx.beginPath();
  ctx.arc(px, py, radius * 0.78, 0, Math.PI * 2);
  ctx.fillStyle = CANDIDATE_COLORS[tone] ?? CANDIDATE_COLORS.fair;
  ctx.globalAlpha = rank === 1 ? 0.95 : 0.82;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = Math.max(1, radius * 0.1);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.stroke();
  ctx.restore();
  paintLabel(ctx, rank, px, py, radius, '#ffffff');
}
