// The values the page shares with the Rust side (shared.js): readable as plain JSON between the
// markers (a Rust test parses that text), and the ones the page's checks and lists use.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED } from '../shared.js';
import { BOARD_SIZES, errorMessage, validateName } from '../state.js';
import { STRINGS, translator } from '../i18n.js';
import { initialState } from '../store.js';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(join(uiDir, 'shared.js'), 'utf8');

test('the text between /*json*/ and /*end*/ is exactly the JSON the module exports', () => {
  const found = source.match(/\/\*json\*\/([\s\S]*)\/\*end\*\//);
  assert.ok(found, 'the markers are there');
  assert.deepEqual(JSON.parse(found[1]), SHARED);
  assert.equal(source.match(/\/\*json\*\//g).length, 1, 'one opening marker');
  assert.equal(source.match(/\/\*end\*\//g).length, 1, 'one closing marker');
  assert.match(source, /String\.raw`\/\*json\*\/\{/, 'the JSON starts right after the marker');
  assert.match(source, /\}\/\*end\*\/`\.slice\(8, -7\)/, 'the slice cuts exactly the markers');
  assert.equal([...source.matchAll(/^export /gm)].length, 1, 'one export');
  assert.ok(Object.isFrozen(SHARED) && Object.isFrozen(SHARED.defaultPreferences.names), 'read-only');
});

test('the shared values have the expected keys and sane ranges', () => {
  assert.deepEqual(Object.keys(SHARED).sort(), [
    'analysisLines', 'defaultNames', 'defaultPreferences', 'engineNameMax', 'errorKinds',
    'maxBoardSize', 'minBoardSize', 'nameMaxChars',
  ]);
  assert.ok(SHARED.minBoardSize <= 15 && SHARED.maxBoardSize >= 19);
  const { min, max } = SHARED.analysisLines;
  const lines = SHARED.defaultPreferences.analysisLines;
  assert.ok(min <= lines && lines <= max);
  assert.deepEqual(SHARED.errorKinds, [...new Set(SHARED.errorKinds)].sort(), 'sorted, no repeats');
  assert.deepEqual(SHARED.defaultPreferences.names,
    { black: SHARED.defaultNames.black, white: SHARED.defaultNames.white });
  assert.equal(SHARED.defaultPreferences.humanName, SHARED.defaultNames.human);
});

test('a nickname of nameMaxChars characters is accepted, one more is refused', () => {
  const n = SHARED.nameMaxChars;
  assert.deepEqual(validateName('a'.repeat(n)), { ok: true, value: 'a'.repeat(n) });
  assert.deepEqual(validateName('a'.repeat(n + 1)), { ok: false, error: 'tooLong' });
  assert.equal(validateName('五'.repeat(n + 1)).ok, false);
});

test('board sizes: every size from min to max once, 15 and 19 first', () => {
  assert.deepEqual(BOARD_SIZES.slice(0, 2), [15, 19]);
  const all = Array.from({ length: SHARED.maxBoardSize - SHARED.minBoardSize + 1 },
    (_, i) => SHARED.minBoardSize + i);
  assert.deepEqual(BOARD_SIZES.slice().sort((a, b) => a - b), all);
});

test('every shared error kind has its own message in both languages', () => {
  const en = translator('en');
  for (const kind of SHARED.errorKinds) {
    if (kind === 'forbidden') continue;
    assert.ok(STRINGS.en[`error.${kind}`] && STRINGS.zh[`error.${kind}`], kind);
    assert.equal(errorMessage({ kind, message: '' }, en), STRINGS.en[`error.${kind}`], kind);
  }
  assert.match(errorMessage({ kind: 'noSuchKind', message: 'x' }, en), /x/, 'others are unknown');
});

test('the analysis lines picker offers the shared range; the store starts with the defaults', () => {
  const html = readFileSync(join(uiDir, 'index.html'), 'utf8');
  const select = html.match(/<select id="analysis-lines"[^>]*>([\s\S]*?)<\/select>/)[1];
  const values = [...select.matchAll(/value="(\d+)"/g)].map((m) => Number(m[1]));
  const { min, max } = SHARED.analysisLines;
  assert.deepEqual(values, Array.from({ length: max - min + 1 }, (_, i) => min + i));
  assert.deepEqual(initialState().game.prefs, SHARED.defaultPreferences);
});
