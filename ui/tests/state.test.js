// The view model: everything the page shows, derived from sample GameViews.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../i18n.js';
import {
  boardModel, clockMs, deriveViewModel, errorMessage, formatAnalysis, formatClock, formatHint,
  hintLine, newGameSettings, replaySettings, shouldAcceptView, stonesAttribute, validateName,
  viewChange,
} from '../state.js';
import { SHARED } from '../shared.js';
import { makeView, renjuView, wonView } from './fixtures.js';

const en = translator('en');
const zh = translator('zh');

test('human to move: their card is highlighted, the board takes clicks, ghost stone shown', () => {
  const view = makeView([[7, 7], [8, 8]]);
  const vm = deriveViewModel(view, en);
  assert.equal(vm.status, 'playing');
  assert.equal(vm.cards.black.active, true);
  assert.equal(vm.cards.white.active, false);
  assert.equal(vm.cards.white.thinking, false);
  assert.equal(vm.canPlay, true);
  assert.equal(vm.statusText, 'Alice to move');
  assert.equal(vm.stepText, 'Move 2');
  assert.equal(vm.lastMoveText, 'Last: AI · Hard at I7');
  assert.equal(vm.cards.black.kindLabel, 'Human');
  assert.equal(vm.cards.white.kindLabel, 'Computer');
  assert.equal(vm.buttons.undo.disabled, false);
  assert.equal(vm.buttons.redo.disabled, true);
  assert.equal(vm.buttons.hint.disabled, false);
  assert.equal(vm.buttons.stop.hidden, true);
  assert.equal(vm.buttons.aiMove.hidden, true);
  assert.equal(boardModel(view).ghostColor, 'black');
});

test('AI thinking: its card shows "thinking", clicks are off, Stop is offered, undo still allowed', () => {
  const view = makeView([[7, 7]], { aiThinking: true });
  const vm = deriveViewModel(view, en);
  assert.equal(vm.cards.white.active, true);
  assert.equal(vm.cards.white.thinking, true);
  assert.equal(vm.cards.black.thinking, false);
  assert.equal(vm.thinking, true);
  assert.equal(vm.canPlay, false);
  assert.equal(vm.statusText, 'AI · Hard is thinking…');
  assert.equal(vm.buttons.stop.hidden, false);
  assert.equal(vm.buttons.undo.disabled, false, 'undo cancels the search');
  assert.equal(vm.buttons.redo.disabled, true);
  assert.equal(vm.buttons.hint.disabled, true);
  const model = boardModel(view);
  assert.equal(model.ghostColor, null);
  assert.equal(model.busy, true);
  assert.equal(deriveViewModel(view, zh).statusText, '电脑 · 困难 正在思考…');
});

test('a hint search on the human turn: no card thinks, the status says so', () => {
  const view = makeView([[7, 7], [8, 8]], { aiThinking: true });
  const vm = deriveViewModel(view, en);
  assert.equal(vm.cards.black.thinking, false);
  assert.equal(vm.cards.white.thinking, false);
  assert.equal(vm.statusText, 'Looking for a hint…');
  assert.equal(vm.canPlay, false);
});

test('the AI to move but not thinking: the AI-move button appears', () => {
  const view = makeView([[7, 7]]);
  const vm = deriveViewModel(view, en);
  assert.equal(vm.buttons.aiMove.hidden, false);
  assert.equal(vm.canPlay, false);
  assert.match(vm.statusText, /AI · Hard is waiting/);
});

test('a win: winner named, winner card marked, line exposed, no side highlighted', () => {
  const view = wonView();
  const vm = deriveViewModel(view, en);
  assert.equal(vm.status, 'won');
  assert.equal(vm.winner, 'black');
  assert.equal(vm.statusText, 'Alice wins!');
  assert.equal(deriveViewModel(view, zh).statusText, 'Alice 获胜！');
  assert.equal(vm.cards.black.winner, true);
  assert.equal(vm.cards.white.winner, false);
  assert.equal(vm.cards.black.active || vm.cards.white.active, false);
  assert.deepEqual(vm.winLine, view.status.line);
  assert.equal(vm.canPlay, false);
  assert.equal(vm.buttons.hint.disabled, true);
  assert.equal(vm.buttons.undo.disabled, false, 'undo reopens a finished game');
  assert.deepEqual(boardModel(view).winLine, view.status.line);
  assert.equal(boardModel(view).ghostColor, null);
});

