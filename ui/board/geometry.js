// Board geometry: the pure mapping between board points and canvas pixels.
//
// Everything here is plain arithmetic (no DOM), so it is tested headless with `node --test`.
// Coordinates are protocol coordinates: `x` = column from the left, `y` = row from the top, both
// zero-based. Pixel values are CSS pixels; `dpr` (devicePixelRatio) only matters for the backing
// store size and for snapping lines to device pixels.

/** Space around the grid, in cells, that holds the coordinates and the board's rim. */
export const MARGIN_CELLS = 1.2;

/** How far from an intersection (in cells) a click still counts as that point. */
export const HIT_TOLERANCE = 0.42;

/**
 * @typedef {object} Layout
 * @property {number} size        lines per side (5..22)
 * @property {number} dpr         device pixels per CSS pixel
 * @property {number} cssWidth    canvas width in CSS px
 * @property {number} cssHeight   canvas height in CSS px
 * @property {number} pixelWidth  backing store width in device px
 * @property {number} pixelHeight backing store height in device px
 * @property {number} side        side of the (square) wooden board in CSS px
 * @property {number} boardLeft   left edge of the wooden board
 * @property {number} boardTop    top edge of the wooden board
 * @property {number} cell        distance between two lines
 * @property {number} originX     pixel x of point (0, 0)
 * @property {number} originY     pixel y of point (0, 0)
 * @property {number} stoneRadius radius of a stone
 */

/**
 * Lays a `size`×`size` board out in a canvas of the given CSS size: the largest square that fits,
 * centred, with a margin of {@link MARGIN_CELLS} cells around the grid.
 * @param {number} cssWidth
 * @param {number} cssHeight
 * @param {number} size
 * @param {number} [dpr=1]
 * @param {number} [inset=0] CSS px kept free around the board (for its drop shadow)
 * @returns {Layout}
 */
export function computeLayout(cssWidth, cssHeight, size, dpr = 1, inset = 0) {
  const ratio = dpr > 0 && Number.isFinite(dpr) ? dpr : 1;
  const side = Math.max(0, Math.min(cssWidth, cssHeight) - 2 * inset);
  const cell = side / (size - 1 + 2 * MARGIN_CELLS);
  const boardLeft = (cssWidth - side) / 2;
  const boardTop = (cssHeight - side) / 2;
  return {
    size,
    dpr: ratio,
    cssWidth,
    cssHeight,
    pixelWidth: Math.max(1, Math.round(cssWidth * ratio)),
    pixelHeight: Math.max(1, Math.round(cssHeight * ratio)),
    side,
    boardLeft,
    boardTop,
    cell,
    originX: boardLeft + cell * MARGIN_CELLS,
    originY: boardTop + cell * MARGIN_CELLS,
    stoneRadius: cell * 0.47,
  };
}

/**
 * The CSS-pixel centre of board point (x, y).
 * @param {Layout} layout
 * @param {number} x
 * @param {number} y
 * @returns {{px: number, py: number}}
 */
export function pointToPixel(layout, x, y) {
  return { px: layout.originX + x * layout.cell, py: layout.originY + y * layout.cell };
}

/**
 * The board point under a CSS-pixel position, or `null` when the position is off the board or
 * farther than `tolerance` cells from the nearest intersection (a click between points).
 * @param {Layout} layout
 * @param {number} px
 * @param {number} py
 * @param {number} [tolerance=HIT_TOLERANCE]
 * @returns {{x: number, y: number} | null}
 */
export function pixelToPoint(layout, px, py, tolerance = HIT_TOLERANCE) {
  if (!(layout.cell > 0)) return null;
  const fx = (px - layout.originX) / layout.cell;
  const fy = (py - layout.originY) / layout.cell;
  const x = Math.round(fx) || 0; // no -0 just left of the first line
  const y = Math.round(fy) || 0;
  if (x < 0 || y < 0 || x >= layout.size || y >= layout.size) return null;
  if (Math.hypot(fx - x, fy - y) > tolerance) return null;
  return { x, y };
}

/**
 * Converts a pointer position in client coordinates into canvas CSS pixels, allowing for a canvas
 * whose on-screen box (`rect`) is scaled relative to the layout.
 * @param {Layout} layout
 * @param {{left: number, top: number, width: number, height: number}} rect
 * @param {number} clientX
 * @param {number} clientY
 * @returns {{px: number, py: number}}
 */
export function clientToCanvas(layout, rect, clientX, clientY) {
  const sx = rect.width > 0 ? layout.cssWidth / rect.width : 1;
  const sy = rect.height > 0 ? layout.cssHeight / rect.height : 1;
  return { px: (clientX - rect.left) * sx, py: (clientY - rect.top) * sy };
}

/**
 * The client coordinates of board point (x, y) — the inverse of {@link clientToCanvas}.
 * @param {Layout} layout
 * @param {{left: number, top: number, width: number, height: number}} rect
 * @param {number} x
 * @param {number} y
 * @returns {{clientX: number, clientY: number}}
 */
export function pointToClient(layout, rect, x, y) {
  const { px, py } = pointToPixel(layout, x, y);
  const sx = layout.cssWidth > 0 ? rect.width / layout.cssWidth : 1;
  const sy = layout.cssHeight > 0 ? rect.height / layout.cssHeight : 1;
  return { clientX: rect.left + px * sx, clientY: rect.top + py * sy };
}

/**
 * Snaps a line to the device-pixel grid so it is drawn crisp at any devicePixelRatio.
 * @param {number} pos   the line's centre in CSS px
 * @param {number} width the wanted line width in CSS px
 * @param {number} dpr
 * @returns {{pos: number, width: number}} the snapped centre and width, in CSS px
 */
export function crispLine(pos, width, dpr) {
  const devWidth = Math.max(1, Math.round(width * dpr));
  let devPos = Math.round(pos * dpr);
  if (devWidth % 2 === 1) devPos += 0.5;
  return { pos: devPos / dpr, width: devWidth / dpr };
}

/**
 * The star points (hoshi) of a board: 5 on 15×15 (4 corners + centre), 9 on odd boards of 17 and
 * more, 4 corners on even boards, the centre alone on the smallest odd boards.
 * @param {number} size
 * @returns {{x: number, y: number}[]}
 */
export function starPoints(size) {
  const centre = (size - 1) / 2;
  const hasCentre = size % 2 === 1;
  if (size < 9) return hasCentre ? [{ x: centre, y: centre }] : [];
  const d = size >= 13 ? 3 : 2;
  const far = size - 1 - d;
  const points = [
    { x: d, y: d }, { x: far, y: d }, { x: d, y: far }, { x: far, y: far },
  ];
  if (hasCentre) points.push({ x: centre, y: centre });
  if (hasCentre && size >= 17) {
    points.push({ x: centre, y: d }, { x: centre, y: far }, { x: d, y: centre }, { x: far, y: centre });
  }
  return points;
}

/**
 * The column letter of `x` (A for 0), as in the engine's notation.
 * @param {number} x
 * @returns {string}
 */
export function columnLabel(x) {
  return String.fromCharCode(65 + x);
}

/**
 * The row number of `y` counted from the bottom (1 for the bottom row), as in the engine's notation.
 * @param {number} y
 * @param {number} size
 * @returns {string}
 */
export function rowLabel(y, size) {
  return String(size - y);
}

/**
 * The display notation of a point, upper-case (e.g. `H8` for x=7, y=7 on 15×15).
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @returns {string}
 */
export function pointLabel(x, y, size) {
  return columnLabel(x) + rowLabel(y, size);
}
