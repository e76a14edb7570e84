// index.html against the CSP and the end-to-end tests: no inline code, no remote origins, the
// stable ids present, and every element id the modules look up defined.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const html = readFileSync(join(uiDir, 'index.html'), 'utf8');
const css = readFileSync(join(uiDir, 'styles.css'), 'utf8');
const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' || name === 'dev' ? [] : modules(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

test('index.html loads main.js as a module and nothing from the dev folder', () => {
  assert.match(html, /<script type="module" src="main\.js"><\/script>/);
  assert.doesNotMatch(html, /dev\//);
  assert.doesNotMatch(html, /mock-tauri/);
});

test('no inline scripts, inline handlers or remote origins (the shell sets a strict CSP)', () => {
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(m[1], /\bsrc="/, 'every script has a src');
    assert.equal(m[2].trim(), '', 'no inline script body');
  }
  assert.doesNotMatch(html, /\son[a-z]+\s*=/i, 'no inline event handlers');
  assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//i, 'no remote origins');
  assert.doesNotMatch(html, /\sstyle="/, 'no inline style attributes in the markup');
  assert.doesNotMatch(css, /@import|url\(\s*['"]?(https?:)?\/\//i, 'no remote CSS');
  for (const m of css.matchAll(/url\(\s*"([^"]+)"\s*\)/g)) {
    assert.match(m[1], /^fonts\/[a-z0-9-]+\.otf$/, `only the shipped fonts are loaded: ${m[1]}`);
  }
});

test('the stable ids of the end-to-end tests exist', () => {
  const wanted = [
    'board', 'btn-new', 'btn-undo', 'btn-redo', 'btn-hint', 'btn-save', 'btn-load', 'btn-settings',
    'btn-stop', 'btn-names', 'btn-sound', 'btn-theme', 'btn-ai-move', 'win-banner', 'win-name',
    'btn-play-again', 'btn-review', 'nickname-dialog', 'name-black', 'name-white', 'names-ok',
    'names-cancel', 'settings-dialog', 'settings-start', 'settings-apply', 'resume-dialog',
    'btn-resume', 'btn-discard', 'toast', 'lang-select', 'card-black', 'card-white', 'clock-black',
    'clock-white', 'status-text', 'last-move', 'step-count', 'analysis',
  ];
  for (const id of wanted) assert.ok(ids.has(id), `#${id}`);
  assert.match(html, /<canvas id="board"[^>]*tabindex="0"/, 'the board is focusable');
  assert.match(html, /<canvas id="board"[^>]*data-stones=""/);
  assert.match(html, /<canvas id="board"[^>]*data-status=/);
});

test('ids are unique', () => {
  const all = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(all.length, ids.size, all.filter((id, i) => all.indexOf(id) !== i).join(', '));
});

test('every id the modules look up is in index.html', () => {
  for (const file of modules(uiDir)) {
    const text = readFileSync(file, 'utf8');
    const looked = [
      ...text.matchAll(/getElementById\('([\w-]+)'\)/g),
      ...text.matchAll(/\$\('([\w-]+)'\)/g),
      ...text.matchAll(/onClick\('([\w-]+)'/g),
    ].map((m) => m[1]);
    for (const id of looked) assert.ok(ids.has(id), `${file}: #${id}`);
  }
});

test('every button and control has an accessible name', () => {
  for (const m of html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
    const [, attrs, body] = m;
    const named = /aria-label|data-i18n-aria|data-i18n="/.test(attrs) || /data-i18n="/.test(body);
    assert.ok(named, `button ${attrs.match(/id="([^"]+)"/)?.[1] ?? attrs}`);
  }
  for (const m of html.matchAll(/<(input|select)\b([^>]*)>/g)) {
    const id = m[2].match(/id="([^"]+)"/)?.[1];
    const labelled = /aria-label|data-i18n-aria/.test(m[2])
      || (id && new RegExp(`for="${id}"`).test(html))
      || /type="(radio|checkbox)"/.test(m[2]);
    assert.ok(labelled, `${m[1]} #${id}`);
  }
});

/** Every module reachable from main.js through static imports (paths relative to ui/). */
function importGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(uiDir, file), 'utf8');
    for (const m of source.matchAll(/^\s*(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      visit(join(dirname(file), m[1]).replaceAll('\\', '/'));
    }
  };
  visit(entry);
  seen.delete(entry);
  return [...seen].sort();
}

test('index.html preloads exactly the modules main.js imports (one parallel fetch at start)', () => {
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort();
  const graph = importGraph('main.js');
  assert.ok(graph.length > 10, `import graph: ${graph}`);
  assert.deepEqual(preloaded, graph);
});
