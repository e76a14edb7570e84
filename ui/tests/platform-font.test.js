// Linux's webview gets `sans-serif` where other platforms get `system-ui` (WebKitGTK resolves
// `system-ui` slowly before the first frame): the page marks itself, the stylesheet switches both
// the page's and the board's font on that mark, and the board paints its text in the theme's font.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markLinuxWebview } from '../theme.js';
import { DEFAULT_BOARD_THEME, paintLabel } from '../board/paint.js';

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'styles.css'), 'utf8');

/** A document whose <html> records its classes. */
function fakeDocument() {
  const classes = new Set();
  const classList = { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)) };
  globalThis.document = /** @type {any} */ ({ documentElement: { classList } });
  return classes;
}

const AGENTS = {
  webkitgtk: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  webview2: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  wkwebview: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};

test('only a Linux desktop webview is marked', () => {
  const classes = fakeDocument();
  assert.equal(markLinuxWebview(AGENTS.webkitgtk), true);
  assert.ok(classes.has('linux'));
  for (const agent of [AGENTS.webview2, AGENTS.wkwebview, AGENTS.android]) {
    assert.equal(markLinuxWebview(agent), false, agent);
    assert.ok(!classes.has('linux'), agent);
  }
});

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(selector) {
  const start = css.indexOf(`\n${selector} {`);
  assert.ok(start >= 0, `no rule ${selector}`);
  return css.slice(start, css.indexOf('\n}', start));
}

test('the stylesheet names system-ui except under the Linux mark, for the page and the board', () => {
  const root = block(':root');
  assert.match(root, /--font: system-ui,/);
  assert.match(root, /--board-font: system-ui,/);
  const linux = block(':root.linux');
  assert.match(linux, /--font: sans-serif,/);
  assert.match(linux, /--board-font: sans-serif;/);
  assert.doesNotMatch(linux, /system-ui/);
});

test("the board's labels use the family they are given, system-ui by default", () => {
  const fonts = [];
  const ctx = /** @type {any} */ ({
    save() {}, restore() {}, fillText() {},
    set font(value) { fonts.push(value); },
  });
  paintLabel(ctx, 12, 10, 10, 10, 'black', 'sans-serif');
  paintLabel(ctx, 3, 10, 10, 10, 'black');
  assert.match(fonts[0], /px sans-serif$/);
  assert.match(fonts[1], new RegExp(`px ${DEFAULT_BOARD_THEME.font}$`));
});
