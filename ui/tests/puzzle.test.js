// Puzzle mode on the page: the card's texts and buttons for each state the shell reports, the
// list's filter, tiles and summary. Nothing here judges a move: the shell does.

import test from 'node:test';
import assert from 'node:assert/strict';
import { filterPuzzles, gradeLines, puzzleCard, puzzleNumber, puzzleSummary, puzzleTile } from '../puzzle.js';
import { deriveViewModel } from '../state.js';
import { makeView } from './fixtures.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

function inPuzzle(fields = {}) {
  return makeView([], {
    puzzle: {
      id: 'freestyle-12', rule: 'freestyle', attacker: 'black', plies: 5, grade: 5, kind: 'vcf',
      source: { kind: 'shipped' }, status: 'playing', miss: null, refutation: null, hint: null,
      movesLeft: null, record: { solved: false, clean: false, failures: 0 }, streak: 2,
      bestStreak: 4, remaining: 7, ...fields,
    },
  });
}

test('a puzzle waiting for its first move says whose move and how long the win is', () => {
  const card = puzzleCard(inPuzzle(), tr);
  assert.match(card.title, /^puzzle\.title.*"n":12/);
  assert.match(card.task, /color\.black/);
  assert.ok(card.task.includes('puzzles.grade.n'), card.task);
  assert.equal(card.status, 'puzzle.status.playing');
  assert.deepEqual([card.canHint, card.canRetry, card.canNext], [true, false, true]);
  assert.match(card.streak, /"n":2,"best":4/);
});

test('a refuted move names the refutation and offers retry, not a hint', () => {
  const view = inPuzzle({ status: 'wrong', miss: 'refuted', refutation: { x: 10, y: 7 } });
  const card = puzzleCard(view, tr);
  assert.equal(card.status, 'puzzle.status.refuted{"point":"k8"}');
  assert.equal(card.tone, 'error');
  assert.deepEqual([card.canHint, card.canRetry], [false, true]);
  const quiet = puzzleCard(inPuzzle({ status: 'wrong', miss: 'notAThreat' }), tr);
  assert.equal(quiet.status, 'puzzle.status.notAThreat');
});

test('after a right move the card counts down; solved and hint states read as such', () => {
  assert.equal(puzzleCard(inPuzzle({ movesLeft: 2 }), tr).status, 'puzzle.status.right{"n":2}');
  assert.equal(puzzleCard(inPuzzle({ hint: { x: 6, y: 7 } }), tr).status, 'puzzle.status.hint{"point":"g8"}');
  const solved = puzzleCard(inPuzzle({ status: 'solved' }), tr);
  assert.deepEqual([solved.status, solved.tone, solved.canHint], ['puzzle.status.solved', 'success', false]);
  const judging = puzzleCard(inPuzzle({ status: 'judging' }), tr);
  assert.equal(judging.canNext, false);
});

test("a puzzle from the person's game is titled by its move number", () => {
  const card = puzzleCard(inPuzzle({ id: 'mine-00ab-6', source: { kind: 'mine', played: 1, moveNumber: 7 } }), tr);
  assert.equal(card.title, 'puzzle.mineTitle{"n":7}');
  assert.equal(puzzleNumber('mine-00ab-6'), null);
  assert.equal(puzzleNumber('renju-40'), 40);
});

test("the game's undo and redo wait while a puzzle is open; hint only while it waits for a move", () => {
  const vm = deriveViewModel({ ...inPuzzle(), canUndo: true }, tr);
  assert.equal(vm.buttons.undo.disabled, true);
  assert.equal(deriveViewModel(inPuzzle({ status: 'wrong' }), tr).buttons.hint.disabled, true);
  assert.equal(deriveViewModel(inPuzzle(), tr).buttons.hint.disabled, false);
});

const LIST = {
  entries: [
    { id: 'freestyle-1', rule: 'freestyle', grade: 3, kind: 'vcf', attacker: 'black', source: { kind: 'shipped' }, record: { solved: true, clean: true, failures: 0 } },
    { id: 'freestyle-2', rule: 'freestyle', grade: 9, kind: 'vct', attacker: 'white', source: { kind: 'shipped' }, record: { solved: false, clean: false, failures: 2 } },
    { id: 'renju-1', rule: 'renju', grade: 3, kind: 'vcf', attacker: 'black', source: { kind: 'shipped' }, record: { solved: false, clean: false, failures: 0 } },
    { id: 'mine-ff-9', rule: 'freestyle', grade: 3, kind: 'vcf', attacker: 'black', source: { kind: 'mine', played: 5, moveNumber: 10 }, record: { solved: false, clean: false, failures: 0 } },
  ],
  grades: [
    { rule: 'freestyle', grade: 3, total: 2, solved: 1 },
    { rule: 'freestyle', grade: 9, total: 1, solved: 0 },
    { rule: 'renju', grade: 3, total: 1, solved: 0 },
  ],
  streak: 1,
  bestStreak: 3,
  notice: null,
};

test('the list filters by rule, length and source', () => {
  const ids = (f) => filterPuzzles(LIST, f).map((e) => e.id);
  assert.deepEqual(ids({ rule: 'freestyle', grade: 'all', source: 'all' }), ['freestyle-1', 'freestyle-2', 'mine-ff-9']);
  assert.deepEqual(ids({ rule: 'freestyle', grade: '3', source: 'all' }), ['freestyle-1', 'mine-ff-9']);
  assert.deepEqual(ids({ rule: 'freestyle', grade: 'all', source: 'mine' }), ['mine-ff-9']);
  assert.deepEqual(ids({ rule: 'renju', grade: 'all', source: 'shipped' }), ['renju-1']);
});

test('tiles show the number or the move, coloured by progress; the summary counts one rule', () => {
  assert.deepEqual([puzzleTile(LIST.entries[0], tr).label, puzzleTile(LIST.entries[0], tr).state], ['1', 'solved']);
  assert.equal(puzzleTile(LIST.entries[1], tr).state, 'failed');
  assert.match(puzzleTile(LIST.entries[1], tr).name, /puzzles\.grade\.9/);
  assert.equal(puzzleTile(LIST.entries[3], tr).label, 'puzzles.mineTile{"n":10}');
  assert.equal(puzzleSummary(LIST, 'freestyle', tr), 'puzzles.summary{"solved":1,"total":3,"streak":1,"best":3}');
  assert.equal(gradeLines(LIST, 'renju', tr).length, 1);
});