test('a draw: no winner, the draw message', () => {
  const view = makeView([[0, 0], [1, 1]], { status: { state: 'draw' } });
  const vm = deriveViewModel(view, en);
  assert.equal(vm.status, 'draw');
  assert.equal(vm.winner, null);
  assert.equal(vm.winLine, null);
  assert.equal(vm.statusText, 'Draw — the board is full');
  assert.equal(deriveViewModel(view, zh).statusText, '平局——棋盘已满');
  assert.equal(vm.canPlay, false);
});

test('renju: forbidden points go to the board; names-edit works in human vs human', () => {
  const view = renjuView();
  const model = boardModel(view);
  assert.deepEqual(model.forbidden, view.forbidden);
  assert.equal(model.ghostColor, 'black');
  const vm = deriveViewModel(view, en);
  assert.equal(vm.cards.black.kindLabel, 'Human');
  assert.equal(vm.buttons.names.disabled, false);
  assert.equal(deriveViewModel({ ...view, mode: 'aiVsAi' }, en).buttons.names.disabled, true);
});

test('the start position: no last move, no step yet', () => {
  const vm = deriveViewModel(makeView([]), en);
  assert.equal(vm.lastMoveText, 'Last: —');
  assert.equal(vm.stepText, 'No moves yet');
  assert.equal(vm.buttons.undo.disabled, true);
  assert.equal(deriveViewModel(makeView([]), zh).lastMoveText, '上一步：无');
});

test('data-stones lists the stones as "x,y,color;..." in move order', () => {
  assert.equal(stonesAttribute(makeView([[7, 7], [8, 6]])), '7,7,black;8,6,white');
  assert.equal(stonesAttribute(makeView([])), '');
});

test('clocks: mm:ss, and the side to move runs on from the snapshot', () => {
  assert.equal(formatClock(0), '00:00');
  assert.equal(formatClock(12_999), '00:12');
  assert.equal(formatClock(61_000), '01:01');
  assert.equal(formatClock(3_725_000), '1:02:05');
  assert.equal(formatClock(-5), '00:00');
  const view = makeView([[7, 7], [8, 8]]);
  assert.equal(clockMs(view, 'black', 3000), 15000);
  assert.equal(clockMs(view, 'white', 3000), 800);
  assert.equal(clockMs(wonView(), 'white', 3000), 800, 'no clock runs after the end');
  assert.equal(deriveViewModel(view, en, { sinceMs: 3000 }).cards.black.clock, '00:15');
  const empty = makeView([], { clocks: { blackMs: 0, whiteMs: 0 } });
  assert.equal(clockMs(empty, 'black', 5000), 0, 'an empty board waits for the first stone');
  assert.equal(deriveViewModel(empty, en, { sinceMs: 5000 }).cards.black.clock, '00:00');
});

test('analysis: winning chance or win/lose in N from the searching side, depth, speed, line', () => {
  const view = makeView([[7, 7]], { aiThinking: true });
  const a = formatAnalysis({ depth: 12, score: 350, mate: null, chance: 53, pv: [{ x: 8, y: 8 }, { x: 9, y: 9 }], nps: 1_250_000 }, view, en);
  assert.equal(a.headline, 'AI · Hard 53%');
  assert.equal(a.raw, 'Engine score +350', 'the raw score stays in the tooltip');
  assert.equal(a.details, 'depth 12 · 1.3M nodes/s');
  assert.equal(a.line, 'Line: I7 J6');
  const win = formatAnalysis({ depth: 9, score: 0, mate: 5, pv: [], nps: 0 }, view, en);
  assert.equal(win.headline, 'AI · Hard wins in 3');
  assert.equal(win.line, '');
  const lose = formatAnalysis({ depth: 9, score: 0, mate: -4, pv: [], nps: 0 }, view, zh);
  assert.equal(lose.headline, '电脑 · 困难 2 步必败');
  assert.equal(win.raw, '', 'a proof has no score to show');
  assert.equal(formatAnalysis({ depth: 3, score: -40, mate: null, chance: 49, pv: [] }, view, zh).headline, '电脑 · 困难 胜率 49%');
  const external = formatAnalysis({ depth: 3, score: -40, mate: null, chance: null, pv: [] }, view, en);
  assert.equal(external.headline, 'AI · Hard -40 (engine score)', 'a score without a chance is labelled raw');
});

