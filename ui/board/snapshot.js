// A picture of the board for export: the same wood, grid and stones as on screen, drawn on a
// canvas of its own at a fixed size, coordinates and move numbers optional.

import { computeLayout, pointToPixel } from './geometry.js';
import {
  makeStoneSprite, paintCoordinates, paintGrid, paintLabel, paintLastMove, paintStone, paintWinLine,
  paintWood,
} from './paint.js';

/** Side of the exported picture in pixels. */
export const SNAPSHOT_PX = 1200;

function createCanvas(w, h) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

/**
 * Draws the board model as a PNG.
 * @param {any} model a board model (see `boardModel` in state.js)
 * @param {object} theme board colours
 * @param {{coordinates: boolean, numbers: boolean}} options
 * @returns {Promise<Uint8Array>}
 */
export async function boardPng(model, theme, options) {
  const canvas = createCanvas(SNAPSHOT_PX, SNAPSHOT_PX);
  const ctx = canvas.getContext('2d');
  const layout = computeLayout(SNAPSHOT_PX, SNAPSHOT_PX, model.size, 1, 16);
  paintWood(ctx, layout, theme);
  paintGrid(ctx, layout, theme);
  if (options.coordinates) paintCoordinates(ctx, layout, theme);
  const r = layout.stoneRadius;
  const sprites = {
    black: makeStoneSprite('black', r, 1, createCanvas),
    white: makeStoneSprite('white', r, 1, createCanvas),
  };
  for (const s of model.stones) {
    const { px, py } = pointToPixel(layout, s.x, s.y);
    paintStone(ctx, sprites[s.color], px, py);
    if (options.numbers && s.number != null) {
      paintLabel(ctx, s.number, px, py, r, s.color === 'black' ? '#f4f1ea' : '#1d1b18', theme.font);
    }
  }
  if (!options.numbers && model.lastMove) {
    const { px, py } = pointToPixel(layout, model.lastMove.x, model.lastMove.y);
    paintLastMove(ctx, px, py, r, theme);
  }
  if (model.winLine?.length) {
    paintWinLine(ctx, model.winLine.map((p) => pointToPixel(layout, p.x, p.y)), r, 1, 0.6, theme);
  }
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw { kind: 'io', message: 'the picture could not be made' };
  return new Uint8Array(await blob.arrayBuffer());
}
