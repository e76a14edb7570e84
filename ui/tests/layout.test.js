// The window-size layout of styles.css against the shell's window and the markup: the app's
// smallest window is never in the browser-only stacked layout, its default window is in the wide
// one, and the buttons the compact layout shows as icons keep a name and a tooltip.
// (What fits on screen is checked by tests/e2e/tests/layout.rs in the real app.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const html = readFileSync(join(uiDir, 'index.html'), 'utf8');
const css = readFileSync(join(uiDir, 'styles.css'), 'utf8');
const config = JSON.parse(readFileSync(join(uiDir, '..', 'src-tauri', 'tauri.conf.json'), 'utf8'));
const [win] = config.app.windows;

/** The widths and heights of the `max-width` / `max-height` media queries holding `selector {`. */
function limitsOf(selector) {
  const found = { width: [], height: [] };
  for (const m of css.matchAll(/@media ([^{]+)\{([\s\S]*?)\n\}/g)) {
    if (!m[2].includes(`${selector} {`) && !m[2].includes(`${selector}{`)) continue;
    for (const q of m[1].matchAll(/max-(width|height):\s*(\d+)px/g)) found[q[1]].push(Number(q[2]));
  }
  return found;
}

test('the smallest window is not stacked: the page itself never scrolls in the app', () => {
  const stacked = limitsOf('body').width;
  assert.equal(stacked.length, 1, 'one stacked layout, where the body scrolls');
  assert.ok(win.minWidth > stacked[0], `minWidth ${win.minWidth} > ${stacked[0]}`);
  assert.ok(win.minWidth >= 720 && win.minHeight >= 560, 'the sizes the e2e layout test covers');
});

test('the default window is in the wide layout (its own narrow panel starts below it)', () => {
  const narrow = limitsOf(':root').width.filter((w) => w > 700);
  assert.ok(narrow.length > 0, 'a narrow panel below some width');
  for (const w of narrow) assert.ok(win.width > w, `default width ${win.width} > ${w}`);
  const { height } = limitsOf('.actions');
  assert.ok(height.length > 0, 'a compact layout for short windows');
  for (const h of height) assert.ok(win.height > h, `default height ${win.height} > ${h}`);
});

test('the actions shown as icons in the compact layout keep a name and a tooltip', () => {
  const nav = html.match(/<nav class="actions"[\s\S]*?<\/nav>/)[0];
  const buttons = [...nav.matchAll(/<button\b([^>]*)>/g)].map((m) => m[1]);
  assert.equal(buttons.length, 8);
  for (const attrs of buttons) {
    assert.match(attrs, /data-i18n-aria="[^"]+"/, attrs);
    assert.match(attrs, /data-i18n-title="[^"]+"/, attrs);
  }
});

test('only the move list is meant to scroll in the panel', () => {
  const scrolling = [...css.matchAll(/([^{}]+)\{[^}]*overflow(?:-y)?:\s*(?:hidden\s+)?auto/g)]
    .map((m) => m[1].trim().split('\n').pop().trim());
  const inPanel = scrolling.filter((s) => !/modal|settings-grid|body|puzzles-list|explorer-list/.test(s));
  // (.puzzles-list and .explorer-list are in dialogs.) .panel: a last resort only; the candidates: with many lines, beside a move list at its least
  assert.deepEqual(inPanel.sort(), ['.analysis > .candidates', '.move-list', '.panel'].sort());
});
