// Board geometry: point ↔ pixel with margins, devicePixelRatio, hit tolerance, labels.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clientToCanvas, columnLabel, computeLayout, crispLine, HIT_TOLERANCE, MARGIN_CELLS, pixelToPoint,
  pointLabel, pointToClient, pointToPixel, rowLabel, starPoints,
} from '../board/geometry.js';

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} ≈ ${b}`);

test('a square canvas holds the grid with a margin of MARGIN_CELLS cells on every side', () => {
  const layout = computeLayout(600, 600, 15);
  close(layout.cell, 600 / (14 + 2 * MARGIN_CELLS));
  close(layout.originX, layout.cell * MARGIN_CELLS);
  close(layout.originY, layout.cell * MARGIN_CELLS);
  const far = pointToPixel(layout, 14, 14);
  close(600 - far.px, layout.cell * MARGIN_CELLS);
  close(600 - far.py, layout.cell * MARGIN_CELLS);
});

test('a wide canvas centres the board horizontally', () => {
  const layout = computeLayout(1000, 600, 15);
  assert.equal(layout.side, 600);
  assert.equal(layout.boardLeft, 200);
  assert.equal(layout.boardTop, 0);
  const centre = pointToPixel(layout, 7, 7);
  close(centre.px, 500);
  close(centre.py, 300);
});

test('the inset keeps room around the board', () => {
  const layout = computeLayout(600, 600, 15, 1, 20);
  assert.equal(layout.side, 560);
  assert.equal(layout.boardLeft, 20);
});

test('every intersection maps back to itself', () => {
  for (const size of [5, 15, 19, 22]) {
    const layout = computeLayout(700, 500, size, 2);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const { px, py } = pointToPixel(layout, x, y);
        assert.deepEqual(pixelToPoint(layout, px, py), { x, y });
      }
    }
  }
});

test('a click near a point counts; a click between points returns null', () => {
  const layout = computeLayout(600, 600, 15);
  const { px, py } = pointToPixel(layout, 7, 7);
  const c = layout.cell;
  assert.deepEqual(pixelToPoint(layout, px + 0.3 * c, py - 0.2 * c), { x: 7, y: 7 });
  assert.equal(pixelToPoint(layout, px + 0.5 * c, py), null, 'half-way between two columns');
  assert.equal(pixelToPoint(layout, px + 0.5 * c, py + 0.5 * c), null, 'centre of a square');
  assert.equal(pixelToPoint(layout, px + 0.3 * c, py + 0.3 * c), null, 'diagonal beyond the tolerance');
  assert.ok(0.3 * Math.SQRT2 > HIT_TOLERANCE);
});

test('a click off the grid returns null, even within the tolerance of a virtual point', () => {
  const layout = computeLayout(600, 600, 15);
  const corner = pointToPixel(layout, 0, 0);
  assert.deepEqual(pixelToPoint(layout, corner.px - 0.3 * layout.cell, corner.py), { x: 0, y: 0 });
  assert.equal(pixelToPoint(layout, corner.px - layout.cell, corner.py), null);
  assert.equal(pixelToPoint(layout, 2, 2), null);
  assert.equal(pixelToPoint(layout, 599, 599), null);
});

test('a custom tolerance widens or narrows the hit area', () => {
  const layout = computeLayout(600, 600, 15);
  const { px, py } = pointToPixel(layout, 3, 3);
  assert.equal(pixelToPoint(layout, px + 0.2 * layout.cell, py, 0.1), null);
  assert.deepEqual(pixelToPoint(layout, px + 0.2 * layout.cell, py, 0.25), { x: 3, y: 3 });
});

test('devicePixelRatio sizes the backing store but not the CSS geometry', () => {
  const one = computeLayout(640, 480, 15, 1);
  const two = computeLayout(640, 480, 15, 2);
  const odd = computeLayout(640, 480, 15, 1.25);
  assert.deepEqual([two.pixelWidth, two.pixelHeight], [1280, 960]);
  assert.deepEqual([odd.pixelWidth, odd.pixelHeight], [800, 600]);
  assert.equal(two.cell, one.cell);
  assert.deepEqual(pointToPixel(two, 4, 9), pointToPixel(one, 4, 9));
  assert.equal(computeLayout(640, 480, 15, 0).dpr, 1, 'a nonsense ratio falls back to 1');
});

test('client coordinates go through the canvas box, also when the box is scaled', () => {
  const layout = computeLayout(600, 600, 15);
  const rect = { left: 100, top: 50, width: 300, height: 300 };
  const client = pointToClient(layout, rect, 10, 4);
  const { px, py } = clientToCanvas(layout, rect, client.clientX, client.clientY);
  assert.deepEqual(pixelToPoint(layout, px, py), { x: 10, y: 4 });
  const centre = pointToClient(layout, rect, 7, 7);
  close(centre.clientX, 250);
  close(centre.clientY, 200);
});

test('crisp lines sit on device pixel centres when their width is odd', () => {
  assert.deepEqual(crispLine(10.3, 1, 1), { pos: 10.5, width: 1 });
  assert.deepEqual(crispLine(10.3, 2, 1), { pos: 10, width: 2 });
  assert.deepEqual(crispLine(10.3, 1, 2), { pos: 10.5, width: 1 }, '2 device px wide at DPR 2');
  assert.deepEqual(crispLine(10.1, 0.5, 2), { pos: 10.25, width: 0.5 }, 'at least one device pixel');
  assert.deepEqual(crispLine(7, 0.1, 1), { pos: 7.5, width: 1 });
});

test('star points: 5 on 15×15, 9 on 19×19, sensible on every size from 5 to 22', () => {
  const key = (ps) => ps.map((p) => `${p.x},${p.y}`).sort();
  assert.deepEqual(key(starPoints(15)), key([
    { x: 3, y: 3 }, { x: 11, y: 3 }, { x: 3, y: 11 }, { x: 11, y: 11 }, { x: 7, y: 7 },
  ]));
  assert.equal(starPoints(19).length, 9);
  assert.ok(key(starPoints(19)).includes('9,9'));
  assert.deepEqual(starPoints(5), [{ x: 2, y: 2 }]);
  assert.deepEqual(starPoints(6), []);
  for (let size = 5; size <= 22; size += 1) {
    const points = starPoints(size);
    assert.equal(new Set(key(points)).size, points.length, `no duplicates on ${size}`);
    for (const p of points) {
      assert.ok(Number.isInteger(p.x) && Number.isInteger(p.y), `integer points on ${size}`);
      assert.ok(p.x >= 0 && p.y >= 0 && p.x < size && p.y < size, `inside the board on ${size}`);
    }
  }
});

test('labels follow the engine notation: columns from A, row 1 at the bottom', () => {
  assert.equal(columnLabel(0), 'A');
  assert.equal(columnLabel(14), 'O');
  assert.equal(columnLabel(21), 'V');
  assert.equal(rowLabel(0, 15), '15');
  assert.equal(rowLabel(14, 15), '1');
  assert.equal(pointLabel(7, 7, 15), 'H8', 'h8 = column h, row 8 from the bottom');
  assert.equal(pointLabel(0, 18, 19), 'A1');
});
