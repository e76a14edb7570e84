// Keyboard: the board cursor (clamped at the edges) and the global shortcuts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveCursor } from '../board/input.js';
import { isTypingTarget, shortcutFor } from '../keyboard.js';

test('arrows move the cursor one point; up is towards row 15 (y decreases)', () => {
  const c = { x: 7, y: 7 };
  assert.deepEqual(moveCursor(c, 'ArrowLeft', 15), { x: 6, y: 7 });
  assert.deepEqual(moveCursor(c, 'ArrowRight', 15), { x: 8, y: 7 });
  assert.deepEqual(moveCursor(c, 'ArrowUp', 15), { x: 7, y: 6 });
  assert.deepEqual(moveCursor(c, 'ArrowDown', 15), { x: 7, y: 8 });
});

test('the cursor is clamped at every edge and corner', () => {
  assert.deepEqual(moveCursor({ x: 0, y: 5 }, 'ArrowLeft', 15), { x: 0, y: 5 });
  assert.deepEqual(moveCursor({ x: 14, y: 5 }, 'ArrowRight', 15), { x: 14, y: 5 });
  assert.deepEqual(moveCursor({ x: 3, y: 0 }, 'ArrowUp', 15), { x: 3, y: 0 });
  assert.deepEqual(moveCursor({ x: 3, y: 14 }, 'ArrowDown', 15), { x: 3, y: 14 });
  assert.deepEqual(moveCursor({ x: 0, y: 0 }, 'ArrowUp', 5), { x: 0, y: 0 });
  assert.deepEqual(moveCursor({ x: 21, y: 21 }, 'ArrowRight', 22), { x: 21, y: 21 });
  assert.deepEqual(moveCursor({ x: 18, y: 18 }, 'ArrowDown', 15), { x: 14, y: 14 }, 'after a board shrink');
});

test('Home and End jump to the ends of the row', () => {
  assert.deepEqual(moveCursor({ x: 7, y: 3 }, 'Home', 15), { x: 0, y: 3 });
  assert.deepEqual(moveCursor({ x: 7, y: 3 }, 'End', 19), { x: 18, y: 3 });
});

test('without a cursor, the first move key puts it on the centre; other keys do nothing', () => {
  assert.deepEqual(moveCursor(null, 'ArrowUp', 15), { x: 7, y: 7 });
  assert.deepEqual(moveCursor(null, 'ArrowLeft', 19), { x: 9, y: 9 });
  assert.equal(moveCursor({ x: 1, y: 1 }, 'Enter', 15), null);
  assert.equal(moveCursor({ x: 1, y: 1 }, 'a', 15), null);
});

test('shortcuts: Ctrl+Z undo, Ctrl+Y and Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+O load, N, H', () => {
  assert.equal(shortcutFor({ key: 'z', ctrlKey: true }), 'undo');
  assert.equal(shortcutFor({ key: 'Z', ctrlKey: true, shiftKey: true }), 'redo');
  assert.equal(shortcutFor({ key: 'y', ctrlKey: true }), 'redo');
  assert.equal(shortcutFor({ key: 's', ctrlKey: true }), 'save');
  assert.equal(shortcutFor({ key: 'o', ctrlKey: true }), 'load');
  assert.equal(shortcutFor({ key: 'z', metaKey: true }), 'undo', 'Cmd on macOS');
  assert.equal(shortcutFor({ key: 'n' }), 'new');
  assert.equal(shortcutFor({ key: 'N' }), 'new');
  assert.equal(shortcutFor({ key: 'h' }), 'hint');
});

test('other keys and modified letters are not shortcuts', () => {
  assert.equal(shortcutFor({ key: 'x' }), null);
  assert.equal(shortcutFor({ key: 'n', ctrlKey: true }), null, 'Ctrl+N is left alone');
  assert.equal(shortcutFor({ key: 'h', altKey: true }), null);
  assert.equal(shortcutFor({ key: 'N', shiftKey: true }), null);
  assert.equal(shortcutFor({ key: 'Enter' }), null);
  assert.equal(shortcutFor({ key: 'Escape' }), null);
});

test('typing in a field is never taken for a shortcut', () => {
  assert.equal(isTypingTarget({ tagName: 'INPUT' }), true);
  assert.equal(isTypingTarget({ tagName: 'textarea' }), true);
  assert.equal(isTypingTarget({ tagName: 'SELECT' }), true);
  assert.equal(isTypingTarget({ tagName: 'DIV', isContentEditable: true }), true);
  assert.equal(isTypingTarget({ tagName: 'CANVAS' }), false);
  assert.equal(isTypingTarget({ tagName: 'BUTTON' }), false);
  assert.equal(isTypingTarget(null), false);
});
