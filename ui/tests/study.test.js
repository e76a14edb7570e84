// Studying a game: the line and the position shown at a ply, stepping, candidates, the graph's
// geometry and the editor's clicks.

import test from 'node:test';
import assert from 'node:assert/strict';
import {
  candidatesOf, editStones, graphPoints, graphValue, lineOf, plyAtX, plyShown, proofFlagOf, provenWinAt,
  scoreText, sideAt, winStones,
  stepPly, stonesShown, toneOf, viewAtPly,
} from '../study.js';
import { boardModel, stonesAttribute } from '../state.js';
import { makeView } from './fixtures.js';

const tr = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

/** Four moves played, two more undone (redo). */
function viewWithRedo() {
  const full = makeView([[7, 7], [8, 8], [7, 8], [7, 9], [6, 6], [5, 5]]);
  return { ...makeView([[7, 7], [8, 8], [7, 8], [7, 9]]), redo: full.moves.slice(4), canRedo: true };
}

test('the line is the moves then the undone ones; review shows any ply of it', () => {
  const view = viewWithRedo();
  assert.equal(lineOf(view).length, 6);
  assert.equal(plyShown(view, null), 4, 'live');
  assert.equal(plyShown(view, 9), 6, 'clamped to the line');
  const at2 = viewAtPly(view, 2);
  assert.equal(at2.moves.length, 2);
  assert.deepEqual(at2.lastMove, view.moves[1]);
  assert.equal(at2.sideToMove, 'black');
  assert.equal(viewAtPly(view, 6).moves.length, 6, 'undone moves can be reviewed too');
  assert.equal(viewAtPly(view, 4), view, 'the live ply is the view itself');
});

test('review keys step, jump and stop at both ends', () => {
  const view = viewWithRedo();
  assert.equal(stepPly(view, 4, 'ArrowLeft'), 3);
  assert.equal(stepPly(view, 0, 'ArrowLeft'), 0);
  assert.equal(stepPly(view, 6, 'ArrowRight'), 6);
  assert.equal(stepPly(view, 3, 'Home'), 0);
  assert.equal(stepPly(view, 3, 'End'), 6);
  assert.equal(stepPly(view, 3, 'a'), null);
});

test('a set-up position: its stones are drawn and its side moves first', () => {
  const view = makeView([], {
    setup: { stones: [{ x: 7, y: 7, color: 'black' }, { x: 8, y: 8, color: 'white' }, { x: 1, y: 1, color: 'black' }], toMove: 'white' },
    sideToMove: 'white',
  });
  assert.equal(sideAt(view, 0), 'white');
  assert.equal(boardModel(view).stones.length, 3);
  assert.equal(stonesAttribute(view), '7,7,black;8,8,white;1,1,black');
  assert.equal(stonesShown(view).length, 3);
});

test('candidates: ranked, toned by their gap to the best, scored in words', () => {
  const view = makeView([[7, 7]]);
  const event = {
    depth: 9,
    lines: [
      { score: 120, mate: null, chance: 54, pv: [{ x: 8, y: 8 }, { x: 6, y: 6 }] },
      { score: 90, mate: null, chance: 53, pv: [{ x: 6, y: 8 }] },
      { score: -400, mate: null, chance: 44, pv: [{ x: 0, y: 0 }] },
    ],
  };
  const c = candidatesOf(event, view, tr);
  assert.deepEqual(c.map((x) => x.rank), [1, 2, 3]);
  assert.deepEqual(c.map((x) => x.tone), ['best', 'good', 'bad']);
  assert.equal(c[0].score, 'cand.chance{"p":54}');
  assert.equal(c[0].raw, 'analysis.rawTitle{"score":"+120"}');
  assert.equal(scoreText({ score: -7, mate: null, chance: null }, tr), 'cand.raw{"score":"-7"}');
  assert.equal(c[0].point, 'I7');
  assert.equal(c[0].line, 'I7 G9');
  assert.equal(scoreText({ score: 0, mate: 3 }, tr), 'cand.win{"n":2}');
  assert.equal(scoreText({ score: 0, mate: -4 }, tr), 'cand.lose{"n":2}');
  assert.equal(toneOf({ score: 0, mate: -2 }, { score: 10, mate: null }), 'bad');
});

test('the graph puts black wins at the top, white wins at the bottom, even in the middle', () => {
  assert.equal(graphValue({ score: 0, mate: 5 }), 1);
  assert.equal(graphValue({ score: 0, mate: -2 }), -1);
  assert.equal(graphValue({ score: 0, mate: null }), 0);
  assert.ok(graphValue({ score: 300, mate: null }) > 0 && graphValue({ score: 300, mate: null }) < 1);
  assert.equal(graphValue({ score: 900, mate: null, blackChance: 75 }), 0.5, 'black’s chance, 50% in the middle');
  assert.equal(graphValue({ score: -900, mate: null, blackChance: 25 }), -0.5);
  const points = graphPoints([{ score: 0, mate: null }, undefined, { score: 0, mate: 1 }], 2, 100, 50);
  assert.deepEqual(points, [{ ply: 0, x: 0, y: 25 }, { ply: 2, x: 100, y: 0 }]);
  assert.equal(plyAtX(49, 10, 100), 5);
  assert.equal(plyAtX(-5, 10, 100), 0);
  assert.equal(plyAtX(500, 10, 100), 10);
});

test('the editor places, replaces and removes stones', () => {
  let stones = editStones([], { x: 1, y: 1 }, 'black');
  assert.deepEqual(stones, [{ x: 1, y: 1, color: 'black' }]);
  stones = editStones(stones, { x: 1, y: 1 }, 'white');
  assert.deepEqual(stones, [{ x: 1, y: 1, color: 'white' }], 'another colour replaces');
  stones = editStones(stones, { x: 1, y: 1 }, 'white');
  assert.deepEqual(stones, [], 'the same colour again removes');
  stones = editStones(editStones([], { x: 2, y: 2 }, 'black'), { x: 2, y: 2 }, 'erase');
  assert.deepEqual(stones, []);
});

test('a proven win and a flagged move are read from the view; a win is shown move by move', () => {
  const win = { moves: 2, byFours: true, line: [{ x: 6, y: 7 }, { x: 10, y: 7 }, { x: 11, y: 7 }] };
  const view = { evaluations: [{ score: 0 }, { score: 10, win }], proofFlags: [{ ply: 2, kind: 'missedWin', moves: 2 }] };
  assert.equal(provenWinAt(view, 1), win);
  assert.equal(provenWinAt(view, 0), null);
  assert.equal(provenWinAt(view, 5), null);
  assert.deepEqual(proofFlagOf(view, 2), { ply: 2, kind: 'missedWin', moves: 2 });
  assert.equal(proofFlagOf(view, 1), null);
  assert.deepEqual(winStones(win, 1), [{ x: 6, y: 7 }]);
  assert.equal(winStones(win, 9).length, 3);
  assert.equal(winStones(win, 0).length, 0);
});
