// The opening explorer's cards: names by rule and language, the diagram, black's chance, white's
// best replies and the person's results, all from the shell's ExplorerView.

import test from 'node:test';
import assert from 'node:assert/strict';
import { diagramCells, openingCard } from '../explorer.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

const KAGETSU = {
  index: 3, number: 4, direct: true, nameZh: '花月', nameJa: 'Kagetsu', nameEn: 'Flower Moon',
  stones: [{ x: 7, y: 7, color: 'black' }, { x: 7, y: 6, color: 'white' }, { x: 8, y: 6, color: 'black' }],
  blackChance: 83,
  replies: [{ x: 8, y: 8, score: -900, blackChance: 81 }],
  mine: { games: 0, blackWins: 0, whiteWins: 0, yourWins: 0, yourLosses: 0 },
};

test('the diagram is the central 5 × 5 square, row by row', () => {
  const cells = diagramCells(KAGETSU);
  assert.equal(cells.length, 25);
  assert.equal(cells[12], 'black', 'the centre');
  assert.equal(cells[7], 'white', 'above it');
  assert.equal(cells[8], 'black');
  assert.equal(cells.filter(Boolean).length, 3);
});

test('renju names its openings in the page language; freestyle tells them by kind and number', () => {
  assert.equal(openingCard(KAGETSU, 'renju', tr, 'zh').title, '花月');
  assert.equal(openingCard(KAGETSU, 'renju', tr, 'en').title, 'Kagetsu · Flower Moon (花月)');
  const free = openingCard(KAGETSU, 'freestyle', tr, 'en');
  assert.equal(free.title, 'explorer.direct{"n":4}');
  assert.equal(free.subtitle, '');
});

test("black's chance sets the tone; replies and results are worded", () => {
  const c = openingCard(KAGETSU, 'renju', tr, 'en');
  assert.equal(c.chance, 'explorer.chance{"n":83}');
  assert.equal(c.tone, 'black');
  assert.match(c.replies, /i7/);
  assert.equal(c.mine, 'explorer.noGames');
  const played = { ...KAGETSU, blackChance: 30, mine: { games: 3, blackWins: 1, whiteWins: 2, yourWins: 1, yourLosses: 2 } };
  const d = openingCard(played, 'renju', tr, 'en');
  assert.equal(d.tone, 'white');
  assert.match(d.mine, /"games":3/);
  assert.equal(openingCard({ ...KAGETSU, blackChance: null, replies: [] }, 'renju', tr, 'en').chance, 'explorer.unknown');
});