test('hint: the suggested point first, then its line', () => {
  const view = makeView([[7, 7], [8, 8]]);
  const hint = { generation: 3, x: 6, y: 6, notation: 'g9', score: 120, mate: null, chance: 51, depth: 10, pv: [{ x: 6, y: 6 }, { x: 5, y: 5 }] };
  const h = formatHint(hint, view, en);
  assert.equal(h.headline, 'Hint: G9');
  assert.equal(h.details, 'Alice 51% · depth 10');
  assert.equal(h.line, 'Line: G9 F10');
  assert.deepEqual(hintLine(hint), hint.pv);
  assert.deepEqual(hintLine({ ...hint, pv: [{ x: 5, y: 5 }] }), [{ x: 6, y: 6 }, { x: 5, y: 5 }]);
  assert.deepEqual(boardModel(view, { hint: hintLine(hint) }).hint, hint.pv);
});

test('nicknames: trimmed, non-empty, at most nameMaxChars characters (CJK counted as one each)', () => {
  const NAME_MAX = SHARED.nameMaxChars;
  assert.deepEqual(validateName('  Alice '), { ok: true, value: 'Alice' });
  assert.deepEqual(validateName('   '), { ok: false, error: 'empty' });
  assert.deepEqual(validateName(''), { ok: false, error: 'empty' });
  assert.deepEqual(validateName('x'.repeat(NAME_MAX)), { ok: true, value: 'x'.repeat(NAME_MAX) });
  assert.deepEqual(validateName('x'.repeat(NAME_MAX + 1)), { ok: false, error: 'tooLong' });
  assert.deepEqual(validateName('五'.repeat(NAME_MAX)).ok, true);
  assert.deepEqual(validateName('😀'.repeat(NAME_MAX)).ok, true, 'astral characters count once');
});

test('errors: translated per kind; forbidden names its shape; cancelled is silent', () => {
  const view = renjuView();
  const point = { x: 9, y: 6 };
  assert.equal(errorMessage({ kind: 'forbidden', message: 'forbidden: double three' }, en, { view, point }),
    'Forbidden point: double three');
  assert.equal(errorMessage({ kind: 'forbidden', message: 'forbidden: double three' }, zh, { view, point }), '禁手：三三');
  assert.equal(errorMessage({ kind: 'forbidden', message: 'Forbidden: double four' }, zh, {}), '禁手：四四');
  assert.equal(errorMessage({ kind: 'forbidden', message: 'overline' }, en), 'Forbidden point: overline');
  assert.equal(errorMessage({ kind: 'cancelled', message: 'cancelled' }, en), null);
  assert.equal(errorMessage({ kind: 'occupied', message: 'x' }, en), 'That point is already taken.');
  assert.equal(errorMessage({ kind: 'gameOver', message: 'x' }, zh), '本局已结束——可以悔棋或开始新对局。');
  assert.equal(errorMessage({ kind: 'weird', message: 'disk on fire' }, en), 'Something went wrong: disk on fire');
});

test('sounds and banner follow what changed between two snapshots', () => {
  const two = makeView([[7, 7], [8, 8]]);
  const three = makeView([[7, 7], [8, 8], [6, 6]]);
  assert.deepEqual(viewChange(two, three), { sound: 'place', banner: null, newGame: false });
  assert.deepEqual(viewChange(three, { ...two, canRedo: true }), { sound: 'undo', banner: null, newGame: false });
  const won = wonView();
  const beforeWin = makeView(won.moves.slice(0, -1).map((m) => [m.x, m.y]));
  assert.deepEqual(viewChange(beforeWin, won), { sound: 'win', banner: 'won', newGame: false });
  const draw = { ...three, status: { state: 'draw' } };
  assert.equal(viewChange(two, draw).banner, 'draw');
  assert.equal(viewChange(won, won).banner, null, 'no second banner for the same result');
  assert.deepEqual(viewChange(three, makeView([])), { sound: null, banner: null, newGame: true });
  assert.equal(viewChange(null, two).sound, null, 'no sound for the first snapshot');
});

test('older snapshots are dropped unless they restart the story', () => {
  const current = makeView([[7, 7]], { generation: 10 });
  assert.equal(shouldAcceptView(current, { ...current, generation: 9 }), false);
  assert.equal(shouldAcceptView(current, { ...current, generation: 10 }), true);
  assert.equal(shouldAcceptView(current, { ...current, generation: 11 }), true);
  assert.equal(shouldAcceptView(current, { ...current, generation: 1 }), false, 'overtaken by a newer event');
  assert.equal(shouldAcceptView(null, current), true);
  assert.equal(shouldAcceptView(current, null), false);
});

