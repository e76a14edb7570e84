// The shipped Chinese font (ui/fonts/, a subset of Noto Sans CJK SC) covers every CJK or
// fullwidth character the page can show, so no UI string falls back to a missing glyph on a
// machine without CJK fonts; and the stylesheet loads it in both weights.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRINGS } from '../i18n.js';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_CJK = 0x2e80;
const FONTS = ['fonts/cjk-sc-regular.otf', 'fonts/cjk-sc-bold.otf'];

/** The page's own sources: ui/**\/*.{js,html,css} outside tests/ and dev/ (as the build script). */
function uiSources(dir = uiDir) {
  const files = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const top = relative(uiDir, path).split(/[\\/]/)[0];
    if (top === 'tests' || top === 'dev') continue;
    if (statSync(path).isDirectory()) files.push(...uiSources(path));
    else if (/\.(js|html|css)$/.test(name)) files.push(path);
  }
  return files;
}

/** Code points at or above U+2E80 in a text. */
function cjkCodePoints(text) {
  return [...text].map((c) => c.codePointAt(0)).filter((cp) => cp >= FIRST_CJK);
}

/** The code points a font's Unicode cmap subtable maps to a real glyph (formats 4 and 12). */
function mappedCodePoints(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i += 1) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    if (tag === 'cmap') cmap = view.getUint32(record + 8);
  }
  assert.ok(cmap >= 0, 'the font has no cmap table');
  const mapped = new Set();
  const subtables = view.getUint16(cmap + 2);
  for (let i = 0; i < subtables; i += 1) {
    const offset = cmap + view.getUint32(cmap + 4 + 8 * i + 4);
    const format = view.getUint16(offset);
    if (format === 4) readFormat4(view, offset, mapped);
    if (format === 12) readFormat12(view, offset, mapped);
  }
  return mapped;
}

function readFormat4(view, offset, mapped) {
  const segments = view.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s += 1) {
    const end = view.getUint16(ends + 2 * s);
    const start = view.getUint16(starts + 2 * s);
    const delta = view.getInt16(deltas + 2 * s);
    const rangeAt = rangeOffsets + 2 * s;
    const rangeOffset = view.getUint16(rangeAt);
    for (let cp = start; cp <= end && cp !== 0xffff; cp += 1) {
      let glyph;
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
      else {
        const raw = view.getUint16(rangeAt + rangeOffset + 2 * (cp - start));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) mapped.add(cp);
    }
  }
}

function readFormat12(view, offset, mapped) {
  const groups = view.getUint32(offset + 12);
  for (let g = 0; g < groups; g += 1) {
    const at = offset + 16 + 12 * g;
    const start = view.getUint32(at);
    const end = view.getUint32(at + 4);
    const glyph = view.getUint32(at + 8);
    for (let cp = start; cp <= end; cp += 1) {
      if (glyph + (cp - start) !== 0) mapped.add(cp);
    }
  }
}

// The engine's texts the page shows as they come: the opening explorer's names.
const engineTexts = [join(uiDir, '..', 'src', 'study', 'explorer.rs')];
const needed = new Set([...uiSources(), ...engineTexts]
  .flatMap((file) => cjkCodePoints(readFileSync(file, 'utf8'))));

test('the page has Chinese text to cover (the scan finds the translation table)', () => {
  const fromTable = cjkCodePoints(Object.values(STRINGS.zh).join(''));
  assert.ok(fromTable.length > 100, `only ${fromTable.length} CJK characters in STRINGS.zh`);
  for (const cp of fromTable) assert.ok(needed.has(cp), `scan missed U+${cp.toString(16)}`);
  assert.ok(needed.has('五'.codePointAt(0)) && needed.has('棋'.codePointAt(0)));
});

for (const font of FONTS) {
  test(`${font} maps every CJK character the page uses to a glyph`, () => {
    const mapped = mappedCodePoints(readFileSync(join(uiDir, font)));
    const missing = [...needed].filter((cp) => !mapped.has(cp));
    const shown = missing.map((cp) => String.fromCodePoint(cp)).join('');
    assert.equal(missing.length, 0, `missing glyphs: ${shown} — run scripts/build-cjk-font.sh`);
  });
}

test('the cmap reader tells a mapped character from one that is not', () => {
  const mapped = mappedCodePoints(readFileSync(join(uiDir, FONTS[0])));
  assert.ok(mapped.has('棋'.codePointAt(0)));
  assert.ok(!mapped.has('龘'.codePointAt(0)), 'a character the UI never uses is not in the subset');
});

test('the stylesheet loads both weights and lists the font in every font stack', () => {
  const css = readFileSync(join(uiDir, 'styles.css'), 'utf8');
  for (const font of FONTS) assert.ok(css.includes(`url("${font}")`), font);
  for (const stack of ['--font:', '--mono:']) {
    const declaration = css.slice(css.indexOf(stack), css.indexOf(';', css.indexOf(stack)));
    assert.ok(declaration.includes('"Gomoku CJK SC"'), `${stack} lacks the shipped font`);
  }
});
