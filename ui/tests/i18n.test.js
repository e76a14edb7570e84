// Translations: both languages complete, placeholders matching, language choice, and every key the
// page and the code use present in the table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LANGUAGES, placeholders, resolveLanguage, setLanguage, getLanguage, STRINGS, t, translate,
} from '../i18n.js';

const uiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

test('both languages have exactly the same keys, none empty', () => {
  const en = Object.keys(STRINGS.en).sort();
  const zh = Object.keys(STRINGS.zh).sort();
  assert.deepEqual(zh, en);
  for (const lang of LANGUAGES) {
    for (const [key, value] of Object.entries(STRINGS[lang])) {
      assert.equal(typeof value, 'string', `${lang}.${key}`);
      assert.ok(value.trim().length > 0, `${lang}.${key} is empty`);
    }
  }
});

test('placeholders match between the languages', () => {
  for (const key of Object.keys(STRINGS.en)) {
    assert.deepEqual(placeholders(STRINGS.zh[key]), placeholders(STRINGS.en[key]), key);
  }
});

test('the Chinese table is really translated (mostly not copies of English)', () => {
  const same = Object.keys(STRINGS.en).filter((k) => STRINGS.en[k] === STRINGS.zh[k]);
  assert.ok(same.every((k) => /^(lang\.|size\.|analysis\.score)/.test(k)), `copied: ${same.join(', ')}`);
});

test('"auto" follows the system locale; explicit choices win', () => {
  assert.equal(resolveLanguage('auto', 'zh-CN'), 'zh');
  assert.equal(resolveLanguage('auto', 'zh-Hant-TW'), 'zh');
  assert.equal(resolveLanguage('auto', 'en-GB'), 'en');
  assert.equal(resolveLanguage('auto', 'fr'), 'en');
  assert.equal(resolveLanguage('auto', ''), 'en');
  assert.equal(resolveLanguage('en', 'zh-CN'), 'en');
  assert.equal(resolveLanguage('zh', 'en-US'), 'zh');
});

test('formatting fills placeholders; switching language at runtime changes t()', () => {
  assert.equal(translate('status.won', { name: 'Alice' }, 'en'), 'Alice wins!');
  assert.equal(translate('status.won', { name: 'Alice' }, 'zh'), 'Alice 获胜！');
  assert.equal(translate('names.tooLong', {}, 'en'), 'At most {max} characters.', 'a missing value stays visible');
  assert.equal(translate('no.such.key', {}, 'zh'), 'no.such.key');
  setLanguage('zh');
  assert.equal(getLanguage(), 'zh');
  assert.equal(t('btn.undo'), '悔棋');
  setLanguage('en');
  assert.equal(t('btn.undo'), 'Undo');
  setLanguage('xx');
  assert.equal(getLanguage(), 'en');
});

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tests' || name === 'dev' ? [] : sourceFiles(path);
    return /\.(js|html)$/.test(name) ? [path] : [];
  });
}

test('every key used by index.html and the modules exists', () => {
  const used = new Set();
  for (const file of sourceFiles(uiDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/data-i18n(?:-aria|-title)?="([\w.]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bt\(\s*[\w\s?:]*\?\s*'([\w.]+)'\s*:\s*'([\w.]+)'/g)) {
      used.add(m[1]);
      used.add(m[2]);
    }
  }
  assert.ok(used.size > 60, `found ${used.size} keys`);
  for (const key of used) assert.ok(key in STRINGS.en, `missing key ${key}`);
});

test('every error kind of the contract has a message', () => {
  const kinds = ['occupied', 'outOfBoard', 'forbidden', 'notCentre', 'gameOver', 'notYourTurn', 'aiThinking',
    'nothingToUndo', 'nothingToRedo', 'badRecord', 'io', 'badSettings'];
  for (const kind of kinds) assert.ok(`error.${kind}` in STRINGS.en, kind);
  for (const kind of ['doubleThree', 'doubleFour', 'overline']) assert.ok(`forbidden.${kind}` in STRINGS.zh, kind);
  for (const level of ['easy', 'medium', 'hard', 'master']) assert.ok(`level.${level}` in STRINGS.zh, level);
});