test('new-game settings come from the preferences; "play again" repeats the shown game', () => {
  const prefs = { ...SHARED.defaultPreferences, humanName: 'Zoe', humanColor: 'white', mode: 'humanVsAi', size: 19, rule: 'renju', level: 'master' };
  assert.deepEqual(newGameSettings(prefs), {
    size: 19, rule: 'renju', centreFirst: false, mode: 'humanVsAi', humanColor: 'white', level: 'master',
    names: { black: 'Black', white: 'Zoe' }, engine: null, opening: 'none',
    timeControl: { kind: 'none' }, flagWarns: false,
  });
  const timed = { ...prefs, timeControl: { kind: 'perMove', moveMs: 30_000 }, flagWarns: true };
  assert.deepEqual(
    [newGameSettings(timed).timeControl, newGameSettings(timed).flagWarns],
    [{ kind: 'perMove', moveMs: 30_000 }, true],
  );
  const hvh = { ...prefs, mode: 'humanVsHuman', names: { black: 'A', white: 'B' } };
  assert.deepEqual(newGameSettings(hvh).names, { black: 'A', white: 'B' });
  const view = makeView([], {
    players: { black: { name: 'AI · Easy', kind: 'ai', level: 'easy' }, white: { name: 'Zoe', kind: 'human' } },
    level: 'easy', size: 13,
  });
  assert.deepEqual(replaySettings(view, SHARED.defaultPreferences), {
    size: 13, rule: 'freestyle', centreFirst: false, mode: 'humanVsAi', humanColor: 'white', level: 'easy',
    names: { black: 'AI · Easy', white: 'Zoe' }, engine: null, opening: 'none',
    timeControl: { kind: 'none' }, flagWarns: false,
  });
  // After a swap2 opening where the responder took black, "play again" gives the players their
  // opening roles back: the person (now white) had opened.
  const swapped = makeView([], {
    players: { black: { name: 'AI · Easy', kind: 'ai', level: 'easy' }, white: { name: 'Zoe', kind: 'human' } },
    opening: { rule: 'swap2', black: 'responder', turn: null, stones: [] },
  });
  const again = replaySettings(swapped, SHARED.defaultPreferences);
  assert.equal(again.humanColor, 'black');
  assert.deepEqual(again.names, { black: 'Zoe', white: 'AI · Easy' });
  assert.equal(again.opening, 'swap2');
});

test('names never given are shown in the page language; nicknames as typed', () => {
  const hvh = makeView([], {
    mode: 'humanVsHuman',
    players: { black: { name: 'Black', kind: 'human' }, white: { name: 'White', kind: 'human' } },
  });
  assert.equal(deriveViewModel(hvh, zh).cards.black.name, '黑方');
  assert.equal(deriveViewModel(hvh, zh).cards.white.name, '白方');
  assert.equal(deriveViewModel(hvh, en).cards.white.name, 'White');
  assert.match(deriveViewModel(hvh, zh).statusText, /黑方/);
  const hva = makeView([], {
    players: { black: { name: 'Player', kind: 'human' }, white: { name: 'AI · Hard', kind: 'ai', level: 'hard' } },
  });
  assert.equal(deriveViewModel(hva, zh).cards.black.name, '玩家');
  assert.equal(deriveViewModel(hva, zh).cards.white.name, '电脑 · 困难');
  assert.equal(deriveViewModel(hva, en).cards.white.name, 'AI · Hard');
  assert.equal(deriveViewModel(makeView(), zh).cards.black.name, 'Alice');
});

test('an external engine plays under its own name; new games and replays keep it', () => {
  const view = makeView([[7, 7]], { engine: { id: 'e1', name: 'Rapfi' } });
  assert.equal(deriveViewModel(view, zh).cards.white.name, 'Rapfi');
  assert.match(deriveViewModel(view, en).statusText, /Rapfi/);
  assert.equal(replaySettings(view, SHARED.defaultPreferences).engine, 'e1');
  assert.equal(newGameSettings({ ...SHARED.defaultPreferences, engine: 'e2' }).engine, 'e2');
  assert.equal(errorMessage({ kind: 'engine', message: 'it stopped' }, en), 'Engine: it stopped');
});
